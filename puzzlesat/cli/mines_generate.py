"""`puzzlesat mines generate`: options in, puzzlesat.mines.generate.generate, boards out through the one writer loop."""

from __future__ import annotations

import json
import secrets

import click

from puzzlesat.cli.common import Env, format_option, jobs_option, jobs_or_all, quiet_option, resolve_format
from puzzlesat.cli.mines_play import first_click_option, first_move_cell, make_setup
from puzzlesat.cli.output import Presenter, write_all
from puzzlesat.mines.game import LEVELS
from puzzlesat.streams import to_json


@click.command()
@click.option("--level", type=click.Choice(list(LEVELS)), default=None,
              help="beginner 9x9/10, intermediate 16x16/40, expert 30x16/99 (the default: beginner).")
@click.option("--size", default=None, metavar="WxHxM", help="A custom board, e.g. 30x16x99 (instead of --level).")
@first_click_option()
@click.option("--first-move", default="corner", show_default=True, metavar="CELL",
              help="The cell the board is meant to be opened at: corner, center or ROW,COL (0-based).")
@click.option("--no-guess", is_flag=True,
              help="Only boards a perfect logical player wins from the first move without a guess, each proven "
                   "before it is written.")
@click.option("--total/--no-total", "use_total", default=True, show_default=True,
              help="With --no-guess: the player may count the mines left (--no-total: boards that need no guess "
                   "without the total either, as ms-toollib's checker demands).")
@click.option("--show-mines", is_flag=True,
              help="Pretty output: draw the whole layout (the mines too); without it the board is drawn as the "
                   "player first sees it, so that it can still be played.")
@click.option("-n", "--count", type=click.IntRange(min=1), default=1, show_default=True, help="How many boards.")
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="Board k of seed S is the same on every run (default: a new seed, written in each record).")
@jobs_option
@format_option(("pretty", "json", "jsonl", "mine"),
               help="pretty: the board drawn as the player first sees it (the default on a terminal; --show-mines: the layout); json: one indented JSON object (one "
                    "board; several: an array of them); jsonl: one JSON object per board (the default in a pipe); mine: the layout as "
                    "JSMinesweeper saves a game (.mine, mines ?, the first click opened), boards apart by a blank "
                    "line.")
@quiet_option
@click.pass_obj
def generate(env: Env, level, size, rules, first_move, no_guess, use_total, show_mines, count, seed, jobs,
             output_format) -> int:
    """Generate Minesweeper boards, random or (--no-guess) needing no guess.

    \b
    puzzlesat mines generate --level expert --no-guess
    puzzlesat mines generate --size 30x16x130 --no-guess --first-move center -n 10 -f jsonl
    puzzlesat mines generate --level intermediate --no-guess -f mine > board.mine

    A no-guess board is a random layout repaired where a logical solve from the first move gets stuck (mines
    moved so that a number decides its cells), then solved again from the start until one whole solve needs
    no repair: that solve, by puzzlesat's own counting (the total of mines included unless --no-total), is
    its proof. JSON records: width, height, mines ([row, col] each), first_click ([row, col]), rules, no_guess,
    needs_total (whether the proof needed the total; null for random boards), seed, index, time_ms.

    Exit status: 0 every board made, 1 some board could not be made (a size where no layout needs no guess,
    such as two rows and an odd number of mines), 2 usage error.
    """
    from puzzlesat.mines.generate import generate as make

    setup = make_setup(level, size, rules, no_guess)
    cell = first_move_cell(first_move, setup)
    fmt = resolve_format(output_format, env)
    if not no_guess and not use_total:
        raise click.UsageError("--no-total says what a no-guess board may ask of the player: give --no-guess too")
    seed = secrets.randbelow(2 ** 31) if seed is None else seed
    boards = make(setup, cell, count, seed, no_guess, use_total, jobs_or_all(jobs))
    progress = env.progress_bar(count, "boards") if fmt != "pretty" else None
    return write_all(env, boards, fmt, MadePresenter(show_mines), progress)


class MadePresenter(Presenter):
    """Generated boards (puzzlesat.mines.generate.Made) in each format; one that could not be made: its error."""

    unit = "board"

    def __init__(self, show_mines: bool = False):
        self.show_mines = show_mines

    def status(self, made) -> str:
        return "made" if made.board is not None else "failed"

    def failed(self, made) -> bool:
        return made.board is None

    def problem(self, made) -> str:
        return f"board {made.index}: {made.error}"

    def jsonl(self, made) -> str:
        if made.board is None:
            return to_json({"index": made.index, "error": made.error})
        return to_json(made.board.record())

    def json(self, made):
        return None if made.board is None else json.dumps(made.board.record(), indent=2)

    def mine(self, made):
        return None if made.board is None else made.board.mine_text()

    def pretty(self, made):
        if made.board is None:
            return None
        from puzzlesat.render.play import generated_view

        return generated_view(made.board, self.show_mines)

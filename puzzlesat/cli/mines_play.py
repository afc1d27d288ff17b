"""`puzzlesat mines simulate` and `puzzlesat mines replay`: win rates of strategies, and one game move by move.

The options that pick games (game_options, game_index_option) and their checks (make_setup, first_move_cell)
are shared with `puzzlesat mines play` (puzzlesat.cli.mines_game)."""

from __future__ import annotations

import json
from collections import Counter
from typing import List, NamedTuple

import click

from puzzlesat.cli.common import (
    Env,
    Interrupted,
    format_option,
    jobs_option,
    one_for_json,
    output_dir_option,
    pictures_only,
    quiet_option,
    resolve_format,
    scheduler_option,
    workers,
)
from puzzlesat.cli.output import Presenter, write_all
from puzzlesat.errors import SimulationInterrupted
from puzzlesat.mines.board import Position
from puzzlesat.mines.game import LEVELS, RULES, Setup, parse_cell, parse_size
from puzzlesat.mines.strategy import DEFAULT_STRATEGY, STRATEGIES
from puzzlesat.streams import to_json


def game_options(command):
    """The options that pick the games: level or size, rules, first move, strategy, seed."""
    options = [
        click.option("--level", type=click.Choice(list(LEVELS)), default=None,
                     help="beginner 9x9/10, intermediate 16x16/40, expert 30x16/99 (the default: beginner)."),
        click.option("--size", default=None, metavar="WxHxM", help="A custom board, e.g. 30x16x99 (instead of --level)."),
        first_click_option(),
        click.option("--first-move", default="corner", show_default=True, metavar="CELL",
                     help="The first cell opened: corner, center or ROW,COL (0-based)."),
        click.option("--strategy", type=click.Choice(list(STRATEGIES)), default=DEFAULT_STRATEGY, show_default=True,
                     help="minprob: lowest mine probability (the literature's baseline); lookahead: David Hill's "
                          "guess evaluation, one reveal ahead; longterm: lookahead with his long-term risk (a guess "
                          "that settles 50/50s to come counts more), the strongest, about 0.7x its speed; deeper: "
                          "lookahead's closest candidates judged three reveals ahead, about 2.6x slower."),
        click.option("--seed", type=int, default=0, show_default=True, help="Game k of seed S is the same on every run."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def game_index_option(command):
    """-g/--game: which game of the seed."""
    return click.option("-g", "--game", "index", type=click.IntRange(min=0), default=0, show_default=True,
                        help="The game's index in the simulation (0-based).")(command)


FIRST_CLICK_HELP = ("safe: the first click is never a mine; zero: it and its neighbours are mine-free (it opens "
                    "an area). Default: zero for a board that needs no guess (--no-guess), as no-guess generators "
                    "have it; safe otherwise, as Windows Minesweeper.")


def first_click_option():
    """--first-click: the rule that keeps the first click safe; one default everywhere (see rules_for)."""
    return click.option("--first-click", "rules", type=click.Choice(RULES), default=None, help=FIRST_CLICK_HELP)


def rules_for(rules, no_guess: bool = False) -> str:
    """The first-click rule asked for, or the default: zero for a no-guess board, else safe."""
    return rules or ("zero" if no_guess else "safe")


def make_setup(level, size, rules, no_guess: bool = False) -> Setup:
    """The board and rules from the options (rules None: the default, rules_for), or a usage error."""
    if level and size:
        raise click.UsageError("give --level or --size, not both")
    try:
        return parse_size(size or level or "beginner", rules_for(rules, no_guess))
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="'--size'" if size else "'--first-click'") from None


def first_move_cell(text: str, setup: Setup):
    """The first move as a cell, or a usage error."""
    try:
        return parse_cell(text, setup)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="'--first-move'") from None


@click.command()
@game_options
@click.option("-n", "--count", "--games", "games", type=click.IntRange(min=1), default=1000, show_default=True,
              help="Games to play (-n/--count is how many in every command: puzzles, boards, games).")
@jobs_option
@scheduler_option
@format_option(("pretty", "json", "jsonl", "line", "svg", "html"),
               help="pretty: a table (the default on a terminal); json: one indented JSON object; jsonl: the same "
                    "object on one line (the default in a pipe); line: games, wins, win rate and the 95% interval's "
                    "low and high end, tab-separated; svg: a picture of the win rate with its interval and a "
                    "histogram of guesses per game; html: that picture and the numbers on one page.")
@output_dir_option
@quiet_option
@click.pass_obj
def simulate(env: Env, level, size, rules, first_move, strategy, seed, games, jobs, scheduler, output_format,
             output_dir) -> int:
    """Play many games with a strategy and report its win rate with a 95% (Wilson) interval.

    \b
    puzzlesat mines simulate --level intermediate --games 500 --jobs 2
    puzzlesat mines simulate --size 8x8x10 --strategy minprob --format line
    puzzlesat mines simulate --games 200 --format svg > winrate.svg

    Game k of seed S has the same layout whatever --jobs is; `puzzlesat mines replay
    --seed S --game K` (same level, rules and strategy) shows it move by move.
    """
    from puzzlesat.mines.simulation import simulate as run
    from puzzlesat.render.play import interrupted_line

    setup = make_setup(level, size, rules)
    cell = first_move_cell(first_move, setup)
    fmt = resolve_format(output_format, env)
    pictures_only(fmt, output_dir)
    bar = env.progress_bar(games, "game", f"{strategy} {setup.level or setup.label()}", output_streams=False)
    stopped = None
    try:
        with workers(env, jobs, scheduler) as pool:
            summary = run(setup, strategy, games, seed, pool.jobs, cell,
                          progress=None if bar is None else _advance(bar), executor=pool.executor)
    except SimulationInterrupted as stop:
        stopped = stop.summary
    finally:
        if bar is not None:
            bar.close()
    if stopped is not None:  # say what was played (on stderr, as every interrupted run does), exit status 130
        env.note(interrupted_line(stopped.record()))
        raise Interrupted()
    return write_all(env, [summary], fmt, SummaryPresenter(), output_dir=output_dir)


def _advance(bar):
    """A function to call after each game: moves the bar on and shows the win rate so far."""
    counts = {"done": 0, "wins": 0}

    def advance(outcome) -> None:
        counts["done"] += 1
        counts["wins"] += outcome.won
        bar.update(counts["done"], counts["done"], f"won {counts['wins'] / counts['done']:.2%}")

    return advance


class SummaryPresenter(Presenter):
    """The summary of a simulation: one JSON object (indented, or on one line), one tab-separated line, or a table."""

    unit = "simulation"

    def json(self, summary) -> str:
        return json.dumps(summary.record(), indent=2)

    def jsonl(self, summary) -> str:
        return to_json(summary.record())

    def line(self, summary) -> str:
        return summary.line()

    def pretty(self, summary):
        from puzzlesat.render.play import summary_table

        return summary_table(summary.record())

    def svg(self, summary) -> str:
        from puzzlesat.render.svg.simulation import simulation_picture

        return simulation_picture([summary.record()])

    def section(self, summary):
        from puzzlesat.render.svg.simulation import simulation_section

        return simulation_section(summary.record())

    def page(self, sections: list, tally: Counter) -> str:
        from puzzlesat.render.svg.page import page

        return page("puzzlesat mines simulate", sections)


@click.command()
@game_options
@game_index_option
@click.option("--boards/--no-boards", default=True, show_default=True,
              help="Draw the board after every move (pretty output; the pictures always do).")
@format_option(("pretty", "json", "jsonl", "line", "svg", "html"),
               help="pretty: moves and boards (the default on a terminal); json: one indented JSON object, the game's "
                    "fields and its moves; jsonl: one JSON object per move (the default in a pipe); line: one line "
                    "per move: number, row,col, mine chance, cells revealed, state, tab-separated; svg: the board "
                    "after each move, the cell opened marked, one file per move in --output-dir; html: one page, "
                    "the game move by move (arrow keys, n and p).")
@output_dir_option
@quiet_option
@click.pass_obj
def replay(env: Env, level, size, rules, first_move, strategy, seed, index, boards, output_format,
           output_dir) -> int:
    """Play game K of seed S again and show it move by move.

    \b
    puzzlesat mines replay --level expert --seed 0 --game 17
    puzzlesat mines replay --seed 3 --game 5 --format jsonl | tail -1
    puzzlesat mines replay --seed 3 --game 5 --format html > game.html

    Exit status 0 whether the game was won or lost.
    """
    from puzzlesat.mines.simulation import replay as frames

    setup = make_setup(level, size, rules)
    cell = first_move_cell(first_move, setup)
    fmt = resolve_format(output_format, env)
    pictures_only(fmt, output_dir)
    moves = frames(setup, strategy, seed, index, cell)
    if fmt in ("json", "html"):  # one document: the whole game
        return write_all(env, [Replayed(setup, strategy, seed, index, cell, list(moves))], fmt, GamePresenter())
    heading = game_heading(setup, strategy, seed, index)
    if fmt == "pretty":
        env.console().print(heading)
    return write_all(env, one_for_json(moves, fmt, "move", output_dir), fmt, FramePresenter(boards, heading),
                     output_dir=output_dir)


class Replayed(NamedTuple):
    """A replayed game taken whole (json, html): what picks it, and its moves."""

    setup: Setup
    strategy: str
    seed: int
    index: int
    first_move: Position
    frames: List

    @property
    def heading(self) -> str:
        return game_heading(self.setup, self.strategy, self.seed, self.index)


def game_heading(setup: Setup, strategy: str, seed: int, index: int) -> str:
    """Which game a replay plays, in words."""
    return f"game {index} of seed {seed}: {setup.level or setup.label()}, {setup.rules} rules, {strategy}"


class FramePresenter(Presenter):
    """The moves of a replayed game: one JSON object each, the move and the board after it, or its picture."""

    unit = "move"

    def __init__(self, boards: bool, heading: str = ""):
        self.boards = boards
        self.heading = heading  # which game, for the pictures
        self.last = None
        self.guesses = 0

    def jsonl(self, frame) -> str:
        return to_json(frame.record())

    def line(self, frame) -> str:
        return frame.line()

    def pretty(self, frame):
        from rich.console import Group

        from puzzlesat.render.play import board_text, move_line

        record = frame.record()
        self.guesses += frame.guess
        self.last = frame
        parts = [move_line(record)]
        if self.boards or frame.state != "playing":
            parts.append(board_text(frame.rows, tuple(record["cell"])))
        return Group(*parts)

    def svg(self, frame) -> str:
        from puzzlesat.render.svg.mines import move_picture

        return move_picture(frame, self.heading)

    def summary(self, tally: Counter):
        from rich.text import Text

        last = self.last
        return Text(f"{last.state} after {last.number} moves, {self.guesses} of them guesses", style="bold")


class GamePresenter(Presenter):
    """A replayed game (Replayed) as one indented JSON document (simulation.game_record), or one HTML page that
    walks through it move by move."""

    unit = "game"

    def json(self, game: Replayed) -> str:
        from puzzlesat.mines.simulation import game_record

        return json.dumps(game_record(*game), indent=2)

    def section(self, game: Replayed):
        from puzzlesat.render.svg.mines import game_section

        return game_section(game.heading, game.frames)

    def page(self, sections: list, tally: Counter) -> str:
        from puzzlesat.render.svg.page import page

        return page("puzzlesat mines replay", sections)

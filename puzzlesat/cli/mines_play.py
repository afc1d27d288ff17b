"""`puzzlesat mines simulate` and `puzzlesat mines replay`: win rates of strategies, and one game move by move."""

from __future__ import annotations

import json

import click

from puzzlesat.cli.common import Env, resolve_format
from puzzlesat.mines.game import LEVELS, RULES, Setup, parse_cell, parse_size
from puzzlesat.mines.strategy import DEFAULT_STRATEGY, STRATEGIES


def _game_options(command):
    """The options that pick the games: level or size, rules, first move, strategy, seed."""
    options = [
        click.option("--level", type=click.Choice(list(LEVELS)), default=None,
                     help="beginner 9x9/10, intermediate 16x16/40, expert 30x16/99 (the default: beginner)."),
        click.option("--size", default=None, metavar="WxHxM", help="A custom board, e.g. 30x16x99 (instead of --level)."),
        click.option("--first-click", "rules", type=click.Choice(RULES), default="safe", show_default=True,
                     help="safe: the first click is never a mine; zero: it and its neighbours are mine-free."),
        click.option("--first-move", default="corner", show_default=True, metavar="CELL",
                     help="The first cell opened: corner, center or ROW,COL (0-based)."),
        click.option("--strategy", type=click.Choice(list(STRATEGIES)), default=DEFAULT_STRATEGY, show_default=True,
                     help="minprob: lowest mine probability (the literature's baseline); lookahead: the strongest."),
        click.option("--seed", type=int, default=0, show_default=True, help="Game k of seed S is the same on every run."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _setup(level, size, rules) -> Setup:
    """The board and rules from the options, or a usage error."""
    if level and size:
        raise click.UsageError("give --level or --size, not both")
    try:
        return parse_size(size or level or "beginner", rules)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="'--size'" if size else "'--first-click'") from None


def _first_move(text: str, setup: Setup):
    """The first move as a cell, or a usage error."""
    try:
        return parse_cell(text, setup)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="'--first-move'") from None


@click.command()
@_game_options
@click.option("-n", "--games", type=click.IntRange(min=1), default=1000, show_default=True, help="Games to play.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes; the result does not depend on it.")
@click.option("-f", "--format", "output_format", type=click.Choice(("auto", "pretty", "json")), default="auto",
              show_default=True, help="pretty: a table (the default on a terminal); json: one object (in a pipe).")
def simulate(level, size, rules, first_move, strategy, seed, games, jobs, output_format) -> None:
    """Play many games with a strategy and report its win rate with a 95% (Wilson) interval.

    \b
    puzzlesat mines simulate --level expert --games 5000 --jobs 2
    puzzlesat mines simulate --size 8x8x10 --strategy minprob --format json

    Game k of seed S has the same layout whatever --jobs is; `puzzlesat mines replay
    --seed S --game K` (same level, rules and strategy) shows it move by move.
    """
    from puzzlesat.mines.simulate import simulate as run

    env = Env()
    setup = _setup(level, size, rules)
    cell = _first_move(first_move, setup)
    fmt = resolve_format(output_format, env, pretty="pretty", plain="json")
    if env.stderr_isatty:
        from puzzlesat.render.mines_play import progress_bar

        with progress_bar(env.console(stderr=True), games, f"{strategy} {setup.level or setup.label()}") as advance:
            summary = run(setup, strategy, games, seed, jobs, cell, progress=lambda outcome: advance(outcome.won))
    else:
        summary = run(setup, strategy, games, seed, jobs, cell)
    record = summary.record()
    if fmt == "json":
        click.echo(json.dumps(record), file=env.stdout)
    else:
        from puzzlesat.render.mines_play import summary_table

        env.console().print(summary_table(record))


@click.command()
@_game_options
@click.option("-g", "--game", "index", type=click.IntRange(min=0), default=0, show_default=True,
              help="The game's index in the simulation (0-based).")
@click.option("--boards/--no-boards", default=True, show_default=True, help="Draw the board after every move.")
@click.option("-f", "--format", "output_format", type=click.Choice(("auto", "pretty", "jsonl")), default="auto",
              show_default=True, help="pretty: moves and boards (on a terminal); jsonl: one object per move (in a pipe).")
def replay(level, size, rules, first_move, strategy, seed, index, boards, output_format) -> None:
    """Play game K of seed S again and show it move by move.

    \b
    puzzlesat mines replay --level expert --seed 0 --game 17
    puzzlesat mines replay --seed 3 --game 5 --format jsonl | tail -1

    Exit status 0 whether the game was won or lost.
    """
    from puzzlesat.mines.simulate import replay as steps_of
    from puzzlesat.streams import to_json

    env = Env()
    setup = _setup(level, size, rules)
    cell = _first_move(first_move, setup)
    fmt = resolve_format(output_format, env)
    steps = steps_of(setup, strategy, seed, index, cell)
    if fmt == "jsonl":
        for step in steps:
            click.echo(to_json(step.record()), file=env.stdout)
        return
    from puzzlesat.render.mines_play import board_text, move_line

    console = env.console()
    console.print(f"game {index} of seed {seed}: {setup.level or setup.label()}, {setup.rules} rules, {strategy}")
    last, guesses = None, 0
    for step in steps:
        record = step.record()
        guesses += step.guess
        console.print(move_line(record))
        if boards or step.state != "playing":
            console.print(board_text(step.rows, tuple(record["cell"])))
        last = step
    if last is not None:
        console.print(f"{last.state} after {last.number} moves, {guesses} of them guesses", style="bold")

"""`puzzlesat sudoku generate`: new puzzles with unique solutions proven by SAT, each with its rating."""

from __future__ import annotations

import json

import click

from puzzlesat.cli.common import Env, format_option, quiet_option, resolve_format
from puzzlesat.cli.output import Presenter, write_all
from puzzlesat.streams import to_json
from puzzlesat.sudoku.logic.rating import LEVELS


@click.command()
@click.option("--size", type=int, default=9, show_default=True, metavar="SIDE",
              help="Side of the grid: 4, 6, 8, 9, 10, 12, 16, ... (boxes as in `puzzlesat sudoku`).")
@click.option("-n", "--count", type=click.IntRange(min=1), default=1, show_default=True, help="How many puzzles.")
@click.option("--seed", type=int, default=None, help="Random seed: the same seed gives the same puzzles.")
@click.option("--difficulty", type=click.Choice(("any",) + LEVELS), default="any", show_default=True,
              help="The deduction level each puzzle must need (see `--rate` of `puzzlesat sudoku`); the levels "
                   "above singles dig every given, as --minimal does.")
@click.option("--minimal", is_flag=True, help="No given can be removed without losing uniqueness.")
@click.option("--symmetric", is_flag=True, help="Givens symmetric through the centre (minimal then means: no pair).")
@click.option("--attempts", type=click.IntRange(min=1), default=200, show_default=True, metavar="N",
              help="Grids to try per puzzle before giving up on a difficulty.")
@click.option("--solution", "show_solution", is_flag=True,
              help="Also show the solution: beside the puzzle (pretty), in the record (json, jsonl), after a tab (line).")
@format_option(("pretty", "json", "jsonl", "line"),
               help="pretty: grids with ratings (the default on a terminal); json: one indented JSON object (one "
                    "puzzle); jsonl: one JSON object per puzzle (the default in a pipe); line: one puzzle per line, "
                    "ready for `puzzlesat sudoku` (with --solution: the puzzle, a tab, its solution).")
@quiet_option
@click.pass_obj
def generate(env: Env, size, count, seed, difficulty, minimal, symmetric, attempts, show_solution, output_format) -> int:
    """Generate Sudoku puzzles whose unique solution SAT proves, each rated.

    \b
    puzzlesat sudoku generate --count 5 --seed 1
    puzzlesat sudoku generate --size 16 --minimal --format line > new16.txt
    puzzlesat sudoku generate --difficulty probing --minimal --symmetric

    Exit status: 0 all puzzles made, 1 a difficulty was not reached within --attempts, 2 usage error.
    """
    from puzzlesat.sudoku.generator import Generator

    fmt = resolve_format(output_format, env)
    if fmt == "json" and count > 1:
        raise click.UsageError("--format json writes one puzzle; --count asks for more (use --format jsonl for one "
                               "JSON line per puzzle)")
    generator = Generator(size, seed, difficulty, minimal, symmetric, attempts)
    try:
        made = ((number, generator.generate()) for number in range(1, count + 1))
        progress = env.progress_bar(count, "puzzle") if fmt != "pretty" else None
        return write_all(env, made, fmt, GeneratedPresenter(show_solution), progress)
    finally:
        generator.close()


class GeneratedPresenter(Presenter):
    """New puzzles (number, Generated) in each format."""

    flush_each = True  # each puzzle can take a while: show it as soon as it exists
    unit = "puzzle"

    def status(self, made) -> str:
        return "made"

    def __init__(self, show_solution: bool):
        self.show_solution = show_solution

    def record(self, made) -> dict:
        """The JSON record of one new puzzle."""
        _, generated = made
        record = {"puzzle": generated.puzzle.to_line(), "givens": generated.givens,
                  "rating": generated.rating.as_dict() if generated.rating else None}
        if self.show_solution:
            record["solution"] = generated.puzzle.format_values(generated.solution)
        return record

    def jsonl(self, made) -> str:
        return to_json(self.record(made))

    def json(self, made) -> str:
        return json.dumps(self.record(made), indent=2)

    def line(self, made) -> str:
        generated = made[1]
        if self.show_solution:
            return f"{generated.puzzle.to_line()}\t{generated.puzzle.format_values(generated.solution)}"
        return generated.puzzle.to_line()

    def pretty(self, made):
        from puzzlesat.render.sudoku import generated_view

        return generated_view(*made, self.show_solution)

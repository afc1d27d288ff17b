"""`puzzlesat sudoku generate`: new puzzles with unique solutions proven by SAT, each with its rating."""

from __future__ import annotations

import click

from puzzlesat.cli.common import Env, format_option, quiet_option, resolve_format
from puzzlesat.cli.output import Presenter, write_all
from puzzlesat.streams import to_json
from puzzlesat.sudoku.rating import LEVELS


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
@click.option("--solution", "show_solution", is_flag=True, help="Also show the solution: beside the puzzle (pretty), or in the record (jsonl).")
@format_option(("pretty", "jsonl", "line"),
               help="pretty: grids with ratings (the default on a terminal); jsonl: one JSON object per puzzle "
                    "(the default in a pipe); line: one puzzle per line, ready for `puzzlesat sudoku`.")
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

    generator = Generator(size, seed, difficulty, minimal, symmetric, attempts)
    try:
        made = ((number, generator.generate()) for number in range(1, count + 1))
        fmt = resolve_format(output_format, env)
        progress = env.progress_bar(count, "puzzles") if fmt != "pretty" else None
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

    def jsonl(self, made) -> str:
        _, generated = made
        record = {"puzzle": generated.puzzle.to_line(), "givens": generated.givens,
                  "rating": generated.rating.as_dict() if generated.rating else None}
        if self.show_solution:
            record["solution"] = generated.puzzle.format_values(generated.solution)
        return to_json(record)

    def line(self, made) -> str:
        return made[1].puzzle.to_line()

    def pretty(self, made):
        from puzzlesat.render.sudoku import generated_view

        return generated_view(*made, self.show_solution)

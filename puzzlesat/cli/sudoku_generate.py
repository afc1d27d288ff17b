"""`puzzlesat sudoku generate`: new puzzles with unique solutions proven by SAT, each with its rating."""

from __future__ import annotations

import click

from puzzlesat.cli.common import Env, ExitStatus, resolve_format
from puzzlesat.streams import to_json

FORMATS = ("auto", "pretty", "jsonl", "line")
DIFFICULTIES = ("any", "singles", "reduction", "probing", "search")


@click.command()
@click.option("--size", type=int, default=9, show_default=True, metavar="SIDE",
              help="Side of the grid: 4, 6, 8, 9, 10, 12, 16, ... (boxes as in `puzzlesat sudoku`).")
@click.option("-n", "--count", type=click.IntRange(min=1), default=1, show_default=True, help="How many puzzles.")
@click.option("--seed", type=int, default=None, help="Random seed: the same seed gives the same puzzles.")
@click.option("--difficulty", type=click.Choice(DIFFICULTIES), default="any", show_default=True,
              help="The deduction level each puzzle must need (see `--rate` of `puzzlesat sudoku`); the levels "
                   "above singles dig every given, as --minimal does.")
@click.option("--minimal", is_flag=True, help="No given can be removed without losing uniqueness.")
@click.option("--symmetric", is_flag=True, help="Givens symmetric through the centre (minimal then means: no pair).")
@click.option("--attempts", type=click.IntRange(min=1), default=200, show_default=True, metavar="N",
              help="Grids to try per puzzle before giving up on a difficulty.")
@click.option("--solution", "show_solution", is_flag=True, help="Also show the solution (pretty) or add it (jsonl).")
@click.option("-f", "--format", "output_format", type=click.Choice(FORMATS), default="auto", show_default=True,
              help="pretty: grids with ratings (the default on a terminal); jsonl: one JSON object per puzzle "
                   "(the default in a pipe); line: one puzzle per line, ready for `puzzlesat sudoku`.")
@click.pass_context
def generate(ctx: click.Context, size, count, seed, difficulty, minimal, symmetric, attempts, show_solution,
             output_format) -> None:
    """Generate Sudoku puzzles whose unique solution SAT proves, each rated.

    \b
    puzzlesat sudoku generate --count 5 --seed 1
    puzzlesat sudoku generate --size 16 --minimal --format line > new16.txt
    puzzlesat sudoku generate --difficulty probing --minimal --symmetric

    Exit status: 0 all puzzles made, 1 a difficulty was not reached within --attempts, 2 usage error.
    """
    from puzzlesat.sudoku.generate import GenerationError, Generator
    from puzzlesat.sudoku.grid import PuzzleError

    env = Env()
    try:
        generator = Generator(size, seed, difficulty, minimal, symmetric, attempts)
    except PuzzleError as error:
        raise click.UsageError(str(error)) from None
    fmt = resolve_format(output_format, env)
    write = _writer(fmt, env, show_solution)
    try:
        for number in range(1, count + 1):
            write(number, generator.generate())
    except GenerationError as error:
        env.error(f"{error} (more --attempts, or --minimal, may help)")
        ctx.exit(ExitStatus.FAILED)
    finally:
        generator.close()
    ctx.exit(ExitStatus.OK)


def _writer(fmt: str, env: Env, show_solution: bool):
    """A function writing one generated puzzle in the chosen format."""
    if fmt == "pretty":
        from puzzlesat.render.sudoku_explain import generated_view

        console = env.console()
        return lambda number, generated: console.print(generated_view(number, generated, show_solution))
    if fmt == "line":
        return lambda number, generated: env.stdout.write(generated.puzzle.to_line() + "\n")

    def jsonl(number: int, generated) -> None:
        record = {"puzzle": generated.puzzle.to_line(), "givens": generated.givens,
                  "rating": generated.rating.as_dict() if generated.rating else None}
        if show_solution:
            record["solution"] = generated.puzzle.format_values(generated.solution)
        env.stdout.write(to_json(record) + "\n")
        env.stdout.flush()

    return jsonl

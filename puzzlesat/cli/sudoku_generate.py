"""`puzzlesat sudoku generate`: new puzzles with unique solutions proven by SAT, each with its rating."""

from __future__ import annotations

import json

import click

from puzzlesat.cli.common import Env, checked_by, format_option, output_dir_option, quiet_option, resolve_format
from puzzlesat.cli.output import Presenter, write_all
from puzzlesat.errors import TargetError
from puzzlesat.streams import to_json
from puzzlesat.sudoku.logic.catalogue import TECHNIQUES, find_technique
from puzzlesat.sudoku.logic.rating import LEVELS
from puzzlesat.sudoku.target import parse_band


def _technique_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """The technique names that start with what is typed (shell completion)."""
    return [t.name for t in TECHNIQUES if t.name.casefold().startswith(incomplete.casefold())]


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
@click.option("--er", "band", metavar="LOW-HIGH", callback=checked_by(parse_band),
              help="Each puzzle's SE rating (ER, as `puzzlesat sudoku --rate` gives it) in this band: 6-6.9, 9+ "
                   "(9.0 and up), 2.3- (up to 2.3) or one value (7.1). Puzzles are dug minimal; 9+ is about 1 in 600 "
                   "of them (seconds each). Sizes 4 to 12.")
@click.option("--technique", metavar="NAME", callback=checked_by(find_technique), shell_complete=_technique_names,
              help="Each puzzle's path uses NAME (as --explain names steps, less the pattern code: X-Wing, Skyscraper, "
                   "XY-Wing, Nishio, Naked Pair; any case, or a prefix only it has) and no step is harder than its "
                   "hardest NAME step, so its ER is NAME's. Chains grow harder with their length: the other steps may be "
                   "as hard as the longest NAME chain. With --er, both hold.")
@click.option("--attempts", type=click.IntRange(min=1), default=None, metavar="N",
              help="Grids to try per puzzle before giving up on a difficulty (default 200), band or technique "
                   "(default 20,000).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None, metavar="SECONDS",
              help="CPU seconds to spend per puzzle before giving up on a difficulty, band or technique.")
@click.option("--solution", "show_solution", is_flag=True,
              help="Also show the solution: beside the puzzle (pretty), in the record (json, jsonl), after a tab (line).")
@format_option(("pretty", "json", "jsonl", "line", "svg", "html"),
               help="pretty: grids with ratings (the default on a terminal); json: one indented JSON object (one "
                    "puzzle; several: an array of them); jsonl: one JSON object per puzzle (the default in a pipe); line: one puzzle per line, "
                    "ready for `puzzlesat sudoku` (with --solution: the puzzle, a tab, its solution); svg: one "
                    "puzzle's picture (with --solution beside its solution; with --output-dir one file per puzzle); "
                    "html: one page with every puzzle.")
@output_dir_option
@quiet_option
@click.pass_obj
def generate(env: Env, size, count, seed, difficulty, minimal, symmetric, band, technique, attempts, timeout,
             show_solution, output_format, output_dir) -> int:
    """Generate Sudoku puzzles whose unique solution SAT proves, each rated.

    \b
    puzzlesat sudoku generate --count 5 --seed 1
    puzzlesat sudoku generate --size 16 --minimal --format line > new16.txt
    puzzlesat sudoku generate --difficulty probing --minimal --symmetric
    puzzlesat sudoku generate --er 6-6.9 --count 10 -f line
    puzzlesat sudoku generate --technique x-wing --count 5
    puzzlesat sudoku generate --er 9+ --attempts 100000 --timeout 600

    Exit status: 0 all puzzles made, 1 a difficulty, band or technique was not reached within --attempts or
    --timeout, 2 usage error.
    """
    from puzzlesat.sudoku.generator import Generator

    fmt = resolve_format(output_format, env)
    if fmt == "svg" and count > 1 and output_dir is None:
        raise click.UsageError("--format svg writes one puzzle's picture to standard output; --count asks for more "
                               "(use --output-dir DIR for one file per puzzle, or --format html for one page)")
    if output_dir is not None and fmt != "svg":
        raise click.UsageError("--output-dir goes with --format svg (one picture file per puzzle)")
    if difficulty != "any" and (band or technique):
        raise click.UsageError("--difficulty (a level) and --er or --technique (SE's scale) choose puzzles two "
                               "different ways: use one")
    try:
        generator = Generator(size, seed, difficulty, minimal, symmetric, attempts, er=band, technique=technique,
                              timeout=timeout)
    except TargetError as error:
        raise click.UsageError(str(error)) from None
    try:
        made = ((number, generator.generate()) for number in range(1, count + 1))
        progress = env.progress_bar(count, "puzzle") if fmt != "pretty" else None
        return write_all(env, made, fmt, GeneratedPresenter(show_solution), progress, output_dir)
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
        self.ratings: list = []  # the ERs of the page's puzzles, for its histogram

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

    def svg(self, made) -> str:
        from puzzlesat.render.svg.sudoku_answers import generated_svg

        return generated_svg(*made, self.show_solution)

    def section(self, made):
        from puzzlesat.render.svg.sudoku_answers import generated_section

        rating = made[1].rating
        if rating is not None and rating.er is not None:
            self.ratings.append(rating.er)
        return generated_section(*made, self.show_solution)

    def page(self, sections: list, tally) -> str:
        from puzzlesat.render.svg.sudoku_answers import generated_page

        return generated_page(sections, self.ratings)

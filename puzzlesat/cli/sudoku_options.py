"""The options of `puzzlesat sudoku`'s verbs, in groups that several verbs share (as decorators), and the few
that one verb owns. Each group is the list of its click options, so a verb takes exactly the groups it needs."""

from __future__ import annotations

from typing import Callable, Optional

import click

from puzzlesat.cli.common import checked_by, format_option, jobs_option, output_dir_option, quiet_option, scheduler_option
from puzzlesat.errors import PuzzlesatError
from puzzlesat.sat import DEFAULT_SOLVER, available_solvers, check_solver
from puzzlesat.sudoku.logic.steps import REVEALS
from puzzlesat.sudoku.logic.techniques import ENGINES, FAMILIES
from puzzlesat.sudoku.model.grid import Shape
from puzzlesat.sudoku.reading.alphabets import checked_alphabet
from puzzlesat.sudoku.reading.reader import INPUT_FORMATS
from puzzlesat.sudoku.solving.encode import DEFAULT_ENCODING, ENCODINGS

FORMATS = ("pretty", "json", "jsonl", "line", "fpuzzles", "svg", "html")
FORMAT_HELP = ("pretty: grids (the default on a terminal); json: one indented JSON object (one puzzle; several: an "
               "array of them); jsonl: one "
               "JSON object per puzzle (the default in a pipe); line: one solution string per puzzle; fpuzzles: one "
               "f-puzzles link per puzzle, its rules and (when solved) its solution included; svg: one puzzle's "
               "picture (the solved grid, the hint, the candidates, two solutions; with --output-dir one file per "
               "puzzle); html: one page with every puzzle's picture and data (an explanation as a walk-through).")


class SolverName(click.ParamType):
    """A PySAT solver that works in this install: listed in --help and completed by the shell, probed only then."""

    name = "solver"

    def get_metavar(self, param: click.Parameter, ctx: Optional[click.Context] = None) -> str:
        return "NAME"

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
        from click.shell_completion import CompletionItem

        return [CompletionItem(name) for name in available_solvers() if name.startswith(incomplete)]

    def convert(self, value, param, ctx) -> str:
        try:
            return check_solver(value)
        except PuzzlesatError as error:
            self.fail(str(error), param, ctx)


class SolverOption(click.Option):
    """--solver, whose help lists the solvers this install has (probed when the help is shown)."""

    def get_help_record(self, ctx: click.Context):
        self.help = f"The PySAT solver: {', '.join(available_solvers())} (those that work in this install)."
        return super().get_help_record(ctx)


def group(*decorators: Callable) -> Callable:
    """One decorator that applies several, the first listed the first shown."""
    def apply(command):
        for decorator in reversed(decorators):
            command = decorator(command)
        return command
    apply.decorators = decorators
    return apply


# ---- what every verb reads ------------------------------------------------------------------------------------

reading_options = group(
    click.argument("files", nargs=-1, type=click.Path(dir_okay=True, allow_dash=True)),
    click.option("--input-format", type=click.Choice(INPUT_FORMATS), default="auto", show_default=True,
                 help="How FILES are laid out: auto finds out line by line; line: one puzzle per line (fields "
                      "allowed); grid: grids over several lines; csv: a header names the puzzle column; jsonl: "
                      "records with a \"puzzle\" field."),
    click.option("--size", type=int, default=None, metavar="SIDE",
                 callback=checked_by(lambda side: Shape.of_side(side).side),
                 help="Force the side length (e.g. 16) instead of inferring it from the number of cells."),
    click.option("--alphabet", default=None, metavar="SYMBOLS", callback=checked_by(checked_alphabet),
                 help="Symbols to use instead of 1-9A-Z, one per value (e.g. ABCDEFGHIJKLMNOPQRSTUVWXY for 25x25); "
                      "their number is the side."),
    click.option("--variant", "variants", multiple=True, metavar="NAME",
                 help="Variant rules (repeatable): diagonal, windoku, anti-king, anti-knight, chess:OFFSETS[;vDIGITS] "
                      "(no repeat a move of those row,column offsets apart, or only the digits after v: chess:1,3, "
                      "'chess:1,1;1,2;v1,3,5'), taxicab:N (no repeat N steps apart along rows and columns), "
                      "self-taxicab (no d at taxicab distance d from another d), diagonal-nonconsecutive, "
                      "disjoint-groups, disjoint-offset:N[,N...] (the disjoint groups of the N-th cell of every "
                      "region), jigsaw (with --regions), killer (with --cages). Rangsk's console names work too "
                      "(knight, taxi:3, selftaxi, dnc, djg, disjointoffset:5)."),
    click.option("--regions", type=click.Path(dir_okay=False, allow_dash=True), default=None, metavar="FILE",
                 help="Jigsaw region map: one label per cell, each label one region."),
    click.option("--cages", type=click.Path(dir_okay=False, allow_dash=True), default=None, metavar="FILE",
                 help="Killer cages: one per line, 'SUM r1c1 r1c2 ...'."),
    click.option("--offline", is_flag=True, envvar="PUZZLESAT_OFFLINE",
                 help="Never go online: a SudokuPad short link (sudokupad.app/abc123) is read from the cache of "
                      "links fetched before (also PUZZLESAT_OFFLINE=1)."),
)

encoding_option = click.option(
    "--encoding", type=click.Choice(ENCODINGS), default=DEFAULT_ENCODING, show_default=True,
    help="extended: cell and group constraints both ways (fast); minimal: at-least-one per cell and at-most-one per "
         "group only.")

# ---- how every verb that solves solves, and what it writes ------------------------------------------------------

solving_options = group(
    click.option("--unique/--no-unique", default=True, show_default=True,
                 help="Prove the solution unique (a second solve with the first blocked); --no-unique skips it for "
                      "speed."),
    encoding_option,
    click.option("--solver", cls=SolverOption, type=SolverName(), default=DEFAULT_SOLVER, show_default=True),
    click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None, metavar="SECONDS",
                 help="Give up on a puzzle after this long (status 'timeout'); the rest go on."),
    click.option("--conflicts", type=click.IntRange(min=1), default=None, metavar="N",
                 help="Give up on a puzzle after N solver conflicts: a timeout that is the same on every machine."),
)

output_options = group(
    format_option(FORMATS, help=FORMAT_HELP),
    output_dir_option,
    jobs_option,
    scheduler_option,
    quiet_option,
)

engine_option = click.option(
    "--engine", type=click.Choice(ENGINES), default=None,
    help="The techniques: se, Sudoku Explainer's (exact SE ratings; classic rules and extra groups); general, for "
         "every constraint (the default for variants).")
disable_option = click.option(
    "--disable", "disabled", multiple=True, type=click.Choice([*FAMILIES, "search"]), metavar="FAMILY",
    help=f"Switch a family of techniques off (repeatable): {', '.join([*FAMILIES, 'search'])}.")
technique_options = group(engine_option, disable_option)

# ---- options one verb owns (the old flags of `puzzlesat sudoku` name the same) ------------------------------

count_option = click.option("-n", "--count", type=click.IntRange(min=1), default=None, metavar="N",
                            help="Count solutions, up to N.")
effort_option = click.option("--effort", is_flag=True,
                             help="Also rate by effort (score), with Chen's complexity, the deduction level and the "
                                  "search measures (with the old flags it implies --rate; slower: on easy puzzles "
                                  "most of the time).")
reveal_option = click.option("--reveal", type=click.Choice(REVEALS), default=None,
                             help="How much a hint shows (with the old flags it implies --hint): technique, only its "
                                  "name (HoDoKu's vague hint); cells, also where to look; step, the whole step (the "
                                  "default).")
start_grid_option = click.option("--candidates", is_flag=True,
                                 help="Show the candidate grid a hint or explanation starts from (pencil marks, as "
                                      "HoDoKu writes them; beyond 9x9 a small grid per cell; JSON: 'candidates').")
logical_option = click.option("--logical", is_flag=True,
                              help="With true candidates: also the candidates the techniques alone leave, and those "
                                   "of them no solution has (JSON: 'logical_candidates', 'beyond_logic').")
redundant_option = click.option("--redundant", is_flag=True,
                                help="For a unique puzzle, the givens and constraints each of which could be removed "
                                     "with the solution staying unique (JSON: 'redundant_givens', "
                                     "'redundant_constraints').")


def common_options() -> list:
    """The click options shared by the verbs (for `puzzlesat sudoku --help`)."""
    holder = click.Command("holder")
    for decorator in (technique_options, output_options, solving_options, reading_options):
        decorator(holder)  # (each appends its options last first)
    return [param for param in reversed(holder.params) if isinstance(param, click.Option)]

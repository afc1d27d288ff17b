"""`puzzlesat sudoku solve`: options in, puzzlesat.sudoku.batch.answers, answers out through the one writer loop."""

from __future__ import annotations

import json
import os
from collections import Counter
from contextlib import closing
from typing import Iterator, Optional

import click

from puzzlesat.cli.common import (
    Env,
    ExitStatus,
    format_option,
    jobs_option,
    one_for_json,
    output_dir_option,
    quiet_option,
    resolve_format,
    scheduler_option,
    workers,
)
from puzzlesat.cli.output import Presenter, write_all
from puzzlesat.errors import PuzzlesatError, VariantError
from puzzlesat.sat import DEFAULT_SOLVER, available_solvers, check_solver
from puzzlesat.streams import Line, check_paths, count_lines, read_lines, source_name
from puzzlesat.sudoku.batch import Answer, SolveOptions, answers
from puzzlesat.sudoku.solving.encode import DEFAULT_ENCODING, ENCODINGS
from puzzlesat.sudoku.reading.alphabets import checked_alphabet
from puzzlesat.sudoku.model.grid import Shape
from puzzlesat.sudoku.reading.reader import INPUT_FORMATS, Reader
from puzzlesat.sudoku.report import fpuzzles_export, json_line, line_text, plain, plain_json_line, to_record
from puzzlesat.sudoku.solving.solver import Status
from puzzlesat.sudoku.logic.steps import REVEALS
from puzzlesat.sudoku.logic.techniques import ENGINES, FAMILIES


def _variant(variants, regions, cages, env: Env):
    """The --variant/--regions/--cages rules, or None (their modules imported only when asked for)."""
    if not (variants or regions or cages):
        return None
    from puzzlesat.sudoku.reading.variant_files import load_variant

    return load_variant(variants, regions, cages, env.stdin)


def _checked(check):
    """A click callback that runs a library check on an option's value; its error becomes a usage error."""
    def callback(ctx: click.Context, param: click.Parameter, value):
        if value is None:
            return None
        try:
            return check(value)
        except PuzzlesatError as error:
            raise click.BadParameter(str(error)) from None
    return callback


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


@click.command()
@click.argument("files", nargs=-1, type=click.Path(dir_okay=True, allow_dash=True))
@format_option(("pretty", "json", "jsonl", "line", "fpuzzles", "svg", "html"),
               help="pretty: grids (the default on a terminal); json: one indented JSON object (one puzzle; several: an array of them); jsonl: "
                    "one JSON object per puzzle (the default in a pipe); line: one solution string per puzzle; "
                    "fpuzzles: one f-puzzles link per puzzle, its rules and (when solved) its solution included; "
                    "svg: one puzzle's picture (the solved grid, the hint, the candidates, two solutions; with "
                    "--output-dir one file per puzzle); html: one page with every puzzle's picture and data (an "
                    "explanation as a walk-through).")
@click.option("--unique/--no-unique", default=True, show_default=True,
              help="Prove the solution unique (a second solve with the first blocked); --no-unique skips it for speed.")
@click.option("-n", "--count", type=click.IntRange(min=1), default=None, metavar="N",
              help="Count solutions, up to N.")
@click.option("--encoding", type=click.Choice(ENCODINGS), default=DEFAULT_ENCODING, show_default=True,
              help="extended: cell and group constraints both ways (fast); minimal: at-least-one per cell and "
                   "at-most-one per group only.")
@click.option("--solver", cls=SolverOption, type=SolverName(), default=DEFAULT_SOLVER, show_default=True)
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None, metavar="SECONDS",
              help="Give up on a puzzle after this long (status 'timeout'); the rest go on.")
@click.option("--conflicts", type=click.IntRange(min=1), default=None, metavar="N",
              help="Give up on a puzzle after N solver conflicts: a timeout that is the same on every machine.")
@click.option("--input-format", type=click.Choice(INPUT_FORMATS), default="auto", show_default=True,
              help="How FILES are laid out: auto finds out line by line; line: one puzzle per line (fields "
                   "allowed); grid: grids over several lines; csv: a header names the puzzle column; jsonl: "
                   "records with a \"puzzle\" field.")
@click.option("--size", type=int, default=None, metavar="SIDE", callback=_checked(lambda side: Shape.of_side(side).side),
              help="Force the side length (e.g. 16) instead of inferring it from the number of cells.")
@click.option("--alphabet", default=None, metavar="SYMBOLS", callback=_checked(checked_alphabet),
              help="Symbols to use instead of 1-9A-Z, one per value (e.g. ABCDEFGHIJKLMNOPQRSTUVWXY for 25x25); "
                   "their number is the side.")
@output_dir_option
@jobs_option
@scheduler_option
@quiet_option
@click.option("--dimacs", is_flag=True, help="Write the CNF of the (single) puzzle in DIMACS format instead of solving.")
@click.option("--rate", is_flag=True, help="Rate each puzzle on Sudoku Explainer's scale (ER/EP/ED, the hardest "
                                           "technique, SE's analysis; JSON: 'rating').")
@click.option("--effort", is_flag=True, help="Also rate by effort (score), with Chen's complexity, the deduction "
                                             "level and the search measures (implies --rate; slower: on easy "
                                             "puzzles most of the time).")
@click.option("--explain", is_flag=True, help="Show the steps a person can take, Sudoku Explainer's way (simplest "
                                              "technique first, chains included), to the end.")
@click.option("--hint", is_flag=True, help="Show only the next step: the simplest one there is.")
@click.option("--reveal", type=click.Choice(REVEALS), default=None,
              help="How much a hint shows (implies --hint): technique, only its name (HoDoKu's vague hint); cells, "
                   "also where to look; step, the whole step (the default).")
@click.option("--candidates", is_flag=True, help="With --hint or --explain: show the candidate grid they start "
                                                 "from (pencil marks, as HoDoKu writes them; beyond 9x9 a small grid "
                                                 "per cell; JSON: 'candidates').")
@click.option("--true-candidates", "true_candidates", is_flag=True,
              help="Every cell's true candidates: the digits some solution puts there (a pencil-mark grid; JSON: "
                   "'true_candidates', one string per cell).")
@click.option("--logical", is_flag=True,
              help="With --true-candidates: also the candidates the techniques alone leave, and those of them no "
                   "solution has (JSON: 'logical_candidates', 'beyond_logic').")
@click.option("--engine", type=click.Choice(ENGINES), default=None,
              help="The techniques for --explain, --hint, --rate and --logical: se, Sudoku Explainer's (exact SE "
                   "ratings; classic rules and extra groups); general, for every constraint (the default for "
                   "variants).")
@click.option("--disable", "disabled", multiple=True, type=click.Choice([*FAMILIES, "search"]), metavar="FAMILY",
              help=f"Switch a family of techniques off (repeatable): {', '.join([*FAMILIES, 'search'])}.")
@click.option("--redundant", is_flag=True,
              help="For a unique puzzle, the givens and constraints each of which could be removed with the "
                   "solution staying unique (JSON: 'redundant_givens', 'redundant_constraints').")
@click.option("--variant", "variants", multiple=True, metavar="NAME",
              help="Variant rules (repeatable): diagonal, windoku, anti-king, anti-knight, chess:OFFSETS[;vDIGITS] "
                   "(no repeat a move of those row,column offsets apart, or only the digits after v: chess:1,3, "
                   "'chess:1,1;1,2;v1,3,5'), taxicab:N (no repeat N steps apart along rows and columns), "
                   "self-taxicab (no d at taxicab distance d from another d), diagonal-nonconsecutive, "
                   "disjoint-groups, disjoint-offset:N[,N...] (the disjoint groups of the N-th cell of every "
                   "region), jigsaw (with --regions), killer (with --cages). Rangsk's console names work too "
                   "(knight, taxi:3, selftaxi, dnc, djg, disjointoffset:5).")
@click.option("--regions", type=click.Path(dir_okay=False, allow_dash=True), default=None, metavar="FILE",
              help="Jigsaw region map: one label per cell, each label one region.")
@click.option("--cages", type=click.Path(dir_okay=False, allow_dash=True), default=None, metavar="FILE",
              help="Killer cages: one per line, 'SUM r1c1 r1c2 ...'.")
@click.option("--offline", is_flag=True, envvar="PUZZLESAT_OFFLINE",
              help="Never go online: a SudokuPad short link (sudokupad.app/abc123) is read from the cache of links "
                   "fetched before (also PUZZLESAT_OFFLINE=1).")
@click.pass_obj
def solve(env: Env, files, output_format, unique, count, encoding, solver, timeout, conflicts, input_format, size,
          alphabet, output_dir, jobs, scheduler, dimacs, rate, effort, explain, hint, reveal, candidates,
          true_candidates, logical, engine, disabled, redundant, variants, regions, cages, offline) -> int:
    """Solve every Sudoku in FILES (or standard input; '-' is standard input too).

    \b
    echo 4...1.3.2..3.1.. | puzzlesat sudoku --explain
    puzzlesat sudoku generate -n 3 -f line | puzzlesat sudoku --rate -f line
    puzzlesat sudoku generate --seed 2 -f line | puzzlesat sudoku --reveal cells

    \b
    A file holds puzzles one per line (81 symbols for 9x9, 256 for 16x16, ...; blanks
    '.' or '0'; '#' comments and blank lines skipped), or grids laid over several lines,
    with or without separators such as | - + and spaces (rows of numbers: one cell per
    number), or boards written as a list of lists (LeetCode's [["5","3",".",...],...],
    a Python list over several lines). Sizes 4x4 to 25x25 (and 6x6, 8x8, 12x12 ...) are
    inferred from the number of cells. Symbols: 1-9, then A, B, ... (16x16 uses 1-9A-G,
    25x25 uses 1-9A-P).

    A variant puzzle comes as its f-puzzles or SudokuPad link, pasted as an argument
    (in quotes) or on a line of a file, or as an f-puzzles JSON file: its givens,
    regions and constraints all come with it, its rules read from its rules text.
    A SudokuPad short link (sudokupad.app/abc123) is fetched from SudokuPad's
    puzzle API and cached (--offline: from the cache only). -f fpuzzles writes any
    puzzle back as an f-puzzles link.

    Exit status: 0 every puzzle solved (and unique, unless --no-unique), 1 otherwise
    (also when an f-puzzles link leaves something out), 2 usage error, 130 interrupted.
    """
    hint = hint or reveal is not None
    if explain and hint:
        raise click.UsageError("--explain and --hint do not go together (--hint shows only the first step)")
    if logical and not true_candidates:
        raise click.UsageError("--logical goes with --true-candidates (the candidates logic leaves beside them)")
    if candidates and not (explain or hint):
        raise click.UsageError("--candidates goes with --hint or --explain (the grid they start from)")
    if dimacs:
        _check_dimacs_alone(click.get_current_context())
    paths = [name for name in files if not is_inline_link(name)]
    check_paths(paths)  # a missing file is a usage error before anything else happens
    variant = _variant(variants, regions, cages, env)
    reader = Reader(size, alphabet, input_format, offline=offline)
    records = reader.records(input_lines(files, env.stdin))
    if dimacs:
        return _write_dimacs(env, records, encoding, variant)
    if set(files) <= {"-"} and env.stdin_isatty:
        env.note("reading puzzles from standard input (end with Ctrl-D; --help for usage)")
    options = SolveOptions(encoding, solver, unique, count, conflicts, timeout, variant, rate or effort, explain, hint,
                           candidates, true_candidates, redundant, reveal or "step", engine, tuple(disabled), logical,
                           effort)
    fmt = resolve_format(output_format, env)
    if output_dir is not None and fmt != "svg":
        raise click.UsageError("--output-dir goes with --format svg (one picture file per puzzle)")
    records = one_for_json(records, fmt, "puzzle", output_dir)
    progress = env.progress_bar(lambda: count_lines(paths) if len(paths) == len(files) else None, "puzzle",
                                measure="line") if fmt != "pretty" else None
    with workers(env, jobs, scheduler) as pool, closing(answers(records, options, *pool)) as found:
        status = write_all(env, found, fmt, SudokuPresenter(options, fmt), progress, output_dir)
    for source, skipped in reader.skipped.items():
        env.note(f"{source}: {skipped}")
    if status is None:
        env.error(f"{', '.join(map(source_name, files or ['-']))}: no puzzles found")
        return ExitStatus.FAILED
    return status


def is_inline_link(argument: str) -> bool:
    """True for a command-line argument that is a puzzle link or payload rather than a file name."""
    if argument == "-" or os.path.exists(argument):
        return False
    from puzzlesat.sudoku.reading.links import looks_like_link

    return looks_like_link(argument)


def input_lines(arguments, stdin) -> Iterator[Line]:
    """The lines of every argument in order: a file's lines, or a pasted link as one line of its own."""
    for number, argument in enumerate(arguments or ["-"], 1):
        if is_inline_link(argument):
            yield Line(f"<link {number}>", 1, argument.strip())
        else:
            yield from read_lines([argument], stdin)


class SudokuPresenter(Presenter):
    """Answers of `puzzlesat sudoku` in each format."""

    unit = "puzzle"

    def __init__(self, options: SolveOptions, fmt: str = ""):
        self.options, self.fmt = options, fmt
        self.exported: tuple = (None, None)  # (the answer, its f-puzzles export): made once per answer
        self.source: Optional[str] = None
        self.lines_before = self.last_line = 0  # for the progress bar: lines of the files already read
        self.ratings: list = []  # the ERs of the page's rated puzzles, for its histogram
        if plain(options):
            self.jsonl = self._plain_jsonl  # decided once: the hot path of big runs

    def jsonl(self, answer: Answer) -> str:
        return json_line(answer, self.options)

    def json(self, answer: Answer) -> str:
        return json.dumps(to_record(answer, self.options), indent=2, ensure_ascii=False)

    def _plain_jsonl(self, answer: Answer) -> str:
        if answer.result.error or answer.record.variant is not None:
            return json_line(answer, self.options)
        return plain_json_line(answer)

    def line(self, answer: Answer) -> str:
        return line_text(answer, self.options)

    def fpuzzles(self, answer: Answer) -> str:
        export = self._export(answer)
        return answer.result.status if export is None else export.link

    def _export(self, answer: Answer):
        """The answer's f-puzzles export (made once, for the line and for what it leaves out)."""
        if self.exported[0] is not answer:
            self.exported = (answer, fpuzzles_export(answer, self.options))
        return self.exported[1]

    def pretty(self, answer: Answer):
        from puzzlesat.render.sudoku import answer_view

        return answer_view(answer, self.options)

    def status(self, answer: Answer) -> str:
        return answer.result.status

    def failed(self, answer: Answer) -> bool:
        return not answer.result.ok or bool(self._left_out(answer))

    def problem(self, answer: Answer) -> Optional[str]:
        if answer.result.status == Status.INVALID:
            return f"{answer.record.where}: {answer.result.error}"
        left_out = self._left_out(answer)
        return f"{answer.record.where}: the f-puzzles link leaves out {'; '.join(left_out)}" if left_out else None

    def _left_out(self, answer: Answer) -> tuple:
        """What the f-puzzles link of the answer leaves out (with -f fpuzzles)."""
        export = self._export(answer) if self.fmt == "fpuzzles" else None
        return export.left_out if export is not None else ()

    def summary(self, tally: Counter):
        from puzzlesat.render.sudoku import summary

        return summary(tally)

    def svg(self, answer: Answer) -> str:
        from puzzlesat.render.svg.sudoku_answers import answer_svg

        return answer_svg(answer, self.options)

    def section(self, answer: Answer):
        from puzzlesat.render.svg.sudoku_answers import answer_section

        if answer.rating is not None and answer.rating.er is not None:
            self.ratings.append(answer.rating.er)
        return answer_section(answer, self.options)

    def page(self, sections: list, tally: Counter) -> str:
        from puzzlesat.render.svg.sudoku_answers import run_page

        return run_page(sections, tally, self.ratings)

    def file_name(self, answer: Answer, number: int) -> str:
        from puzzlesat.render.svg.sudoku_answers import file_name

        return file_name(answer, number)

    def progress(self, answer: Answer, done: int) -> tuple:
        record = answer.record
        if record.source != self.source:
            self.lines_before, self.source = self.lines_before + self.last_line, record.source
        self.last_line = record.line
        return self.lines_before + record.line, ""


SOLVING_ONLY = ("output_format", "output_dir", "unique", "count", "solver", "timeout", "conflicts", "jobs",
                "scheduler", "rate", "effort", "explain", "hint", "reveal", "candidates", "true_candidates", "logical",
                "engine", "disabled", "redundant")


def _check_dimacs_alone(ctx: click.Context) -> None:
    """--dimacs writes the CNF instead of solving: the options about solving and showing answers are refused."""
    from click.core import ParameterSource

    given = [param for param in ctx.command.params if param.name in SOLVING_ONLY
             and ctx.get_parameter_source(param.name) == ParameterSource.COMMANDLINE]
    if given:
        names = ", ".join(param.opts[-1] if param.name != "unique" else "--unique/--no-unique" for param in given)
        raise click.UsageError(f"--dimacs writes the CNF instead of solving; {names} would not apply")


def _write_dimacs(env: Env, records, encoding: str, variant) -> int:
    """DIMACS for exactly one puzzle."""
    from puzzlesat.sudoku.solving.encode import write_cnf
    from puzzlesat.sudoku.model.rules import classic_rules

    first = next(records, None)
    if first is None:
        env.error("no puzzle found for --dimacs")
        return ExitStatus.FAILED
    second = next(records, None)
    if second is not None:
        env.error(f"--dimacs takes one puzzle; found another at {second.where} (pick one, e.g. with sed -n {first.line}p)")
        return ExitStatus.USAGE
    if first.error:
        env.error(f"{first.where}: {first.error}")
        return ExitStatus.FAILED
    shape = first.puzzle.shape
    try:
        if first.variant is not None:
            rules = first.variant.rules
        else:
            rules = variant.rules(shape) if variant is not None else classic_rules(shape)
    except VariantError as error:
        env.error(f"{first.where}: {error}")
        return ExitStatus.FAILED
    write_cnf(env.stdout, first.puzzle, rules, encoding)
    return ExitStatus.OK

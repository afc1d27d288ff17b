"""`puzzlesat sudoku solve|hint|explain|rate|candidates|cnf`: options in, puzzlesat.sudoku.batch.answers, answers out
through the one writer loop. Each verb takes the option groups it needs (puzzlesat.cli.sudoku_options); `solve` also
keeps the old flags (`puzzlesat sudoku --hint FILE` is `puzzlesat sudoku hint FILE`)."""

from __future__ import annotations

import json
import os
from collections import Counter
from contextlib import closing
from typing import Iterator, Optional

import click

from puzzlesat.cli.common import Env, ExitStatus, one_for_json, resolve_format, workers
from puzzlesat.cli.output import Presenter, write_all
from puzzlesat.cli.sudoku_options import (
    count_option,
    disable_option,
    effort_option,
    encoding_option,
    engine_option,
    group,
    logical_option,
    output_options,
    reading_options,
    redundant_option,
    reveal_option,
    solving_options,
    start_grid_option,
    technique_options,
)
from puzzlesat.errors import VariantError
from puzzlesat.streams import Line, check_paths, count_lines, read_lines, source_name
from puzzlesat.sudoku.batch import Answer, SolveOptions, answers
from puzzlesat.sudoku.reading.reader import Reader
from puzzlesat.sudoku.report import fpuzzles_export, json_line, line_text, plain, plain_json_line, to_record
from puzzlesat.sudoku.solving.solver import Status

FILES_HELP = """
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


def described(verb):
    """A decorator: the verb's help is its docstring, then what every verb's FILES hold."""
    verb.__doc__ = verb.__doc__.rstrip() + "\n" + FILES_HELP
    return verb


def logic_verb(short_help: str, *own):
    """A decorator: a verb that takes the logic's path, with the reading and solving options, its `own`, the
    technique and output options, in that order in its help."""
    options = group(reading_options, solving_options, *own, technique_options, output_options, click.pass_obj,
                    described)
    return lambda verb: click.command(short_help=short_help)(options(verb))


# ---- the old flags, kept on `solve` (the default verb) as they are documented -------------------------------

old_flags = group(
    click.option("--dimacs", is_flag=True, help="Write the CNF of the (single) puzzle in DIMACS format instead of "
                                                "solving (the verb: cnf)."),
    click.option("--rate", is_flag=True, help="Rate each puzzle on Sudoku Explainer's scale (ER/EP/ED, the hardest "
                                              "technique, SE's analysis; JSON: 'rating'; the verb: rate)."),
    effort_option,
    click.option("--explain", is_flag=True, help="Show the steps a person can take, Sudoku Explainer's way (simplest "
                                                 "technique first, chains included), to the end (the verb: explain)."),
    click.option("--hint", is_flag=True, help="Show only the next step: the simplest one there is (the verb: hint)."),
    reveal_option,
    start_grid_option,
    click.option("--true-candidates", "true_candidates", is_flag=True,
                 help="Every cell's true candidates: the digits some solution puts there (a pencil-mark grid; JSON: "
                      "'true_candidates', one string per cell; the verb: candidates)."),
    logical_option,
    engine_option,
    disable_option,
)


@click.command(short_help="Solve every puzzle (the old flags included).")
@reading_options
@solving_options
@count_option
@redundant_option
@output_options
@old_flags
@click.pass_obj
@described
def solve(env: Env, **given) -> int:
    """Solve every Sudoku in FILES (or standard input; '-' is standard input too).

    \b
    echo 4...1.3.2..3.1.. | puzzlesat sudoku --explain
    puzzlesat sudoku generate -n 3 -f line | puzzlesat sudoku --rate -f line
    puzzlesat sudoku generate --seed 2 -f line | puzzlesat sudoku --reveal cells

    The old flags (--hint, --explain, --rate, --true-candidates, --dimacs) work as
    ever; the verbs hint, explain, rate, candidates and cnf do the same with only
    their own options.
    """
    asked = _old_flags(given)
    if given.pop("dimacs"):
        _check_dimacs_alone(click.get_current_context())
        return write_dimacs(env, given)
    return answer_files(env, given, **asked)


def _old_flags(given: dict) -> dict:
    """What the old flags ask for, as SolveOptions' keywords; their "X goes with Y" checks as usage errors."""
    asked = {name: given.pop(name) for name in ("rate", "effort", "explain", "hint", "reveal", "candidates",
                                                "true_candidates", "logical", "engine", "disabled", "count",
                                                "redundant")}
    asked["hint"] = asked["hint"] or asked["reveal"] is not None
    asked["rate"] = asked["rate"] or asked["effort"]
    if asked["explain"] and asked["hint"]:
        raise click.UsageError("--explain and --hint do not go together (--hint shows only the first step)")
    if asked["logical"] and not asked["true_candidates"]:
        raise click.UsageError("--logical goes with --true-candidates (the candidates logic leaves beside them)")
    if asked["candidates"] and not (asked["explain"] or asked["hint"]):
        raise click.UsageError("--candidates goes with --hint or --explain (the grid they start from)")
    asked["reveal"] = asked["reveal"] or "step"
    return asked


@logic_verb("The next step of every puzzle.", reveal_option, start_grid_option)
def hint(env: Env, reveal, candidates, engine, disabled, **given) -> int:
    """Show the next step of every Sudoku in FILES: the simplest one there is.

    \b
    puzzlesat sudoku generate --seed 2 -f line | puzzlesat sudoku hint --reveal cells
    """
    return answer_files(env, given, hint=True, reveal=reveal or "step", candidates=candidates, engine=engine,
                        disabled=disabled)


@logic_verb("The steps a person can take, to the end.", start_grid_option)
def explain(env: Env, candidates, engine, disabled, **given) -> int:
    """Show the steps a person can take, Sudoku Explainer's way (simplest technique first,
    chains included), to the end.

    \b
    echo 4...1.3.2..3.1.. | puzzlesat sudoku explain
    """
    return answer_files(env, given, explain=True, candidates=candidates, engine=engine, disabled=disabled)


@logic_verb("Sudoku Explainer's rating (and the effort).", effort_option)
def rate(env: Env, effort, engine, disabled, **given) -> int:
    """Rate every Sudoku in FILES on Sudoku Explainer's scale (ER/EP/ED, the hardest technique,
    SE's analysis; JSON: 'rating').

    \b
    puzzlesat sudoku generate -n 3 -f line | puzzlesat sudoku rate -f line
    """
    return answer_files(env, given, rate=True, effort=effort, engine=engine, disabled=disabled)


@logic_verb("Every cell's true candidates.", logical_option)
def candidates(env: Env, logical, engine, disabled, **given) -> int:
    """Every cell's true candidates in every Sudoku in FILES: the digits some solution puts
    there (a pencil-mark grid; JSON: 'true_candidates', one string per cell).

    \b
    echo 4...1.3.2..3.1.. | puzzlesat sudoku candidates --logical
    """
    return answer_files(env, given, true_candidates=True, logical=logical, engine=engine, disabled=disabled)


@click.command(short_help="The CNF of one puzzle, in DIMACS.")
@reading_options
@encoding_option
@click.pass_obj
@described
def cnf(env: Env, **given) -> int:
    """Write the CNF of the (single) Sudoku in FILES in DIMACS format, under its rules.

    \b
    echo 4...1.3.2..3.1.. | puzzlesat sudoku cnf
    """
    return write_dimacs(env, given)


# ---- what every verb does: read, answer, write ----------------------------------------------------------------


def read_records(env: Env, given: dict) -> tuple:
    """(the Reader, its records) of FILES under the reading options (--variant's rules applied as they are read)."""
    files = given["files"]
    check_paths([name for name in files if not is_inline_link(name)])  # a missing file: a usage error first
    variant = _variant(given["variants"], given["regions"], given["cages"], env)
    reader = Reader(given["size"], given["alphabet"], given["input_format"], offline=given["offline"],
                    variant=variant)
    return reader, reader.records(input_lines(files, env.stdin))


def answer_files(env: Env, given: dict, **asked) -> int:
    """Answer every puzzle of FILES as `asked` (SolveOptions' keywords) and write the answers in the format."""
    files = given["files"]
    paths = [name for name in files if not is_inline_link(name)]
    reader, records = read_records(env, given)
    if set(files) <= {"-"} and env.stdin_isatty:
        env.note("reading puzzles from standard input (end with Ctrl-D; --help for usage)")
    options = SolveOptions(encoding=given["encoding"], solver=given["solver"], unique=given["unique"],
                           conflicts=given["conflicts"], timeout=given["timeout"], variant=reader.variant,
                           **{name: tuple(value) if name == "disabled" else value for name, value in asked.items()})
    fmt = resolve_format(given["output_format"], env)
    if given["output_dir"] is not None and fmt != "svg":
        raise click.UsageError("--output-dir goes with --format svg (one picture file per puzzle)")
    records = one_for_json(records, fmt, "puzzle", given["output_dir"])
    progress = env.progress_bar(lambda: count_lines(paths) if len(paths) == len(files) else None, "puzzle",
                                measure="line") if fmt != "pretty" else None
    with workers(env, given["jobs"], given["scheduler"]) as pool, closing(answers(records, options, *pool)) as found:
        status = write_all(env, found, fmt, SudokuPresenter(options, fmt), progress, given["output_dir"])
    for source, skipped in reader.skipped.items():
        env.note(f"{source}: {skipped}")
    if status is None:
        env.error(f"{', '.join(map(source_name, files or ['-']))}: no puzzles found")
        return ExitStatus.FAILED
    return status


def _variant(variants, regions, cages, env: Env):
    """The --variant/--regions/--cages rules, or None (their modules imported only when asked for)."""
    if not (variants or regions or cages):
        return None
    from puzzlesat.sudoku.reading.variant_files import load_variant

    return load_variant(variants, regions, cages, env.stdin)


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
        if answer.result.error or answer.record.published:
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


def write_dimacs(env: Env, given: dict) -> int:
    """DIMACS for exactly one puzzle of FILES, under its rules."""
    from puzzlesat.sudoku.solving.encode import write_cnf

    _, records = read_records(env, given)

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
    try:
        rules = first.puzzle.rules
    except VariantError as error:
        env.error(f"{first.where}: {error}")
        return ExitStatus.FAILED
    write_cnf(env.stdout, first.puzzle, rules, given["encoding"])
    return _left_out_of_cnf(env, first)


def _left_out_of_cnf(env: Env, record) -> int:
    """Name on stderr what the CNF leaves out (misread or unknown rules): FAILED when anything was, else OK."""
    sudoku = record.puzzle
    said = [("misread, left out", item) for item in getattr(sudoku, "misread", ())]
    said += [("not read", item) for item in getattr(sudoku, "unknown", ())]
    for what, item in said:
        env.error(f"{record.where}: {what}: {item}")
    return ExitStatus.FAILED if said else ExitStatus.OK

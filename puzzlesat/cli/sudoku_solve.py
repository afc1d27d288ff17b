"""`puzzlesat sudoku solve`: read puzzles, solve them, show or stream the results."""

from __future__ import annotations

import time
from collections import deque
from contextlib import closing
from functools import partial
from typing import Optional

import click

from puzzlesat.cli.common import Env, ExitStatus, resolve_format, stdin_is_terminal
from puzzlesat.cli.sudoku_extras import make_extras
from puzzlesat.cli.sudoku_output import RECORD_WRITERS
from puzzlesat.parallel import default_jobs
from puzzlesat.sat import DEFAULT_SOLVER, SOLVER_NAMES, SolverUnavailable, check_solver
from puzzlesat.streams import InputError, count_lines, read_lines, source_name
from puzzlesat.sudoku.batch import SolveOptions
from puzzlesat.sudoku.encode import DEFAULT_ENCODING, ENCODINGS
from puzzlesat.sudoku.grid import PuzzleError
from puzzlesat.sudoku.reader import Reader
from puzzlesat.sudoku.solve import Result, SolverPool

FORMATS = ("auto", "pretty", "jsonl", "line")
WARM_UP_SECONDS = 0.25  # work done in this process before worker processes are started


@click.command()
@click.argument("files", nargs=-1, type=click.Path(dir_okay=True, allow_dash=True))
@click.option("-f", "--format", "output_format", type=click.Choice(FORMATS), default="auto", show_default=True,
              help="pretty: grids (the default on a terminal); jsonl: one JSON object per puzzle (the default in a "
                   "pipe); line: one solution string per puzzle.")
@click.option("--unique/--no-unique", default=True, show_default=True,
              help="Prove the solution unique (a second solve with the first blocked); --no-unique skips it for speed.")
@click.option("-n", "--count", type=click.IntRange(min=1), default=None, metavar="N",
              help="Count solutions, up to N.")
@click.option("--encoding", type=click.Choice(ENCODINGS), default=DEFAULT_ENCODING, show_default=True,
              help="extended: cell and group constraints both ways (fast); minimal: at-least-one per cell and "
                   "at-most-one per group only.")
@click.option("--solver", default=DEFAULT_SOLVER, show_default=True, metavar="NAME",
              help=f"PySAT solver: {', '.join(SOLVER_NAMES)} (those in your PySAT build).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None, metavar="SECONDS",
              help="Give up on a puzzle after this long (status 'timeout'); the rest go on.")
@click.option("--conflicts", type=click.IntRange(min=1), default=None, metavar="N",
              help="Give up on a puzzle after N solver conflicts: a timeout that is the same on every machine.")
@click.option("--size", type=int, default=None, metavar="SIDE",
              help="Force the side length (e.g. 16) instead of inferring it from the number of cells.")
@click.option("--alphabet", default=None, metavar="SYMBOLS",
              help="Symbols to use instead of 1-9A-Z, one per value (e.g. ABCDEFGHIJKLMNOPQRSTUVWXY for 25x25).")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, metavar="N",
              help="Worker processes (default: all cores). Output stays in input order.")
@click.option("--dimacs", is_flag=True, help="Write the CNF of the (single) puzzle in DIMACS format instead of solving.")
@click.option("--rate", is_flag=True, help="Rate each puzzle: score, Chen's complexity, deduction level (JSON: 'rating').")
@click.option("--explain", is_flag=True, help="Show the human deductions (singles, pointing/claiming, subsets, ...) "
                                              "step by step, then how the solver finishes.")
@click.option("--hint", is_flag=True, help="Show only the next deduction.")
@click.option("--variant", "variants", multiple=True, metavar="NAME",
              help="Variant rules (repeatable): diagonal, windoku, anti-king, anti-knight, jigsaw (with --regions), "
                   "killer (with --cages).")
@click.option("--regions", type=click.Path(dir_okay=False, allow_dash=True), default=None, metavar="FILE",
              help="Jigsaw region map: one label per cell, each label one region.")
@click.option("--cages", type=click.Path(dir_okay=False, allow_dash=True), default=None, metavar="FILE",
              help="Killer cages: one per line, 'SUM r1c1 r1c2 ...'.")
@click.pass_context
def solve(ctx: click.Context, files, output_format, unique, count, encoding, solver, timeout, conflicts, size,
          alphabet, jobs, dimacs, rate, explain, hint, variants, regions, cages) -> None:
    """Solve every Sudoku in FILES (or standard input; '-' is standard input too).

    \b
    A file holds puzzles one per line (81 symbols for 9x9, 256 for 16x16, ...; blanks
    '.' or '0'; '#' comments and blank lines skipped), or grids laid over several lines,
    with or without separators such as | - + and spaces. Sizes 4x4 to 25x25 (and 6x6,
    8x8, 12x12 ...) are inferred from the number of cells. Symbols: 1-9, then A, B, ...
    (16x16 uses 1-9A-G, 25x25 uses 1-9A-P).

    Exit status: 0 every puzzle solved (and unique, unless --no-unique), 1 otherwise,
    2 usage error, 130 interrupted.
    """
    env = Env()
    try:
        check_solver(solver)
        reader = Reader(size, alphabet)
        lines = read_lines(files)
        extras = make_extras(variants, regions, cages, rate, explain, hint)
        if dimacs:
            ctx.exit(_write_dimacs(env, reader.records(lines), encoding, extras))
        if set(files) <= {"-"} and stdin_is_terminal():
            env.error("reading puzzles from standard input (end with Ctrl-D; --help for usage)")
        options = SolveOptions(encoding, solver, unique, count, conflicts, timeout)
        fmt = resolve_format(output_format, env)
        if extras is not None:
            status = extras.run(env, reader.records(lines), fmt, options)
        else:
            progress = _progress_bar(env, files) if fmt != "pretty" else None
            with closing(_results(reader.records(lines), options, jobs or default_jobs())) as results:
                status = _write_all(env, results, fmt, options, progress)
        if status is None:
            env.error(f"{', '.join(map(source_name, files or ['-']))}: no puzzles found")
            status = ExitStatus.FAILED
    except (SolverUnavailable, PuzzleError) as error:
        raise click.UsageError(str(error)) from None
    except InputError as error:
        env.error(str(error))
        ctx.exit(ExitStatus.USAGE)
    ctx.exit(status)


def _results(records, options: SolveOptions, jobs: int):
    """(record, result) for every record, in input order, solved here or in `jobs` worker processes.

    With several jobs the first WARM_UP_SECONDS of work is still done here, so that small inputs
    never pay for starting worker processes; whatever is left then goes to the workers.
    """
    records = iter(records)
    pool = SolverPool(options.encoding, options.solver)
    kwargs = options.solve_kwargs()
    started = time.monotonic()
    for record in records:
        yield record, Result("invalid", error=record.error) if record.error else pool.solve(record.puzzle, **kwargs)
        if jobs > 1 and time.monotonic() - started > WARM_UP_SECONDS:
            break
    else:
        return
    pool.close()
    yield from _results_in_workers(records, options, jobs)


def _results_in_workers(records, options: SolveOptions, jobs: int):
    """(record, result) pairs computed by worker processes, in input order."""
    from puzzlesat.parallel import ordered_map
    from puzzlesat.sudoku.batch import pack, solve_packed, worker_died

    held: deque = deque()

    def packed():
        for record in records:
            held.append(record)
            yield pack(record)

    for result in ordered_map(partial(solve_packed, options), packed(), jobs, on_failure=worker_died):
        record = held.popleft()
        if result is None:
            result = Result("invalid", error=record.error)
        else:
            result.puzzle = record.puzzle
        yield record, result


def _progress_bar(env: Env, files):
    """A progress bar on stderr when it is a terminal and stdout is not (output goes to a file or pipe)."""
    if not env.stderr_isatty or env.stdout_isatty:
        return None
    from puzzlesat.render.progress import ProgressBar

    return ProgressBar(env.stderr, count_lines(files))


def _write_all(env: Env, results, fmt: str, options: SolveOptions, progress=None) -> Optional[int]:
    """Write each result as it comes; the exit status for the run, None if there was no record."""
    writer = RECORD_WRITERS[fmt](env, {"count": options.count})
    report = progress.say if progress is not None else env.error
    failed = seen = finished_lines = last_line = 0
    source = None
    try:
        for record, result in results:
            seen += 1
            if record.source != source:
                finished_lines, source = finished_lines + last_line, record.source
            last_line = record.line
            if result.status == "invalid":
                report(f"{record.where}: {result.error}")
            writer.write(record, result)
            failed += not result.ok
            if progress is not None:
                progress.update(seen, finished_lines + last_line)
    finally:
        if progress is not None:
            progress.close(seen, finished_lines + last_line)
    writer.close()
    if not seen:
        return None
    return ExitStatus.FAILED if failed else ExitStatus.OK


def _write_dimacs(env: Env, records, encoding: str, extras=None) -> int:
    """DIMACS for exactly one puzzle."""
    from puzzlesat.sudoku.encode import Rules, to_dimacs

    records = iter(records)
    first: Optional[object] = next(records, None)
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
    rules = extras.rules_for(first.puzzle.shape) if extras is not None else Rules(first.puzzle.shape)
    for line in to_dimacs(first.puzzle, rules, encoding):
        env.stdout.write(line + "\n")
    return ExitStatus.OK

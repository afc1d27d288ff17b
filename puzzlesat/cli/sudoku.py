"""`puzzlesat sudoku solve`: read puzzles, solve them, show or stream the results."""

from __future__ import annotations

import sys
from typing import Optional

import click

from puzzlesat.cli.common import Env, ExitStatus, resolve_format
from puzzlesat.sat import DEFAULT_SOLVER, SOLVER_NAMES, Budget, SolverUnavailable, check_solver
from puzzlesat.streams import InputError, read_lines, source_name
from puzzlesat.sudoku.encode import DEFAULT_ENCODING, ENCODINGS
from puzzlesat.sudoku.grid import PuzzleError
from puzzlesat.cli.sudoku_output import RECORD_WRITERS
from puzzlesat.sudoku.reader import Reader
from puzzlesat.sudoku.solve import Result, SolverPool

FORMATS = ("auto", "pretty", "jsonl", "line")


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
@click.option("--dimacs", is_flag=True, help="Write the CNF of the (single) puzzle in DIMACS format instead of solving.")
@click.pass_context
def solve(ctx: click.Context, files, output_format, unique, count, encoding, solver, timeout, conflicts, size,
          alphabet, dimacs) -> None:
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
        if dimacs:
            ctx.exit(_write_dimacs(env, reader.records(lines), encoding))
        if set(files) <= {"-"} and _stdin_is_terminal():
            env.error("reading puzzles from standard input (end with Ctrl-D; --help for usage)")
        budget = Budget(conflicts=conflicts, seconds=timeout)
        fmt = resolve_format(output_format, env)
        status = _solve_all(env, reader.records(lines), fmt, SolverPool(encoding, solver),
                            dict(unique=unique, count=count, budget=budget))
        if status is None:
            env.error(f"{', '.join(map(source_name, files or ['-']))}: no puzzles found")
            status = ExitStatus.FAILED
    except (SolverUnavailable, PuzzleError) as error:
        raise click.UsageError(str(error)) from None
    except InputError as error:
        env.error(str(error))
        ctx.exit(ExitStatus.USAGE)
    ctx.exit(status)


def _solve_all(env: Env, records, fmt: str, pool: SolverPool, options: dict) -> Optional[int]:
    """Solve and write each record as it comes; the exit status for the run, None if there was no record."""
    writer = RECORD_WRITERS[fmt](env, options)
    failed = seen = 0
    for record in records:
        seen += 1
        if record.error:
            result = Result("invalid", error=record.error)
        else:
            result = pool.solve(record.puzzle, **options)
        if result.status == "invalid":
            env.error(f"{record.where}: {result.error}")
        failed += not result.ok
        writer.write(record, result)
    writer.close()
    if not seen:
        return None
    return ExitStatus.FAILED if failed else ExitStatus.OK


def _stdin_is_terminal() -> bool:
    """Whether standard input is a terminal (a person typing, not a pipe)."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def _write_dimacs(env: Env, records, encoding: str) -> int:
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
    for line in to_dimacs(first.puzzle, Rules(first.puzzle.shape), encoding):
        env.stdout.write(line + "\n")
    return ExitStatus.OK

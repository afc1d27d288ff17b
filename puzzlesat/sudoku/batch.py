"""Solving records in batches, in this process or in workers: what crosses a process boundary.

Records travel as small tuples (side, values, alphabet, blank) rather than Puzzle objects, whose
shapes carry large cached tables; results travel back without their puzzle. Each worker keeps one
SolverPool for the whole run, so rule clauses are loaded once per worker and size.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Iterable, Iterator, Optional

from puzzlesat.parallel import ordered_map
from puzzlesat.sat import DEFAULT_SOLVER, Budget
from puzzlesat.streams import Line
from puzzlesat.sudoku.encode import DEFAULT_ENCODING
from puzzlesat.sudoku.grid import Puzzle, Shape
from puzzlesat.sudoku.reader import Reader
from puzzlesat.sudoku.report import to_record
from puzzlesat.sudoku.solve import Result, SolverPool

if TYPE_CHECKING:
    from concurrent.futures import Executor


@dataclass(frozen=True)
class SolveOptions:
    """Everything a worker needs to solve like the parent would."""

    encoding: str = DEFAULT_ENCODING
    solver: str = DEFAULT_SOLVER
    unique: bool = True
    count: Optional[int] = None
    conflicts: Optional[int] = None
    seconds: Optional[float] = None

    def solve_kwargs(self) -> dict:
        """Keyword arguments for SudokuSolver.solve."""
        budget = Budget(conflicts=self.conflicts, seconds=self.seconds)
        return dict(unique=self.unique, count=self.count, budget=None if budget.unlimited else budget)


_local = threading.local()  # a native solver must never be shared between threads (Dask runs tasks in threads)


def _pool(options: SolveOptions) -> SolverPool:
    """This thread's pool for the options' encoding and solver."""
    pools = _local.__dict__.setdefault("pools", {})
    key = (options.encoding, options.solver)
    if key not in pools:
        pools[key] = SolverPool(options.encoding, options.solver)
    return pools[key]


def pack(record) -> Optional[tuple]:
    """What a worker needs of a record: None for a record that could not be read."""
    puzzle = record.puzzle
    if puzzle is None:
        return None
    return puzzle.shape.side, puzzle.values, puzzle.alphabet, puzzle.blank


def solve_packed(options: SolveOptions, packed: list) -> list:
    """Results for packed records (None entries stay None), without their puzzle attached."""
    pool = _pool(options)
    kwargs = options.solve_kwargs()
    results = []
    for item in packed:
        if item is None:
            results.append(None)
            continue
        side, values, alphabet, blank = item
        result = pool.solve(Puzzle(Shape.of_side(side), values, alphabet, blank), **kwargs)
        result.puzzle = None
        results.append(result)
    return results


def worker_died(item, message: str) -> Result:
    """The stand-in result for a record whose worker died."""
    return Result("invalid", error=message)


def solve_partition(lines: Iterable[str], options: Optional[SolveOptions] = None, source: str = "<partition>") -> list:
    """JSON Lines records (dicts) for lines holding one puzzle each: the unit of work for Dask, Spark, etc.

    >>> solve_partition(["4...1.3.2..3.1.."])[0]["solution"]
    '4321123424133142'
    """
    options = options or SolveOptions()
    numbered = [(source, number, text.rstrip("\r\n")) for number, text in enumerate(lines, 1)]
    return [record for records in _solve_numbered(options, numbered) for record in records]


def _records_for(records: list, options: SolveOptions) -> list:
    """Solve read records (None for lines with no puzzle) into JSON Lines dicts."""
    pool = _pool(options)
    kwargs = options.solve_kwargs()
    counting = options.count is not None
    out = []
    for record in records:
        if record is None:
            continue
        result = Result("invalid", error=record.error) if record.error else pool.solve(record.puzzle, **kwargs)
        out.append(to_record(record, result, counting))
    return out


def _solve_numbered(options: SolveOptions, chunk: list) -> list:
    """Worker side of solve_lines: (source, number, text) triples to lists of records, one list per line."""
    results = []
    for source, number, text in chunk:
        records = list(Reader().records([Line(source, number, text)]))
        results.append(_records_for(records, options))
    return results


def solve_lines(
    lines: Iterable[str],
    executor: Optional[Executor] = None,
    jobs: int = 1,
    options: Optional[SolveOptions] = None,
    source: str = "<lines>",
    chunk_size: int = 256,
) -> Iterator[dict]:
    """JSON Lines records (dicts), in input order, for lines holding one puzzle each.

    Runs in this process, in `jobs` worker processes, or on any concurrent.futures.Executor --
    e.g. `dask.distributed.Client(...).get_executor()` to spread the work over a Dask cluster.
    Blank and '#' lines give no record; a bad line gives an 'invalid' record; nothing is skipped.
    """
    options = options or SolveOptions()
    numbered = ((source, number, text.rstrip("\r\n")) for number, text in enumerate(lines, 1))
    work = partial(_solve_numbered, options)
    for records in ordered_map(work, numbered, jobs=jobs, executor=executor, chunk_size=chunk_size):
        yield from records

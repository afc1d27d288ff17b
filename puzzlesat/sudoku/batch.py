"""Solving records in batches, in this process or in workers: what crosses a process boundary.

Records travel as small tuples (side, values, alphabet, blank) rather than Puzzle objects, whose
shapes carry large cached tables; results travel back without their puzzle. Each worker keeps one
SolverPool for the whole run, so rule clauses are loaded once per worker and size.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from puzzlesat.sat import Budget
from puzzlesat.sudoku.grid import Puzzle, Shape
from puzzlesat.sudoku.solve import Result, SolverPool


@dataclass(frozen=True)
class SolveOptions:
    """Everything a worker needs to solve like the parent would."""

    encoding: str
    solver: str
    unique: bool = True
    count: Optional[int] = None
    conflicts: Optional[int] = None
    seconds: Optional[float] = None

    def solve_kwargs(self) -> dict:
        """Keyword arguments for SudokuSolver.solve."""
        budget = Budget(conflicts=self.conflicts, seconds=self.seconds)
        return dict(unique=self.unique, count=self.count, budget=None if budget.unlimited else budget)


_pools: dict = {}


def _pool(options: SolveOptions) -> SolverPool:
    """This process's pool for the options' encoding and solver."""
    key = (options.encoding, options.solver)
    if key not in _pools:
        _pools[key] = SolverPool(options.encoding, options.solver)
    return _pools[key]


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
    """The stand-in result for a record whose worker died twice."""
    return Result("invalid", error=message)

"""Sudoku as SAT: parse puzzles, solve them, prove uniqueness, count solutions.

>>> from puzzlesat import sudoku
>>> result = sudoku.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> result.status, result.unique
('solved', True)
>>> result.text[:9]
'534678912'
"""

from __future__ import annotations

from typing import Iterable, Iterator, Optional, Union

from puzzlesat.sat import DEFAULT_SOLVER, Budget
from puzzlesat.sudoku.encode import DEFAULT_ENCODING, ENCODINGS, Rules, to_dimacs
from puzzlesat.sudoku.grid import Puzzle, PuzzleError, Shape, is_solution, parse
from puzzlesat.sudoku.reader import Reader, Record, read_text
from puzzlesat.sudoku.solve import STATUSES, Result, SolverPool, SudokuSolver

__all__ = [
    "ENCODINGS", "STATUSES", "Budget", "Puzzle", "PuzzleError", "Record", "Result", "Rules", "Shape",
    "SolverPool", "SudokuSolver", "is_solution", "parse", "read_text", "solve", "solve_many", "to_dimacs",
]

_pools: dict = {}


def _pool(encoding: str, solver: str) -> SolverPool:
    """The process-wide pool for an encoding and solver."""
    key = (encoding, solver)
    if key not in _pools:
        _pools[key] = SolverPool(encoding, solver)
    return _pools[key]


def solve(
    puzzle: Union[str, Puzzle],
    *,
    unique: bool = True,
    count: Optional[int] = None,
    timeout: Optional[float] = None,
    conflicts: Optional[int] = None,
    encoding: str = DEFAULT_ENCODING,
    solver: str = DEFAULT_SOLVER,
) -> Result:
    """Solve one puzzle given as text (one line or a grid over several lines) or a Puzzle.

    Raises PuzzleError when the text cannot be read; a puzzle whose givens break the rules
    comes back with status 'invalid' and the reason in `error`.
    """
    if isinstance(puzzle, str):
        puzzle = parse(puzzle)
    budget = Budget(conflicts=conflicts, seconds=timeout)
    return _pool(encoding, solver).solve(puzzle, unique=unique, count=count, budget=budget)


def solve_many(lines: Iterable[str], **options) -> Iterator[tuple]:
    """(Record, Result) for every puzzle in the lines, bad records included (status 'invalid')."""
    from puzzlesat.streams import Line

    pool = _pool(options.pop("encoding", DEFAULT_ENCODING), options.pop("solver", DEFAULT_SOLVER))
    budget = Budget(conflicts=options.pop("conflicts", None), seconds=options.pop("timeout", None))
    numbered = (Line("<lines>", number, text.rstrip("\r\n")) for number, text in enumerate(lines, 1))
    for record in Reader().records(numbered):
        if record.error:
            yield record, Result("invalid", error=record.error)
        else:
            yield record, pool.solve(record.puzzle, budget=budget, **options)

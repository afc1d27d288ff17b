"""Results as plain data: the JSON Lines record and the one-line form of a solved puzzle."""

from __future__ import annotations

from typing import Optional

from puzzlesat.sudoku.reader import Record
from puzzlesat.sudoku.solve import Result


def solution_text(record: Record, result: Result) -> Optional[str]:
    """The solution in the puzzle's own alphabet, or None."""
    if result.solution is None or record.puzzle is None:
        return None
    return record.puzzle.format_values(result.solution)


def to_record(record: Record, result: Result, counting: bool = False, rating: Optional[dict] = None) -> dict:
    """The JSON Lines object for one puzzle: source, line, puzzle, status, solution, unique (+ solutions, error,
    rating)."""
    data = {
        "source": record.source,
        "line": record.line,
        "puzzle": record.text,
        "status": result.status,
        "solution": solution_text(record, result),
        "unique": result.unique,
    }
    if counting:
        data["solutions"] = result.solutions
    if result.error:
        data["error"] = result.error
    if rating is not None:
        data["rating"] = rating
    return data

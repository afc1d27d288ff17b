"""Results as plain data: the JSON Lines record and the one-line form of a solved puzzle."""

from __future__ import annotations

from functools import lru_cache
from json.encoder import encode_basestring
from typing import Optional

from puzzlesat.streams import to_json
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


_JSON_LITERALS = {True: "true", False: "false", None: "null"}
_PLAIN_RECORD = '{"source":%s,"line":%d,"puzzle":%s,"status":"%s","solution":%s,"unique":%s}'


@lru_cache(maxsize=256)
def _quoted(text: str) -> str:
    """A JSON string literal (sources repeat on every line, so they are quoted once)."""
    return encode_basestring(text)


def json_line(record: Record, result: Result, counting: bool = False) -> str:
    """to_json(to_record(...)), byte for byte, built directly for the common record (no count, no error)."""
    if counting or result.error:
        return to_json(to_record(record, result, counting))
    solution = solution_text(record, result)
    return _PLAIN_RECORD % (
        _quoted(record.source),
        record.line,
        encode_basestring(record.text),
        result.status,
        "null" if solution is None else encode_basestring(solution),
        _JSON_LITERALS[result.unique],
    )

"""Answers as plain data: the JSON Lines record, the text of the `line` format, and the puzzle as an f-puzzles link.

The record: source, line, puzzle, status, solution, unique (+ solutions and solutions_complete when counting,
error when invalid, rating, variant, explanation and hint when asked for), time_ms (as Minesweeper records have it).
`json_line` writes the common record directly, byte for byte what json.dumps would give (the test suite checks it),
because it is the hot path of big runs.
"""

from __future__ import annotations

from functools import lru_cache
from json.encoder import encode_basestring
from typing import TYPE_CHECKING, Optional

from puzzlesat.streams import json_string, safe_json, to_json
from puzzlesat.sudoku.solving.solver import Status

if TYPE_CHECKING:
    from puzzlesat.sudoku.batch import Answer, SolveOptions
    from puzzlesat.sudoku.reading.links.export import FPuzzlesExport
    from puzzlesat.sudoku.solving.solver import Result


def solution_text(answer: "Answer") -> Optional[str]:
    """The solution in the puzzle's own alphabet, or None."""
    puzzle, solution = answer.record.puzzle, answer.result.solution
    return None if solution is None or puzzle is None else puzzle.format_values(solution)


def count_complete(result: "Result", limit: Optional[int]) -> Optional[bool]:
    """Whether `result.solutions` is every solution (False: at least that many), or None when none were counted.

    The solver stops at the limit, so a count that reached it is a lower bound, as is one a timeout cut short;
    a puzzle with exactly `limit` solutions says False too, since the result cannot tell it apart.
    """
    if limit is None or result.solutions is None:
        return None
    return result.status != Status.TIMEOUT and result.solutions < limit


def to_record(answer: "Answer", options: "SolveOptions") -> dict:
    """The JSON Lines object for one answer."""
    record, result = answer.record, answer.result
    data = {
        "source": record.source,
        "line": record.line,
        "puzzle": record.text,
        "status": result.status,
        "solution": solution_text(answer),
        "unique": result.unique,
    }
    if options.count is not None:
        data["solutions"] = result.solutions
        data["solutions_complete"] = count_complete(result, options.count)
    if result.error:
        data["error"] = result.error
    if options.rate:
        data["rating"] = answer.rating.as_dict() if answer.rating else None
        if answer.rating is None and result.status != Status.INVALID:
            data["rating_note"] = no_rating_reason(result)
    if options.variant is not None and options.variant.names:
        data["variant"] = options.variant.label
    if answer.explanation is not None:
        data["explanation"] = answer.explanation.as_dict()
    if options.hint:
        data["hint"] = hint_fields(answer.hint, record.puzzle, options.reveal)
    if options.candidates and record.puzzle is not None:
        data["candidates"] = candidates_line(answer, options)
    if record.puzzle is not None and record.puzzle.published:
        data.update(variant_fields(answer))
    if answer.setter is not None:
        data.update(setter_fields(answer, options))
    data["time_ms"] = round(answer.milliseconds, 3)
    return data


NO_RATING = {
    Status.MULTIPLE: "no SE rating: the puzzle has more than one solution (Sudoku Explainer rates only puzzles "
                     "with exactly one)",
    Status.UNSAT: "no rating: the puzzle has no solution",
    Status.TIMEOUT: "no rating: the time ran out first (--timeout, --conflicts; 60 s by default)",
}


def no_rating_reason(result: "Result") -> str:
    """Why an answer asked to be rated has no rating."""
    return result.error or NO_RATING.get(result.status, "no rating")


NO_HINT = "no step (solved, contradictory or not unique)"


def hint_fields(step, puzzle, reveal: str) -> Optional[dict]:
    """A hint as JSON: the whole step, or as much as `reveal` shows (None: no step)."""
    if step is None:
        return None
    return step.as_dict(puzzle) if reveal == "step" else step.vague(puzzle, reveal)


def hint_sentence(step, puzzle, reveal: str) -> str:
    """A hint in words: the whole step, or as much as `reveal` shows."""
    if step is None:
        return NO_HINT
    return step.describe(puzzle) if reveal == "step" else step.vague_text(puzzle, reveal)


def variant_fields(answer: "Answer") -> dict:
    """What a setter's puzzle from a link brings: title, author, its constraints by kind, what was not read,
    and whether the solution it states is the one found."""
    variant, solution = answer.record.puzzle, answer.result.solution
    data = {"title": variant.title, "author": variant.author,
            "constraints": variant.kinds(),
            "irregular_regions": variant.regions is not None,
            "unknown": list(variant.not_understood(several=answer.result.status == Status.MULTIPLE)),
            "ignored": list(variant.ignored), "misread": list(variant.misread)}
    if variant.solution is not None:
        data["stated_solution"] = variant.format_values(variant.solution)
        data["matches_stated"] = variant.matches_stated(solution)
    return data


def setter_fields(answer: "Answer", options: "SolveOptions") -> dict:
    """The setter's answers: a second solution and where it differs, what clashes when there is no solution, true
    candidates, redundant givens and constraints."""
    report, puzzle, result = answer.setter, answer.record.puzzle, answer.result
    shape = puzzle.shape
    data: dict = {}
    if report.second is not None:
        data["second_solution"] = puzzle.format_values(report.second)
        data["differences"] = [shape.cell_name(cell) for cell in report.differences(result.solution)]
    if options.true_candidates:
        data["true_candidates"] = None if report.candidates is None else [
            candidate_symbols(puzzle, mask) for mask in report.candidates]
        if options.logical:
            data["logical_candidates"] = None if report.logical is None else [
                candidate_symbols(puzzle, mask) for mask in report.logical]
            data["beyond_logic"] = None if report.logical is None else [
                [shape.cell_name(cell), puzzle.alphabet[digit - 1]] for cell, digit in beyond_logic(report)]
    if report.conflict:
        data["conflict"] = list(report.conflict)
    if options.redundant:
        found = report.redundancy
        data["redundant_givens"] = None if found is None else [shape.cell_name(cell) for cell in found.givens]
        data["redundant_constraints"] = None if found is None else list(found.constraints)
    return data


def beyond_logic(report) -> list:
    """(cell, digit) of the candidates in no solution that the techniques alone cannot remove."""
    if report.logical is None or report.candidates is None:
        return []
    side = len(report.candidates) ** 0.5
    found = []
    for cell, (logical, true) in enumerate(zip(report.logical, report.candidates)):
        extra = logical & ~true
        for digit in range(1, int(side) + 1):
            if extra >> (digit - 1) & 1:
                found.append((cell, digit))
    return found


def candidate_symbols(puzzle, mask: int) -> str:
    """A cell's candidates in the puzzle's alphabet: '1389' (numbers apart by commas: '1,12,16')."""
    symbols = [puzzle.alphabet[value - 1] for value in range(1, puzzle.shape.side + 1) if mask >> (value - 1) & 1]
    return ",".join(symbols) if puzzle.numeric else "".join(symbols)


_JSON_LITERALS = {True: "true", False: "false", None: "null"}
_PLAIN_RECORD = '{"source":%s,"line":%d,"puzzle":%s,"status":"%s","solution":%s,"unique":%s,"time_ms":%r}'


@lru_cache(maxsize=256)
def _quoted(text: str) -> str:
    """A JSON string literal (sources repeat on every line, so they are quoted once)."""
    return json_string(text)


def json_line(answer: "Answer", options: "SolveOptions") -> str:
    """to_json(to_record(...)), byte for byte, built directly for the common record (a plain solve, no error)."""
    if answer.result.error or not plain(options) or answer.record.published:
        return to_json(to_record(answer, options))
    return plain_json_line(answer)


def plain(options: "SolveOptions") -> bool:
    """True when the options ask for nothing but solving: every record without an error is the common one."""
    return options.count is None and not options.extras and options.variant is None and not options.setter


def plain_json_line(answer: "Answer") -> str:
    """The common record of a plain solve without an error, built directly (see json_line)."""
    record, result = answer.record, answer.result
    solution = result.solution
    line = _PLAIN_RECORD % (
        _quoted(record.source),
        record.line,
        encode_basestring(record.text),
        result.status,
        "null" if solution is None else encode_basestring(record.puzzle.format_values(solution)),
        _JSON_LITERALS[result.unique],
        round(answer.milliseconds, 3),
    )
    return line if line.isascii() else safe_json(line)


def line_text(answer: "Answer", options: "SolveOptions") -> str:
    """The `line` format: the solution when the puzzle is solved (or the status word: multiple, unsat, invalid,
    timeout), or with --true-candidates those as a pencil-mark line; when rated, the puzzle first, then that, then
    SE's ER/EP/ED (and the effort score with --effort), tab-separated, as the forum's raters write a rated
    collection; the steps of an explanation one per line, then how it ends; or the hint."""
    puzzle = answer.record.puzzle
    marks = candidates_grid(answer, options) if options.candidates and puzzle is not None else []
    if answer.explanation is not None:
        steps = [step.describe(puzzle) for step in answer.explanation.steps]
        return "\n".join([*marks, *steps, answer.explanation.ending, ""])
    if options.hint:
        text = hint_sentence(answer.hint, puzzle, options.reveal)
        return "\n".join([*marks, text])
    result = answer.result
    text = true_candidates_line(answer) or (solution_text(answer) if result.status == Status.SOLVED else None) \
        or result.status
    if not options.rate:
        return text
    rating = answer.rating
    given = puzzle.to_line() if puzzle is not None else answer.record.text
    if rating is None:
        return f"{given}\t{text}"
    effort = f"\t{rating.score:.2f}" if rating.score is not None else ""
    return f"{given}\t{text}\t{rating.er:.1f}/{rating.ep:.1f}/{rating.ed:.1f}" + effort


def true_candidates_line(answer: "Answer") -> Optional[str]:
    """The true candidates as a pencil-mark line (side**3 characters, read back as a pencil-mark puzzle), or None
    when they were not asked for or not found."""
    from puzzlesat.sudoku.reading.pencil import masks_line

    if answer.setter is None or answer.setter.candidates is None:
        return None
    puzzle = answer.record.puzzle
    return masks_line(answer.setter.candidates, puzzle.alphabet, puzzle.shape.side)


def candidates_line(answer: "Answer", options: "SolveOptions") -> Optional[str]:
    """The candidates the explanation or hint starts from, one line of side**3 characters (None: no board)."""
    from puzzlesat.sudoku.reading.pencil import marks_line

    board = start_board(answer, options)
    return None if board is None else marks_line(board, answer.record.puzzle.alphabet)


def candidates_grid(answer: "Answer", options: "SolveOptions") -> list:
    """The same candidates as HoDoKu's pencil-mark grid, one string per line."""
    from puzzlesat.sudoku.reading.pencil import marks_grid

    board = start_board(answer, options)
    return [] if board is None else marks_grid(board, answer.record.puzzle.alphabet)


def start_board(answer: "Answer", options: "SolveOptions"):
    """The candidate grid the answer's explanation or hint starts from, under the puzzle's rules (None when they
    cannot hold on it)."""
    from puzzlesat.errors import VariantError
    from puzzlesat.sudoku.logic.explainer import candidates

    try:
        return candidates(answer.record.puzzle)
    except VariantError:
        return None


def fpuzzles_export(answer: "Answer", options: "SolveOptions") -> Optional["FPuzzlesExport"]:
    """The answer's puzzle as an f-puzzles link, with its rules (a link's, or --variant's) and the solution when it
    is solved; None when there is no puzzle to write (the record could not be read, the variant does not fit)."""
    from puzzlesat.errors import VariantError
    from puzzlesat.sudoku.reading.links.export import to_fpuzzles

    record, result = answer.record, answer.result
    solution = result.solution if result.status == Status.SOLVED else None
    if record.puzzle is None:
        return None
    try:
        return to_fpuzzles(record.puzzle, solution=solution)
    except VariantError:
        return None

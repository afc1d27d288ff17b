"""report.py: the `line` text says the status word unless the puzzle is solved; counts say whether they are complete."""

from __future__ import annotations

import json

import pytest

from puzzlesat.sudoku import Result, parse
from puzzlesat.sudoku.batch import Answer, SolveOptions
from puzzlesat.sudoku.reading.reader import Record
from puzzlesat.sudoku.report import count_complete, line_text, to_record

WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
WIKI_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
FOUR = "1234" + "." * 12  # 12 solutions


def answer(status: str, unique=None, solutions=None, error=None, with_solution: bool = True) -> Answer:
    """An answer for the Wikipedia puzzle with this result (its solution attached unless told otherwise)."""
    puzzle = parse(WIKI)
    solution = tuple(int(ch) for ch in WIKI_SOLUTION) if with_solution else None
    record = Record("<stdin>", 1, WIKI, puzzle)
    return Answer(record, Result(status, solution, unique, solutions, error, puzzle))


@pytest.mark.parametrize("status, unique, with_solution, expected", [
    ("solved", True, True, WIKI_SOLUTION),
    ("solved", None, True, WIKI_SOLUTION),  # --no-unique: solved, uniqueness not checked
    ("multiple", False, True, "multiple"),
    ("timeout", None, True, "timeout"),  # a first solution, then the uniqueness proof ran out
    ("timeout", None, False, "timeout"),
    ("unsat", False, False, "unsat"),
    ("invalid", None, False, "invalid"),
])
def test_line_text_is_the_solution_only_when_solved(status, unique, with_solution, expected):
    assert line_text(answer(status, unique, with_solution=with_solution), SolveOptions()) == expected


@pytest.mark.parametrize("status, solutions, limit, expected", [
    ("multiple", 12, 20, True),
    ("multiple", 5, 5, False),  # stopped at the limit: at least 5
    ("solved", 1, 1, False),  # --count 1 cannot tell one solution from more
    ("solved", 1, 2, True),
    ("unsat", 0, 5, True),
    ("timeout", 2, 5, False),  # cut short by the budget
    ("invalid", None, 5, None),
])
def test_count_complete(status, solutions, limit, expected):
    assert count_complete(answer(status, solutions=solutions).result, limit) is expected


def test_count_complete_without_counting_is_none():
    assert count_complete(answer("solved", True).result, None) is None


def test_record_says_whether_the_count_is_complete():
    data = to_record(answer("multiple", False, solutions=5), SolveOptions(count=5))
    assert data["solutions"] == 5 and data["solutions_complete"] is False
    assert list(data).index("solutions_complete") == list(data).index("solutions") + 1
    assert "solutions_complete" not in to_record(answer("solved", True), SolveOptions())


def test_cli_line_format_says_multiple(run_cli):
    result = run_cli(["sudoku", "-f", "line"], input=f"{FOUR}\n{WIKI}\n")
    assert result.stdout.splitlines() == ["multiple", WIKI_SOLUTION]
    assert result.exit_code == 1


def test_cli_line_format_no_unique_prints_the_solution(run_cli):
    result = run_cli(["sudoku", "-f", "line", "--no-unique"], input=FOUR + "\n")
    [line] = result.stdout.splitlines()
    assert len(line) == 16 and line.startswith("1234") and result.exit_code == 0


def test_cli_jsonl_count_at_the_limit_is_incomplete(run_cli):
    result = run_cli(["sudoku", "-f", "jsonl", "--count", "5"], input=f"{FOUR}\n{WIKI}\n")
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["solutions"], r["solutions_complete"]) for r in records] == [(5, False), (1, True)]
    assert all(type(r["solutions"]) is int for r in records)


def test_cli_jsonl_exact_count_is_complete(run_cli):
    result = run_cli(["sudoku", "-f", "jsonl", "--count", "20"], input=FOUR + "\n")
    record = json.loads(result.stdout)
    assert (record["solutions"], record["solutions_complete"]) == (12, True)

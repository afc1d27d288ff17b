"""Boards written as a list of lists (LeetCode, Python, JSON): read through the reader and the CLI, and what is
wrong with a malformed one said once, where it stands."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.sudoku.model.grid import Shape
from puzzlesat.sudoku.reading.reader import read_text

WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
WIKI_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
WIKI_ROWS = [[int(ch) if ch != "." else 0 for ch in WIKI[r * 9:r * 9 + 9]] for r in range(9)]
LEETCODE = json.dumps([[ch for ch in WIKI[r * 9:r * 9 + 9]] for r in range(9)], separators=(",", ":"))
PYTHON = "board = [\n" + "".join(f"    {row},\n" for row in WIKI_ROWS[:-1]) + f"    {WIKI_ROWS[-1]}\n]\n"


def records(text, **options):
    return list(read_text(text, **options))


def jsonl(output: str) -> list:
    return [json.loads(line) for line in output.splitlines()]


# ---- any board, in any of the ways it is written ---------------------------------------------------------


@st.composite
def boards(draw):
    """A puzzle (rows of values, 0 blank) of a side from 4 to 25: a solved grid with some cells emptied."""
    side = draw(st.sampled_from([4, 6, 8, 9, 12, 16, 25]))
    shape = Shape.of_side(side)
    order = draw(st.permutations(range(1, side + 1)))
    rows = [[order[((r % shape.box_rows) * shape.box_cols + r // shape.box_rows + c) % side] for c in range(side)]
            for r in range(side)]
    blanks = draw(st.lists(st.booleans(), min_size=side * side, max_size=side * side))
    return [[0 if blanks[r * side + c] else value for c, value in enumerate(row)] for r, row in enumerate(rows)]


def leetcode_style(rows, blank: str, prefix: str) -> str:
    """One line of lists of strings, as LeetCode gives its boards."""
    strings = [[str(value) if value else blank for value in row] for row in rows]
    return prefix + json.dumps(strings, separators=(",", ":"))


def python_style(rows, blank: str, prefix: str, trailing: bool) -> str:
    """One row per line, as a program or pprint writes it."""
    lines = ["[" + ", ".join(str(value) if value else blank for value in row) + "]" for row in rows]
    return prefix + "[\n    " + ",\n    ".join(lines) + (",\n" if trailing else "\n") + "]"


def json_style(rows, indent) -> str:
    """json.dumps with an indent: every cell on a line of its own."""
    return json.dumps([[value or None for value in row] for row in rows], indent=indent)


@settings(max_examples=60, deadline=None)
@given(boards(), st.sampled_from(['"."', '""', '"0"']), st.sampled_from(["", "board = ", "grid: list[list[str]] = "]))
def test_a_leetcode_style_board_reads_as_its_puzzle(rows, blank, prefix):
    [record] = records(leetcode_style(rows, blank.strip('"'), prefix))
    assert record.error is None
    assert record.puzzle.values == tuple(value for row in rows for value in row)
    assert record.line == 1


@settings(max_examples=60, deadline=None)
@given(boards(), st.sampled_from(["0", "None", "null"]), st.sampled_from(["", "board = ", "const grid = "]),
       st.booleans())
def test_a_python_style_board_reads_as_its_puzzle(rows, blank, prefix, trailing):
    text = f"# a comment\n{python_style(rows, blank, prefix, trailing)}\n{WIKI}\n"
    found = records(text)
    assert [record.error for record in found] == [None, None]
    assert found[0].puzzle.values == tuple(value for row in rows for value in row)
    assert [record.line for record in found] == [2, len(rows) + 4]
    assert found[1].puzzle.to_line() == WIKI


@settings(max_examples=30, deadline=None)
@given(boards(), st.sampled_from([None, 1]))
def test_a_json_board_with_null_blanks_reads_as_its_puzzle(rows, indent):
    [record] = records(json_style(rows, indent))
    assert record.puzzle.values == tuple(value for row in rows for value in row)


def test_numbers_of_two_digits_are_written_back_as_numbers():
    rows = [[(4 * (r % 4) + r // 4 + c) % 16 + 1 for c in range(16)] for r in range(16)]
    rows[0][0] = 0
    [record] = records(json.dumps(rows))
    assert record.puzzle.numeric and record.puzzle.to_line().startswith(". 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 5 ")


def test_a_flat_list_of_every_cell():
    [record] = records("[" + ", ".join(str(value) for row in WIKI_ROWS for value in row) + "]")
    assert record.puzzle.to_line() == WIKI.replace(".", "0")


def test_lines_that_read_before_still_do():
    """A label in brackets before a puzzle, and a section header, are no lists."""
    [labelled] = records("[1] " + WIKI.replace(".", "0"))
    assert labelled.puzzle.to_line() == WIKI.replace(".", "0")
    [section] = records("[Puzzle]\n" + "\n".join(WIKI[i:i + 9] for i in range(0, 81, 9)))
    assert section.puzzle.to_line() == WIKI


# ---- through the CLI ---------------------------------------------------------------------------------------


def test_a_leetcode_board_is_solved(run_cli):
    result = run_cli(["sudoku", "-f", "line"], input=f"board = {LEETCODE}\n{LEETCODE}\n")
    assert result.stdout.splitlines() == [WIKI_SOLUTION, WIKI_SOLUTION]
    assert result.stderr == "" and result.exit_code == 0


def test_a_python_list_over_several_lines_is_one_puzzle(run_cli):
    result = run_cli(["sudoku", "-f", "jsonl"], input=PYTHON)
    [record] = jsonl(result.stdout)
    assert record["line"] == 1 and record["status"] == "solved"
    assert record["puzzle"] == WIKI.replace(".", "0") and record["solution"] == WIKI_SOLUTION
    assert result.exit_code == 0


def test_a_name_alone_before_the_list(run_cli):
    text = "board = \n" + LEETCODE.replace("],[", "]\n,[") + "\n"  # as LeetCode 36 prints its examples
    [record] = jsonl(run_cli(["sudoku", "-f", "jsonl"], input=text).stdout)
    assert record["line"] == 1 and record["solution"] == WIKI_SOLUTION


@pytest.mark.parametrize("broken, error", [
    (PYTHON.replace("[6, 0, 0, 1, 9, 5, 0, 0, 0]", "[6, 0, 0, 1, 9, 5, 0, 0]"),
     "line 3, column 5: row 2 has 8 cells, not 9 as the others"),
    (PYTHON.replace("[6, 0, 0, 1, 9, 5, 0, 0, 0]", "[6, 0, 0, 1, 9, 5, 0, 0, x]"),
     "line 3, column 30: unexpected 'x': a cell is a number, a quoted symbol, or None/null"),
    (PYTHON.replace("[6, 0, 0, 1, 9, 5, 0, 0, 0],", "[6, 0, 0, 1, 9, 5, 0, 0, 0]"),
     "line 4, column 5: '[' where ',' or ']' should be"),
    (PYTHON.replace("    [0, 0, 0, 0, 8, 0, 0, 7, 9]\n", ""),
     "line 1, column 9: 8 rows of 9 cells; a board has as many rows as columns"),
    (PYTHON.replace("[6, 0, 0, 1, 9, 5, 0, 0, 0]", "[6, 0, 0, 1, 9, 5, 0, 0, 10]"),
     "line 3, column 30: unknown symbol '10' for a 9x9 puzzle (symbols numbers 1-9, blank . 0 _ - * x ·)"),
    (PYTHON.replace("[6, 0, 0, 1, 9, 5, 0, 0, 0]", "[6, 0, 0, 1, 9, 5, 0, 0, [0]]"),
     "line 3, column 30: a list inside a row: a row is a list of cells"),
    (PYTHON.replace("\n]\n", "\n]]\n"), "line 11, column 2: ']' after the end of the list"),
])
def test_a_malformed_board_is_one_error_naming_its_line_and_the_rest_goes_on(run_cli, broken, error):
    result = run_cli(["sudoku", "-f", "jsonl"], input=f"{broken}{WIKI}\n")
    records = jsonl(result.stdout)
    assert [r["status"] for r in records] == ["invalid", "solved"]
    assert records[0]["line"] == 1 and records[0]["error"] == error
    assert result.stderr.splitlines() == [f"puzzlesat: <stdin>:1: {error}"]
    assert result.exit_code == 1


@pytest.mark.parametrize("after", [WIKI, WIKI.replace(".", "0")])
def test_a_list_never_closed_is_one_error_and_the_next_puzzle_is_solved(run_cli, after):
    unclosed = PYTHON.rstrip().removesuffix("]")
    result = run_cli(["sudoku", "-f", "jsonl"], input=f"{unclosed}{after}\n")
    records = jsonl(result.stdout)
    assert [(r["line"], r["status"]) for r in records] == [(1, "invalid"), (11, "solved")]
    assert records[0]["error"] == "the list's '[' is never closed (line 11 is not part of it)"
    assert result.stderr.count("<stdin>") == 1


def test_a_board_of_another_size_than_size_says_so(run_cli):
    result = run_cli(["sudoku", "-f", "jsonl", "--size", "16"], input=LEETCODE)
    assert jsonl(result.stdout)[0]["error"] == "a 9x9 board, not a 16x16 puzzle (--size 16)"


PIECES = ["[", "]", "[[", "]]", ",", "5", "16", "0", '"."', '"3"', "'A'", "None", "null", "x", "..", ";", "#", "//",
          "board =", "board = [", " ", "\n", "\n\n", WIKI, WIKI.replace(".", "0"), "[Puzzle]"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=60))
def test_no_text_of_list_pieces_makes_the_reader_fail(pieces):
    for record in records("".join(pieces)):
        assert (record.puzzle is None) != (record.error is None)
        assert record.line >= 1

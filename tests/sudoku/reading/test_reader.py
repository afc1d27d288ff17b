"""Turning lines into records: one-line puzzles, grids over several lines, comments, errors."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.sudoku.model.grid import Shape
from puzzlesat.sudoku.reading.reader import read_text

WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

GRID = """
+-------+-------+-------+
| 5 3 . | . 7 . | . . . |
| 6 . . | 1 9 5 | . . . |
| . 9 8 | . . . | . 6 . |
+-------+-------+-------+
| 8 . . | . 6 . | . . 3 |
| 4 . . | 8 . 3 | . . 1 |
| 7 . . | . 2 . | . . 6 |
+-------+-------+-------+
| . 6 . | . . . | 2 8 . |
| . . . | 4 1 9 | . . 5 |
| . . . | . 8 . | . 7 9 |
+-------+-------+-------+
"""


def records(text, **options):
    return list(read_text(text, **options))


def test_one_puzzle_per_line_with_comments_and_blank_lines():
    found = records(f"# a comment\n\n{WIKI}\n  \n{WIKI.replace('.', '0')}\n")
    assert [r.line for r in found] == [3, 5]
    assert all(r.puzzle.values == found[0].puzzle.values for r in found)
    assert found[1].puzzle.blank == "0"


def test_grid_with_separators_is_one_record():
    [record] = records(GRID)
    assert record.error is None
    assert record.line == 3
    assert record.puzzle.to_line() == WIKI


def test_plain_grid_rows():
    rows = "\n".join(WIKI[i:i + 9] for i in range(0, 81, 9))
    [record] = records(rows)
    assert record.puzzle.to_line() == WIKI


def test_grids_and_lines_mix_in_one_file():
    found = records(f"{WIKI}\n{GRID}\n{WIKI}\n")
    assert [r.line for r in found] == [1, 4, 17]
    assert all(r.puzzle.to_line() == WIKI for r in found)


def test_sixteen_cells_without_spaces_are_a_4x4_puzzle():
    [record] = records("4...1.3.2..3.1..")
    assert record.puzzle.shape.side == 4


def test_sixteen_cells_with_spaces_are_a_16x16_row():
    row = " ".join("123456789ABCDEFG")
    found = records("\n".join([row] * 3))
    assert found[0].error == "grid stops after 3 of 16 rows"


def test_numeric_16x16_rows():
    rows = []
    for r in range(16):
        rows.append(" ".join(str((4 * (r % 4) + r // 4 + c) % 16 + 1) for c in range(16)))
    [record] = records("\n".join(rows))
    assert record.error is None
    assert record.puzzle.shape.side == 16
    assert record.puzzle.values[:3] == (1, 2, 3)


def test_csv_line_takes_its_first_field():
    [record] = records(f"{WIKI},534678912672195348198342567859761423426853791713924856961537284287419635345286179,25\n")
    assert record.puzzle.to_line() == WIKI


def test_wrong_length_is_an_invalid_record_and_the_rest_goes_on():
    found = records(f"{WIKI}\n{WIKI[:-1]}\n{WIKI}\n")
    assert [r.error is None for r in found] == [True, False, True]
    assert "80 cells" in found[1].error
    assert found[1].line == 2


def test_unknown_symbol_names_the_column():
    [record] = records(WIKI[:4] + "?" + WIKI[5:])
    assert record.error.startswith("column 5: unknown symbol '?'")


def test_bad_symbol_in_a_grid_names_line_and_column():
    [record] = records(GRID.replace("| 4 . .", "| 4 . ?"))
    assert "line 8, column 7" in record.error


def test_unfinished_grid_is_reported():
    [record] = records("\n".join(WIKI[i:i + 9] for i in range(0, 72, 9)) + "\n\n")
    assert record.error == "grid stops after 8 of 9 rows"


def test_size_option_forces_16x16_rows():
    row = "123456789ABCDEFG"
    found = records("\n".join([row] * 16), size=16)
    assert found[0].puzzle.shape.side == 16


def test_custom_alphabet():
    letters = "ABCDEFGHI"
    text = "".join(letters[int(ch) - 1] if ch != "." else "." for ch in WIKI)
    [record] = records(text, alphabet=letters)
    assert record.puzzle.values == records(WIKI)[0].puzzle.values


@given(st.text(max_size=300))
def test_any_text_gives_records_or_errors_never_exceptions(text):
    for record in records(text):
        assert (record.puzzle is None) != (record.error is None)


def test_titles_and_size_lines_are_skipped_and_noted(run_cli):
    text = f"Grid 01\n{WIKI}\n25\n{WIKI}\n"
    assert [r.line for r in records(text)] == [2, 4]
    result = run_cli(["sudoku", "-f", "jsonl"], input=text)
    assert "<stdin>: skipped line 1 ('Grid 01') and 1 more: text, not a puzzle" in result.stderr
    assert result.exit_code == 0


def test_one_puzzle_per_line_mode_reports_every_line():
    found = records(f"Grid 01\n{WIKI}\n", input_format="line")
    assert [r.error is None for r in found] == [False, True]


def test_sixteen_lines_of_sixteen_make_one_16x16_grid():
    rows = [("123456789ABCDEFG" * 2)[4 * (r % 4) + r // 4:][:16] for r in range(16)]
    [record] = records("\n".join(rows))
    assert record.puzzle.shape.side == 16 and record.line == 1
    fours = records("\n".join(["4...1.3.2..3.1.."] * 5))
    assert [r.puzzle.shape.side for r in fours] == [4] * 5


def test_a_short_run_with_symbols_beyond_4_is_reported_not_misread():
    found = records("\n".join(["123456789ABCDEFG"] * 3))
    assert all(r.error and "nor a 16x16 grid" in r.error for r in found)


@pytest.mark.parametrize("line, side, value_of_first", [
    ("G5" + "." * 254, 16, 16),                     # 1-9A-G
    ("05" + "." * 253 + "F", 16, 1),                # 0-F: '0' a symbol, '.' the blanks
    ("P" + "." * 254 + "A", 16, 16),                # A-P: letters only
    ("Y" + "." * 623 + "A", 25, 25),                # A-Y
])
def test_alphabets_are_told_apart_by_their_symbols(line, side, value_of_first):
    [record] = records(line)
    assert record.puzzle.shape.side == side and record.puzzle.values[0] == value_of_first


def test_a_grid_fitting_no_alphabet_is_refused_where_the_odd_symbol_stands():
    [record] = records("1" + "." * 254 + "P")
    assert record.error.startswith("column 256: unknown symbol 'P' for a 16x16 puzzle (symbols 1-9A-G")


def test_pencil_marks_on_one_line():
    line = "".join("123456789" if c else "1........" for c in range(81))
    [record] = records(line)
    assert record.puzzle.values[0] == 1 and record.puzzle.candidates[1] == 0b111111111
    assert record.puzzle.to_line() == line


# ---- rows of numbers apart by spaces (16x16 and up) ------------------------------------------------------


@st.composite
def number_grids(draw):
    """A puzzle of side 10 to 25 (rows of values, 0 blank): a solved grid with some cells emptied."""
    side = draw(st.sampled_from([10, 12, 16, 25]))
    shape = Shape.of_side(side)
    order = draw(st.permutations(range(1, side + 1)))
    blanks = draw(st.lists(st.booleans(), min_size=side * side, max_size=side * side))
    return [[0 if blanks[r * side + c] else order[((r % shape.box_rows) * shape.box_cols + r // shape.box_rows + c) % side]
             for c in range(side)] for r in range(side)]


@settings(max_examples=60, deadline=None)
@given(number_grids(), st.sampled_from(["0", ".", "_"]), st.sampled_from([" ", "  ", "\t"]), st.booleans())
def test_any_grid_of_numbers_apart_by_spaces_reads_as_its_puzzle(rows, blank, gap, aligned):
    """'9 3 0 0 6 0 5 0 0 0 16 0 0 2 14 0' is a row of 16 numbers, never 16 sets of candidates."""
    width = 3 if aligned else 0
    text = "\n".join(gap.join((str(value) if value else blank).rjust(width) for value in row) for row in rows)
    [record] = records(text)
    assert record.error is None
    assert record.puzzle.values == tuple(value for row in rows for value in row)


def test_a_row_of_numbers_is_never_read_digit_by_digit():
    """The first row has 36 digits, as many as a 6x6 puzzle has cells: it is still 25 numbers."""
    rows = [[(5 * (r % 5) + r // 5 + c) % 25 + 1 for c in range(25)] for r in range(25)]
    rows[0][9:14] = [0] * 5
    text = "\n".join(" ".join(map(str, row)) for row in rows)
    assert sum(ch.isdigit() for ch in text.splitlines()[0]) == 36
    [record] = records(text)
    assert record.puzzle.values == tuple(value for row in rows for value in row)


def test_a_16x16_grid_of_numbers_with_zero_blanks_is_solved(run_cli):
    rows = [[(4 * (r % 4) + r // 4 + c) % 16 + 1 for c in range(16)] for r in range(16)]
    for r, c in [(0, 0), (0, 1), (0, 4), (0, 10), (3, 9), (15, 15)]:
        rows[r][c] = 0
    text = "\n".join(" ".join(map(str, row)) for row in rows) + "\n"
    assert text.startswith("0 0 3 4 0 6 7 8 9 10 0 12 13 14 15 16\n5 6 7 8 9 10 11 12 13 14 15 16 1 2 3 4\n")
    result = run_cli(["sudoku", "-f", "line"], input=text)
    assert result.stdout.split() == [str(value) for r in range(16) for value in
                                     [(4 * (r % 4) + r // 4 + c) % 16 + 1 for c in range(16)]]
    assert result.exit_code == 0


def test_a_row_of_numbers_of_the_wrong_length_is_counted_in_numbers():
    rows = [" ".join(str((4 * (r % 4) + r // 4 + c) % 16 + 1) for c in range(16)) for r in range(16)]
    rows[1] += " 7"
    found = records("\n".join(rows))
    assert found[0].error == "grid stops after 1 of 16 rows (line 2 has 17 cells, not 16)"


def test_a_label_after_the_last_row_of_a_grid():
    rows = [WIKI[i:i + 9] for i in range(0, 81, 9)]
    [record] = records("\n".join(rows[:-1] + [rows[-1] + "  #1"]))
    assert record.puzzle.to_line() == WIKI


# ---- what --size and --alphabet expect -------------------------------------------------------------------


def test_size_says_what_it_expected(run_cli):
    result = run_cli(["sudoku", "-f", "jsonl", "--size", "16"], input=f"{WIKI}\n")
    assert result.stderr == "puzzlesat: <stdin>:1: 81 cells, not the 256 of a 16x16 puzzle (--size 16), nor a grid row of 16\n"
    assert result.exit_code == 1


def test_size_in_a_csv_or_json_record_says_what_it_expected():
    text = f'id,puzzle\n1,{WIKI}\n'
    assert records(text, size=4)[0].error == (
        "no puzzle in this row (81 cells, not the 16 of a 4x4 puzzle (--size 4), nor a grid row of 4)")
    assert records(f'{{"puzzle": "{WIKI}"}}', size=4)[0].error == (
        '"puzzle" holds 81 cells, not the 16 of a 4x4 puzzle (--size 4), nor a grid row of 4')


def test_an_alphabet_sets_the_size_it_expects():
    [record] = records(WIKI, alphabet="ABCDEFGHIJKLMNOP")
    assert record.error == "81 cells, not the 256 of a 16x16 puzzle (--alphabet of 16 symbols), nor a grid row of 16"


def test_the_blanks_listed_are_those_the_alphabet_leaves_blanks(run_cli):
    line = "Z" + "." * 255
    result = run_cli(["sudoku", "-f", "jsonl", "--alphabet", "0123456789ABCDEF"], input=line)
    assert "(symbols 0-9A-F, blank . _ - * x ·)" in result.stderr


def test_a_line_that_breaks_an_open_json_object_is_read_for_itself_and_in_order(run_cli):
    wiki = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    records = [json.loads(line) for line in run_cli(["sudoku", "-f", "jsonl"], input=f"{{\n{wiki}\n{wiki}\n").stdout
               .splitlines()]
    assert [(r["line"], r["status"]) for r in records] == [(1, "invalid"), (2, "solved"), (3, "solved")]
    assert records[0]["error"].startswith("not a JSON object")

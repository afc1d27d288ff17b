"""Reading and writing boards: both formats, and a clear error with line and column for bad input."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from boards import SETTINGS, arbitrary_boards
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.mines import FLAG, HIDDEN, MINE, Board, BoardError, format_friendly, format_mine, parse_board
from puzzlesat.mines.board import symbol
from puzzlesat.mines.reader import read_boards, split_boards
from puzzlesat.streams import read_text_lines

MINE_TEXT = "3x3x2\n1HH\n12H\n01H\n"
FORMATS = Path(__file__).resolve().parents[2] / "puzzles" / "formats" / "mines"


def test_mine_format_is_read_exactly():
    board = parse_board(MINE_TEXT)
    assert (board.width, board.height, board.total_mines) == (3, 3, 2)
    assert board.cells == ((1, HIDDEN, HIDDEN), (1, 2, HIDDEN), (0, 1, HIDDEN))


def test_mine_format_flags_count_in_the_total():
    board = parse_board("2x1x2\nF1\n")
    assert board.cells == ((FLAG, 1),) and board.mines_left == 1


def test_friendly_format_with_spaces_dots_flags_and_a_mines_comment():
    board = parse_board("# a board\n# mines: 3\n1 ? ?\n* 2 ?\n. 1 ?\n")
    assert board.total_mines == 3
    assert board.cells == ((1, HIDDEN, HIDDEN), (FLAG, 2, HIDDEN), (0, 1, HIDDEN))
    assert parse_board("1??\nF2?\n01?", total_mines=3) == board


JSMINESWEEPER_SYMBOLS = "3x2x2\nH?M\nIFO\n"  # covered: H ? M I; flags: F O


def test_mine_format_reads_every_symbol_jsminesweeper_gives_a_meaning_to():
    board = parse_board(JSMINESWEEPER_SYMBOLS)
    assert board.cells == ((HIDDEN,) * 3, (HIDDEN, FLAG, FLAG))
    assert parse_board("3x2x2\nh?m\niFO\n") == board  # lower case covered letters: covered to JSMinesweeper too


def test_friendly_format_reads_minesweepr_boards():
    board = parse_board("..1x\n.2*x\n", total_mines=2)  # minesweeper_util.Board: . blank, * mine, x covered
    assert board.cells == ((0, 0, 1, HIDDEN), (0, 2, FLAG, HIDDEN))
    assert parse_board("..1X:.2fo", total_mines=2) == board  # the web demo's board string, any case
    assert parse_board("..1x:\n.2m?:", total_mines=2) == board


def test_friendly_letters_in_either_case():
    assert parse_board("1hXo\nfF*!").cells == ((1, HIDDEN, HIDDEN, HIDDEN), (FLAG,) * 4)


def test_a_friendly_row_that_looks_like_a_mine_header_is_a_row():
    board = parse_board("1x1x1\n1x1x1\n")
    assert board.cells == ((1, HIDDEN, 1, HIDDEN, 1),) * 2 and board.total_mines is None


def test_shown_symbols_read_back_in_the_friendly_format():
    assert [symbol(value) for value in (HIDDEN, FLAG, MINE, 0, 8)] == ["?", "F", "*", ".", "8"]
    assert parse_board("?F*.1\n?????").cells[0] == (HIDDEN, FLAG, FLAG, 0, 1)


def test_from_rows_takes_strings_or_ints():
    assert Board.from_rows(["1?", "?F"], 2) == Board.from_rows([[1, HIDDEN], [HIDDEN, FLAG]], 2)


def test_writers_round_trip():
    board = parse_board("# mines: 3\n1??\nF2?\n.1?")
    assert parse_board(format_mine(board)) == board
    assert parse_board(format_friendly(board)) == board
    assert format_mine(board).splitlines()[0] == "3x3x3"


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("1??\n1?\n", 2, 3, "ragged"),
        ("1??\n1???\n", 2, 4, "ragged"),
        ("1?z\n", 1, 3, "unknown cell 'z'"),
        ("1?:1\n", 1, 5, "ragged"),
        ("1?:1??\n", 1, 6, "ragged"),
        ("?9?\n", 1, 2, "9"),
        ("4?\n??\n", 1, 1, "only 3 neighbours"),
        ("# mines: 1\nF F ?\n", 2, 3, "2 flags but only 1 mines"),
        ("# mines: lots\n1?\n", 1, 10, "whole number"),
        ("3x3x2\n1HH\n12H\n", 4, 1, "header says 3 rows"),
        ("3x3x2\n1HH\n12H\n01H\nHHH\n", 5, 1, "header says 3 rows"),
        ("3x3x2\n1HH\n12HH\n01H\n", 3, 4, "header says 3"),
        ("3x3x2\n1HH\n1xH\n01H\n", 3, 2, "unknown cell 'x'"),
        ("3x3x2\n1HH\n1fH\n01H\n", 3, 2, "'f' is ambiguous"),
        ("3x3x2\n1HH\n1.H\n01H\n", 3, 2, "write 0 (empty) or H"),
        ("2x2x5\nHH\nHH\n", None, None, "do not fit"),
        ("1??\n\n1??\n", 2, None, "blank line inside"),
    ],
)
def test_bad_boards_name_line_and_column(text, line, column, words):
    with pytest.raises(BoardError) as caught:
        parse_board(text)
    assert words in str(caught.value)
    assert (caught.value.line, caught.value.column) == (line, column)


def test_a_given_total_fills_in_a_missing_one_and_must_agree_with_a_stated_one():
    assert parse_board("1???", total_mines=3).total_mines == 3
    assert parse_board(MINE_TEXT, total_mines=2).total_mines == 2
    assert parse_board("# mines: 2\n1???", total_mines=2).total_mines == 2
    for text, line, column in ((MINE_TEXT, 1, 5), ("# a board\n# mines: 2\n1???", 2, 10)):
        with pytest.raises(BoardError, match="the board states 2 mines but 3 were given") as caught:
            parse_board(text, total_mines=3)
        assert (caught.value.line, caught.value.column) == (line, column)


def test_located_message():
    error = BoardError("unknown cell 'x'", 4, 2)
    assert error.located("a.txt") == "a.txt:4:2: unknown cell 'x'"


def test_boards_split_on_blank_lines_and_mine_headers():
    text = "# only a comment\n\n1?\n??\n\n\n2x1x1\nH1\n1x1x0\n0\n1?\n1x1x0\n0\n"
    blocks = list(split_boards(read_text_lines(text, "in")))
    assert [[line.number for line in block] for block in blocks] == [[3, 4], [7, 8], [9, 10, 11], [12, 13]]


def test_concatenated_mine_files_split_even_when_the_header_is_as_wide_as_the_rows():
    text = "5x1x0\n00000\n5x1x1\nHHHH1\n"
    blocks = list(split_boards(read_text_lines(text, "in")))
    assert [[line.number for line in block] for block in blocks] == [[1, 2], [3, 4]]


def test_a_friendly_row_that_looks_like_a_header_does_not_split_its_board():
    text = "xxxxx\n1x2x1\n.1.1.\n"
    assert [[line.number for line in block] for block in split_boards(read_text_lines(text, "in"))] == [[1, 2, 3]]


SYMBOLS_AND_JUNK = "?HhFfOoMmIiXx*!.:0123456789# \t\nmines:=-é"
EXAMPLES = sorted(path.read_text() for path in FORMATS.iterdir() if path.suffix in (".mine", ".txt"))


def assert_board_or_located_error(text: str, total=None) -> None:
    """parse_board gives a well-formed Board or a BoardError that names a line of the text (or none)."""
    try:
        board = parse_board(text, total_mines=total)
    except BoardError as error:
        assert error.message and (error.line is None or 1 <= error.line <= max(1, len(text.splitlines()) + 1))
    else:
        assert len(board.cells) == board.height and all(len(row) == board.width for row in board.cells)
        assert total is None or board.total_mines == total


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=SYMBOLS_AND_JUNK, max_size=60), st.one_of(st.none(), st.integers(0, 12)))
def test_any_text_is_a_board_or_a_located_error(text, total):
    assert_board_or_located_error(text, total)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(EXAMPLES), st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from("+=-"),
                                                     st.sampled_from(SYMBOLS_AND_JUNK)), max_size=6),
       st.one_of(st.none(), st.integers(0, 12)))
def test_edited_format_examples_are_boards_or_located_errors(text, edits, total):
    chars = list(text)
    for at, how, char in edits:  # insert, replace or delete one character
        if how == "+":
            chars.insert(at % (len(chars) + 1), char)
        elif chars:
            chars[at % len(chars):at % len(chars) + 1] = [char] if how == "=" else []
    edited = "".join(chars)
    assert_board_or_located_error(edited, total)
    for record in read_boards([], total, io.BytesIO(edited.encode())):  # the reader splits as the CLI does
        assert (record.board is None) != (record.error is None)


@SETTINGS
@given(arbitrary_boards())
def test_both_formats_read_back_what_they_write(board):
    assert parse_board(format_friendly(board)) == board
    if board.total_mines is not None:
        assert parse_board(format_mine(board)) == board

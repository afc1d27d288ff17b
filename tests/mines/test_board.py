"""Reading and writing boards: both formats, and a clear error with line and column for bad input."""

from __future__ import annotations

import pytest
from boards import SETTINGS, arbitrary_boards
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.mines import FLAG, HIDDEN, Board, BoardError, format_friendly, format_mine, parse_board
from puzzlesat.mines.reader import split_boards
from puzzlesat.streams import read_text_lines

MINE_TEXT = "3x3x2\n1HH\n12H\n01H\n"


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
        ("1?x\n", 1, 3, "unknown cell 'x'"),
        ("?9?\n", 1, 2, "9"),
        ("4?\n??\n", 1, 1, "only 3 neighbours"),
        ("# mines: 1\nF F ?\n", 2, 3, "2 flags but only 1 mines"),
        ("# mines: lots\n1?\n", 1, 10, "whole number"),
        ("3x3x2\n1HH\n12H\n", 4, 1, "header says 3 rows"),
        ("3x3x2\n1HH\n12H\n01H\nHHH\n", 5, 1, "header says 3 rows"),
        ("3x3x2\n1HH\n12HH\n01H\n", 3, 4, "header says 3"),
        ("3x3x2\n1HH\n1?H\n01H\n", 3, 2, "unknown cell '?'"),
        ("2x2x5\nHH\nHH\n", None, None, "do not fit"),
        ("1??\n\n1??\n", 2, None, "blank line inside"),
    ],
)
def test_bad_boards_name_line_and_column(text, line, column, words):
    with pytest.raises(BoardError) as caught:
        parse_board(text)
    assert words in str(caught.value)
    assert (caught.value.line, caught.value.column) == (line, column)


def test_a_given_total_only_fills_in_a_missing_one():
    assert parse_board(MINE_TEXT, total_mines=3).total_mines == 2
    assert parse_board("# mines: 2\n1???", total_mines=3).total_mines == 2
    assert parse_board("1???", total_mines=3).total_mines == 3


def test_located_message():
    error = BoardError("unknown cell 'x'", 4, 2)
    assert error.located("a.txt") == "a.txt:4:2: unknown cell 'x'"


def test_boards_split_on_blank_lines_and_mine_headers():
    text = "# only a comment\n\n1?\n??\n\n\n2x1x1\nH1\n1x1x0\n0\n"
    blocks = list(split_boards(read_text_lines(text, "in")))
    assert [[line.number for line in block] for block in blocks] == [[3, 4], [7, 8], [9, 10]]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="?HF*.0123456789x# \t\nmines:=-é", max_size=60))
def test_any_text_is_a_board_or_a_located_error(text):
    try:
        board = parse_board(text)
    except BoardError as error:
        assert error.message and (error.line is None or error.line >= 1)
    else:
        assert len(board.cells) == board.height and all(len(row) == board.width for row in board.cells)


@SETTINGS
@given(arbitrary_boards())
def test_both_formats_read_back_what_they_write(board):
    assert parse_board(format_friendly(board)) == board
    if board.total_mines is not None:
        assert parse_board(format_mine(board)) == board

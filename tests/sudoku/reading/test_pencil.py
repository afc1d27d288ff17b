"""sudoku/pencil.py: the candidate grid written for people (HoDoKu's up to 9x9, a mini-grid per cell beyond), and
read back as the same candidates."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from conftest import PUZZLES
from puzzlesat.streams import read_lines
from puzzlesat.sudoku.logic.candidates import CandidateGrid
from puzzlesat.sudoku.model.grid import Shape, default_alphabet
from puzzlesat.sudoku.reading.pencil import marks_grid, masks_grid, mini_grid
from puzzlesat.sudoku.reading.reader import Reader, read_text


def first_puzzle(path):
    return next(iter(Reader().records(read_lines([str(path)])))).puzzle


def masks_of(side: int):
    """Candidate masks of a whole grid: every cell one to `side` candidates, the first all (so that every symbol
    of the alphabet is seen, as in any real position)."""
    full = (1 << side) - 1
    return st.lists(st.integers(1, full), min_size=side * side - 1, max_size=side * side - 1).map(
        lambda masks: [full] + masks)


@pytest.mark.parametrize("side, alphabet", [(12, default_alphabet(12)), (16, default_alphabet(16)),
                                            (16, "0123456789ABCDEF"), (16, "ABCDEFGHIJKLMNOP")])
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_a_mini_grid_reads_back_as_its_candidates(side, alphabet, data):
    masks = data.draw(masks_of(side))
    shape = Shape.of_side(side)
    [record] = read_text("\n".join(mini_grid(masks, shape, alphabet)))
    assert record.error is None, record.error
    assert record.puzzle.candidates == tuple(masks) and "".join(record.puzzle.alphabet) == alphabet


@pytest.mark.parametrize("name, side, width", [("16x16-test6.txt", 16, 79), ("12x12.txt", 12, 59),
                                               ("25x25.txt", 25, 149)])
def test_larger_grids_get_the_mini_grid_each_candidate_in_its_place(name, side, width):
    puzzle = first_puzzle(PUZZLES / "sudoku" / name)
    board = CandidateGrid.start(puzzle)
    lines = marks_grid(board, puzzle.alphabet)
    shape = puzzle.shape
    assert {cell_len(line) for line in lines} == {width}
    assert len(lines) == side * (shape.box_rows + 1) + 1
    cell = next(cell for cell, value in enumerate(board.values) if not value)
    row, col = divmod(cell, side)
    slots = [line[col * (shape.box_cols + 1):col * (shape.box_cols + 1) + shape.box_cols]
             for line in lines[1 + row * (shape.box_rows + 1):][:shape.box_rows]]
    digits = "".join(slots)
    assert all((digits[d] == puzzle.alphabet[d]) == bool(board.cands[cell] >> d & 1) for d in range(side))
    assert all(digits[d] == "·" for d in range(side) if not board.cands[cell] >> d & 1)
    assert read_single("\n".join(lines)).candidates == masks(board)


def masks(board) -> tuple:
    """The candidates of each cell of a board, a placed cell's its digit."""
    return tuple(1 << (value - 1) if value else mask for value, mask in zip(board.values, board.cands))


def read_single(text: str):
    [record] = read_text(text)
    assert record.error is None, record.error
    return record.puzzle


def test_a_grid_written_in_numbers_is_drawn_in_letters_and_says_so():
    puzzle = first_puzzle(PUZZLES / "formats" / "sudoku" / "25x25_numbers.txt")
    lines = marks_grid(CandidateGrid.start(puzzle), puzzle.alphabet)
    assert lines[0] == "(candidates 10-25 written A-P)"
    assert read_single("\n".join(lines)).candidates == masks(CandidateGrid.start(puzzle))


def test_a_0_to_f_grid_reads_back_in_its_own_alphabet():
    """0 among a cell's candidates is a digit: it was read as a blank, and the grid in 1-9A-G."""
    puzzle = first_puzzle(PUZZLES / "formats" / "sudoku" / "16x16_0-F_star_blanks.txt")
    board = CandidateGrid.start(puzzle)
    again = read_single("\n".join(marks_grid(board, puzzle.alphabet)))
    assert "".join(again.alphabet) == "0123456789ABCDEF" and again.candidates == masks(board)


def test_9x9_keeps_hodokus_grid():
    lines = masks_grid([0b111111111] * 81, Shape.of_side(9), "123456789")
    assert lines[0].startswith(".---") and lines[1].startswith("| 123456789 ")

"""Shapes, alphabets, one-line parsing and the solution checker."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlesat.sudoku import PuzzleError, parse
from puzzlesat.sudoku.reading.alphabets import make_puzzle
from puzzlesat.sudoku.model.grid import Puzzle, Shape, box_shape, default_alphabet, is_solution

WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
WIKI_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


@pytest.mark.parametrize("side, boxes", [(4, (2, 2)), (6, (2, 3)), (9, (3, 3)), (12, (3, 4)), (16, (4, 4)), (25, (5, 5))])
def test_box_shapes(side, boxes):
    assert box_shape(side) == boxes


@pytest.mark.parametrize("side", [1, 2, 3, 5, 7, 36])
def test_unsupported_sides(side):
    assert box_shape(side) is None
    with pytest.raises(PuzzleError):
        Shape.of_side(side)


def test_alphabets():
    assert default_alphabet(9) == "123456789"
    assert default_alphabet(16) == "123456789ABCDEFG"
    assert default_alphabet(25) == "123456789ABCDEFGHIJKLMNOP"


@pytest.mark.parametrize("side", [4, 6, 9, 16])
def test_groups_partition_the_grid(side):
    shape = Shape.of_side(side)
    for family in (shape.rows, shape.columns, shape.boxes):
        cells = sorted(cell for group in family for cell in group)
        assert cells == list(range(shape.cells))
        assert all(len(group) == side for group in family)


@st.composite
def puzzle_texts(draw):
    side = draw(st.sampled_from([4, 6, 9, 16]))
    alphabet = default_alphabet(side)
    cells = draw(st.lists(st.sampled_from(alphabet + "."), min_size=side * side, max_size=side * side))
    return "".join(cells)


@given(puzzle_texts())
def test_parse_then_format_round_trips(text):
    puzzle = parse(text)
    assert puzzle.to_line() == text
    assert len(puzzle.values) == len(text)


@given(puzzle_texts())
def test_zero_is_a_blank_like_dot(text):
    assert parse(text.replace(".", "0")).values == parse(text).values


def test_lower_case_letters_are_accepted():
    line = "1........a" + "." * 246
    assert parse(line).values[9] == 10


def test_unknown_symbol_names_its_column():
    with pytest.raises(PuzzleError) as error:
        make_puzzle(WIKI[:10] + "?" + WIKI[11:], Shape.of_side(9))
    assert error.value.column == 11
    assert "'?'" in str(error.value)


def test_is_solution_accepts_the_solution():
    puzzle = parse(WIKI)
    assert is_solution(puzzle, parse(WIKI_SOLUTION).values)


@pytest.mark.parametrize("change", ["swap_in_row", "break_given", "short", "out_of_range"])
def test_is_solution_rejects_broken_grids(change):
    puzzle = parse(WIKI)
    values = list(parse(WIKI_SOLUTION).values)
    if change == "swap_in_row":  # two free cells of row 1 swapped: columns break
        values[2], values[3] = values[3], values[2]
    elif change == "break_given":  # a consistent relabelling that changes a given
        values = [{5: 3, 3: 5}.get(v, v) for v in values]
    elif change == "short":
        values = values[:-1]
    else:
        values[0] = 10
    assert not is_solution(puzzle, values)


def test_is_solution_checks_boxes_not_only_rows_and_columns():
    # a Latin square that is not a Sudoku: rows and columns fine, boxes broken
    values = [(r + c) % 9 + 1 for r in range(9) for c in range(9)]
    assert not is_solution(Puzzle(Shape.of_side(9), (0,) * 81), values)

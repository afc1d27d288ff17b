"""Long-term risk: the shapes of a board, their tallies against brute force, influence, the factor's bounds, the guess."""

from __future__ import annotations

from hypothesis import given

from boards import SETTINGS, layouts, mostly_open_boards
from conftest import PUZZLES
from puzzlesat.mines import parse_board
from puzzlesat.mines.advice import advise
from puzzlesat.mines.count import count_layouts
from puzzlesat.mines.equations import active_numbers
from puzzlesat.mines.long_term import LongTermRisk, shapes


def _risk(board):
    known, flags = board.view
    neighbours = board.neighbour_table
    solution = count_layouts(known, neighbours, board.total_mines, flags)
    mines = set(flags) | solution.mines
    return LongTermRisk(known, neighbours, board.width, board.height, board.total_mines, mines, solution,
                        active_numbers(known, neighbours))


def test_the_shapes_of_a_board_have_their_flanks_on_the_board_only():
    found = shapes(4, 3)
    corner_box = next(s for s in found.every if s.kind == "box" and s.mined[0] == 0)
    assert corner_box.mined == (0, 5) and corner_box.safe == (1, 4)
    assert corner_box.flanks == (10,)  # the one diagonal corner on the board: (2, 2)
    row_pair = next(s for s in found.every if s.kind == "row" and s.mined == (0,))
    assert row_pair.safe == (1,) and row_pair.flanks == (2, 6)  # beyond the right end; the wall on the left
    column_pair = next(s for s in found.every if s.kind == "column" and s.mined == (5,))
    assert column_pair.safe == (9,) and column_pair.flanks == (0, 1, 2)  # above; the bottom wall below
    assert sorted(s.mined[0] for s in found.lone) == [0, 2, 4, 6]  # the boxes in the four corners
    assert {s.kind for s in found.of_cell[0]["row"]} == {"row"} and len(found.of_cell[5]["box"]) == 4


def test_a_corner_pair_whose_flanks_are_mines_forms_in_the_layouts_brute_force_counts():
    # Row 0: (0,0) and (0,1) against the left wall, (0,2) and (1,2) beyond them: flagged, so nothing is missing.
    board = parse_board("# mines: 3\n??F?\n??F?\n1221")
    risk = _risk(board)
    pair = next(s for s in shapes(4, 3).every if s.kind == "row" and s.mined == (0,))
    assert risk.missing(pair) == []
    found = list(layouts(board))
    assert risk.tally(pair, []) == sum(1 for layout in found if layout[(0, 0)] and not layout[(0, 1)])


@SETTINGS
@given(mostly_open_boards())
def test_every_tally_is_the_number_of_layouts_in_which_the_shape_forms(board):
    if board.total_mines is None:
        return
    found = list(layouts(board))
    if not found:
        return
    risk = _risk(board)
    for shape in shapes(board.width, board.height).every:
        missing = risk.missing(shape)
        if missing is None:
            continue
        mined = [board.position_of(cell) for cell in shape.mined + tuple(missing)]
        safe = [board.position_of(cell) for cell in shape.safe]
        expected = sum(1 for layout in found
                       if all(layout.get(cell, True) for cell in mined) and not any(layout[cell] for cell in safe))
        assert risk.tally(shape, missing) == expected


@SETTINGS
@given(mostly_open_boards())
def test_influence_never_exceeds_a_cells_layouts_with_or_without_a_mine_and_the_factor_is_at_least_one(board):
    if board.total_mines is None:
        return
    try:
        risk = _risk(board)
    except Exception:  # a board whose layout does not fit its total is not a position a player meets
        return
    solution = risk.solution
    for cell, mined in solution.numerators.items():
        if cell in risk.mines or cell in solution.safe:
            continue
        influence = risk.influence(cell)
        assert 0 <= influence <= min(mined, solution.layouts - mined)
        assert 1.0 <= risk.factor(cell) <= 1.0 + 0.9 * influence / (solution.layouts - mined) + 1e-12


def test_with_a_corner_1_open_longterm_guesses_a_far_corner_where_lookahead_guesses_beside_it():
    # David Hill's solver makes its first expert guess in a corner, for the 50/50s it would spare; lookahead does not.
    board = parse_board((PUZZLES / "mines" / "expert-corner-1.mine").read_text())
    corners = {(0, board.width - 1), (board.height - 1, 0), (board.height - 1, board.width - 1)}
    assert advise(board, "longterm").cell in corners
    assert advise(board, "lookahead").cell == (0, 2)

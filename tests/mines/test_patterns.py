"""Dead cells and unavoidable 50/50s, checked on known positions and against brute force."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings

from boards import SETTINGS, around, layouts, mostly_open_boards
from puzzlesat.mines import parse_board
from puzzlesat.mines.count import count_layouts
from puzzlesat.mines.board import FLAG
from puzzlesat.mines.patterns import dead_cells, fifty_fifties, find_patterns, is_dead


def _pairs(text: str):
    board = parse_board(text)
    known, flags = board.view
    return [tuple(map(board.position_of, pair)) for pair in fifty_fifties(known, board.neighbour_table, board.total_mines, flags)]


def test_a_pair_in_the_top_row_that_nothing_can_tell_apart_is_a_fifty_fifty():
    assert _pairs("# mines: 1\n??\n11") == [((0, 0), (0, 1))]


def test_the_classic_edge_fifty_fifty_is_found():
    # Column 0 has two covered cells, one mine; the numbers beside them see both: nothing can ever tell them apart.
    assert _pairs("# mines: 1\n?1\n?1") == [((0, 0), (1, 0))]


def test_a_pair_that_a_later_reveal_can_separate_is_not_a_fifty_fifty():
    # (0, 2) and (1, 2) are certainly safe and next to (0, 1) only: opening one tells the pair apart.
    assert _pairs("# mines: 1\n???\n11?") == []


def test_a_pair_with_one_mine_that_other_cells_can_tell_apart_is_not_a_fifty_fifty():
    # Two layouts: (0, 2) or (0, 3) holds the third mine; (1, 3), next to (0, 3) only... is it safe? Either way a
    # covered cell next to one of them and not the other remains, so a later number can separate them.
    board = "# mines: 3\n2???\n????\n2210"
    assert _pairs(board) == []


def test_cells_whose_neighbours_are_all_open_or_known_are_dead():
    board = parse_board("# mines: 1\n?F\n11")
    known, flags = board.view
    corner = board.index_of((0, 0))
    assert is_dead(corner, known, board.neighbour_table, flags, set())
    open_board = parse_board("# mines: 1\n??\n11")
    known, flags = open_board.view
    assert not is_dead(corner, known, open_board.neighbour_table, flags, set())


@SETTINGS
@given(mostly_open_boards())
def test_every_reported_fifty_fifty_holds_one_mine_and_no_cell_can_ever_tell_it_apart(board):
    known, flags = board.view  # a board from a real layout: never inconsistent
    pairs = fifty_fifties(known, board.neighbour_table, board.total_mines, flags)
    found = list(layouts(board))
    for a, b in pairs:
        a, b = board.position_of(a), board.position_of(b)
        assert all(layout[a] != layout[b] for layout in found)
        for layout in found:
            swapped = {**layout, a: layout[b], b: layout[a]}
            assert swapped in found
            mines = {cell for cell, mine in swapped.items() if mine} | set(board.flags)
            before = {cell for cell, mine in layout.items() if mine} | set(board.flags)
            for cell in layout:
                if cell not in (a, b) and not layout[cell]:  # every safe cell would show the same number
                    assert sum(n in mines for n in around(board, *cell)) == sum(n in before for n in around(board, *cell))


@SETTINGS
@given(mostly_open_boards())
def test_a_dead_cell_shows_the_same_number_in_every_layout_where_it_is_safe(board):
    known, flags = board.view
    counts = count_layouts(known, board.neighbour_table, board.total_mines, flags)
    found = list(layouts(board))
    for cell in board.hidden:
        index = board.index_of(cell)
        if is_dead(index, known, board.neighbour_table, flags | counts.mines, counts.safe):
            shown = {sum(layout.get(n, n in board.flags) for n in around(board, *cell)) for layout in found if not layout[cell]}
            assert len(shown) <= 1


def _dead(text: str):
    board = parse_board(text)
    known, flags = board.view
    return [board.position_of(cell) for cell in dead_cells(known, board.neighbour_table, board.total_mines, flags)]


def test_both_cells_of_an_unavoidable_fifty_fifty_are_dead():
    assert _dead("# mines: 1\n??\n11") == [(0, 0), (0, 1)]


def test_a_cell_walled_in_by_known_mines_is_dead():
    # (0, 0) touches only the flags (0, 1), (1, 0), (1, 1): it can show 3 and nothing else.
    assert (0, 0) in _dead("# mines: 4\n?F?\nFF?\n???")


def test_the_centre_of_a_three_by_three_board_with_one_mine_is_dead_and_no_other_cell_is():
    # Wherever the mine is, the centre is next to it: safe, it shows 1. A corner shows 0 or 1.
    assert _dead("# mines: 1\n???\n???\n???") == [(1, 1)]


def test_a_cell_whose_undecided_neighbours_always_hold_the_same_number_of_mines_is_dead():
    # The zeros make the middle row and (2, 2) safe, so the mine is in the top row; (0, 1) sees both of the other
    # top cells: where it is safe, it shows 1. The corners see only (0, 1) of them: 0 or 1.
    assert _dead("# mines: 1\n???\n???\n..?") == [(0, 1)]


@SETTINGS
@given(mostly_open_boards())
def test_dead_cells_are_exactly_the_cells_that_show_one_number_in_every_layout_where_they_are_safe(board):
    known, flags = board.view
    found = list(layouts(board))
    dead = {board.position_of(cell) for cell in dead_cells(known, board.neighbour_table, board.total_mines, flags)}
    for cell in board.hidden:
        mined = [layout[cell] for layout in found]
        if all(mined) or not any(mined):
            assert cell not in dead  # decided cells are certain, not dead
            continue
        shown = {sum(layout.get(n, n in board.flags) for n in around(board, *cell)) for layout in found
                 if not layout[cell]}
        assert (cell in dead) == (len(shown) == 1), cell


def _brute_patterns(board):
    """Dead cells and 50/50s by the definitions, from every layout (positions, sorted)."""
    found = list(layouts(board))
    hidden = [cell for cell in found[0] if board.cells[cell[0]][cell[1]] != FLAG]
    certain = {cell for cell in found[0] if all(layout[cell] for layout in found)}
    decided = certain | {cell for cell in hidden if not any(layout[cell] for layout in found)}
    dead = sorted(cell for cell in hidden if cell not in decided and len(
        {sum(layout.get(n, False) for n in around(board, *cell)) for layout in found if not layout[cell]}) == 1)
    halves = [cell for cell in hidden if cell not in decided]
    known_mines = certain | {(r, c) for r in range(board.height) for c in range(board.width)
                             if board.cells[r][c] == FLAG}
    pairs = []
    for i, a in enumerate(halves):
        for b in halves[i + 1:]:
            one = all(layout[a] != layout[b] for layout in found)
            apart = (set(around(board, *a)) - {b}) ^ (set(around(board, *b)) - {a})
            if one and all(cell in known_mines for cell in apart):
                pairs.append((a, b))
    return dead, pairs


def _found(board, exhaustive=True):
    known, flags = board.view
    result = find_patterns(known, board.neighbour_table, board.total_mines, flags, exhaustive=exhaustive)
    where = board.position_of
    return ([where(c) for c in result.dead], [(where(a), where(b)) for a, b in result.fifty_fifties],
            [where(c) for c in result.unjudged])


@SETTINGS
@given(mostly_open_boards())
def test_dead_cells_and_fifty_fifties_equal_brute_force(board):
    assume(board.total_mines is not None)  # without a total neither is looked for (a 50/50 needs the count)
    dead, pairs, unjudged = _found(board, exhaustive=False)
    assert (dead, pairs, unjudged) == (*_brute_patterns(board), [])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(board=mostly_open_boards())
def test_parts_too_large_to_list_are_judged_exactly_when_asked_and_never_wrongly_otherwise(board, monkeypatch):
    # Every part swept (never listed) and none listed for dead cells: the random layouts, the equations and the
    # second count decide instead.
    import puzzlesat.mines.parts as parts
    import puzzlesat.mines.patterns as patterns

    assume(board.total_mines is not None)
    monkeypatch.setattr(parts, "LISTED_STEPS", 0)
    monkeypatch.setattr(patterns, "LISTED_LAYOUTS", 0)
    dead, pairs = _brute_patterns(board)
    assert _found(board, exhaustive=True)[:2] == (dead, pairs)
    cheap, cheap_pairs, unjudged = _found(board, exhaustive=False)
    assert set(cheap) <= set(dead) <= set(cheap) | set(unjudged) and cheap_pairs == pairs

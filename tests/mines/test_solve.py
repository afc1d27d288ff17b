"""The logical solve of a known layout, checked against brute force: a perfect player that lists every layout."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from boards import SETTINGS
from puzzlesat.mines.solve import STUCK, WON, Solve, needs_no_guess, solved_by_sat


def _around(width, height, row, col):
    return [(r, c) for r in range(row - 1, row + 2) for c in range(col - 1, col + 2)
            if (r, c) != (row, col) and 0 <= r < height and 0 <= c < width]


def brute_force_wins(width, height, mines, first, use_total=True) -> bool:
    """Play by listing every layout that fits what is open (and the total): open every cell safe in all of them."""
    mines = set(mines)
    cells = [(r, c) for r in range(height) for c in range(width)]
    number = {cell: sum(n in mines for n in _around(width, height, *cell)) for cell in cells}
    opened = set()

    def open_(cell):
        stack = [cell]
        while stack:
            here = stack.pop()
            if here in opened:
                continue
            opened.add(here)
            if number[here] == 0:
                stack.extend(_around(width, height, *here))

    open_(first)
    while len(opened) < len(cells) - len(mines):
        hidden = [cell for cell in cells if cell not in opened]
        fitting = []
        for bits in itertools.product((0, 1), repeat=len(hidden)):
            layout = {cell for cell, bit in zip(hidden, bits) if bit}
            if use_total and len(layout) != len(mines):
                continue
            if all(sum(n in layout for n in _around(width, height, *cell)) == number[cell] for cell in opened):
                fitting.append(layout)
        safe = [cell for cell in hidden if not any(cell in layout for layout in fitting)]
        if not safe:
            return False
        for cell in safe:
            open_(cell)
    return True


@st.composite
def small_layouts(draw):
    """A layout of at most 12 cells and a first click that is not a mine."""
    width, height = draw(st.integers(1, 4)), draw(st.integers(1, 3))
    cells = [(r, c) for r in range(height) for c in range(width)]
    first = draw(st.sampled_from(cells))
    others = [cell for cell in cells if cell != first]
    mines = draw(st.lists(st.sampled_from(others), unique=True, max_size=len(others))) if others else []
    return width, height, mines, first


@SETTINGS
@given(small_layouts(), st.booleans())
def test_the_solve_wins_exactly_the_layouts_a_player_listing_every_layout_wins(layout, use_total):
    width, height, mines, first = layout
    assert needs_no_guess(width, height, mines, first, use_total) == brute_force_wins(width, height, mines, first,
                                                                                        use_total)


@SETTINGS
@given(small_layouts())
def test_sat_alone_answers_as_the_solve_does(layout):
    width, height, mines, first = layout
    assert solved_by_sat(width, height, mines, first) == needs_no_guess(width, height, mines, first)


def test_a_first_click_on_a_mine_is_refused_and_never_wins():
    assert not needs_no_guess(3, 3, [(1, 1)], (1, 1))
    try:
        Solve(3, 3, [(1, 1)], (1, 1))
    except ValueError as error:
        assert "mine" in str(error)
    else:
        raise AssertionError("a mine under the first click was accepted")


def test_the_total_decides_what_the_numbers_alone_cannot():
    # 1x3, mines at both ends, opened in the middle: a 2 decides both. With one mine at (0, 2) of a 1x4 board opened
    # at (0, 0): 0 opens (0, 1), which shows 1: (0, 2) is the mine... and (0, 3)? Only the total says it is safe.
    assert needs_no_guess(4, 1, [(0, 2)], (0, 0), use_total=True)
    assert not needs_no_guess(4, 1, [(0, 2)], (0, 0), use_total=False)


def test_a_stuck_solve_stops_where_a_guess_is_needed_and_says_so():
    solve = Solve(2, 2, [(0, 1)], (1, 1))
    assert solve.run() == STUCK and solve.opened == 1 and not solve.won
    assert Solve(3, 3, [(0, 2), (2, 2)], (0, 0)).run() == WON


def test_placing_a_mine_changes_the_numbers_around_it_and_the_solve_goes_on():
    solve = Solve(2, 2, [(0, 1)], (1, 1))
    assert solve.run() == STUCK
    solve.place(0, True)  # (0, 0) gets a mine: the 1 at (1, 1) becomes 2, and the total 2
    assert solve.known[3] == 2 and solve.total == 2
    solve.place(1, False)  # (0, 1) loses its mine: back to 1, with the mine at (0, 0)
    assert solve.run() == STUCK and solve.mines() == [(0, 0)]

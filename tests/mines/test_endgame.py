"""The exact endgame search."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.budget import Budget
from puzzlesat.errors import OutOfBudget
from puzzlesat.mines.endgame import Endgame
from puzzlesat.mines.board import HIDDEN
from puzzlesat.mines.game import Game, Setup


def test_endgame_search_prefers_the_cell_whose_number_settles_the_rest():
    # A 1x3 strip with one mine: opening an end shows whether the middle holds it (win 2/3);
    # opening the middle always shows 1 and leaves a 50/50 (win 1/3).
    game = Game(Setup(3, 1, 1), 0, 0)
    layouts = [frozenset({0}), frozenset({1}), frozenset({2})]
    cell, win = Endgame((0, 1, 2), layouts, game.neighbours).best_move()
    assert cell in (0, 2) and win == 2 / 3
    cell, win = Endgame((0, 2), [frozenset({0}), frozenset({2})], game.neighbours).best_move()
    assert win == 0.5


def test_a_search_past_its_node_budget_stops():
    game = Game(Setup(8, 1, 4), 0, 0)
    cells = tuple(range(8))
    layouts = [frozenset(combo) for combo in combinations(cells, 4)]
    with pytest.raises(OutOfBudget):
        Endgame(cells, layouts, game.neighbours).best_move(budget=Budget(nodes=3))


def brute_win(cells, layouts, neighbours) -> float:
    """The chance of winning by playing exactly, by trying every order of opening cells (no shortcut)."""
    memo = {}

    def win(left: frozenset, opened: frozenset) -> float:
        if len(left) == 1:
            return 1.0
        if (left, opened) not in memo:
            best = 0.0
            for cell in cells:
                if cell in opened:
                    continue
                parts = {}
                for layout in left:
                    if cell not in layout:
                        parts.setdefault(len(layout & neighbours[cell]), set()).add(layout)
                if parts:
                    best = max(best, sum(len(part) * win(frozenset(part), opened | {cell})
                                         for part in parts.values()) / len(left))
            memo[left, opened] = best
        return memo[left, opened]

    return win(frozenset(layouts), frozenset())


@given(st.integers(1, 3), st.integers(2, 3), st.data())
@settings(max_examples=80, deadline=None)
def test_the_search_wins_as_often_as_trying_every_order_of_moves(width, height, data):
    game = Game(Setup(width, height, 1), 0, 0)
    cells = tuple(range(width * height))
    mines = data.draw(st.integers(1, len(cells) - 1))
    every = [frozenset(combo) for combo in combinations(cells, mines)]
    layouts = data.draw(st.lists(st.sampled_from(every), min_size=2, unique=True))  # one layout: nothing to guess
    neighbours = [frozenset(around) for around in game.neighbours]
    search = Endgame(cells, layouts, game.neighbours)
    cell, win = search.best_move()
    assert win == pytest.approx(brute_win(cells, layouts, neighbours))
    assert not all(cell in layout for layout in layouts)


def test_a_search_kept_between_moves_answers_from_what_it_met():
    # 1x5 strip, 2 mines: search once, open the chosen cell, then ask again for the layouts that still fit.
    game = Game(Setup(5, 1, 2), 0, 0)
    cells = tuple(range(5))
    layouts = [frozenset(combo) for combo in combinations(cells, 2)]
    search = Endgame(cells, layouts, game.neighbours)
    cell, win = search.best_move()
    safe_layout = next(layout for layout in layouts if cell not in layout)
    known = [HIDDEN] * 5
    known[cell] = len(safe_layout & set(game.neighbours[cell]))
    fitting = search.fitting(known)
    left = [layout for layout in layouts if cell not in layout and len(layout & set(game.neighbours[cell])) == known[cell]]
    assert bin(fitting).count("1") == len(left)
    nodes = Budget(nodes=0)  # nothing new may be visited: every position after the first move was met
    again, again_win = search.best_move(fitting, nodes)
    fresh, fresh_win = Endgame(cells, left, game.neighbours).best_move()
    assert again_win == pytest.approx(fresh_win)


def test_a_search_of_living_cells_leaves_out_a_cell_that_shows_one_number():
    # 1x4 strip, one mine in cells 0-2 (cell 3 is known safe and never a mine): cell 1 shows 1 wherever it is safe
    # (its neighbours 0 and 2 hold the mine), so it teaches only by surviving; the living search never tries it.
    game = Game(Setup(4, 1, 1), 0, 0)
    layouts = [frozenset({0}), frozenset({1}), frozenset({2})]
    search = Endgame((0, 1, 2, 3), layouts, game.neighbours, living_only=True)
    assert search._cells(search.everything, 3) == (3, [])  # cell 3 is safe and tells 2 from the rest: first
    without_three = Endgame((0, 1, 2), layouts, game.neighbours, living_only=True)
    assert without_three._cells(without_three.everything, 3)[1] == [0, 2]
    assert Endgame((0, 1, 2), layouts, game.neighbours)._cells(without_three.everything, 3)[1] == [0, 1, 2]
    dead_only = Endgame((0, 2), [frozenset({0}), frozenset({2})], game.neighbours, living_only=True)
    assert dead_only.best_move() == (0, 0.5)  # every uncertain cell shows one number: they are tried after all


def test_a_search_cut_short_keeps_the_best_move_it_finished_and_the_moves_it_judged():
    game = Game(Setup(8, 1, 4), 0, 0)
    cells = tuple(range(8))
    layouts = [frozenset(combo) for combo in combinations(cells, 4)]
    search = Endgame(cells, layouts, game.neighbours)
    whole = Endgame(cells, layouts, game.neighbours).best_move(budget=Budget(nodes=10 ** 6))
    for nodes in (1, 30, 200):
        try:
            search.best_move(budget=Budget(nodes=nodes))
        except OutOfBudget:
            pass
        best, judged = search.partial
        assert (best is None) == (not judged)
        if best is not None:
            assert best in judged
    assert search.best_move(budget=Budget(nodes=10 ** 6)) == whole  # what it met is kept: it goes on from there
    assert search.partial[0] == whole[0] and set(search.partial[1]) <= set(cells)

"""The exact endgame search."""

from __future__ import annotations

from itertools import combinations

import pytest

from puzzlesat.budget import Budget
from puzzlesat.errors import OutOfBudget
from puzzlesat.mines.endgame import Endgame
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
        Endgame(cells, layouts, game.neighbours, Budget(nodes=3)).best_move()

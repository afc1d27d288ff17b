"""The play-time solver and the strategies, checked against brute force and against the SAT analysis."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.mines.analyze import analyze
from puzzlesat.mines import fastsolve
from puzzlesat.mines.endgame import Endgame
from puzzlesat.mines.game import HIDDEN, Game, Setup
from puzzlesat.mines.strategy import STRATEGIES, make_player


@st.composite
def positions(draw, max_cells=16):
    """A position reached by real play (minprob) on a small board, game not over."""
    width = draw(st.integers(2, 5))
    height = draw(st.integers(2, max(2, max_cells // width)))
    mines = draw(st.integers(1, width * height - 2))
    game = Game(Setup(width, height, mines), draw(st.integers(0, 999)), draw(st.integers(0, 999)))
    player = make_player("minprob", game)
    for _ in range(draw(st.integers(1, 5))):
        cell, probability = player.choose()
        game.open(game.cell_of(cell), probability)
        if game.over:
            break
    return game


def brute_force(game: Game):
    """Layouts consistent with what the player sees, by listing every placement of the mines."""
    hidden = [i for i, value in enumerate(game.known) if value == HIDDEN]
    for combo in itertools.combinations(hidden, game.setup.mines):
        mines = set(combo)
        if all(v == HIDDEN or v == sum(n in mines for n in game.neighbours[i]) for i, v in enumerate(game.known)):
            yield mines


@given(positions())
@settings(max_examples=150, deadline=None)
def test_probabilities_and_layout_counts_match_brute_force(game):
    if game.over:
        return
    layouts = list(brute_force(game))
    solution = fastsolve.solve(game.known, game.setup.mines, game.neighbours)
    assert solution.layouts == len(layouts)
    for cell, value in enumerate(game.known):
        if value == HIDDEN:
            assert solution.exact(cell) == Fraction(sum(cell in m for m in layouts), len(layouts))


@given(positions(max_cells=20))
@settings(max_examples=60, deadline=None)
def test_certain_cells_and_probabilities_match_the_sat_analysis(game):
    if game.over:
        return
    analysis = analyze(game.board())
    solution = fastsolve.solve(game.known, game.setup.mines, game.neighbours)
    assert {game.cell_of(c) for c in solution.safe} == set(analysis.safe)
    assert {game.cell_of(c) for c in solution.mines} == set(analysis.mines)
    for cell, value in enumerate(game.known):
        if value == HIDDEN:
            row, col = game.cell_of(cell)
            assert solution.exact(cell) == analysis.probabilities[row][col]


def test_strategies_never_open_a_proven_mine_and_take_certain_cells_first():
    for name in STRATEGIES:
        for index in range(12):
            game = Game(Setup(6, 6, 7), 11, index)
            player = make_player(name, game)
            while not game.over:
                cell, probability = player.choose()
                if game.mines is not None:
                    analysis = analyze(game.board(), probabilities=False)
                    assert game.cell_of(cell) not in analysis.mines
                    if analysis.safe:
                        assert game.cell_of(cell) in analysis.safe, "a certain move exists but the player guessed"
                game.open(game.cell_of(cell), probability)


def test_inconsistent_positions_are_reported():
    game = Game(Setup(3, 1, 1), 0, 0)
    known = [1, 0, HIDDEN]  # the 1 at the left needs a mine next to it, but its only neighbour is open
    try:
        fastsolve.solve(known, 1, game.neighbours)
    except fastsolve.Inconsistent:
        return
    raise AssertionError("an impossible position was accepted")


def test_endgame_search_prefers_the_cell_whose_number_settles_the_rest():
    # A 1x3 strip with one mine: opening an end shows whether the middle holds it (win 2/3);
    # opening the middle always shows 1 and leaves a 50/50 (win 1/3).
    game = Game(Setup(3, 1, 1), 0, 0)
    layouts = [frozenset({0}), frozenset({1}), frozenset({2})]
    cell, win = Endgame((0, 1, 2), layouts, game.neighbours).best_move()
    assert cell in (0, 2) and win == 2 / 3
    cell, win = Endgame((0, 2), [frozenset({0}), frozenset({2})], game.neighbours).best_move()
    assert win == 0.5


def test_explicit_layouts_list_every_layout_once():
    for index in range(20):
        game = Game(Setup(5, 4, 6), 3, index)
        player = make_player("minprob", game)
        cell, probability = player.choose()
        game.open(game.cell_of(cell), probability)
        if game.over:
            continue
        solution = fastsolve.solve(game.known, game.setup.mines, game.neighbours)
        cells, layouts = fastsolve.explicit_layouts(game.known, game.setup.mines, game.neighbours, set(), solution)
        assert len(layouts) == len(set(layouts)) == solution.layouts
        expected = {frozenset(m) & set(cells) for m in brute_force(game)}
        assert set(layouts) == expected

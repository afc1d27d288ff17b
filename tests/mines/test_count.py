"""The one counting engine, on positions from real play: checked against brute force, against the SAT analysis,
and its shortcuts (memo, incremental trivial rules, no total, listing every layout) against a plain count."""

from __future__ import annotations

from fractions import Fraction

import pytest
from boards import game_layouts, game_positions
from hypothesis import assume, given, settings

from puzzlesat.budget import Budget
from puzzlesat.errors import Inconsistent, OutOfBudget
from puzzlesat.mines import analyze
from puzzlesat.mines.board import HIDDEN
from puzzlesat.mines.count import count_layouts, list_layouts, trivial
from puzzlesat.mines.equations import active_numbers
from puzzlesat.mines.game import Game, Setup
from puzzlesat.mines.strategy import make_player


def count(game: Game, **options):
    """count_layouts of what the player sees."""
    return count_layouts(game.known, game.neighbours, game.setup.mines, **options)


@given(game_positions())
@settings(max_examples=150, deadline=None)
def test_probabilities_and_layout_counts_match_brute_force(game):
    assume(not game.over)
    layouts = list(game_layouts(game))
    counts = count(game)
    assert counts.layouts == len(layouts)
    for cell, value in enumerate(game.known):
        if value == HIDDEN:
            assert counts.exact(cell) == Fraction(sum(cell in m for m in layouts), len(layouts))


@given(game_positions(max_cells=20))
@settings(max_examples=60, deadline=None)
def test_certain_cells_and_probabilities_match_the_sat_analysis(game):
    assume(not game.over)
    analysis = analyze(game.board(), check=True)
    counts = count(game)
    assert {game.position_of(c) for c in counts.safe} == set(analysis.safe)
    assert {game.position_of(c) for c in counts.mines} == set(analysis.mines)
    for cell, value in enumerate(game.known):
        if value == HIDDEN:
            row, col = game.position_of(cell)
            assert counts.exact(cell) == analysis.probabilities[row][col]


@given(game_positions(max_cells=20))
@settings(max_examples=60, deadline=None)
def test_the_shortcuts_a_player_takes_give_the_same_counts(game):
    assume(not game.over)
    plain = count(game)
    numbers = active_numbers(game.known, game.neighbours)
    memo: dict = {}
    for _ in range(2):  # the second time every part comes from the memo
        quick = count(game, memo=memo, numbers=numbers)
        assert (quick.safe, quick.mines, quick.layouts, quick.numerators) == \
               (plain.safe, plain.mines, plain.layouts, plain.numerators)
    early = count(game, probabilities=False)
    assert early.safe <= plain.safe and early.mines <= plain.mines
    assert early.safe or early.counted


@given(game_positions(max_cells=16))
@settings(max_examples=60, deadline=None)
def test_without_a_total_only_certain_cells_and_the_layout_count(game):
    assume(not game.over)
    without = count_layouts(game.known, game.neighbours, None)
    board = game.board().with_total(None)
    analysis = analyze(board, check=True)
    assert {game.position_of(c) for c in without.safe} == set(analysis.safe)
    assert {game.position_of(c) for c in without.mines} == set(analysis.mines)
    assert without.layouts == analysis.layouts and not without.numerators


def test_inconsistent_positions_are_reported():
    game = Game(Setup(3, 1, 1), 0, 0)
    known = [1, 0, HIDDEN]  # the 1 at the left needs a mine next to it, but its only neighbour is open
    with pytest.raises(Inconsistent):
        count_layouts(known, game.neighbours, 1)
    with pytest.raises(Inconsistent):
        trivial(known, game.neighbours)


@pytest.mark.slow
def test_every_layout_listed_once():
    for index in range(20):
        game = Game(Setup(5, 4, 6), 3, index)
        player = make_player("minprob", game)
        cell, probability = player.choose()
        game.open(game.position_of(cell), probability)
        if game.over:
            continue
        counts = count(game)
        cells, layouts = list_layouts(game.known, game.neighbours, game.setup.mines, set(), counts)
        assert len(layouts) == len(set(layouts)) == counts.layouts
        assert set(layouts) == {frozenset(m) & set(cells) for m in game_layouts(game)}


def test_a_spent_budget_stops_the_count():
    rows = [[HIDDEN if (r % 3 and c % 3) else 1 if (r + c) % 2 else HIDDEN for c in range(60)] for r in range(60)]
    known = [value for row in rows for value in row]
    from puzzlesat.mines.board import neighbour_table

    with pytest.raises(OutOfBudget):
        count_layouts(known, neighbour_table(60, 60), 700, budget=Budget(seconds=0.001))

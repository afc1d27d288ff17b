"""Layouts drawn exactly: every draw explains the position, and each layout is equally likely (against brute force)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from boards import game_layouts, game_positions
from hypothesis import assume, given, settings

from puzzlesat.errors import Inconsistent
from puzzlesat.mines.board import HIDDEN
from puzzlesat.mines.count import count_layouts
from puzzlesat.mines.game import Game, Setup, parse_size
from puzzlesat.mines.sampling import sample_layouts
from puzzlesat.mines.strategy import make_player


def explains(layout, game) -> bool:
    """The layout has the game's mine count and gives every open cell its number."""
    return len(layout) == game.setup.mines and all(
        value == HIDDEN or (cell not in layout and value == sum(n in layout for n in game.neighbours[cell]))
        for cell, value in enumerate(game.known))


@given(game_positions(max_cells=20))
@settings(max_examples=80, deadline=None)
def test_every_drawn_layout_explains_the_position(game):
    assume(not game.over)
    layouts = sample_layouts(game.known, game.neighbours, game.setup.mines, count=20, rng=random.Random(1))
    assert len(layouts) == 20 and all(explains(layout, game) for layout in layouts)


def chi_square(counts: Counter, population: list, draws: int) -> float:
    """Pearson's statistic of the draws against the uniform distribution over `population`."""
    expected = draws / len(population)
    return sum((counts[item] - expected) ** 2 / expected for item in population)


@pytest.mark.parametrize("seed", [3, 10, 21])
def test_each_layout_is_drawn_equally_often(seed):
    game = Game(Setup(5, 4, 6), seed, 1)
    player = make_player("minprob", game)
    for _ in range(3):
        cell, probability = player.choose()
        game.open(game.position_of(cell), probability)
    assert not game.over
    population = [frozenset(layout) for layout in game_layouts(game)]
    assert len(population) > 100  # a position with many layouts and several parts
    draws = 40 * len(population)
    counts = Counter(sample_layouts(game.known, game.neighbours, 6, count=draws, rng=random.Random(seed)))
    assert set(counts) <= set(population)
    freedom = len(population) - 1
    assert chi_square(counts, population, draws) < freedom + 5 * (2 * freedom) ** 0.5  # far beyond 99.9%
    lopsided = Counter({population[0]: draws})  # the test can fail: all draws on one layout
    assert chi_square(lopsided, population, draws) > freedom + 5 * (2 * freedom) ** 0.5


def test_expert_draws_match_the_exact_probabilities():
    setup = parse_size("expert")
    game = Game(setup, 0, 6)
    player = make_player("lookahead", game)
    guesses = 0
    while guesses < 3:
        decision = player.decide()
        guesses += decision.reason not in ("first", "safe")
        game.open(game.position_of(decision.cell), decision.probability)
    assert not game.over
    counts = count_layouts(game.known, game.neighbours, setup.mines)
    draws = 3000
    layouts = sample_layouts(game.known, game.neighbours, setup.mines, count=draws, rng=random.Random(2))
    assert all(explains(layout, game) for layout in layouts[:200])
    for cell in counts.frontier:
        chance = counts.probability(cell)
        if 0 < chance < 1:
            seen = sum(cell in layout for layout in layouts) / draws
            assert abs(seen - chance) < 5 * (chance * (1 - chance) / draws) ** 0.5


def test_the_same_generator_seed_draws_the_same_layouts_and_no_layout_is_an_error():
    game = Game(Setup(5, 4, 6), 3, 1)
    game.open((0, 0))
    first, again = (sample_layouts(game.known, game.neighbours, 6, count=5, rng=random.Random(7)) for _ in range(2))
    assert first == again
    with pytest.raises(Inconsistent):
        sample_layouts([1, 0, HIDDEN], Game(Setup(3, 1, 1)).neighbours, 1)

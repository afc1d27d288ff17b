"""The game engine: first-click rules, flood fill, win and loss, determinism by (seed, game index)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.mines.game import HIDDEN, LEVELS, Game, Setup, parse_cell, parse_size


@st.composite
def started_games(draw):
    """A game on a small random board right after a first click anywhere."""
    width, height = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    rules = draw(st.sampled_from(["safe", "zero"]))
    room = width * height - (9 if rules == "zero" else 1)
    if room < 0:
        rules, room = "safe", width * height - 1
    mines = draw(st.integers(0, room))
    game = Game(Setup(width, height, mines, rules), draw(st.integers(0, 10**6)), draw(st.integers(0, 10**6)))
    cell = (draw(st.integers(0, height - 1)), draw(st.integers(0, width - 1)))
    return game, cell


@given(started_games())
@settings(max_examples=200, deadline=None)
def test_first_click_and_flood_fill_follow_the_rules(case):
    game, cell = case
    game.open(cell)
    first = game.index_of(cell)
    assert len(game.mines) == game.setup.mines and first not in game.mines
    if game.setup.rules == "zero":
        assert game.known[first] == 0
    opened = {i for i, value in enumerate(game.known) if value != HIDDEN}
    for i in opened:
        assert i not in game.mines
        assert game.known[i] == sum(n in game.mines for n in game.neighbours[i])
        if game.known[i] == 0:
            assert all(n in opened for n in game.neighbours[i]), "a revealed zero opens all its neighbours"
    reached, stack = {first}, [first]  # every opened cell is reached from the click through opened zeros
    while stack:
        i = stack.pop()
        if game.known[i] == 0:
            for n in game.neighbours[i]:
                if n not in reached:
                    reached.add(n)
                    stack.append(n)
    assert reached == opened
    assert game.won == (len(opened) == game.setup.cells - game.setup.mines)


def test_safe_rule_spreads_mines_uniformly_over_the_other_cells():
    setup = Setup(3, 3, 1, "safe")
    counts = Counter()
    for index in range(3600):
        game = Game(setup, 5, index)
        game.open((0, 0))
        counts.update(game.mines)
    assert 0 not in counts and len(counts) == 8
    assert all(350 <= n <= 550 for n in counts.values()), counts  # 450 expected each


def test_zero_rule_keeps_the_click_and_its_neighbours_free():
    setup = Setup(4, 4, 7, "zero")
    for index in range(200):
        game = Game(setup, 1, index)
        game.open((1, 1))
        assert not game.mines & {0, 1, 2, 4, 5, 6, 8, 9, 10}
        assert game.known[5] == 0


def test_opening_every_safe_cell_wins_and_a_mine_loses():
    setup = Setup(*LEVELS["beginner"])
    game = Game(setup, 3, 4)
    game.open((4, 4))
    for index in range(setup.cells):
        if index not in game.mines and game.known[index] == HIDDEN:
            game.open(game.position_of(index))
    assert game.won and game.over
    lost = Game(setup, 3, 4)
    lost.open((4, 4))
    lost.open(lost.position_of(min(lost.mines)), probability=0.5)
    assert lost.state == "lost" and lost.moves[-1].exploded
    with pytest.raises(ValueError):
        lost.open((0, 0))


def test_a_game_is_determined_by_seed_index_and_first_click():
    setup = parse_size("expert")
    layouts = []
    for seed, index in [(1, 7), (1, 7), (1, 8), (2, 7)]:
        game = Game(setup, seed, index)
        game.open((0, 0))
        layouts.append(game.mines)
    assert layouts[0] == layouts[1]
    assert layouts[0] != layouts[2] and layouts[0] != layouts[3]


def test_opening_an_open_cell_or_off_the_board_is_an_error():
    game = Game(Setup(5, 5, 3, "zero"), 0, 0)
    game.open((2, 2))
    with pytest.raises(ValueError):
        game.open((2, 2))
    with pytest.raises(ValueError):
        game.open((5, 0))


def test_sizes_levels_and_cells_are_parsed_and_checked():
    assert parse_size("Expert") == Setup(30, 16, 99, "safe")
    assert parse_size("8x8x10", "zero") == Setup(8, 8, 10, "zero")
    assert parse_size("intermediate").level == "intermediate" and parse_size("8x8x10").level is None
    for bad in ("huge", "8x8", "8x8x64", "0x5x1"):
        with pytest.raises(ValueError):
            parse_size(bad)
    with pytest.raises(ValueError):
        parse_size("3x3x1", "zero")  # no room for the mine outside the click's neighbourhood
    setup = parse_size("expert")
    assert parse_cell("corner", setup) == (0, 0) and parse_cell("center", setup) == (8, 15)
    assert parse_cell("3, 4", setup) == (3, 4)
    with pytest.raises(ValueError):
        parse_cell("16,0", setup)


def test_a_game_resumed_from_a_view_and_a_layout_plays_on_as_the_original():
    setup = Setup(9, 9, 10)
    original = Game(setup, 4, 2)
    original.open((0, 0))
    resumed = Game.resumed(setup, original.mines, original.known, 4, 2)
    assert resumed.rows() == original.rows() and not resumed.over
    for cell in range(setup.cells):
        if original.known[cell] == HIDDEN and cell not in original.mines:
            position = original.position_of(cell)
            assert resumed.open(position) == original.open(position)
    assert resumed.won and original.won
    with pytest.raises(ValueError):  # a layout that does not explain the view
        Game.resumed(setup, frozenset(range(10)), original.known)

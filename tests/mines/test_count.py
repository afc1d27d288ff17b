"""The one counting engine, on positions from real play: checked against brute force, against the SAT analysis,
and its shortcuts (memo, incremental trivial rules, no total, listing every layout) against a plain count."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from boards import game_layouts, game_positions
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from puzzlesat.budget import Budget
from puzzlesat.errors import Inconsistent, OutOfBudget
import puzzlesat.mines.count as count_module
from puzzlesat.mines import Board, analyze
from puzzlesat.mines.board import HIDDEN, neighbour_table
from puzzlesat.mines.count import count_layouts, list_layouts, snapshot, trivial
from puzzlesat.mines.equations import active_numbers, covered
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


@given(game_positions(max_cells=30))
@settings(max_examples=80, deadline=None)
def test_counting_from_a_snapshot_gives_the_same_counts_for_every_number_a_cell_could_show(game):
    assume(not game.over)
    numbers = active_numbers(game.known, game.neighbours)
    _, mines = trivial(game.known, game.neighbours, frozenset(), numbers)
    since = snapshot(game.known, game.neighbours, mines, numbers)
    for cell in covered(game.known, mines):
        known = list(game.known)
        for value in range(len(game.neighbours[cell]) + 1):
            known[cell] = value
            results = []
            for base in (None, since):
                try:
                    counts = count_layouts(known, game.neighbours, game.setup.mines, mines,
                                           numbers=numbers + [cell], changed=[cell], since=base)
                    results.append((counts.safe, counts.mines, counts.layouts, counts.numerators,
                                    counts.frontier, counts.off_frontier))
                except Inconsistent:
                    results.append("inconsistent")
            assert results[0] == results[1]


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


# ---- dense positions: numbers scattered over the board, many groups, one large part ----------------

def scattered(seed: int, width: int, height: int, mines: int, share: float) -> Board:
    """A random layout with `share` of its safe cells opened, chosen at random (scattered, not by flood fill)."""
    rng = random.Random(seed)
    mined = set(rng.sample(range(width * height), mines))
    safe = [cell for cell in range(width * height) if cell not in mined]
    opened = set(rng.sample(safe, int(share * len(safe))))
    around = neighbour_table(width, height)
    known = [sum(n in mined for n in around[cell]) if cell in opened else HIDDEN for cell in range(width * height)]
    return Board.from_rows([known[r * width:(r + 1) * width] for r in range(height)], mines)


def brute_counts(board: Board) -> tuple:
    """(layouts, {hidden cell: layouts with a mine there}) by trying every placement of the mines, here."""
    known, around = board.known, neighbour_table(board.width, board.height)
    hidden = [cell for cell, value in enumerate(known) if value == HIDDEN]
    layouts, mined = 0, dict.fromkeys(hidden, 0)
    for combo in itertools.combinations(hidden, board.total_mines):
        chosen = set(combo)
        if all(value < 0 or value == len(chosen.intersection(around[cell])) for cell, value in enumerate(known)):
            layouts += 1
            for cell in combo:
                mined[cell] += 1
    return layouts, mined


def with_pairs_from(size: int, *args, **options):
    """count_layouts with pairs of numbers used in parts of `size` numbers or more."""
    saved, count_module.PAIRS_FROM = count_module.PAIRS_FROM, size
    try:
        return count_layouts(*args, **options)
    finally:
        count_module.PAIRS_FROM = saved


@given(st.integers(0, 10**6), st.integers(4, 6), st.integers(3, 5), st.floats(0.35, 0.7))
@settings(max_examples=60, deadline=None)
def test_dense_scattered_positions_match_brute_force(seed, width, height, share):
    mines = max(1, width * height // 5)
    share = max(share, 1 - (16 - mines) / (width * height - mines))  # at most 16 hidden cells for brute force
    board = scattered(seed, width, height, mines, share)
    layouts, mined = brute_counts(board)
    for size in (2, 10**6):  # with and without pairs of numbers first
        counts = with_pairs_from(size, board.known, board.neighbour_table, board.total_mines)
        assert counts.layouts == layouts
        assert all(counts.exact(cell) == Fraction(n, layouts) for cell, n in mined.items())


@given(game_positions(max_cells=30))
@settings(max_examples=80, deadline=None)
def test_pairs_of_numbers_change_no_count(game):
    assume(not game.over)
    plain = with_pairs_from(10**6, game.known, game.neighbours, game.setup.mines)
    paired = with_pairs_from(2, game.known, game.neighbours, game.setup.mines)
    assert (paired.safe, paired.mines, paired.layouts, paired.numerators, paired.frontier, paired.off_frontier) == \
           (plain.safe, plain.mines, plain.layouts, plain.numerators, plain.frontier, plain.off_frontier)
    paired, plain = (with_pairs_from(size, game.known, game.neighbours, None) for size in (2, 10**6))
    assert (paired.safe, paired.mines, paired.layouts) == (plain.safe, plain.mines, plain.layouts)


def test_a_dense_30x30_board_is_counted_in_few_nodes_and_agrees_with_sat():
    board = scattered(5, 30, 30, 180, 0.5)  # one part of about 280 numbers; swept alone: millions of nodes
    known, flags = board.view
    counts = count_layouts(known, board.neighbour_table, 180, flags, budget=Budget(nodes=100_000))
    assert sum(counts.fractions(covered(known)).values()) == 180  # every layout holds every mine
    result = analyze(board, check=True)  # VerificationError if SAT finds other certain cells
    assert result.layouts == counts.layouts and len(result.safe) == len(counts.safe)

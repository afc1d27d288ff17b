"""Targets on SE's scale (puzzlesat.sudoku.target): ER bands read from text, the check on a path, the early stop,
and the bound that lets the generator pass over puzzles singles solve."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlesat.errors import TargetError
from puzzlesat.sudoku import generate, parse
from puzzlesat.sudoku.logic.candidates import CandidateGrid
from puzzlesat.sudoku.logic.catalogue import find_technique
from puzzlesat.sudoku.logic.path import solving_path
from puzzlesat.sudoku.target import SINGLES_ER, TOP, Band, Target, parse_band

# se-heldout.tsv: Sukaku Explainer rates it 7.2, a Forcing Chain
HARD = "5....2..9.7.56......9...41....9.3.2.....1.....56....9.1..8.5...8......7....63..4."
# made by `puzzlesat sudoku generate --technique x-wing --seed 1`: Pointing, a Naked Pair, an X-Wing (3.2)
X_WING = "61..........9.82........15.26.5...........87.1...8...2.23.6........4.38..56.....4"


@pytest.mark.parametrize("text, band", [
    ("6-6.9", Band(6.0, 6.9)), ("6.0 - 6.9", Band(6.0, 6.9)), ("9+", Band(9.0, TOP)), ("2.3-", Band(0.0, 2.3)),
    ("7.1", Band(7.1, 7.1)), (".5-1", Band(0.5, 1.0)), ("20", Band(20.0, 20.0)),
])
def test_bands(text, band):
    assert parse_band(text) == band


@pytest.mark.parametrize("text, message", [
    ("abc", "write LOW-HIGH"), ("", "write LOW-HIGH"), ("3..4", "write LOW-HIGH"), ("9+10", "write LOW-HIGH"),
    ("-3", "write LOW-HIGH"), ("8-6", "8.0 is above 6.0"), ("21+", "the scale ends at 20.0"),
])
def test_bad_bands(text, message):
    with pytest.raises(TargetError, match=message):
        parse_band(text)


@given(st.integers(0, 200), st.integers(0, 200))
def test_low_high_round_trip(low, high):
    low, high = sorted((low / 10, high / 10))
    band = parse_band(f"{low}-{high}")
    assert band == Band(low, high) and low in band and high in band
    assert (low - 0.1) not in band and (high + 0.1) not in band


@given(st.text(max_size=12))
def test_any_text_is_a_band_or_a_target_error(text):
    try:
        band = parse_band(text)
    except TargetError:
        return
    assert 0.0 <= band.low <= band.high


def test_accepts_the_band_and_the_hardest_technique():
    path = solving_path(parse(X_WING), assume_unique=True)
    assert path.er == 3.2
    assert Target(Band(3.0, 3.4)).accepts(path) and not Target(Band(3.3, 4.0)).accepts(path)
    assert Target(technique=find_technique("X-Wing")).accepts(path)
    assert not Target(technique=find_technique("Pointing")).accepts(path)  # used, but not the hardest
    assert not Target(technique=find_technique("Swordfish")).accepts(path)  # not used


def test_walk_stops_at_the_first_step_above_the_ceiling():
    board = CandidateGrid.start(parse(HARD))
    board.assume_unique = True
    assert Target(Band(1.0, 3.2)).walk(board) is None
    full = solving_path(parse(HARD), assume_unique=True)
    assert board.open_cells > full.values.count(0)  # stopped part of the way
    assert Target(Band(7.0, 7.5)).walk(CandidateGrid.start(parse(HARD))).er == full.er == 7.2


def test_ceiling_and_singles():
    assert Target(Band(3.0, 3.4), find_technique("X-Wing")).ceiling == 3.2
    assert Target(technique=find_technique("Forcing Chain")).ceiling == TOP  # a chain has no fixed top
    assert not Target(Band(2.4, 9.0)).allows_singles and Target(Band(2.0, 9.0)).allows_singles
    assert Target(technique=find_technique("Naked Single")).allows_singles
    assert not Target(technique=find_technique("Direct Hidden Triplet")).allows_singles


@pytest.mark.parametrize("side, seed", [(9, 1), (9, 2), (6, 3)])
def test_puzzles_singles_solve_have_er_at_most_the_naked_single(side, seed):
    """What lets the generator pass over puzzles singles solve without a walk, for bands above 2.3."""
    for new in generate(side, count=6, seed=seed, difficulty="singles", minimal=seed == 2):
        path = solving_path(new.puzzle, assume_unique=True)
        assert path.outcome == "solved" and path.er <= SINGLES_ER


def test_describes_itself():
    assert str(Target(Band(6.0, 6.9))) == "ER 6.0-6.9"
    assert str(Target(parse_band("9+"), find_technique("nishio"))) == \
        "ER 9.0 and up and Nishio Forcing Chains the hardest technique"

"""Dots and their negative constraints: every encoding counted against brute force on 4x4 grids."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from constraint_brute import GRIDS_4X4, agreed_count
from puzzlesat.sudoku.model.constraints.pairs import XV, Difference, Kropki, Negative, Ratio, orthogonal_pairs, relation
from puzzlesat.sudoku.model.grid import Shape
from puzzlesat.sudoku.model.rules import constrained_rules

FOUR = Shape.of_side(4)


def check(constraints, givens=None) -> int:
    """The SAT count equals the brute-force count on a 4x4; returns it."""
    return agreed_count(FOUR, constraints, givens)


@pytest.mark.parametrize("constraint", [
    Kropki(0, 1, "white"),
    Kropki(0, 4, "black"),
    Kropki(5, 10, "white"),  # diagonal cells may repeat: the dot still needs a difference of 1
    XV(0, 1, 5),
    XV(2, 14, 5),
    Difference(0, 5, 2),
    Ratio(0, 1, 3),
    Negative("white", ((0, 1), (1, 2), (4, 8))),
    Negative("black", orthogonal_pairs(4)[:3]),
    Negative("v", ((0, 4), (5, 6))),
    Negative("difference:2", ((0, 5),)),
    Negative("ratio:3", ((3, 7), (7, 11))),
    Negative("sum:4", ((0, 10),)),
], ids=repr)
def test_each_pair_constraint_counts_as_brute_force(constraint):
    assert 0 < check([constraint]) < GRIDS_4X4


@pytest.mark.parametrize("constraints", [
    [XV(0, 1, 10)],  # no two digits up to 4 add up to 10
    [Kropki(0, 1, "black"), Kropki(1, 2, "black"), Kropki(2, 3, "black")],  # a row of doubles: 1 2 4 8
    [Negative("white", orthogonal_pairs(4))],  # a 4x4 cannot be non-consecutive
    [Kropki(0, 1, "white"), Kropki(1, 2, "white"), Kropki(2, 3, "white"), Kropki(0, 4, "white")],  # 1234 / 4321
], ids=repr)
def test_impossible_pairs_have_no_solution(constraints):
    assert check(constraints) == 0


def test_orthogonal_pairs_are_each_adjacent_pair_once():
    pairs = orthogonal_pairs(4)
    assert len(pairs) == len(set(pairs)) == 2 * 4 * 3
    assert all(a < b and (b - a == 4 or (b - a == 1 and b % 4)) for a, b in pairs)


def test_relations_and_labels():
    geometry = constrained_rules(FOUR).geometry
    assert relation("black")(3, 6) and relation("black")(6, 3) and not relation("black")(3, 5)
    assert relation("sum:7")(3, 4) and relation("difference:3")(5, 2) and relation("ratio:3")(2, 6)
    assert Kropki(0, 1, "white").label(geometry) == "kropki r1c1-r1c2"
    assert Negative("x", ((0, 1), (1, 5))).footprint() == (0, 1, 5)
    assert Negative("white", ((0, 1),)).label(geometry) == "negative white"


@pytest.mark.parametrize("make", [lambda: Kropki(0, 1, "grey"), lambda: Negative("sum", ((0, 1),)),
                                  lambda: Negative("blue", ())])
def test_unknown_colours_and_relations_are_refused(make):
    with pytest.raises(ValueError):
        make()


# ---- random pairs -------------------------------------------------------------------------------------------

cell_pairs = st.lists(st.integers(0, 15), min_size=2, max_size=2, unique=True).map(tuple)
relations = st.sampled_from(["white", "black", "x", "v", "difference:2", "ratio:3", "sum:5", "sum:6"])
random_pairs = st.one_of(
    st.builds(lambda ab, color: Kropki(*ab, color), cell_pairs, st.sampled_from(["white", "black"])),
    st.builds(lambda ab, total: XV(*ab, total), cell_pairs, st.sampled_from([5, 10])),
    st.builds(lambda ab, value: Difference(*ab, value), cell_pairs, st.integers(0, 3)),
    st.builds(lambda ab, value: Ratio(*ab, value), cell_pairs, st.integers(1, 4)),
    st.builds(Negative, relations, st.lists(cell_pairs, min_size=1, max_size=4).map(tuple)),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(random_pairs, min_size=1, max_size=3))
def test_random_pair_constraints_count_as_brute_force(constraints):
    check(constraints)

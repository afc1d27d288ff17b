"""Line constraints: every encoding counted against brute force on small grids, fixed and random lines."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver

from constraint_brute import GRIDS_4X4, agreed_count, brute_count
from puzzlesat.sudoku.model.constraints.lines import (Between, Entropic, Lockout, Modular, Nabner, Palindrome,
                                                      ParityLine, RegionSumLine, Renban, Thermometer, Whisper, Zipper)
from puzzlesat.sudoku.solving.encode import clauses
from puzzlesat.sudoku.model.grid import Shape
from puzzlesat.sudoku.model.rules import constrained_rules

FOUR, SIX, NINE = Shape.of_side(4), Shape.of_side(6), Shape.of_side(9)
SIX_GIVENS = (1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3) + (0,) * 24  # the top two rows: 1408 grids keep them
IRREGULAR_4X4 = ((0, 1, 2, 4), (3, 7, 6, 5), (8, 12, 13, 9), (10, 11, 14, 15))  # 144 grids


@pytest.mark.parametrize("constraint", [
    Thermometer((0, 1, 2)),
    Thermometer((0, 6, 9, 15), slow=True),
    Between((0, 1, 2, 3)),
    Between((12, 9, 6)),
    Whisper((0, 1, 5, 6), 2),
    Renban((0, 1, 5)),
    Renban((0, 5, 10, 15)),
    RegionSumLine((0, 1, 2, 3)),
    RegionSumLine((1, 5, 6, 11)),
    Palindrome((0, 5, 10, 15)),
    Zipper((0, 1, 2, 6, 5)),
    Zipper((0, 5, 10, 15)),
    Modular((0, 1)),
    Modular((0, 1, 2, 6)),
    Modular((0, 5, 10, 15, 14)),
    Nabner((0, 1)),
    Nabner((0, 15)),
    Lockout((0, 1, 2), 2),
    Lockout((0, 5, 10, 15), 2),
    Lockout((3, 6), 3),
], ids=repr)
def test_each_line_counts_as_brute_force_on_4x4(constraint):
    assert 0 < agreed_count(FOUR, [constraint]) < GRIDS_4X4


@pytest.mark.parametrize("constraint, givens", [
    (Thermometer((0, 1, 2, 3, 4)), None),  # five rising digits on a 4x4
    (Between((0, 1, 2)), (1, 0, 2) + (0,) * 13),  # nothing strictly between 1 and 2
    (Renban((0, 1, 4, 5, 2)), None),  # five cells, four digits
    (Palindrome((0, 1, 2, 7)), None),  # r1c2 = r1c3
    (RegionSumLine((1, 2, 6, 5, 9)), None),  # r1c2 and r2c2 are one-cell segments: one column, two sums
    (Modular((0, 1)), (1, 4) + (0,) * 14),  # 1 and 4 share a residue
    (Nabner((0, 5, 10)), None),  # three digits of 1-4, no two consecutive
    (Lockout((0, 1, 2, 3), 2), None),  # the row's other two digits can't both lie outside ends 2 apart
], ids=repr)
def test_impossible_lines_have_no_solution(constraint, givens):
    assert agreed_count(FOUR, [constraint], givens) == 0


def test_region_sum_line_follows_irregular_regions():
    line = RegionSumLine((0, 5, 6, 11, 15))  # no solution with the boxes
    assert 0 < agreed_count(FOUR, [line], regions=IRREGULAR_4X4) < brute_count(FOUR, [], regions=IRREGULAR_4X4)
    assert agreed_count(FOUR, [line]) == 0


def test_region_sum_line_cuts_again_when_it_reenters_a_region():
    geometry = constrained_rules(FOUR).geometry
    line = RegionSumLine((0, 2, 1))  # box 1, box 2, box 1 again: three segments
    assert line.holds((1, 1, 1, 0) + (0,) * 12, geometry)
    assert not line.holds((1, 2, 3, 0) + (0,) * 12, geometry)


def test_lines_together_count_as_brute_force():
    lines = [Thermometer((12, 8, 4)), Whisper((3, 7), 2), Zipper((1, 2, 6)), Renban((13, 14))]
    assert 0 < agreed_count(FOUR, lines) < GRIDS_4X4


def test_entropic_line_counts_as_brute_force_on_6x6():
    line = Entropic((12, 13, 14, 20, 26, 27))
    assert 0 < agreed_count(SIX, [line], SIX_GIVENS) < brute_count(SIX, [], SIX_GIVENS)


def test_entropic_line_refuses_a_side_not_divisible_by_three():
    with pytest.raises(ValueError, match="divisible by 3"):
        constrained_rules(FOUR, [Entropic((0, 1, 2))])


def test_modular_and_nabner_lines_follow_rangsks_rules():
    geometry = constrained_rules(NINE).geometry
    cells = tuple(range(5))
    assert Modular(cells).holds((1, 2, 3, 4, 5) + (0,) * 76, geometry)
    assert not Modular(cells).holds((1, 2, 3, 4, 6) + (0,) * 76, geometry)
    assert not Modular((0, 1)).holds((1, 7) + (0,) * 79, geometry)  # two cells: residues differ
    assert Nabner(cells).holds((1, 3, 5, 7, 9) + (0,) * 76, geometry)
    assert not Nabner((0, 1)).holds((4, 4) + (0,) * 79, geometry)


def test_lockout_line_checks_gap_and_band():
    geometry = constrained_rules(NINE).geometry
    line = Lockout((0, 1, 2, 3))
    assert line.holds((2, 1, 9, 7) + (0,) * 77, geometry)
    assert not line.holds((2, 7, 1, 7) + (0,) * 77, geometry)  # 7 is an end's digit
    assert not line.holds((2, 6, 1, 7) + (0,) * 77, geometry)  # 6 lies between the ends
    assert not line.holds((2, 1, 9, 5) + (0,) * 77, geometry)  # ends only 3 apart
    assert Lockout((0, 1)).holds((1, 5) + (0,) * 79, geometry)


def test_kinds_and_labels():
    geometry = constrained_rules(FOUR).geometry
    assert Thermometer((0, 1), slow=True).label(geometry) == "slow thermometer r1c1-r1c2"
    assert Thermometer((0, 1)).kind == "thermometer"
    assert Zipper((4, 5, 6)).label(geometry) == "zipper line r2c1-r2c3"


# ---- propagation ------------------------------------------------------------------------------------------


def propagated(constraints, givens: dict, cells) -> list:
    """The digits unit propagation leaves in `cells` of an empty 9x9 with `givens` {cell: digit} placed (every
    clause behind one assumed selector, so that consequences at level 0 show too)."""
    rules = constrained_rules(NINE, constraints)
    selector = rules.top + 1
    with Solver(name="minisat22", bootstrap_with=[[*clause, -selector] for clause in clauses(rules)]) as solver:
        consistent, implied = solver.propagate(assumptions=[selector, *(cell * 9 + d for cell, d in givens.items())])
    assert consistent
    out = set(-lit for lit in implied if lit < 0)
    return [{d for d in range(1, 10) if cell * 9 + d not in out} for cell in cells]


@pytest.mark.parametrize("constraints, givens, cells, expected", [
    ([Thermometer((0, 1, 2, 3, 4))], {0: 4}, (1, 2, 3, 4), [{5, 6}, {6, 7}, {7, 8}, {8, 9}]),
    ([Thermometer((0, 1, 2), slow=True)], {0: 4}, (1, 2), [{5, 6, 7, 8, 9}, {5, 6, 7, 8, 9}]),
    ([Whisper((0, 1), 5)], {0: 4}, (1,), [{9}]),
    ([Between((0, 1, 2, 3))], {0: 2, 3: 6}, (1, 2), [{3, 4, 5}, {3, 4, 5}]),
    ([Between((0, 9, 18))], {9: 5}, (0, 18), [{1, 2, 3, 4, 6, 7, 8, 9}] * 2),
    ([Renban((0, 1, 2))], {0: 5, 2: 7}, (1,), [{6}]),
    ([Renban((0, 1, 2, 3, 4, 5, 6, 7))], {0: 1}, (1, 2, 8), [set(range(2, 9))] * 2 + [{9}]),
    ([RegionSumLine((2, 3, 4))], {2: 3}, (3, 4), [{1, 2}, {1, 2}]),
    ([Palindrome((0, 10, 30))], {0: 7}, (30,), [{7}]),
    ([Zipper((0, 1, 2))], {1: 3}, (0, 2), [{1, 2}, {1, 2}]),
    ([Zipper((0, 1, 2, 3))], {0: 9, 3: 1, 1: 2}, (2,), [{8}]),
    ([Entropic((0, 1, 2))], {0: 1, 1: 5}, (2,), [{7, 8, 9}]),
    ([Modular((0, 1, 2, 3, 4))], {0: 1, 1: 5}, (2, 3, 4), [{3, 6, 9}, {4, 7}, {2, 8}]),
    ([Nabner((0, 10, 20, 30, 40))], {}, (0,), [{1, 3, 5, 7, 9}]),
    ([Nabner((0, 10, 20))], {0: 5}, (10,), [{1, 2, 3, 7, 8, 9}]),
    ([Lockout((0, 1, 2, 3))], {0: 2, 3: 7}, (1, 2), [{1, 8, 9}, {1, 8, 9}]),
    ([Lockout((0, 1, 2))], {0: 5, 1: 1}, (2,), [{9}]),
    ([Lockout((0, 9, 18))], {}, (9,), [{1, 2, 3, 4, 6, 7, 8, 9}]),
    ([Lockout((0, 10, 20))], {0: 5}, (20,), [{1, 9}]),
], ids=repr)
def test_lines_propagate_without_search(constraints, givens, cells, expected):
    assert propagated(constraints, givens, cells) == expected


# ---- random lines -------------------------------------------------------------------------------------------

lines_4x4 = st.lists(st.integers(0, 15), min_size=2, max_size=5, unique=True).map(tuple)
random_lines = st.one_of(
    st.builds(Thermometer, lines_4x4, st.booleans()),
    st.builds(Between, lines_4x4),
    st.builds(Whisper, lines_4x4, st.integers(1, 3)),
    st.builds(Renban, lines_4x4),
    st.builds(RegionSumLine, lines_4x4),
    st.builds(Palindrome, lines_4x4),
    st.builds(Zipper, lines_4x4),
    st.builds(Modular, lines_4x4),
    st.builds(Nabner, lines_4x4),
    st.builds(Lockout, lines_4x4, st.integers(1, 3)),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(random_lines, min_size=1, max_size=2))
def test_random_lines_count_as_brute_force_on_4x4(constraints):
    agreed_count(FOUR, constraints)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(6, 35), min_size=3, max_size=6, unique=True).map(tuple))
def test_random_entropic_lines_count_as_brute_force_on_6x6(cells):
    agreed_count(SIX, [Entropic(cells)], SIX_GIVENS)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(6, 35), min_size=2, max_size=6, unique=True).map(tuple), st.integers(0, 2))
def test_random_modular_nabner_and_lockout_lines_count_as_brute_force_on_6x6(cells, which):
    line = (Modular(cells), Nabner(cells[:4]), Lockout(cells, 3))[which]
    agreed_count(SIX, [line], SIX_GIVENS)


@pytest.mark.parametrize("line", [ParityLine((0, 1, 2, 3)), ParityLine((0, 5, 10, 15)), ParityLine((0, 4, 5, 1, 0))],
                         ids=repr)
def test_parity_line_counts_as_brute_force_on_4x4(line):
    assert 0 < agreed_count(FOUR, [line]) < GRIDS_4X4


def test_parity_line_alternates_odd_and_even():
    geometry = constrained_rules(FOUR).geometry
    assert ParityLine((0, 1, 2)).holds((1, 2, 3, 4) + (0,) * 12, geometry)
    assert not ParityLine((0, 1, 2)).holds((1, 3, 2, 4) + (0,) * 12, geometry)
    assert agreed_count(FOUR, [ParityLine((0, 1, 2, 3)), ParityLine((0, 4))], (1, 0, 0, 0, 3) + (0,) * 11) == 0


@pytest.mark.parametrize("line", [
    RegionSumLine((1, 2, 6, 5), links=((1, 2), (2, 6), (5, 6), (1, 5))),  # a loop around the middle of the top
    RegionSumLine((0, 1, 5, 2, 6), links=((0, 1), (1, 5), (1, 2), (2, 6))),  # a branch from r1c2
], ids=repr)
def test_region_sum_line_with_links_counts_as_brute_force(line):
    assert 0 < agreed_count(FOUR, [line]) < GRIDS_4X4


def test_region_sum_line_links_join_what_a_loop_joins():
    geometry = constrained_rules(FOUR).geometry
    loop = RegionSumLine((1, 2, 6, 5), links=((1, 2), (2, 6), (5, 6), (1, 5)))  # r1c2 r2c2 (box 1), r1c3 r2c3 (box 2)
    assert loop.holds((0, 1, 3, 0, 0, 3, 1) + (0,) * 9, geometry)  # 1+3 = 3+1: one segment per box
    assert not RegionSumLine((1, 2, 6, 5)).holds((0, 1, 3, 0, 0, 3, 1) + (0,) * 9, geometry)  # as a stroke: 1, 4, 3


def test_entropic_line_of_two_cells_differs_in_band():
    geometry = constrained_rules(NINE).geometry
    assert Entropic((0, 1)).holds((1, 4) + (0,) * 79, geometry)
    assert not Entropic((0, 1)).holds((1, 3) + (0,) * 79, geometry)
    assert 0 < agreed_count(SIX, [Entropic((12, 13))], SIX_GIVENS) < brute_count(SIX, [], SIX_GIVENS)

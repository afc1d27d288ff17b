"""Sum and count constraints (killer, multi-sum killer, little killer, sandwich, X-sum, skyscraper, arrow, double
arrow, quadruple): their CNF
counted by SAT against brute force over their own `holds`, on 4x4 and 6x6 grids, and solved on 9x9."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from constraint_brute import agreed_count
from puzzlesat.sudoku.model.constraints import (Arrow, CageSum, DoubleArrow, Killer, LittleKiller, MultiSumKiller,
                                                Quadruple, Sandwich, Skyscraper, XSum)
from puzzlesat.sudoku.model.grid import Puzzle, Shape
from puzzlesat.sudoku.model.rules import constrained_rules
from puzzlesat.sudoku.solving.solver import SudokuSolver

FOUR, SIX, NINE = Shape.of_side(4), Shape.of_side(6), Shape.of_side(9)
ROW, COLUMN = (0, 1, 2, 3), (0, 4, 8, 12)
SOLUTION_6 = (6, 4, 2, 5, 3, 1,
              5, 3, 1, 6, 4, 2,
              3, 6, 5, 2, 1, 4,
              2, 1, 4, 3, 6, 5,
              4, 5, 6, 1, 2, 3,
              1, 2, 3, 4, 5, 6)
BOTTOM_6 = tuple(0 if cell < 24 else value for cell, value in enumerate(SOLUTION_6))  # 1408 completions
SOLUTION_9 = (5, 3, 4, 6, 7, 8, 9, 1, 2,
              6, 7, 2, 1, 9, 5, 3, 4, 8,
              1, 9, 8, 3, 4, 2, 5, 6, 7,
              8, 5, 9, 7, 6, 1, 4, 2, 3,
              4, 2, 6, 8, 5, 3, 7, 9, 1,
              7, 1, 3, 9, 2, 4, 8, 5, 6,
              9, 6, 1, 5, 3, 7, 2, 8, 4,
              2, 8, 7, 4, 1, 9, 6, 3, 5,
              3, 4, 5, 2, 8, 6, 1, 7, 9)


CUTTING_4X4 = [
    Killer((0, 1, 4), 7), Killer((0, 5), 7),
    LittleKiller((0, 5, 10, 15), 6), LittleKiller((1, 6, 11), 5),
    Sandwich(ROW, 0), Sandwich(ROW, 5), Sandwich(COLUMN, 3),
    XSum(ROW, 10), XSum(ROW[::-1], 1),
    Skyscraper(ROW, 1), Skyscraper(ROW, 2), Skyscraper(COLUMN[::-1], 4),
    Arrow((0,), (1, 4)), Arrow((5,), (0, 1)), Arrow((0, 1), (4, 5, 8, 9)),
    Quadruple((5, 6, 9, 10), (1, 2, 3)), Quadruple((5, 6, 9, 10), (1, 1, 2, 2)), Quadruple((1, 2, 5, 6), (1, 1)),
    DoubleArrow((0, 1, 2)), DoubleArrow((0, 4, 5, 6, 2)), DoubleArrow((0, 5, 10, 15)),
    MultiSumKiller((0, 1, 4), (6, 9)), MultiSumKiller((0, 5), (3, 7, 30)), MultiSumKiller((0, 5, 10), ()),
]
IMPOSSIBLE_4X4 = [
    LittleKiller((3, 6, 9, 12), 16), Sandwich(ROW, 1), XSum(ROW, 4), XSum(COLUMN, 2),
    Skyscraper(ROW, 0), Skyscraper(ROW, 5), Arrow((0,), (1, 2, 3)), Arrow((0, 1), (4, 5)),
    Quadruple((0, 1, 4, 5), (1, 1)), Quadruple((0, 1), (5,)),
    DoubleArrow((0, 4, 5, 6, 7, 11)), MultiSumKiller((0, 1), (2, 8)),
]
CUTTING_6X6 = [  # clues read off SOLUTION_6; its top four rows left blank
    Killer((0, 1, 6), 15), Sandwich(tuple(range(6)), 14), XSum(tuple(range(12, 18)), 14),
    Skyscraper((30, 24, 18, 12, 6, 0), 4), LittleKiller((1, 8, 15, 22, 29), 16),
    Quadruple((2, 3, 8, 9), (1, 2)), Quadruple((2, 3, 8, 9), (1, 2, 5, 6)), Arrow((5, 11), (10, 9, 15)),
    DoubleArrow((0, 6, 7, 13, 14)), MultiSumKiller((0, 1, 6, 7), (12, 18)),
]


@pytest.mark.parametrize("constraint", CUTTING_4X4, ids=repr)
def test_4x4_counts_agree_and_the_constraint_cuts(constraint):
    assert 0 < agreed_count(FOUR, [constraint]) < 288


@pytest.mark.parametrize("constraint", IMPOSSIBLE_4X4, ids=repr)
def test_4x4_impossible_clues_have_no_solution(constraint):
    assert agreed_count(FOUR, [constraint]) == 0


@pytest.mark.parametrize("constraint", CUTTING_6X6, ids=repr)
def test_6x6_counts_agree_and_the_constraint_cuts(constraint):
    assert 0 < agreed_count(SIX, [constraint], BOTTOM_6) < 1408


def test_6x6_arrow_with_a_too_short_shaft_has_no_solution():
    assert agreed_count(SIX, [Arrow((5, 11), (10, 9))], BOTTOM_6) == 0


def test_killer_without_total_only_keeps_digits_distinct():
    cage = Killer((0, 5, 10))
    assert cage.groups() == ((0, 5, 10),)
    assert 0 < agreed_count(FOUR, [cage]) < 288


def test_killer_total_no_digits_can_make_is_an_error():
    geometry = constrained_rules(NINE).geometry
    assert Killer((0, 1), 30).label(geometry) == "killer cage r1c1-r1c2"
    with pytest.raises(ValueError, match="killer cage r1c1-r1c2: no 2 distinct digits of 1-9 add up to 30"):
        constrained_rules(NINE, [Killer((0, 1), 30)])


def test_short_double_arrow_and_full_multi_sum_cage_state_nothing_more():
    assert agreed_count(FOUR, [DoubleArrow((0, 1))]) == 288  # Rangsk: fewer than three cells, no sums
    assert agreed_count(FOUR, [MultiSumKiller((0, 1, 4, 5), (3,))]) == 288  # as large as the side: distinct only


def test_arrow_footprint_is_circle_then_shaft():
    assert Arrow((0, 1), (2, 3)).footprint() == (0, 1, 2, 3)


# ---- random small instances -------------------------------------------------------------------

LINES_4 = [tuple(range(r * 4, r * 4 + 4)) for r in range(4)] + [tuple(range(c, 16, 4)) for c in range(4)]
LINES_4 += [line[::-1] for line in LINES_4]
DIAGONALS_4 = [(0, 5, 10, 15), (1, 6, 11), (4, 9, 14), (2, 7), (8, 13), (3, 6, 9, 12), (2, 5, 8), (7, 10, 13)]
lines = st.sampled_from(LINES_4)
cells = st.lists(st.integers(0, 15), min_size=1, max_size=4, unique=True).map(tuple)


@st.composite
def killers(draw) -> Killer:
    """A cage of 1-4 cells with no total or a total some distinct digits make."""
    cage = draw(cells)
    low, high = sum(range(1, len(cage) + 1)), sum(range(5 - len(cage), 5))
    return Killer(cage, draw(st.none() | st.integers(low, high)))


@st.composite
def arrows(draw) -> Arrow:
    """A circle of one or two cells and a shaft of one to three other cells."""
    chosen = draw(st.lists(st.integers(0, 15), min_size=2, max_size=5, unique=True))
    size = draw(st.integers(1, min(2, len(chosen) - 1)))
    return Arrow(tuple(chosen[:size]), tuple(chosen[size:]))


constraints_4 = st.one_of(
    killers(),
    st.builds(LittleKiller, st.sampled_from(DIAGONALS_4), st.integers(2, 16)),
    st.builds(Sandwich, lines, st.integers(0, 5)),
    st.builds(XSum, lines, st.integers(1, 10)),
    st.builds(Skyscraper, lines, st.integers(1, 4)),
    arrows(),
    st.builds(Quadruple, st.sampled_from([(r * 4 + c, r * 4 + c + 1, r * 4 + c + 4, r * 4 + c + 5)
                                          for r in range(3) for c in range(3)]),
              st.lists(st.integers(1, 4), min_size=1, max_size=4).map(lambda ds: tuple(sorted(ds)))),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(constraints_4, min_size=1, max_size=3))
def test_random_4x4_constraints_count_like_brute_force(constraints):
    agreed_count(FOUR, constraints)


@st.composite
def multi_sum_killers(draw) -> MultiSumKiller:
    """A cage of 1-4 cells with up to three totals, possible or not."""
    return MultiSumKiller(draw(cells), tuple(draw(st.lists(st.integers(1, 12), max_size=3))))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.builds(DoubleArrow, st.lists(st.integers(0, 15), min_size=3, max_size=6, unique=True).map(tuple))
                | multi_sum_killers(), min_size=1, max_size=2))
def test_random_double_arrows_and_multi_sum_cages_count_like_brute_force(constraints):
    agreed_count(FOUR, constraints)


# ---- 9x9 ----------------------------------------------------------------------------------------------

def test_9x9_killers_and_a_two_digit_arrow_solve_to_a_grid_that_obeys_them():
    constraints = [Killer((0, 1, 2), 12), Killer((10, 19, 20)), Arrow((7, 8), (16, 17))]  # 12 = 4 + 8
    givens = tuple(value if cell % 3 == 0 else 0 for cell, value in enumerate(SOLUTION_9))
    rules = constrained_rules(NINE, constraints)
    solver = SudokuSolver(rules)
    try:
        result = solver.solve(Puzzle(NINE, givens), count=2)
    finally:
        solver.close()
    assert result.solutions >= 1
    assert all(constraint.holds(result.solution, rules.geometry) for constraint in constraints)
    assert all(result.solution[cell] == value for cell, value in enumerate(givens) if value)


@pytest.mark.parametrize("cage", [CageSum((0, 4), 4), CageSum((0, 1, 4), 7), CageSum((0, 5, 10), 6)], ids=repr)
def test_sum_cage_counts_as_brute_force_with_repeats_allowed(cage):
    assert 0 < agreed_count(FOUR, [cage]) < agreed_count(FOUR, [])


def test_sum_cage_lets_digits_repeat_where_a_killer_cage_does_not():
    geometry = constrained_rules(FOUR).geometry
    apart = (0, 6)  # r1c1 and r2c3 share no row, column or box: 2 + 2 makes 4 only in a sum cage
    assert agreed_count(FOUR, [CageSum(apart, 4)]) > agreed_count(FOUR, [Killer(apart, 4)]) > 0
    assert agreed_count(FOUR, [CageSum(apart, 2)]) > 0
    assert CageSum(apart, 2).holds((1, 0, 0, 0, 0, 0, 1) + (0,) * 9, geometry)
    assert not CageSum(apart, 3).holds((1, 0, 0, 0, 0, 0, 1) + (0,) * 9, geometry)

"""Odd/even cells, given pencil marks, maximum/minimum cells and clones: every encoding counted against brute force
on 4x4 grids."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from constraint_brute import GRIDS_4X4, agreed_count, brute_count, sat_count
from puzzlesat.errors import VariantError
from puzzlesat.sudoku.model.constraints.cells import Clone, Extremum, Indexer, Parity, PencilMarks
from puzzlesat.sudoku.model.constraints.base import Geometry
from puzzlesat.sudoku.model.grid import Shape
from puzzlesat.sudoku.model.rules import constrained_rules

FOUR = Shape.of_side(4)


def check(constraints, givens=None) -> int:
    """The SAT count equals the brute-force count on a 4x4; returns it."""
    return agreed_count(FOUR, constraints, givens)


@pytest.mark.parametrize("constraint", [
    Parity(0, True),
    Parity(9, False),
    PencilMarks(0, (2,)),
    PencilMarks(6, (1, 3, 4)),
    Extremum(5, True),  # four neighbours
    Extremum(0, False),  # a corner: two
    Extremum(7, True),  # an edge: three
    Clone((0, 1), (10, 11)),
    Clone((0, 4), (7, 11)),
], ids=repr)
def test_each_cell_constraint_counts_as_brute_force(constraint):
    assert 0 < check([constraint]) < GRIDS_4X4


@pytest.mark.parametrize("constraints", [
    [Parity(0, True), Parity(1, True), Parity(2, True)],  # three odd digits in a row of 1-4
    [PencilMarks(0, (1, 2)), PencilMarks(1, (1, 2)), PencilMarks(2, (2, 1))],  # three cells, two digits
    [Extremum(5, True), Extremum(6, True)],  # neighbours both higher than each other
    [Clone((0,), (5,))],  # one box
    [Clone((0, 10), (10, 15))],  # r1c1 = r3c3 = r4c4, and r3c3, r4c4 share a box
], ids=repr)
def test_impossible_cell_constraints_have_no_solution(constraints):
    assert check(constraints) == 0


def test_kinds_and_labels():
    geometry = constrained_rules(FOUR).geometry
    assert Parity(0, True).label(geometry) == "odd cell r1c1"
    assert Parity(5, False).label(geometry) == "even cell r2c2"
    assert Extremum(5, True).kind == "maximum" and Extremum(5, False).kind == "minimum"
    assert Clone((0, 1), (10, 11)).label(geometry) == "clone r1c1-r3c4"
    assert PencilMarks(6, (1, 3)).label(geometry) == "given pencil marks r2c3: 1 3"


def test_a_clone_needs_as_many_cells_as_its_copy():
    with pytest.raises(ValueError):
        Clone((0, 1), (10,))


# ---- random cells -------------------------------------------------------------------------------------------

cells_4x4 = st.integers(0, 15)
clones = st.lists(cells_4x4, min_size=2, max_size=6, unique=True).map(
    lambda cells: Clone(tuple(cells[:len(cells) // 2]), tuple(cells[len(cells) // 2:2 * (len(cells) // 2)])))
marks = st.lists(st.integers(1, 4), min_size=1, max_size=3, unique=True).map(lambda digits: tuple(sorted(digits)))
random_cells = st.one_of(st.builds(Parity, cells_4x4, st.booleans()), st.builds(Extremum, cells_4x4, st.booleans()),
                         st.builds(PencilMarks, cells_4x4, marks), clones)


@settings(max_examples=150, deadline=None)
@given(st.lists(random_cells, min_size=1, max_size=3))
def test_random_cell_constraints_count_as_brute_force(constraints):
    check(constraints)


def test_extremum_exempt_neighbours_are_not_compared():
    shape = Shape.of_side(4)
    together = (Extremum(5, True, exempt=(6,)), Extremum(6, True, exempt=(5,)))
    assert sat_count(shape, together) == brute_count(shape, together) > 0
    assert sat_count(shape, (Extremum(5, True), Extremum(6, True))) == 0  # without the exemption: impossible


def test_indexers_against_brute_force():
    shape = Shape.of_side(4)
    for axis in ("column", "row", "box"):
        for cells in ((0,), (0, 4), (5, 10, 15)):
            constraint = (Indexer(cells, axis),)
            count = brute_count(shape, constraint)
            assert sat_count(shape, constraint) == count, (axis, cells)
            assert 0 <= count < 288


def test_indexer_reads_as_the_one_five_nine_rule():
    shape = Shape.of_side(4)
    grid = (1, 3, 4, 2, 4, 2, 1, 3, 3, 1, 2, 4, 2, 4, 3, 1)
    geometry = Geometry(shape)
    assert Indexer((0,), "column").holds(grid, geometry)  # r1c1 = 1: the 1 of row 1 stands in column 1
    assert not Indexer((1,), "column").holds(grid, geometry)  # r1c2 = 3, but r1c3 is 4, not 2
    assert Indexer((2,), "row").holds(grid, geometry) is (grid[3 * 4 + 2] == 1)  # r1c3 = 4: r4c3 should be 1


def test_a_box_indexer_in_no_region_is_refused():
    shape = Shape.of_side(4)
    with pytest.raises(VariantError, match="box indexer r4c4 lies in no region"):
        constrained_rules(shape, (Indexer((15,), "box"),), regions=((0, 5, 10, 14),))

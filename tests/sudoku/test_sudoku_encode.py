"""The CNF encodings: variables, clause counts, equivalence of minimal and extended, DIMACS."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.sat import Engine
from puzzlesat.sudoku.encode import Rules, clauses, decode_var, givens_literals, to_dimacs, var
from puzzlesat.sudoku.grid import Shape, parse

SHAPE4 = Shape.of_side(4)


def count_models(encoding: str, assumptions=()) -> int:
    rules = Rules(SHAPE4)
    with Engine(clauses(rules, encoding), rules.cell_vars) as engine:
        return sum(1 for _ in engine.models(list(assumptions), list(range(1, rules.cell_vars + 1))))


def test_both_encodings_have_the_288_4x4_grids():
    assert count_models("extended") == 288
    assert count_models("minimal") == 288


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 15), st.integers(1, 4)), max_size=5, unique_by=lambda t: t[0]))
def test_encodings_agree_under_any_givens(givens):
    assumptions = [var(SHAPE4, cell, value) for cell, value in givens]
    assert count_models("extended", assumptions) == count_models("minimal", assumptions)


@given(st.integers(0, 80), st.integers(1, 9))
def test_var_and_decode_var_are_inverse(cell, value):
    shape = Shape.of_side(9)
    assert decode_var(shape, var(shape, cell, value)) == (cell // 9, cell % 9, value)


def test_clause_counts_match_lynce_ouaknine():
    rules = Rules(Shape.of_side(9))
    # minimal: 81 cell definedness + 27 groups * 9 values * 36 pairs
    assert len(list(clauses(rules, "minimal"))) == 81 + 27 * 9 * 36
    # extended adds 81 * 36 cell uniqueness and 27 * 9 group definedness
    assert len(list(clauses(rules, "extended"))) == 81 + 27 * 9 * 36 + 81 * 36 + 27 * 9


def test_dimacs_is_well_formed_and_maps_variables():
    puzzle = parse("4...1.3.2..3.1..")
    lines = list(to_dimacs(puzzle, Rules(puzzle.shape)))
    header = [line for line in lines if line.startswith("p ")]
    assert header == [f"p cnf 64 {len(list(clauses(Rules(puzzle.shape)))) + 6}"]
    assert "c var 1 r1c1 1" in lines
    assert "c var 64 r4c4 4" in lines
    body = lines[lines.index(header[0]) + 1:]
    assert all(line.endswith(" 0") for line in body)
    units = [int(line.split()[0]) for line in body if len(line.split()) == 2]
    assert units == givens_literals(puzzle)

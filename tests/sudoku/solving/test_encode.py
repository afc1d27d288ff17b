"""The CNF encodings and the literal codec: variables, clause counts, equivalence of minimal and extended, DIMACS."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.sat import Session
from puzzlesat.sudoku import Rules, Shape, parse
from puzzlesat.sudoku.solving.encode import clauses, write_cnf
from puzzlesat.sudoku.model.literals import literals

SHAPE4 = Shape.of_side(4)


def count_models(encoding: str, assumptions=()) -> int:
    rules = Rules(SHAPE4)
    with Session(clauses(rules, encoding), rules.cell_vars) as session:
        return sum(1 for _ in session.models(list(assumptions), literals(SHAPE4).variables))


def test_both_encodings_have_the_288_4x4_grids():
    assert count_models("extended") == 288
    assert count_models("minimal") == 288


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 15), st.integers(1, 4)), max_size=5, unique_by=lambda t: t[0]))
def test_encodings_agree_under_any_givens(givens):
    assumptions = [literals(SHAPE4).var(cell, value) for cell, value in givens]
    assert count_models("extended", assumptions) == count_models("minimal", assumptions)


@given(st.sampled_from([4, 6, 9, 16, 25]), st.data())
def test_the_codec_maps_both_ways(side, data):
    table = literals(Shape.of_side(side))
    cell, value = data.draw(st.integers(0, side * side - 1)), data.draw(st.integers(1, side))
    variable = table.var(cell, value)
    assert table.cell_value(variable) == (cell, value) and table.cell_of(variable) == cell
    assert table.value_of[variable] == value and variable in table.of_cell(cell)
    assert 1 <= variable <= table.count == side ** 3 and table.is_cell_var(-variable)
    assert table.placed([variable, -variable, table.count + 1]) == [(cell, value)]


def test_clause_counts_match_lynce_ouaknine():
    rules = Rules(Shape.of_side(9))
    # minimal: 81 cell definedness + 27 groups * 9 values * 36 pairs
    assert len(list(clauses(rules, "minimal"))) == 81 + 27 * 9 * 36
    # extended adds 81 * 36 cell uniqueness and 27 * 9 group definedness
    assert len(list(clauses(rules, "extended"))) == 81 + 27 * 9 * 36 + 81 * 36 + 27 * 9


def test_dimacs_is_well_formed_and_maps_variables():
    puzzle = parse("4...1.3.2..3.1..")
    out = io.StringIO()
    write_cnf(out, puzzle, Rules(puzzle.shape))
    lines = out.getvalue().splitlines()
    header = [line for line in lines if line.startswith("p ")]
    assert header == [f"p cnf 64 {len(list(clauses(Rules(puzzle.shape)))) + 6}"]
    assert "c var 1 r1c1 1" in lines
    assert "c var 64 r4c4 4" in lines
    body = lines[lines.index(header[0]) + 1:]
    assert all(line.endswith(" 0") for line in body)
    units = [int(line.split()[0]) for line in body if len(line.split()) == 2]
    assert units == literals(puzzle.shape).stated(puzzle)

"""The setter's answers: second solutions, true candidates and redundancy, against brute force on small grids."""

from __future__ import annotations

import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from constraint_brute import grids
from puzzlesat.sudoku.solving import setter
from puzzlesat.sudoku.model.constraints import diagonals
from puzzlesat.sudoku.model.grid import Puzzle, Shape
from puzzlesat.sudoku.model.rules import classic_rules, constrained_rules
from puzzlesat.sudoku.solving.solver import Status, SudokuSolver

FOUR = Shape.of_side(4)
givens_4x4 = st.lists(st.tuples(st.integers(0, 15), st.integers(1, 4)), max_size=6).map(
    lambda pairs: tuple(dict(pairs).get(cell, 0) for cell in range(16)))


def solutions(puzzle: Puzzle, constraints=()) -> list:
    """Every solution by enumeration."""
    rules = constrained_rules(puzzle.shape, constraints)
    return [grid for grid in grids(puzzle.shape, puzzle.values)
            if all(c.holds(grid, rules.geometry) for c in constraints)]


@settings(max_examples=60, deadline=None)
@given(givens_4x4)
def test_true_candidates_are_the_digits_of_some_solution(values):
    puzzle = Puzzle(FOUR, values)
    solver = SudokuSolver(classic_rules(FOUR))
    masks = setter.true_candidates(solver, puzzle)
    found = solutions(puzzle)
    if not found:
        assert masks is None
        return
    expected = tuple(sum(1 << (v - 1) for v in {grid[cell] for grid in found}) for cell in range(16))
    assert masks == expected


@settings(max_examples=40, deadline=None)
@given(givens_4x4)
def test_second_solution_exists_exactly_when_there_are_two(values):
    puzzle = Puzzle(FOUR, values)
    solver = SudokuSolver(classic_rules(FOUR))
    result = solver.solve(puzzle)
    found = solutions(puzzle)
    if result.solution is None:
        assert not found
        return
    second = setter.second_solution(solver, puzzle, result.solution)
    assert (second is not None) == (len(found) > 1)
    if second is not None:
        assert second != result.solution and second in found


def test_redundant_givens_and_constraints_match_removing_each():
    shape, constraints = FOUR, diagonals(4)
    values = (0, 0, 0, 0, 1, 0, 0, 0, 0, 3, 0, 0, 4, 1, 0, 0)  # unique with both diagonals, 6 solutions without
    puzzle = Puzzle(shape, values)
    found = solutions(puzzle, constraints)
    assert len(found) == 1
    report = setter.redundancy(constrained_rules(shape, constraints), puzzle, found[0], "cadical195")
    for cell in (c for c, v in enumerate(values) if v):
        fewer = Puzzle(shape, tuple(0 if c == cell else v for c, v in enumerate(values)))
        assert (cell in report.givens) == (len(solutions(fewer, constraints)) == 1)
    for index, constraint in enumerate(constraints):
        others = constraints[:index] + constraints[index + 1:]
        unique = len(solutions(puzzle, others)) == 1
        assert (constraint.label(constrained_rules(shape).geometry) in report.constraints) == unique


def test_cli_true_candidates_and_second_solution_in_json(run_cli):
    result = run_cli(["sudoku", "-f", "jsonl", "--true-candidates", "-"], input="1.........3.....\n")
    record = json.loads(result.stdout)
    assert record["status"] == Status.MULTIPLE
    assert len(record["true_candidates"]) == 16 and record["true_candidates"][0] == "1"
    first, second = record["solution"], record["second_solution"]
    assert first != second
    assert record["differences"] == [f"r{i // 4 + 1}c{i % 4 + 1}" for i in range(16) if first[i] != second[i]]


def test_cli_pretty_shows_both_solutions_and_the_candidate_grid(run_cli):
    result = run_cli(["sudoku", "-f", "pretty", "--true-candidates", "-"], input="1.........3.....\n", terminal=True)
    shown = re.sub(r"\x1b\[[0-9;]*m", "", result.stdout)
    assert "one solution" in shown and "another" in shown
    assert re.search(r"they differ in \d+ cells \(marked ›\): r\dc\d, ", shown)
    assert "true candidates (14 cells still open)" in shown


def test_a_constraint_that_cannot_hold_is_one_line_everywhere(run_cli, tmp_path):
    from puzzlesat.sudoku.reading.links.lzstring import compress_to_base64

    data = {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)],
            "killercage": [{"cells": ["R1C1", "R1C2"], "value": "30"}]}
    path = tmp_path / "cage.txt"
    path.write_text(compress_to_base64(json.dumps(data)) + "\n")
    for options in (["--dimacs"], ["-f", "jsonl", "--true-candidates", "--redundant"], ["-f", "pretty"]):
        result = run_cli(["sudoku", *options, str(path)])
        assert result.exit_code == 1, options  # left out and named: the answer is not the puzzle's whole
        assert "no 2 distinct digits of 1-9 add up to 30" in result.stderr + result.stdout
        assert "Traceback" not in result.stderr


def test_setter_answers_have_a_time_limit_of_their_own(run_cli, monkeypatch):
    monkeypatch.setattr("puzzlesat.sudoku.batch.EXTRAS_SECONDS", 1e-9)
    result = run_cli(["sudoku", "-f", "jsonl", "--true-candidates", "-"], input="." * 81 + "\n")
    record = json.loads(result.stdout)
    assert record["status"] == "timeout" and record["solution"] is not None
    assert result.exit_code == 1

"""The generator: uniqueness checked by the solver, minimality, symmetry, difficulty, sizes, seeds, CLI."""

from __future__ import annotations

import json

import pytest

from puzzlesat.errors import GenerationError
from puzzlesat.sudoku import Rules, SudokuSolver, generate, is_solution
from puzzlesat.sudoku.generator import Generator
from puzzlesat.sudoku.model.grid import Puzzle


def check_unique(generated) -> SudokuSolver:
    solver = SudokuSolver(Rules(generated.puzzle.shape))
    result = solver.solve(generated.puzzle)
    assert result.status == "solved" and result.unique
    assert result.solution == generated.solution
    assert is_solution(generated.puzzle, generated.solution)
    return solver


def without(puzzle: Puzzle, cells) -> Puzzle:
    values = list(puzzle.values)
    for cell in cells:
        values[cell] = 0
    return Puzzle(puzzle.shape, tuple(values))


@pytest.mark.parametrize("side", [4, 6, 9])
def test_minimal_puzzles_are_unique_and_minimal(side):
    for generated in generate(side, count=3, seed=side, minimal=True):
        solver = check_unique(generated)
        for cell, _ in generated.puzzle.givens:
            assert solver.solve(without(generated.puzzle, [cell]), count=2).status == "multiple"


def test_symmetric_minimal_puzzles():
    for generated in generate(9, count=2, seed=5, minimal=True, symmetric=True):
        solver = check_unique(generated)
        values = generated.puzzle.values
        assert all(bool(values[c]) == bool(values[80 - c]) for c in range(81))
        for cell, _ in generated.puzzle.givens:
            assert solver.solve(without(generated.puzzle, {cell, 80 - cell}), count=2).status == "multiple"


@pytest.mark.parametrize("side", [12, 16])
def test_large_sizes(side):
    generated = next(generate(side, seed=1))
    check_unique(generated)
    assert generated.givens < side * side


def test_same_seed_same_puzzles():
    first = [g.puzzle.to_line() for g in generate(9, count=3, seed=42)]
    again = [g.puzzle.to_line() for g in generate(9, count=3, seed=42)]
    other = [g.puzzle.to_line() for g in generate(9, count=3, seed=43)]
    assert first == again and first != other and len(set(first)) == 3


def test_without_minimal_digging_stops_early():
    loose = [g.givens for g in generate(9, count=5, seed=7)]
    tight = [g.givens for g in generate(9, count=5, seed=7, minimal=True)]
    assert sum(loose) > sum(tight)


@pytest.mark.parametrize("difficulty", ["singles", "reduction"])
def test_difficulty(difficulty):
    for generated in generate(9, count=2, seed=3, minimal=True, difficulty=difficulty):
        check_unique(generated)
        assert generated.rating.level == difficulty


def test_difficulty_not_reached():
    generator = Generator(4, seed=1, difficulty="search", attempts=3)
    with pytest.raises(GenerationError, match="level search in 3 attempts"):
        generator.generate()


def test_cli_line_format(run_cli):
    result = run_cli(["sudoku", "generate", "--count", "3", "--seed", "1", "--minimal", "-f", "line"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert len(lines) == 3 and all(len(line) == 81 for line in lines)
    solved = run_cli(["sudoku", "-f", "jsonl", "-"], input=result.output)
    assert solved.exit_code == 0
    assert [json.loads(line)["status"] for line in solved.output.splitlines()] == ["solved"] * 3


def test_cli_jsonl_reports_the_rating(run_cli):
    result = run_cli(["sudoku", "generate", "--size", "4", "--count", "2", "--seed", "9", "--solution"])
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.exit_code == 0 and len(records) == 2
    for record in records:
        assert {"score", "complexity", "level"} <= set(record["rating"])
        assert len(record["puzzle"]) == len(record["solution"]) == 16


def test_cli_pretty(run_cli):
    result = run_cli(["sudoku", "generate", "--size", "4", "--seed", "2", "-f", "pretty"])
    assert result.exit_code == 0 and "givens" in result.output and "level" in result.output


def test_cli_errors(run_cli):
    result = run_cli(["sudoku", "generate", "--size", "7"])
    assert result.exit_code == 2 and "no Sudoku of side 7" in result.output
    result = run_cli(["sudoku", "generate", "--size", "4", "--difficulty", "search", "--attempts", "2"])
    assert result.exit_code == 1

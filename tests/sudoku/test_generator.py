"""The generator: uniqueness checked by the solver, minimality, symmetry, difficulty, SE's scale (ER bands and
techniques), sizes, seeds, CLI."""

from __future__ import annotations

import json
import re
import time

import pytest

from puzzlesat.errors import GenerationError
from puzzlesat.sudoku import Rules, SudokuSolver, explain, generate, is_solution, rate
from puzzlesat.sudoku.generator import Generator
from puzzlesat.sudoku.logic.catalogue import find_technique
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
    lines = result.stdout.splitlines()  # stderr may end with a summary line when the machine is busy
    assert len(lines) == 3 and all(len(line) == 81 for line in lines)
    solved = run_cli(["sudoku", "-f", "jsonl", "-"], input=result.stdout)
    assert solved.exit_code == 0
    assert [json.loads(line)["status"] for line in solved.stdout.splitlines()] == ["solved"] * 3


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


# ---- SE's scale: --er and --technique -------------------------------------------------------------------------


def rated_again(lines: str, run_cli) -> list:
    """Each puzzle line rated afresh by `puzzlesat sudoku --rate`: its rating records."""
    result = run_cli(["sudoku", "--rate", "-f", "jsonl", "-"], input=lines)
    assert result.exit_code == 0
    return [json.loads(line)["rating"] for line in result.stdout.splitlines()]


@pytest.mark.parametrize("band, low, high", [("3-3.4", 3.0, 3.4), ("4.2", 4.2, 4.2), ("2.3-", 0.0, 2.3)])
def test_er_band(band, low, high):
    made = list(generate(9, count=3, seed=4, er=band))
    assert len({new.puzzle.to_line() for new in made}) == 3
    for new in made:
        check_unique(new)
        assert low <= new.rating.er <= high
        assert rate(new.puzzle).er == new.rating.er  # rated again from scratch
        assert new.givens < 30  # dug minimal


def test_er_band_cli_rated_again(run_cli):
    result = run_cli(["sudoku", "generate", "--er", "6-6.9", "-n", "2", "--seed", "5", "-f", "line"])
    assert result.exit_code == 0
    ratings = rated_again(result.stdout, run_cli)
    assert len(ratings) == 2 and all(6.0 <= rating["er"] <= 6.9 for rating in ratings)


def test_er_band_shows_the_rating(run_cli):
    result = run_cli(["sudoku", "generate", "--er", "4-4.9", "--seed", "2", "-f", "pretty"])
    assert result.exit_code == 0 and re.search(r"SE 4\.\d/\d\.\d/\d\.\d \(", result.stdout)
    record = json.loads(run_cli(["sudoku", "generate", "--er", "4-4.9", "--seed", "2", "-f", "json"]).stdout)
    assert 4.0 <= record["rating"]["er"] <= 4.9 and record["rating"]["ep"] and record["rating"]["ed"]


@pytest.mark.parametrize("name, difficulty", [("x-wing", 3.2), ("XY-Wing", 4.2), ("naked pair", 3.0)])
def test_technique_is_used_and_nothing_harder(name, difficulty):
    technique = find_technique(name)
    for new in generate(9, count=2, seed=6, technique=name):
        steps = explain(new.puzzle, assume_unique=True).steps
        assert any(technique.covers(step.technique) for step in steps)
        assert max(step.difficulty for step in steps) == difficulty == new.rating.er


def test_technique_whose_difficulty_varies():
    """A chain's difficulty grows with its length: the other steps stay at or below its hardest one."""
    technique = find_technique("Forcing Chain")
    for new in generate(9, count=2, seed=7, technique="forcing chain", er="7-7.3"):
        steps = explain(new.puzzle, assume_unique=True).steps
        own = [step.difficulty for step in steps if technique.covers(step.technique)]
        assert own and max(step.difficulty for step in steps) == max(own) == new.rating.er
        assert 7.0 <= new.rating.er <= 7.3


def test_technique_cli_rated_again(run_cli):
    result = run_cli(["sudoku", "generate", "--technique", "Pointing", "-n", "2", "--seed", "8", "-f", "line"])
    assert result.exit_code == 0
    for rating in rated_again(result.stdout, run_cli):
        assert rating["er"] == 2.6 and {"technique": "Pointing"}.items() <= max(
            rating["techniques"], key=lambda t: t["difficulty"]).items()


def test_targets_reproduce_with_the_seed():
    first = [new.puzzle.to_line() for new in generate(9, count=2, seed=11, er="3-4")]
    again = [new.puzzle.to_line() for new in generate(9, count=2, seed=11, er="3-4")]
    other = [new.puzzle.to_line() for new in generate(9, count=2, seed=12, er="3-4")]
    assert first == again != other


def test_other_sizes():
    for new in generate(6, count=2, seed=1, er="1-1.5"):
        check_unique(new)
        assert new.rating.er <= 1.5
    new = next(generate(12, seed=1, er="3+"))
    assert new.rating.er >= 3.0 and rate(new.puzzle).er == new.rating.er


@pytest.mark.parametrize("args, message", [
    (["--er", "abc"], "Invalid value for '--er': ER band 'abc': write LOW-HIGH"),
    (["--er", "8-6"], "8.0 is above 6.0"),
    (["--technique", "swordfsh"], "unknown technique 'swordfsh'; did you mean Swordfish?"),
    (["--technique", "naked"], "is ambiguous: Naked Single, Naked Pair, Naked Triplet or Naked Quad"),
    (["--er", "5-6", "--difficulty", "probing"], "--difficulty (a level) and --er or --technique"),
    (["--er", "5-6", "--size", "16"], "ER bands and techniques are for sizes 4x4 to 12x12"),
    (["--technique", "skyscraper", "--size", "6"], "Skyscraper steps exist on 9x9 grids only"),
])
def test_bad_targets_are_usage_errors(run_cli, args, message):
    result = run_cli(["sudoku", "generate", *args])
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def test_target_not_reached(run_cli):
    result = run_cli(["sudoku", "generate", "--er", "9+", "--attempts", "3", "--seed", "1"])
    assert result.exit_code == 1
    assert "no 9x9 puzzle with ER 9.0 and up in 3 attempts (more --attempts may help)" in result.stderr
    result = run_cli(["sudoku", "generate", "--technique", "jellyfish", "--timeout", "0.05", "--attempts", "100000"])
    assert result.exit_code == 1
    assert "no 9x9 puzzle with Jellyfish the hardest technique in 0.05 s of CPU time (a longer --timeout" in result.stderr


def test_timeout_for_a_level():
    generator = Generator(9, seed=1, difficulty="search", attempts=10 ** 6, timeout=0.2)
    with pytest.raises(GenerationError, match="level search in 0.2 s of CPU time"):
        generator.generate()
    assert next(generate(9, seed=1, difficulty="singles")).rating.level == "singles"  # the spent budget is gone


def test_a_rating_budget_does_not_stop_later_digs(monkeypatch):
    """The rater keeps the budget of its last rating: once past, it must not stop the next puzzle's dig."""
    monkeypatch.setattr("puzzlesat.sudoku.generator.RATING_SECONDS", 0.3)
    generator = Generator(9, seed=1, difficulty="singles")
    generator.generate()
    time.sleep(0.4)
    assert generator.generate().rating.level == "singles"


@pytest.mark.slow
def test_er_nine_and_up():
    new = next(generate(9, seed=3, er="9+", attempts=20000, timeout=600))
    assert new.rating.er >= 9.0 and rate(new.puzzle).er == new.rating.er


def test_grids_counts_every_dug_grid():
    """`grids` counts the grids of the puzzles made and of the misses (what the benchmark divides by)."""
    generator = Generator(9, seed=1, er="3-3.4", attempts=2)
    dug = 0
    with pytest.raises(GenerationError):
        while True:
            dug += generator.generate().attempts
    assert generator.grids == dug + 2

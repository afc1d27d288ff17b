"""The published variant puzzles of puzzles/variants/, each read from its real f-puzzles or SudokuPad string:
solved, proven unique and equal to the solution its source states (see puzzles/variants/PROVENANCE.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlesat.sudoku.links import read_link
from puzzlesat.sudoku.solver import Status, SudokuSolver

FOLDER = Path(__file__).parents[2] / "puzzles" / "variants"
FILES = sorted(FOLDER.glob("*.txt"))


def published(path: Path) -> tuple:
    """(the payload line, the stated solution as a tuple of numbers) of a puzzle file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    payload = next(line.strip() for line in lines if line.strip() and not line.startswith("#"))
    stated = next(line.split(":", 1)[1].strip() for line in lines if line.startswith("# solution:"))
    numbers = stated.split(",") if "," in stated else list(stated)
    return payload, tuple(int(number) for number in numbers)


def test_there_are_a_dozen_and_more():
    assert len(FILES) >= 12


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_published_puzzle_solves_to_its_stated_solution(path):
    payload, stated = published(path)
    variant = read_link(payload)
    solver = SudokuSolver(variant.rules)
    try:
        result = solver.solve(variant.puzzle, count=2)
    finally:
        solver.close()
    assert variant.rules.is_solution(variant.puzzle, stated), "the stated solution breaks a rule as read"
    if variant.unknown or variant.ignored:  # a rule we cannot read: the puzzle may open up, never close
        assert result.solutions >= 1
        return
    assert result.status == Status.SOLVED and result.solutions == 1
    assert result.solution == stated

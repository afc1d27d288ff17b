"""The published variant puzzles of puzzles/variants/, each read from its real f-puzzles or SudokuPad string:
solved, proven unique and equal to the solution its source states (see puzzles/variants/PROVENANCE.md)."""

from __future__ import annotations

import pytest

from published import FILES, published
from puzzlesat.sudoku.reading.links import read_link
from puzzlesat.sudoku.solving.solver import Status, SudokuSolver


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

"""The published variant puzzles of puzzles/variants/, each read from its real f-puzzles or SudokuPad string:
solved, proven unique and equal to the solution its source states (see puzzles/variants/PROVENANCE.md)."""

from __future__ import annotations

import re

import pytest

from published import FILES, FOLDER, comments, published
from puzzlesat.sudoku.reading.links import read_link
from puzzlesat.sudoku.solving.solver import Status, SudokuSolver


def test_there_are_eighty_and_more():
    assert len(FILES) >= 80


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_published_puzzle_solves_to_its_stated_solution(path):
    payload, stated = published(path)
    variant = read_link(payload)
    solver = SudokuSolver(variant.rules)
    try:
        result = solver.solve(variant, count=2)
    finally:
        solver.close()
    assert variant.rules.is_solution(variant, stated), "the stated solution breaks a rule as read"
    if comments(path, "unread rule"):  # a rule we cannot read: the puzzle may open up, never close
        assert variant.unknown or variant.ignored
        assert result.solutions >= 1
        return
    named = [what for what in variant.unknown if what.startswith("rules text not read: ")]
    owned = comments(path, "rules text names")  # sentences of the rules about something this grid does not draw
    assert [what.split(": ", 1)[1].strip('"') for what in named] == owned, "a sentence of the rules named unread"
    assert len(named) == len(variant.unknown), "a rule left out that the file does not own up to"
    assert result.status == Status.SOLVED and result.solutions == 1
    assert result.solution == stated


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_published_puzzle_names_its_source_and_is_in_the_provenance_table(path):
    [source] = comments(path, "source")
    assert re.search(r"\b[0-9a-f]{40}\b", source), "the source names no commit"
    assert comments(path, "title") and comments(path, "setter") and comments(path, "solution checked")
    assert f"| `{path.name}` |" in (FOLDER / "PROVENANCE.md").read_text(encoding="utf-8")

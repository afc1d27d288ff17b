"""Shared helpers of the technique tests against Sukaku Explainer (SE): its positions, boards and solution checks.

A position is a state of SE's solving path as scripts/se_trace.py records it: the values (81 characters, '.' or
'0' blank) and the candidates (729 characters, 9 a cell, '.' or '0' for a missing digit).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import pytest

from puzzlesat.sudoku import parse, solve
from puzzlesat.sudoku.logic.candidates import CandidateGrid, layout
from puzzlesat.sudoku.model.grid import Shape
from puzzlesat.sudoku.model.rules import classic_rules
from puzzlesat.sudoku.logic.techniques.singles import hidden_singles, naked_singles


class Case(NamedTuple):
    """SE's step on one position of its solving path: name, difficulty, effect, and the position itself."""

    technique: str
    difficulty: float
    placements: tuple
    eliminations: tuple
    puzzle: str
    grid: str  # the values before the step, '.' blank
    marks: str  # the candidates before the step, 9 characters a cell


def board_of(grid: str, marks: str) -> CandidateGrid:
    """The candidate grid of an SE trace state, built as scripts/se_compare.py builds it: values and 729 marks."""
    rules = classic_rules(Shape.of_side(9))
    values = [0 if ch in ".0" else int(ch) for ch in grid]
    cands = []
    for cell in range(81):
        chunk = marks[cell * 9:cell * 9 + 9]
        mask = sum(1 << (int(ch) - 1) for ch in chunk if ch not in ".0")
        cands.append(1 << (values[cell] - 1) if values[cell] else mask)
    return CandidateGrid(rules, values, cands, layout(rules), assume_unique=True)


@lru_cache(maxsize=None)
def solution(puzzle: str) -> tuple:
    """The solution of a puzzle (or of a state of its solving path), computed once per test run."""
    return tuple(solve(parse(puzzle)).solution)


def check_step(board: CandidateGrid, step, answer) -> None:
    """Assert each placement and elimination of `step` is a candidate of an empty cell and agrees with `answer`."""
    for cell, digit in step.placements:
        assert not board.values[cell] and board.cands[cell] >> (digit - 1) & 1, step
        assert answer[cell] == digit, step
    for cell, digit in step.eliminations:
        assert not board.values[cell] and board.cands[cell] >> (digit - 1) & 1, step
        assert answer[cell] != digit, step


def check_producers(board: CandidateGrid, producers, answer) -> list:
    """Assert every step of every producer on `board` passes check_step, and the board is unchanged; return them."""
    before = (list(board.values), list(board.cands))
    steps = []
    for produce in producers:
        for step in produce(board):
            check_step(board, step, answer)
            steps.append(step)
    assert (board.values, board.cands) == before  # producers leave the board alone
    return steps


def removals_checked(positions, producers) -> int:
    """check_producers on each (puzzle, grid, marks, ...) position; return the number of eliminations checked."""
    checked = 0
    for puzzle, grid, marks, *_ in positions:
        steps = check_producers(board_of(grid, marks), producers, solution(puzzle))
        checked += sum(len(step.eliminations) for step in steps)
    return checked


def assert_se_removals(step, name: str, difficulty: float, removals: tuple) -> None:
    """Assert `step` is SE's: its name, its difficulty (to rounding), its removals in SE's order, and no placement."""
    assert (step.technique, step.difficulty, step.eliminations) == (name, pytest.approx(difficulty), removals)
    assert not step.placements


def positions(case: Case, producers):
    """The case's position, then the path from the puzzle's start by the first step of the singles or `producers`."""
    yield board_of(case.grid, case.marks)
    board = CandidateGrid.start(parse(case.puzzle))
    walkers = (hidden_singles, naked_singles) + tuple(producers)
    for _ in range(81):
        yield board
        step = next((s for produce in walkers for s in produce(board)), None)
        if step is None:
            return
        board = board.copy()
        board.apply(step)


def se_step_tests(cases: list, producers: dict):
    """The two tests of a module's Cases: the first step is SE's, and every step agrees with the solution."""
    ids = [f"{c.technique}-{i}" for i, c in enumerate(cases)]

    @pytest.mark.parametrize("case", cases, ids=ids)
    def test_first_step_is_se_step(case):
        """The first step of the case's producer is SE's: name, difficulty and effect."""
        step = next(iter(producers[case.technique](board_of(case.grid, case.marks))))
        assert (step.technique, step.difficulty) == (case.technique, case.difficulty)
        effect = (tuple(sorted(step.placements)), tuple(sorted(step.eliminations)))
        assert effect == (case.placements, case.eliminations)

    @pytest.mark.parametrize("case", cases, ids=ids)
    def test_every_step_agrees_with_the_solution(case):
        """Every step of every producer, on the position and on the states of a basic solving path to it."""
        for board in positions(case, producers.values()):
            check_producers(board, set(producers.values()), solution(case.puzzle))

    return test_first_step_is_se_step, test_every_step_agrees_with_the_solution

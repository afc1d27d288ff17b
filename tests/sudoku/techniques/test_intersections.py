"""Intersections (techniques.intersections): Pointing and Claiming, checked against Sukaku Explainer.

Each case is a real position of SE's solving path for its puzzle (the candidates before the step, as serate
prints them; the puzzles come from the se-train, diabolical and sudoku10k sets): the producer's first step must
be SE's step there, with SE's name, difficulty and effect. And every step the producers find, on those positions
and along a simple solving path of each puzzle, must agree with the puzzle's solution.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from puzzlesat.sudoku import parse, solve
from puzzlesat.sudoku.candidates import CandidateGrid, layout
from puzzlesat.sudoku.grid import Shape
from puzzlesat.sudoku.rules import classic_rules
from puzzlesat.sudoku.techniques.intersections import locking
from puzzlesat.sudoku.techniques.singles import hidden_singles, naked_singles


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
    """The candidate grid of an SE state: values from `grid`, candidates from the 729-character marks."""
    rules = classic_rules(Shape.of_side(9))
    values = [0 if ch in ".0" else int(ch) for ch in grid]
    cands = [1 << (v - 1) if v else sum(1 << (int(ch) - 1) for ch in marks[9 * c:9 * c + 9] if ch != ".")
             for c, v in enumerate(values)]
    return CandidateGrid(rules, values, cands, layout(rules), assume_unique=True)


PRODUCERS = {"Pointing": locking, "Claiming": locking}

CASES = [
    # SE: Pointing: Cells r1c7,r2c7: 5 in block and column
    Case('Pointing', 2.6, (), ((51, 5), (60, 5)),
         '000000000000000012000034000000000003005106000060700000208000000300000400900200060',
         '6......344.36...125...34..6...4..6.3.351.6.4..647.3...24836....3.6...42.9..24.36.',
         '.....6...12....78912....7.9....5..8912..5.78912..5.789....5.789..3.........4.....'
         '...4...........789..3...........6.......5.789....5.789....5.7891.........2.......'
         '....5....12....78912....7.9.......89..3.........4...........789......789.....6...'
         '1.....78.12....78912....7.9...4......2..5..89.2..5..89.....6.......5.789..3......'
         '......78...3..........5....1.........2.....89.....6....2....789...4...........789'
         '1......8......6......4...........7...2..5..89..3......12..5..89....5..891...5..89'
         '.2..........4............8...3...........6...1...5.7.91...5.7.9....5.7.91...5.7.9'
         '..3......1...5.7.......6.......5..891...5.7891...5.789...4......2.......1...5.789'
         '........91...5.7..1.....7...2..........4.....1...5.78...3...........6...1...5.78.'),
    # SE: Claiming: Cells r3c7,r3c9: 6 in row and block
    Case('Claiming', 2.8, (), ((6, 6), (8, 6), (16, 6)),
         '000000000000001002003040050000006070004000030005008000060000000070030000900000801',
         '.5...3.8.84...13.2.9384..5.3.94.6.7...4....3..253.8.1.561.847.347813....932...841',
         '12...........5.........67...2...67.9.2...67.9..3......1..4.6..9.......8....4.67.9'
         '.......8....4..........67......567.9....567.91..........3...........6..9.2.......'
         '12...............9..3.............8....4......2....7..1....6.......5.........67..'
         '..3......1......8.........9...4.....12..5.........6....2..5..........7......5..8.'
         '.....67..1......8....4......2..5.7.912..5.7.9.2..5.7.9.2..56..9..3..........56.89'
         '.....67...2...........5......3............7.9.......8....4.6..91...........4.6..9'
         '....5.........6...1.........2......9.......8....4...........7...2......9..3......'
         '...4...........7.........8.1..........3.......2......9....56..9.2...6..9....56..9'
         '........9..3.......2...........567......567......5.7.........8....4.....1........'),
]


@pytest.mark.parametrize("case", CASES, ids=[f"{c.technique}-{i}" for i, c in enumerate(CASES)])
def test_first_step_is_se_step(case):
    board = board_of(case.grid, case.marks)
    step = next(iter(PRODUCERS[case.technique](board)))
    assert (step.technique, step.difficulty) == (case.technique, case.difficulty)
    assert (tuple(sorted(step.placements)), tuple(sorted(step.eliminations))) == (case.placements, case.eliminations)


@pytest.fixture(scope="module")
def solutions():
    """The solution of every puzzle of the cases."""
    return {case.puzzle: solve(case.puzzle).solution for case in CASES}


@pytest.mark.parametrize("case", CASES, ids=[f"{c.technique}-{i}" for i, c in enumerate(CASES)])
def test_every_step_agrees_with_the_solution(case, solutions):
    """Every step of every producer, on the position and on the states of a basic solving path to it."""
    solution = solutions[case.puzzle]
    for board in positions(case):
        before = (list(board.values), list(board.cands))
        for produce in set(PRODUCERS.values()):
            for step in produce(board):
                for cell, digit in step.placements:
                    assert not board.values[cell] and board.cands[cell] >> (digit - 1) & 1
                    assert solution[cell] == digit, step
                for cell, digit in step.eliminations:
                    assert not board.values[cell] and board.cands[cell] >> (digit - 1) & 1, step
                    assert solution[cell] != digit, step
        assert (board.values, board.cands) == before  # producers leave the board alone


def positions(case: Case):
    """The case's position, then the states of a path from the puzzle's start that takes, each time, the first
    step of the singles or of this module's producers (as far as they go)."""
    yield board_of(case.grid, case.marks)
    board = CandidateGrid.start(parse(case.puzzle))
    walkers = (hidden_singles, naked_singles) + tuple(PRODUCERS.values())
    for _ in range(81):
        yield board
        step = next((s for produce in walkers for s in produce(board)), None)
        if step is None:
            return
        board = board.copy()
        board.apply(step)

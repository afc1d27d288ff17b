"""Basic fish (techniques.fish): X-Wing, Swordfish and Jellyfish, checked against Sukaku Explainer.

Each case is a real position of SE's solving path for its puzzle (the candidates before the step, as serate
prints them; the puzzles come from the se-train, diabolical and sudoku10k sets): the producer's first step must
be SE's step there, with SE's name, difficulty and effect. And every step the producers find, on those positions
and along a simple solving path of each puzzle, must agree with the puzzle's solution.
"""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

import pytest

from puzzlesat.sudoku import parse, solve
from puzzlesat.sudoku.candidates import CandidateGrid, layout
from puzzlesat.sudoku.grid import Shape
from puzzlesat.sudoku.rules import classic_rules
from puzzlesat.sudoku.techniques.fish import basic_fish
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


PRODUCERS = {
    "X-Wing": partial(basic_fish, size=2),
    "Swordfish": partial(basic_fish, size=3),
    "Jellyfish": partial(basic_fish, size=4),
}

CASES = [
    # SE: X-Wing: Cells r2c4,r2c8,r4c4,r4c8: 9 in 2 columns and 2 rows
    Case('X-Wing', 3.2, (), ((14, 9), (32, 9)),
         '900000200007000003060200080000000002649000500051700060004005900000104600090000000',
         '9.....2.6.27.....3.6.2..78.........2649...5..2517...6...46.592...21946...96......',
         '........91.3....8...3.5..8....45....1.345.78.1.3...78..2.......1..45.........6...'
         '1..4...8..2.............7.....45...91..456.8.1....6.891..4.....1..45...9..3......'
         '1.34..........6.....3.5.....2.......1.345....1.3.....9......7.........8.1..45...9'
         '..3...78...3...78...3....8....45...91..456...1....6..91..4.....1..4....9.2.......'
         '.....6......4.............9..3....8.123....8.123....8.....5....1.3...7..1.....78.'
         '.2...........5....1..............7....34...8...3....89..3....8......6......4...89'
         '1.3...78.1.3...78....4..........6.....3....8.....5............9.2.......1.....78.'
         '..3.5.78...3...78..2.......1................9...4..........6.....3.5.7......5.78.'
         '1...5............9.....6.....3....8..2....7...2....7....3....8.1..45....1..45....'),
    # SE: Swordfish: Cells r3c4,r3c9,r6c6,r6c9,r9c4,r9c6: 9 in 3 columns and 3 rows
    Case('Swordfish', 3.8, (), ((24, 9), (45, 9)),
         '000000001000002030004005000000000450001060000030000000020070008050100000300000006',
         '5.36.7241...412.35214.35.6...27.14534.1563.82.3524.61.126374598.5.126374347.5.126',
         '....5...........89..3...........6..........89......7...2..........4.....1........'
         '.....67.......67.........89...4.....1.........2..............89..3..........5....'
         '.2.......1...........4............89..3..........5..........789.....6.........7.9'
         '.....6..9.....6.89.2.............7.........891...........4.........5......3......'
         '...4...........7.91............5.........6.....3............7.9.......8..2.......'
         '......789..3..........5.....2..........4............89.....6...1..............7.9'
         '1.........2............6.....3............7.....4.........5............9.......8.'
         '.......89....5...........891.........2............6.....3............7.....4.....'
         '..3.........4...........7.........89....5...........891.........2............6...'),
    # SE: Swordfish: Cells r3c1,r3c3,r4c1,r4c3,r4c4,r9c1,r9c3,r9c4: 5 in 3 columns and 3 rows
    Case('Swordfish', 3.8, (), ((76, 5),),
         '030608000047000000000010890070000180000802300600000050000401500008020006010000000',
         '931648..58472..631....1.894.7..6418.1.48.236.68.13.45....4.15..4.8.2..16.1...6.4.',
         '........9..3......1.............6......4............8..2....7...2....7......5....'
         '.......8....4...........7...2...........5...9....5...9.....6.....3......1........'
         '.2..5.....2...6....2..56.....3...7..1..........3...7.........8.........9...4.....'
         '.23.5..........7...23.5...9....5...9.....6......4.....1...............8..2......9'
         '1............5...9...4............8.....5.7.9.2.........3...........6.........7.9'
         '.....6..........8..2......91..........3............7.9...4.........5.....2....7.9'
         '.23...7...2...6....23..6..9...4...........7891............5.....2....7....3....8.'
         '...4.........5...9.......8...3...7.9.2.........3.5.7.9......7.91.............6...'
         '.23.5.7..1.........23.5...9....5.7.9....5.789.....6....2....7.9...4.......3....8.'),
    # SE: Jellyfish: Cells r3c2,r3c5,r5c2,r5c8,r6c5,r6c7,r9c7,r9c8: 5 in 4 columns and 4 rows
    Case('Jellyfish', 5.2, (), ((21, 5),),
         '........5....6......1...79..6............7..1.8.3.1.......4..8...3...6....7..9...',
         '.26.7.8.5.78.6...4..1..879616..9.378..96874.17843.1.69.1.746983893.1.647647839..2',
         '...4....9.2............6...1.......9......7....34............8.1.3..........5....'
         '....5...9......7.........8.1.......9.....6.....3.5....12.......123.........4.....'
         '..34.......3.5....1.........2.45.....2..5...........8.......7..........9.....6...'
         '1.............6....2..5.....2.45............9.2.45......3............7.........8.'
         '.23........3.5............9.....6..........8.......7.....4......2..5....1........'
         '......7.........8....4.......3.......2..5....1.........2..5.........6...........9'
         '.2..5....1.........2..5..........7.....4..........6...........9.......8...3......'
         '.......8.........9..3.......2..5....1.........2..5.........6......4...........7..'
         '.....6......4...........7.........8...3..............91...5....1...5.....2.......'),
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

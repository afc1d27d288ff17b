"""Singles (techniques.singles): Hidden Single and Naked Single, checked against Sukaku Explainer.

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


PRODUCERS = {"Hidden Single": hidden_singles, "Naked Single": naked_singles}

CASES = [
    # SE: Hidden Single: r1c7: 8 in block
    Case('Hidden Single', 1.0, ((6, 8),), (),
         '012376054405120397378900612541289760237501948689430520103790486720840039804613275',
         '.12376.544.512.3973789..61254128976.2375.194868943.52.1.379.48672.84..398.4613275',
         '........91.........2.........3............7.......6..........8.....5.......4.....'
         '...4..........6.......5....1.........2..............8...3..............9......7..'
         '..3............7.........8.........9....5.......45.........6...1.........2.......'
         '....5.......4.....1.........2..............8.........9......7.......6.....3......'
         '.2.........3............7......5.........6...1................9...4............8.'
         '.....6..........8.........9...4.......3............7......5.....2.......1........'
         '1............5......3............7..........9.2..5.......4............8......6...'
         '......7...2............6..........8....4.........5....1..........3..............9'
         '.......8.........9...4..........6...1..........3.......2.............7......5....'),
    # SE: Hidden Single: r5c1: 6 in block
    Case('Hidden Single', 1.2, ((36, 6),), (),
         '000000000000000001002034000000003560070000000180000000000700030006000200900180000',
         '.................1..2.34........356..7.......18..........7...3...6...2..9..18....',
         '..345678.1.3456..91.345.789.2..56.8912..567.912..56789..34.6789.2.45.789.23456789'
         '..345678...3456..9..345.789.2..56.89.2..567.9.2..56789..34.6789.2.45.7891........'
         '....5678.1...56..9.2...........56.89..3.........4..........6789....5.789....56789'
         '.2.4......2.4....9...4....9.2.4...8912.4..7.9..3..........5.........6....2.4..789'
         '.23456.........7....345...9.2.456.8912.456..912..56.891.34...8912.4...89.234...89'
         '1...............8...345...9.2.456..9.2.4567.9.2..567.9..34..7.9.2.4..7.9.234..7.9'
         '.2.45..8.12.45....1..45..8.......7...2.456..9.2..56..91..4.6.89..3.........456.89'
         '..345.78.1.345.........6.....345...9...45...9....5...9.2.......1..45.789...45.789'
         '........9.2345......345.7..1...............8..2..56......4.67.....45.7.....4567..'),
    # SE: Hidden Single: r3c2: 1 in row
    Case('Hidden Single', 1.5, ((19, 1),), (),
         '000000000000000001002034000000003560070000000180000000000700030006000200900180000',
         '.................1..2.34........356.67.......18..........7...3...63..2..9..18....',
         '..345.78.1.3456..91.345.789.2..56.8912..567.912..56789..34.6789.2.45.789.23456789'
         '..345.78...3456..9..345.789.2..56.89.2..567.9.2..56789..34.6789.2.45.7891........'
         '....5.78.1...56..9.2...........56.89..3.........4..........6789....5.789....56789'
         '.2.4......2.4....9...4....9.2.4...8912.4..7.9..3..........5.........6....2.4..789'
         '.....6.........7....345...9.2.45..8912.45...912..5..891.34...8912.4...89.234...89'
         '1...............8...345...9.2.456..9.2.4567.9.2..567.9..34..7.9.2.4..7.9.234..7.9'
         '.2.45..8.12.45....1..45..8.......7...2.456..9.2..56..91..4.6.89..3.........456.89'
         '...45.78.1..45.........6.....3.........45...9....5...9.2.......1..45.789...45.789'
         '........9.2345......345.7..1...............8..2..56......4.67.....45.7.....4567..'),
    # SE: Hidden Single: r1c3: 8 in column
    Case('Hidden Single', 1.5, ((2, 8),), (),
         '000000000000000001002034000000003560070000000180000000000700030006000200900180000',
         '.....1........8..1.12.34......81356767....1..18.........17...3...63..21.9..18....',
         '..345.78...3456..9..345.789.2..56..9.2..567.91..........34.6789.2.45.789.23456.89'
         '..345.7....3456..9..345.7.9.2..56..9.2..567.9.......8...34.67.9.2.45.7.91........'
         '....5.78.1.........2...........56..9..3.........4..........6789....5.789....56.89'
         '.2.4......2.4....9...4....9.......8.1..........3..........5.........6.........7..'
         '.....6.........7....345...9.2.45...9.2.45...9.2..5...91.........2.4...89.234...89'
         '1...............8...345...9.2.456..9.2.4567.9.2..567.9..34....9.2.4....9.234....9'
         '.2.45..8..2.45....1..............7...2.456..9.2..56..9...4.6.89..3.........456.89'
         '...45.78....45.........6.....3.........45...9....5...9.2.......1...........45..89'
         '........9.2345......345.7..1...............8..2..56......4.67.....45.7.....456...'),
    # SE: Naked Single: r5c3: 8
    Case('Naked Single', 2.3, ((38, 8),), (),
         '000000000000000001002034000000005000010000006700002080000908240005000000060010000',
         '.....1..2...2.6..11.2.34....2...5....1.3.9.267....2.8.371968245..542....26451....',
         '...456.89..345..89..3..6789......78.....5.7891..........3456789..3.567.9.2.......'
         '...45..89..345..89..3...789.2...........5.789.....6.....345.789..3.5.7.91........'
         '1............5..89.2.............78...3.........4.........56789....567.9......789'
         '...4.6.89.2.........3..6.891....678....4..78.....5....1.34..7.91.3...7.9..34..7.9'
         '...45..8.1...............8...3.........4..78.........9...45.7...2............6...'
         '......7....345...9..3..6..91....6......4......2.......1.345...9.......8...34....9'
         '..3............7..1................9.....6..........8..2..........4.........5....'
         '.......89.......89....5.......4......2.........3...7..1.3..67891.3..67.9..3...789'
         '.2............6......4.........5....1..........3...7....3...789..3...7.9..3...789'),
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

"""Subsets (techniques.subsets): Naked and Hidden Pair/Triplet/Quad, checked against Sukaku Explainer.

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
from puzzlesat.sudoku.techniques.singles import hidden_singles, naked_singles
from puzzlesat.sudoku.techniques.subsets import hidden_sets, naked_sets


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
    "Naked Pair": partial(naked_sets, size=2),
    "Naked Triplet": partial(naked_sets, size=3),
    "Naked Quad": partial(naked_sets, size=4),
    "Hidden Pair": partial(hidden_sets, size=2),
    "Hidden Triplet": partial(hidden_sets, size=3),
    "Hidden Quad": partial(hidden_sets, size=4),
}

CASES = [
    # SE: Naked Pair: Cells r7c3,r9c1: 6,9 in block
    Case('Naked Pair', 3.0, (), ((55, 9),),
         '000000000000000012003004000000005400060000007210080000000010000004007900080000300',
         '8.27.1634.4...8712173264859..8175426465.2.1872174865937...1.248.248.7961.81.42375',
         '.......8.....5...9.2.............7......5...91.............6.....3.........4.....'
         '....56..9...4..........6..9..3.5......3.5...9.......8.......7..1.........2.......'
         '1..............7....3.......2............6......4............8.....5............9'
         '..3.....9..3.....9.......8.1..............7......5.......4......2............6...'
         '...4..........6.......5......3.....9.2.........3.....91...............8.......7..'
         '.2.......1..............7.....4............8......6.......5............9..3......'
         '......7....3.5...9.....6..9..3.56..91..........3.....9.2..........4............8.'
         '..3.5.....2..........4............8...3.5..........7..........9.....6...1........'
         '.....6..9.......8.1.............6..9...4......2.........3............7......5....'),
    # SE: Naked Triplet: Cells r5c1,r5c7,r5c8: 1,3,5 in row
    Case('Naked Triplet', 3.6, (), ((38, 1), (38, 3), (38, 5), (40, 3), (41, 1)),
         '000093500000000008200000047000000800060400009800059720400020006790000000000010000',
         '6...93512........82......47......86..6.4....98..65972.4...2...679...........1....',
         '.....6......4..78....4..78.......78.........9..3..........5....1.........2.......'
         '1.3.5...91.3.5.7..1.3.5.7.912..5.7.....4.67..12.4567....3..6..9..3.....9.......8.'
         '.2.......1.3.5..8.1.3.5..891...5..8......6.8.1...56.8...3..6..9...4...........7..'
         '1.3.5...912345.7..12345.7.9123...7....3...7..12....7.........8......6...1.345....'
         '1.3.5.........6...123.5.7.....4.......3...78.12....78.1.3........3.5............9'
         '.......8.1.34.....1.34..........6.......5............9......7...2.......1.34.....'
         '...4.....1.3.5..8.1.3.5..8...3.5.789.2...........5.78.1.3.....9..3.5.789.....6...'
         '......7..........9123.56.8...3.5..8...34.6.8....456.8..2.4.......3.5..8.1.3.5....'
         '..3.5.....2.....8..2...6.8.......7891...........4.678..2.4...........789..3.5....'),
    # SE: Naked Quad: Cells r3c4,r3c7,r3c8,r3c9: 1,6,7,8 in row
    Case('Naked Quad', 5.0, (), ((18, 1), (18, 7), (18, 8), (19, 6), (19, 7), (19, 8), (20, 6), (20, 7), (23, 1)),
         '......493.3...452...........1.3.89...2.4...8....5..3.2..1.63...3......796.8..7...',
         '......493.3...452.....3.....1.3289...234...8....5..3.2..1.63...3.2...6796.8..7.3.',
         '12..5.78......678.....567..1....678.1...5..8.12..5.......4.............9..3......'
         '1.....789..3...........67.91....678.1......89...4.........5.....2.......1....678.'
         '12.45.789...4.6789...4567.91....678...3......12..5...91.....78.1....6...1....678.'
         '...45.7..1...........4567....3.......2..............8.........9...456......4567..'
         '....5.7.9.2.........3.........4.....1.....7.91....6..91.....7.........8.1...567..'
         '...4..789...4.6789...4.67.9....5....1.....7.91....6..9..3......1..4.6....2.......'
         '...4..7.9...45.7.91.........2......9.....6.....3.......2.....8....45.......45..8.'
         '..3.........45.....2.......1......8.1..45..8.1...5.........6.........7..........9'
         '.....6......45...9.......8..2......9...45..........7..12.........3......1..45....'),
    # SE: Hidden Pair: Cells r1c8,r1c9: 4,5 in block
    Case('Hidden Pair', 3.4, (), ((7, 3), (7, 8), (8, 3), (8, 8), (8, 9)),
         '000000000000000012003045000000003400010000000620000000000007000008004500070200060',
         '1.6..2...745..6.122.314567.85762349131....2.662...17...32.671..968314527.712...6.',
         '1...............89.....6.........789..3...789.2.........3....89..345..8...345..89'
         '......7.....4.........5...........89..3....89.....6.....3....891.........2.......'
         '.2..............89..3......1...........4.........5.........6.........7.........89'
         '.......8.....5..........7.......6....2.........3.........4.............91........'
         '..3......1...........4....9...45.789....5.789.......89.2...........5..8......6...'
         '.....6....2..........4....9...45..89....5..891..............7....3.5..8...3.5..8.'
         '...45......3.......2...........5..89.....6.........7..1...........4...8....4...89'
         '........9.....6..........8...3......1...........4.........5.....2.............7..'
         '...45..........7..1.........2...........5..89.......89..3....89.....6.....34...89'),
    # SE: Hidden Triplet: Cells r7c1,r7c2,r7c3: 4,6,7 in block
    Case('Hidden Triplet', 4.0, (), ((54, 2), (54, 5), (54, 9), (55, 1), (55, 5), (56, 1), (56, 5)),
         '020000074098010000000000000700305006000020900100000000000000830000607000000400000',
         '.2.....74.9871.............7..3.5.16....2.9.71...7..........83....6.7......4..76.',
         '..3.56....2.......1.3.56.......5..89..3.56.89..3....891.3.56.........7.....4.....'
         '..3456...........9.......8.......7..1.........234......23.56....2..5.....23.5....'
         '..3456...1.34567..1.34567...2..5......3456....234.....123.56..........89.......89'
         '......7.....4...8..2......9..3.........4...89....5.....2.4.....1.............6...'
         '..3456.8...3456.8...3456...1......8..2.......1..4.6.8.........9...45..8.......7..'
         '1...........456.8..2......9.......89......7.....4.6.89.2345.....2.45..8..23.5..8.'
         '.2.456..91..4567..1..4567..12..5...9....5...912......9.......8...3......12..5...9'
         '.23.5..891.3.5..8.1.3.5.........6.....3.5..89......7...2.45.....2.45...912..5...9'
         '.23.5..891.3.5..8.1.3.5.......4.......3.5..89123....89......7.......6...12..5...9'),
    # SE: Hidden Quad: Cells r4c4,r4c5,r6c4,r6c5: 3,4,6,9 in block
    Case('Hidden Quad', 5.4, (), ((49, 8),),
         '000006000050870090007250800500000180063000940021000007005021700010093050000500000',
         '..8..6.7.15.874.9...725981.5.....18..63...94..21.....7.85.217.9.1..93.58...5...21',
         '.2.4....9...4....9.......8.1.3......1.3...........6....2..5..........7.....45....'
         '1............5.....2...6..........8.......7.....4......23..6...........9..3..6...'
         '..34.6.....34...........7...2...........5............9.......8.1...........4.6...'
         '....5.......4..7.9...4....9..3..6..9..34.6....2....7..1...............8..23..6...'
         '......78......6.....3......1.....7..1......8..2..5............9...4......2..5....'
         '...4...89.2.......1..........34.6..9..34.6.8.....5..8...3.56.....3..6.........7..'
         '..34.6..........8.....5.......4.6....2.......1..............7....3..6...........9'
         '.2.4.67..1.........2.4.6......4.67..........9..3.........4.6.......5...........8.'
         '..34.6..9..34..7.9...4.6..9....5.......4.6.8.......78...34.6....2.......1........'),
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

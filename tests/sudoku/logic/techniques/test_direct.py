"""Direct Pointing/Claiming and Direct Hidden Pair/Triplet (techniques.direct), checked against Sukaku Explainer.

Each case is a real position of SE's solving path for its puzzle (the candidates before the step, as serate
prints them; the puzzles come from the se-train, diabolical and sudoku10k sets): the producer's first step must
be SE's step there, with SE's name, difficulty and effect. And every step the producers find, on those positions
and along a simple solving path of each puzzle, must agree with the puzzle's solution.
"""

from __future__ import annotations

from functools import partial

from se_cases import Case, se_step_tests

from puzzlesat.sudoku.logic.techniques.direct import direct_hidden_sets, direct_locking


PRODUCERS = {
    "Direct Pointing": direct_locking,
    "Direct Claiming": direct_locking,
    "Direct Hidden Pair": partial(direct_hidden_sets, size=2),
    "Direct Hidden Triplet": partial(direct_hidden_sets, size=3),
}

# No Direct Claiming case: on the classic grid SE never takes one. If column c1 holds a digit only in block B and
# column c3 (same stack) has one place X outside B, the stack's third block holds the digit only in the middle
# column c2 (or once: a Hidden Single), so it points along c2 and leaves X alone in X's block (Direct Pointing,
# an earlier pass; or X is a Hidden Single already). Likewise for rows. The solution check below covers it.
CASES = [
    # SE: Direct Pointing: Cells r5c3,r6c3: 3 of block in column
    Case('Direct Pointing', 1.7, ((73, 3),), (),
         '000000000000000001002034000000003560070000000180000000000700030006000200900180000',
         '..8.71.....7..8..1.12.3487.2..81356767....18.18...7...8.17...3.7.63..2189..18.7..',
         '..345......3456..9.......8..2..56..9......7..1..........34.6..9.2.45...9.23456..9'
         '..345......3456..9......7...2..56..9.2..56..9.......8...34.6..9.2.45...91........'
         '....5....1.........2...........56..9..3.........4............8.......7......56..9'
         '.2..........4....9...4....9.......8.1..........3..........5.........6.........7..'
         '.....6.........7....345...9.2.45...9.2.45...9.2..5...91...............8..234....9'
         '1...............8...345...9.2.456..9.2.456..9......7....34....9.2.4....9.234....9'
         '.......8..2.45....1..............7...2.456..9.2..56..9...4.6..9..3.........456..9'
         '......7.....45.........6.....3.........45...9....5...9.2.......1...............8.'
         '........9.2345......345....1...............8..2..56.........7.....45.......456...'),
    # SE: Direct Hidden Pair: Cells r1c2,r2c2: 5,8 in block
    Case('Direct Hidden Pair', 2.0, ((11, 4),), (),
         '000000000000000001002003040000000050000010000010670004000008200030000006460050000',
         '....4...2....2...1692183547..623.15852.81.673813675924...468235235791486468352719',
         '1.3...7......5.78.1.....7......5...9...4..........67.9..3....8......6..9.2.......'
         '..3...7.....45.78....4..7......5...9.2............67.9..3....8......6..91........'
         '.....6...........9.2.......1...............8...3..........5.......4...........7..'
         '......7.9...4..7.......6....2.........3.........4....91............5...........8.'
         '....5.....2..........4....9.......8.1...........4....9.....6.........7....3......'
         '.......8.1..........3...........6.........7......5............9.2..........4.....'
         '1.....7.9......7..1.....7.9...4..........6..........8..2.........3..........5....'
         '.2.........3..........5..........7..........91...........4............8......6...'
         '...4..........6..........8...3..........5.....2.............7..1................9'),
    # SE: Direct Hidden Triplet: Cells r1c7,r2c7,r3c7: 5,7,8 in column
    Case('Direct Hidden Triplet', 2.5, ((42, 9),), (),
         '000000000000000012003045006000000003000718000002000400000003000010000000750000080',
         '..1....34.......12..3145..6......1.3.3.718..51.2...4.8....73..131......775...1389',
         '.2..56.89.2...67891.........2...6.89.2...6.89.2...67.9....5.789..3.........4.....'
         '...456.89...4.6789...456789..3..6.89..3..6.89.....67.9....5.7891.........2.......'
         '.2.....89.2....789..3......1...........4.........5..........789......7.9.....6...'
         '...456.89...4.6789...456789.2.456..9.2..56..9.2.4.6..91.........2...67.9..3......'
         '...4.6..9..3.........4.6..9......7..1...............8..2...6..9.2...6..9....5....'
         '1.............67.9.2.........3.56..9..3.56..9.....6..9...4..........67.9.......8.'
         '.2.4.6.89.2.4.6.89...4.6.89.2.456.89......7....3.......2...6....2.456...1........'
         '..3......1...........4.6.89.2.456.89.2..56.89.2.4.6..9.2...6....2.456.........7..'
         '......7......5.......4.6....2.4.6....2...6...1..........3.............8.........9'),
]

# The shared tests on these cases (se_cases.se_step_tests): SE's step first, every producer's step right
test_first_step_is_se_step, test_every_step_agrees_with_the_solution = se_step_tests(CASES, PRODUCERS)

"""The baseline Sudoku solvers of bench_sudoku.py, each run as its own child program.

    python scripts/sudoku_baselines.py NAME FILE [--no-unique] [--cap SECONDS]

writes one 'STATUS SOLUTION' line per puzzle of FILE (status unique, multiple, solved when uniqueness is not
checked, unsat or invalid; '-' for no solution) and, last on stderr, a JSON line {done, seconds, interrupted}
timed from opening the file. It stops after the puzzle that passes --cap seconds. NAME is one of:

  a  a fresh CNF (extended encoding, givens as unit clauses) and a fresh Glucose4 solver per puzzle;
     uniqueness by a second solve with the solution blocked.
  b  Norvig's constraint propagation and search in plain Python (norvig_baseline.py); uniqueness by
     searching on for a second solution.
  c  one Glucose4 solver holding the extended encoding, givens as assumptions; uniqueness by a second solve with
     the solution blocked by a clause under a fresh activation literal, retired afterwards: one solver for the
     whole run, as the issue defines the harness.
  d  (c) renewed every 500 puzzles, so that retired variables and learnt clauses never pile up.

Every solution is checked against the rules and the givens before it is written.
"""

from __future__ import annotations

import json
import sys
import time
from itertools import combinations
from math import isqrt
from typing import Dict, List, Optional, Sequence, Tuple

from norvig_baseline import board_for, rule_groups  # scripts/ is on sys.path when this runs as a script

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
BLANKS = ".0"
LABELS = {"a": "a fresh CNF+solver", "b": "b Norvig (Python)", "c": "c Glucose4 harness", "d": "d c, renewed /500"}
Answer = Tuple[str, Optional[str]]


def extended_clauses(side: int, groups: Sequence[Sequence[int]]) -> List[List[int]]:
    """Lynce & Ouaknine's extended encoding, x(cell, v) = cell*side + v: exactly one per cell and per group and value."""
    def exactly_one(lits: List[int]) -> List[List[int]]:
        """At least one, and no two (pairwise)."""
        return [lits] + [[-a, -b] for a, b in combinations(lits, 2)]

    clauses = []
    for cell in range(side * side):
        clauses += exactly_one([cell * side + v for v in range(1, side + 1)])
    for group in groups:
        for v in range(1, side + 1):
            clauses += exactly_one([cell * side + v for cell in group])
    return clauses


class Shape:
    """What every baseline needs to know about one side length."""

    def __init__(self, side: int):
        self.side, self.cells = side, side * side
        self.groups = rule_groups(side)
        self.alphabet = SYMBOLS[:side]
        self.table = {ch: v for v, ch in enumerate(self.alphabet, 1)}
        self.table.update({ch.lower(): v for ch, v in list(self.table.items())})
        self.table.update({ch: 0 for ch in BLANKS})

    def values(self, line: str) -> List[int]:
        """Values 0 (blank) or 1..side of a one-line puzzle; KeyError on an unknown symbol."""
        return [self.table[ch] for ch in line]

    def verified(self, puzzle: Sequence[int], solution: Sequence[int]) -> str:
        """The solution as a string after checking it against the givens and the rules; AssertionError if wrong."""
        if len(solution) != self.cells or any(g and g != s for g, s in zip(puzzle, solution)):
            raise AssertionError("solution misses a given")
        if any(len({solution[cell] for cell in group}) != self.side for group in self.groups):
            raise AssertionError("solution breaks a group")
        return "".join([self.alphabet[v - 1] for v in solution])

    def model_values(self, model: Sequence[int]) -> List[int]:
        """Cell values from a model over the cell variables."""
        side = self.side
        return [(lit - 1) % side + 1 for lit in model[: self.cells * side] if lit > 0]


class FreshSolver:
    """(a) A fresh CNF and a fresh Glucose4 solver for every puzzle; givens as unit clauses."""

    def __init__(self, shape: Shape):
        self.shape = shape

    def solve(self, puzzle: List[int], unique: bool) -> Answer:
        """The answer for one puzzle."""
        from pysat.solvers import Solver

        shape, side = self.shape, self.shape.side
        cnf = extended_clauses(side, shape.groups) + [[cell * side + v] for cell, v in enumerate(puzzle) if v]
        with Solver(name="glucose4", bootstrap_with=cnf) as solver:
            if not solver.solve():
                return "unsat", None
            values = shape.model_values(solver.get_model())
            solution = shape.verified(puzzle, values)
            if not unique:
                return "solved", solution
            solver.add_clause([-(cell * side + v) for cell, v in enumerate(values) if not puzzle[cell]])
            return ("multiple" if solver.solve() else "unique"), solution


class NorvigSolver:
    """(b) Norvig's constraint propagation and search (scripts/norvig_baseline.py)."""

    def __init__(self, shape: Shape):
        self.shape = shape
        self.board = board_for(shape.cells)
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))

    def solve(self, puzzle: List[int], unique: bool) -> Answer:
        """The answer for one puzzle."""
        shape = self.shape
        givens = [(cell, shape.alphabet[v - 1]) for cell, v in enumerate(puzzle) if v]
        found = []
        for grid in self.board.search(self.board.constrain(givens)):
            found.append(grid)
            if len(found) == 2 or not unique:
                break
        if not found:
            return "unsat", None
        solution = shape.verified(puzzle, [shape.table[ch] for ch in found[0]])
        return ("solved" if not unique else "unique" if len(found) == 1 else "multiple"), solution


class HarnessSolver:
    """(c) One Glucose4 solver holding the extended encoding; givens as assumptions; blocking clause per puzzle.

    Each uniqueness check leaves a retired activation variable behind, and PySAT's get_model returns every
    variable, so reading a model gets slower puzzle by puzzle (about 28 ns per variable here), and the learnt
    clauses piling up slow Glucose down too: (d) starts afresh every 500 puzzles.
    """

    RENEW_EVERY = 0  # never

    def __init__(self, shape: Shape):
        self.shape, self.solver, self.solved = shape, None, 0
        self.rules = extended_clauses(shape.side, shape.groups)
        self.renew()

    def renew(self) -> None:
        """A new solver holding the rules only."""
        from pysat.solvers import Solver

        if self.solver is not None:
            self.solver.delete()
        self.solver = Solver(name="glucose4", bootstrap_with=self.rules)
        self.top = self.shape.cells * self.shape.side

    def solve(self, puzzle: List[int], unique: bool) -> Answer:
        """The answer for one puzzle."""
        shape, side = self.shape, self.shape.side
        self.solved += 1
        if self.RENEW_EVERY and self.solved % self.RENEW_EVERY == 0:
            self.renew()
        solver = self.solver
        assumptions = [cell * side + v for cell, v in enumerate(puzzle) if v]
        if not solver.solve(assumptions=assumptions):
            return "unsat", None
        values = shape.model_values(solver.get_model())
        solution = shape.verified(puzzle, values)
        if not unique:
            return "solved", solution
        self.top += 1
        guard = self.top
        solver.add_clause([-guard] + [-(cell * side + v) for cell, v in enumerate(values) if not puzzle[cell]])
        second = solver.solve(assumptions=assumptions + [guard])
        solver.add_clause([-guard])
        return ("multiple" if second else "unique"), solution


class RenewedHarnessSolver(HarnessSolver):
    """(d) (c) with a fresh solver every 500 puzzles (1.2x to 1.5x faster than (c) on 10,000+ 17-clue puzzles)."""

    RENEW_EVERY = 500


SOLVERS = {"a": FreshSolver, "b": NorvigSolver, "c": HarnessSolver, "d": RenewedHarnessSolver}


def square_of_square(cells: int) -> bool:
    """True for 16, 81, 256, 625 ... cells: a side whose boxes are sqrt(side) x sqrt(side)."""
    side = isqrt(cells)
    return side > 1 and side * side == cells and isqrt(side) ** 2 == side


def solve_file(path: str, make, unique: bool, deadline: float, counter: List[int]) -> bool:
    """Write 'STATUS SOLUTION' per puzzle line to stdout, one solver per size; True if stopped by the deadline."""
    solvers: Dict[int, object] = {}
    shapes: Dict[int, Shape] = {}
    out = sys.stdout
    with open(path) as stream:
        for line in stream:
            line = line.strip()
            if not line or line[0] == "#":
                continue
            if time.perf_counter() > deadline:
                return True
            size = len(line)
            if size not in solvers and square_of_square(size):
                shapes[size] = Shape(isqrt(size))
                solvers[size] = make(shapes[size])
            try:
                puzzle = shapes[size].values(line)
            except KeyError:  # an unknown symbol or size
                out.write("invalid -\n")
            else:
                status, solution = solvers[size].solve(puzzle, unique)
                out.write(f"{status} {solution or '-'}\n")
            counter[0] += 1
    return False


def main(argv: Optional[List[str]] = None) -> int:
    """Solve the puzzles of FILE with baseline NAME, stopping after --cap seconds; stats on stderr."""
    argv = sys.argv[1:] if argv is None else argv
    wants_help = bool({"-h", "--help"} & set(argv))
    if wants_help or len(argv) < 2 or argv[0] not in SOLVERS:
        print(__doc__, file=sys.stdout if wants_help else sys.stderr)
        return 0 if wants_help else 2
    cap = float(argv[argv.index("--cap") + 1]) if "--cap" in argv else float("inf")
    import pysat.solvers  # noqa: F401  (imported before the clock starts, like the interpreter itself)

    start, counter = time.perf_counter(), [0]
    try:
        interrupted = solve_file(argv[1], SOLVERS[argv[0]], "--no-unique" not in argv, start + cap, counter)
    except KeyboardInterrupt:
        interrupted = True
    except Exception as error:  # PySAT reports Ctrl-C inside a solve as a plain error
        if "interrupt" not in str(error).lower():
            raise
        interrupted = True
    sys.stdout.flush()
    seconds = time.perf_counter() - start
    print(json.dumps({"done": counter[0], "seconds": seconds, "interrupted": interrupted}), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

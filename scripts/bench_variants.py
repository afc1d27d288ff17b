"""Variant Sudoku speed: solve, count-to-2 and true candidates for the published puzzles of puzzles/variants/,
puzzlesat against a plain PySAT harness on the same CNF, in one run.

For each puzzle (read from its f-puzzles or SudokuPad string) and each job, CPU seconds (time.process_time) of
puzzlesat and of the baseline, rounds interleaved, median per puzzle, and the ratio baseline / puzzlesat (above 1:
puzzlesat is faster). Both start from the parsed puzzle and encode its rules with puzzlesat's encoder (the
constraints' CNF is the same on both sides; what differs is how the SAT work is set up).
  solve            puzzlesat: constrained_rules + SudokuSolver.solve (uniqueness proven)
                   baseline: the same clauses and the givens as unit clauses in a fresh PySAT solver (CaDiCaL
                   1.9.5, as puzzlesat), solve, then solve again with the solution blocked
  count            puzzlesat: SudokuSolver.solve(count=2)
                   baseline: fresh solver, models enumerated with blocking clauses up to 2
  true candidates  puzzlesat: puzzlesat.sudoku.solving.setter.true_candidates (one solve per cell, models reused)
                   baseline: one solver, one solve per (cell, digit) under that assumption (the textbook way)
Every solution is checked against the constraints' own rules; both sides' counts and true candidates, and for a
unique puzzle their solutions, must agree.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from common import REPO, median, number, parser_for, ratio, rounds, table

from puzzlesat.sat import DEFAULT_SOLVER
from puzzlesat.streams import read_lines
from puzzlesat.sudoku.solving import setter
from puzzlesat.sudoku.solving.encode import clauses
from puzzlesat.sudoku.model.literals import literals
from puzzlesat.sudoku.reading.reader import Reader
from puzzlesat.sudoku.model.rules import constrained_rules
from puzzlesat.sudoku.solving.solver import SudokuSolver

JOBS = ("solve", "count", "true candidates")


def puzzles(folder: Path) -> list:
    """(name, published Sudoku) for every puzzle file, read as `puzzlesat sudoku` reads it (a bad one stops the run)."""
    found = []
    for path in sorted(folder.glob("*.txt")):
        for record in Reader().records(read_lines([str(path)])):
            if not record.published:
                sys.exit(f"{record.where}: {record.error or 'not a linked variant puzzle'}")
            found.append((path.stem, record.puzzle))
    return found


def ours(job: str, variant) -> object:
    """puzzlesat's answer to one job."""
    rules = constrained_rules(variant.shape, variant.constraints, variant.regions)
    solver = SudokuSolver(rules)
    try:
        if job == "solve":
            return solver.solve(variant).solution
        if job == "count":
            return solver.solve(variant, count=2).solutions
        return setter.true_candidates(solver, variant)
    finally:
        solver.close()


def baseline(job: str, variant) -> object:
    """The plain PySAT harness's answer to one job."""
    from pysat.solvers import Solver

    rules = list(clauses(constrained_rules(variant.shape, variant.constraints, variant.regions)))
    table_ = literals(variant.shape)
    units = [[lit] for lit in table_.stated(variant)]
    with Solver(name=DEFAULT_SOLVER, bootstrap_with=rules + units) as solver:
        if job == "true candidates":
            possible = [lit for cell, value in enumerate(variant.values) if not value
                        for lit in table_.of_cell(cell) if solver.solve(assumptions=[lit])]
            masks = [0 if not value else 1 << (value - 1) for value in variant.values]
            for cell, value in table_.placed(possible):
                masks[cell] |= 1 << (value - 1)
            return tuple(masks)
        found, first = 0, None
        while found < 2 and solver.solve():
            model = solver.get_model()[: table_.count]
            first = first or table_.values(model)
            found += 1
            solver.add_clause([-lit for lit in model if lit > 0])
        return tuple(first) if job == "solve" and first else found


def main() -> None:
    parser = parser_for(__doc__)
    parser.add_argument("--folder", type=Path, default=REPO / "puzzles" / "variants", help="puzzle files")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default %(default)s)")
    args = parser.parse_args()
    found = puzzles(args.folder)
    times = {(name, job, side): [] for name, _ in found for job in JOBS for side in ("ours", "base")}
    for _, (name, variant) in rounds(args.rounds, found):
        for job in JOBS:
            started = time.process_time()
            mine = ours(job, variant)
            times[name, job, "ours"].append(time.process_time() - started)
            started = time.process_time()
            theirs = baseline(job, variant)
            times[name, job, "base"].append(time.process_time() - started)
            if job == "solve" and not variant.rules.is_solution(variant, theirs):
                sys.exit(f"{name}: the baseline's solution breaks a rule")
            if mine != theirs and (job != "solve" or ours("count", variant) == 1):
                sys.exit(f"{name}: {job} differs: puzzlesat {mine!r}, baseline {theirs!r}")
    rows, ratios = [], {job: [] for job in JOBS}
    for name, _ in found:
        row = [name]
        for job in JOBS:
            mine, theirs = median(times[name, job, "ours"]), median(times[name, job, "base"])
            ratios[job].append(theirs / mine)
            row += [number(mine * 1000), ratio(theirs / mine)]
        rows.append(row)
    rows.append(["median", *(x for job in JOBS for x in ("", ratio(median(ratios[job]))))])
    header = ["puzzle", *(x for job in JOBS for x in (f"{job} ms", "x base"))]
    print(table(header, rows))


if __name__ == "__main__":
    main()

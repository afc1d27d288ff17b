"""Solving, uniqueness and counting with one incremental SAT session per set of rules.

The givens of a puzzle reach the solver in one of two ways, chosen by how hard the puzzles have been lately:
as assumptions, one decision level each, whose learnt clauses speak of givens and so help later puzzles (on
the 17-clue set more of them are then settled by propagation alone); or, once the first solves of recent
puzzles average SCOPE_AFTER_CONFLICTS conflicts, as clauses under one activation literal for the puzzle
(Session.scope), all on one level, with the uniqueness solve's blocking clause under the same literal: shorter
learnt clauses, which die with the puzzle. Measured on the solve loop with CaDiCaL, grids below 12x12: 15% less
CPU on top1465, 24% on forum_hardest_1106, 31% on 3,000 of forum_hardest_1905; the 17-clue set stays on
assumptions (on it, as on 16x16 sets, one literal per puzzle would lose). Either way the answers are the same.
"""

from __future__ import annotations

import gc
import threading
from functools import lru_cache
from operator import add
from typing import NamedTuple, Optional, Sequence

from puzzlesat import pictures
from puzzlesat.budget import Budget
from puzzlesat.errors import OutOfBudget, VerificationError
from puzzlesat.sat import DEFAULT_SOLVER, Session
from puzzlesat.sudoku.solving.encode import DEFAULT_ENCODING, clauses, grid_clauses, variant_clauses
from puzzlesat.sudoku.model.grid import Puzzle, is_solution
from puzzlesat.sudoku.model.literals import literals
from puzzlesat.sudoku.model.rules import Rules
from puzzlesat.sudoku.model.sudoku import rules_of

RECYCLE_EVERY = 1000  # solves before a fresh solver (measured: +5% on the 17-clue set against never)
CACHE_CLAUSES_UP_TO = 4096  # cell variables (16x16); 25x25 rules take ~100 MB as Python lists
FALLBACK_MIN_SIDE = 12  # below, a fresh solver costs more than any puzzle takes
FALLBACK_CONFLICTS = 300  # conflicts under assumptions before a fresh solver with unit givens (16x16 test3: 2x faster)
_HARD = object()  # _first_solve's answer for "too hard for assumptions"
SCOPE_AFTER_CONFLICTS = 3.0  # mean conflicts of recent first solves above which the givens go under one literal
HARDNESS_WEIGHT = 1 / 16  # weight of the newest puzzle in that running mean


class Status:
    """The outcome of one puzzle, as written in the JSON 'status' field."""

    SOLVED = "solved"  # a solution; `unique` says whether it is the only one
    MULTIPLE = "multiple"  # more than one solution (the first is given)
    UNSAT = "unsat"  # no solution
    INVALID = "invalid"  # the record could not be read, or its givens break the rules
    TIMEOUT = "timeout"  # the budget ran out


STATUSES = (Status.SOLVED, Status.MULTIPLE, Status.UNSAT, Status.INVALID, Status.TIMEOUT)


class Result(NamedTuple):
    """The outcome for one puzzle. `solution` is a tuple of values 1..side, or None; `puzzle` the puzzle solved."""

    status: str
    solution: Optional[tuple] = None
    unique: Optional[bool] = None
    solutions: Optional[int] = None
    error: Optional[str] = None
    puzzle: Optional[Puzzle] = None

    @classmethod
    def invalid(cls, error: str, puzzle: Optional[Puzzle] = None) -> "Result":
        """The result for a record that could not be read or whose givens clash."""
        return cls(Status.INVALID, error=error, puzzle=puzzle)

    @property
    def text(self) -> Optional[str]:
        """The solution on one line in the puzzle's own alphabet, or None."""
        if self.solution is None or self.puzzle is None:
            return None
        return self.puzzle.format_values(self.solution)

    @property
    def ok(self) -> bool:
        """Solved, and unique unless uniqueness was not asked for."""
        return self.status == Status.SOLVED and self.unique is not False

    def _repr_svg_(self) -> Optional[str]:
        """Its picture, for notebooks (puzzlesat.pictures)."""
        return pictures.svg(self)


@lru_cache(maxsize=8)
def _grid_clauses(shape, regions: Optional[tuple], encoding: str) -> tuple:
    """The clauses of a grid without variant rules, built once per grid and encoding (the garbage collector
    paused meanwhile: the 124,000 lists of a 16x16 grid would set off collections that find nothing)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        return tuple(grid_clauses(Rules(shape, regions=regions), encoding))
    finally:
        if paused:
            gc.enable()


class SudokuSolver:
    """Holds the rule clauses of one shape (and variant) in one incremental session; givens are assumptions."""

    def __init__(self, rules: Rules, encoding: str = DEFAULT_ENCODING, solver: str = DEFAULT_SOLVER):
        self.rules = rules
        self.encoding = encoding
        self.solver_name = solver
        self.literals = literals(rules.shape)
        self._cached_clauses: Optional[list] = None
        self.session = self._new_session()
        self._standard = rules.standard
        # Each uniqueness check or count retires one activation variable, and every model the solver
        # returns lists them all; learnt clauses pile up too. Start afresh when the retired variables
        # outnumber a quarter of the real ones, or after RECYCLE_EVERY solves (checked only between
        # puzzles, so a temporary session never gets swapped out in the middle of one).
        self._recycle_after = max(1024, rules.cell_vars // 4)
        self._solves_left = RECYCLE_EVERY
        self._fallback = rules.shape.side >= FALLBACK_MIN_SIDE
        self._hardness = 0.0  # running mean of the conflicts of recent first solves
        # measured with CaDiCaL only; under one literal 16x16 puzzles lose more than they gain, their learnt
        # clauses dying with the puzzle (16x16-test4 2.5x slower)
        self._scoping = not self._fallback and self.session.counts_decisions

    def _rule_clauses(self):
        """The rule clauses, kept after the first build for sizes up to 16x16 (rebuilding costs more than solving);
        the grid's own part is shared by every solver of that grid (a linked variant puzzle gets a solver of its
        own)."""
        if self._cached_clauses is not None:
            return self._cached_clauses
        rules = self.rules
        if rules.cell_vars > CACHE_CLAUSES_UP_TO:
            return clauses(rules, self.encoding)
        grid = _grid_clauses(rules.shape, rules.regions, self.encoding)
        extra = list(variant_clauses(rules, self.encoding))
        self._cached_clauses = grid + tuple(extra) if extra else grid
        return self._cached_clauses

    def _new_session(self, units: Sequence[int] = ()) -> Session:
        """A session holding the rules (and `units` as unit clauses)."""
        session = Session(self._rule_clauses(), self.rules.top, self.solver_name, quick=not units)
        session.add_clauses([lit] for lit in units)
        return session

    def _recycle(self) -> None:
        """Replace the session by a fresh one when retired variables or solves have piled up."""
        if self.session.retired >= self._recycle_after or self._solves_left <= 0:
            self.session.close()
            self.session = self._new_session()
            self._solves_left = RECYCLE_EVERY

    def close(self) -> None:
        """Free the native solver."""
        self.session.close()

    def solve(self, puzzle: Puzzle, unique: bool = True, count: Optional[int] = None, budget: Optional[Budget] = None) -> Result:
        """Solve one puzzle; prove uniqueness (unique=True) or count solutions up to `count`.

        The budget covers all the solves one puzzle takes (first, uniqueness, counting).
        """
        budget = None if budget is None or budget.unlimited else budget.start()
        self._solves_left -= 1
        self._recycle()
        stated = self.literals.stated(puzzle)
        if not (stated and self._scoping and count is None and self._hardness >= SCOPE_AFTER_CONFLICTS):
            return self._solve(puzzle, stated, stated, None, unique, count, budget)
        session = self.session
        scope = session.scope([lit] for lit in stated)
        try:
            return self._solve(puzzle, stated, [scope], scope, unique, count, budget)
        finally:
            session.retire(scope)

    def _solve(self, puzzle: Puzzle, stated: list, assumptions: list, scope: Optional[int], unique: bool,
               count: Optional[int], budget: Optional[Budget]) -> Result:
        """The work of solve(): the puzzle's `stated` literals hold under `assumptions`, which are the stated
        literals themselves, or [scope] for an activation literal they hang on, or none when they are unit
        clauses of the session."""
        session, fixed = self.session, set()
        if not session.counts_decisions:
            ok, implied = session.propagate(assumptions)
            if not ok:
                return self._unsat(puzzle, count)
            positives = [lit for lit in implied if 0 < lit <= self.literals.count]
            if len(positives) == puzzle.shape.cells and count is None:
                positives.sort()
                values = [self.literals.value_of[lit] for lit in positives]
                return Result(Status.SOLVED, self.checked(puzzle, values), unique=True, puzzle=puzzle)
            fixed = set(positives)
        if count is not None:
            return self._count(puzzle, assumptions, fixed, count, budget)
        decisions, conflicts = session.effort()
        found = self._first_solve(assumptions, budget)
        if found is _HARD:
            return self._solve_with_units(puzzle, stated, unique, budget)
        if found is None:
            return Result(Status.TIMEOUT, puzzle=puzzle)
        decisions_after, conflicts_after = session.effort()
        self._hardness += (conflicts_after - conflicts - self._hardness) * HARDNESS_WEIGHT
        if not found:
            return self._unsat(puzzle, count)
        values = session.values(self.literals.variables)
        solution = self.checked(puzzle, self.literals.values(values))
        if assumptions and session.counts_decisions and decisions_after == decisions:
            return Result(Status.SOLVED, solution, unique=True, puzzle=puzzle)  # propagation alone: unique
        if not unique:
            return Result(Status.SOLVED, solution, puzzle=puzzle)
        return self._second(puzzle, assumptions, scope, values, solution, fixed, budget)

    def _second(self, puzzle: Puzzle, assumptions: list, scope: Optional[int], values: list, solution: tuple,
                fixed: set, budget: Optional[Budget]) -> Result:
        """Uniqueness: is there a model after the first (its solution blocked, under `scope` when there is one)?"""
        def blocking(values: list) -> list:
            """Not this solution: its cell literals, less those propagation fixed anyway."""
            return [-lit for lit in map(add, self.literals.base, solution) if lit not in fixed]

        models = self.session.models(assumptions, self.literals.variables, 2, budget, blocking, first=values,
                                     scope=scope)
        try:
            next(models)
            if next(models, None) is not None:
                return Result(Status.MULTIPLE, solution, unique=False, puzzle=puzzle)
            return Result(Status.SOLVED, solution, unique=True, puzzle=puzzle)
        except OutOfBudget:
            return Result(Status.TIMEOUT, solution, puzzle=puzzle)
        finally:
            models.close()

    def _first_solve(self, assumptions: list, budget: Optional[Budget]):
        """Solve under the givens; for large grids, _HARD after FALLBACK_CONFLICTS conflicts."""
        if not (self._fallback and assumptions):
            return self.session.solve(assumptions, budget)
        probe = (budget or Budget()).within(conflicts=FALLBACK_CONFLICTS)
        found = self.session.solve(assumptions, probe)
        if found is None and not (budget is not None and budget.spent()):
            return _HARD
        return found

    def _solve_with_units(self, puzzle: Puzzle, stated: list, unique: bool, budget: Optional[Budget]) -> Result:
        """A hard puzzle on a fresh session whose givens are unit clauses: simplification at the root
        level then shrinks the formula, which on hard 16x16 puzzles is several times faster."""
        incremental = self.session
        self.session = self._new_session(units=stated)
        try:
            return self._solve(puzzle, stated, [], None, unique, None, budget)
        finally:
            self.session.close()
            self.session = incremental

    def _unsat(self, puzzle: Puzzle, count: Optional[int]) -> Result:
        """No solution: 'invalid' when the givens themselves clash (said where), else 'unsat'."""
        violation = self.rules.violation(puzzle)
        if violation:
            return Result.invalid(violation, puzzle)
        return Result(Status.UNSAT, unique=None, solutions=0 if count else None, puzzle=puzzle)

    def checked(self, puzzle: Puzzle, values: list) -> tuple:
        """The values as a tuple, verified against the rules and givens."""
        values = tuple(values)
        if not (is_solution(puzzle, values, self.rules.groups) if self._standard else self.rules.is_solution(puzzle, values)):
            raise VerificationError(f"solver model is not a solution of {puzzle.to_line()}")
        return values

    def _count(self, puzzle: Puzzle, assumptions: list, fixed: set, limit: int, budget: Optional[Budget]) -> Result:
        """Count solutions up to `limit`, keeping the first."""
        first, found = None, 0

        def blocking(values: list) -> list:
            """Not this solution: its true cell literals, less those propagation fixed anyway."""
            return [-lit for lit in values if lit > 0 and lit not in fixed]

        try:
            for values in self.session.models(assumptions, self.literals.variables, limit, budget, blocking):
                solution = self.checked(puzzle, self.literals.values(values))
                first = first or solution
                found += 1
        except OutOfBudget:
            return Result(Status.TIMEOUT, first, solutions=found, puzzle=puzzle)
        if found == 0:
            return self._unsat(puzzle, limit)
        status = Status.SOLVED if found == 1 else Status.MULTIPLE
        unique = None if found == limit == 1 else found == 1
        return Result(status, first, unique=unique, solutions=found, puzzle=puzzle)


class SolverPool:
    """One SudokuSolver per set of rules, built on first use and kept for the process."""

    def __init__(self, encoding: str = DEFAULT_ENCODING, solver: str = DEFAULT_SOLVER):
        self.encoding = encoding
        self.solver = solver
        self._solvers: dict = {}

    def for_rules(self, rules: Rules) -> SudokuSolver:
        """The solver for these rules."""
        if rules not in self._solvers:
            self._solvers[rules] = SudokuSolver(rules, self.encoding, self.solver)
        return self._solvers[rules]

    def solve(self, puzzle: Puzzle, rules: Optional[Rules] = None, **options) -> Result:
        """Solve with the pooled solver for the puzzle's rules (classic by default)."""
        return self.for_rules(rules or rules_of(puzzle)).solve(puzzle, **options)

    def close(self) -> None:
        """Free every native solver."""
        for solver in self._solvers.values():
            solver.close()
        self._solvers.clear()


_local = threading.local()  # a native solver must never be shared between threads (Dask runs tasks in threads)


def shared_pool(encoding: str = DEFAULT_ENCODING, solver: str = DEFAULT_SOLVER) -> SolverPool:
    """This thread's pool for an encoding and solver, kept for the life of the thread."""
    pools = _local.__dict__.setdefault("pools", {})
    key = (encoding, solver)
    if key not in pools:
        pools[key] = SolverPool(encoding, solver)
    return pools[key]

"""Solving, uniqueness and counting with one incremental SAT solver per set of rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import add
from typing import Optional, Sequence

from puzzlesat.sat import DEFAULT_SOLVER, Allowance, Budget, Engine
from puzzlesat.sudoku.encode import DEFAULT_ENCODING, Rules, classic_rules, clauses, givens_literals
from puzzlesat.sudoku.grid import Puzzle, is_solution

RECYCLE_EVERY = 1000  # solves before a fresh solver (measured: +5% on the 17-clue set against never)
CACHE_CLAUSES_UP_TO = 4096  # cell variables (16x16); 25x25 rules take ~100 MB as Python lists
FALLBACK_MIN_SIDE = 12  # below, a fresh solver costs more than any puzzle takes
FALLBACK_CONFLICTS = 300  # conflicts under assumptions before a fresh solver with unit givens (16x16 test3: 2x faster)
_HARD = object()  # _first_solve's answer for "too hard for assumptions"
STATUSES = ("solved", "multiple", "unsat", "invalid", "timeout")


class VerificationError(AssertionError):
    """A model that is not a valid solution: a bug in an encoding or a solver, never shown as an answer."""


@dataclass
class Result:
    """The outcome for one puzzle. `solution` is a tuple of values 1..side, or None."""

    status: str
    solution: Optional[tuple] = None
    unique: Optional[bool] = None
    solutions: Optional[int] = None
    error: Optional[str] = None
    by_propagation: bool = False
    puzzle: Optional[Puzzle] = field(default=None, repr=False, compare=False)

    @property
    def text(self) -> Optional[str]:
        """The solution on one line in the puzzle's own alphabet, or None."""
        if self.solution is None or self.puzzle is None:
            return None
        return self.puzzle.format_values(self.solution)

    @property
    def ok(self) -> bool:
        """Solved, and unique unless uniqueness was not asked for."""
        return self.status == "solved" and self.unique is not False


class SudokuSolver:
    """Holds the rule clauses of one shape (and variant) in one incremental solver; givens are assumptions."""

    def __init__(self, rules: Rules, encoding: str = DEFAULT_ENCODING, solver: str = DEFAULT_SOLVER):
        self.rules = rules
        self.encoding = encoding
        self.solver_name = solver
        self._cached_clauses: Optional[list] = None
        self.engine = self._new_engine()
        self._cell_vars = rules.cell_vars
        self._cells = rules.shape.cells
        self._standard = rules.standard
        side = rules.shape.side
        self._value_of = [0] + [(lit - 1) % side + 1 for lit in range(1, rules.cell_vars + 1)]
        self._cell_base = [cell * side for cell in range(rules.shape.cells)]
        # Each uniqueness check or count leaves one dead activation variable behind, and every
        # model the solver returns lists them all; learnt clauses pile up too. Start afresh when
        # the dead variables outnumber a quarter of the real ones, or after RECYCLE_EVERY solves (checked
        # only between puzzles, so a temporary engine never gets swapped out in the middle of one).
        self._recycle_at = rules.top + max(1024, rules.cell_vars // 4)
        self._solves_left = RECYCLE_EVERY
        self._fallback = side >= FALLBACK_MIN_SIDE

    def _rule_clauses(self):
        """The rule clauses, kept after the first build for sizes up to 16x16 (rebuilding costs more than solving)."""
        if self._cached_clauses is not None:
            return self._cached_clauses
        built = clauses(self.rules, self.encoding)
        if self.rules.cell_vars <= CACHE_CLAUSES_UP_TO:
            self._cached_clauses = list(built)
            return self._cached_clauses
        return built

    def _new_engine(self, units: Sequence[int] = ()) -> Engine:
        """A solver holding the rules (and `units` as unit clauses)."""
        engine = Engine(self._rule_clauses(), self.rules.top, self.solver_name)
        for lit in units:
            engine.add_clause([lit])
        return engine

    def _recycle(self) -> None:
        """Replace the solver by a fresh one when dead activation variables or solves have piled up."""
        if self.engine.top >= self._recycle_at or self._solves_left <= 0:
            self.engine.close()
            self.engine = self._new_engine()
            self._solves_left = RECYCLE_EVERY

    def close(self) -> None:
        """Free the native solver."""
        self.engine.close()

    def solve(self, puzzle: Puzzle, unique: bool = True, count: Optional[int] = None, budget: Optional[Budget] = None) -> Result:
        """Solve one puzzle; prove uniqueness (unique=True) or count solutions up to `count`.

        The budget covers all the solves one puzzle takes (first, uniqueness, counting).
        """
        allowance = None if budget is None or budget.unlimited else budget.start()
        self._solves_left -= 1
        self._recycle()
        result = self._solve(puzzle, givens_literals(puzzle), unique, count, allowance)
        result.puzzle = puzzle
        return result

    def _solve(self, puzzle: Puzzle, assumptions: list, unique: bool, count: Optional[int], budget: Optional[Allowance]) -> Result:
        """The work of solve(), with the givens as `assumptions` (none when they are unit clauses)."""
        fixed: set = set()
        if not self.engine.counts_decisions:
            ok, implied = self.engine.propagate(assumptions)
            if not ok:
                return self._unsat(puzzle, count)
            positives = [lit for lit in implied if 0 < lit <= self._cell_vars]
            if len(positives) == self._cells and count is None:
                positives.sort()
                values = [self._value_of[lit] for lit in positives]
                return Result("solved", self._checked(puzzle, values), unique=True, by_propagation=True)
            fixed = set(positives)
        if count is not None:
            return self._count(puzzle, assumptions, fixed, count, budget)
        decisions = self.engine.decisions()
        found = self._first_solve(assumptions, budget)
        if found is _HARD:
            return self._solve_with_units(puzzle, assumptions, unique, budget)
        if found is None:
            return Result("timeout")
        if not found:
            return self._unsat(puzzle, count)
        solution = self._checked(puzzle, self._model_values())
        if assumptions and self.engine.counts_decisions and self.engine.decisions() == decisions:
            return Result("solved", solution, unique=True, by_propagation=True)
        if not unique:
            return Result("solved", solution)
        return self._check_unique(solution, assumptions, fixed, budget)

    def _first_solve(self, assumptions: list, budget: Optional[Allowance]):
        """Solve under the givens; for large grids, _HARD after FALLBACK_CONFLICTS conflicts."""
        if not (self._fallback and assumptions):
            return self.engine.solve(assumptions, budget)
        probe = Budget(conflicts=FALLBACK_CONFLICTS).start()
        if budget is not None:
            probe.deadline = budget.deadline
            if budget.conflicts is not None:
                probe.conflicts = min(probe.conflicts, budget.conflicts)
        limit = probe.conflicts
        found = self.engine.solve(assumptions, probe)
        if budget is not None and budget.conflicts is not None:
            budget.conflicts -= limit - probe.conflicts
        if found is None and not (budget is not None and budget.spent()):
            return _HARD
        return found

    def _solve_with_units(self, puzzle: Puzzle, givens: list, unique: bool, budget: Optional[Allowance]) -> Result:
        """A hard puzzle on a fresh solver whose givens are unit clauses: simplification at the root
        level then shrinks the formula, which on hard 16x16 puzzles is several times faster."""
        incremental = self.engine
        self.engine = self._new_engine(units=givens)
        try:
            return self._solve(puzzle, [], unique, None, budget)
        finally:
            self.engine.close()
            self.engine = incremental

    def _unsat(self, puzzle: Puzzle, count: Optional[int]) -> Result:
        """No solution: 'invalid' when the givens themselves clash (said where), else 'unsat'."""
        violation = self.rules.violation(puzzle)
        if violation:
            return Result("invalid", error=violation)
        return Result("unsat", unique=False, solutions=0 if count else None)

    def _model_values(self) -> list:
        """The value of every cell in the last model, in cell order."""
        value_of = self._value_of
        return [value_of[lit] for lit in self.engine.model()[: self._cell_vars] if lit > 0]

    def _checked(self, puzzle: Puzzle, values: list) -> tuple:
        """The values as a tuple, verified against the rules and givens."""
        values = tuple(values)
        if not (is_solution(puzzle, values, self.rules.groups) if self._standard else self.rules.is_solution(puzzle, values)):
            raise VerificationError(f"solver model is not a solution of {puzzle.to_line()}")
        return values

    def _block(self, activation: int, solution: tuple, fixed: set) -> None:
        """Forbid this solution while `activation` is assumed; cells fixed by propagation need no mention."""
        self.engine.add_clause([-activation] + [-lit for lit in map(add, self._cell_base, solution) if lit not in fixed])

    def _check_unique(self, solution: tuple, assumptions: list, fixed: set, budget) -> Result:
        """A second solve with the first solution blocked."""
        activation = self.engine.new_var()
        self._block(activation, solution, fixed)
        try:
            second = self.engine.solve(assumptions + [activation], budget)
        finally:
            self.engine.retire(activation)
        if second is None:
            return Result("timeout", solution)
        if second:
            return Result("multiple", solution, unique=False)
        return Result("solved", solution, unique=True)

    def _count(self, puzzle: Puzzle, assumptions: list, fixed: set, limit: int, budget) -> Result:
        """Count solutions up to `limit`, keeping the first."""
        activation = self.engine.new_var()
        first, found = None, 0
        try:
            while found < limit:
                result = self.engine.solve(assumptions + [activation], budget)
                if result is None:
                    return Result("timeout", first, solutions=found)
                if not result:
                    break
                solution = self._checked(puzzle, self._model_values())
                first = first or solution
                found += 1
                self._block(activation, solution, fixed)
        finally:
            self.engine.retire(activation)
        if found == 0:
            return self._unsat(puzzle, limit)
        status = "solved" if found == 1 else "multiple"
        unique = None if found == limit == 1 else found == 1
        return Result(status, first, unique=unique, solutions=found)


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
        return self.for_rules(rules or classic_rules(puzzle.shape)).solve(puzzle, **options)

    def close(self) -> None:
        """Free every native solver."""
        for solver in self._solvers.values():
            solver.close()
        self._solvers.clear()

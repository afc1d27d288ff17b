"""The one place that talks to PySAT: solver names, budgets, enumeration, backbones and cores."""

from __future__ import annotations

import atexit
import time
import weakref
from dataclasses import dataclass
from typing import Iterable, Iterator, Optional, Sequence

# Solvers that take assumptions incrementally, fastest first on our Sudoku benchmark
# (scripts/bench_sudoku.py --solvers); every name is checked against the installed build.
SOLVER_NAMES = (
    "cadical195",
    "glucose4",
    "glucose3",
    "glucose42",
    "minisat22",
    "minisatgh",
    "maplechrono",
    "maplecm",
    "maplesat",
    "mergesat3",
    "minicard",
    "gluecard3",
    "gluecard4",
    "cadical153",
    "lingeling",
)
DEFAULT_SOLVER = "cadical195"

# Solvers whose decision counter moves for every literal they set other than by propagation
# or as an assumption, once configured with lucky=0 (no "lucky phase" guesses) and ilb=0 (no
# trail reuse): CaDiCaL counts each call of decide() beyond the assumptions. A satisfiable solve
# under a NON-EMPTY assumption list that adds no decision was therefore completed by unit
# propagation, so its model is the only one. (With no assumptions CaDiCaL may hand back the
# previous assignment untouched, so an empty list proves nothing.) tests/test_sat.py and the
# Sudoku tests check this on instances that have several solutions.
DECISION_EXACT = frozenset({"cadical153", "cadical195"})


class SolverUnavailable(ValueError):
    """The named solver is unknown or does not work in the installed PySAT build."""


@dataclass(frozen=True)
class Budget:
    """A limit on one solve: conflicts (deterministic) and/or wall-clock seconds."""

    conflicts: Optional[int] = None
    seconds: Optional[float] = None

    @property
    def unlimited(self) -> bool:
        """True when neither limit is set."""
        return self.conflicts is None and self.seconds is None

    def start(self) -> "Allowance":
        """Start spending this budget: a running allowance that several solves can share."""
        return Allowance(self)


class Allowance:
    """What is left of a Budget: conflicts still allowed and the deadline (time.monotonic)."""

    def __init__(self, budget: Budget):
        self.conflicts = budget.conflicts
        self.deadline = None if budget.seconds is None else time.monotonic() + budget.seconds

    @property
    def unlimited(self) -> bool:
        """True when nothing limits it."""
        return self.conflicts is None and self.deadline is None

    def spent(self) -> bool:
        """True when no conflict or no time is left."""
        return (self.conflicts is not None and self.conflicts <= 0) or (
            self.deadline is not None and time.monotonic() >= self.deadline
        )


_checked: dict = {}


def check_solver(name: str) -> str:
    """Return `name` if it builds and solves with assumptions here, else raise SolverUnavailable."""
    if name not in _checked:
        _checked[name] = _probe(name)
    if not _checked[name]:
        raise SolverUnavailable(
            f"solver {name!r} is not available; choose one of: {', '.join(available_solvers())}"
        )
    return name


def _probe(name: str) -> bool:
    """Build a tiny instance with `name` and solve it under an assumption."""
    if name not in SOLVER_NAMES:
        return False
    from pysat.solvers import Solver

    try:
        with Solver(name=name, bootstrap_with=[[1, 2], [-1, 2]]) as solver:
            return solver.solve(assumptions=[-2]) is False and solver.solve(assumptions=[2]) is True
    except Exception:  # the build lacks it (e.g. compiled without that backend)
        return False


def available_solvers() -> list:
    """The solver names from SOLVER_NAMES that work in this PySAT build, preference order."""
    return [name for name in SOLVER_NAMES if _checked.setdefault(name, _probe(name))]


def _add_all(solver, clauses: Iterable[Sequence[int]]) -> None:
    """Load many clauses; for CaDiCaL 1.9.5 straight into the native call, a third faster than
    append_formula's two Python layers per clause (16x16 Sudoku rules: 124k clauses)."""
    inner = getattr(solver, "solver", None)
    pointer = getattr(inner, "cadical", None)
    if type(inner).__name__ == "Cadical195" and pointer is not None:
        import pysolvers

        add = pysolvers.cadical195_add_cl
        for clause in clauses:
            if add(pointer, clause) is False:
                inner.status = False
        return
    solver.append_formula(clauses)


def _raise_if_interrupt(error: Exception) -> None:
    """PySAT turns Ctrl-C inside a solve into a plain Exception: give it back its real type."""
    if "interrupt" in str(error).lower():
        raise KeyboardInterrupt from error


_live_engines: "weakref.WeakSet" = weakref.WeakSet()


@atexit.register
def _close_live_engines() -> None:
    """Free native solvers before the interpreter tears PySAT down (avoids noise at exit)."""
    for engine in list(_live_engines):
        engine.close()


class Engine:
    """One incremental solver that holds fixed clauses; per-query facts come as assumptions."""

    def __init__(self, clauses: Iterable[Sequence[int]] = (), nvars: int = 0, solver: str = DEFAULT_SOLVER):
        from pysat.solvers import Solver

        self.name = check_solver(solver)
        self._solver = Solver(name=self.name)
        if self.name in DECISION_EXACT:
            # no "lucky" guesses and no trail reuse: every non-propagated literal is a counted decision
            self._solver.solver.configure({"lucky": 0, "ilb": 0})
        _add_all(self._solver, clauses)
        self.top = nvars
        self.conflicts_used = 0
        _live_engines.add(self)

    def close(self) -> None:
        """Free the native solver (again is harmless)."""
        self._solver.delete()
        _live_engines.discard(self)

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def counts_decisions(self) -> bool:
        """True when the solver's decision counter proves 'solved by propagation alone' (see DECISION_EXACT)."""
        return self.name in DECISION_EXACT

    def decisions(self) -> int:
        """Decisions made so far (assumptions not counted)."""
        return self._solver.accum_stats()["decisions"]

    def new_var(self) -> int:
        """A fresh variable above every variable used so far."""
        self.top += 1
        return self.top

    def add_clause(self, clause: Sequence[int]) -> None:
        """Add a permanent clause."""
        self._solver.add_clause(clause)

    def propagate(self, assumptions: Sequence[int]) -> tuple:
        """Unit propagation under `assumptions`: (no conflict?, literals assigned beyond level 0)."""
        try:
            return self._solver.propagate(assumptions=assumptions)
        except NotImplementedError:
            return True, list(assumptions)

    def solve(self, assumptions: Sequence[int] = (), budget=None) -> Optional[bool]:
        """True (SAT), False (UNSAT) or None when the budget ran out.

        A Budget limits this one call; an Allowance (Budget.start()) is shared by several calls,
        so that a query made of many solves stays within one limit.
        """
        try:
            if budget is None or budget.unlimited:
                return self._solver.solve(assumptions=assumptions)
            allowance = budget.start() if isinstance(budget, Budget) else budget
            if allowance.spent():
                return None
            return self._solve_limited(assumptions, allowance)
        except Exception as error:
            _raise_if_interrupt(error)
            raise

    def _solve_limited(self, assumptions: Sequence[int], allowance: "Allowance") -> Optional[bool]:
        """Solve in conflict-bounded rounds, charging the allowance and checking the clock between rounds."""
        chunk = 500
        while True:
            step = chunk if allowance.conflicts is None else max(1, min(chunk, allowance.conflicts))
            started = time.monotonic()
            before = self._solver.accum_stats().get("conflicts", 0)
            self._solver.conf_budget(step)
            result = self._solver.solve_limited(assumptions=assumptions)
            used = self._solver.accum_stats().get("conflicts", 0) - before
            self.conflicts_used += used
            if allowance.conflicts is not None:
                allowance.conflicts -= max(used, 1 if result is None else 0)
            if result is not None:
                return result
            if allowance.conflicts is not None and allowance.conflicts <= 0:
                return None
            if allowance.deadline is not None:
                now = time.monotonic()
                if now >= allowance.deadline:
                    return None
                rate = step / max(now - started, 1e-6)
                chunk = max(100, min(2 * chunk, int(rate * (allowance.deadline - now)) + 1))
            else:
                chunk = min(2 * chunk, 100_000)

    def model(self) -> list:
        """The last model found, as a list of literals indexed by variable - 1.

        Variables up to `top` that no clause mentions are listed as false.
        """
        model = self._solver.get_model()
        if len(model) < self.top:
            model = model + [-v for v in range(len(model) + 1, self.top + 1)]
        return model

    def core(self) -> list:
        """The assumptions behind the last UNSAT answer (not necessarily minimal)."""
        return self._solver.get_core() or []

    def stats(self) -> dict:
        """The solver's accumulated statistics (conflicts, decisions, propagations, restarts)."""
        return self._solver.accum_stats()

    def retire(self, activation: int) -> None:
        """Switch off for good every clause guarded by `activation`."""
        self._solver.add_clause([-activation])

    def models(
        self,
        assumptions: Sequence[int],
        project: Sequence[int],
        limit: Optional[int] = None,
        budget: Optional[Budget] = None,
    ) -> Iterator[list]:
        """Models projected onto the positive variables `project`, each distinct there.

        Blocking clauses mention only projected variables and are guarded by an activation
        literal, so auxiliary variables never cause double counting and the solver stays usable.
        Raises BudgetExhausted when the budget runs out before the enumeration ends.
        """
        activation = self.new_var()
        guarded = list(assumptions) + [activation]
        found = 0
        try:
            while limit is None or found < limit:
                result = self.solve(guarded, budget)
                if result is None:
                    raise BudgetExhausted(found)
                if not result:
                    return
                model = self.model()
                projected = [model[v - 1] for v in project]
                found += 1
                yield projected
                self._solver.add_clause([-activation] + [-lit for lit in projected])
        finally:
            self.retire(activation)

    def backbone(self, assumptions: Sequence[int], candidates: Iterable[int], budget: Optional[Budget] = None):
        """Of the literals `candidates`, those true in every model under `assumptions`.

        Returns None when there is no model at all. Each model found on the way rules out
        every candidate it falsifies, so most candidates cost no solve of their own.
        """
        if not self.solve(assumptions, budget):
            return None
        model = self.model()
        alive = {lit for lit in candidates if model[abs(lit) - 1] == lit}
        for lit in sorted(alive, key=abs):
            if lit not in alive:
                continue
            result = self.solve(list(assumptions) + [-lit], budget)
            if result is None:
                raise BudgetExhausted(0)
            if result:
                model = self.model()
                alive = {other for other in alive if model[abs(other) - 1] == other}
        return alive


class BudgetExhausted(RuntimeError):
    """A budget ran out in the middle of a multi-solve query."""

    def __init__(self, found: int):
        super().__init__(f"budget exhausted after {found} models")
        self.found = found


CARDINALITY_RELATIONS = ("<=", ">=", "==")


def cardinality(lits: Sequence[int], bound: int, relation: str = "==", top: int = 0,
                encoding: str = "seqcounter") -> tuple:
    """CNF for `sum(lits) relation bound` with auxiliary variables above `top`: (clauses, new top).

    `encoding` names a PySAT EncType (seqcounter, totalizer, kmtotalizer, cardnetwrk, ...); kmtotalizer
    stays small for long sums with large bounds. An impossible bound (below 0, or above len(lits) for
    >= and ==) gives one empty clause.
    """
    from pysat.card import CardEnc, EncType

    lits = list(lits)
    if bound < 0 or (relation != "<=" and bound > len(lits)):
        return ([] if relation == ">=" and bound <= 0 else [[]]), top
    if relation == "<=" and bound >= len(lits):
        return [], top
    make = {"<=": CardEnc.atmost, ">=": CardEnc.atleast, "==": CardEnc.equals}[relation]
    cnf = make(lits=lits, bound=bound, top_id=top, encoding=getattr(EncType, encoding))
    return cnf.clauses, max(top, cnf.nv)


"""The one place that talks to PySAT: solver names, a solving session, cardinality constraints, DIMACS.

A Session holds one incremental solver with fixed clauses; every query brings its own assumptions and, if it
must stop, a Budget (puzzlesat.budget). What a session offers:
  solve / propagate       one query under assumptions (and a budget)
  values                  the last model projected on chosen variables
  models                  enumerate models distinct on chosen variables (blocking only those, behind an
                          activation literal that is retired afterwards, so the solver stays usable)
  backbone                the candidate literals true in every model
  possible                the literals true in at least one model (one solve per group of literals)
  core                    the assumptions behind the last UNSAT answer
  scope / retire          clauses that hold while one activation literal is assumed, then dropped for good
New variables come from `session.vars`, a PySAT IDPool that encoders share (`cardinality(..., vpool=)`).

    >>> with Session([[1, 2]], top=2) as session:
    ...     sorted(session.models([], [1, 2]))      # x1 or x2: three models, each once
    [[-1, 2], [1, -2], [1, 2]]
"""

from __future__ import annotations

import atexit
import weakref
from functools import lru_cache
from typing import IO, Callable, Iterable, Iterator, Optional, Sequence

from puzzlesat.budget import Budget
from puzzlesat.errors import OutOfBudget, SolverUnavailable

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
# CaDiCaL options for a session that answers many small queries, each settled in a few dozen conflicts
# (Sudoku puzzles one after another). scripts/bench_solver_setup.py leaves each out in turn (solve loop CPU;
# table in scripts/README.md): together they save a quarter to a third on top1465 and forum_hardest_1106, an
# eighth on 17-clue; radix sort off in conflict analysis and shrinking without a reap heap count most, then
# backjumps that are not chronological, decisions always on the initial phase (true: "the cell holds the
# value") and no inprocessing between queries. Restarts, stabilising, rephasing, clause reduction, minimisation
# and learnt-clause subsumption made no difference either way.
QUICK_QUERIES = {"radixsortlim": 0, "inprocessing": 0, "shrinkreap": 0, "chrono": 0, "forcephase": 1}
CONFLICT_CHUNK = 500  # conflicts per round of a budgeted solve, doubled while the clock allows

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
    try:
        solver = _native_solver(name)
        try:
            _add_all(solver, [[1, 2], [-1, 2]])
            return solver.solve(assumptions=[-2]) is False and solver.solve(assumptions=[2]) is True
        finally:
            solver.delete()
    except Exception:  # the build lacks it (e.g. compiled without that backend)
        return False


def available_solvers() -> list:
    """The solver names from SOLVER_NAMES that work in this PySAT build, preference order."""
    return [name for name in SOLVER_NAMES if _checked.setdefault(name, _probe(name))]


def _native_solver(name: str):
    """A new solver: CaDiCaL 1.9.5 straight from PySAT's native module, any other through pysat.solvers."""
    if name == "cadical195" and _direct_cadical():
        return _Cadical()
    from pysat.solvers import Solver

    return Solver(name=name)


@lru_cache(maxsize=None)
def _direct_cadical() -> bool:
    """True when this PySAT build's native CaDiCaL calls are the ones _Cadical makes (checked once, on a tiny
    instance); else CaDiCaL goes through pysat.solvers like every other solver."""
    try:
        solver = _Cadical()
        try:
            solver.add_clause([1, 2])
            solver.add_clause([-1])
            ok = solver.solve([2]) is True and solver.get_model()[:2] == [-1, 2] and solver.solve([-2]) is False
            return ok and solver.get_core() == [-2] and solver.accum_stats()["conflicts"] >= 0
        finally:
            solver.delete()
    except Exception:  # another PySAT version: missing or different native calls
        return False


class _Cadical:
    """CaDiCaL 1.9.5 through PySAT's native module `pysolvers`, the calls pysat.solvers.Cadical195 makes less its
    layers: importing pysat.solvers (pysat.formula, tempfile, ...) costs about 9 ms of CPU, a sixth of a one-puzzle
    run, and each call through its two layers a few microseconds."""

    def __init__(self):
        import threading

        import pysolvers

        self.native, self.pointer = pysolvers, pysolvers.cadical195_new()
        self.status: Optional[bool] = None
        self._assumptions: Sequence[int] = ()
        self._main = threading.current_thread() is threading.main_thread()  # only there may it catch SIGINT

    def configure(self, options: dict) -> None:
        """Set CaDiCaL options by name."""
        for name, value in options.items():
            self.native.cadical195_set(self.pointer, name, value)

    def add_clause(self, clause: Sequence[int]) -> None:
        """Add one clause."""
        if self.native.cadical195_add_cl(self.pointer, clause) is False:
            self.status = False

    def solve(self, assumptions: Sequence[int] = ()) -> bool:
        """Solve under the assumptions."""
        self.status = self.native.cadical195_solve(self.pointer, assumptions, self._main)
        self._assumptions = assumptions
        return self.status

    def conf_budget(self, conflicts: int) -> None:
        """Limit the next solve_limited to this many conflicts."""
        self.native.cadical195_cbudget(self.pointer, conflicts)

    def solve_limited(self, assumptions: Sequence[int] = ()) -> Optional[bool]:
        """Solve within the conflict budget: None when it ran out."""
        status = self.native.cadical195_solve_lim(self.pointer, assumptions, self._main)
        self.status = None if status == 0 else status > 0
        self._assumptions = assumptions
        return self.status

    def propagate(self, assumptions: Sequence[int] = ()) -> tuple:
        """Unit propagation under the assumptions: (no conflict?, literals set)."""
        ok, implied = self.native.cadical195_propagate(self.pointer, assumptions, 0, self._main)
        return bool(ok), implied or []

    def get_model(self) -> Optional[list]:
        """The last model, after a satisfiable solve."""
        return self.native.cadical195_model(self.pointer) or [] if self.status else None

    def get_core(self) -> Optional[list]:
        """The failed assumptions, after an unsatisfiable solve."""
        return self.native.cadical195_core(self.pointer, self._assumptions) if self.status is False else None

    def accum_stats(self) -> dict:
        """Restarts, conflicts, decisions and propagations so far."""
        return self.native.cadical195_acc_stats(self.pointer)

    def delete(self) -> None:
        """Free the native solver (again is harmless)."""
        if self.pointer is not None:
            self.native.cadical195_del(self.pointer, None)
            self.pointer = None


def _add_all(solver, clauses: Iterable[Sequence[int]]) -> None:
    """Load many clauses; into CaDiCaL 1.9.5 straight through the native call, a third faster than
    append_formula's two Python layers per clause (16x16 Sudoku rules: 124k clauses)."""
    if isinstance(solver, _Cadical):
        add, pointer = solver.native.cadical195_add_cl, solver.pointer
        for clause in clauses:
            if add(pointer, clause) is False:
                solver.status = False
        return
    solver.append_formula(clauses)


def _raise_if_interrupt(error: Exception) -> None:
    """PySAT turns Ctrl-C inside a solve into a plain Exception: give it back its real type."""
    if "interrupt" in str(error).lower():
        raise KeyboardInterrupt from error


_live_sessions: "weakref.WeakSet" = weakref.WeakSet()


@atexit.register
def _close_live_sessions() -> None:
    """Free native solvers before the interpreter tears PySAT down (avoids noise at exit)."""
    for session in list(_live_sessions):
        session.close()


def variable_pool(top: int = 0):
    """A PySAT IDPool handing out variables above `top`: `pool.id()` is a new one, `pool.top` the highest."""
    from pysat.formula import IDPool

    return IDPool(start_from=top + 1)


class Session:
    """One incremental solver holding fixed clauses over variables 1..top; queries add assumptions."""

    def __init__(self, clauses: Iterable[Sequence[int]] = (), top: int = 0, solver: str = DEFAULT_SOLVER,
                 quick: bool = False):
        """`quick`: tune the solver for many small queries (QUICK_QUERIES), where it has such options."""
        self.name = check_solver(solver)
        self._solver = _native_solver(self.name)
        if self.name in DECISION_EXACT:
            # no "lucky" guesses and no trail reuse: every non-propagated literal is a counted decision
            options = {"lucky": 0, "ilb": 0}
            if quick and self.name == "cadical195":
                options.update(QUICK_QUERIES)
            getattr(self._solver, "solver", self._solver).configure(options)
        _add_all(self._solver, clauses)
        self._top, self._pool = top, None
        self.retired = 0  # activation variables switched off for good
        _live_sessions.add(self)

    def close(self) -> None:
        """Free the native solver (again is harmless)."""
        self._solver.delete()
        _live_sessions.discard(self)

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ---- clauses and variables -----------------------------------------------------------

    @property
    def vars(self):
        """The session's IDPool, made on first use (importing pysat.formula costs more than a small run's
        solving); every variable new_var gave before comes below it."""
        if self._pool is None:
            self._pool = variable_pool(self._top)
        return self._pool

    def new_var(self) -> int:
        """A fresh variable above every variable used so far."""
        if self._pool is None:
            self._top += 1
            return self._top
        return self._pool.id()

    def add_clause(self, clause: Sequence[int]) -> None:
        """Add a permanent clause."""
        self._solver.add_clause(clause)

    def add_clauses(self, clauses: Iterable[Sequence[int]]) -> None:
        """Add permanent clauses."""
        _add_all(self._solver, clauses)

    def scope(self, clauses: Iterable[Sequence[int]]) -> int:
        """A fresh activation literal under which `clauses` hold: assume it to use them, retire it to drop them.

        One literal for all of a query's own clauses (a puzzle's givens, its blocking clauses) keeps them on one
        decision level, where as assumptions each would take a level of its own.
        """
        activation = self.new_var()
        self.add_clauses([-activation, *clause] for clause in clauses)
        return activation

    def retire(self, activation: int) -> None:
        """Switch off for good every clause guarded by `activation`."""
        self._solver.add_clause([-activation])
        self.retired += 1

    # ---- queries -------------------------------------------------------------------------

    def solve(self, assumptions: Sequence[int] = (), budget: Optional[Budget] = None) -> Optional[bool]:
        """True (SAT), False (UNSAT) or None when the budget ran out.

        A planned Budget limits this one call; a running one (budget.start()) is shared by several
        calls, so that a query made of many solves stays within one limit.
        """
        try:
            if budget is None or budget.unlimited:
                return self._solver.solve(assumptions=assumptions)
            budget = budget.start()
            if budget.spent():
                return None
            return self._solve_limited(assumptions, budget)
        except Exception as error:
            _raise_if_interrupt(error)
            raise

    def _solve_limited(self, assumptions: Sequence[int], budget: Budget) -> Optional[bool]:
        """Solve in conflict-bounded rounds, spending the budget and checking the clock between rounds."""
        chunk = CONFLICT_CHUNK
        while True:
            step = chunk if budget.conflicts is None else max(1, min(chunk, budget.conflicts))
            started = budget.clock()
            before = self.effort()[1]
            self._solver.conf_budget(step)
            result = self._solver.solve_limited(assumptions=assumptions)
            used = self.effort()[1] - before
            budget.spend(conflicts=max(used, 1 if result is None else 0))
            if result is not None:
                return result
            if budget.spent():
                return None
            if budget.deadline is not None:
                rate = step / max(budget.clock() - started, 1e-6)
                chunk = max(100, min(2 * chunk, int(rate * budget.left()) + 1))
            else:
                chunk = min(2 * chunk, 100_000)

    def propagate(self, assumptions: Sequence[int]) -> tuple:
        """Unit propagation under `assumptions`: (no conflict?, literals assigned beyond level 0)."""
        try:
            return self._solver.propagate(assumptions=assumptions)
        except NotImplementedError:
            return True, list(assumptions)

    def values(self, project: Sequence[int]) -> list:
        """The last model's literals of the variables `project` (a range from 1 is read as one slice)."""
        model = self._solver.get_model()
        size = len(model)
        if isinstance(project, range) and project.start == 1 and project.step == 1 and project.stop - 1 <= size:
            return model[: project.stop - 1]
        return [model[v - 1] if v <= size else -v for v in project]

    def core(self) -> list:
        """The assumptions behind the last UNSAT answer (not necessarily minimal)."""
        return self._solver.get_core() or []

    @property
    def counts_decisions(self) -> bool:
        """True when the solver's decision counter proves 'solved by propagation alone' (see DECISION_EXACT)."""
        return self.name in DECISION_EXACT

    def effort(self) -> tuple:
        """(decisions, conflicts) so far, from one look at the solver's counters (assumptions are no decisions)."""
        stats = self._solver.accum_stats()
        return stats.get("decisions", 0), stats.get("conflicts", 0)

    # ---- queries made of several solves --------------------------------------------------

    def models(
        self,
        assumptions: Sequence[int],
        project: Sequence[int],
        limit: Optional[int] = None,
        budget: Optional[Budget] = None,
        block: Optional[Callable[[list], list]] = None,
        first: Optional[list] = None,
        scope: Optional[int] = None,
    ) -> Iterator[list]:
        """Models projected on the variables `project`, each distinct there, up to `limit`.

        Each model found is blocked by a clause over the projected variables only (`block(values)` gives
        its literals when a shorter clause suffices), guarded by an activation literal retired at the end,
        so auxiliary variables never cause double counting and the solver stays usable. `first`: the
        projected values of a model just found under these assumptions, which comes first. `scope`: an
        activation literal among the assumptions (from scope()) that the blocking clauses hang on instead of
        a literal of their own; its owner retires it. Raises OutOfBudget (with `found`) when the budget runs
        out before the enumeration ends.
        """
        budget = None if budget is None or budget.unlimited else budget.start()
        guarded, activation, found, values = list(assumptions), scope, 0, first
        try:
            while limit is None or found < limit:
                if values is None:
                    result = self.solve(guarded, budget)
                    if result is None:
                        raise OutOfBudget(f"the budget ran out after {found} models", found)
                    if not result:
                        return
                    values = self.values(project)
                found += 1
                yield values
                if limit is not None and found >= limit:
                    return
                if activation is None:
                    activation = self.new_var()
                    guarded.append(activation)
                self.add_clause([-activation, *(block(values) if block else [-lit for lit in values])])
                values = None
        finally:
            if activation is not None and activation != scope:
                self.retire(activation)

    def backbone(
        self,
        assumptions: Sequence[int],
        candidates: Iterable[int],
        budget: Optional[Budget] = None,
        seen: Optional[Callable[[list], None]] = None,
    ) -> Optional[set]:
        """Of the literals `candidates`, those true in every model under `assumptions`; None when there is none.

        Each model found rules out every candidate it falsifies, so most candidates cost no solve of their
        own; `seen(values)` is told every model found, projected on the candidates' variables. Raises
        OutOfBudget when the budget runs out, with the candidates proven by then (`proven`).
        """
        budget = None if budget is None or budget.unlimited else budget.start()
        candidates = list(candidates)
        project = sorted({abs(lit) for lit in candidates})
        result = self.solve(assumptions, budget)
        if result is None:
            raise OutOfBudget("the budget ran out before the first model")
        if not result:
            return None
        alive = self._alive(candidates, project, seen)
        proven = set()
        for lit in sorted(alive, key=abs):
            if lit not in alive:
                continue
            result = self.solve([*assumptions, -lit], budget)
            if result is None:
                raise OutOfBudget("the budget ran out during the backbone", proven=frozenset(proven))
            if result:
                alive &= self._alive(alive, project, seen)
            else:
                proven.add(lit)
        return alive

    def possible(self, assumptions: Sequence[int], groups: Sequence[Sequence[int]],
                 budget: Optional[Budget] = None) -> Optional[set]:
        """Of the literals in `groups`, those true in at least one model under `assumptions`; None when there is
        no model.

        Every model found marks all its true literals at once; then each group costs one more solve, asking
        for a model that makes one of its literals not yet seen true (a clause behind an activation literal,
        retired at once). A group whose unseen literals are all impossible is settled by that single UNSAT
        answer, instead of one solve per literal. Raises OutOfBudget when the budget runs out.
        """
        budget = None if budget is None or budget.unlimited else budget.start()
        project = sorted({abs(lit) for group in groups for lit in group})
        result = self.solve(assumptions, budget)
        if result is None:
            raise OutOfBudget("the budget ran out before the first model")
        if not result:
            return None
        seen = set(self.values(project))
        for group in groups:
            while True:
                unseen = [lit for lit in group if lit not in seen]
                if not unseen:
                    break
                activation = self.new_var()
                self.add_clause([-activation, *unseen])
                try:
                    result = self.solve([*assumptions, activation], budget)
                    if result:
                        seen.update(self.values(project))  # before retiring: a new clause drops the model
                finally:
                    self.retire(activation)
                if result is None:
                    raise OutOfBudget("the budget ran out while looking for possible literals")
                if not result:
                    break
        wanted = {lit for group in groups for lit in group}
        return seen & wanted

    def _alive(self, candidates: Iterable[int], project: list, seen) -> set:
        """The candidates the last model makes true (after showing the model to `seen`)."""
        values = self.values(project)
        if seen is not None:
            seen(values)
        truth = set(values)
        return {lit for lit in candidates if lit in truth}


def cardinality(lits: Sequence[int], bound: int, relation: str, vpool, encoding: str = "seqcounter") -> list:
    """CNF for `sum(lits) relation bound`, auxiliary variables taken from `vpool` (a session's `vars`).

    `encoding` names a PySAT EncType (seqcounter, totalizer, kmtotalizer, cardnetwrk, ...); kmtotalizer
    stays small for long sums with large bounds. An impossible bound (below 0, or above len(lits) for
    >= and ==) gives one empty clause.
    """
    from pysat.card import CardEnc, EncType

    lits = list(lits)
    if bound < 0 or (relation != "<=" and bound > len(lits)):
        return [] if relation == ">=" and bound <= 0 else [[]]
    if relation == "<=" and bound >= len(lits):
        return []
    make = {"<=": CardEnc.atmost, ">=": CardEnc.atleast, "==": CardEnc.equals}[relation]
    return make(lits=lits, bound=bound, vpool=vpool, encoding=getattr(EncType, encoding)).clauses


def write_dimacs(stream: IO[str], clauses: Iterable[Sequence[int]], top: int, comments: Sequence[str] = ()) -> None:
    """Write clauses over variables 1..top in DIMACS CNF with PySAT's own writer (comments first, 'c ...')."""
    from pysat.formula import CNF

    cnf = CNF(from_clauses=[list(clause) for clause in clauses])
    cnf.nv = max(cnf.nv, top)
    cnf.to_fp(stream, comments=list(comments))

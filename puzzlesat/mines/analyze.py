"""Analysis of a position: consistency, certain cells, exact mine probabilities, a recommended move.

Two engines that must agree. Counting (puzzlesat.mines.count) runs first: trivial rules, groups of
interchangeable cells and independent parts give exact integer counts, hence exact probabilities,
and a probability of 0 or 1 is a proof. SAT (puzzlesat.sat, CNF from puzzlesat.mines.encode) decides
consistency and certainty by backbone tests with assumptions on one incremental solver, finds the
conflict (a small unsatisfiable core of numbers) of an inconsistent board, and checks the counts.
With check=False the SAT engine runs only for the conflict and when counting ran out of time.

Probabilities are uniform over all mine layouts of the hidden cells that fit every number and the
total (flags count as mines); without a total there are none (`note` says why).

The recommended move (`best`):
1. a certain safe cell if there is one (the first in row-major order);
2. otherwise, among the cells with the lowest mine probability (exact ties), the one most likely to
   show a zero and so open an area: the highest product of (1 - p) over its hidden neighbours (a
   flagged neighbour makes it 0), which also favours corners and edges (fewer neighbours), as in
   Sinha et al.'s zero-chance score (see REFERENCES.md);
3. then the one nearest the board's edge, as in Sinha et al.'s tie-break;
4. then the first in row-major order.
Without a total and without a safe cell there is no recommendation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional

from puzzlesat.mines.board import HIDDEN, FLAG, Board
from puzzlesat.mines.count import Counts, CountingStopped, count
from puzzlesat.mines.encode import Encoding, Equations, encode, equations
from puzzlesat.sat import DEFAULT_SOLVER, Allowance, Budget, Engine

CONSISTENT, INCONSISTENT, UNKNOWN = "consistent", "inconsistent", "unknown"
NO_TOTAL = "probabilities need the total number of mines (a .mine header, a '# mines: N' line or --mines N)"


class VerificationError(AssertionError):
    """Counting and SAT disagree: a bug, never shown as an answer."""


class AnalysisStopped(RuntimeError):
    """The budget ran out before the SAT engine finished."""


@dataclass
class Analysis:
    """The outcome for one board; positions are (row, col), 0-based."""

    status: str  # 'consistent', 'inconsistent', or 'unknown' when a budget ran out
    safe: list = field(default_factory=list)  # hidden cells safe in every layout, sorted
    mines: list = field(default_factory=list)  # hidden cells that are a mine in every layout, sorted
    probabilities: Optional[list] = None  # rows of Fraction (hidden) or None (revealed, flagged)
    best: Optional[tuple] = None
    conflict: Optional[list] = None  # numbers that cannot all be true together (inconsistent only)
    conflict_total: bool = False  # the total mine count is part of the conflict
    layouts: Optional[int] = None  # mine layouts that explain the board, when counted
    note: Optional[str] = None  # why something is missing (no total, time limit)

    @property
    def consistent(self) -> bool:
        """True for a consistent board."""
        return self.status == CONSISTENT


def analyze(
    board: Board,
    probabilities: bool = True,
    budget: Optional[Budget] = None,
    check: bool = True,
    solver: str = DEFAULT_SOLVER,
) -> Analysis:
    """Analyse a board: certain cells always, probabilities when asked and the total is known.

    `budget` (seconds and/or SAT conflicts) bounds the whole analysis of the board; when it runs out
    the status is 'unknown'.
    `check=False` skips the SAT cross-check (faster; counting alone is exact).
    """
    eq = equations(board)
    allowance = budget.start() if budget is not None else None
    counts, note = _count(eq, allowance)
    if counts is not None and not counts.consistent:
        return _inconsistent(eq, allowance, solver)
    if counts is None or check:
        try:
            verdict = _sat_certain(eq, allowance, solver)
        except AnalysisStopped:
            if counts is None:
                return Analysis(UNKNOWN, note="the time limit (budget) ran out before the analysis finished")
            verdict, note = (counts.safe, counts.mines), "the time limit (budget) stopped the SAT check; the exact counts stand unchecked"
        if verdict is None:
            if counts is not None:
                raise VerificationError("counting found layouts where SAT found none")
            return _inconsistent(eq, allowance, solver)
        if counts is not None:
            _compare(counts, verdict)
    else:
        verdict = counts.safe, counts.mines
    return _consistent(board, verdict, counts, probabilities, note)


def _count(eq: Equations, allowance: Optional[Allowance]) -> tuple:
    """(Counts, None), or (None, why) when counting ran out of time."""
    try:
        return count(eq, allowance.deadline if allowance else None), None
    except CountingStopped:
        return None, "the time limit (budget) stopped the exact counting: no probabilities; certain cells come from SAT alone"


def _consistent(board: Board, verdict: tuple, counts: Optional[Counts], probabilities: bool, note) -> Analysis:
    """The analysis of a consistent board from its certain cells and (if they finished) its counts."""
    safe, mines = verdict
    chances = counts.probabilities if counts is not None else None
    if chances is None and note is None and board.total_mines is None:
        note = NO_TOTAL
    return Analysis(
        CONSISTENT,
        safe=sorted(safe),
        mines=sorted(mines),
        probabilities=grid(board, chances) if probabilities and chances is not None else None,
        best=best_move(board, safe, chances),
        layouts=counts.layouts if counts is not None else None,
        note=note,
    )


def mine_probabilities(board: Board, budget: Optional[Budget] = None) -> Optional[list]:
    """Exact probabilities by counting alone: rows of Fraction/None, or None if inconsistent or no total.

    Raises CountingStopped when the budget's seconds run out.
    """
    counts = count(equations(board), budget.start().deadline if budget is not None else None)
    if not counts.consistent or counts.probabilities is None:
        return None
    return grid(board, counts.probabilities)


def grid(board: Board, chances: dict) -> list:
    """Rows of the board with each hidden cell's probability and None elsewhere."""
    return [[chances.get((r, c)) for c in range(board.width)] for r in range(board.height)]


def best_move(board: Board, safe, chances: Optional[dict]) -> Optional[tuple]:
    """The recommended move by the rule in the module docstring."""
    if safe:
        return min(safe)
    if not chances:
        return None
    lowest = min(chances.values())
    candidates = [cell for cell, p in chances.items() if p == lowest]
    return max(candidates, key=lambda cell: (_zero_chance(board, cell, chances), -_edge_distance(board, cell), _first(cell)))


def _zero_chance(board: Board, cell: tuple, chances: dict) -> float:
    """Product of (1 - p) over the hidden neighbours; 0 next to a flag (neighbours taken as independent)."""
    chance = 1.0
    for other in board.neighbours(cell):
        value = board[other]
        if value == FLAG:
            return 0.0
        if value == HIDDEN:
            chance *= 1.0 - float(chances[other])
    return chance


def _edge_distance(board: Board, cell: tuple) -> int:
    """Cells between this one and the nearest edge."""
    row, col = cell
    return min(row, col, board.height - 1 - row, board.width - 1 - col)


def _first(cell: tuple) -> tuple:
    """A key that makes max() prefer the first cell in row-major order."""
    return (-cell[0], -cell[1])


def _compare(counts: Counts, verdict: tuple) -> None:
    """Raise VerificationError unless counting and SAT found the same certain cells."""
    safe, mines = verdict
    if counts.safe != safe or counts.mines != mines:
        raise VerificationError(
            f"counting and SAT disagree: safe {sorted(counts.safe ^ safe)}, mines {sorted(counts.mines ^ mines)}"
        )


class _Sat:
    """One incremental solver over a board's CNF; every query has the board's constraints as assumptions."""

    def __init__(self, eq: Equations, allowance: Optional[Allowance], solver: str, propagate: bool = True):
        self.eq = eq
        self.allowance = allowance
        self._check_clock()
        self.enc: Encoding = encode(eq)
        self.engine = Engine(self.enc.take_new_clauses(), self.enc.top, solver)
        if propagate and eq.mines_left is not None:
            self._leave_out_propagated()

    def _check_clock(self) -> None:
        """AnalysisStopped once the deadline has passed (between the steps that can take long)."""
        if self.allowance is not None and self.allowance.spent():
            raise AnalysisStopped()

    def _leave_out_propagated(self) -> None:
        """Let the total's bounds count only the cells unit propagation leaves open under every selector.

        Sound only for queries that assume every selector; the conflict search, which drops
        selectors, counts the whole frontier (propagate=False).
        """
        ok, implied = self.engine.propagate(list(self.enc.selector))
        if ok:
            self.enc.count_only({abs(lit): lit > 0 for lit in implied if abs(lit) <= len(self.eq.frontier)})

    def close(self) -> None:
        self.engine.close()

    def solve(self, assumptions: list) -> bool:
        """SAT or UNSAT under assumptions; AnalysisStopped when the budget runs out."""
        self._check_clock()
        for clause in self.enc.take_new_clauses():
            self.engine.add_clause(clause)
        self.engine.top = self.enc.top
        result = self.engine.solve(assumptions, self.allowance)
        if result is None:
            raise AnalysisStopped()
        return result

    def certain(self) -> Optional[tuple]:
        """(safe cells, mine cells) in every layout, or None if there is no layout."""
        base = self.enc.assumptions()
        self._check_clock()
        if base is None or not self.solve(base):
            return None
        alive, seen = self._backbone(base)
        position = {v: cell for cell, v in self.enc.var.items()}
        safe = {position[-lit] for lit in alive if lit < 0}
        mines = {position[lit] for lit in alive if lit > 0}
        off, left = self.eq.off_frontier, self.eq.mines_left
        if off and left is not None:
            fewest, most = seen
            if fewest > left - 1 and not self._possible(base, self.enc.at_most(left - 1)):
                safe.update(off)
            elif most < left - len(off) + 1 and not self._possible(base, self.enc.at_least(left - len(off) + 1)):
                mines.update(off)
        return safe, mines

    def _backbone(self, base: list) -> tuple:
        """Frontier literals true in every model (one solve per survivor, each model prunes the rest),
        and the fewest and most frontier mines among the models seen."""
        variables = list(self.enc.var.values())
        model = self.engine.model()
        alive = {model[v - 1] for v in variables}
        mines = sum(1 for v in variables if model[v - 1] > 0)
        fewest = most = mines
        for lit in sorted(alive, key=abs):
            if lit in alive and self.solve(base + [-lit]):
                model = self.engine.model()
                alive = {other for other in alive if model[abs(other) - 1] == other}
                mines = sum(1 for v in variables if model[v - 1] > 0)
                fewest, most = min(fewest, mines), max(most, mines)
        return alive, (fewest, most)

    def _possible(self, base: list, bound) -> bool:
        """Whether some layout also meets a bound literal (True/False for bounds that always/never hold)."""
        if isinstance(bound, bool):
            return bound
        return self.solve(base + [bound])

    def conflict(self) -> tuple:
        """(positions of numbers, total involved?) in a small core: deletion-minimal when time allows."""
        total = self.enc.total_literals()
        if total is None:
            return [], True
        core = self._core(list(self.enc.selector) + total)
        numbers = sorted(self.eq.constraints[self.enc.selector[lit]].at for lit in core if lit in self.enc.selector)
        return numbers, any(lit not in self.enc.selector for lit in core)

    def _core(self, assumptions: list) -> list:
        """An unsatisfiable subset of the assumptions, shrunk one literal at a time while it stays UNSAT."""
        if self.solve(assumptions):
            raise VerificationError("the board was found inconsistent but SAT finds a layout")
        core = [lit for lit in assumptions if lit in set(self.engine.core())]
        for lit in list(core):
            trial = [other for other in core if other != lit]
            try:
                if lit in core and not self.solve(trial):
                    shrunk = set(self.engine.core())
                    core = [other for other in trial if other in shrunk]
            except AnalysisStopped:
                break
        return core


def _sat_certain(eq: Equations, allowance: Optional[Allowance], solver: str) -> Optional[tuple]:
    """Certain cells by SAT, or None if the board is inconsistent."""
    sat = _Sat(eq, allowance, solver)
    try:
        return sat.certain()
    finally:
        sat.close()


def _inconsistent(eq: Equations, allowance: Optional[Allowance], solver: str) -> Analysis:
    """The analysis of an inconsistent board, with its conflict from an unsatisfiable core."""
    sat = _Sat(eq, allowance, solver, propagate=False)
    try:
        numbers, total = sat.conflict()
    except AnalysisStopped:
        numbers, total = None, False
    finally:
        sat.close()
    note = None if numbers is not None else "inconsistent; the time limit (budget) stopped the search for the conflict"
    return Analysis(INCONSISTENT, conflict=numbers, conflict_total=total, note=note)


def to_record(board: Board, analysis: Analysis) -> dict:
    """The analysis as a JSON-ready dict (positions as [row, col], exact fractions as "num/den" strings)."""
    chances = analysis.probabilities
    return {
        "status": analysis.status,
        "width": board.width,
        "height": board.height,
        "total_mines": board.total_mines,
        "safe": [list(cell) for cell in analysis.safe],
        "mines": [list(cell) for cell in analysis.mines],
        "probabilities": None if chances is None else [[_float(p) for p in row] for row in chances],
        "exact": None if chances is None else [[_fraction(p) for p in row] for row in chances],
        "best": None if analysis.best is None else list(analysis.best),
        "conflict": None if analysis.conflict is None else [list(cell) for cell in analysis.conflict],
        "conflict_total": analysis.conflict_total,
        "layouts": None if analysis.layouts is None else str(analysis.layouts),
        "note": analysis.note,
    }


def _float(p: Optional[Fraction]) -> Optional[float]:
    """A probability as a float (exact for 0 and 1; see "exact" for the fraction)."""
    return None if p is None else float(p)


def _fraction(p: Optional[Fraction]) -> Optional[str]:
    """A probability as "num/den"."""
    return None if p is None else f"{p.numerator}/{p.denominator}"

"""Analysis of a position: consistency, certain cells, exact mine probabilities, a recommended move.

Counting (puzzlesat.mines.count, the engine the players use too) decides everything by itself: trivial
rules, groups of interchangeable cells and independent parts give exact integer counts, hence exact
probabilities, and a probability of 0 or 1 is a proof (no layout at all proves the board inconsistent).
SAT (puzzlesat.sat, CNF from puzzlesat.mines.encode: a backbone under assumptions on one incremental
session) runs only where counting cannot answer: the conflict (a small unsatisfiable core of numbers)
of an inconsistent board, and the certain cells and consistency of a board counting could not finish
within the budget. With check=True SAT also decides the certain cells of every board independently and
a disagreement with the counts raises VerificationError (a cross-check; counting alone is exact).

Probabilities are uniform over all mine layouts of the hidden cells that fit every number and the
total (flags count as mines); without a total there are none (`note` says why).

The budget: seconds bound the whole analysis, search nodes bound counting (a node is a partial layout of
its sweep), SAT conflicts bound SAT. Counting may use the seconds but a reserved share (SAT_SHARE), so that
SAT gets its chance when counting runs out. Then the status is 'timeout' and the analysis reports all
it knows: without probabilities, the certain cells and `consistent` True from SAT's backbone if it
finished (exact: only the probabilities are missing), else the certain cells single numbers force
(count.trivial) with those the backbone had proven, and `consistent` True when SAT had found a layout by
then. A board found inconsistent
stays 'inconsistent', whatever the budget.

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
from typing import Optional, Set, Tuple

from puzzlesat import pictures
from puzzlesat.budget import Budget
from puzzlesat.errors import Inconsistent, OutOfBudget, VerificationError
from puzzlesat.interrupts import interrupt_safe
from puzzlesat.mines.board import FLAG, HIDDEN, Board
from puzzlesat.mines.count import Counts, count_layouts, trivial
from puzzlesat.mines.encode import Encoding, encode
from puzzlesat.mines.equations import Equations, equations
from puzzlesat.sat import DEFAULT_SOLVER, Session

CONSISTENT, INCONSISTENT, TIMEOUT = "consistent", "inconsistent", "timeout"
NO_TOTAL = "probabilities need the total number of mines (a .mine header, a '# mines: N' line or --mines N)"
SAT_SHARE = 0.2  # of a budget's seconds, kept from counting for SAT (the backbone when counting runs out)
STOPPED = ("the time limit (budget) ran out before the analysis finished: no probabilities; certain cells are only "
           "those single numbers force and SAT proved before it stopped; whether any layout fits is unknown")
STOPPED_WITH_LAYOUT = ("the time limit (budget) ran out before the analysis finished: no probabilities; certain cells "
                       "are only those single numbers force and SAT proved before it stopped; a layout fits (the "
                       "board is consistent)")
COUNTING_STOPPED = ("the time limit (budget) stopped the exact counting: no probabilities; the certain cells come "
                    "from SAT, complete, and a layout fits (the board is consistent)")
CHECK_STOPPED = "the time limit (budget) stopped the SAT check; the exact counts stand unchecked"
CONFLICT_STOPPED = "inconsistent; the time limit (budget) stopped the search for the conflict"
PATTERNS_STOPPED = "the time limit (budget) stopped the search for dead cells and 50/50s: none are marked"
UNJUDGED = ("{} cells of parts too large to list were not judged for dead cells and are shown living (the exact "
            "search counts the position again for each: --exact-dead)")


@dataclass
class Analysis:
    """The outcome for one board; positions are (row, col), 0-based."""

    status: str  # 'consistent', 'inconsistent', or 'timeout' when the budget ran out first
    safe: list = field(default_factory=list)  # hidden cells safe in every layout, sorted
    mines: list = field(default_factory=list)  # hidden cells that are a mine in every layout, sorted
    probabilities: Optional[list] = None  # rows of Fraction (hidden) or None (revealed, flagged)
    best: Optional[tuple] = None
    conflict: Optional[list] = None  # numbers that cannot all be true together (inconsistent only)
    conflict_total: bool = False  # the total mine count is part of the conflict
    layouts: Optional[int] = None  # mine layouts that explain the board, when counted
    note: Optional[str] = None  # why something is missing (no total, time limit)
    consistent: Optional[bool] = None  # some layout fits: from the status, or (timeout) True if one was found
    dead: Optional[list] = None  # undecided cells that can show one number only (patterns=True, with a total)
    fifty_fifties: Optional[list] = None  # unavoidable 50/50s, pairs of cells (patterns=True, with a total)
    unjudged: Optional[list] = None  # cells of huge parts left living unjudged (patterns=True, exact_dead=False)

    def __post_init__(self):
        if self.status != TIMEOUT:
            self.consistent = self.status == CONSISTENT

    def __getstate__(self) -> dict:
        return {key: value for key, value in self.__dict__.items() if key != "_board"}

    def _repr_svg_(self) -> Optional[str]:
        """The board with its chances and marks, for notebooks (puzzlesat.pictures); None when it is not known."""
        return pictures.svg(self)


@interrupt_safe
def analyze(
    board: Board,
    probabilities: bool = True,
    budget: Optional[Budget] = None,
    check: bool = False,
    solver: str = DEFAULT_SOLVER,
    patterns: bool = False,
    exact_dead: bool = False,
) -> Analysis:
    """Analyse a board: certain cells always, probabilities when asked and the total is known.

    `budget` bounds the whole analysis of the board (module docstring); when it runs out first the status
    is 'timeout', with all that is known. `check=True` cross-checks the certain cells with SAT
    (VerificationError on a disagreement); counting alone is exact. `patterns=True` also finds the dead cells
    and the unavoidable 50/50s of a consistent board with a total (puzzlesat.mines.patterns: read off the counts, a
    fraction of their cost; exact wherever the board's parts can be listed, which is every position of the three
    levels seen so far). On huge dense boards a cell that neither random layouts nor the equations around it can
    judge is left living and listed in `unjudged` (never marked dead without a proof), unless `exact_dead=True`
    counts the position again for each such cell (exact, and slow there).
    """
    analysis = _analyze(board, probabilities, budget, check, solver, patterns, exact_dead)
    analysis._board = board  # for its picture (not a field: not compared, not in JSON, not pickled)
    return analysis


def _analyze(board: Board, probabilities: bool, budget: Optional[Budget], check: bool, solver: str, patterns: bool,
             exact_dead: bool) -> Analysis:
    """analyze's work."""
    budget = None if budget is None else budget.start()
    try:
        counts = _count(board, _counting_budget(budget))
    except Inconsistent:
        return _inconsistent(board, _sat_budget(budget), solver)
    except OutOfBudget:
        return _timed_out(board, _sat_budget(budget), solver)
    note = None
    if check:
        try:
            _cross_check(board, counts, _sat_certain(board, _sat_budget(budget), solver))
        except OutOfBudget:
            note = CHECK_STOPPED
    analysis = _consistent(board, counts, probabilities, note)
    if patterns and board.total_mines is not None:
        try:
            analysis.dead, analysis.fifty_fifties, analysis.unjudged = _patterns(board, counts, budget, exact_dead)
            if analysis.unjudged:
                unjudged = UNJUDGED.format(len(analysis.unjudged))
                analysis.note = unjudged if analysis.note is None else f"{analysis.note}; {unjudged}"
        except OutOfBudget:
            analysis.note = PATTERNS_STOPPED if analysis.note is None else f"{analysis.note}; {PATTERNS_STOPPED}"
    return analysis


def _patterns(board: Board, counts: Counts, budget: Optional[Budget], exact: bool) -> Tuple[list, list, list]:
    """(dead cells, unavoidable 50/50 pairs, cells left unjudged) of a consistent board with a total, as positions,
    sorted."""
    from puzzlesat.mines.patterns import find_patterns

    known, flags = board.view
    found = find_patterns(known, board.neighbour_table, board.total_mines, flags, counts, budget, exhaustive=exact)
    where = board.position_of
    return ([where(cell) for cell in found.dead], [(where(a), where(b)) for a, b in found.fifty_fifties],
            [where(cell) for cell in found.unjudged])


def _counting_budget(budget: Optional[Budget]) -> Optional[Budget]:
    """The share of a running budget counting may spend: all its nodes, its seconds but SAT_SHARE."""
    if budget is None or budget.seconds is None or budget.deadline is None:
        return budget
    counting = budget.within()
    counting.deadline -= SAT_SHARE * budget.seconds
    return counting


def _sat_budget(budget: Optional[Budget]) -> Optional[Budget]:
    """What is left of a running budget for SAT: its seconds and conflicts (nodes are counting's)."""
    if budget is None:
        return None
    return Budget(seconds=budget.left(), conflicts=budget.conflicts, cpu=budget.cpu).start()


def _count(board: Board, budget: Optional[Budget]) -> Counts:
    """Exact counts of the board, flags left out of its certain mines (Inconsistent, OutOfBudget)."""
    known, flags = board.view
    counts = count_layouts(known, board.neighbour_table, board.total_mines, flags, budget=budget)
    counts.mines -= flags
    return counts


def _cross_check(board: Board, counts: Counts, verdict: Optional[tuple]) -> None:
    """Raise VerificationError unless SAT found a layout and the same certain cells as counting."""
    if verdict is None:
        raise VerificationError("counting found layouts where SAT found none")
    _compare(board, counts, verdict)


def _consistent(board: Board, counts: Counts, probabilities: bool, note: Optional[str]) -> Analysis:
    """The analysis of a consistent board from its counts."""
    width = board.width
    safe = [divmod(cell, width) for cell in sorted(counts.safe)]
    chances = None if board.total_mines is None else counts.chances(width * board.height)
    if chances is None and note is None:
        note = NO_TOTAL
    return Analysis(
        CONSISTENT,
        safe=safe,
        mines=[divmod(cell, width) for cell in sorted(counts.mines)],
        probabilities=_rows(board, chances) if probabilities and chances is not None else None,
        best=safe[0] if safe else None if chances is None else _safest(board, counts),
        layouts=counts.layouts,
        note=note,
    )


def _safest(board: Board, counts: Counts) -> Optional[tuple]:
    """best_move's choice when no cell is safe, read off the counts' integer numerators (the same order as the
    probabilities, without comparing fractions); None when nothing is covered."""
    layouts, numerators = counts.layouts, counts.numerators
    lowest, candidates = None, []
    for cell, count in (numerators.items() if numerators else dict.fromkeys(counts.mines, layouts).items()):
        if lowest is None or count < lowest:
            lowest, candidates = count, [cell]
        elif count == lowest:
            candidates.append(cell)
    if lowest == layouts:  # every covered cell is a mine: those single numbers found count too
        candidates += [cell for cell in counts.mines if cell not in numerators]
    if len(candidates) < 2:
        return board.position_of(candidates[0]) if candidates else None
    known, neighbours, width, height = board.known, board.neighbour_table, board.width, board.height
    sure, safe = counts.mines, counts.safe

    def rank(cell: int) -> tuple:
        """best_move's key, by index: the chance of a zero, the distance from the edge, row-major order."""
        chance = 1.0
        for other in neighbours[cell]:
            value = known[other]
            if value == FLAG:
                chance = 0.0
                break
            if value == HIDDEN:
                count = layouts if other in sure else 0 if other in safe else numerators[other]
                chance *= 1.0 - count / layouts
        row, col = divmod(cell, width)
        return chance, -min(row, col, height - 1 - row, width - 1 - col), -row, -col

    return board.position_of(max(candidates, key=rank))


def _timed_out(board: Board, budget: Optional[Budget], solver: str) -> Analysis:
    """The analysis when counting ran out: SAT's certain cells if its backbone finishes within what is left of
    the budget, else those single numbers force; 'inconsistent' when either finds that nothing fits."""
    try:
        verdict = _sat_certain(board, budget, solver)
    except OutOfBudget as stop:
        return _forced_only(board, budget, solver, layout_found=stop.found > 0, proven=stop.proven or (set(), set()))
    if verdict is None:
        return _inconsistent(board, budget, solver)
    return _timeout(board, verdict, COUNTING_STOPPED, consistent=True)


def _forced_only(board: Board, budget: Optional[Budget], solver: str, layout_found: bool,
                 proven: Tuple[Set[int], Set[int]]) -> Analysis:
    """The analysis when both engines ran out: the cells single numbers force and those SAT had proven (`proven`:
    safe, mines), and whether SAT found a layout."""
    known, flags = board.view
    try:
        safe, mines = trivial(known, board.neighbour_table, flags, [i for i, value in enumerate(known) if value >= 0])
    except Inconsistent:
        return _inconsistent(board, budget, solver)
    note = STOPPED_WITH_LAYOUT if layout_found else STOPPED
    sat_safe, sat_mines = proven
    return _timeout(board, (safe | sat_safe, (mines | sat_mines) - flags), note,
                    consistent=True if layout_found else None)


def _timeout(board: Board, verdict: tuple, note: str, consistent: Optional[bool]) -> Analysis:
    """A 'timeout' analysis: the certain cells known (cell indices: safe, mines), no probabilities."""
    safe, mines = ({board.position_of(cell) for cell in cells} for cells in verdict)
    return Analysis(TIMEOUT, safe=sorted(safe), mines=sorted(mines), best=best_move(board, safe, None), note=note,
                    consistent=consistent)


def _rows(board: Board, chances: list) -> list:
    """Rows of the board from each cell's probability by index (None where none)."""
    width = board.width
    return [chances[start:start + width] for start in range(0, len(chances), width)]


@interrupt_safe
def mine_probabilities(board: Board, budget: Optional[Budget] = None) -> Optional[list]:
    """Exact probabilities by counting alone: rows of Fraction/None, or None if inconsistent or no total.

    Raises OutOfBudget when the budget runs out.
    """
    try:
        counts = _count(board, budget)
    except Inconsistent:
        return None
    if board.total_mines is None:
        return None
    return _rows(board, counts.chances(board.width * board.height))


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


def _compare(board: Board, counts: Counts, verdict: tuple) -> None:
    """Raise VerificationError unless counting and SAT found the same certain cells."""
    safe, mines = verdict
    if counts.safe != safe or counts.mines != mines:
        differ = [sorted(map(board.position_of, cells)) for cells in (counts.safe ^ safe, counts.mines ^ mines)]
        raise VerificationError(f"counting and SAT disagree: safe {differ[0]}, mines {differ[1]}")


class _Sat:
    """One incremental session over a board's CNF; every query has the board's constraints as assumptions."""

    def __init__(self, eq: Equations, budget: Optional[Budget], solver: str, propagate: bool = True):
        self.eq = eq
        self.budget = budget
        self.layouts_found = 0  # models seen by the backbone, so far
        self._check_clock()
        self.session = Session(solver=solver)
        self.enc: Encoding = encode(eq, self.session.vars)
        self.session.add_clauses(self.enc.take_new_clauses())
        if propagate and eq.mines_left is not None:
            self._leave_out_propagated()

    def _check_clock(self) -> None:
        """OutOfBudget once the budget is spent (between the steps that can take long)."""
        if self.budget is not None:
            self.budget.check("the SAT analysis")

    def _leave_out_propagated(self) -> None:
        """Let the total's bounds count only the cells unit propagation leaves open under every selector.

        Sound only for queries that assume every selector; the conflict search, which drops
        selectors, counts the whole frontier (propagate=False).
        """
        ok, implied = self.session.propagate(list(self.enc.selector))
        if ok:
            frontier = len(self.eq.frontier)
            self.enc.count_only({abs(lit): lit > 0 for lit in implied if abs(lit) <= frontier})

    def close(self) -> None:
        """Free the native solver."""
        self.session.close()

    def solve(self, assumptions: list) -> bool:
        """SAT or UNSAT under assumptions; OutOfBudget when the budget runs out."""
        self._check_clock()
        self.session.add_clauses(self.enc.take_new_clauses())
        result = self.session.solve(assumptions, self.budget)
        if result is None:
            raise OutOfBudget("the budget ran out during the SAT analysis")
        return result

    def certain(self) -> Optional[tuple]:
        """(safe cells, mine cells) in every layout, or None if there is no layout."""
        base = self.enc.assumptions()
        self._check_clock()
        if base is None:
            return None
        self.session.add_clauses(self.enc.take_new_clauses())
        variables = list(self.enc.var.values())
        seen = [len(variables) + 1, -1]  # fewest and most frontier mines among the models found

        def count_mines(values: list) -> None:
            self.layouts_found += 1
            mines = sum(1 for lit in values if lit > 0)
            seen[0], seen[1] = min(seen[0], mines), max(seen[1], mines)

        try:
            alive = self.session.backbone(base, [lit for v in variables for lit in (v, -v)], self.budget, count_mines)
        except OutOfBudget as stop:
            raise OutOfBudget(str(stop), found=self.layouts_found, proven=self._cells(stop.proven)) from None
        if alive is None:
            return None
        safe, mines = self._cells(alive)
        off, left = self.eq.off_frontier, self.eq.mines_left
        if off and left is not None:
            fewest, most = seen
            try:
                if fewest > left - 1 and not self._possible(base, self.enc.at_most(left - 1)):
                    safe.update(off)
                elif most < left - len(off) + 1 and not self._possible(base, self.enc.at_least(left - len(off) + 1)):
                    mines.update(off)
            except OutOfBudget as stop:
                raise OutOfBudget(str(stop), found=self.layouts_found, proven=(safe, mines)) from None
        return safe, mines

    def _cells(self, literals) -> Tuple[Set[int], Set[int]]:
        """(safe cells, mine cells) of the frontier literals."""
        cell_of = {v: cell for cell, v in self.enc.var.items()}
        return {cell_of[-lit] for lit in literals if lit < 0}, {cell_of[lit] for lit in literals if lit > 0}

    def _possible(self, base: list, bound) -> bool:
        """Whether some layout also meets a bound literal (True/False for bounds that always/never hold)."""
        if isinstance(bound, bool):
            return bound
        return self.solve(base + [bound])

    def conflict(self) -> tuple:
        """(cells of numbers, total involved?) in a small core: deletion-minimal when the budget allows."""
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
        core = [lit for lit in assumptions if lit in set(self.session.core())]
        for lit in list(core):
            trial = [other for other in core if other != lit]
            try:
                if lit in core and not self.solve(trial):
                    shrunk = set(self.session.core())
                    core = [other for other in trial if other in shrunk]
            except OutOfBudget:
                break
        return core


def certain_by_sat(board: Board, budget: Optional[Budget] = None, solver: str = DEFAULT_SOLVER) -> Optional[tuple]:
    """The certain cells by SAT alone, without counting (safe cells, mines; positions, sorted), or None when no
    layout fits: an engine independent of the counting, for cross-checks."""
    verdict = _sat_certain(board, budget, solver)
    if verdict is None:
        return None
    return tuple(sorted(map(board.position_of, cells)) for cells in verdict)


def _sat_certain(board: Board, budget: Optional[Budget], solver: str) -> Optional[tuple]:
    """Certain cells by SAT, or None if the board is inconsistent (OutOfBudget: `found` the layouts seen by then,
    `proven` the safe cells and mines proven by then, if the backbone had begun)."""
    sat = _Sat(equations(board), budget, solver)
    try:
        return sat.certain()
    except OutOfBudget as stop:
        raise OutOfBudget(str(stop), found=sat.layouts_found, proven=stop.proven or (set(), set())) from None
    finally:
        sat.close()


def _inconsistent(board: Board, budget: Optional[Budget], solver: str) -> Analysis:
    """The analysis of an inconsistent board, with its conflict from an unsatisfiable core."""
    numbers, total = None, False
    try:
        sat = _Sat(equations(board), budget, solver, propagate=False)
    except OutOfBudget:
        sat = None
    if sat is not None:
        try:
            numbers, total = sat.conflict()
        except OutOfBudget:
            numbers, total = None, False
        finally:
            sat.close()
    conflict = None if numbers is None else [board.position_of(cell) for cell in numbers]
    return Analysis(INCONSISTENT, conflict=conflict, conflict_total=total, note=None if numbers is not None else CONFLICT_STOPPED)

"""A board as equations (each number: the sum of its hidden neighbours) and as CNF for the SAT engine.

Only frontier cells (hidden cells next to a revealed number) become variables. The cells off the
frontier are interchangeable: they hold whatever the total leaves, so the total mine count becomes
two bounds on the frontier, `mines_left - off_frontier <= frontier mines <= mines_left`, switched on
by assumptions through two totalizers (one over the cells, one over their negations).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from puzzlesat.mines.board import FLAG, HIDDEN, Board
from puzzlesat.sat import cardinality, counter


@dataclass(frozen=True)
class Constraint:
    """The number at `at` says: exactly `need` mines among `cells` (its hidden neighbours)."""

    at: tuple
    cells: tuple
    need: int


@dataclass(frozen=True)
class Equations:
    """All constraints of a board, its frontier and off-frontier cells, and the mines not flagged yet."""

    constraints: tuple
    frontier: tuple
    off_frontier: tuple
    mines_left: Optional[int]


def equations(board: Board) -> Equations:
    """The equations of a board; numbers whose neighbours are all revealed and that ask nothing are left out."""
    constraints = []
    for at in board.numbers:
        around = board.neighbours(at)
        cells = tuple(p for p in around if board[p] == HIDDEN)
        need = board[at] - sum(1 for p in around if board[p] == FLAG)
        if cells or need:
            constraints.append(Constraint(at, cells, need))
    touched = {cell for constraint in constraints for cell in constraint.cells}
    frontier = tuple(p for p in board.hidden if p in touched)
    off_frontier = tuple(p for p in board.hidden if p not in touched)
    return Equations(tuple(constraints), frontier, off_frontier, board.mines_left)


@dataclass
class Encoding:
    """CNF over the frontier: variable per cell, a selector per constraint, bound literals for the total."""

    equations: Equations
    clauses: list = field(default_factory=list)
    top: int = 0
    var: dict = field(default_factory=dict)
    selector: dict = field(default_factory=dict)  # selector variable -> constraint index
    _at_most: list = field(default_factory=list)  # outputs over the cells: -out[k] means sum <= k
    _at_least: list = field(default_factory=list)  # outputs over the negations: -out[k] means sum >= n - k

    @property
    def size(self) -> int:
        """Number of frontier cells."""
        return len(self.equations.frontier)

    def at_most(self, k: int):
        """A literal that forces at most k frontier mines, True if that always holds, False if never."""
        if k >= self.size:
            return True
        if k < 0:
            return False
        return -self._at_most[k]

    def at_least(self, k: int):
        """A literal that forces at least k frontier mines, True if that always holds, False if never."""
        if k <= 0:
            return True
        if k > self.size:
            return False
        return -self._at_least[self.size - k]

    def total_literals(self) -> Optional[list]:
        """Assumptions for the total mine count, or None when no frontier layout can meet it."""
        left = self.equations.mines_left
        if left is None:
            return []
        bounds = [self.at_most(left), self.at_least(left - len(self.equations.off_frontier))]
        if False in bounds:
            return None
        return [lit for lit in bounds if lit is not True]

    def assumptions(self) -> Optional[list]:
        """Every constraint and the total switched on; None when the total alone is impossible."""
        total = self.total_literals()
        return None if total is None else list(self.selector) + total

    def cell_literal(self, position: tuple) -> int:
        """The variable of a frontier cell ("a mine here")."""
        return self.var[position]


def encode(eq: Equations) -> Encoding:
    """CNF for the equations: one guarded cardinality constraint per number, totalizers for the total."""
    enc = Encoding(eq)
    enc.var = {cell: index for index, cell in enumerate(eq.frontier, 1)}
    enc.top = len(eq.frontier)
    for index, constraint in enumerate(eq.constraints):
        selector = enc.top = enc.top + 1
        enc.selector[selector] = index
        lits = [enc.var[cell] for cell in constraint.cells]
        clauses, enc.top = cardinality(lits, constraint.need, "==", enc.top)
        enc.clauses.extend([-selector, *clause] for clause in clauses)
    if eq.mines_left is not None:
        _encode_total(enc)
    return enc


def _encode_total(enc: Encoding) -> None:
    """Totalizers just large enough for the bounds and the off-frontier queries (k and k - 1, low and low + 1)."""
    n, left, off = enc.size, enc.equations.mines_left, len(enc.equations.off_frontier)
    if n == 0:
        return
    cells = list(range(1, n + 1))
    if 0 <= left <= n:
        clauses, enc._at_most, enc.top = counter(cells, min(left, n - 1), enc.top)
        enc.clauses.extend(clauses)
    low = left - off
    if 0 <= low <= n:
        clauses, enc._at_least, enc.top = counter([-v for v in cells], min(n - low, n - 1), enc.top)
        enc.clauses.extend(clauses)

"""A board's equations (puzzlesat.mines.equations) as CNF for the SAT session.

Only frontier cells (hidden cells next to a revealed number) become variables. The cells off the
frontier are interchangeable: they hold whatever the total leaves, so the total mine count becomes
two bounds on the frontier, `mines_left - off_frontier <= frontier mines <= mines_left`, switched on
by assumptions (guard literals of cardinality encodings built on demand). Small number constraints
are written out directly (no auxiliary variables), larger ones with PySAT's encodings. Variables come
from the session's pool (`vpool`, a PySAT IDPool).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from math import comb
from typing import Any, Optional

from puzzlesat.mines.equations import Equations
from puzzlesat.sat import cardinality


@dataclass
class Encoding:
    """CNF over the frontier: a variable per cell, a selector per constraint, bound literals for the total.

    Bounds on the number of frontier mines are built when first asked for, each guarded by its own
    literal (a k-modulo totalizer, small even for long frontiers); take_new_clauses() hands them over.
    count_only() may leave out cells whose value is already known (fixed by unit propagation under
    every selector, say): the bound literals are then valid only with every selector assumed.
    """

    equations: Equations
    vpool: Any  # where new variables come from (a PySAT IDPool: vpool.id())
    clauses: list = field(default_factory=list)
    var: dict = field(default_factory=dict)
    selector: dict = field(default_factory=dict)  # selector variable -> constraint index
    fixed_mines: int = 0  # known frontier mines left out of the bounds
    counted: list = field(default_factory=list)  # frontier variables the bounds count
    _bounds: dict = field(default_factory=dict)  # (relation, k) -> guard literal
    _handed_over: int = 0

    def count_only(self, fixed: dict) -> None:
        """Count only the frontier variables not in `fixed` (variable -> is a mine) in every later bound."""
        self.fixed_mines = sum(1 for value in fixed.values() if value)
        self.counted = [v for v in self.var.values() if v not in fixed]
        self._bounds.clear()

    def at_most(self, k: int):
        """A literal that forces at most k frontier mines, True if that always holds, False if never."""
        k -= self.fixed_mines
        if k >= len(self.counted):
            return True
        return False if k < 0 else self._bound("<=", k)

    def at_least(self, k: int):
        """A literal that forces at least k frontier mines, True if that always holds, False if never."""
        k -= self.fixed_mines
        if k <= 0:
            return True
        return False if k > len(self.counted) else self._bound(">=", k)

    def _bound(self, relation: str, k: int) -> int:
        """The guard literal of `sum(counted) relation k`, encoded on first use."""
        if (relation, k) not in self._bounds:
            guard = self.vpool.id()
            clauses = cardinality(self.counted, k, relation, self.vpool, "kmtotalizer")
            self.clauses.extend([-guard, *clause] for clause in clauses)
            self._bounds[relation, k] = guard
        return self._bounds[relation, k]

    def take_new_clauses(self) -> list:
        """Clauses added since the last call (or since the start)."""
        new = self.clauses[self._handed_over:]
        self._handed_over = len(self.clauses)
        return new

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


def encode(eq: Equations, vpool) -> Encoding:
    """CNF for the equations: one guarded cardinality constraint per number; total bounds come on demand."""
    enc = Encoding(eq, vpool)
    enc.var = {cell: vpool.id() for cell in eq.frontier}
    for index, constraint in enumerate(eq.constraints):
        selector = vpool.id()
        enc.selector[selector] = index
        clauses = _exactly([enc.var[cell] for cell in constraint.cells], constraint.need)
        if clauses is None:
            clauses = cardinality([enc.var[cell] for cell in constraint.cells], constraint.need, "==", vpool)
        enc.clauses.extend([-selector, *clause] for clause in clauses)
    enc.counted = list(enc.var.values())
    return enc


def _exactly(lits: list, need: int) -> Optional[list]:
    """Clauses without auxiliary variables for "exactly `need` of `lits`" when there are few, else None.

    At most `need`: no need + 1 of them all true; at least `need`: no n - need + 1 of them all false.
    """
    n = len(lits)
    if need < 0 or need > n:
        return [[]]
    if comb(n, need + 1) + comb(n, n - need + 1) > 16:
        return None
    return [[-lit for lit in subset] for subset in combinations(lits, need + 1)] + [
        list(subset) for subset in combinations(lits, n - need + 1)
    ]

"""The building blocks every constraint encodes with, over the cell variables x(cell, d) = "cell holds d".

  pair(a, b, allowed)      support encoding of a relation between two cells: for each digit of one cell, the
                           digits of the other that allow it (arc consistent under unit propagation)
  forbid_pairs(a, b, bad)  one clause per forbidden pair of digits
  forbid_digits(a, b, ps)  the same, the forbidden digit pairs listed (worked out once for many cell pairs)
  linear(terms, rel, k)    sum of weight * digit(cell) compared with k, through a chain of partial sums
  cardinality(lits, k, rel) PySAT's CardEnc (puzzlesat.sat), auxiliaries from the rules' pool
  ge(cell, d)              the literal "digit(cell) >= d" (order encoding, defined once per cell and digit)
  equal(a, b)              the two cells hold the same digit

Sums: PySAT's PBEnc would be the natural tool, but it needs pypblib, which has no wheel for our Python and
builds C++ at install time. `linear` is the classic DP (decision-diagram) encoding instead: one variable per
reachable partial sum after each term (exactly one true), forward clauses "sum so far p and this digit d give
p + w*d", and supports both ways (each digit needs a partial sum before it that it can continue, each
partial sum a predecessor and a digit), so propagation sees which digits can still complete the sum. Partial
sums that cannot reach the bound are pruned before any variable is made. For Sudoku's small digits the chains stay
small (a 9-cell sum has at most 45 values per step).
"""

from __future__ import annotations

from typing import Callable, Iterable, List, Optional, Sequence

from puzzlesat.sat import cardinality, variable_pool
from puzzlesat.sudoku.model.constraints.base import Geometry

Clause = List[int]
RELATIONS = {"==": lambda s, k: s == k, "<=": lambda s, k: s <= k, ">=": lambda s, k: s >= k}


class Encoder:
    """Cell literals and fresh auxiliary variables for the constraints of one grid, and the shared encodings."""

    def __init__(self, geometry: Geometry, top: Optional[int] = None):
        self.geometry = geometry
        self.side = side = geometry.side
        self.digits = range(1, side + 1)
        self.cell_vars = geometry.shape.cells * side
        self.pool = variable_pool(self.cell_vars if top is None else top)
        self._ge: dict = {}

    @property
    def top(self) -> int:
        """The highest variable used so far."""
        return max(self.pool.top, self.cell_vars)

    def var(self, cell: int, digit: int) -> int:
        """The literal 'cell holds digit'."""
        return cell * self.side + digit

    def new(self) -> int:
        """A fresh auxiliary variable."""
        return self.pool.id()

    # ---- relations between cells -----------------------------------------------------------

    def pair(self, a: int, b: int, allowed: Callable[[int, int], bool]) -> List[Clause]:
        """Digits of a and b in the relation allowed(da, db): supports both ways."""
        clauses = []
        for da in self.digits:
            clauses.append([-self.var(a, da), *(self.var(b, db) for db in self.digits if allowed(da, db))])
        for db in self.digits:
            clauses.append([-self.var(b, db), *(self.var(a, da) for da in self.digits if allowed(da, db))])
        return clauses

    def forbid_pairs(self, a: int, b: int, forbidden: Callable[[int, int], bool]) -> List[Clause]:
        """Never a = da and b = db with forbidden(da, db)."""
        return self.forbid_digits(a, b, [(da, db) for da in self.digits for db in self.digits if forbidden(da, db)])

    def forbid_digits(self, a: int, b: int, digit_pairs: Iterable[tuple]) -> List[Clause]:
        """Never a = da and b = db for (da, db) in digit_pairs."""
        return [[-self.var(a, da), -self.var(b, db)] for da, db in digit_pairs]

    def equal(self, a: int, b: int) -> List[Clause]:
        """a and b hold the same digit."""
        return [clause for d in self.digits
                for clause in ([-self.var(a, d), self.var(b, d)], [-self.var(b, d), self.var(a, d)])]

    def ge(self, cell: int, digit: int) -> int:
        """The literal 'digit(cell) >= digit' (true for 1; defined on first use)."""
        key = (cell, digit)
        literal = self._ge.get(key)
        if literal is None:
            literal = self._ge[key] = self.new()
        return literal

    def ge_clauses(self) -> List[Clause]:
        """The definitions of every ge literal handed out so far (call after the constraints that use them)."""
        clauses = []
        for (cell, digit), literal in self._ge.items():
            higher = [self.var(cell, d) for d in self.digits if d >= digit]
            clauses.append([-literal, *higher])
            clauses.extend([literal, -lit] for lit in higher)
        return clauses

    # ---- counting and sums -------------------------------------------------------------------

    def cardinality(self, lits: Sequence[int], bound: int, relation: str) -> List[Clause]:
        """sum(lits) relation bound, with PySAT's CardEnc."""
        return cardinality(lits, bound, relation, self.pool)

    def linear(self, terms: Sequence[tuple], relation: str, bound: int, when: Sequence[int] = (),
               domains: Optional[Sequence[Sequence[int]]] = None) -> List[Clause]:
        """sum(weight * digit(cell) for weight, cell in terms) relation bound, when every literal of `when` is true.

        `domains` (one per term) may narrow the digits a term can take; the default is every digit.
        """
        test = RELATIONS[relation]
        guard = [-lit for lit in when]
        domains = [list(self.digits) for _ in terms] if domains is None else [list(d) for d in domains]
        steps = [[(weight * d, self.var(cell, d)) for d in domain] for (weight, cell), domain in zip(terms, domains)]
        layers = _feasible_sums(steps, test, bound)
        if layers is None:
            return [guard] if guard else [[]]
        clauses: List[Clause] = []
        state = [{0: None}]  # partial-sum value -> its variable (None: the empty prefix, always true)
        for i, step in enumerate(steps):
            last = i == len(steps) - 1
            here = {q: (None if last else self.new()) for q in sorted(layers[i + 1])}
            if not last:
                clauses.append([*guard, *here.values()])
                clauses.extend(_at_most_one(list(here.values())))
            for p, p_lit in state[-1].items():
                for amount, lit in step:
                    q = p + amount
                    clause = [*guard, -lit] + ([] if p_lit is None else [-p_lit])
                    if q in here:
                        if here[q] is not None:
                            clauses.append(clause + [here[q]])
                    else:
                        clauses.append(clause)
            for amount, lit in step:  # each digit needs a partial sum it can continue (empty: none can)
                supports = [p_lit for p, p_lit in state[-1].items() if p + amount in here]
                if None not in supports:
                    clauses.append([*guard, -lit, *supports])
            for q, q_lit in here.items():
                if q_lit is None:
                    continue
                sources = [p_lit for p, p_lit in state[-1].items() if any(p + a == q for a, _ in step)]
                digits = [lit for amount, lit in step if q - amount in state[-1]]
                if None not in sources:
                    clauses.append([*guard, -q_lit, *sources])
                clauses.append([*guard, -q_lit, *digits])
            state.append(here)
        return clauses


def _feasible_sums(steps: Sequence[Sequence[tuple]], test, bound: int) -> Optional[list]:
    """The partial sums after each step that come from the empty sum and can still end in relation with the
    bound; None when no full sum can."""
    forward = [{0}]
    for step in steps:
        forward.append({p + amount for p in forward[-1] for amount, _ in step})
    backward = {s for s in forward[-1] if test(s, bound)}
    if not backward:
        return None
    layers = [backward]
    for i in range(len(steps) - 1, -1, -1):
        before = {p for p in forward[i] if any(p + amount in layers[0] for amount, _ in steps[i])}
        layers.insert(0, before)
    return layers


def _at_most_one(lits: Sequence[int]) -> Iterable[Clause]:
    """Pairwise at-most-one (the layers are short)."""
    for i, a in enumerate(lits):
        for b in lits[i + 1:]:
            yield [-a, -b]

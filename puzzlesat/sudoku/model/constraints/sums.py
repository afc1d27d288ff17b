"""Constraints on sums and counts along cells: killer cages (multi-sum cages, and sum cages whose digits may repeat),
little killers, sandwiches, X-sums, skyscrapers, arrows, double arrows and quadruples. Sums go through the
Encoder's DP `linear` (conditional on a literal where the cells summed depend on digits elsewhere), counts through
PySAT's CardEnc."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Iterable, List, Optional, Sequence

from puzzlesat.sudoku.model.constraints.base import Constraint, Geometry, distinct
from puzzlesat.sudoku.model.constraints.encodings import Clause, Encoder


def digit_sets(size: int, total: int, digits: Iterable[int]) -> list:
    """Every set of `size` distinct digits among `digits` adding up to `total`."""
    return [frozenset(combo) for combo in combinations(sorted(digits), size) if sum(combo) == total]


def one_of_sets(enc: Encoder, cells: Sequence[int], sets: Sequence[frozenset]) -> List[Clause]:
    """The digits of `cells` (distinct, through a group) are one of `sets`; see Killer. No set: an empty clause."""
    if not sets:
        return [[]]
    every, some = frozenset.intersection(*sets), frozenset.union(*sets)
    clauses: List[Clause] = []
    for digit in enc.digits:
        lits = [enc.var(cell, digit) for cell in cells]
        if digit not in some:
            clauses.extend([-lit] for lit in lits)
        elif digit in every:
            clauses.append(lits)
    if len(sets) > 1 and some != every:
        clauses += _set_selectors(enc, cells, sets, sorted(some - every))
    return clauses


def _set_selectors(enc: Encoder, cells: Sequence[int], sets: Sequence[frozenset], optional: list) -> List[Clause]:
    """p(d) <-> some cell holds d, for the optional digits, and one selector per set fixing them."""
    clauses: List[Clause] = []
    present = {}
    for digit in optional:
        present[digit] = holds = enc.new()
        lits = [enc.var(cell, digit) for cell in cells]
        clauses.extend([-lit, holds] for lit in lits)
        clauses.append([-holds, *lits])
    selectors = []
    for digits in sets:
        selectors.append(enc.new())
        clauses.extend([-selectors[-1], present[d] if d in digits else -present[d]] for d in optional)
    clauses.append(selectors)
    return clauses


@dataclass(frozen=True)
class Killer(Constraint):
    """A cage: no digit twice, and the digits add up to `total` when one is given.

    The sum by enumerating digit sets: for a cage of k cells and total T, the k-digit sets with sum T. A digit in
    no set is forbidden in the cage (unit clauses); a digit in every set must appear (one clause). For the rest,
    p(d) <-> "some cell of the cage holds d", and one selector per allowed set: at least one selector, and a
    selector forces p(d) on for its digits and off for the others. Since the cage's cells hold distinct digits,
    exactly one set is then realised. Enumeration stays small (at most C(9, 4) = 126 sets for 9x9) and unit
    propagation sees the classic "cage combinations" directly; a sum encoding such as the DP `linear` does not
    know the digits are distinct and propagates less.
    """

    kind = "killer"
    cells: tuple
    total: Optional[int] = None

    def groups(self) -> tuple:
        return (self.cells,)

    def label(self, geometry: Geometry) -> str:
        """'killer cage r1c1-r1c3'."""
        return super().label(geometry).replace(self.kind, "killer cage", 1)

    def clauses(self, enc: Encoder) -> List[Clause]:
        if self.total is None:
            return []
        sets = digit_sets(len(self.cells), self.total, enc.digits)
        if not sets:
            raise ValueError(f"{self.label(enc.geometry)}: no {len(self.cells)} distinct digits of 1-{enc.side} "
                             f"add up to {self.total}")
        return one_of_sets(enc, self.cells, sets)

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        if not distinct(values, self.cells):
            return False
        return self.total is None or sum(values[cell] for cell in self.cells) == self.total


@dataclass(frozen=True)
class MultiSumKiller(Constraint):
    """A cage whose distinct digits add up to any one of `totals` (Rangsk's multi-sum cage; f-puzzles cages
    valued 'DR<n>' give every total of digital root n). The union of each total's digit sets goes through the
    same set selectors as Killer. As in Rangsk's solver, no totals, or a cage as large as the side, leaves only
    the distinct digits."""

    kind = "multi-sum killer"
    cells: tuple
    totals: tuple

    def groups(self) -> tuple:
        return (self.cells,)

    def _summed(self, side: int) -> bool:
        """Whether the totals apply (some are given and the cage is smaller than a row)."""
        return bool(self.totals) and len(self.cells) < side

    def clauses(self, enc: Encoder) -> List[Clause]:
        if not self._summed(enc.side):
            return []
        sets = [found for total in sorted(set(self.totals)) for found in digit_sets(len(self.cells), total, enc.digits)]
        return one_of_sets(enc, self.cells, sets)

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        if not distinct(values, self.cells):
            return False
        return not self._summed(geometry.side) or sum(values[cell] for cell in self.cells) in self.totals


@dataclass(frozen=True)
class LittleKiller(Constraint):
    """The cells along a diagonal (in order) add up to `total`; digits may repeat.

    One DP sum (`Encoder.linear`): a variable per reachable partial sum after each cell, with forward and backward
    supports, so unit propagation removes every digit that cannot complete the total given the other cells'
    candidates.
    """

    kind = "little killer"
    cells: tuple
    total: int

    def clauses(self, enc: Encoder) -> List[Clause]:
        return enc.linear([(1, cell) for cell in self.cells], "==", self.total)

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        return sum(values[cell] for cell in self.cells) == self.total


@dataclass(frozen=True)
class CageSum(LittleKiller):
    """A cage whose digits add up to `total`, digits allowed to repeat (as the rules of some cages say): no group,
    the little killer's DP sum over its cells."""

    kind = "sum cage"


@dataclass(frozen=True)
class Sandwich(Constraint):
    """Cells of one row or column, in order: the digits strictly between the 1 and the highest digit add up to
    `total` (0 when the two are adjacent).

    For each pair of positions i < j, a literal s(i, j) <-> "1 at i and the highest digit at j, or the reverse"
    (fully defined, so it propagates back to the two ends), and s(i, j) implies the DP sum of the cells between
    them, over the digits 2..side-1 only. Pairs whose gap no set of distinct middle digits can fill with the total
    are forbidden outright, so propagation rules out impossible 1/highest placements before any search.
    """

    kind = "sandwich"
    cells: tuple
    total: int

    def clauses(self, enc: Encoder) -> List[Clause]:
        top, middle = enc.side, range(2, enc.side)
        clauses: List[Clause] = []
        ends = []
        for i, j in combinations(range(len(self.cells)), 2):
            a, b = self.cells[i], self.cells[j]
            between = self.cells[i + 1:j]
            if not digit_sets(len(between), self.total, middle):
                clauses += enc.forbid_pairs(a, b, lambda da, db: {da, db} == {1, top})
                continue
            sandwiched = enc.new()
            ends.append(sandwiched)
            clauses += _either_way(enc, sandwiched, a, b, 1, top)
            if between:
                clauses += enc.linear([(1, cell) for cell in between], "==", self.total, when=[sandwiched],
                                      domains=[middle] * len(between))
        clauses.append(ends)
        return clauses

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        digits = [values[cell] for cell in self.cells]
        if 1 not in digits or geometry.side not in digits:
            return False
        i, j = sorted((digits.index(1), digits.index(geometry.side)))
        return sum(digits[i + 1:j]) == self.total


def _either_way(enc: Encoder, literal: int, a: int, b: int, low: int, high: int) -> List[Clause]:
    """literal <-> (a holds low and b holds high) or (a holds high and b holds low)."""
    a_low, a_high, b_low, b_high = enc.var(a, low), enc.var(a, high), enc.var(b, low), enc.var(b, high)
    return [[-a_low, -b_high, literal], [-a_high, -b_low, literal], [-literal, a_low, a_high],
            [-literal, b_low, b_high], [-literal, a_low, b_low], [-literal, a_high, b_high]]


@dataclass(frozen=True)
class XSum(Constraint):
    """Cells in order from the clue: the first X cells add up to `total`, X being the first cell's digit.

    For each digit d of the first cell, "first cell holds d" implies the DP sum of the first d cells, the first
    cell's domain narrowed to d and the others' to the digits but d (so each chain is short and exact). A d for which
    no d - 1 distinct other digits make total - d (or d beyond the cells) is forbidden by a unit clause, which prunes
    the first cell up front.
    """

    kind = "x-sum"
    cells: tuple
    total: int

    def clauses(self, enc: Encoder) -> List[Clause]:
        first = self.cells[0]
        clauses: List[Clause] = []
        for d in enc.digits:
            rest, others = self.cells[1:d], [e for e in enc.digits if e != d]
            if d > len(self.cells) or not digit_sets(len(rest), self.total - d, others):
                clauses.append([-enc.var(first, d)])
                continue
            terms = [(1, cell) for cell in self.cells[:d]]
            clauses += enc.linear(terms, "==", self.total, when=[enc.var(first, d)],
                                  domains=[[d]] + [others] * len(rest))
        return clauses

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        x = values[self.cells[0]]
        return x <= len(self.cells) and sum(values[cell] for cell in self.cells[:x]) == self.total


@dataclass(frozen=True)
class Skyscraper(Constraint):
    """Cells in order from the clue: `count` of them are higher than every cell before them (the first always is).

    Order literals m(k, v) = "some cell before position k holds v or more" are built as a running maximum from the
    cells' own ge literals; visible(k) <-> (cell k holds v and not m(k, v)) for its digit v. A CardEnc says exactly
    count - 1 of the later cells are visible. Every definition is two-way, so a fixed digit or a decided visibility
    propagates along the line in both directions.
    """

    kind = "skyscraper"
    cells: tuple
    count: int

    def clauses(self, enc: Encoder) -> List[Clause]:
        clauses: List[Clause] = []
        before = {v: enc.ge(self.cells[0], v) for v in enc.digits}  # m(1, v)
        visible = []
        for cell in self.cells[1:]:
            seen = enc.new()
            visible.append(seen)
            for v in enc.digits:
                clauses += [[-enc.var(cell, v), -seen, -before[v]], [-enc.var(cell, v), seen, before[v]]]
            before, more = _running_max(enc, before, cell)
            clauses += more
        return clauses + enc.cardinality(visible, self.count - 1, "==")

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        seen, highest = 0, 0
        for cell in self.cells:
            if values[cell] > highest:
                seen, highest = seen + 1, values[cell]
        return seen == self.count


def _running_max(enc: Encoder, before: dict, cell: int) -> tuple:
    """New literals after[v] <-> before[v] or digit(cell) >= v, for each digit v, and their clauses."""
    after, clauses = {}, []
    for v in enc.digits:
        after[v] = high = enc.new()
        clauses += [[-high, before[v], enc.ge(cell, v)], [high, -before[v]], [high, -enc.ge(cell, v)]]
        if v > 1:
            clauses.append([-high, after[v - 1]])
    return after, clauses


@dataclass(frozen=True)
class Arrow(Constraint):
    """The circle's digits, read as one decimal number (most significant first, in the order given), equal the sum
    of the shaft's digits.

    One DP sum, shaft first with weight 1, then the circle cells with weights -10^k, compared with 0: the partial
    sums stay few (at most the shaft's largest sum), and the forward and backward supports make unit propagation
    drop every shaft or circle digit that no completion allows.
    """

    kind = "arrow"
    circle: tuple
    shaft: tuple

    def footprint(self) -> tuple:
        return self.circle + self.shaft

    def clauses(self, enc: Encoder) -> List[Clause]:
        places = len(self.circle)
        number = [(-10 ** (places - 1 - k), cell) for k, cell in enumerate(self.circle)]
        return enc.linear([(1, cell) for cell in self.shaft] + number, "==", 0)

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        number = 0
        for cell in self.circle:
            number = 10 * number + values[cell]
        return number == sum(values[cell] for cell in self.shaft)


@dataclass(frozen=True)
class DoubleArrow(Constraint):
    """The digits of the two end circles (first and last cell) add up to the sum of the cells between them
    (Rangsk: a line of fewer than three cells states nothing). One DP sum, ends with weight 1 and the cells
    between with weight -1, compared with 0 (enc.linear): its supports drop every digit no completion allows."""

    kind = "double arrow"
    cells: tuple

    def _terms(self) -> list:
        """The weighted terms whose sum is 0."""
        ends, between = (self.cells[0], self.cells[-1]), self.cells[1:-1]
        return [(1, cell) for cell in ends] + [(-1, cell) for cell in between]

    def clauses(self, enc: Encoder) -> List[Clause]:
        return enc.linear(self._terms(), "==", 0) if len(self.cells) >= 3 else []

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        return len(self.cells) < 3 or sum(w * values[cell] for w, cell in self._terms()) == 0


@dataclass(frozen=True)
class Quadruple(Constraint):
    """Each digit of `digits` (sorted, repeats allowed) appears among the cells at least as often as it is listed.

    A CardEnc "at least m of these cells hold d" per listed digit (one clause when m is 1). When the listed digits
    fill every cell, the other digits are also forbidden outright (unit clauses), which the counts alone would only
    find by search.
    """

    kind = "quadruple"
    cells: tuple
    digits: tuple

    def clauses(self, enc: Encoder) -> List[Clause]:
        wanted = Counter(self.digits)
        clauses: List[Clause] = []
        for digit, times in wanted.items():
            if digit not in enc.digits:
                return [[]]
            clauses += enc.cardinality([enc.var(cell, digit) for cell in self.cells], times, ">=")
        if len(self.digits) >= len(self.cells):
            clauses += [[-enc.var(cell, d)] for cell in self.cells for d in enc.digits if d not in wanted]
        return clauses

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        found = Counter(values[cell] for cell in self.cells)
        return all(found[digit] >= times for digit, times in Counter(self.digits).items())

"""Lines: thermometers, between lines, whispers, parity lines, renban, region-sum lines, palindromes, zippers,
entropic lines, modular lines, nabner lines and lockout lines.

A line is the tuple of its cells in drawing order. Relations between neighbouring cells are support-encoded
pairs (a chain of arc-consistent pairs is globally consistent for the line alone); equal sums go through one
DP over their difference (enc.linear == 0), which propagates every cell's digits both ways.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from operator import eq, gt, lt
from typing import Iterator, List, Sequence

from puzzlesat.sudoku.model.constraints.base import Constraint, Geometry, distinct
from puzzlesat.sudoku.model.constraints.encodings import Clause, Encoder
from puzzlesat.sudoku.model.constraints.sums import one_of_sets


def _neighbours(cells: Sequence[int]) -> Iterator[tuple]:
    """Consecutive cells of a line."""
    return zip(cells, cells[1:])


def _windows(cells: Sequence[int]) -> Iterator[tuple]:
    """Every three consecutive cells of a line."""
    return zip(cells, cells[1:], cells[2:])


def _same_sums(enc: Encoder, sums: Sequence[Sequence[tuple]]) -> List[Clause]:
    """Every weighted sum [(weight, cell), ...] equals the first: one DP over each difference (== 0)."""
    if len(sums) < 2:
        return []
    first = list(sums[0])
    return [clause for other in sums[1:] for clause in enc.linear(first + [(-w, cell) for w, cell in other], "==", 0)]


def _mirrored(cells: Sequence[int]) -> list:
    """The pairs of cells equally far from the centre, outermost first."""
    return [(cells[i], cells[-1 - i]) for i in range(len(cells) // 2)]


class _StepLine(Constraint):
    """A line (its `cells` in order) whose every two neighbours obey `step(first, second)`: each pair
    support-encoded."""

    def step(self, first: int, second: int) -> bool:
        """The digits of two neighbours, in line order, obey the rule."""
        raise NotImplementedError

    def clauses(self, enc: Encoder) -> List[Clause]:
        return [clause for a, b in _neighbours(self.cells) for clause in enc.pair(a, b, self.step)]

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        return all(self.step(values[a], values[b]) for a, b in _neighbours(self.cells))


@dataclass(frozen=True)
class Thermometer(_StepLine):
    """Digits strictly increase from the bulb (cells[0]); slow: never decrease. Each neighbouring pair is a
    support-encoded '<' (or '<='): a chain of arc-consistent pairs is consistent as a whole, so the bounds
    (cell i of a strict thermometer at least bulb + i) follow by unit propagation."""

    cells: tuple
    slow: bool = False

    @property
    def kind(self) -> str:
        return "slow thermometer" if self.slow else "thermometer"

    def step(self, low: int, high: int) -> bool:
        """The digits of two neighbours, bulb side first, obey the thermometer."""
        return low <= high if self.slow else low < high


@dataclass(frozen=True)
class Between(Constraint):
    """Every interior cell lies strictly between the two end digits. An orientation variable says which end is
    lower; under it (and under its negation) the ends and each interior cell are support-encoded '<' pairs.
    Implied clauses that need no orientation (interior digits neither 1 nor side nor an end's digit, ends at
    least 2 apart) let propagation start before the orientation is known."""

    kind = "between line"
    cells: tuple

    def clauses(self, enc: Encoder) -> List[Clause]:
        first, last, interior = self.cells[0], self.cells[-1], self.cells[1:-1]
        if not interior:
            return []
        rising = enc.new()  # true: the first end holds the lower digit
        clauses = enc.forbid_pairs(first, last, lambda x, y: abs(x - y) < 2)
        for a, b in ((first, last), *((first, cell) for cell in interior), *((cell, last) for cell in interior)):
            clauses += [[-rising, *c] for c in enc.pair(a, b, lt)] + [[rising, *c] for c in enc.pair(a, b, gt)]
        for cell in interior:
            clauses += [[-enc.var(cell, 1)], [-enc.var(cell, enc.side)]]
            clauses += enc.forbid_pairs(first, cell, eq) + enc.forbid_pairs(cell, last, eq)
        return clauses

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        low, high = sorted((values[self.cells[0]], values[self.cells[-1]]))
        return all(low < values[cell] < high for cell in self.cells[1:-1])


@dataclass(frozen=True)
class Whisper(_StepLine):
    """Neighbours on the line differ by at least `gap` (German whispers 5, Dutch 4 on a 9x9). Each neighbouring
    pair is support-encoded, so a cell loses every digit with no partner far enough away on either side."""

    kind = "whisper"
    cells: tuple
    gap: int

    def step(self, x: int, y: int) -> bool:
        """Two digits far enough apart."""
        return abs(x - y) >= self.gap


@dataclass(frozen=True)
class ParityLine(_StepLine):
    """Neighbours on the line alternate odd and even (one odd, one even). Each neighbouring pair is support-encoded,
    so a cell's parity known propagates along the whole line."""

    kind = "parity line"
    cells: tuple

    def step(self, x: int, y: int) -> bool:
        """One digit odd, the other even."""
        return (x + y) % 2 == 1


@dataclass(frozen=True)
class Renban(Constraint):
    """Distinct digits forming a run of consecutive digits, in any order. Distinct is a group; every two cells
    differ by less than the length (binary clauses, which with distinctness already force a run); and one
    selector per possible lowest digit m, exactly one true, puts every cell in m..m+length-1 and every digit
    of that run on some cell, so a placed digit narrows the runs and a run's missing digit finds its cell."""

    kind = "renban"
    cells: tuple

    def groups(self) -> tuple:
        return (self.cells,)

    def clauses(self, enc: Encoder) -> List[Clause]:
        length = len(self.cells)
        clauses = [clause for i, a in enumerate(self.cells) for b in self.cells[i + 1:]
                   for clause in enc.forbid_pairs(a, b, lambda x, y: abs(x - y) >= length)]
        starts = {m: enc.new() for m in range(1, enc.side - length + 2)}
        clauses += enc.cardinality(list(starts.values()), 1, "==")
        for m, start in starts.items():
            run = range(m, m + length)
            clauses += [[-start, *(enc.var(cell, d) for d in run)] for cell in self.cells]
            clauses += [[-start, *(enc.var(cell, d) for cell in self.cells)] for d in run]
        for cell in self.cells:
            for d in enc.digits:
                clauses.append([-enc.var(cell, d), *(start for m, start in starts.items() if m <= d < m + length)])
        return clauses

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        digits = [values[cell] for cell in self.cells]
        return distinct(values, self.cells) and max(digits) - min(digits) == len(digits) - 1


def _segments(cells: Sequence[int], geometry: Geometry, links: Sequence[tuple] = ()) -> list:
    """The line cut where it crosses from one region into another (a region entered again: a new segment). With
    `links` (the pairs of cells the drawing joins: a loop, or a line with branches), the segments are the groups of
    cells joined within one region."""
    if not links:
        segments: list = []
        for i, cell in enumerate(cells):
            if i and geometry.region_of[cell] == geometry.region_of[cells[i - 1]]:
                segments[-1].append(cell)
            else:
                segments.append([cell])
        return segments
    owner = {cell: cell for cell in cells}

    def root(cell: int) -> int:
        while owner[cell] != cell:
            owner[cell] = owner[owner[cell]]
            cell = owner[cell]
        return cell

    for a, b in links:
        if geometry.region_of[a] == geometry.region_of[b]:
            owner[root(a)] = root(b)
    groups: dict = {}
    for cell in dict.fromkeys(cells):
        groups.setdefault(root(cell), []).append(cell)
    return list(groups.values())


@dataclass(frozen=True)
class RegionSumLine(Constraint):
    """The line's segments, cut where it crosses a region border, all have the same sum. Each segment's sum
    equals the first one's through one DP over their difference (enc.linear == 0), which propagates digits
    both ways between the two segments. A line drawn as a loop or with branches gives its `links` (the cells the
    drawing joins); its segments are then the cells joined within each region."""

    kind = "region-sum line"
    cells: tuple
    links: tuple = ()

    def clauses(self, enc: Encoder) -> List[Clause]:
        segments = _segments(self.cells, enc.geometry, self.links)
        return _same_sums(enc, [[(1, cell) for cell in segment] for segment in segments])

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        sums = {sum(values[cell] for cell in segment) for segment in _segments(self.cells, geometry, self.links)}
        return len(sums) <= 1


@dataclass(frozen=True)
class Palindrome(Constraint):
    """The line reads the same both ways: cells equally far from the centre hold the same digit (two-way
    implications per digit)."""

    kind = "palindrome"
    cells: tuple

    def clauses(self, enc: Encoder) -> List[Clause]:
        return [clause for a, b in _mirrored(self.cells) for clause in enc.equal(a, b)]

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        digits = [values[cell] for cell in self.cells]
        return digits == digits[::-1]


@dataclass(frozen=True)
class Zipper(Constraint):
    """Cells equally far from the centre sum to the same total; with an odd length that total is the centre
    cell's digit. Each pair's sum equals the first pair's (or the centre's) through one DP over the
    difference (enc.linear == 0)."""

    kind = "zipper line"
    cells: tuple

    def _sums(self) -> list:
        """The terms of the sums that must agree: the centre (odd length) and each mirrored pair."""
        centre = [[(1, self.cells[len(self.cells) // 2])]] if len(self.cells) % 2 else []
        return centre + [[(1, a), (1, b)] for a, b in _mirrored(self.cells)]

    def clauses(self, enc: Encoder) -> List[Clause]:
        return _same_sums(enc, self._sums())

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        return len({sum(w * values[cell] for w, cell in terms) for terms in self._sums()}) <= 1


@dataclass(frozen=True)
class Entropic(Constraint):
    """Every three consecutive cells hold one low, one middle and one high digit (the digits 1..side cut into
    three equal bands); on a line of two, the two differ in band (as within any window). One band variable per
    cell and band, exactly one per cell, tied to the cell's digits; within each window of three (or the pair) no
    band twice (binary clauses) and every band once (ternary), so a cell known to be in a band clears that band
    from its window."""

    kind = "entropic line"
    cells: tuple

    def clauses(self, enc: Encoder) -> List[Clause]:
        if enc.side % 3:
            raise ValueError(f"an entropic line needs a side divisible by 3, not {enc.side}")
        bands = {cell: [enc.new() for _ in range(3)] for cell in self.cells}
        clauses = [clause for cell, own in bands.items() for clause in _band_clauses(enc, cell, own)]
        for window in _windows(self.cells):
            for k in range(3):
                clauses.append([bands[cell][k] for cell in window])
                clauses += [[-bands[a][k], -bands[b][k]] for a, b in combinations(window, 2)]
        if len(self.cells) == 2:
            clauses += [[-bands[self.cells[0]][k], -bands[self.cells[1]][k]] for k in range(3)]
        return clauses

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        width = geometry.side // 3
        if len(self.cells) == 2:
            return (values[self.cells[0]] - 1) // width != (values[self.cells[1]] - 1) // width
        return all(sorted((values[cell] - 1) // width for cell in window) == [0, 1, 2]
                   for window in _windows(self.cells))


def _band_clauses(enc: Encoder, cell: int, bands: Sequence[int]) -> List[Clause]:
    """The cell's three band literals (low, middle, high), each true exactly when the cell holds a digit of its band."""
    width = enc.side // 3
    return _class_clauses(enc, cell, bands, [range(k * width + 1, (k + 1) * width + 1) for k in range(3)])


def _class_clauses(enc: Encoder, cell: int, lits: Sequence[int], classes: Sequence[Sequence[int]]) -> List[Clause]:
    """lits[k] true exactly when the cell holds a digit of classes[k] (the classes cover every digit)."""
    clauses = [list(lits)]
    for lit, digits in zip(lits, classes):
        held = [enc.var(cell, d) for d in digits]
        clauses.append([-lit, *held])
        clauses += [[-digit, lit] for digit in held]
    return clauses


@dataclass(frozen=True)
class Modular(Constraint):
    """Rangsk's modular line: every three consecutive cells hold one digit of each residue mod 3, and on a line
    of two the residues differ (his rule: cells a multiple of 3 apart share a residue, others do not). One
    residue literal per cell and class, tied to its digits; cells one or two apart never share a class
    (binary clauses) and each window of three holds every class (ternary), so a known residue propagates along
    the whole line."""

    kind = "modular line"
    cells: tuple

    def clauses(self, enc: Encoder) -> List[Clause]:
        classes = [[d for d in enc.digits if d % 3 == k] for k in range(3)]
        residues = {cell: [enc.new() for _ in range(3)] for cell in self.cells}
        clauses = [clause for cell, own in residues.items() for clause in _class_clauses(enc, cell, own, classes)]
        for a, b in _near_pairs(self.cells, 2):
            clauses += [[-residues[a][k], -residues[b][k]] for k in range(3)]
        for window in _windows(self.cells):
            clauses += [[residues[cell][k] for cell in window] for k in range(3)]
        return clauses

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        residue = [values[cell] % 3 for cell in self.cells]
        return all((residue[i] == residue[j]) == ((j - i) % 3 == 0)
                   for i, j in combinations(range(len(self.cells)), 2))


def _near_pairs(cells: Sequence[int], reach: int) -> Iterator[tuple]:
    """Every pair of cells at most `reach` apart along the line."""
    return ((cells[i], cells[j]) for i in range(len(cells)) for j in range(i + 1, min(i + reach + 1, len(cells))))


NABNER_SETS = 500  # most digit sets a nabner line enumerates (beyond: its binary clauses only)


@dataclass(frozen=True)
class Nabner(Constraint):
    """No two digits on the line are equal or consecutive (Rangsk's weak links between every two cells). The
    line is a group, and every two cells forbid consecutive digit pairs (binary clauses); a line of three or
    more also takes one of the digit sets with no two consecutive digits through Killer's set selectors, so
    propagation sees which digits the line must or cannot use (five cells on a 9x9: 1, 3, 5, 7, 9)."""

    kind = "nabner line"
    cells: tuple

    def groups(self) -> tuple:
        return (self.cells,)

    def clauses(self, enc: Encoder) -> List[Clause]:
        clauses = [clause for a, b in combinations(self.cells, 2)
                   for clause in enc.forbid_pairs(a, b, lambda x, y: abs(x - y) == 1)]
        if len(self.cells) >= 3:
            sets = [frozenset(combo) for combo in combinations(enc.digits, len(self.cells)) if _apart(combo)]
            if len(sets) <= NABNER_SETS:
                clauses += one_of_sets(enc, self.cells, sets)
        return clauses

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        return _apart(sorted(values[cell] for cell in self.cells))


def _apart(digits: Sequence[int]) -> bool:
    """Sorted digits with no two equal or consecutive."""
    return all(b - a > 1 for a, b in zip(digits, digits[1:]))


@dataclass(frozen=True)
class Lockout(Constraint):
    """The two ends differ by at least `gap` (4 on a 9x9), and no other cell of the line holds a digit between
    the ends' digits or equal to one. Support-encoded pairs: the ends with each other, and each other cell with
    each end (a digit stays while some digit of the other end completes the three). Then for each other cell
    c, digit d of c and digit x of one end, the clause c = d and end = x -> the other end holds a digit on x's
    side of d, far enough from x: so known ends clear their band from the line at once, and a line digit with
    one end known confines the other end."""

    kind = "lockout line"
    cells: tuple
    gap: int = 4

    def _fits(self, x: int, y: int, d: int) -> bool:
        """Ends x and y, and d on the line, obey the rule."""
        return abs(x - y) >= self.gap and not min(x, y) <= d <= max(x, y)

    def clauses(self, enc: Encoder) -> List[Clause]:
        if len(self.cells) < 2:
            return []
        first, last = self.cells[0], self.cells[-1]
        clauses = enc.pair(first, last, lambda x, y: abs(x - y) >= self.gap)
        for cell in self.cells[1:-1]:
            clauses += enc.pair(first, cell, lambda x, d: any(self._fits(x, y, d) for y in enc.digits))
            clauses += enc.pair(cell, last, lambda d, y: any(self._fits(x, y, d) for x in enc.digits))
            clauses += self._thirds(enc, cell, first, last) + self._thirds(enc, cell, last, first)
        return clauses

    def _thirds(self, enc: Encoder, cell: int, end: int, other: int) -> List[Clause]:
        """cell = d and end = x imply the other end's digits that fit them."""
        return [[-enc.var(cell, d), -enc.var(end, x), *(enc.var(other, y) for y in enc.digits if self._fits(x, y, d))]
                for d in enc.digits for x in enc.digits]

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        if len(self.cells) < 2:
            return True
        low, high = sorted((values[self.cells[0]], values[self.cells[-1]]))
        return high - low >= self.gap and all(not low <= values[cell] <= high for cell in self.cells[1:-1])

"""Relations between two cells: Kropki dots, XV, differences and ratios, and their negative constraints.

A dot is one support-encoded pair (enc.pair: every digit of either cell keeps only the partners the relation
allows, arc consistent under unit propagation); a negative constraint forbids the relation's digit pairs on
every pair it lists (binary clauses).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, List, Sequence

from puzzlesat.sudoku.model.constraints.base import Constraint, Geometry
from puzzlesat.sudoku.model.constraints.encodings import Clause, Encoder

Relation = Callable[[int, int], bool]


def differ_by(value: int) -> Relation:
    """The digits differ by exactly `value`."""
    return lambda x, y: abs(x - y) == value


def ratio_of(value: int) -> Relation:
    """One digit is `value` times the other."""
    return lambda x, y: x == value * y or y == value * x


def sum_of(value: int) -> Relation:
    """The digits add up to `value`."""
    return lambda x, y: x + y == value


def relation(name: str) -> Relation:
    """The relation a name stands for: 'white', 'black', 'x', 'v', 'difference:N', 'ratio:N', 'sum:N'."""
    fixed = {"white": differ_by(1), "black": ratio_of(2), "x": sum_of(10), "v": sum_of(5)}
    if name in fixed:
        return fixed[name]
    word, _, number = name.partition(":")
    general = {"difference": differ_by, "ratio": ratio_of, "sum": sum_of}
    if word not in general or not number.isdigit():
        raise ValueError(f"unknown relation {name!r}")
    return general[word](int(number))


@dataclass(frozen=True)
class _Dot(Constraint):
    """Two cells in one relation: a support-encoded pair."""

    a: int
    b: int

    def _relation(self) -> Relation:
        """The relation the two digits obey."""
        raise NotImplementedError

    def footprint(self) -> tuple:
        return (self.a, self.b)

    def clauses(self, enc: Encoder) -> List[Clause]:
        return enc.pair(self.a, self.b, self._relation())

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        return self._relation()(values[self.a], values[self.b])


@dataclass(frozen=True)
class Kropki(_Dot):
    """A Kropki dot: 'white', the digits differ by 1; 'black', one is twice the other. Support-encoded pair."""

    kind = "kropki"
    color: str

    def __post_init__(self):
        if self.color not in ("white", "black"):
            raise ValueError(f"a Kropki dot is white or black, not {self.color!r}")

    def _relation(self) -> Relation:
        return relation(self.color)


@dataclass(frozen=True)
class XV(_Dot):
    """The two digits add up to `total`: 5 (V) or 10 (X). Support-encoded pair."""

    kind = "xv"
    total: int

    def _relation(self) -> Relation:
        return sum_of(self.total)


@dataclass(frozen=True)
class Difference(_Dot):
    """The two digits differ by exactly `value`. Support-encoded pair."""

    kind = "difference"
    value: int

    def _relation(self) -> Relation:
        return differ_by(self.value)


@dataclass(frozen=True)
class Ratio(_Dot):
    """One digit is `value` times the other. Support-encoded pair."""

    kind = "ratio"
    value: int

    def _relation(self) -> Relation:
        return ratio_of(self.value)


@dataclass(frozen=True)
class Negative(Constraint):
    """For each (a, b) in `pairs` the relation does NOT hold ('white': not consecutive, 'black': not in ratio 2,
    'x' / 'v': not adding to 10 / 5, 'difference:N', 'ratio:N', 'sum:N'). One binary clause per forbidden
    digit pair: placing a digit removes its partners from the other cell at once."""

    kind = "negative"
    relation: str
    pairs: tuple

    def __post_init__(self):
        relation(self.relation)  # an unknown name fails here, not at encoding

    def footprint(self) -> tuple:
        return tuple(dict.fromkeys(cell for pair in self.pairs for cell in pair))

    def label(self, geometry: Geometry) -> str:
        return f"negative {self.relation}"

    def clauses(self, enc: Encoder) -> List[Clause]:
        forbidden = relation(self.relation)
        return [clause for a, b in self.pairs for clause in enc.forbid_pairs(a, b, forbidden)]

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        forbidden = relation(self.relation)
        return not any(forbidden(values[a], values[b]) for a, b in self.pairs)


def orthogonal_pairs(side: int) -> tuple:
    """Every pair (a, b), a < b, of orthogonally adjacent cells of a side x side grid."""
    right = [(cell, cell + 1) for cell in range(side * side) if cell % side < side - 1]
    down = [(cell, cell + side) for cell in range(side * (side - 1))]
    return tuple(sorted(right + down))

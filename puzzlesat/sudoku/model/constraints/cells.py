"""Rules on single cells and their copies: odd/even cells, given pencil marks, maximum/minimum cells, clones,
indexer cells."""

from __future__ import annotations

from dataclasses import dataclass
from operator import gt, lt
from typing import List, Sequence

from puzzlesat.sudoku.model.constraints.base import Constraint, Geometry
from puzzlesat.sudoku.model.constraints.encodings import Clause, Encoder


@dataclass(frozen=True)
class Parity(Constraint):
    """The cell holds an odd (odd=True) or an even digit: unit clauses removing the other parity's digits."""

    cell: int
    odd: bool

    @property
    def kind(self) -> str:
        return "odd cell" if self.odd else "even cell"

    def footprint(self) -> tuple:
        return (self.cell,)

    def clauses(self, enc: Encoder) -> List[Clause]:
        return [[-enc.var(self.cell, d)] for d in enc.digits if d % 2 != self.odd]

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        return values[self.cell] % 2 == self.odd


@dataclass(frozen=True)
class PencilMarks(Constraint):
    """The cell holds one of `digits` (f-puzzles' given pencil marks): unit clauses removing every other digit."""

    kind = "given pencil marks"
    cell: int
    digits: tuple

    def footprint(self) -> tuple:
        return (self.cell,)

    def clauses(self, enc: Encoder) -> List[Clause]:
        return [[-enc.var(self.cell, d)] for d in enc.digits if d not in self.digits]

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        return values[self.cell] in self.digits

    def label(self, geometry: Geometry) -> str:
        """'given pencil marks r1c1: 2 5'."""
        return f"{super().label(geometry)}: {' '.join(map(str, self.digits))}"


@dataclass(frozen=True)
class Extremum(Constraint):
    """The cell is higher (maximum=True) or lower than every orthogonal neighbour but those `exempt` (f-puzzles
    and Fortress Sudoku compare a min/max cell only with neighbours that are no min/max cells themselves): a
    support-encoded '>' (or '<') pair with each, so the neighbours' digits bound the cell's and the other way."""

    cell: int
    maximum: bool
    exempt: tuple = ()

    @property
    def kind(self) -> str:
        return "maximum" if self.maximum else "minimum"

    def footprint(self) -> tuple:
        return (self.cell,)

    def clauses(self, enc: Encoder) -> List[Clause]:
        order = gt if self.maximum else lt
        return [clause for other in self.compared(enc.geometry) for clause in enc.pair(self.cell, other, order)]

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        order = gt if self.maximum else lt
        return all(order(values[self.cell], values[other]) for other in self.compared(geometry))

    def compared(self, geometry: Geometry) -> tuple:
        """The neighbours the cell must beat."""
        return tuple(other for other in geometry.neighbours(self.cell) if other not in self.exempt)


@dataclass(frozen=True)
class Clone(Constraint):
    """cells[i] and copy[i] hold the same digit: two-way implications per digit (enc.equal)."""

    kind = "clone"
    cells: tuple
    copy: tuple

    def __post_init__(self):
        if len(self.cells) != len(self.copy):
            raise ValueError(f"a clone needs as many cells as its copy, not {len(self.cells)} and {len(self.copy)}")

    def footprint(self) -> tuple:
        return self.cells + self.copy

    def clauses(self, enc: Encoder) -> List[Clause]:
        return [clause for a, b in zip(self.cells, self.copy) for clause in enc.equal(a, b)]

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        return all(values[a] == values[b] for a, b in zip(self.cells, self.copy))


@dataclass(frozen=True)
class Indexer(Constraint):
    """Indexer cells (the 1-5-9 rule): a digit X in an indexer cell says where, along its row ('column'
    indexer), column ('row' indexer) or region ('box' indexer), the digit of the cell's own position stands:
    column indexer r3c5 = 7 means r3c7 = 5. Encoded as two-way implications x(cell, X) <-> x(target, position)
    for every X, so both directions propagate."""

    cells: tuple
    axis: str  # 'column', 'row' or 'box'

    def __post_init__(self):
        if self.axis not in ("column", "row", "box"):
            raise ValueError(f"unknown indexer axis {self.axis!r}: column, row or box")

    @property
    def kind(self) -> str:
        return f"{self.axis} indexer"

    def clauses(self, enc: Encoder) -> List[Clause]:
        clauses = []
        for cell in self.cells:
            line, position = self._line(cell, enc.geometry)
            for digit in enc.digits:
                a, b = enc.var(cell, digit), enc.var(line[digit - 1], position)
                clauses += [[-a, b], [-b, a]]
        return clauses

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        for cell in self.cells:
            line, position = self._line(cell, geometry)
            if values[line[values[cell] - 1]] != position:
                return False
        return True

    def _line(self, cell: int, geometry: Geometry) -> tuple:
        """(the cells the indexer points into, in order; the cell's own position there, from 1)."""
        side = geometry.side
        row, col = divmod(cell, side)
        if self.axis == "column":
            return tuple(row * side + c for c in range(side)), col + 1
        if self.axis == "row":
            return tuple(r * side + col for r in range(side)), row + 1
        if geometry.region_of[cell] is None:
            raise ValueError(f"box indexer {geometry.cell_name(cell)} lies in no region")
        region = tuple(sorted(geometry.regions[geometry.region_of[cell]]))
        return region, region.index(cell) + 1

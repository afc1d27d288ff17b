"""What every variant constraint is: cells, the CNF it adds, and the rule itself checked on a full grid.

A constraint is a frozen dataclass over 0-based cell indexes (row * side + column). It never knows the grid by
itself: a Geometry (side, regions, cell names) comes in when it is encoded and when it is checked. `holds` states
the rule as plainly as possible, because it is both the verification of every printed solution and the
brute-force reference the tests compare each encoding with.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar, Iterable, Optional, Sequence

from puzzlesat.sudoku.model.grid import Shape, cell_name

if TYPE_CHECKING:
    from puzzlesat.sudoku.model.constraints.encodings import Encoder


@dataclass(frozen=True)
class Geometry:
    """The grid a constraint lives on: its shape and its regions (the boxes unless irregular ones are given)."""

    shape: Shape
    irregular: Optional[tuple] = None  # regions replacing the boxes, each a tuple of cells (a cell may be in none)

    @property
    def side(self) -> int:
        """Cells per row."""
        return self.shape.side

    @cached_property
    def regions(self) -> tuple:
        """Every region, as a tuple of cells."""
        return self.irregular if self.irregular is not None else self.shape.boxes

    @cached_property
    def region_of(self) -> tuple:
        """The region index of every cell (None for a cell in no region)."""
        owner: list = [None] * self.shape.cells
        for index, cells in enumerate(self.regions):
            for cell in cells:
                owner[cell] = index
        return tuple(owner)

    def cell_name(self, cell: int) -> str:
        """'r3c5' (1-based)."""
        return cell_name(cell, self.side)

    def neighbours(self, cell: int) -> tuple:
        """The orthogonal neighbours of a cell."""
        side = self.side
        row, col = divmod(cell, side)
        return tuple(r * side + c for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
                     if 0 <= r < side and 0 <= c < side)


class Constraint:
    """A rule over some cells beyond 'no digit twice in a row, column or region'. Subclasses are frozen
    dataclasses with a `kind`, usually a `cells` field, and override `clauses` and `holds` (and `groups` when
    digits may not repeat among some of their cells)."""

    kind: ClassVar[str] = "constraint"

    def footprint(self) -> tuple:
        """Every cell the constraint touches, in its own order (its `cells` field unless it says otherwise)."""
        return self.cells

    def groups(self) -> tuple:
        """Groups of cells in which no digit may repeat (encoded by the Sudoku encoder like rows)."""
        return ()

    @property
    def only_groups(self) -> bool:
        """True when `groups` are the whole rule (no clauses of its own): what the solving techniques fully know."""
        return False

    def clauses(self, enc: "Encoder") -> Iterable[Sequence[int]]:
        """The CNF of the rule, beyond its groups."""
        return ()

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        """True when a full grid of digits obeys the rule (groups included)."""
        raise NotImplementedError

    def label(self, geometry: Geometry) -> str:
        """'thermometer r1c1-r1c4': what it is and where, for messages."""
        cells = self.footprint()
        if not cells:
            return self.kind
        if len(cells) == 1:
            return f"{self.kind} {geometry.cell_name(cells[0])}"
        return f"{self.kind} {geometry.cell_name(cells[0])}-{geometry.cell_name(cells[-1])}"

    def group_label(self, group: Sequence[int], geometry: Geometry) -> str:
        """The name of one of its `groups` in messages ('two 3s in king's move r3c3-r4c4'): its label unless it
        says otherwise."""
        return self.label(geometry)


def distinct(values: Sequence[int], cells: Iterable[int]) -> bool:
    """True when the cells hold different digits."""
    cells = list(cells)
    return len({values[cell] for cell in cells}) == len(cells)

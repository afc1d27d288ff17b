"""Groups in which no digit repeats, beyond rows, columns and regions: diagonals, extra regions, disjoint groups
(all of them, or one: Rangsk's "disjoint offset") and windoku windows. The Sudoku encoder gives them the same
at-most-one (and, for full groups, at-least-one) clauses as rows, so they need no CNF of their own. (Anti-king and
anti-knight pairs are chess moves: apart.py.)"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from puzzlesat.sudoku.model.constraints.base import Constraint, Geometry, distinct
from puzzlesat.sudoku.model.grid import Shape


@dataclass(frozen=True)
class Distinct(Constraint):
    """No digit twice among `cells`; `name` says which group it is ('diagonal 1', 'extra region 2')."""

    kind = "distinct"
    cells: tuple
    name: str = "group"

    def groups(self) -> tuple:
        return (self.cells,)

    @property
    def only_groups(self) -> bool:
        return True

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        return distinct(values, self.cells)

    def label(self, geometry: Geometry) -> str:
        return self.name


def diagonals(side: int, which: str = "both") -> tuple:
    """The main diagonal ('diagonal 1', f-puzzles' diagonal-: top left to bottom right) and the anti-diagonal
    ('diagonal 2', f-puzzles' diagonal+: bottom left to top right); `which` is 'both', '-' or '+'."""
    main = Distinct(tuple(i * side + i for i in range(side)), "diagonal 1")
    anti = Distinct(tuple(i * side + (side - 1 - i) for i in range(side)), "diagonal 2")
    return {"both": (main, anti), "-": (main,), "+": (anti,)}[which]


def windows(shape: Shape) -> tuple:
    """Windoku boxes: box-sized squares one cell in from the box corners and one cell apart (9x9: rows and
    columns 2-4, 6-8); square boxes only."""
    size, n = shape.box_rows, shape.side
    if shape.box_cols != size:
        raise ValueError(f"windoku needs square boxes; {shape.name} has {shape.box_rows}x{shape.box_cols} boxes")
    starts = range(1, n - size + 1, size + 1)
    return tuple(Distinct(tuple((top + r) * n + left + c for r in range(size) for c in range(size)), f"window {k}")
                 for k, (top, left) in enumerate(((t, l) for t in starts for l in starts), 1))


def disjoint_groups(regions: Sequence[Sequence[int]]) -> tuple:
    """Cells in the same place of every region (the k-th cell of each, cells in reading order): no digit twice."""
    longest = max(map(len, regions), default=0)
    return tuple(disjoint_group(regions, position) for position in range(1, longest + 1))


def disjoint_group(regions: Sequence[Sequence[int]], position: int) -> Distinct:
    """The `position`-th cell (1-based, reading order) of every region that has one: Rangsk's "disjoint offset"
    (DisjointGroupConstraint, -c disjointoffset:N), one of the disjoint groups; ValueError when no region is that
    long."""
    ordered = [sorted(region) for region in regions]
    longest = max(map(len, ordered), default=0)
    if not 1 <= position <= longest:
        raise ValueError(f"disjoint group {position}: the regions have at most {longest} cells")
    return Distinct(tuple(region[position - 1] for region in ordered if len(region) >= position),
                    f"disjoint group {position}")

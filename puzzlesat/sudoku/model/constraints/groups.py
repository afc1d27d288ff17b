"""Groups in which no digit repeats, beyond rows, columns and regions: diagonals, extra regions, disjoint groups,
windoku windows, and the cells a king's or knight's move apart. The Sudoku encoder gives them the same
at-most-one (and, for full groups, at-least-one) clauses as rows, so they need no CNF of their own."""

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
    ordered = [sorted(region) for region in regions]
    return tuple(Distinct(tuple(region[k] for region in ordered), f"disjoint group {k + 1}")
                 for k in range(len(ordered[0]) if ordered else 0))


def _move_pairs(side: int, steps: Sequence[tuple], word: str) -> tuple:
    """Pairs of cells one of `steps` apart, each pair once."""
    pairs = []
    for row in range(side):
        for col in range(side):
            for dr, dc in steps:
                r, c = row + dr, col + dc
                if 0 <= r < side and 0 <= c < side and (dr, dc) > (0, 0):
                    a, b = row * side + col, r * side + c
                    pairs.append(Distinct((a, b), f"{word}'s move r{row + 1}c{col + 1}-r{r + 1}c{c + 1}"))
    return tuple(pairs)


def king_pairs(side: int) -> tuple:
    """Anti-king: diagonal neighbours differ (orthogonal ones already share a row or column)."""
    return _move_pairs(side, [(1, 1), (1, -1), (-1, 1), (-1, -1)], "king")


def knight_pairs(side: int) -> tuple:
    """Anti-knight: cells a knight's move apart differ."""
    steps = [(dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2) if abs(dr) != abs(dc)]
    return _move_pairs(side, steps, "knight")

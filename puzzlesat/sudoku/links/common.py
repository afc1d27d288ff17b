"""What the f-puzzles and SudokuPad readers share: the grid's shape, regions and solution checked into puzzlesat's
terms, orthogonal pairs, and lines of cells between way points."""

from __future__ import annotations

from collections import Counter
from math import ceil
from typing import Iterable, Optional, Sequence

from puzzlesat.errors import VariantError
from puzzlesat.sudoku import constraints
from puzzlesat.sudoku.grid import MAX_SIDE, Shape, box_shape

def shape_of(side: int, where: str) -> Shape:
    """The shape of a grid of `side`; a size without boxes (5x5, 7x7 ...) gets rows in their place, and its
    puzzle must bring irregular regions (see needs_regions). VariantError for sizes puzzlesat does not solve."""
    if box_shape(side) is not None:
        return Shape.of_side(side)
    if not 3 <= side <= MAX_SIDE:
        raise VariantError(f"{where} grid of size {side}x{side}: puzzlesat solves sizes 3x3 to {MAX_SIDE}x{MAX_SIDE}")
    return Shape.without_boxes(side)


def needs_regions(shape: Shape, regions: Optional[tuple], where: str) -> None:
    """A VariantError when a grid without boxes comes without irregular regions."""
    if shape.box_rows == 1 and regions is None:
        raise VariantError(f"{where} grid of size {shape.name} has no boxes and the puzzle gives no regions")


def checked_regions(shape: Shape, regions: Sequence[Iterable[int]], where: str) -> Optional[tuple]:
    """The regions as sorted tuples, or None when they are the shape's boxes; a VariantError unless they cut the
    grid into `side` regions of `side` cells."""
    side = shape.side
    regions = tuple(sorted(tuple(sorted(region)) for region in regions))
    covered = Counter(cell for region in regions for cell in region)
    if len(regions) != side or any(len(region) != side for region in regions) or len(covered) != shape.cells \
            or max(covered.values()) > 1:
        sizes = ", ".join(str(len(region)) for region in regions)
        raise VariantError(f"{where}: the regions do not cut the grid into {side} regions of {side} cells "
                           f"({len(regions)} regions of {sizes} cells)")
    if set(regions) == {tuple(sorted(box)) for box in shape.boxes}:
        return None
    return regions


def checked_solution(digits: Sequence, side: int) -> Optional[tuple]:
    """The stated solution as a tuple of ints, or None when it is absent, partial or not digits 1..side."""
    if not digits or len(digits) != side * side:
        return None
    try:
        values = tuple(int(digit) for digit in digits)
    except (TypeError, ValueError):
        return None
    return values if all(1 <= value <= side for value in values) else None


def whisper_gap(side: int, dutch: bool = False) -> int:
    """German whispers' gap (5 on 9x9: half the side rounded up) or Dutch whispers' (one less: 4 on 9x9)."""
    return ceil(side / 2) - (1 if dutch else 0)


def orthogonal_pairs(side: int) -> list:
    """Every pair of orthogonally adjacent cells (a < b)."""
    pairs = []
    for cell in range(side * side):
        row, col = divmod(cell, side)
        if col + 1 < side:
            pairs.append((cell, cell + 1))
        if row + 1 < side:
            pairs.append((cell, cell + side))
    return pairs


def negatives(side: int, kinds: Sequence[str], marked: set) -> tuple:
    """Negative constraints of each kind over the orthogonal pairs that carry none of the puzzle's marks of
    that family (`marked`: the pairs with any mark, each as a sorted tuple)."""
    free = tuple(pair for pair in orthogonal_pairs(side) if pair not in marked)
    return tuple(constraints.Negative(kind, free) for kind in kinds)


def ray(row: int, col: int, dr: int, dc: int, side: int) -> tuple:
    """The cells from (row, col) stepping (dr, dc) while inside the grid, starting with the first step inside
    when (row, col) lies outside it (a clue beside the grid)."""
    inside = lambda r, c: 0 <= r < side and 0 <= c < side  # noqa: E731
    if not inside(row, col):
        row, col = row + dr, col + dc
    cells = []
    while inside(row, col):
        cells.append(row * side + col)
        row, col = row + dr, col + dc
    return tuple(cells)


def outside_line(row: int, col: int, side: int) -> Optional[tuple]:
    """The row or column a clue beside the grid at (row, col) (0-based, -1 or side outside) reads, in order
    from the clue; None when the place is not beside exactly one row or column."""
    row_out, col_out = not 0 <= row < side, not 0 <= col < side
    if row_out == col_out:
        return None
    if row_out:
        return ray(row, col, 1 if row < 0 else -1, 0, side) if row in (-1, side) else None
    return ray(row, col, 0, 1 if col < 0 else -1, side) if col in (-1, side) else None


def path_cells(points: Sequence[tuple], side: int) -> Optional[tuple]:
    """The cells a line through cell (row, col) points visits, filling straight (orthogonal or diagonal) runs
    between consecutive points; None when a step is neither or a point lies outside the grid."""
    cells: list = []
    for index, (row, col) in enumerate(points):
        if not (0 <= row < side and 0 <= col < side):
            return None
        if index:
            prow, pcol = points[index - 1]
            dr, dc = row - prow, col - pcol
            steps = max(abs(dr), abs(dc))
            if steps == 0:
                continue
            if dr and dc and abs(dr) != abs(dc):
                return None
            for k in range(1, steps):
                cells.append((prow + dr // steps * k) * side + pcol + dc // steps * k)
        cells.append(row * side + col)
    return tuple(cells)


def count_message(count: int, singular: str, plural: Optional[str] = None) -> str:
    """'1 line', '3 lines'."""
    return f"{count} {singular if count == 1 else (plural or singular + 's')}"

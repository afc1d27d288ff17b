"""What the f-puzzles and SudokuPad readers share: the grid's shape, regions and solution checked into puzzlesat's
terms, the puzzle's givens in the setters' alphabet, orthogonal pairs, lines of cells between way points, and the
cages whose value is text or a fog light."""

from __future__ import annotations

import re
from collections import Counter
from math import ceil
from typing import Iterable, Optional, Sequence

from puzzlesat.errors import VariantError
from puzzlesat.sudoku.model import constraints
from puzzlesat.sudoku.reading.alphabets import numeric_alphabet
from puzzlesat.sudoku.model.grid import MAX_SIDE, Puzzle, Shape, box_shape

FOG_LIGHT = re.compile(r"^\s*(?:FOGLIGHT|FOW)\s*$|^\s*foglight:", re.IGNORECASE)  # SudokuPad's fog-light cages


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
    """The regions as sorted tuples, or None when they are the shape's boxes; a VariantError unless each holds `side`
    cells and no cell is in two. A cell may be in no region (f-puzzles' region null): it is then in no box, and
    only its row and column hold it."""
    side = shape.side
    regions = tuple(sorted(tuple(sorted(region)) for region in regions))
    problem = _region_problem(shape, regions)
    if problem:
        raise VariantError(f"{where}: {problem}")
    if set(regions) == {tuple(sorted(box)) for box in shape.boxes}:
        return None
    return regions


def _region_problem(shape: Shape, regions: tuple) -> Optional[str]:
    """Why the regions do not fit the grid ('the region of r1c2 holds 3 cells, not 4'), or None."""
    side = shape.side
    short = next((region for region in regions if len(region) != side), None)
    if short is not None:
        return (f"the region of {shape.cell_name(short[0])} holds {len(short)} cells, not {side} "
                f"(each region holds one of each digit)")
    twice = next((cell for cell, count in Counter(c for region in regions for c in region).items() if count > 1), None)
    if twice is not None:
        return f"cell {shape.cell_name(twice)} is in two regions"
    return None


def checked_solution(digits: Sequence, side: int) -> Optional[tuple]:
    """The stated solution as a tuple of ints, or None when it is absent, partial or not digits 1..side."""
    if not digits or len(digits) != side * side:
        return None
    try:
        values = tuple(int(digit) for digit in digits)
    except (TypeError, ValueError):
        return None
    return values if all(1 <= value <= side for value in values) else None


def link_puzzle(shape: Shape, values: Sequence[int]) -> Puzzle:
    """The givens as a Puzzle in the setters' alphabet: digits up to 9x9, numbers (1 ... 16) on larger grids, as
    f-puzzles and SudokuPad write them."""
    return Puzzle(shape, tuple(values), numeric_alphabet(shape.side) if shape.side > 9 else "")


def text_cages(values: Sequence[str]) -> str:
    """What not to read as killer cages: '3 cages whose value is not a number ('N', '(4+8)x2')'."""
    shown = ", ".join(repr(value) for value in dict.fromkeys(values))
    return f"{count_message(len(values), 'cage')} whose value is not a number ({shown})"


def fog_lights(count: int) -> str:
    """The fog of war, named for `unknown` (it hides cells while solving; puzzlesat shows every cell)."""
    return f"fog of war ({count_message(count, 'fog light')})" if count else "fog of war"


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


def text_indexers(text, side: int) -> list:
    """The indexer rows and columns a rules text (rules_text.RulesText) describes, as Indexer constraints."""
    found = []
    wanted = [(axis, number) for axis, number in text.indexers() if number]
    wanted += [(axis, number) for axis, every in text.indexers() if not every for number in range(1, side + 1)]
    for axis, number in dict.fromkeys(wanted):
        if 1 <= number <= side:
            cells = tuple(number - 1 + row * side for row in range(side)) if axis == "column" else \
                tuple((number - 1) * side + col for col in range(side))
            found.append(constraints.Indexer(cells, axis))
    return found


def count_message(count: int, singular: str, plural: Optional[str] = None) -> str:
    """'1 line', '3 lines'."""
    return f"{count} {singular if count == 1 else (plural or singular + 's')}"

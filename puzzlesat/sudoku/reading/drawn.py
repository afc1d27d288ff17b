"""Grids puzzlesat draws, read back by their geometry and by the characters they are drawn with (sudoku/glyphs.py).

A drawn block runs from a top border to the bottom border: a line that starts with '┏' down to one that starts with
'┗' (one grid, or several side by side: two solutions, a puzzle and its solution), or the '━━━━┯' top of a
pencil-mark mini-grid down to its '━━━━┷' bottom. Each grid in it is read by its kind:

- a walled grid (a variant's): 2 * side + 1 lines, every cell as wide as the others between two walls, its digit
  between two marks (a bulb, a clone, a diagonal, ...); lines of walls between rows, which may carry marks, sums and
  corners; clue numbers beside the grid (its margins, and a line above or below it). It reads as one grid of its
  digits, in the regions its heavy walls draw when they are not the boxes (a jigsaw); the other constraints drawn
  cannot come back from a drawing.
- a mini-grid of pencil marks (sudoku/pencil.py): each cell's candidates in a small grid of a box's shape.
- anything else (the classic boxed grid, another program's box drawing) is left to the ordinary grid reader, line
  by line, with the marks of differing cells ('›') taken out.

Only puzzlesat's own characters are accepted where they stand, so a drawing that is not one of ours is read the
ordinary way, with its errors.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import List, Optional

from puzzlesat.streams import Line
from puzzlesat.sudoku.reading.glyphs import (ACROSS, CELL_MARKS, CELL_WALLS, CORNERS, DIFFERS, DIGITS, DOWN, JUNCTIONS,
                                     MINI_BAND, MINI_BOTTOM, MINI_ROW, MINI_TOP, MINI_WALLS, WALL_ROW)
from puzzlesat.sudoku.model.grid import Shape, supported_sides
from puzzlesat.sudoku.reading.lines import Cells

GRID, MARKS = "grid", "marks"  # the kinds of block
MAX_LINES = 300  # a block longer than this is not ours (a 35x35 mini-grid has 211 lines)
MIN_SIDE = 4
CLUES = frozenset(DIGITS + " ")  # what a line of clues beside a grid holds
UNMARK = str.maketrans({mark: " " for mark in DIFFERS})


@dataclass
class Read:
    """A grid read from a block: its side, whether it holds candidates, and its rows with the line each starts on."""

    shape: Shape
    pencil: bool
    rows: list  # (Cells, Line)
    margin: bool = False  # clue numbers stood beside it (so a line of them above or below belongs to it)
    regions: Optional[tuple] = None  # irregular regions its heavy walls draw (None: the boxes)
    error: Optional[str] = None  # why the drawing cannot be a puzzle


@dataclass
class Plain:
    """Lines of a block for the ordinary reader (a boxed grid, or a drawing that is not one of ours)."""

    lines: list


def opens(text: str) -> Optional[str]:
    """The kind of block a stripped line opens (GRID or MARKS), or None."""
    if text.startswith("┏"):
        return GRID
    if text[:1] == MINI_TOP[0] and set(text) <= set(MINI_TOP) and (MINI_TOP[1] in text or MINI_TOP[2] in text):
        return MARKS
    return None


def closes(kind: str, text: str) -> bool:
    """True when a stripped line is the bottom border of a block of this kind."""
    if kind == GRID:
        return text.startswith("┗")
    return text[:1] == MINI_BOTTOM[0] and set(text) <= set(MINI_BOTTOM)


def is_clue_row(text: str) -> bool:
    """A stripped line of clue numbers, as drawn above or below a grid (digits apart by spaces)."""
    return bool(text) and set(text) <= CLUES


class Block:
    """The lines of one drawn block, gathered until its bottom border."""

    def __init__(self, kind: str, first: Line, clues: Optional[Line] = None):
        self.kind, self.lines, self.clues, self.complete = kind, [first], clues, False

    def add(self, line: Line, text: str) -> bool:
        """Take one more line (its stripped `text`); False when it cannot belong to the block, which then ends."""
        if not text or len(self.lines) >= MAX_LINES:
            return False
        self.lines.append(line)
        self.complete = closes(self.kind, text)
        return True

    def read(self) -> list:
        """Each grid of the block, left to right: Read, or Plain for the ordinary reader."""
        if self.kind == MARKS:
            return [mini_grid(self.lines) or Plain(self.lines)]
        panes = pane_columns(self.lines[0].text)
        outside = "".join(outside_text(line.text, panes) for line in self.lines)
        ours = self.complete and set(outside) <= CLUES
        margin = panes[0][0] > 0 or any(ch in DIGITS for ch in outside)
        grids = []
        for start, end in panes:
            lines = self.lines if len(panes) == 1 else [replace(line, text=line.text[start:end + 1])
                                                        for line in self.lines]
            found = walled_grid(self.lines, start, end, margin) if ours else None
            grids.append(found or Plain([replace(line, text=line.text.translate(UNMARK)) for line in lines]))
        return grids


def pane_columns(text: str) -> List[tuple]:
    """(first, last) column of each grid's top border in the block's first line (0-based)."""
    panes, at = [], text.find("┏")
    while at >= 0:
        end = text.find("┓", at)
        if end < 0:
            end = len(text.rstrip()) - 1
        panes.append((at, end))
        at = text.find("┏", end)
    return panes


def outside_text(text: str, panes: list) -> str:
    """What a line holds outside the grids' columns (clue numbers, for a walled grid)."""
    parts, last = [], 0
    for start, end in panes:
        parts.append(text[last:start])
        last = end + 1
    parts.append(text[last:])
    return "".join(parts)


def grid_shape(side: int) -> Optional[Shape]:
    """The shape of a drawn grid of `side`: the standard one, or one without boxes (5x5, 7x7: irregular regions)."""
    if side in supported_sides():
        return Shape.of_side(side)
    return Shape.without_boxes(side) if side >= MIN_SIDE else None


def walled_grid(lines: list, start: int, end: int, margin: bool = False) -> Optional[Read]:
    """The walled grid between columns start and end of the lines, or None when they do not draw one; `margin`:
    clue numbers stand beside it."""
    count, width = len(lines), end + 1 - start
    side = (count - 1) // 2
    if count % 2 == 0 or side < MIN_SIDE or (width - 1) % side:
        return None
    cell_width = (width - 1) // side - 1  # (each cell and the wall after it)
    shape = grid_shape(side)
    if cell_width < 3 or shape is None:
        return None
    rows = []
    for index, line in enumerate(lines):
        text = line.text[start:end + 1]
        if len(text) != width:
            return None
        if index % 2 == 0:
            if not set(text) <= WALL_ROW or any(text[col * (cell_width + 1)] not in CORNERS for col in range(side + 1)):
                return None
            continue
        row = cell_row(text, side, cell_width, start)
        if row is None:
            return None
        rows.append((row, line))
    found = Read(shape, False, rows, margin)
    regions = drawn_regions([line.text[start:end + 1] for line in lines], shape, cell_width + 1)
    if regions is None:
        found.error = f"the heavy walls do not cut the grid into {side} regions of {side} cells"
    elif sorted(regions) != sorted(tuple(box) for box in shape.boxes) or shape.box_rows == 1:
        found.regions = regions
    return found


def drawn_regions(texts: list, shape: Shape, pitch: int) -> Optional[tuple]:
    """The regions the heavy walls of a walled grid cut it into (sorted cell tuples), or None when they are not
    `side` regions of `side` cells. A wall hidden by a mark whose both ends hold marks too is taken as the boxes
    have it."""
    side = shape.side
    parent = list(range(side * side))

    def root(cell: int) -> int:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    for row in range(side):
        for col in range(side):
            cell = row * side + col
            if col and not heavy_down(texts, row, col, pitch, col % shape.box_cols == 0):
                parent[root(cell)] = root(cell - 1)
            if row and not heavy_across(texts, row, col, pitch, row % shape.box_rows == 0):
                parent[root(cell)] = root(cell - side)
    regions: dict = {}
    for cell in range(side * side):
        regions.setdefault(root(cell), []).append(cell)
    if len(regions) != side or any(len(cells) != side for cells in regions.values()):
        return None
    return tuple(sorted(tuple(cells) for cells in regions.values()))


def heavy_down(texts: list, row: int, col: int, pitch: int, box_wall: bool) -> bool:
    """Whether the wall left of cell (row, col) is heavy: its own character, else an arm of a junction at its ends,
    else `box_wall`."""
    wall = texts[2 * row + 1][col * pitch]
    if wall in DOWN:
        return DOWN.index(wall) >= 2
    weight = arm(texts[2 * row][col * pitch], 3)
    weight = arm(texts[2 * row + 2][col * pitch], 27) if weight is None else weight
    return box_wall if weight is None else weight == 2


def heavy_across(texts: list, row: int, col: int, pitch: int, box_wall: bool) -> bool:
    """Whether the wall above cell (row, col) is heavy: its strokes, else an arm of a junction at its ends, else
    `box_wall`."""
    segment = texts[2 * row][col * pitch + 1:(col + 1) * pitch]
    strokes = [ch for ch in segment if ch in ACROSS]
    if strokes:
        return ACROSS.index(strokes[0]) >= 2
    weight = arm(texts[2 * row][col * pitch], 9)
    weight = arm(texts[2 * row][(col + 1) * pitch], 1) if weight is None else weight
    return box_wall if weight is None else weight == 2


def arm(junction: str, weight: int) -> Optional[int]:
    """The weight (0 none, 1 light, 2 heavy) of one arm of a junction (up 27, right 9, down 3, left 1); None when
    the corner holds a mark instead."""
    index = JUNCTIONS.find(junction)
    return None if index < 0 else index // weight % 3


def cell_row(text: str, side: int, cell_width: int, start: int) -> Optional[Cells]:
    """One row of a walled grid: each cell's symbol between its marks, walls (or marks on them) between cells."""
    cells, columns = [], []
    for col in range(side + 1):
        if text[col * (cell_width + 1)] not in CELL_WALLS:
            return None
    for col in range(side):
        at = col * (cell_width + 1) + 1
        body = text[at:at + cell_width]
        symbol = body[1:-1].lstrip(" ")
        if body[0] not in CELL_MARKS or body[-1] not in CELL_MARKS or not symbol or " " in symbol:
            return None
        cells.append(symbol)
        columns.append(start + at + cell_width - 1 - len(symbol) + 1)
    return Cells(cells, columns)


def mini_grid(lines: list) -> Optional[Read]:
    """A pencil-mark mini-grid (sudoku/pencil.py), or None when the lines do not draw one."""
    top = lines[0].text.strip()
    segments = top.replace(MINI_TOP[2], MINI_TOP[1]).split(MINI_TOP[1])
    side, width = len(segments), len(segments[0])
    shape = Shape.of_side(side) if side in supported_sides() else None
    if shape is None or shape.box_cols != width or {len(segment) for segment in segments} != {width}:
        return None
    height = shape.box_rows
    if len(lines) != side * (height + 1) + 1 or not closes(MARKS, lines[-1].text.strip()):
        return None
    offset = lines[0].text.index(top)
    rows = []
    for row in range(side):
        first = 1 + row * (height + 1)
        rule = lines[first - 1].text.strip()
        wanted = MINI_TOP if row == 0 else MINI_BAND if row % shape.box_rows == 0 else MINI_ROW
        if not set(rule) <= set(wanted):
            return None
        cells = mini_cells([line.text[offset:] for line in lines[first:first + height]], side, width)
        if cells is None:
            return None
        rows.append((Cells(cells, [offset + 1 + col * (width + 1) for col in range(side)], True), lines[first]))
    return Read(shape, True, rows)


def mini_cells(texts: list, side: int, width: int) -> Optional[list]:
    """The candidates of each cell of one row of a mini-grid (its lines), or None when they do not draw one."""
    cells = [""] * side
    for text in texts:
        text = text.rstrip().ljust(side * (width + 1) - 1)
        if len(text) != side * (width + 1) - 1:
            return None
        for col in range(side):
            if col and text[col * (width + 1) - 1] not in MINI_WALLS:
                return None
            slots = text[col * (width + 1):col * (width + 1) + width]
            if any(ch in MINI_WALLS for ch in slots):
                return None
            cells[col] += "".join(ch for ch in slots if ch not in " ·")
    return cells

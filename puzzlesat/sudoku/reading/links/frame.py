"""SudokuPad puzzles drawn in a larger frame of cells, cut to their grid.

SudokuPad takes the grid to be what the regions cover (its getMinMaxRCFromRegions): a 9x9 puzzle may be drawn in 11x11
cells, its sandwich or X-sum clues written in the cells around it. Such a puzzle is cut to the regions' rectangle and
every position in it (cells, regions, cages, lines, arrows, shapes, fog lights, the stated solution) moved to match,
so that the rest of the reader sees the grid with its clues beside it.
"""

from __future__ import annotations

from typing import Optional

from puzzlesat.sudoku.model.grid import MIN_SIDE
from puzzlesat.sudoku.reading.links.common import count_message

POINT_LISTS = ("regions",)  # keys holding lists of lists of [row, column]
PARTS = {"cages": "cells", "lines": "wayPoints", "arrows": "wayPoints"}  # key -> field holding a list of points
CENTRED = ("overlays", "underlays")  # shapes placed by their "center"


def framed(data: dict) -> tuple:
    """(the puzzle cut to the square its regions cover, notes for `ignored`); the puzzle itself when the regions
    cover the whole of its cells, or do not make a grid of their own (a square of k x k cells, k regions of k)."""
    rows = data.get("cells")
    bounds = _grid_bounds(data.get("regions"))
    if bounds is None or not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
        return data, []
    top, left, size = bounds
    whole = top == 0 and left == 0 and size == len(rows) and all(len(row) == size for row in rows)
    if whole or top + size > len(rows) or any(len(row) < left + size for row in rows[top:top + size]):
        return data, []
    return _cut(data, top, left, size, size), _notes(rows, bounds)


def _grid_bounds(regions) -> Optional[tuple]:
    """(top, left, side) of the square the regions cover when they are `side` regions of `side` cells, else None."""
    try:
        groups = [[(int(row), int(col)) for row, col in region] for region in regions or []]
    except (TypeError, ValueError):
        return None
    places = [place for group in groups for place in group]
    if not places or min(min(place) for place in places) < 0:
        return None
    top, left = min(r for r, _ in places), min(c for _, c in places)
    height, width = max(r for r, _ in places) + 1 - top, max(c for _, c in places) + 1 - left
    if height != width or height < MIN_SIDE or len(groups) != height or any(len(group) != height for group in groups):
        return None
    return top, left, height


def _cut(data: dict, top: int, left: int, height: int, width: int) -> dict:
    """A copy of the puzzle with its cells cut to the rectangle and every position moved by (-top, -left)."""
    move = lambda point: _moved(point, top, left)  # noqa: E731
    cut = dict(data)
    cut["cells"] = [row[left:left + width] for row in data["cells"][top:top + height]]
    for key in POINT_LISTS:
        if isinstance(data.get(key), list):
            cut[key] = [[move(point) for point in group] if isinstance(group, list) else group for group in data[key]]
    for key, field in PARTS.items():
        if isinstance(data.get(key), list):
            cut[key] = [_with(part, field, lambda points: [move(point) for point in points]) for part in data[key]]
    for key in CENTRED:
        if isinstance(data.get(key), list):
            cut[key] = [_with(part, "center", move) for part in data[key]]
    if isinstance(data.get("foglight"), list):
        cut["foglight"] = [move(point) for point in data["foglight"]]
    cut["metadata"] = _solution_cut(data, top, left, height, width)
    return cut


def _with(part, field: str, change):
    """A copy of a part (a dict) with one field changed, when it has that field as a list."""
    if not isinstance(part, dict) or not isinstance(part.get(field), list):
        return part
    return {**part, field: change(part[field])}


def _moved(point, top: int, left: int):
    """[row - top, col - left] for a [row, col] point (whole or fractional); anything else as it is."""
    try:
        row, col = point
        return [row - top, col - left]
    except (TypeError, ValueError):
        return point


def _solution_cut(data: dict, top: int, left: int, height: int, width: int) -> dict:
    """The metadata with a solution stated for all the cells cut to the grid's (one character per cell)."""
    meta = dict(data.get("metadata") or {}) if isinstance(data.get("metadata"), dict) else {}
    solution = meta.get("solution")
    if solution is None:
        for cage in data.get("cages") or []:
            value = str(cage.get("value") or "") if isinstance(cage, dict) else ""
            if value.lower().startswith("solution:") and not cage.get("cells"):
                solution = value.split(":", 1)[1].strip()
    rows, cols = len(data["cells"]), max(len(row) for row in data["cells"])
    if isinstance(solution, str) and len(solution) == rows * cols:
        meta["solution"] = "".join(solution[(top + r) * cols + left:(top + r) * cols + left + width]
                                   for r in range(height))
    return meta


def _notes(rows: list, bounds: tuple) -> list:
    """What cutting the frame left behind: the grid's place, and digits in the frame's cells."""
    top, left, side = bounds
    bottom, right = top + side - 1, left + side - 1
    outside = sum(1 for r, row in enumerate(rows) for c, cell in enumerate(row)
                  if isinstance(cell, dict) and cell.get("value") not in (None, "")
                  and not (top <= r <= bottom and left <= c <= right))
    size = f"{bottom + 1 - top}x{right + 1 - left}"
    notes = [f"the grid is the {size} its regions cover, inside {len(rows)}x{max(map(len, rows))} cells"]
    if outside:
        notes.append(count_message(outside, "digit") + " in cells outside the grid")
    return notes

"""Pencil marks out: a candidate grid as text that people and programs read back.

Three forms, all read by puzzlesat's reader (the first two also by HoDoKu and Sudoku Explainer):

* the line: side**3 characters, each cell's candidates in the slots of their digits and '.' elsewhere
  (729 characters for 9x9), for JSON records and pipes;
* the grid: HoDoKu's pencil-mark grid, each cell's candidates written together, columns aligned, boxes framed;
* the mini-grid, for grids larger than 9x9 (where HoDoKu's grid grows to side * (side + 1) columns: 272 for
  16x16): each cell a small grid of the shape of a box, every candidate in the place of its digit ('·' where a
  digit is ruled out, a placed digit alone in its place), so that a 16x16 fits 79 columns and a 25x25 149.

>>> from puzzlesat.sudoku import parse
>>> from puzzlesat.sudoku.logic.candidates import CandidateGrid
>>> board = CandidateGrid.start(parse("1" + "." * 15))
>>> print("\\n".join(marks_grid(board, "1234")))
.----------.-----------.
| 1   234  | 234  234  |
| 234 234  | 1234 1234 |
:----------+-----------:
| 234 1234 | 1234 1234 |
| 234 1234 | 1234 1234 |
'----------'-----------'

A cell with one candidate reads back as a given (as in HoDoKu and SE): the position read is this one with its
naked singles placed.
"""

from __future__ import annotations

from typing import List, Optional, Sequence

from puzzlesat.sudoku.logic.candidates import CandidateGrid
from puzzlesat.sudoku.reading.glyphs import BLANK, MINI_BAND, MINI_BOTTOM, MINI_ROW, MINI_TOP, MINI_WALLS
from puzzlesat.sudoku.model.grid import default_alphabet

LARGEST_HODOKU = 9  # sides up to this get HoDoKu's grid, larger ones the mini-grid


def marks_line(board: CandidateGrid, alphabet: Sequence[str]) -> str:
    """The one-line form: side characters per cell, a candidate's symbol in its digit's slot, '.' elsewhere."""
    masks = [1 << (value - 1) if value else mask for value, mask in zip(board.values, board.cands)]
    return masks_line(masks, alphabet, board.layout.side)


def masks_line(masks: Sequence[int], alphabet: Sequence[str], side: int) -> str:
    """Candidate masks (bit d: digit d + 1) as the one-line form; an alphabet of numbers ('10', '11', ...) is
    written in 1-9A-Z instead, so that every slot stays one character."""
    if any(len(symbol) != 1 for symbol in alphabet):
        alphabet = default_alphabet(side)
    return "".join("".join(alphabet[d] if mask >> d & 1 else "." for d in range(side)) for mask in masks)


def marks_grid(board: CandidateGrid, alphabet: Sequence[str]) -> List[str]:
    """The candidate grid, one string per line: HoDoKu's up to 9x9, the mini-grid beyond."""
    masks = [1 << (value - 1) if value else mask for value, mask in zip(board.values, board.cands)]
    return masks_grid(masks, board.rules.shape, alphabet, [bool(value) for value in board.values])


def masks_grid(masks: Sequence[int], shape, alphabet: Sequence[str],
               placed: Optional[Sequence[bool]] = None) -> List[str]:
    """Candidate masks (bit d - 1 for digit d) as HoDoKu's grid up to 9x9, as the mini-grid beyond; `placed`
    says which cells hold a digit rather than candidates (None: the cells with one candidate)."""
    if shape.side > LARGEST_HODOKU:
        return mini_grid(masks, shape, alphabet, placed)
    side = shape.side
    return pencil_grid(["".join(alphabet[d] for d in range(side) if mask >> d & 1) for mask in masks], shape)


def pencil_grid(marks: Sequence[str], shape) -> List[str]:
    """Any per-cell marks (strings) laid out as HoDoKu's pencil-mark grid, one string per line."""
    side, box_rows, box_cols = shape.side, shape.box_rows, shape.box_cols
    widths = [max(len(marks[row * side + col]) for row in range(side)) for col in range(side)]
    stacks = [range(start, start + box_cols) for start in range(0, side, box_cols)]
    spans = ["-" * (sum(widths[c] + 1 for c in stack) + 1) for stack in stacks]

    def rule(left: str, middle: str, right: str) -> str:
        return left + middle.join(spans) + right

    lines = [rule(".", ".", ".")]
    for row in range(side):
        if row and row % box_rows == 0:
            lines.append(rule(":", "+", ":"))
        parts = []
        for stack in stacks:
            parts.append(" " + " ".join(marks[row * side + c].ljust(widths[c]) for c in stack) + " ")
        lines.append("|" + "|".join(parts) + "|")
    lines.append(rule("'", "'", "'"))
    return lines


def mini_grid(masks: Sequence[int], shape, alphabet: Sequence[str],
              placed: Optional[Sequence[bool]] = None) -> List[str]:
    """Each cell's candidates as a small grid of a box's shape, digit d in place d - 1 (row by row), '·' for one
    ruled out; a placed digit alone in its place. Cells a wall apart (heavy between boxes), rows of cells a rule
    apart, no frame at the sides. An alphabet of numbers is written 1-9A-Z, said on a line above."""
    side, box_rows, box_cols = shape.side, shape.box_rows, shape.box_cols
    lines = []
    if any(len(symbol) > 1 for symbol in alphabet):
        letters = default_alphabet(side)
        lines.append(f"(candidates {alphabet[9]}-{alphabet[-1]} written {letters[9]}-{letters[-1]})")
        alphabet = letters
    if placed is None:
        placed = [mask & (mask - 1) == 0 and mask != 0 for mask in masks]

    def rule(glyphs: tuple) -> str:
        stroke, inner, between = glyphs
        return "".join((between if col % box_cols == 0 else inner) + stroke * box_cols
                       for col in range(side))[1:]

    def slots(cell: int, part: int) -> str:
        mask, filler = masks[cell], " " if placed[cell] else BLANK
        digits = range(part * box_cols, (part + 1) * box_cols)
        return "".join(alphabet[d] if mask >> d & 1 else filler for d in digits)

    lines.append(rule(MINI_TOP))
    for row in range(side):
        if row:
            lines.append(rule(MINI_BAND if row % box_rows == 0 else MINI_ROW))
        for part in range(box_rows):
            line = "".join((MINI_WALLS[col % box_cols == 0] if col else "") + slots(row * side + col, part)
                           for col in range(side))
            lines.append(line)
    lines.append(rule(MINI_BOTTOM))
    return lines

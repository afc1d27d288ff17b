"""Pencil marks out: a candidate grid as text that people and programs read back.

Two forms, both read by puzzlesat's reader (and by HoDoKu and Sudoku Explainer):

* the line: side**3 characters, each cell's candidates in the slots of their digits and '.' elsewhere
  (729 characters for 9x9), for JSON records and pipes;
* the grid: HoDoKu's pencil-mark grid, each cell's candidates written together, columns aligned, boxes framed.

>>> from puzzlesat.sudoku import parse
>>> from puzzlesat.sudoku.candidates import CandidateGrid
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

from typing import List, Sequence

from puzzlesat.sudoku.candidates import CandidateGrid
from puzzlesat.sudoku.grid import default_alphabet


def cell_marks(board: CandidateGrid, alphabet: Sequence[str]) -> List[str]:
    """Each cell's candidates as its symbols, smallest first (a placed cell: its value)."""
    side = board.layout.side
    marks = []
    for value, mask in zip(board.values, board.cands):
        if value:
            marks.append(alphabet[value - 1])
        else:
            marks.append("".join(alphabet[d] for d in range(side) if mask >> d & 1))
    return marks


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
    """HoDoKu's pencil-mark grid, one string per line: columns as wide as their widest cell, boxes framed."""
    return pencil_grid(cell_marks(board, alphabet), board.rules.shape)


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

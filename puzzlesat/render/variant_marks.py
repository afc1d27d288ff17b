"""What a variant's constraints put on the walled grid: cages, marks on walls and corners, marked cells, clues
beside the grid, and the legend entries saying what the marks mean and what is not drawn.

Positions: a wall mark sits between two orthogonal neighbours (keyed by the pair, lower cell first), a corner
mark on the junction at (row, col), the top left corner of cell (row, col) (0..side each way), a cell mark is
(left character, right character, background) around the digit, an outside clue at a (row, col) just beyond
the grid (-1 or side on one axis). Lines are drawn as their cells' path: each step between two cells a
connector on the wall (orthogonal step) or the corner (diagonal step) they share, their cells a background of
their own (none shared by two elements that touch), the bulb or circle between parentheses; the legend names each
by its path (where it starts, turns and ends), so that it can be found without colour. Every mark is one character
wide; the characters are those of sudoku/glyphs.py, which the reader knows.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Optional

from puzzlesat.sudoku.reading.glyphs import (ARROW, CELL_CLUES, CLONE, DIAGONAL, INDEXERS, KROPKI, LINE, LOCKOUT_ENDS,
                                     LONG_NUMBER, OTHER_INDEXER, QUADRUPLE, ROUND, SLOW_THERMO, SUPERSCRIPT, THERMO,
                                     XV)

MARK_STYLE = "bold"
# The backgrounds of lines, thermometers, arrows and clones: eight hues (0, 120, 207, 42, 300, 180, 267 and 60
# degrees) of the 256-colour palette, whose RGB is fixed, each at least 4.5:1 (WCAG 2) against both digit colours
# drawn on them, white #ffffff and cyan1 #00ffff (render.sudoku_grid.ON_BACKGROUND): from 5.73 and 4.57 (orange4)
# to 10.34 and 8.25 (dark_red). Each element takes one that no element it touches (a cell shared or a king's move
# apart) has, the least used so far.
LINE_STYLES = ("on dark_red", "on dark_green", "on deep_sky_blue4", "on orange4", "on color(90)", "on color(23)",
               "on purple3", "on color(58)")
ON_LINE = "grey100"  # the colour of marks on a line's background (its connectors, bulb, ends)
ENDS = {"between line": ROUND, "double arrow": ROUND, "lockout line": LOCKOUT_ENDS}  # line kind -> its ends' marks
CELL_WORDS = {"odd cell": "odd", "even cell": "even", "maximum": "higher than its neighbours",
              "minimum": "lower than its neighbours"}
NEGATIVE = {"white": (KROPKI["white"], "not consecutive"), "black": (KROPKI["black"], "not one twice the other"),
            "x": (XV[10], "not adding to 10"), "v": (XV[5], "not adding to 5")}
DIAGONAL_ARROWS = {(1, 1): "↘", (1, -1): "↙", (-1, 1): "↗", (-1, -1): "↖"}
SIDES = {(0, 1): "from the left", (0, -1): "from the right", (1, 0): "from the top", (-1, 0): "from the bottom"}


@dataclass
class Marks:
    """The marks of one set of constraints on a grid of `side` (see the module's docstring)."""

    side: int
    cages: dict = field(default_factory=dict)  # cells -> total or None
    cells: dict = field(default_factory=dict)
    walls: dict = field(default_factory=dict)
    corners: dict = field(default_factory=dict)
    outside: dict = field(default_factory=dict)
    entries: dict = field(default_factory=dict)  # (marker, style, words) -> None: the kinds drawn, each once
    items: list = field(default_factory=list)  # (marker, style, words): single constraints named with their place
    undrawn: dict = field(default_factory=dict)  # kind -> the rule in a few words, or None
    coloured: list = field(default_factory=list)  # (cells, background) of the elements given one so far

    def background(self, cells) -> str:
        """A background for an element on `cells`: of LINE_STYLES, one that no element it touches (sharing a cell or
        a king's move apart) has (else the one fewest of them have), the least used so far, the first."""
        near = {(r + dr) * self.side + c + dc for r, c in (divmod(cell, self.side) for cell in cells)
                for dr in (-1, 0, 1) for dc in (-1, 0, 1) if 0 <= r + dr < self.side and 0 <= c + dc < self.side}
        touching = Counter(style for others, style in self.coloured if others & near)
        used = Counter(style for _, style in self.coloured)
        style = min(LINE_STYLES, key=lambda candidate: (touching[candidate], used[candidate],
                                                         LINE_STYLES.index(candidate)))
        self.coloured.append((frozenset(cells), style))
        return style

    def name(self, cell: int) -> str:
        """'r3c5'."""
        return f"r{cell // self.side + 1}c{cell % self.side + 1}"

    def wall(self, a: int, b: int, mark: str, style: str = MARK_STYLE, keep: bool = False) -> None:
        """A mark on the wall between two orthogonal neighbours (`keep`: unless one is there already)."""
        if not keep or (min(a, b), max(a, b)) not in self.walls:
            self.walls[min(a, b), max(a, b)] = (mark, style)

    def step(self, a: int, b: int, connectors: tuple, style: str) -> None:
        """A line's step from cell a to cell b: its connector on the shared wall, or a diagonal on the corner."""
        (ra, ca), (rb, cb) = divmod(a, self.side), divmod(b, self.side)
        dr, dc = rb - ra, cb - ca
        if abs(dr) + abs(dc) == 1:
            self.wall(a, b, connectors[{(0, 1): 0, (0, -1): 1, (1, 0): 2, (-1, 0): 3}[dr, dc]], style, keep=True)
        elif abs(dr) == abs(dc) == 1:
            down, up, both = DIAGONAL
            corner, line = (max(ra, rb), max(ca, cb)), down if dr == dc else up
            crossed = self.corners.get(corner, (line,))[0] not in (line, QUADRUPLE)
            self.corners.setdefault(corner, (line, style))
            if crossed:
                self.corners[corner] = (both, style)

    def mark(self, cell: int, left: Optional[str] = None, right: Optional[str] = None,
             background: Optional[str] = None) -> None:
        """Set some of a cell's left and right characters and background, keeping the rest."""
        old = self.cells.get(cell, (" ", " ", ""))
        self.cells[cell] = (left or old[0], right or old[1], old[2] if background is None else background)

    def clue(self, cell: int, marker: str) -> None:
        """A cell clue's marker left of the digit, or right of it when another mark holds the left."""
        left, right, _ = self.cells.get(cell, (" ", " ", ""))
        side = "right" if left.strip() and not right.strip() else "left"
        self.mark(cell, **{side: marker})


def constraint_marks(side: int, constraints: tuple) -> Marks:
    """The marks of `constraints` on a grid of `side`; a line or clone numbered when its kind comes more than once
    ('thermometer 2')."""
    marks = Marks(side)
    counts, seen = Counter(c.kind for c in constraints), Counter()
    for constraint in constraints:
        seen[constraint.kind] += 1
        number = f" {seen[constraint.kind]}" if counts[constraint.kind] > 1 else ""
        DRAWERS.get(type(constraint).__name__, undrawn)(marks, constraint, constraint.kind + number)
    return marks


def path(marks: Marks, cells: tuple, first: tuple = ("", ""), last: tuple = ("", "")) -> str:
    """'(r1c1)→r1c4→r3c6': the cells where a line starts, turns and ends, so that each stretch between two of them is
    straight (along a row, a column or a diagonal); the first and last between their marks."""
    turns = [cells[0]] + [b for a, b, c in zip(cells, cells[1:], cells[2:])
                          if step(marks.side, a, b) != step(marks.side, b, c) or max(map(abs, step(marks.side, a, b))) > 1]
    names = [marks.name(cell) for cell in turns + list(cells[-1:] if len(cells) > 1 else [])]
    names[0] = first[0] + names[0] + first[1]
    if len(cells) > 1:
        names[-1] = last[0] + names[-1] + last[1]
    return "→".join(names)


def step(side: int, a: int, b: int) -> tuple:
    """(rows, columns) from cell a to cell b."""
    return b // side - a // side, b % side - a % side


def cell_list(marks: Marks, cells) -> str:
    """'r1c1 r1c2 r2c1': every cell, in order."""
    return " ".join(marks.name(cell) for cell in cells)


def undrawn(marks: Marks, constraint, name: str) -> None:
    """A kind the grid does not show: said so in the legend."""
    marks.undrawn[constraint.kind] = None


def whole_grid(marks: Marks, constraint, name: str) -> None:
    """A rule on every two cells a step apart (chess moves, taxicab, ...): named with its rule in the legend."""
    marks.undrawn[constraint.name] = constraint.rule


def distinct(marks: Marks, constraint, name: str) -> None:
    """Distinct groups are drawn from the rules' group names (diagonals, windows, extra regions)."""


def killer(marks: Marks, constraint, name: str) -> None:
    """A cage, outlined; its total (if any) on its first cell's top wall."""
    marks.cages[tuple(constraint.cells)] = constraint.total


def sum_cage(marks: Marks, constraint, name: str) -> None:
    """A cage whose digits may repeat: outlined with its total, and named in the legend."""
    marks.cages[tuple(constraint.cells)] = constraint.total
    cells = sorted(constraint.cells)
    marks.items.append(("", "", f"{name} {marks.name(cells[0])}-{marks.name(cells[-1])}: digits may repeat"))


def multi_sum_killer(marks: Marks, constraint, name: str) -> None:
    """A cage adding up to one of several totals: outlined, its totals in the legend."""
    marks.cages[tuple(constraint.cells)] = None
    cells, totals = sorted(constraint.cells), ", ".join(map(str, constraint.totals)) or "any total"
    marks.items.append(("", "", f"{name} {marks.name(cells[0])}-{marks.name(cells[-1])}: {totals}"))


def line(marks: Marks, constraint, name: str) -> None:
    """A line as its cells' path, one background for the line; the ends of a between line or double arrow
    between parentheses, of a lockout line between diamonds."""
    cells, style = constraint.cells, marks.background(constraint.cells)
    for cell in cells:
        marks.mark(cell, background=style)
    for a, b in zip(cells, cells[1:]):
        marks.step(a, b, LINE, f"{ON_LINE} {style}")
    ends = ENDS.get(constraint.kind)
    for end in (cells[0], cells[-1]) if ends else ():
        marks.mark(end, *ends)
    sample = f"{ends[0]}·{ends[1]}═·" if ends else "·═·"
    where = path(marks, cells, ends or ("", ""), ends or ("", ""))
    marks.items.append((sample, f"{ON_LINE} {style}", f" {name} {where}"))


def thermometer(marks: Marks, constraint, name: str) -> None:
    """A thermometer: the bulb between parentheses, each step an inequality pointing at the lower digit."""
    cells, style = constraint.cells, marks.background(constraint.cells)
    connectors = SLOW_THERMO if constraint.slow else THERMO
    for cell in cells:
        marks.mark(cell, background=style)
    marks.mark(cells[0], *ROUND)
    for a, b in zip(cells, cells[1:]):
        marks.step(a, b, connectors, f"{ON_LINE} {style}")
    marks.items.append((f"(·){connectors[0]}·", f"{ON_LINE} {style}", f" {name} {path(marks, cells, ROUND)}"))


def arrow(marks: Marks, constraint, name: str) -> None:
    """An arrow: its circle's cells between parentheses, the shaft's steps arrows away from the circle (from the
    circle cell nearest the shaft)."""
    circle, shaft = constraint.circle, constraint.shaft
    style = marks.background(circle + shaft)
    for cell in circle + shaft:
        marks.mark(cell, background=style)
    for cell in circle:
        marks.mark(cell, *ROUND)
    start = min(circle, key=lambda cell: distance(marks.side, cell, shaft[0]))
    for a, b in zip((start,) + shaft, shaft):
        marks.step(a, b, ARROW, f"{ON_LINE} {style}")
    where = f"({cell_list(marks, circle)})→{path(marks, (start,) + shaft).split('→', 1)[1]}"
    marks.items.append(("(·)→·", f"{ON_LINE} {style}", f" {name} {where}"))


def distance(side: int, a: int, b: int) -> int:
    """Rows plus columns between two cells (an orthogonal neighbour 1, a diagonal one 2)."""
    return abs(a // side - b // side) + abs(a % side - b % side)


def dot(marks: Marks, constraint, name: str) -> None:
    """A dot or pair clue on the wall between its cells: Kropki ○ ●, X, V, a difference's number, a ratio's number
    raised (◆ with the legend naming it when the number has more than one digit)."""
    kind = constraint.kind
    if kind == "kropki":
        mark, words = (KROPKI["white"], "consecutive") if constraint.color == "white" else (KROPKI["black"],
                                                                                             "one twice the other")
    elif kind == "xv":
        mark, words = (XV[10], "sum 10") if constraint.total == 10 else (XV[5], "sum 5")
        mark, words = (mark, words) if constraint.total in (5, 10) else (str(constraint.total), "sum")
    elif kind == "difference":
        mark, words = str(constraint.value), "difference"
    else:
        mark, words = str(constraint.value).translate(SUPERSCRIPT), f"ratio {constraint.value}"
    if len(mark) > 1:
        marks.items.append((LONG_NUMBER, MARK_STYLE,
                            f" {kind} {mark} {marks.name(constraint.a)}-{marks.name(constraint.b)}"))
        mark, words = LONG_NUMBER, "see below"
    marks.wall(constraint.a, constraint.b, mark)
    marks.entries[mark, MARK_STYLE, f" {words}"] = None


def negative(marks: Marks, constraint, name: str) -> None:
    """A negative constraint: the legend says what neighbours without the mark may not be."""
    if constraint.relation in NEGATIVE:
        mark, words = NEGATIVE[constraint.relation]
        marks.entries["", "", f"no {mark}: {words}"] = None
    else:
        marks.undrawn[f"negative {constraint.relation}"] = None


def cell_clue(marks: Marks, constraint, name: str) -> None:
    """Odd ◯, even □, maximum ▲, minimum ▼: left of the digit (right of it when the left is taken)."""
    marker = CELL_CLUES[constraint.kind]
    marks.clue(constraint.cell, marker)
    marks.entries[marker, MARK_STYLE, f" {CELL_WORDS[constraint.kind]}"] = None


def pencil_marks(marks: Marks, constraint, name: str) -> None:
    """Given pencil marks: the cell and the digits it may hold, in the legend."""
    digits = " ".join(map(str, constraint.digits))
    marks.items.append(("", "", f"{constraint.kind} {marks.name(constraint.cell)}: {digits}"))


def indexer(marks: Marks, constraint, name: str) -> None:
    """Indexer cells: ↔ (column indexer: its digit says a column of its row), ↕ (row), ⊞ (box) beside the digit."""
    marker = INDEXERS.get(constraint.kind, OTHER_INDEXER)
    for cell in constraint.cells:
        marks.clue(cell, marker)
    marks.entries[marker, MARK_STYLE, f" {constraint.kind}"] = None


def clone(marks: Marks, constraint, name: str) -> None:
    """A clone: both sets of cells marked ≡ on one background."""
    style = marks.background(constraint.cells + constraint.copy)
    for cell in constraint.cells + constraint.copy:
        marks.mark(cell, left=CLONE, background=style)
    where = f"{cell_list(marks, constraint.cells)} = {cell_list(marks, constraint.copy)}"
    marks.items.append((f"{CLONE}·", f"{ON_LINE} {style}", f" {name} {where}"))


def quadruple(marks: Marks, constraint, name: str) -> None:
    """A quadruple: ◎ on the corner its four cells share, the digits in the legend."""
    row, col = divmod(max(constraint.cells), marks.side)
    marks.corners[row, col] = (QUADRUPLE, MARK_STYLE)
    digits = " ".join(map(str, constraint.digits))
    cells = sorted(constraint.cells)
    marks.items.append((QUADRUPLE, MARK_STYLE, f" {name} {marks.name(cells[0])}-{marks.name(cells[-1])}: {digits}"))


def outside(marks: Marks, constraint, name: str) -> None:
    """A clue beside the grid: beside the row or column (little killer: the diagonal) it looks along, and named
    in the legend."""
    cells, side = constraint.cells, marks.side
    value = constraint.count if constraint.kind == "skyscraper" else constraint.total
    (r0, c0), (r1, c1) = divmod(cells[0], side), divmod(cells[min(1, len(cells) - 1)], side)
    dr, dc = (r1 - r0, c1 - c0) if len(cells) > 1 else (0, 1)
    marks.outside.setdefault((r0 - dr, c0 - dc), (str(value), MARK_STYLE))
    if constraint.kind == "little killer":
        where = f"{marks.name(cells[0])}{DIAGONAL_ARROWS.get((dr, dc), '→')}{marks.name(cells[-1])}"
    else:
        line_name = f"row {r0 + 1}" if dr == 0 else f"column {c0 + 1}"
        where = f"on {line_name}" + ("" if constraint.kind == "sandwich" else f" {SIDES.get((dr, dc), '')}")
    marks.items.append(("", "", f"{constraint.kind} {value} {where}"))


DRAWERS = {
    "Distinct": distinct, "Killer": killer, "CageSum": sum_cage, "MultiSumKiller": multi_sum_killer,
    "Thermometer": thermometer, "Arrow": arrow, "DoubleArrow": line, "Between": line, "Whisper": line,
    "ParityLine": line, "Renban": line, "RegionSumLine": line,
    "Palindrome": line, "Zipper": line, "Entropic": line, "Modular": line, "Nabner": line, "Lockout": line,
    "Kropki": dot, "XV": dot, "Difference": dot, "Ratio": dot, "Negative": negative,
    "Parity": cell_clue, "Extremum": cell_clue, "PencilMarks": pencil_marks, "Indexer": indexer, "Clone": clone, "Quadruple": quadruple,
    "LittleKiller": outside, "Sandwich": outside, "XSum": outside, "Skyscraper": outside,
    "Chess": whole_grid, "Taxicab": whole_grid, "SelfTaxicab": whole_grid, "DiagonalNonconsecutive": whole_grid,
}

"""One Sudoku grid's geometry and its plain parts, as SVG: where each cell, pencil-mark place and edge is (GridPlan),
the layers a drawing goes in (Pen), thin and heavy walls, givens black and upright on a grey cell, digits found
blue and italic (told apart without colour), pencil marks as a mini-grid in each open cell, each digit in its own
place, as HoDoKu and SudokuPad draw them. A cell grows until its smallest text is legible, so a big grid's picture
is larger (its viewBox), never its text smaller.

>>> board_for(9).cell, board_for(16, pencil=True).cell >= board_for(9).cell, board_for(9).mark_cols
(44.0, True, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import ceil, sqrt
from typing import Dict, Optional, Sequence, Set, Tuple
from xml.etree.ElementTree import Element, SubElement

from puzzlesat.render.svg.canvas import Canvas, clean
from puzzlesat.sudoku.model.grid import SYMBOLS, numbering

Point = Tuple[float, float]

CELL = 44.0  # the cell's side in user units (CSS pixels at scale 1), unless its text needs more
LABEL_ROOM = 0.3  # the part of a cell's side a label in its corner takes
PENCIL_MIN = 12.0  # the smallest pencil-mark font: a cell grows until its marks are at least this large
DIGIT = 0.6  # a digit's font size, in cells (two-character numbers: NUMBER)
NUMBER = 0.46
INK, FOUND_INK, FAINT = "#000000", "#1a47b8", "#555555"
GIVEN_FILL = "#e2e2e2"
THIN_LINE, THIN_WIDTH, HEAVY_WIDTH = "#8c8c8c", 0.025, 0.075  # line widths in cells
LAYERS = ("fills", "lines", "grid", "walls", "cages", "dots", "digits", "over", "clues")  # bottom to top


@dataclass(frozen=True)
class GridPlan:
    """Where one grid's parts go: `side` cells a row, each `cell` units, the grid's top left corner at (x, y);
    `chars` the widest symbol's length; pencil marks in a mini-grid of `mark_rows` x `mark_cols` places."""

    side: int
    cell: float = CELL
    x: float = 0.0
    y: float = 0.0
    chars: int = 1
    inset: float = 0.0  # the pencil-mark mini-grid's margin, in cells (room for a killer cage's dashes)
    label_cells: frozenset = frozenset()  # cells whose top left corner holds a label: their marks sit lower

    @property
    def mark_cols(self) -> int:
        """Places a row of the pencil-mark mini-grid (3 for 9x9, 4 for 16x16, 5 for 25x25)."""
        return ceil(sqrt(self.side))

    @property
    def mark_rows(self) -> int:
        """Rows of the pencil-mark mini-grid."""
        return ceil(self.side / self.mark_cols)

    @property
    def size(self) -> float:
        """The grid's width (and height)."""
        return self.side * self.cell

    @property
    def digit_size(self) -> float:
        """A digit's font size."""
        return self.cell * (DIGIT if self.chars == 1 else NUMBER)

    @property
    def mark_size(self) -> float:
        """A pencil mark's font size."""
        return pencil_font(self.cell * (1 - 2 * self.inset), self.mark_rows, self.mark_cols, self.chars)

    def at(self, x: float, y: float) -> "GridPlan":
        """The same board with its top left corner at (x, y)."""
        return replace(self, x=x, y=y)

    def origin(self, cell: int) -> Point:
        """A cell's top left corner."""
        row, col = divmod(cell, self.side)
        return self.x + col * self.cell, self.y + row * self.cell

    def point(self, row: float, col: float) -> Point:
        """The point at (row, col) in cells from the grid's corner (row -1 lies above the grid)."""
        return self.x + col * self.cell, self.y + row * self.cell

    def centre(self, cell: int) -> Point:
        """A cell's centre."""
        x, y = self.origin(cell)
        return x + self.cell / 2, y + self.cell / 2

    def mark_box(self, cell: int) -> Tuple[float, float, float, float]:
        """A cell's pencil-mark mini-grid (left, top, width, height): `inset` inside it, below a corner label."""
        x, y = self.origin(cell)
        margin = self.inset * self.cell
        top = LABEL_ROOM * self.cell if cell in self.label_cells else margin
        return x + margin, y + top, self.cell - 2 * margin, self.cell - top - margin

    @property
    def slot_pitch(self) -> float:
        """The least distance between two neighbouring places of any cell's mini-grid."""
        width = self.cell * (1 - 2 * self.inset)
        height = self.cell * (1 - (LABEL_ROOM if self.label_cells else self.inset) - self.inset)
        return min(width / self.mark_cols, height / self.mark_rows)

    def slot(self, cell: int, digit: int) -> Point:
        """The centre of a digit's place in a cell's pencil-mark mini-grid."""
        left, top, width, height = self.mark_box(cell)
        row, col = divmod(digit - 1, self.mark_cols)
        return left + (col + 0.5) * width / self.mark_cols, top + (row + 0.5) * height / self.mark_rows

    def between(self, a: int, b: int) -> Point:
        """The middle of the edge (or corner) two neighbouring cells share."""
        (ax, ay), (bx, by) = self.centre(a), self.centre(b)
        return (ax + bx) / 2, (ay + by) / 2


def pencil_font(cell: float, rows: int, cols: int, chars: int) -> float:
    """The font size that fits a pencil mark of `chars` characters in one place of a cell's mini-grid."""
    return min(0.72 * cell / rows, 0.84 * cell / cols / (0.64 * chars + 0.1))


def board_for(side: int, chars: int = 1, pencil: bool = False, inset: float = 0.0,
              label_cells: frozenset = frozenset()) -> GridPlan:
    """A board whose cells are CELL units, or larger when pencil marks would otherwise be smaller than
    PENCIL_MIN (a 16x16 with pencil marks, a 25x25 in numbers, a killer with its marks inset)."""
    board = GridPlan(side, CELL, chars=chars, inset=inset, label_cells=label_cells)
    while pencil and board.mark_size < PENCIL_MIN:
        board = replace(board, cell=board.cell + 2.0)
    return board


@dataclass
class Pen:
    """A canvas, the board drawn on it and the layers (groups, bottom to top) its parts go in."""

    canvas: Canvas
    board: GridPlan
    layers: Dict[str, Element]
    alphabet: Sequence = SYMBOLS  # how values are written

    @classmethod
    def on(cls, canvas: Canvas, board: GridPlan, parent: Optional[Element] = None, alphabet: Sequence = SYMBOLS,
           **style) -> "Pen":
        """A pen whose layers are new groups, in order, in `parent` (the canvas itself when None)."""
        group = canvas.group(parent, **style)
        return cls(canvas, board, {name: canvas.group(group, class_=name) for name in LAYERS}, alphabet)

    def layer(self, name: str) -> Element:
        """The group of one layer."""
        return self.layers[name]

    def group(self, layer: str, title: Optional[str] = None, **style) -> Element:
        """A new group in a layer, with a tooltip (what a screen reader says of it)."""
        group = self.canvas.group(self.layers[layer], **style)
        if title:
            self.canvas.title(group, title)
        return group

    @property
    def c(self) -> float:
        """The cell size: every other length is a fraction of it."""
        return self.board.cell


def walls(pen: Pen, regions: Sequence[Sequence[int]]) -> None:
    """Thin lines between all cells, heavy ones between regions and around the grid (each kind one path)."""
    board, c = pen.board, pen.c
    side = board.side
    region = numbering(regions, side * side)
    thin, heavy = [], []
    for row in range(side):
        for col in range(side):
            cell = row * side + col
            if col + 1 < side:
                (heavy if region[cell] != region[cell + 1] else thin).append(
                    segment(board.point(row, col + 1), board.point(row + 1, col + 1)))
            if row + 1 < side:
                (heavy if region[cell] != region[cell + side] else thin).append(
                    segment(board.point(row + 1, col), board.point(row + 1, col + 1)))
    if thin:
        pen.canvas.path(" ".join(thin), parent=pen.layer("grid"), stroke=THIN_LINE, stroke_width=THIN_WIDTH * c,
                        stroke_linecap="square", fill="none")
    group = pen.group("walls", stroke=INK, stroke_width=HEAVY_WIDTH * c, stroke_linecap="square", fill="none")
    if heavy:
        pen.canvas.path(" ".join(heavy), parent=group)
    pen.canvas.rect(board.x, board.y, board.size, board.size, parent=group, class_="border")


def segment(a: Point, b: Point) -> str:
    """A straight piece of a path: 'M x y L x y'."""
    return f"M{a[0]:.2f} {a[1]:.2f}L{b[0]:.2f} {b[1]:.2f}"


def symbol_of(alphabet, value: int) -> str:
    """A value as the puzzle writes it."""
    return str(alphabet[value - 1])


def digits(pen: Pen, puzzle, values: Optional[Sequence[int]] = None, pencil: Optional[Sequence[int]] = None,
           skip: Set[Tuple[int, int]] = frozenset()) -> None:
    """Givens black and upright (on grey), found digits blue and italic, and in every other cell its pencil marks
    (`pencil`: a bit mask per cell) as a mini-grid, but the (cell, digit) marks in `skip`."""
    board, c = pen.board, pen.c
    givens = pen.group("digits", class_="givens", fill=INK, font_weight="bold")
    found = pen.group("digits", class_="founds", fill=FOUND_INK, font_style="italic")
    marks = marks_group(pen)
    shade = pen.group("fills", class_="given-cells", fill=GIVEN_FILL)
    for cell in range(board.side * board.side):
        given = puzzle.values[cell]
        value = given or (values[cell] if values else 0)
        if given:
            pen.canvas.rect(*board.origin(cell), c, c, parent=shade)
        if value:
            x, y = board.centre(cell)
            pen.canvas.text(x, y + board.digit_size * 0.36, symbol_of(puzzle.alphabet, value), board.digit_size,
                            parent=givens if given else found, class_="given" if given else "found")
        elif pencil is not None:
            pencil_marks(pen, marks, puzzle.alphabet, cell, pencil[cell], skip)


def marks_group(pen: Pen) -> Element:
    """The group pencil marks go in: their font size, anchor and colour set once for all of them."""
    return pen.group("digits", class_="marks", fill=FAINT, font_size=pen.board.mark_size, text_anchor="middle")


def pencil_marks(pen: Pen, parent: Element, alphabet, cell: int, mask: int,
                 skip: Set[Tuple[int, int]] = frozenset()) -> None:
    """A cell's candidates, each in its place of the mini-grid (but those in `skip`), in a marks_group: one
    `<text>` per row of the mini-grid, each mark placed by its own x (a big grid has thousands of marks)."""
    board = pen.board
    lift = board.mark_size * 0.36
    for row in range(board.mark_rows):
        places, symbols = [], []
        for digit in range(row * board.mark_cols + 1, min((row + 1) * board.mark_cols, board.side) + 1):
            if mask >> (digit - 1) & 1 and (cell, digit) not in skip:
                x, y = board.slot(cell, digit)
                places.append(f"{x:.1f}")
                symbols.append(clean(symbol_of(alphabet, digit)))
        if places and all(len(symbol) == 1 for symbol in symbols):
            SubElement(parent, "text", {"x": " ".join(places), "y": f"{y + lift:.1f}"}).text = "".join(symbols)
        else:
            for place, symbol in zip(places, symbols):  # numbers of two digits: one <text> each
                SubElement(parent, "text", {"x": place, "y": f"{y + lift:.1f}"}).text = symbol

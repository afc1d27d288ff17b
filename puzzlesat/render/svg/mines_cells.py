"""How Minesweeper cells are drawn in SVG (render.svg.mines lays out the pictures): what each kind of cell looks like,
the scale of mine chances, the marks (flags, mines, check marks, conflict rings, the move's outline and star).

Marks of one style share one path and texts of one style one group, so that the many pictures of a replayed game
stay small; cells are drawn CELL units a side from their group's corner.

>>> [luma(chance_fill(p)) > luma(chance_fill(p + 0.1)) for p in (0.0, 0.45, 0.9)]
[True, True, True]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Dict, List, Optional, Sequence, Tuple
from xml.etree.ElementTree import SubElement

from puzzlesat.mines.board import Position
from puzzlesat.render.svg.canvas import Canvas, clean

CELL = 32.0  # a cell's side, in viewBox units
NUMBER_SIZE, CHANCE_SIZE, FRACTION_SIZE = 20.0, 12.0, 9.5

REVEALED_FILL, HIDDEN_FILL, GRID = "#eeeeee", "#bdbdbd", "#9e9e9e"
HIGHLIGHT, SHADOW, BEVEL = "#ffffff", "#555555", 2.5
INK, LIGHT_INK, FAINT = "#000000", "#ffffff", "#444444"
MOVE_COLOUR = "#4b0082"  # indigo: used for nothing else, so the move is found in a rendering
CONFLICT_FILL, EXPLODED_FILL, SAFE_MARK, FLAG_COLOUR = "#ffb3b3", "#ff3b3b", "#006400", "#e00000"
NUMBER_COLOURS = {1: "#0000ff", 2: "#007b00", 3: "#e00000", 4: "#000080", 5: "#800000", 6: "#007b7b", 7: "#000000",
                  8: "#707070"}
# ColorBrewer's YlOrRd: its lightness falls at every stop, so the scale keeps its order in greyscale
SCALE = ("#ffffcc", "#ffeda0", "#fed976", "#feb24c", "#fd8d3c", "#fc4e2a", "#e31a1c", "#bd0026", "#800026")

# what a cell is
NUMBER, RAISED, FLAGGED, SHOWN_MINE = "number", "raised", "flag", "mine"
SAFE, CERTAIN_MINE = "safe", "certain mine"  # the marks of a hidden cell the analysis decided


@dataclass(frozen=True)
class Look:
    """How one cell is drawn: what it is, its number (NUMBER), its fill, the text in it, a mark, and its tooltip."""

    kind: str
    value: int = 0
    fill: str = REVEALED_FILL
    label: str = ""
    mark: Optional[str] = None  # SAFE or CERTAIN_MINE on a raised cell
    conflict: bool = False
    tip: str = ""


def chance_fill(chance: float) -> str:
    """The fill of a hidden cell with this mine chance (0..1): the scale's stops, evenly spread, mixed linearly."""
    position = min(max(chance, 0.0), 1.0) * (len(SCALE) - 1)
    index = min(int(position), len(SCALE) - 2)
    low, high = _rgb(SCALE[index]), _rgb(SCALE[index + 1])
    mix = position - index
    return "#" + "".join(f"{round(a + (b - a) * mix):02x}" for a, b in zip(low, high))


def ink_on(fill: str) -> str:
    """Black text on a light fill, white on a dark one."""
    return INK if luma(fill) >= 110 else LIGHT_INK


def luma(colour: str) -> float:
    """The lightness of a colour as greyscale keeps it (ITU-R 601: 0 black .. 255 white)."""
    red, green, blue = _rgb(colour)
    return 0.299 * red + 0.587 * green + 0.114 * blue


def _rgb(colour: str) -> Tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def chance_label(chance: Fraction, fractions: bool) -> str:
    """A chance strictly between 0 and 1 as written in its cell: '1/3', or a whole percent from 1 to 99 (a 0 or a
    100 would claim a certainty)."""
    if fractions:
        return f"{chance.numerator}/{chance.denominator}"
    return str(min(99, max(1, round(100 * chance))))


# ---- drawing -------------------------------------------------------------------------------------------------


def draw_cells(canvas: Canvas, parent, looks: Dict[Position, Look], move: Optional[Position]) -> None:
    """The cells (at CELL units a cell from the parent's corner): fills, raised edges, texts, marks, the move."""
    by_fill: Dict[str, List[str]] = {}
    for cell, look in looks.items():
        fill = CONFLICT_FILL if look.conflict else look.fill
        if fill != REVEALED_FILL:
            x, y = corner(cell)
            by_fill.setdefault(fill, []).append(f"M{short(x)} {short(y)}h{short(CELL)}v{short(CELL)}h{short(-CELL)}z")
    for fill, squares in by_fill.items():  # one path a fill: an expert game's many pictures stay small
        canvas.path("".join(squares), parent=parent, fill=fill)
    _draw_bevels(canvas, parent, [cell for cell, look in looks.items() if look.kind in (RAISED, FLAGGED)])
    _draw_texts(canvas, parent, looks)
    ink = Ink()
    for cell, look in looks.items():
        _draw_mark(ink, *corner(cell), CELL, look)
    ink.draw(canvas, parent)
    if move is not None and move in looks:
        _draw_move(canvas, parent, *corner(move), CELL)


def corner(cell: Position) -> Tuple[float, float]:
    """The top-left corner of a cell, from the board's."""
    return cell[1] * CELL, cell[0] * CELL


def _draw_bevels(canvas: Canvas, parent, cells: Sequence[Position]) -> None:
    """Raised cells: a light edge at the top and left, a dark one at the bottom and right."""
    if not cells:
        return
    inset, span = BEVEL / 2 + 0.5, CELL - BEVEL - 1
    light, dark = [], []
    for cell in cells:
        x, y = corner(cell)
        start = f"M{short(x + inset)} {short(y + inset + span)}"
        light.append(f"{start}v{short(-span)}h{short(span)}")
        dark.append(f"{start}h{short(span)}v{short(-span)}")
    canvas.path("".join(light), parent=parent, fill="none", stroke=HIGHLIGHT, stroke_width=BEVEL)
    canvas.path("".join(dark), parent=parent, fill="none", stroke=SHADOW, stroke_width=BEVEL)


def _draw_texts(canvas: Canvas, parent, looks: Dict[Position, Look]) -> None:
    """Numbers bold in their colours, chances in the ink their fill needs; one group a style, whose texts carry
    only where they stand."""
    groups: Dict[tuple, list] = {}
    for cell, look in looks.items():
        x, y = corner(cell)
        if look.kind == NUMBER and look.value > 0:
            style = (("font_size", NUMBER_SIZE), ("font_weight", "bold"), ("fill", NUMBER_COLOURS[look.value]))
            size, label = NUMBER_SIZE, str(look.value)
        elif look.label:
            size = FRACTION_SIZE if "/" in look.label else CHANCE_SIZE
            style, label = (("font_size", size), ("fill", ink_on(look.fill))), look.label
        else:
            continue
        groups.setdefault(style, []).append((x + CELL / 2, y + CELL / 2 + size * 0.36, label))
    for style, texts in groups.items():
        group = canvas.group(parent, text_anchor="middle", **dict(style))
        for x, y, label in texts:
            SubElement(group, "text", {"x": short(x), "y": short(y)}).text = clean(label)


class Ink:
    """Marks gathered by their style and written as one path a style, in the order the styles first came (an
    expert game's hundred pictures of a hundred mines stay small)."""

    def __init__(self):
        self.paths: Dict[tuple, List[str]] = {}

    def add(self, d: str, **style) -> None:
        """A piece of path in this style."""
        self.paths.setdefault(tuple(style.items()), []).append(d)

    def circle(self, cx: float, cy: float, radius: float, **style) -> None:
        """A circle, as two arcs."""
        self.add(f"M{short(cx - radius)} {short(cy)}a{short(radius)} {short(radius)} 0 1 0 {short(2 * radius)} 0"
                 f"a{short(radius)} {short(radius)} 0 1 0 {short(-2 * radius)} 0z", **style)

    def line(self, *points: Tuple[float, float], close: bool = False, **style) -> None:
        """A line through the points, closed with `close`."""
        self.add("M" + "L".join(f"{short(x)} {short(y)}" for x, y in points) + ("z" if close else ""), **style)

    def draw(self, canvas: Canvas, parent) -> None:
        """Every path, on the canvas."""
        for style, pieces in self.paths.items():
            canvas.path("".join(pieces), parent=parent, **dict(style))


def _draw_mark(ink: Ink, x: float, y: float, side: float, look: Look) -> None:
    """The symbol of a cell, if it has one: a flag, a mine, a check mark, a conflict's ring."""
    if look.kind == FLAGGED:
        _flag(ink, x, y, side)
    elif look.kind == SHOWN_MINE:
        _mine(ink, x, y, side, INK)
    elif look.mark == CERTAIN_MINE:
        _mine(ink, x, y, side, LIGHT_INK)
    elif look.mark == SAFE:
        ink.line((x + side * 0.25, y + side * 0.53), (x + side * 0.43, y + side * 0.72),
                 (x + side * 0.76, y + side * 0.3), fill="none", stroke=SAFE_MARK, stroke_width=side * 0.11,
                 stroke_linecap="round", stroke_linejoin="round")
    elif look.conflict:
        ink.circle(x + side / 2, y + side / 2, side * 0.4, fill="none", stroke=INK, stroke_width=side * 0.05,
                   stroke_dasharray=f"{short(side * 0.1)} {short(side * 0.07)}")


def _flag(ink: Ink, x: float, y: float, side: float) -> None:
    """A flag on its pole."""
    pole = x + side * 0.56
    ink.line((pole, y + side * 0.2), (pole, y + side * 0.74), fill="none", stroke=INK, stroke_width=side * 0.06)
    ink.line((pole, y + side * 0.2), (x + side * 0.24, y + side * 0.35), (pole, y + side * 0.5), close=True,
             fill=FLAG_COLOUR, stroke=INK, stroke_width=side * 0.03)
    ink.line((x + side * 0.34, y + side * 0.72), (x + side * 0.74, y + side * 0.72), (x + side * 0.74, y + side * 0.8),
             (x + side * 0.34, y + side * 0.8), close=True, fill=INK)


def _mine(ink: Ink, x: float, y: float, side: float, colour: str) -> None:
    """A mine: a ball with eight spikes, with a glint on it when it is black."""
    cx, cy, reach, slant = x + side / 2, y + side / 2, side * 0.34, side * 0.24
    for dx, dy in ((reach, 0), (0, reach), (slant, slant), (slant, -slant)):
        ink.line((cx - dx, cy - dy), (cx + dx, cy + dy), fill="none", stroke=colour, stroke_width=side * 0.07)
    ink.circle(cx, cy, side * 0.22, fill=colour)
    if colour == INK:
        ink.circle(cx - side * 0.07, cy - side * 0.07, side * 0.06, fill=LIGHT_INK)


def _draw_move(canvas: Canvas, parent, x: float, y: float, side: float) -> None:
    """The move: a thick outline (with a white line inside it, to show on dark fills) and a star in the corner."""
    thick = side * 0.125
    canvas.rect(x + thick / 2, y + thick / 2, side - thick, side - thick, parent=parent, fill="none",
                stroke=MOVE_COLOUR, stroke_width=thick)
    canvas.rect(x + thick + 0.5, y + thick + 0.5, side - 2 * thick - 1, side - 2 * thick - 1, parent=parent,
                fill="none", stroke=LIGHT_INK, stroke_width=1.0)
    canvas.polygon(_star(x + side * 0.8, y + side * 0.2, side * 0.2), parent=parent, fill=MOVE_COLOUR,
                   stroke=LIGHT_INK, stroke_width=side * 0.03)


def _star(cx: float, cy: float, radius: float) -> List[Tuple[float, float]]:
    """The points of a five-pointed star."""
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        angle = math.pi / 2 - k * math.pi / 5
        points.append((cx + r * math.cos(angle), cy - r * math.sin(angle)))
    return points


def short(value: float) -> str:
    """A coordinate in a path, short."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text

"""Every variant constraint puzzlesat reads, drawn on a grid as SudokuPad draws it: killer cages dashed just inside
the cell borders with their sums in the top left corner, thermometers as thick rounded lines from a bulb, arrows as
a circle (a pill over several cells) and a shaft with an arrowhead, lines in colour with a pattern of their own on
top (so that they are told apart in black and white), between lines with circles and lockout lines with diamonds at
their ends, Kropki dots and XV letters on edges, odd circles and even squares, min/max marks, quadruples as a circle
on a corner with their digits, clones by a letter, indexer cells by an arrow, diagonals, windows and extra regions,
and little killers, sandwich, X-sum and skyscraper clues outside the grid. Each element carries a tooltip naming
it and its cells (what a screen reader says); each kind gets a legend entry with a small sample of its mark, and
the rules that are not drawn (chess moves, taxicab, negative constraints) their rule in words.

>>> from puzzlesat.render.svg.canvas import Canvas
>>> from puzzlesat.render.svg.sudoku_board import GridPlan, Pen
>>> from puzzlesat.sudoku.model.constraints import Thermometer
>>> pen, legend = Pen.on(Canvas(100, 100), GridPlan(4)), Legend()
>>> draw_constraint(pen, Thermometer((0, 1, 5)), "thermometer", legend)
>>> list(legend.entries)
['thermometer: digits rise from the bulb']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from math import hypot
from typing import Callable, Dict, Optional, Sequence, Tuple

from puzzlesat.render.svg.sudoku_board import INK, Pen, Point
from puzzlesat.render.svg.wrap import text_width
from puzzlesat.render.variant_marks import Marks, cell_list, distance, path

Sample = Callable[[Pen], None]  # draws a kind's mark on a pen whose board is two cells of a small grid
GREY, LINE_GREY, HALO = "#c4c4c4", "#9a9a9a", "#ffffff"
OVERLAY = "#1e1e1e"  # the thin patterned line over a coloured one


@dataclass
class Legend:
    """What each mark means, once per kind (keyed by its words), with a sample of the mark (None: words only)."""

    entries: Dict[str, Optional[Sample]] = field(default_factory=dict)

    def add(self, words: str, sample: Optional[Sample] = None) -> None:
        """An entry, unless the same words are there already."""
        self.entries.setdefault(words, sample)


@dataclass(frozen=True)
class LineLook:
    """How a kind of line is drawn: its colour, and the dashes (in cells) of the thin dark line over it (None:
    none; () a solid one)."""

    colour: str
    pattern: Optional[Tuple[float, ...]]
    words: str
    round_dots: bool = False


LOOKS = {
    "whisper": LineLook("#5ccf5c", None, "whisper: neighbours differ by at least {gap}"),
    "parity line": LineLook("#f4a48c", (0.04, 0.06, 0.04, 0.22), "parity line: neighbours alternate odd and even"),
    "renban": LineLook("#e070e0", (0.0, 0.17), "renban: a set of consecutive digits, in any order", True),
    "region-sum line": LineLook("#3aa6e6", (0.22, 0.12), "region-sum line: the same sum in every region it crosses"),
    "palindrome": LineLook("#b4b4b4", (), "palindrome: reads the same from both ends"),
    "zipper line": LineLook("#c7a4ee", (0.3, 0.1, 0.04, 0.1), "zipper line: digits as far from the centre add up "
                                                               "to the same"),
    "entropic line": LineLook("#f2a33a", (0.1, 0.1), "entropic line: every three in a row hold a low (1-3), a middle "
                                                      "(4-6) and a high (7-9) digit"),
    "modular line": LineLook("#3ac0a0", (0.3, 0.08, 0.04, 0.08, 0.04, 0.08), "modular line: every three in a row "
                                                                              "differ mod 3"),
    "nabner line": LineLook("#e2cc30", (0.0, 0.09, 0.0, 0.26), "Nabner line: no two digits equal or consecutive",
                            True),
    "between line": LineLook("#a6bad8", None, "between line: digits strictly between the circled ends"),
    "lockout line": LineLook("#8c8cf0", None, "lockout line: the diamond ends differ by at least {gap}; the digits "
                                              "between lie outside their range"),
    "double arrow": LineLook(LINE_GREY, None, "double arrow: the two circled ends add up to the digits between"),
}
CLONE_FILLS = ("#fbe0a0", "#c6e8c6", "#bcdcfa", "#f8c4da", "#d8ccf2", "#ffd8b0", "#c8ecec", "#e4e4a8")
INDEXER_LOOKS = {"column": ("#f4cccc", "↔"), "row": ("#cce0f4", "↕"), "box": ("#d8eccc", "⊞")}
NEGATIVE_WORDS = {"white": "no white dot: not consecutive", "black": "no black dot: neither twice the other",
                  "x": "no X: not adding up to 10", "v": "no V: not adding up to 5"}
OUTSIDE_WORDS = {"little killer": "number and arrow outside: the diagonal adds up to it",
                 "sandwich": "number outside (upright): the digits between 1 and 9 add up to it",
                 "x-sum": "number outside (italic): the first X digits add up to it, X being the first",
                 "skyscraper": "number outside (bold): digits seen from there, higher ones hiding lower ones"}


def draw_constraints(pen: Pen, constraints: Sequence, legend: Legend) -> None:
    """Every constraint on the pen's board; a kind that comes more than once numbered in the tooltips
    ('thermometer 2')."""
    counts, seen = Counter(c.kind for c in constraints), Counter()
    for constraint in constraints:
        seen[constraint.kind] += 1
        number = f" {seen[constraint.kind]}" if counts[constraint.kind] > 1 else ""
        draw_constraint(pen, constraint, constraint.kind + number, legend)


def draw_constraint(pen: Pen, constraint, name: str, legend: Legend) -> None:
    """One constraint drawn, its kind in the legend."""
    DRAWERS.get(type(constraint).__name__, undrawn)(pen, constraint, name, legend)


def marks_of(pen: Pen) -> Marks:
    """The terminal drawing's helper that names cells and paths ('(r1c1)→r1c4→r3c6')."""
    return Marks(pen.board.side)


def where(pen: Pen, cells: Sequence[int]) -> str:
    """A line's cells as where it starts, turns and ends."""
    return path(marks_of(pen), tuple(cells))


def centres(pen: Pen, cells: Sequence[int]) -> list:
    """The centres of cells, in order."""
    return [pen.board.centre(cell) for cell in cells]


def toward(a: Point, b: Point, length: float) -> Point:
    """The point `length` from a toward b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    norm = hypot(dx, dy) or 1.0
    return a[0] + dx / norm * length, a[1] + dy / norm * length


def chevron(pen: Pen, parent, tip: Point, back: Point, colour: str) -> None:
    """An open arrowhead at `tip`, pointing away from `back`."""
    c = pen.c
    dx, dy = tip[0] - back[0], tip[1] - back[1]
    norm = hypot(dx, dy) or 1.0
    ux, uy = dx / norm, dy / norm
    base = (tip[0] - 0.26 * c * ux, tip[1] - 0.26 * c * uy)
    pen.canvas.polyline([(base[0] - 0.2 * c * uy, base[1] + 0.2 * c * ux), tip,
                         (base[0] + 0.2 * c * uy, base[1] - 0.2 * c * ux)], parent=parent, stroke=colour,
                        stroke_width=0.05 * c, stroke_linecap="round", stroke_linejoin="round")


# ---- cages and outlined groups ---------------------------------------------------------------------------


def outline(pen: Pen, parent, cells: Sequence[int], inset: float, **style) -> None:
    """The border of a set of cells, `inset` (in cells) inside it, as straight pieces that meet at the corners
    (also the inner corners of an L)."""
    board, c = pen.board, pen.c
    side, inside_cells, d = board.side, set(cells), inset * pen.c

    def inside(row: int, col: int) -> bool:
        return 0 <= row < side and 0 <= col < side and row * side + col in inside_cells

    for cell in cells:
        row, col = divmod(cell, side)
        x0, y0 = board.origin(cell)
        x1, y1 = x0 + c, y0 + c
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if inside(row + dr, col + dc):
                continue
            if dr:  # a top or bottom side, from left to right
                y = y0 + d if dr < 0 else y1 - d
                a = x0 + d if not inside(row, col - 1) else (x0 - d if inside(row + dr, col - 1) else x0)
                b = x1 - d if not inside(row, col + 1) else (x1 + d if inside(row + dr, col + 1) else x1)
                pen.canvas.line((a, y), (b, y), parent=parent, **style)
            else:  # a left or right side, from top to bottom
                x = x0 + d if dc < 0 else x1 - d
                a = y0 + d if not inside(row - 1, col) else (y0 - d if inside(row - 1, col + dc) else y0)
                b = y1 - d if not inside(row + 1, col) else (y1 + d if inside(row + 1, col + dc) else y1)
                pen.canvas.line((x, a), (x, b), parent=parent, **style)


def cage(pen: Pen, cells: Sequence[int], label: Optional[str], title: str) -> None:
    """A killer cage: a dashed outline just inside its cells, the label in its first cell's top left corner on
    white (the dashes give way to it)."""
    c = pen.c
    group = pen.group("cages", title=title)
    outline(pen, group, cells, 0.08, stroke=INK, stroke_width=0.028 * c, stroke_dasharray=f"{0.1 * c:.2f} "
                                                                                           f"{0.07 * c:.2f}")
    if label:
        size = 0.25 * c
        x, y = pen.board.origin(min(cells))
        pen.canvas.rect(x + 0.03 * c, y + 0.03 * c, text_width(label, size) * 0.9 + 0.06 * c, size * 1.08,
                        parent=group, fill=HALO)
        pen.canvas.text(x + 0.06 * c, y + 0.03 * c + size * 0.9, label, size, anchor="start", parent=group,
                        fill=INK, class_="cage-sum")



def killer(pen: Pen, constraint, name: str, legend: Legend) -> None:
    """A killer cage, its total (if any) in its corner."""
    label = None if constraint.total is None else str(constraint.total)
    cells = constraint.cells
    cage(pen, cells, label, f"{name} {label or 'without a total'}: {cell_list(marks_of(pen), sorted(cells))}")
    words = "dashed cage: no repeat; the digits add up to its number" if label else "dashed cage: no repeat"
    legend.add(words, lambda mini: cage(mini, (0, 1), "12" if label else None, "cage"))


def sum_cage(pen: Pen, constraint, name: str, legend: Legend) -> None:
    """A cage whose digits may repeat, its total in its corner."""
    label, cells = str(constraint.total), sorted(constraint.cells)
    cage(pen, cells, label, f"{name} {label}: {cell_list(marks_of(pen), cells)}")
    legend.add("dashed cage of a sum: digits may repeat; they add up to its number",
               lambda mini: cage(mini, (0, 1), "12", "sum cage"))


def multi_sum_killer(pen: Pen, constraint, name: str, legend: Legend) -> None:
    """A cage that adds up to one of several totals: all of them in its corner (a '?' when more than three), and
    named with them in the legend."""
    totals = "/".join(map(str, constraint.totals))
    label = totals if len(constraint.totals) <= 3 else "?"
    cells = sorted(constraint.cells)
    cage(pen, cells, label, f"{name} {totals}: {cell_list(marks_of(pen), cells)}")
    legend.add("cage with totals a/b: adds up to one of them", lambda mini: cage(mini, (0, 1), "9/12", "cage"))
    if label == "?":
        legend.add(f"{name} {marks_of(pen).name(cells[0])}: adds up to one of {', '.join(map(str, constraint.totals))}")


def distinct(pen: Pen, constraint, name: str, legend: Legend) -> None:
    """A group with no repeat: a diagonal as a thin line corner to corner, a window shaded and outlined, an extra
    region shaded with a dotted outline, disjoint groups in words."""
    kind = constraint.name.split(" ", 1)[0]
    if kind == "diagonal":
        diagonal(pen, constraint.cells, constraint.name)
        legend.add("thin diagonal line: no repeat along it", lambda mini: diagonal(mini, (0,), "diagonal"))
    elif kind == "window":
        region(pen, constraint.cells, constraint.name, "#d6e2f0", "#4f74a8", ())
        legend.add("shaded square: a window, no repeat in it",
                   lambda mini: region(mini, (0, 1), "window", "#d6e2f0", "#4f74a8", ()))
    elif kind == "extra":
        region(pen, constraint.cells, constraint.name, "#ead8f4", "#7448a8", (0.0, 0.12))
        legend.add("dotted outline: an extra region, no repeat in it",
                   lambda mini: region(mini, (0, 1), "extra region", "#ead8f4", "#7448a8", (0.0, 0.12)))
    elif kind == "disjoint":
        legend.add("disjoint groups: no repeat in the same place of two regions (not drawn)")
    else:
        legend.add(f"{constraint.name}: no repeat in {cell_list(marks_of(pen), constraint.cells)}")


def diagonal(pen: Pen, cells: Sequence[int], title: str) -> None:
    """A line through the cells' centres, from corner to corner of the end cells (one cell: its own diagonal)."""
    first, last = pen.board.centre(cells[0]), pen.board.centre(cells[-1])
    reach = hypot(pen.c, pen.c) / 2
    if len(cells) == 1:
        last = (first[0] + 1.0, first[1] + 1.0)
    group = pen.group("lines", title=title)
    pen.canvas.line(toward(first, last, -reach), toward(last, first, -reach), parent=group, stroke="#3366cc",
                    stroke_width=0.04 * pen.c)


def region(pen: Pen, cells: Sequence[int], title: str, fill: str, stroke: str, dashes: tuple) -> None:
    """Cells shaded and outlined (dashes in cells; () solid)."""
    c = pen.c
    shade = pen.group("fills", title=title, fill=fill)
    for cell in cells:
        pen.canvas.rect(*pen.board.origin(cell), c, c, parent=shade)
    style = {"stroke": stroke, "stroke_width": 0.05 * c, "stroke_linecap": "round"}
    if dashes:
        style["stroke_dasharray"] = " ".join(f"{value * c:.2f}" for value in dashes)
    outline(pen, pen.group("lines"), cells, 0.05, **style)


# ---- thermometers, arrows and lines ----------------------------------------------------------------------


def thermometer(pen: Pen, constraint, name: str, legend: Legend) -> None:
    """A thermometer: a thick grey line from a bulb; a slow one with a white dashed line along it."""
    draw_thermometer(pen, constraint.cells, constraint.slow, f"{name} {where(pen, constraint.cells)}")
    words = "slow thermometer (dashed): digits rise or stay from the bulb" if constraint.slow else \
        "thermometer: digits rise from the bulb"
    legend.add(words, lambda mini: draw_thermometer(mini, (0, 1), constraint.slow, "thermometer"))


def draw_thermometer(pen: Pen, cells: Sequence[int], slow: bool, title: str) -> None:
    """The bulb and the tube."""
    c = pen.c
    group = pen.group("lines", title=title)
    points = centres(pen, cells)
    pen.canvas.circle(points[0], 0.38 * c, parent=group, fill=GREY)
    if len(points) > 1:
        pen.canvas.polyline(points, parent=group, stroke=GREY, stroke_width=0.3 * c, stroke_linecap="round",
                            stroke_linejoin="round")
    if slow and len(points) > 1:
        pen.canvas.polyline(points, parent=group, stroke="#ffffff", stroke_width=0.06 * c,
                            stroke_dasharray=f"{0.12 * c:.2f} {0.1 * c:.2f}", stroke_linejoin="round")


def arrow(pen: Pen, constraint, name: str, legend: Legend) -> None:
    """An arrow: its circle (a pill over several cells) and its shaft, from the circle cell nearest the shaft."""
    circle, shaft = constraint.circle, constraint.shaft
    title = f"{name} ({cell_list(marks_of(pen), circle)}) to {where(pen, shaft)}"
    draw_arrow(pen, circle, shaft, title)
    legend.add("arrow: the digits on the shaft add up to the circle",
               lambda mini: draw_arrow(mini, (0,), (1,), "arrow"))


def draw_arrow(pen: Pen, circle: Sequence[int], shaft: Sequence[int], title: str) -> None:
    """The circle or pill, then the shaft with an open arrowhead."""
    c = pen.c
    group = pen.group("lines", title=title)
    bubble(pen, group, circle)
    if not shaft:
        return
    start = min(circle, key=lambda cell: distance(pen.board.side, cell, shaft[0]))
    points = centres(pen, (start,) + tuple(shaft))
    points[0] = toward(points[0], points[1], 0.4 * c)
    pen.canvas.polyline(points, parent=group, stroke=LINE_GREY, stroke_width=0.05 * c, stroke_linejoin="round")
    chevron(pen, group, points[-1], points[-2], LINE_GREY)


def bubble(pen: Pen, parent, cells: Sequence[int]) -> None:
    """A circle around one cell, a pill around several in a row (a thick outlined line around any others)."""
    c = pen.c
    style = {"stroke": LINE_GREY, "stroke_width": 0.05 * c, "fill": "none"}
    points = centres(pen, sorted(cells))
    if len(points) == 1:
        pen.canvas.circle(points[0], 0.4 * c, parent=parent, **style)
        return
    xs, ys = [x for x, _ in points], [y for _, y in points]
    if len(set(xs)) == 1 or len(set(ys)) == 1:
        pen.canvas.rect(min(xs) - 0.4 * c, min(ys) - 0.4 * c, max(xs) - min(xs) + 0.8 * c,
                        max(ys) - min(ys) + 0.8 * c, parent=parent, rx=0.4 * c, **style)
        return
    pen.canvas.polyline(points, parent=parent, stroke=LINE_GREY, stroke_width=0.85 * c, stroke_linecap="round",
                        stroke_linejoin="round")
    pen.canvas.polyline(points, parent=parent, stroke="#ffffff", stroke_width=0.75 * c, stroke_linecap="round",
                        stroke_linejoin="round")


def line(pen: Pen, constraint, name: str, legend: Legend) -> None:
    """A line of its kind's colour and pattern; a between line's and a double arrow's ends circled, a lockout
    line's in diamonds."""
    kind = constraint.kind
    look = LOOKS[kind]
    cells = constraint.cells
    draw_line(pen, cells, kind, f"{name} {where(pen, cells)}")
    words = look.words.format(gap=getattr(constraint, "gap", ""))
    legend.add(words, lambda mini: draw_line(mini, (0, 1), kind, kind))


def draw_line(pen: Pen, cells: Sequence[int], kind: str, title: str) -> None:
    """The coloured line, its pattern, and its ends."""
    c, look = pen.c, LOOKS[kind]
    group = pen.group("lines", title=title)
    points = centres(pen, cells)
    if kind == "double arrow":
        double_arrow(pen, group, points)
        return
    if kind == "between line" and len(points) > 1:  # the line runs between its end circles, not into them
        points = [toward(points[0], points[1], 0.38 * c), *points[1:-1], toward(points[-1], points[-2], 0.38 * c)]
    if len(points) > 1:
        pen.canvas.polyline(points, parent=group, stroke=look.colour, stroke_width=0.22 * c, stroke_linecap="butt"
                            if kind == "between line" else "round", stroke_linejoin="round")
    if look.pattern is not None and len(points) > 1:
        style = {"stroke": OVERLAY, "stroke_width": (0.07 if look.round_dots else 0.045) * c,
                 "stroke_linejoin": "round", "stroke_linecap": "round" if look.round_dots else "butt"}
        if look.pattern:
            style["stroke_dasharray"] = " ".join(f"{value * c:.2f}" for value in look.pattern)
        pen.canvas.polyline(points, parent=group, **style)
    ends = (centres(pen, cells[:1]) + centres(pen, cells[-1:])) if len(cells) > 1 else centres(pen, cells)
    if kind == "between line":
        for end in ends:
            pen.canvas.circle(end, 0.38 * c, parent=group, fill="none", stroke=LINE_GREY, stroke_width=0.05 * c)
    elif kind == "lockout line":
        for x, y in ends:
            r = 0.42 * c
            pen.canvas.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], parent=group, fill="#ffffff",
                               stroke=LINE_GREY, stroke_width=0.05 * c)


def double_arrow(pen: Pen, group, points: list) -> None:
    """Circles at both ends, the line between them, an arrowhead into each circle."""
    c = pen.c
    for end in (points[0], points[-1]):
        pen.canvas.circle(end, 0.4 * c, parent=group, fill="none", stroke=LINE_GREY, stroke_width=0.05 * c)
    if len(points) < 2:
        return
    inner = list(points)
    inner[0], inner[-1] = toward(points[0], points[1], 0.4 * c), toward(points[-1], points[-2], 0.4 * c)
    pen.canvas.polyline(inner, parent=group, stroke=LINE_GREY, stroke_width=0.05 * c, stroke_linejoin="round")
    chevron(pen, group, inner[0], inner[1], LINE_GREY)
    chevron(pen, group, inner[-1], inner[-2], LINE_GREY)


# ---- marks on edges, corners and cells -------------------------------------------------------------------


def dot(pen: Pen, constraint, name: str, legend: Legend) -> None:
    """A Kropki dot (white: consecutive, black: one twice the other), a difference (a white dot with its number),
    a ratio (a black dot with its number) or an X, V or other sum on the edge between two cells."""
    kind, a, b = constraint.kind, constraint.a, constraint.b
    title = f"{name} {marks_of(pen).name(a)}-{marks_of(pen).name(b)}"
    if kind == "kropki":
        white = constraint.color == "white"
        draw_dot(pen, a, b, white, None, title)
        legend.add("white dot: consecutive" if white else "black dot: one twice the other",
                   lambda mini: draw_dot(mini, 0, 1, white, None, kind))
    elif kind in ("difference", "ratio"):
        white = kind == "difference"
        draw_dot(pen, a, b, white, str(constraint.value), title)
        words = "white dot with N: they differ by N" if white else "black dot with N: one N times the other"
        legend.add(words, lambda mini: draw_dot(mini, 0, 1, white, "3", kind))
    else:
        letter = {10: "X", 5: "V"}.get(constraint.total, str(constraint.total))
        draw_letter(pen, a, b, letter, title)
        words = {"X": "X: they add up to 10", "V": "V: they add up to 5"}.get(letter, "number on an edge: they add "
                                                                                       "up to it")
        legend.add(words, lambda mini: draw_letter(mini, 0, 1, letter, "xv"))


def draw_dot(pen: Pen, a: int, b: int, white: bool, label: Optional[str], title: str) -> None:
    """A dot on the edge of two cells, with a number in it or not."""
    c = pen.c
    group = pen.group("dots", title=title)
    centre = pen.board.between(a, b)
    radius = (0.17 if label and len(label) > 1 else 0.14 if label else 0.12) * c
    pen.canvas.circle(centre, radius, parent=group, fill="#ffffff" if white else INK, stroke=INK,
                      stroke_width=0.03 * c)
    if label:
        size = 0.2 * c
        pen.canvas.text(centre[0], centre[1] + size * 0.36, label, size, parent=group,
                        fill=INK if white else "#ffffff", font_weight="bold")


def draw_letter(pen: Pen, a: int, b: int, letter: str, title: str) -> None:
    """A letter or number on the edge of two cells, on a white halo."""
    c = pen.c
    group = pen.group("dots", title=title)
    x, y = pen.board.between(a, b)
    size = 0.34 * c
    pen.canvas.text(x, y + size * 0.36, letter, size, parent=group, fill=INK, font_weight="bold", stroke=HALO,
                    stroke_width=0.08 * c, paint_order="stroke", stroke_linejoin="round")


def negative(pen: Pen, constraint, name: str, legend: Legend) -> None:
    """A negative constraint: in words (what two neighbours without the mark may not be)."""
    legend.add(NEGATIVE_WORDS.get(constraint.relation, f"negative {constraint.relation}: where there is no mark, "
                                                         "the rule does not hold"))


def cell_clue(pen: Pen, constraint, name: str, legend: Legend) -> None:
    """Odd: a grey circle; even: a grey square; maximum and minimum: four wedges pointing out of or into it."""
    kind, cell = constraint.kind, constraint.cell
    title = f"{kind} {marks_of(pen).name(cell)}"
    words = {"odd cell": "grey circle: odd", "even cell": "grey square: even",
             "maximum": "wedges pointing out: higher than its neighbours",
             "minimum": "wedges pointing in: lower than its neighbours"}[kind]
    draw_cell_clue(pen, cell, kind, title)
    legend.add(words, lambda mini: draw_cell_clue(mini, 0, kind, kind))


def draw_cell_clue(pen: Pen, cell: int, kind: str, title: str) -> None:
    """The clue's shape behind the digit."""
    c = pen.c
    group = pen.group("fills", title=title, fill="#c8c8c8", stroke="#8c8c8c", stroke_width=0.02 * c)
    x, y = pen.board.centre(cell)
    if kind == "odd cell":
        pen.canvas.circle((x, y), 0.36 * c, parent=group)
    elif kind == "even cell":
        pen.canvas.rect(x - 0.35 * c, y - 0.35 * c, 0.7 * c, 0.7 * c, parent=group)
    else:
        out = 1 if kind == "maximum" else -1
        for ux, uy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            edge = 0.44 * c  # from the centre to the wedges' outer line
            tip, base = (edge, edge - 0.14 * c) if out > 0 else (edge - 0.14 * c, edge)
            px, py = -uy, ux  # along the edge
            pen.canvas.polygon([(x + ux * tip, y + uy * tip),
                                (x + ux * base + px * 0.14 * c, y + uy * base + py * 0.14 * c),
                                (x + ux * base - px * 0.14 * c, y + uy * base - py * 0.14 * c)],
                               parent=group, fill="#6e6e6e", stroke="none")


def pencil_marks(pen: Pen, constraint, name: str, legend: Legend) -> None:
    """Given pencil marks are drawn with the digits (small, in an open cell): the legend says what they mean."""
    legend.add("small digits in an empty cell: its given pencil marks, it holds one of them")


def quadruple(pen: Pen, constraint, name: str, legend: Legend) -> None:
    """A circle on the corner the four cells share, with the digits that must appear among them."""
    digits = [str(pen.alphabet[d - 1]) for d in constraint.digits]
    cells = sorted(constraint.cells)
    row, col = divmod(cells[-1], pen.board.side)
    title = f"{name} {marks_of(pen).name(cells[0])}-{marks_of(pen).name(cells[-1])}: {' '.join(digits)}"
    draw_quadruple(pen, row, col, digits, title)
    legend.add("circle on a corner: these digits appear in its four cells",
               lambda mini: draw_quadruple(mini, 0.5, 1, ["1", "2"], "quadruple"))


def draw_quadruple(pen: Pen, row: float, col: float, digits: Sequence[str], title: str) -> None:
    """The circle at the junction (row, col) and its digits, two a line."""
    c = pen.c
    group = pen.group("dots", title=title)
    x, y = pen.board.point(row, col)
    pen.canvas.circle((x, y), 0.33 * c, parent=group, fill="#ffffff", stroke=INK, stroke_width=0.03 * c)
    lines = [" ".join(digits[i:i + 2]) for i in range(0, len(digits), 2)]
    size = 0.21 * c if len(lines) > 1 else 0.24 * c
    top = y - size * 1.05 * (len(lines) - 1) / 2
    for index, text in enumerate(lines):
        pen.canvas.text(x, top + index * size * 1.05 + size * 0.36, text, size, parent=group, fill=INK)


def clone(pen: Pen, constraint, name: str, legend: Legend) -> None:
    """Both halves of a clone shaded alike and lettered alike (A, B, ... for the clones in order)."""
    number = int(name.rsplit(" ", 1)[1]) if name[-1].isdigit() else 1
    letter = chr(ord("A") + (number - 1) % 26)
    fill = CLONE_FILLS[(number - 1) % len(CLONE_FILLS)]
    names = marks_of(pen)
    title = f"{name} {cell_list(names, constraint.cells)} = {cell_list(names, constraint.copy)}"
    draw_clone(pen, constraint.cells + constraint.copy, letter, fill, title)
    legend.add("cells lettered alike: clones, the same digits in the same places",
               lambda mini: draw_clone(mini, (0, 1), "A", CLONE_FILLS[0], "clone"))


def draw_clone(pen: Pen, cells: Sequence[int], letter: str, fill: str, title: str) -> None:
    """Shade and letter the cells."""
    corner_mark(pen, cells, letter, fill, title)


def corner_mark(pen: Pen, cells: Sequence[int], mark: str, fill: str, title: str) -> None:
    """Cells shaded, a small mark in each one's bottom left corner."""
    c = pen.c
    group = pen.group("fills", title=title)
    size = 0.24 * c
    for cell in cells:
        x, y = pen.board.origin(cell)
        pen.canvas.rect(x, y, c, c, parent=group, fill=fill)
        pen.canvas.text(x + 0.05 * c, y + c - 0.07 * c, mark, size, anchor="start", parent=group, fill="#333333",
                        font_weight="bold")


def indexer(pen: Pen, constraint, name: str, legend: Legend) -> None:
    """Indexer cells shaded, with ↔ (column indexer), ↕ (row) or ⊞ (box) in the corner."""
    fill, mark = INDEXER_LOOKS[constraint.axis]
    title = f"{constraint.kind} {cell_list(marks_of(pen), constraint.cells)}"
    corner_mark(pen, constraint.cells, mark, fill, title)
    what = {"column": "its digit is the column of its row", "row": "its digit is the row of its column",
            "box": "its digit is the place in its region"}[constraint.axis]
    legend.add(f"{mark} {constraint.kind}: {what} where its own {constraint.axis} number goes",
               lambda mini: corner_mark(mini, (0,), mark, fill, constraint.kind))


# ---- clues outside the grid ------------------------------------------------------------------------------


def outside_place(constraint, side: int) -> Tuple[int, int, int, int]:
    """(row, col, rows, cols): where a clue beside the grid stands (one step back from its first cell, against
    the way it looks) and that way."""
    cells = constraint.cells
    (r0, c0), (r1, c1) = divmod(cells[0], side), divmod(cells[min(1, len(cells) - 1)], side)
    dr, dc = (r1 - r0, c1 - c0) if len(cells) > 1 else (0, 1)
    return r0 - dr, c0 - dc, dr, dc


def outside(pen: Pen, constraint, name: str, legend: Legend) -> None:
    """A clue beside the grid: its number beside the row or column it looks along; a little killer's with an
    arrow along its diagonal."""
    kind = constraint.kind
    value = str(constraint.count if kind == "skyscraper" else constraint.total)
    row, col, dr, dc = outside_place(constraint, pen.board.side)
    names = marks_of(pen)
    title = f"{kind} {value} {names.name(constraint.cells[0])}-{names.name(constraint.cells[-1])}"
    draw_outside(pen, row, col, dr, dc, value, kind, title)
    legend.add(OUTSIDE_WORDS[kind], lambda mini: draw_outside(mini, 0, 0, -1 if kind == "little killer" else 0, 1,
                                                              "12", kind, kind, beside=True))


def draw_outside(pen: Pen, row: int, col: int, dr: int, dc: int, value: str, kind: str, title: str,
                 beside: Optional[bool] = None) -> None:
    """The number in the cell-sized place at (row, col) beside the grid (or, for a little killer starting inside
    the grid, on the corner its diagonal comes in by), with an arrow for a little killer."""
    c, side = pen.c, pen.board.side
    group = pen.group("clues", title=title)
    if beside is None:
        beside = not (0 <= row < side and 0 <= col < side)
    x, y = pen.board.point(row + 0.5, col + 0.5) if beside else pen.board.point(row + 0.5 + dr / 2, col + 0.5 + dc / 2)
    size = (0.36 if beside else 0.26) * c
    style = {"fill": INK, "font_weight": "bold" if kind == "skyscraper" else None,
             "font_style": "italic" if kind == "x-sum" else None}
    if kind == "little killer":
        tail, tip = (x + 0.22 * c * dc, y + 0.22 * c * dr), (x + 0.44 * c * dc, y + 0.44 * c * dr)
        pen.canvas.line(tail, tip, parent=group, stroke=INK, stroke_width=0.035 * c)
        chevron_small(pen, group, tip, tail)
        x, y = x - 0.1 * c * dc, y - 0.1 * c * dr
    if not beside:
        style.update(stroke=HALO, stroke_width=0.07 * c, paint_order="stroke")
    pen.canvas.text(x, y + size * 0.36, value, size, parent=group, **style)


def chevron_small(pen: Pen, parent, tip: Point, back: Point) -> None:
    """A small filled arrowhead at `tip`, pointing away from `back`."""
    c = pen.c
    dx, dy = tip[0] - back[0], tip[1] - back[1]
    norm = hypot(dx, dy) or 1.0
    ux, uy = dx / norm, dy / norm
    base = (tip[0] - 0.12 * c * ux, tip[1] - 0.12 * c * uy)
    pen.canvas.polygon([tip, (base[0] - 0.07 * c * uy, base[1] + 0.07 * c * ux),
                        (base[0] + 0.07 * c * uy, base[1] - 0.07 * c * ux)], parent=parent, fill=INK)


def margins(constraints: Sequence, side: int) -> Tuple[int, int, int, int]:
    """Cells of room the clues beside the grid need: (top, right, bottom, left), each 0 or 1."""
    top = right = bottom = left = 0
    for constraint in constraints:
        if type(constraint).__name__ in OUTSIDE:
            row, col, _, _ = outside_place(constraint, side)
            top, bottom = max(top, int(row < 0)), max(bottom, int(row >= side))
            left, right = max(left, int(col < 0)), max(right, int(col >= side))
    return top, right, bottom, left


# ---- rules not drawn -------------------------------------------------------------------------------------


def whole_grid(pen: Pen, constraint, name: str, legend: Legend) -> None:
    """A rule on every two cells a step apart (chess moves, taxicab, ...): in words."""
    legend.add(f"{constraint.name}: {constraint.rule} (not drawn)")


def undrawn(pen: Pen, constraint, name: str, legend: Legend) -> None:
    """A kind with no drawing: named."""
    legend.add(f"{constraint.kind} (not drawn)")


OUTSIDE = ("LittleKiller", "Sandwich", "XSum", "Skyscraper")
DRAWERS = {
    "Distinct": distinct, "Killer": killer, "CageSum": sum_cage, "MultiSumKiller": multi_sum_killer,
    "Thermometer": thermometer, "Arrow": arrow, "DoubleArrow": line, "Between": line, "Whisper": line,
    "ParityLine": line, "Renban": line, "RegionSumLine": line,
    "Palindrome": line, "Zipper": line, "Entropic": line, "Modular": line, "Nabner": line, "Lockout": line,
    "Kropki": dot, "XV": dot, "Difference": dot, "Ratio": dot, "Negative": negative,
    "Parity": cell_clue, "Extremum": cell_clue, "PencilMarks": pencil_marks, "Indexer": indexer, "Clone": clone,
    "Quadruple": quadruple, **{name: outside for name in OUTSIDE},
    "Chess": whole_grid, "Taxicab": whole_grid, "SelfTaxicab": whole_grid, "DiagonalNonconsecutive": whole_grid,
}

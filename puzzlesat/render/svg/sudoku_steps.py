"""A step of a hint or an explanation drawn on the candidate grid it starts from, as HoDoKu draws it: the pattern's
cells hatched (not told by colour alone), the candidates it rests on ringed, the placed digit large in a thick box,
the eliminated candidates struck through, and chains as arrows between candidates, each node ringed solid when it
says the cell holds the digit and dashed when it says it does not. No `<defs>` are used (arrowheads and hatching are
drawn shapes), so that many such pictures can share one HTML page without their ids meeting.

>>> from puzzlesat.render.svg.canvas import Canvas
>>> from puzzlesat.render.svg.sudoku_board import GridPlan, Pen
>>> from puzzlesat.render.svg.sudoku_marks import Legend, toward
>>> from puzzlesat.sudoku.logic.steps import Step
>>> pen, legend = Pen.on(Canvas(200, 200), GridPlan(4)), Legend()
>>> step = Step("X-Chain", 6.6, eliminations=((5, 2),), chains=(((0, 2, True), (3, 2, False)),))
>>> draw_step(pen, step, legend)
>>> svg = pen.canvas.to_string()
>>> svg.count('class="struck"'), svg.count('class="link"')
(1, 1)
"""

from __future__ import annotations

from math import hypot
from typing import Iterable, Optional, Sequence, Set, Tuple

from puzzlesat.render.svg.sudoku_board import Pen, Point, segment, symbol_of
from puzzlesat.render.svg.sudoku_marks import Legend, toward

HATCH_FILL, HATCH_LINE = "#fff2a8", "#c9a400"
RING_FILL, RING_LINE = "#b6e3b6", "#1e6e1e"
PLACED = "#0f6e0f"
STRUCK_FILL, STRUCK = "#f7c2c2", "#b00000"
ON_FILL, OFF_FILL = "#bfe6bf", "#c6dcf6"  # behind a chain's nodes: the cell holds the digit, or does not
CHAIN_COLOURS = ("#1f55c0", "#c04e00", "#7a1fa2", "#00776a", "#a0004e", "#4e6a00")
REVEALS_DRAWN = ("cells", "step")


def skipped(step, reveal: str = "step") -> Set[Tuple[int, int]]:
    """The candidates the step draws itself (so the grid leaves them out): those it removes, and those its pattern
    or its chains rest on."""
    if reveal != "step":
        return set()
    if step.chains:
        return set(step.eliminations) | {(cell, digit) for chain in step.chains for cell, digit, _ in chain}
    return set(step.eliminations) | {(cell, digit) for cell in step.cells for digit in step.digits}


def placed_cells(step, reveal: str = "step") -> Set[int]:
    """The cells the step fills (drawn with their new digit)."""
    return {cell for cell, _ in step.placements} if reveal == "step" else set()


def draw_step(pen: Pen, step, legend: Legend, candidates: Sequence[int] = (), reveal: str = "step") -> None:
    """The step on the pen's grid (whose candidates, a mask per cell, are `candidates`): as much of it as `reveal`
    shows ('technique': nothing; 'cells': where to look; 'step': everything)."""
    if reveal not in REVEALS_DRAWN:
        return
    cells = step.where() if reveal == "cells" else step.cells
    if cells:
        hatch(pen, cells)
        legend.add("hatched cells: where the step looks", lambda mini: hatch(mini, (0, 1)))
    if reveal != "step":
        return
    rings = [(cell, digit) for cell in step.cells for digit in step.digits
             if not candidates or candidates[cell] >> (digit - 1) & 1] if not step.chains else []
    rings = [node for node in rings if node not in set(step.eliminations)]
    for cell, digit in rings:
        ring(pen, cell, digit)
    if rings:
        legend.add("green disc: a candidate the pattern rests on", lambda mini: ring(mini, 0, 2))
    for cell, digit in step.placements:
        place(pen, cell, digit)
    if step.placements:
        legend.add("large green digit in a thick box: placed by the step", lambda mini: place(mini, 0, 1))
    for cell, digit in step.eliminations:
        strike(pen, cell, digit)
    if step.eliminations:
        legend.add("red, struck through: a candidate the step removes", lambda mini: strike(mini, 0, 2))
    written = set(step.eliminations)  # node digits already drawn (a removed one stays red)
    for index, chain in enumerate(step.chains):
        draw_chain(pen, chain, CHAIN_COLOURS[index % len(CHAIN_COLOURS)], written)
    if step.chains:
        legend.add("arrows: the chain; a solid ring on green says the cell holds the digit, a dashed ring on blue "
                   "that it does not", lambda mini: draw_chain(mini, ((0, 1, True), (1, 2, False)), CHAIN_COLOURS[0]))


def hatch(pen: Pen, cells: Iterable[int]) -> None:
    """Cells filled light and hatched with diagonal lines."""
    c = pen.c
    group = pen.group("fills", class_="pattern")
    lines = []
    for cell in cells:
        x, y = pen.board.origin(cell)
        pen.canvas.rect(x, y, c, c, parent=group, fill=HATCH_FILL)
        for k in (0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75):
            lines.append(segment((x + min(k, 1.0) * c, y + max(k - 1.0, 0.0) * c),
                                 (x + max(k - 1.0, 0.0) * c, y + min(k, 1.0) * c)))
    pen.canvas.path(" ".join(lines), parent=pen.layer("fills"), stroke=HATCH_LINE, stroke_width=0.025 * c)


def slot_radius(pen: Pen) -> float:
    """The radius of a ring around a pencil mark."""
    return 0.46 * pen.board.slot_pitch


def mark_text(pen: Pen, parent, cell: int, digit: int, **style) -> None:
    """One pencil mark in its place."""
    x, y = pen.board.slot(cell, digit)
    size = pen.board.mark_size
    pen.canvas.text(x, y + size * 0.36, symbol_of(pen.alphabet, digit), size, parent=parent, **style)


def ring(pen: Pen, cell: int, digit: int) -> None:
    """A candidate the pattern rests on: on a green disc, in bold."""
    pen.canvas.circle(pen.board.slot(cell, digit), slot_radius(pen), parent=pen.layer("fills"), fill=RING_FILL,
                      stroke=RING_LINE, stroke_width=0.02 * pen.c, class_="ring")
    mark_text(pen, pen.layer("digits"), cell, digit, fill="#000000", font_weight="bold")


def place(pen: Pen, cell: int, digit: int) -> None:
    """The placed digit, large and green, in a thick box."""
    c, board = pen.c, pen.board
    group = pen.group("over", class_="placed")
    x, y = board.origin(cell)
    inset = 0.06 * c
    pen.canvas.rect(x + inset, y + inset, c - 2 * inset, c - 2 * inset, parent=group, fill="none", stroke=PLACED,
                    stroke_width=0.08 * c)
    cx, cy = board.centre(cell)
    pen.canvas.text(cx, cy + board.digit_size * 0.36, symbol_of(pen.alphabet, digit), board.digit_size,
                    parent=group, fill=PLACED, font_weight="bold")


def strike(pen: Pen, cell: int, digit: int) -> None:
    """A removed candidate: red on a light red disc, struck through."""
    r = slot_radius(pen)
    x, y = pen.board.slot(cell, digit)
    pen.canvas.circle((x, y), r, parent=pen.layer("fills"), fill=STRUCK_FILL)
    mark_text(pen, pen.layer("digits"), cell, digit, fill=STRUCK, font_weight="bold")
    pen.canvas.line((x - r * 0.8, y + r * 0.8), (x + r * 0.8, y - r * 0.8), parent=pen.layer("over"), stroke=STRUCK,
                    stroke_width=0.035 * pen.c, stroke_linecap="round", class_="struck")


def draw_chain(pen: Pen, chain: Sequence[tuple], colour: str, written: Optional[Set[Tuple[int, int]]] = None) -> None:
    """Each node on a disc and ringed (green and solid: on; blue and dashed: off), its digit in bold (unless in
    `written`, the digits drawn already), an arrow from each node to the next."""
    written = set() if written is None else written
    r = slot_radius(pen)
    group = pen.group("over", class_="chain")
    width = 0.03 * pen.c
    dashes = f"{0.06 * pen.c:.2f} {0.045 * pen.c:.2f}"
    discs, digits = pen.group("fills", class_="nodes"), pen.group("digits", fill="#000000", font_weight="bold")
    for cell, digit, on in chain:
        centre = pen.board.slot(cell, digit)
        pen.canvas.circle(centre, r, parent=discs, fill=ON_FILL if on else OFF_FILL)
        if (cell, digit) not in written:
            mark_text(pen, digits, cell, digit)
            written.add((cell, digit))
        pen.canvas.circle(centre, r, parent=group, fill="none", stroke=colour,
                          stroke_width=width * (1.4 if on else 1.0), stroke_dasharray=None if on else dashes)
    for (a, da, _), (b, db, on) in zip(chain, chain[1:]):
        link(pen, group, pen.board.slot(a, da), pen.board.slot(b, db), colour, on)


def link(pen: Pen, parent, start: Point, end: Point, colour: str, strong: bool) -> None:
    """A gently curved arrow between two candidates' rings, solid into an 'on' node, dashed into an 'off' one."""
    r, c = slot_radius(pen), pen.c
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = hypot(dx, dy)
    if length <= 2 * r:
        return
    bend = min(0.18 * length, 0.5 * c)
    control = ((start[0] + end[0]) / 2 - dy / length * bend, (start[1] + end[1]) / 2 + dx / length * bend)
    a, b = toward(start, control, r), toward(end, control, r)
    style = {"stroke": colour, "stroke_width": 0.04 * c, "fill": "none"}
    if not strong:
        style["stroke_dasharray"] = f"{0.09 * c:.2f} {0.06 * c:.2f}"
    pen.canvas.path(f"M {a[0]:.2f} {a[1]:.2f} Q {control[0]:.2f} {control[1]:.2f} {b[0]:.2f} {b[1]:.2f}",
                    parent=parent, class_="link", **style)
    arrowhead(pen, parent, b, control, colour)


def arrowhead(pen: Pen, parent, tip: Point, back: Point, colour: str) -> None:
    """A filled arrowhead at `tip`, pointing away from `back`."""
    c = pen.c
    dx, dy = tip[0] - back[0], tip[1] - back[1]
    norm = hypot(dx, dy) or 1.0
    ux, uy = dx / norm, dy / norm
    size = max(0.1 * c, 4.0)
    base = (tip[0] - size * ux, tip[1] - size * uy)
    pen.canvas.polygon([tip, (base[0] - 0.5 * size * uy, base[1] + 0.5 * size * ux),
                        (base[0] + 0.5 * size * uy, base[1] - 0.5 * size * ux)], parent=parent, fill=colour)

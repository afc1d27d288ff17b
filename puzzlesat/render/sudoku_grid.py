"""A Sudoku grid for the terminal: box borders, givens bold, filled cells in colour, blanks '·'.

A variant's grid shows what its Rules add: every wall drawn, heavy between regions (jigsaw regions, or the
boxes) and light inside them; killer cages outlined (no line between two cells of a cage; a box wall that
crosses a cage dashed) with each sum on the top wall of the cage's first cell; diagonal, window and extra-region
cells marked by the characters around them and a background; the marks of the variant constraints (dots on
walls, lines as paths, cell clues, clues beside the grid: render.variant_marks); a legend under the grid says
what the marks mean and which rules are not drawn (anti-king, anti-knight, ...). Without such marks the grid
keeps the compact box layout. Cells to be told apart (where two solutions differ) are marked in colour and by a '›'
before the digit. Every drawing reads back in (sudoku/drawn.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Optional, Sequence

from rich.cells import cell_len
from rich.text import Text

from puzzlesat.render.variant_marks import ON_LINE, constraint_marks
from puzzlesat.sudoku.model.grid import default_alphabet, numbering
from puzzlesat.sudoku.reading.glyphs import ACROSS, BLANK, DIAGONAL, DIFFERS, DOWN, EXTRA_REGION, JUNCTIONS, WINDOW

GIVEN_STYLE = "bold"
FILLED_STYLE = "cyan"
MARKED_STYLE = "bold black on yellow"
DIFFER_STYLE = "bold yellow"  # the '›' before a marked cell
BORDER_STYLE = "dim"
# Digits on a background, in colours of fixed RGB: white (#ffffff) and cyan1 (#00ffff), at least 4.5:1 against every
# background (WCAG 2 contrast; tests/render/test_variant_marks.py measures them); a blank's '·' grey70.
ON_BACKGROUND = {GIVEN_STYLE: "bold grey100", FILLED_STYLE: "cyan1", BORDER_STYLE: "grey70"}
SUM_STYLE = "bold"
LEGEND_WIDTH = 78  # legend lines wrap at this many cells
LEGEND_PIECE = re.compile(r"( ?)([^ →]+→?|→)")  # where a legend entry may go on on the next line: a space, an arrow
DIAGONAL_STYLE = "on navy_blue"
WINDOW_STYLE = "on grey23"
EXTRA_STYLE = "on grey30"
BRACKETS = {"window": (*WINDOW, WINDOW_STYLE), "extra": (*EXTRA_REGION, EXTRA_STYLE)}  # group kind -> cell mark

# Walls of the variant grid, by weight (glyphs.ACROSS, DOWN); a dashed wall is a region wall between two cells of one
# cage.
NONE, LIGHT, HEAVY, DASHED = 0, 1, 2, 3
UNDRAWN = {"disjoint": ("disjoint groups", "no repeat in the same place of two regions")}  # group kind -> name, rule


def grid(puzzle, values: Optional[Sequence[int]] = None, rules=None, marked: frozenset = frozenset(),
         legend: bool = True) -> Text:
    """The puzzle drawn with box borders; `values` fills the blanks (givens stay bold), `marked` cells stand out (in
    colour and by a '›' before the digit). With the `rules` of a variant: its regions, cages and marked groups drawn,
    and (unless not `legend`) a legend under the grid."""
    look = variant_look(rules) if rules is not None else None
    if look is None or not look.walled:
        text = boxed_grid(puzzle, values, marked)
    else:
        text = walled_grid(puzzle, values, look, marked)
    if legend and look is not None and look.legend is not None:
        text.append_text(look.legend)
        text.append("\n")
    return text


class Fitted:
    """A grid that fits the console: drawn in its numbers, or, when those make it wider than the console (a 16x16
    variant grid in numbers is 81 columns), with the numbers above 9 as letters and a line above that says so."""

    def __init__(self, puzzle, values: Optional[Sequence[int]] = None, rules=None, marked: frozenset = frozenset(),
                 legend: bool = True):
        self.puzzle, self.values, self.rules, self.marked, self.legend = puzzle, values, rules, marked, legend

    def text(self, width: int) -> Text:
        """The drawing for `width` columns."""
        drawn = grid(self.puzzle, self.values, self.rules, self.marked, self.legend)
        if not self.puzzle.numeric or max(map(cell_len, drawn.plain.splitlines()), default=0) <= width:
            return drawn
        letters = default_alphabet(self.puzzle.shape.side)
        note = Text(f"(numbers 10-{self.puzzle.shape.side} drawn as {letters[9]}-{letters[-1]} to fit {width} "
                    "columns)\n", style=BORDER_STYLE)
        return note + grid(replace(self.puzzle, alphabet=letters), self.values, self.rules, self.marked, self.legend)

    def __rich_console__(self, console, options):
        yield self.text(options.max_width)


def grid_legend(rules) -> Optional[Text]:
    """The legend a variant's grid has under it (None: none), for views that draw it once under several grids."""
    return variant_look(rules).legend if rules is not None else None


def boxed_grid(puzzle, values: Optional[Sequence[int]] = None, marked: frozenset = frozenset()) -> Text:
    """The compact grid: box borders only, the cells of a box a space apart (a marked cell's space before it a '›')."""
    shape = puzzle.shape
    width = max(len(ch) for ch in puzzle.alphabet)
    segment = "━" * ((width + 1) * shape.box_cols + 1)
    boxes_across = shape.side // shape.box_cols

    def rule(left: str, middle: str, right: str) -> Text:
        return Text(left + middle.join([segment] * boxes_across) + right + "\n", style=BORDER_STYLE)

    text = Text()  # (not the first rule itself: its dim would be the base style of every cell after it)
    text.append_text(rule("┏", "┳", "┓"))
    for row in range(shape.side):
        if row and row % shape.box_rows == 0:
            text.append_text(rule("┣", "╋", "┫"))
        for col in range(shape.side):
            cell = row * shape.side + col
            if col % shape.box_cols == 0:
                text.append("┃" if cell in marked else "┃ ", style=BORDER_STYLE)
            if cell in marked:
                text.append(DIFFERS[0], style=DIFFER_STYLE)
            symbol, style = cell_symbol(puzzle, values, cell, width, marked)
            text.append(symbol, style=style)
            if (col + 1) % shape.box_cols and cell + 1 in marked:
                continue  # (the next cell's mark stands in the space between them)
            text.append(" ")
        text.append("┃\n", style=BORDER_STYLE)
    text.append_text(rule("┗", "┻", "┛"))
    return text


def on_background(style: str, background: str) -> str:
    """A digit's style on a cell's background: fixed colours (ON_BACKGROUND) that keep their contrast on every
    background drawn (render.variant_marks.LINE_STYLES and the group backgrounds), whatever the terminal's own
    colours are."""
    if not background:
        return style
    return f"{ON_BACKGROUND.get(style, style)} {background}"


def cell_symbol(puzzle, values: Optional[Sequence[int]], cell: int, width: int, marked: frozenset = frozenset()) -> tuple:
    """(the cell's symbol right-aligned to `width`, its style): a given bold, a filled value coloured (a marked
    cell reversed), a blank '·'."""
    given = puzzle.values[cell]
    value = given or (values[cell] if values else 0)
    symbol = puzzle.alphabet[value - 1] if value else BLANK
    if cell in marked:
        return symbol.rjust(width), MARKED_STYLE
    return symbol.rjust(width), GIVEN_STYLE if given else (FILLED_STYLE if value else BORDER_STYLE)


@dataclass(frozen=True)
class Look:
    """What a variant's Rules add to the grid: regions and cages (a number per cell), cage sums by first cell,
    marked cells (cell -> left and right characters, background), the kinds of extra groups ('diagonal', ...),
    and the constraints' marks on walls, corners and beside the grid (render.variant_marks)."""

    walled: bool  # every wall drawn (jigsaw regions, cages or marks), not just the boxes
    region: tuple
    cage: tuple
    sums: dict
    marks: dict
    kinds: tuple
    legend: Optional[Text] = None
    walls: dict = field(default_factory=dict)  # (cell, cell) -> (character, style)
    corners: dict = field(default_factory=dict)  # (row, col) junction -> (character, style)
    outside: dict = field(default_factory=dict)  # (row, col) beside the grid -> (clue, style)

    def wall(self, side: int, a: tuple, b: tuple) -> int:
        """The weight of the wall between (row, col) positions a and b, either of which may lie outside."""
        inside = [0 <= r < side and 0 <= c < side for r, c in (a, b)]
        if not any(inside):
            return NONE
        if not all(inside):
            return HEAVY
        first, second = a[0] * side + a[1], b[0] * side + b[1]
        same_region = self.region[first] == self.region[second]
        if self.cage[first] == self.cage[second]:
            return NONE if same_region else DASHED
        return LIGHT if same_region else HEAVY


@lru_cache(maxsize=32)
def variant_look(rules) -> Look:
    """How a set of Rules is drawn (worked out once per rules)."""
    shape = rules.shape
    drawn = constraint_marks(shape.side, rules.constraints)
    cages = drawn.cages
    region = numbering(rules.regions or shape.boxes, shape.cells)
    cage = numbering(list(cages), shape.cells)
    sums = {min(cells): total for cells, total in cages.items() if total is not None}
    marks, kinds = group_marks(rules)
    marks.update((cell, merged(marks.get(cell), mark)) for cell, mark in drawn.cells.items())
    walled = bool(rules.regions or cages or marks or drawn.walls or drawn.corners or drawn.outside)
    look = Look(walled, region, cage, sums, marks, kinds, None, drawn.walls, drawn.corners, drawn.outside)
    return replace(look, legend=legend(rules, look, drawn))


def merged(old: Optional[tuple], new: tuple) -> tuple:
    """A cell's group mark overlaid by its constraint mark: the constraint's characters and background where set."""
    if old is None:
        return new
    return tuple(n if n.strip() else o for o, n in zip(old, new))


def group_marks(rules) -> tuple:
    """(cell -> (left, right, background) for window, extra-region and diagonal cells, the kinds of the extra
    groups: the first word of their names, 'diagonal', 'window', "king's", ...)."""
    marks, kinds = {}, {}  # kinds: a dict as an ordered set
    for name, group in zip(rules.names, rules.extra_groups):
        kind = name.split(" ", 1)[0]
        kinds[kind] = None
        if kind in BRACKETS:
            marks.update((cell, BRACKETS[kind]) for cell in group if cell not in marks)
        elif kind == "diagonal":
            down, up, both = DIAGONAL
            line = down if 0 in group else up
            for cell in group:
                crossed = marks.get(cell, ("",))[0] in (down, up) and marks[cell][0] != line
                marks[cell] = (both, both, DIAGONAL_STYLE) if crossed else (line, line, DIAGONAL_STYLE)
    return marks, tuple(kinds)


def legend(rules, look: Look, drawn) -> Optional[Text]:
    """What the marks mean and which rules are not drawn: one line of kinds, then the single lines and clues named
    with their places; None when there is nothing to say."""
    entries = []
    if "diagonal" in look.kinds:
        entries.append(("╲ ╱", DIAGONAL_STYLE, " diagonals"))
    if "window" in look.kinds:
        entries.append(("[ ]", WINDOW_STYLE, " windows"))
    if "extra" in look.kinds:
        entries.append(("{ }", EXTRA_STYLE, " extra regions"))
    if rules.regions is not None:
        entries.append(("━", BORDER_STYLE, " regions"))
    if look.sums:
        entries.append(("12─", SUM_STYLE, " cage sum"))
    if drawn.cages:
        if has_dashed_wall(rules.shape.side, look):
            walls = "region" if rules.regions is not None else "box"
            entries.append(("┅", BORDER_STYLE, f" {walls} wall inside a cage"))
    entries.extend(drawn.entries)
    entries.extend(undrawn_entries(look.kinds, drawn.undrawn))
    if not entries and not drawn.items:
        return None
    text = legend_line(entries)
    if drawn.items:
        text.append("\n" if text else "")
        text.append_text(legend_line(drawn.items))
    return text


def undrawn_entries(kinds: tuple, undrawn: dict) -> list:
    """The legend's word on the rules not drawn: one sentence for a single one, else their names."""
    names = [UNDRAWN[kind] for kind in kinds if kind in UNDRAWN]
    names += [(kind, rule or "") for kind, rule in undrawn.items()]
    if len(names) == 1 and names[0][1]:
        name, what = names[0]
        return [("", "", f"{name}: {what} (not drawn)")]
    return [("", "", f"{', '.join(name for name, _ in names)}: not drawn")] if names else []


def legend_line(entries: Sequence[tuple]) -> Text:
    """Legend entries (marker, its style, words) three spaces apart, on lines of at most LEGEND_WIDTH cells (an
    entry is cut only when it is longer than a line: at a space, going on indented)."""
    text, used = Text(), 0
    for marker, style, words in entries:
        size = cell_len(marker + words)
        if used:
            newline = used + 3 + size > LEGEND_WIDTH
            text.append("\n" if newline else "   ")
            used = 0 if newline else used + 3
        text.append(marker, style=style)
        used += cell_len(marker)
        for space, piece in LEGEND_PIECE.findall(words):
            if used > 3 and used + len(space) + cell_len(piece) > LEGEND_WIDTH:
                text.append("\n   ")
                used, space = 3, ""
            text.append(space + piece, style=BORDER_STYLE)
            used += len(space) + cell_len(piece)
    return text


def has_dashed_wall(side: int, look: Look) -> bool:
    """True when a region wall runs between two cells of one cage somewhere."""
    return any(look.wall(side, (r, c), (r + dr, c + dc)) == DASHED
               for r in range(side) for c in range(side) for dr, dc in ((0, 1), (1, 0)))


def walled_grid(puzzle, values: Optional[Sequence[int]], look: Look, marked: frozenset = frozenset()) -> Text:
    """Every wall drawn by its weight, cage sums on their top walls, marked cells between their marks, clues beside
    the grid in a margin."""
    side = puzzle.shape.side
    width = max(len(ch) for ch in puzzle.alphabet)
    cell_width = max([width + 2] + [len(str(total)) + ((cell - side, cell) in look.walls)
                                    for cell, total in look.sums.items()])
    margin = max((len(clue) + 1 for clue, _ in look.outside.values()), default=0)
    text = outside_row(look, side, -1, cell_width, margin)
    for row in range(side + 1):
        text.append(" " * margin)
        text.append_text(wall_row(look, side, row, cell_width))
        if row < side:
            text.append_text(cell_row(puzzle, values, look, row, cell_width - 2, margin, marked))
    text.append_text(outside_row(look, side, side, cell_width, margin))
    return text


def outside_row(look: Look, side: int, row: int, cell_width: int, margin: int) -> Text:
    """The clues above (row -1) or below (row side) the grid, each over its column; empty when there are none."""
    if not any(r == row for r, _ in look.outside):
        return Text()
    clue, style = look.outside.get((row, -1), ("", ""))
    text = Text()
    text.append(clue.rjust(margin - 1) + " ", style=style)
    for col in range(side + 1):
        clue, style = look.outside.get((row, col), ("", ""))
        if col == side:
            text.append(" " + clue, style=style)
        else:
            text.append(" " + clue.center(cell_width), style=style)
    text.rstrip()
    text.append("\n")
    return text


def wall_row(look: Look, side: int, row: int, cell_width: int) -> Text:
    """The walls above cell row `row` (below the last row when row == side), with the cage sums, the marks on
    walls between a cell and the one above it, and the marks on corners."""
    text = Text()
    for col in range(side + 1):
        up = look.wall(side, (row - 1, col - 1), (row - 1, col))
        right = look.wall(side, (row - 1, col), (row, col))
        down = look.wall(side, (row, col - 1), (row, col))
        left = look.wall(side, (row - 1, col - 1), (row, col - 1))
        arms = [min(arm, HEAVY) for arm in (up, right, down, left)]
        text.append(*look.corners.get((row, col), (JUNCTIONS[27 * arms[0] + 9 * arms[1] + 3 * arms[2] + arms[3]],
                                                   BORDER_STYLE)))
        if col < side:
            cell = row * side + col
            total = look.sums.get(cell) if row < side else None
            label = "" if total is None else str(total)
            text.append(label, style=SUM_STYLE)
            segment = ACROSS[right] * (cell_width - len(label))
            mark, style = look.walls.get((cell - side, cell), ("", ""))
            at = max(cell_width // 2 - len(label), 0)
            text.append(segment[:at], style=BORDER_STYLE)
            text.append(mark, style=style)
            text.append(segment[at + len(mark):], style=BORDER_STYLE)
    text.append("\n")
    return text


def cell_row(puzzle, values: Optional[Sequence[int]], look: Look, row: int, width: int, margin: int = 0,
             marked: frozenset = frozenset()) -> Text:
    """One row of cells, each between its walls (or the mark on a wall), a marked cell between its marks; the
    clues beside the row in the margins."""
    side = puzzle.shape.side
    clue, style = look.outside.get((row, -1), ("", ""))
    text = Text(clue.rjust(margin - 1) + " " if margin else "", style=style)
    for col in range(side + 1):
        cell = row * side + col
        wall = (DOWN[look.wall(side, (row, col - 1), (row, col))], BORDER_STYLE)
        text.append(*look.walls.get((cell - 1, cell), wall) if 0 < col < side else wall)
        if col == side:
            break
        left, right, background = look.marks.get(cell, (" ", " ", ""))
        symbol, style = cell_symbol(puzzle, values, cell, width, marked)
        left_style = right_style = f"{ON_LINE} {background}" if background else ""
        if cell in marked and not left.strip():
            left, left_style = DIFFERS[0], f"{DIFFER_STYLE} {background}".strip()
        elif cell in marked and not right.strip():
            right, right_style = DIFFERS[1], f"{DIFFER_STYLE} {background}".strip()
        text.append(left, style=left_style)
        text.append(symbol, style=style if cell in marked else on_background(style, background))
        text.append(right, style=right_style)
    clue, style = look.outside.get((row, side), ("", ""))
    text.append(" " + clue if clue else "", style=style)
    text.append("\n")
    return text

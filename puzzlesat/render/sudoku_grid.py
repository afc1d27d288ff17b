"""A Sudoku grid for the terminal: box borders, givens bold, filled cells in colour, blanks '·'.

A variant's grid shows what its Rules add: every wall drawn, heavy between regions (jigsaw regions, or the
boxes) and light inside them; killer cages outlined (no line between two cells of a cage; a box wall that
crosses a cage dashed) with each sum on the top wall of the cage's first cell; diagonal and window cells
marked by the characters around them and a background; a one-line legend under the grid says what the marks
mean and which rules are not drawn (anti-king, anti-knight). Without such marks the grid keeps the compact box
layout.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Optional, Sequence

from rich.text import Text

GIVEN_STYLE = "bold"
FILLED_STYLE = "cyan"
MARKED_STYLE = "bold black on yellow"
BORDER_STYLE = "dim"
SUM_STYLE = "bold"
DIAGONAL_STYLE = "on navy_blue"
WINDOW_STYLE = "on grey23"

# Walls of the variant grid, by weight; a dashed wall is a region wall between two cells of one cage.
NONE, LIGHT, HEAVY, DASHED = 0, 1, 2, 3
ACROSS = " ─━┅"
DOWN = " │┃┇"
# Box-drawing junctions by their arms: index 27 * up + 9 * right + 3 * down + left, each 0 none, 1 light, 2 heavy.
JUNCTIONS = " ╴╸╷┐┑╻┒┓╶─╾┌┬┭┎┰┱╺╼━┍┮┯┏┲┳╵┘┙│┤┥╽┧┪└┴┵├┼┽┟╁╅┕┶┷┝┾┿┢╆╈╹┚┛╿┦┩┃┨┫┖┸┹┞╀╃┠╂╉┗┺┻┡╄╇┣╊╋"
UNDRAWN = {"king's": ("anti-king", "king"), "knight's": ("anti-knight", "knight")}  # group name -> variant, piece


def grid(puzzle, values: Optional[Sequence[int]] = None, rules=None, marked: frozenset = frozenset()) -> Text:
    """The puzzle drawn with box borders; `values` fills the blanks (givens stay bold), `marked` cells stand out.
    With the `rules` of a variant: its regions, cages and marked groups drawn, and a legend line under the grid."""
    look = variant_look(rules) if rules is not None else None
    if look is None or not look.walled:
        text = boxed_grid(puzzle, values, marked)
    else:
        text = walled_grid(puzzle, values, look, marked)
    if look is not None and look.legend is not None:
        text.append_text(look.legend)
        text.append("\n")
    return text


def boxed_grid(puzzle, values: Optional[Sequence[int]] = None, marked: frozenset = frozenset()) -> Text:
    """The compact grid: box borders only, the cells of a box a space apart."""
    shape = puzzle.shape
    width = max(len(ch) for ch in puzzle.alphabet)
    segment = "━" * ((width + 1) * shape.box_cols + 1)
    boxes_across = shape.side // shape.box_cols

    def rule(left: str, middle: str, right: str) -> Text:
        return Text(left + middle.join([segment] * boxes_across) + right + "\n", style=BORDER_STYLE)

    text = rule("┏", "┳", "┓")
    for row in range(shape.side):
        if row and row % shape.box_rows == 0:
            text.append_text(rule("┣", "╋", "┫"))
        for col in range(shape.side):
            if col % shape.box_cols == 0:
                text.append("┃ ", style=BORDER_STYLE)
            symbol, style = cell_symbol(puzzle, values, row * shape.side + col, width, marked)
            text.append(symbol, style=style)
            text.append(" ")
        text.append("┃\n", style=BORDER_STYLE)
    text.append_text(rule("┗", "┻", "┛"))
    return text


def cell_symbol(puzzle, values: Optional[Sequence[int]], cell: int, width: int, marked: frozenset = frozenset()) -> tuple:
    """(the cell's symbol right-aligned to `width`, its style): a given bold, a filled value coloured (a marked
    cell reversed), a blank '·'."""
    given = puzzle.values[cell]
    value = given or (values[cell] if values else 0)
    symbol = puzzle.alphabet[value - 1] if value else "·"
    if cell in marked:
        return symbol.rjust(width), MARKED_STYLE
    return symbol.rjust(width), GIVEN_STYLE if given else (FILLED_STYLE if value else BORDER_STYLE)


@dataclass(frozen=True)
class Look:
    """What a variant's Rules add to the grid: regions and cages (a number per cell), cage sums by first cell,
    marked cells (cell -> left and right characters, background), the kinds of extra groups ('diagonal', ...)."""

    walled: bool  # every wall drawn (jigsaw regions, cages or marked cells), not just the boxes
    region: tuple
    cage: tuple
    sums: dict
    marks: dict
    kinds: tuple
    legend: Optional[Text] = None

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
    region = numbering(rules.regions or shape.boxes, shape.cells)
    cage = numbering([cells for cells, _ in rules.sums], shape.cells)
    sums = {min(cells): total for cells, total in rules.sums}
    marks, kinds = group_marks(rules)
    look = Look(bool(rules.regions or sums or marks), region, cage, sums, marks, kinds)
    return replace(look, legend=legend(rules, look))


def numbering(groups: Sequence[Sequence[int]], cells: int) -> tuple:
    """The number of the group each cell is in; a cell in none gets a number of its own."""
    number = [-1 - cell for cell in range(cells)]
    for index, group in enumerate(groups):
        for cell in group:
            number[cell] = index
    return tuple(number)


def group_marks(rules) -> tuple:
    """(cell -> (left, right, background) for window and diagonal cells, the kinds of the extra groups: the first
    word of their names, 'diagonal', 'window', "king's", ...)."""
    marks, kinds = {}, {}  # kinds: a dict as an ordered set
    for name, group in zip(rules.names, rules.extra_groups):
        kind = name.split(" ", 1)[0]
        kinds[kind] = None
        if kind == "window":
            marks.update((cell, ("[", "]", WINDOW_STYLE)) for cell in group if cell not in marks)
        elif kind == "diagonal":
            line = "╲" if 0 in group else "╱"
            for cell in group:
                crossed = marks.get(cell, ("",))[0] in ("╲", "╱") and marks[cell][0] != line
                marks[cell] = ("╳", "╳", DIAGONAL_STYLE) if crossed else (line, line, DIAGONAL_STYLE)
    return marks, tuple(kinds)


def legend(rules, look: Look) -> Optional[Text]:
    """One line saying what the marks mean and which rules are not drawn, or None when there is nothing to say."""
    entries = []
    if "diagonal" in look.kinds:
        entries.append(("╲ ╱", DIAGONAL_STYLE, " diagonals"))
    if "window" in look.kinds:
        entries.append(("[ ]", WINDOW_STYLE, " windows"))
    if rules.regions is not None:
        entries.append(("━", BORDER_STYLE, " regions"))
    if rules.sums:
        entries.append(("12─", SUM_STYLE, " cage sum"))
        if has_dashed_wall(rules.shape.side, look):
            walls = "region" if rules.regions is not None else "box"
            entries.append(("┅", BORDER_STYLE, f" {walls} wall inside a cage"))
    undrawn = [UNDRAWN[kind] for kind in look.kinds if kind in UNDRAWN]
    if len(undrawn) == 1:
        name, piece = undrawn[0]
        entries.append(("", "", f"{name}: no repeat a {piece}'s move apart (not drawn)"))
    elif undrawn:
        entries.append(("", "", f"{', '.join(name for name, _ in undrawn)}: not drawn"))
    if not entries:
        return None
    text = Text()
    for marker, style, words in entries:
        if text:
            text.append("   ")
        text.append(marker, style=style)
        text.append(words, style=BORDER_STYLE)
    return text


def has_dashed_wall(side: int, look: Look) -> bool:
    """True when a region wall runs between two cells of one cage somewhere."""
    return any(look.wall(side, (r, c), (r + dr, c + dc)) == DASHED
               for r in range(side) for c in range(side) for dr, dc in ((0, 1), (1, 0)))


def walled_grid(puzzle, values: Optional[Sequence[int]], look: Look, marked: frozenset = frozenset()) -> Text:
    """Every wall drawn by its weight, cage sums on their top walls, marked cells between their marks."""
    side = puzzle.shape.side
    width = max(len(ch) for ch in puzzle.alphabet)
    cell_width = max([width + 2] + [len(str(total)) for total in look.sums.values()])
    text = Text()
    for row in range(side + 1):
        text.append_text(wall_row(look, side, row, cell_width))
        if row < side:
            text.append_text(cell_row(puzzle, values, look, row, cell_width - 2, marked))
    return text


def wall_row(look: Look, side: int, row: int, cell_width: int) -> Text:
    """The walls above cell row `row` (below the last row when row == side), with the cage sums written on them."""
    text = Text()
    for col in range(side + 1):
        up = look.wall(side, (row - 1, col - 1), (row - 1, col))
        right = look.wall(side, (row - 1, col), (row, col))
        down = look.wall(side, (row, col - 1), (row, col))
        left = look.wall(side, (row - 1, col - 1), (row, col - 1))
        arms = [min(arm, HEAVY) for arm in (up, right, down, left)]
        text.append(JUNCTIONS[27 * arms[0] + 9 * arms[1] + 3 * arms[2] + arms[3]], style=BORDER_STYLE)
        if col < side:
            total = look.sums.get(row * side + col) if row < side else None
            label = "" if total is None else str(total)
            text.append(label, style=SUM_STYLE)
            text.append(ACROSS[right] * (cell_width - len(label)), style=BORDER_STYLE)
    text.append("\n")
    return text


def cell_row(puzzle, values: Optional[Sequence[int]], look: Look, row: int, width: int,
             marked: frozenset = frozenset()) -> Text:
    """One row of cells, each between its walls, a marked cell between its marks."""
    side = puzzle.shape.side
    text = Text()
    for col in range(side + 1):
        text.append(DOWN[look.wall(side, (row, col - 1), (row, col))], style=BORDER_STYLE)
        if col == side:
            break
        cell = row * side + col
        left, right, background = look.marks.get(cell, (" ", " ", ""))
        symbol, style = cell_symbol(puzzle, values, cell, width, marked)
        text.append(left, style=background)
        text.append(symbol, style=f"{style} {background}".strip())
        text.append(right, style=background)
    text.append("\n")
    return text

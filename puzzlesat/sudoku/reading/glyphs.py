"""The characters puzzlesat draws Sudoku grids with: render/ draws with them, sudoku/drawn.py reads drawn grids back
by them. One table, so that a mark the renderer learns is a mark the reader knows (tests/sudoku/reading/test_drawn.py
draws every kind of mark and reads it back).

Where they stand on a walled grid (render/sudoku_grid.py): a cell is its left mark, its digit and its right mark;
walls and corners lie between cells; clue numbers stand beside the grid.
"""

from __future__ import annotations

BLANK = "·"  # an empty cell, or a candidate that is not there

# Walls by weight (none, light, heavy, dashed: a region wall between two cells of one cage) and their junctions.
ACROSS = " ─━┅"
DOWN = " │┃┇"
# Box-drawing junctions by their arms: index 27 * up + 9 * right + 3 * down + left, each 0 none, 1 light, 2 heavy.
JUNCTIONS = " ╴╸╷┐┑╻┒┓╶─╾┌┬┭┎┰┱╺╼━┍┮┯┏┲┳╵┘┙│┤┥╽┧┪└┴┵├┼┽┟╁╅┕┶┷┝┾┿┢╆╈╹┚┛╿┦┩┃┨┫┖┸┹┞╀╃┠╂╉┗┺┻┡╄╇┣╊╋"
BOX_DRAWING = frozenset(map(chr, range(0x2500, 0x2580)))

# Marks beside a digit (left, right).
DIAGONAL = ("╲", "╱", "╳")  # a cell on the main diagonal, the anti-diagonal, both
WINDOW = ("[", "]")
EXTRA_REGION = ("{", "}")
ROUND = ("(", ")")  # a thermometer's bulb, an arrow's circle, a between line's or double arrow's ends
LOCKOUT_ENDS = ("◇", "◇")
CLONE = "≡"
CELL_CLUES = {"odd cell": "◯", "even cell": "□", "maximum": "▲", "minimum": "▼"}
INDEXERS = {"column indexer": "↔", "row indexer": "↕", "box indexer": "⊞"}  # the line a digit indexes
OTHER_INDEXER = "#"
DIFFERS = ("›", "‹")  # a cell where two solutions differ, marked left of its digit (right when the left is taken)

# Marks on the wall between two cells (a line's steps, dots, pair clues) and on corners.
THERMO = ("<", ">", "∧", "∨")  # connectors right, left, down, up: the point towards the lower digit
SLOW_THERMO = ("≤", "≥", "∧", "∨")
ARROW = ("→", "←", "↓", "↑")  # away from the circle
LINE = ("═", "═", "║", "║")
KROPKI = {"white": "○", "black": "●"}
XV = {10: "X", 5: "V"}
LONG_NUMBER = "◆"  # a pair clue whose number does not fit on a wall: the legend names it
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")  # a ratio's number
QUADRUPLE = "◎"
DIGITS = "0123456789"  # a difference or a sum on a wall, a cage's total on its top wall

# A pencil-mark mini-grid (sudoku/pencil.py): rules as (stroke, junction inside a box, junction between boxes).
MINI_TOP = ("━", "┯", "┳")
MINI_ROW = ("─", "┼", "╂")
MINI_BAND = ("━", "┿", "╋")
MINI_BOTTOM = ("━", "┷", "┻")
MINI_WALLS = ("│", "┃")  # between two cells of a box, between boxes

CELL_MARKS = frozenset(" " + "".join(DIAGONAL + WINDOW + EXTRA_REGION + ROUND + LOCKOUT_ENDS + DIFFERS) + CLONE
                       + "".join(CELL_CLUES.values()) + "".join(INDEXERS.values()) + OTHER_INDEXER)
WALL_MARKS = frozenset("".join(THERMO + SLOW_THERMO + ARROW + LINE) + "".join(KROPKI.values())
                       + "".join(XV.values()) + LONG_NUMBER + DIGITS + "⁰¹²³⁴⁵⁶⁷⁸⁹")
WALL_ROW = BOX_DRAWING | WALL_MARKS | {QUADRUPLE, " "}  # what a line of walls between two rows of cells may hold
CORNERS = frozenset(JUNCTIONS + "".join(DIAGONAL) + QUADRUPLE)  # what stands where four cells meet
CELL_WALLS = BOX_DRAWING | WALL_MARKS | {" "}  # what may stand between two cells of a row

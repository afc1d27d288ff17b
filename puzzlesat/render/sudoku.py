"""Sudoku grids for the terminal: box borders, givens in bold, filled cells in colour."""

from __future__ import annotations

from collections import Counter
from typing import Optional, Sequence

from rich.console import Group
from rich.text import Text

STATUS_STYLES = {
    "solved": "bold green",
    "multiple": "bold yellow",
    "unsat": "bold red",
    "invalid": "bold red",
    "timeout": "bold magenta",
}
GIVEN_STYLE = "bold"
FILLED_STYLE = "cyan"
BORDER_STYLE = "dim"


def grid(puzzle, values: Optional[Sequence[int]] = None) -> Text:
    """The puzzle drawn with box borders; `values` fills the blanks (givens stay bold)."""
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
            cell = row * shape.side + col
            given = puzzle.values[cell]
            value = given or (values[cell] if values else 0)
            symbol = puzzle.alphabet[value - 1] if value else "·"
            style = GIVEN_STYLE if given else (FILLED_STYLE if value else BORDER_STYLE)
            text.append(symbol.rjust(width), style=style)
            text.append(" ")
        text.append("┃\n", style=BORDER_STYLE)
    text.append_text(rule("┗", "┻", "┛"))
    return text


def status_text(record, result, counting: bool = False) -> Text:
    """'puzzles.txt:3  solved, unique' with the status coloured."""
    text = Text(f"{record.where}  ", style="bold")
    text.append(result.status, style=STATUS_STYLES.get(result.status, ""))
    if result.status == "solved":
        text.append({True: ", unique", False: "", None: ", uniqueness not checked"}[result.unique])
    if counting and result.solutions is not None:
        text.append(f", {result.solutions} solution{'s' if result.solutions != 1 else ''} counted")
    if result.error:
        text.append(f": {result.error}")
    return text


def result_view(record, result, counting: bool = False) -> Group:
    """The status line, then the grid (solved where there is a solution)."""
    parts = [status_text(record, result, counting)]
    if record.puzzle is not None:
        parts.append(grid(record.puzzle, result.solution))
    return Group(*parts)


def summary(tally: Counter) -> Text:
    """'12 puzzles: 11 solved, 1 multiple'."""
    total = sum(tally.values())
    parts = [f"{tally[status]} {status}" for status in STATUS_STYLES if tally[status]]
    return Text(f"{total} puzzle{'s' if total != 1 else ''}: " + ", ".join(parts), style="bold")

"""Minesweeper analyses for the terminal: the board with certain cells, a probability heatmap, a legend."""

from __future__ import annotations

from fractions import Fraction
from typing import Optional

from rich.color import Color
from rich.console import Group
from rich.style import Style
from rich.text import Text

from puzzlesat.mines.analysis import Analysis
from puzzlesat.mines.board import FLAG, Board

NUMBER_STYLES = {1: "bold blue", 2: "bold green", 3: "bold red", 4: "bold magenta", 5: "bold dark_red",
                 6: "bold cyan", 7: "bold white", 8: "bold grey50"}
SAFE_STYLE = "bold black on green3"
MINE_STYLE = "bold white on red3"
FLAG_STYLE = "bold red"
CONFLICT_STYLE = "bold white on red"
BEST_STYLE = "bold reverse"
STATUS_STYLES = {"consistent": "bold green", "inconsistent": "bold red", "timeout": "bold magenta"}
LEGEND_STOPS = (0.02, 0.1, 0.25, 0.5, 0.75, 0.98)


def analysis_view(board: Board, analysis: Analysis, heatmap: bool, title: Optional[str] = None) -> Group:
    """The board drawn with what the analysis found, then a legend and a summary."""
    heatmap = heatmap and analysis.probabilities is not None
    parts = [Text(title, style="bold")] if title else []
    parts += [board_text(board, analysis, heatmap), legend(heatmap), summary(board, analysis)]
    return Group(*parts)


def board_text(board: Board, analysis: Analysis, heatmap: bool) -> Text:
    """Column numbers on top, row numbers on the left, one cell every 3 (or 4 with the heatmap) columns."""
    width = 4 if heatmap else 3
    safe, mines = set(analysis.safe), set(analysis.mines)
    conflict = set(analysis.conflict or ())
    text = Text()
    text.append(" " * 4 + "".join(str(c).center(width) for c in range(board.width)) + "\n", style="dim")
    for r in range(board.height):
        text.append(f"{r:>3} ", style="dim")
        for c in range(board.width):
            label, style = _cell(board, analysis, (r, c), safe, mines, conflict, heatmap)
            if (r, c) == analysis.best:
                label, style = f"[{label.strip().rstrip('%')}]", Style.parse(str(style or "")) + Style.parse(BEST_STYLE)
            text.append(label.center(width), style=style)
        text.append("\n")
    return text


def _cell(board: Board, analysis: Analysis, cell: tuple, safe, mines, conflict, heatmap: bool) -> tuple:
    """The label and style of one cell."""
    value = board[cell]
    if value == FLAG:
        return "F", FLAG_STYLE
    if value >= 0:
        if cell in conflict:
            return f"({value})", CONFLICT_STYLE
        return ("·" if value == 0 else str(value)), NUMBER_STYLES.get(value, "dim")
    if cell in safe:
        return "S", SAFE_STYLE
    if cell in mines:
        return "M", MINE_STYLE
    if heatmap:
        p = analysis.probabilities[cell[0]][cell[1]]
        return f"{min(99, max(1, round(100 * p)))}%", _heat(p)
    return "?", "dim"


def _heat(p: Fraction) -> Style:
    """Black text on a background from green (safe) through yellow to red (a mine)."""
    x = float(p)
    red, green = (int(255 * min(1, 2 * x)), 200) if x < 0.5 else (255, int(200 * min(1, 2 * (1 - x))))
    return Style(color="black", bgcolor=Color.from_rgb(red, green, 0))


def legend(heatmap: bool) -> Text:
    """What the marks (and colours) mean."""
    text = Text()
    text.append(" S ", style=SAFE_STYLE).append(" safe  ")
    text.append(" M ", style=MINE_STYLE).append(" mine  ")
    text.append(" F ", style=FLAG_STYLE).append(" flag  ")
    if not heatmap:
        text.append(" ? ", style="dim").append(" undecided  ")
    text.append("[ ]", style=BEST_STYLE).append(" recommended  ")
    text.append("(n)", style=CONFLICT_STYLE).append(" conflict")
    if heatmap:
        text.append("\nmine chance: ")
        for stop in LEGEND_STOPS:
            text.append(f"{round(100 * stop):>3}%", style=_heat(Fraction(stop))).append(" ")
    return text


def summary(board: Board, analysis: Analysis) -> Text:
    """Status, counts, the recommended move and any note, a few short lines."""
    text = Text()
    text.append(analysis.status, style=STATUS_STYLES.get(analysis.status, "bold"))
    total = "unknown number of" if board.total_mines is None else str(board.total_mines)
    text.append(f": {board.width}x{board.height}, {total} mines")
    if analysis.status in ("consistent", "timeout"):
        if analysis.layouts is not None:
            text.append(f", {_big(analysis.layouts)} layouts")
        mines = len(analysis.mines)
        how = "certain" if analysis.status == "consistent" else "certain by single numbers"
        text.append(f"\n{how}: {len(analysis.safe)} safe, {mines} mine{'' if mines == 1 else 's'}")
        text.append("\n" + _best_line(analysis))
    elif analysis.status == "inconsistent" and analysis.conflict is not None:
        cells = ", ".join(f"({r}, {c})" for r, c in analysis.conflict) or "none"
        text.append(f"\nthese numbers cannot all be true: {cells}")
        if analysis.conflict_total:
            text.append(f"\n(together with the total of {board.total_mines} mines)")
    if analysis.note:
        text.append(f"\nnote: {analysis.note}", style="yellow")
    return text


def _best_line(analysis: Analysis) -> str:
    """The recommended move in words."""
    if analysis.best is None:
        return "no move to recommend"
    r, c = analysis.best
    if analysis.best in analysis.safe:
        return f"recommended: open ({r}, {c}), certainly safe"
    if analysis.probabilities is None:
        return f"recommended guess: ({r}, {c})"
    p = analysis.probabilities[r][c]
    return f"recommended guess: ({r}, {c}), mine chance {p.numerator}/{p.denominator} ≈ {float(p):.1%}"


def _big(n: int) -> str:
    """A count, in scientific notation when long."""
    digits = str(n)
    return digits if len(digits) < 10 else f"{digits[0]}.{digits[1:4]}e{len(digits) - 1}"

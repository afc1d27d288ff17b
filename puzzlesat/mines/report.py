"""Analyses as plain data: the JSON record of one board, and of a strategy's advice on it; the `line` text."""

from __future__ import annotations

from fractions import Fraction
from typing import Optional

from puzzlesat.mines.advice import Advice
from puzzlesat.mines.analysis import CONSISTENT, Analysis
from puzzlesat.mines.board import Board, Position

NONE = "-"  # an empty field of a `line`: never blank, so that `read` in a shell keeps the fields apart


def to_record(board: Board, analysis: Analysis) -> dict:
    """The analysis as a JSON-ready dict (positions as [row, col], exact fractions as "num/den" strings;
    `consistent` is null when the time ran out before a layout was found; `dead` and `fifty_fifties` are null
    when they were not looked for: no total, or a board not found consistent; `unjudged`, the cells of huge parts
    left living without a verdict, [] when there are none)."""
    chances = analysis.probabilities
    return {
        "status": analysis.status,
        "consistent": analysis.consistent,
        "width": board.width,
        "height": board.height,
        "total_mines": board.total_mines,
        "safe": [list(cell) for cell in analysis.safe],
        "mines": [list(cell) for cell in analysis.mines],
        "probabilities": None if chances is None else [[_float(p) for p in row] for row in chances],
        "exact": None if chances is None else [[_fraction(p) for p in row] for row in chances],
        "best": None if analysis.best is None else list(analysis.best),
        "conflict": None if analysis.conflict is None else [list(cell) for cell in analysis.conflict],
        "conflict_total": analysis.conflict_total,
        "layouts": None if analysis.layouts is None else str(analysis.layouts),
        "dead": None if analysis.dead is None else [list(cell) for cell in analysis.dead],
        "fifty_fifties": None if analysis.fifty_fifties is None else [[list(a), list(b)] for a, b in analysis.fifty_fifties],
        "unjudged": None if analysis.unjudged is None else [list(cell) for cell in analysis.unjudged],
        "note": analysis.note,
    }


def advice_record(advice: Optional[Advice], note: Optional[str]) -> dict:
    """The advice of `mines analyze --strategy` as two keys: `advice` (Advice.record(), or null when there is
    none) and `advice_note` (why there is none, else null)."""
    return {"advice": None if advice is None else advice.record(), "advice_note": note}


def to_line(analysis: Analysis, advice: Optional[Advice] = None, advised: bool = False) -> str:
    """One tab-separated line: the status, the recommended move as row,col (with `advised`, the strategy's on a
    consistent board), its mine chance, the certain safe cells and the certain mines (space-separated row,col);
    NONE for what there is not."""
    move, chance = analysis.best, None
    if advised and analysis.status == CONSISTENT:
        move, chance = (None, None) if advice is None else (advice.cell, advice.probability)
    elif move is not None:
        chance = Fraction(0) if move in analysis.safe else _chance(analysis, move)
    fields = [analysis.status, _cells([] if move is None else [move]),
              NONE if chance is None else f"{float(chance):.6g}", _cells(analysis.safe), _cells(analysis.mines)]
    return "\t".join(fields)


def invalid_line() -> str:
    """The `line` of a board that could not be read."""
    return "\t".join(["invalid", NONE, NONE, NONE, NONE])


def _chance(analysis: Analysis, cell: Position) -> Optional[Fraction]:
    """The mine probability of a cell, when known."""
    return None if analysis.probabilities is None else analysis.probabilities[cell[0]][cell[1]]


def _cells(cells) -> str:
    """Cells as 'row,col row,col', or NONE."""
    return " ".join(f"{r},{c}" for r, c in cells) or NONE


def _float(p: Optional[Fraction]) -> Optional[float]:
    """A probability as a float (exact for 0 and 1; see "exact" for the fraction)."""
    return None if p is None else float(p)


def _fraction(p: Optional[Fraction]) -> Optional[str]:
    """A probability as "num/den"."""
    return None if p is None else f"{p.numerator}/{p.denominator}"

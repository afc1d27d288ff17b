"""Analyses as plain data: the JSON record of one board, and of a strategy's advice on it."""

from __future__ import annotations

from fractions import Fraction
from typing import Optional

from puzzlesat.mines.advice import Advice
from puzzlesat.mines.analysis import Analysis
from puzzlesat.mines.board import Board


def to_record(board: Board, analysis: Analysis) -> dict:
    """The analysis as a JSON-ready dict (positions as [row, col], exact fractions as "num/den" strings;
    `consistent` is null when the time ran out before a layout was found)."""
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
        "note": analysis.note,
    }


def advice_record(advice: Optional[Advice], note: Optional[str]) -> dict:
    """The advice of `mines analyze --strategy` as two keys: `advice` (Advice.record(), or null when there is
    none) and `advice_note` (why there is none, else null)."""
    return {"advice": None if advice is None else advice.record(), "advice_note": note}


def _float(p: Optional[Fraction]) -> Optional[float]:
    """A probability as a float (exact for 0 and 1; see "exact" for the fraction)."""
    return None if p is None else float(p)


def _fraction(p: Optional[Fraction]) -> Optional[str]:
    """A probability as "num/den"."""
    return None if p is None else f"{p.numerator}/{p.denominator}"

"""Analysing boards in batches, in this process or in worker processes (what crosses the boundary)."""

from __future__ import annotations

import time
from typing import Optional

from puzzlesat.sat import Budget


def analyze_records(heatmap: bool, time_limit: Optional[float], records: list) -> list:
    """(record, analysis or None, error or None, milliseconds) for each board record, in order."""
    from puzzlesat.mines.analyze import NO_TOTAL, analyze

    budget = Budget(seconds=time_limit) if time_limit else None
    out = []
    for record in records:
        error = record.error
        if error is None and heatmap and record.board.total_mines is None:
            error = f"{record.source}: {NO_TOTAL}"
        if error is not None:
            out.append((record, None, error, 0.0))
            continue
        started = time.perf_counter()
        analysis = analyze(record.board, probabilities=True, budget=budget)
        out.append((record, analysis, None, (time.perf_counter() - started) * 1000))
    return out


def worker_died(record, message: str) -> tuple:
    """The stand-in for a board whose worker process died."""
    return record, None, f"{record.source}: {message}", 0.0

"""The loop that turns board records into answers, in input order, through the one batch pipeline.

Runs in this process or in worker processes (puzzlesat.parallel: order kept, memory bounded, the first
moments in-process so small inputs never start workers). Boards travel to workers as they were read.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Iterable, Iterator, NamedTuple, Optional

from puzzlesat.budget import Budget
from puzzlesat.mines.analysis import NO_TOTAL, Analysis, analyze
from puzzlesat.mines.reader import BoardRecord
from puzzlesat.parallel import ordered_map


class Answer(NamedTuple):
    """The answer to one board record: its analysis, or why there is none, and how long it took."""

    record: BoardRecord
    analysis: Optional[Analysis] = None
    error: Optional[str] = None  # "file:line[:column]: what is wrong"
    milliseconds: float = 0.0


def answer_board(record: BoardRecord, probabilities: bool, budget: Optional[Budget]) -> Answer:
    """Analyse one record; a record that could not be read (or lacks the total probabilities need) answers an error."""
    error = record.error
    if error is None and probabilities and record.board.total_mines is None:
        error = f"{record.where}: {NO_TOTAL}"
    if error is not None:
        return Answer(record, error=error)
    started = time.perf_counter()
    analysis = analyze(record.board, probabilities=True, budget=budget)
    return Answer(record, analysis, milliseconds=(time.perf_counter() - started) * 1000)


def _answer_chunk(plan: tuple, records: list) -> list:
    """Answers for a chunk of records (what a worker runs)."""
    probabilities, timeout = plan
    budget = None if timeout is None else Budget(seconds=timeout)
    return [answer_board(record, probabilities, budget) for record in records]


def _died(record: BoardRecord, message: str) -> Answer:
    """The stand-in for a board whose worker process died."""
    return Answer(record, error=f"{record.where}: {message}")


def answers(records: Iterable[BoardRecord], probabilities: bool = True, timeout: Optional[float] = None,
            jobs: int = 1) -> Iterator[Answer]:
    """An Answer for every record, in input order; each board's analysis may take `timeout` seconds (None: no limit)."""
    work = partial(_answer_chunk, (probabilities, timeout))
    done = ordered_map(work, records, jobs, chunk_size=16, on_failure=_died)
    try:
        yield from done
    finally:
        done.close()

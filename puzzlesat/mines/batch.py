"""The loop that turns board records into answers, in input order, through the one batch pipeline.

Runs in this process or in worker processes (puzzlesat.parallel: order kept, memory bounded, the first
moments in-process so small inputs never start workers). Boards travel to workers as they were read, and the
options as plain values (a strategy by its name).
"""

from __future__ import annotations

import time
from functools import partial
from typing import Iterable, Iterator, NamedTuple, Optional

from puzzlesat.budget import Budget
from puzzlesat.errors import Inconsistent
from puzzlesat.mines.advice import Advice, advise
from puzzlesat.mines.analysis import CONSISTENT, NO_TOTAL, TIMEOUT, Analysis, analyze
from puzzlesat.mines.reader import BoardRecord
from puzzlesat.parallel import ordered_map

NO_MOVE = "no move to make: every hidden cell is certainly a mine"
NOT_CONSISTENT = "no advice for a board whose numbers cannot all be true"
NOT_FINISHED = "no advice: the time limit ran out before the analysis finished"


class Answer(NamedTuple):
    """The answer to one board record: its analysis, or why there is none, how long it took, and (when a strategy
    was asked for) its advice or why there is none."""

    record: BoardRecord
    analysis: Optional[Analysis] = None
    error: Optional[str] = None  # "file:line[:column]: what is wrong"
    milliseconds: float = 0.0
    advice: Optional[Advice] = None
    advice_note: Optional[str] = None  # why there is no advice (a strategy was asked for)


def answer_board(record: BoardRecord, probabilities: bool, budget: Optional[Budget], strategy: Optional[str] = None,
                 check: bool = False, exact_dead: bool = False) -> Answer:
    """Analyse one record (and advise with `strategy`); a record that could not be read (or lacks the total
    probabilities need) answers an error."""
    error = record.error
    if error is None and probabilities and record.board.total_mines is None:
        error = f"{record.where}: {NO_TOTAL}"
    if error is not None:
        return Answer(record, error=error)
    started = time.perf_counter()
    analysis = analyze(record.board, probabilities=True, budget=budget, check=check, patterns=True,
                       exact_dead=exact_dead)
    advice, note = (None, None) if strategy is None else advice_for(record, analysis, strategy)
    return Answer(record, analysis, milliseconds=(time.perf_counter() - started) * 1000, advice=advice,
                  advice_note=note)


def advice_for(record: BoardRecord, analysis: Analysis, strategy: str) -> tuple:
    """(advice, None), or (None, why there is none) for a board the analysis found inconsistent or left unfinished,
    one without a total, or one with nothing left to open."""
    if analysis.status != CONSISTENT:
        return None, NOT_FINISHED if analysis.status == TIMEOUT else NOT_CONSISTENT
    try:
        advice = advise(record.board, strategy)
    except (ValueError, Inconsistent) as error:
        return None, str(error)
    return advice, (NO_MOVE if advice is None else None)


def _answer_chunk(plan: tuple, records: list) -> list:
    """Answers for a chunk of records (what a worker runs)."""
    probabilities, timeout, strategy, check, exact_dead = plan
    budget = None if timeout is None else Budget(seconds=timeout)
    return [answer_board(record, probabilities, budget, strategy, check, exact_dead) for record in records]


def _died(record: BoardRecord, message: str) -> Answer:
    """The stand-in for a board whose worker process died."""
    return Answer(record, error=f"{record.where}: {message}")


def answers(records: Iterable[BoardRecord], probabilities: bool = True, timeout: Optional[float] = None,
            jobs: int = 1, strategy: Optional[str] = None, check: bool = False,
            exact_dead: bool = False) -> Iterator[Answer]:
    """An Answer for every record, in input order; each board's analysis may take `timeout` seconds (None: no
    limit). `strategy` (a name of puzzlesat.mines.strategy.STRATEGIES) adds its advice to every consistent board;
    `check` cross-checks the exact counts with SAT; `exact_dead` judges every cell of a huge part for dead cells
    (puzzlesat.mines.analysis.analyze)."""
    work = partial(_answer_chunk, (probabilities, timeout, strategy, check, exact_dead))
    done = ordered_map(work, records, jobs, chunk_size=16, on_failure=_died)
    try:
        yield from done
    finally:
        done.close()

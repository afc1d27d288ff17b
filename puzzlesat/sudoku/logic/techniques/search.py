"""The step after every technique: search, proved by SAT, so that an explanation always goes to the end.

When no technique of Sudoku Explainer's list applies (SE then stops with "beyond solver" and rates 20.0), the
cell with the fewest candidates is tried digit by digit: the SAT solver shows, for each digit, whether any
solution of the rules agrees with the board and that digit. The digits that lead to none are removed (all but
one: the cell's value is placed). Its difficulty is SE's 20.0, so a puzzle that needs it rates as SE rates it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from puzzlesat.sat import Session
from puzzlesat.sudoku.logic.candidates import CandidateGrid
from puzzlesat.sudoku.solving.encode import clauses
from puzzlesat.sudoku.model.literals import literals
from puzzlesat.sudoku.model.rules import Rules
from puzzlesat.sudoku.logic.steps import Step

SEARCH = "Search"
SEARCH_DIFFICULTY = 20.0


@lru_cache(maxsize=4)
def _session(rules: Rules) -> Session:
    """One incremental session holding the rules, kept for the process."""
    return Session(clauses(rules, "extended"), rules.top)


def search(board: CandidateGrid) -> Iterator[Step]:
    """The digits of the cell with the fewest candidates that no solution allows, removed (or the one that
    every solution has, placed); nothing when every digit still has a solution (no unique answer)."""
    cells = [c for c in range(len(board.values)) if not board.values[c]]
    if not cells:
        return
    cell = min(cells, key=lambda c: (bin(board.cands[c]).count("1"), c))
    table = literals(board.rules.shape)
    stated = _assumptions(board, table)
    digits = [d for d in range(1, board.layout.side + 1) if board.cands[cell] >> (d - 1) & 1]
    session = _session(board.rules)
    dead = [d for d in digits if session.solve(stated + [table.var(cell, d)]) is False]
    if not dead:
        return
    alive = [d for d in digits if d not in dead]
    if len(alive) == 1:
        yield Step(SEARCH, SEARCH_DIFFICULTY, placements=((cell, alive[0]),), cells=(cell,), digits=tuple(digits))
    elif alive:
        yield Step(SEARCH, SEARCH_DIFFICULTY, eliminations=tuple((cell, d) for d in dead), cells=(cell,),
                   digits=tuple(digits))


def several_solutions(board: CandidateGrid) -> bool:
    """True when SAT shows two solutions of the board: two digits of its cell with the fewest candidates each
    complete to one."""
    cells = [c for c in range(len(board.values)) if not board.values[c]]
    if not cells:
        return False
    cell = min(cells, key=lambda c: (bin(board.cands[c]).count("1"), c))
    table = literals(board.rules.shape)
    stated = _assumptions(board, table)
    session = _session(board.rules)
    alive = 0
    for digit in range(1, board.layout.side + 1):
        if board.cands[cell] >> (digit - 1) & 1 and session.solve(stated + [table.var(cell, digit)]) is not False:
            alive += 1
            if alive == 2:
                return True
    return False


def _assumptions(board: CandidateGrid, table) -> list:
    """The board as literals: placed values true, removed candidates false."""
    stated = []
    side = board.layout.side
    for cell, (value, mask) in enumerate(zip(board.values, board.cands)):
        if value:
            stated.append(table.var(cell, value))
        else:
            stated.extend(-table.var(cell, d) for d in range(1, side + 1) if not mask >> (d - 1) & 1)
    return stated

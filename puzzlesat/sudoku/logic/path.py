"""The solving path: from the givens, the next step SE's way (the first step of the first technique that has one),
applied, again and again until the puzzle is solved. Its steps are the explanation; its difficulties the rating.

Sudoku Explainer's three numbers come from it: ER, the hardest step of the path; ED, the difficulty of its first
step; EP, the hardest step up to and including the first one that places a value.

>>> from puzzlesat.sudoku import parse
>>> path = solving_path(parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"))
>>> path.outcome, path.er, path.ep, path.ed, path.steps[0].technique
('solved', 1.2, 1.2, 1.2, 'Hidden Single')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, List, Optional

from puzzlesat.budget import Budget
from puzzlesat.errors import OutOfBudget
from puzzlesat.sudoku.logic.candidates import CandidateGrid
from puzzlesat.sudoku.model.grid import Puzzle
from puzzlesat.sudoku.model.rules import Rules
from puzzlesat.sudoku.logic.steps import Step
from puzzlesat.sudoku.logic.techniques import FAMILY_OF, chosen_producers, engine_of, first_step
from puzzlesat.sudoku.logic.techniques.search import search, several_solutions

@dataclass
class Path:
    """The steps from the givens; how it ends: 'solved', 'broken' (the givens or marks contradict each other),
    'stuck' (nothing can be proved: more than one solution), 'more' (stopped at the asked number of steps) or
    'timeout' (the budget ran out); the values at the end."""

    steps: List[Step] = field(default_factory=list)
    outcome: str = "solved"
    values: tuple = ()
    engine: str = "se"  # whose techniques: 'se' (SE's ratings) or 'general' (every constraint, on SE's scale)

    @property
    def er(self) -> float:
        """SE's rating: the hardest step (0.0 for a path without steps)."""
        return max((step.difficulty for step in self.steps), default=0.0)

    @property
    def ed(self) -> float:
        """SE's diamond rating: the difficulty of the first step."""
        return self.steps[0].difficulty if self.steps else 0.0

    @property
    def ep(self) -> float:
        """SE's pearl rating: the hardest step up to and including the first placement."""
        hardest = 0.0
        for step in self.steps:
            hardest = max(hardest, step.difficulty)
            if step.placements:
                return hardest
        return hardest

    @property
    def hardest(self) -> Optional[Step]:
        """The first step of the path's top difficulty."""
        return max(self.steps, key=lambda step: step.difficulty, default=None)

    def techniques(self) -> tuple:
        """SE's analysis: ((technique, times used, its hardest difficulty), ...), easiest first."""
        used: dict = {}
        for step in self.steps:
            times, hardest = used.get(step.technique, (0, 0.0))
            used[step.technique] = (times + 1, max(hardest, step.difficulty))
        return tuple(sorted(((name, times, hardest) for name, (times, hardest) in used.items()),
                            key=lambda entry: (entry[2], entry[0])))


def next_step(board: CandidateGrid, budget: Optional[Budget] = None) -> Optional[Step]:
    """The next step SE's way, or a search step when no technique applies; None when nothing can be done.
    OutOfBudget when a running `budget` is spent first.

    Where SE's basic techniques stop on a board not known to have one solution, SAT first checks that it has
    only one: on a board with several (an empty grid, a bad puzzle) the chains could search for minutes and
    still never finish it, so the path stops there ('stuck')."""
    every = chosen_producers(board)
    basic = next((i for i, (name, _) in enumerate(every) if FAMILY_OF.get(name) in ("chains", "contradictions")),
                 len(every))
    step = first_step(board, every[:basic], budget)
    if step is not None:
        return step
    if not board.assume_unique and several_solutions(board):
        return None
    step = first_step(board, every[basic:], budget) if basic < len(every) else None
    if step is None and "search" not in board.disabled:
        step = next(iter(search(board)), None)
    return step


def walk(board: CandidateGrid, limit: Optional[int] = None, budget: Optional[Budget] = None,
         on_step: Optional[Callable[[Step], None]] = None) -> Path:
    """Take steps on `board` (changing it) until it is solved or broken, `limit` steps, or the budget runs out."""
    path = Path(engine=engine_of(board))
    running = None if budget is None else budget.start()
    try:
        while True:
            if board.broken:
                path.outcome = "broken"
                break
            if board.solved:
                break
            if limit is not None and len(path.steps) >= limit:
                path.outcome = "more"
                break
            if running is not None:
                running.check("the solving path")
            step = next_step(board, running)
            if step is None:
                path.outcome = "stuck"
                break
            board.apply(step)
            path.steps.append(step)
            if on_step is not None:
                on_step(step)
    except OutOfBudget:
        path.outcome = "timeout"
    path.values = tuple(board.values)
    return path


def solving_path(puzzle: Puzzle, rules: Optional[Rules] = None, assume_unique: bool = False,
                 limit: Optional[int] = None, budget: Optional[Budget] = None, engine: Optional[str] = None,
                 disabled: frozenset = frozenset()) -> Path:
    """The path from the puzzle's givens (and pencil marks); `assume_unique` allows the uniqueness techniques;
    `engine` ('se', 'general'; None: by the rules) and `disabled` families choose the techniques."""
    board = CandidateGrid.start(puzzle, rules)
    board.assume_unique, board.engine, board.disabled = assume_unique, engine, frozenset(disabled)
    return walk(board, limit, budget)


def logical_candidates(puzzle: Puzzle, rules: Optional[Rules] = None, assume_unique: bool = False,
                       budget: Optional[Budget] = None, engine: Optional[str] = None,
                       disabled: frozenset = frozenset()) -> tuple:
    """Per cell, the bit mask of the digits the techniques alone leave: the path without search steps, taken until
    no technique applies (or the budget runs out: OutOfBudget)."""
    board = CandidateGrid.start(puzzle, rules)
    board.assume_unique, board.engine = assume_unique, engine
    board.disabled = frozenset(disabled) | {"search"}
    path = walk(board, budget=budget)
    if path.outcome == "timeout":
        raise OutOfBudget("the budget ran out before logic stopped")
    return tuple(board.cands)

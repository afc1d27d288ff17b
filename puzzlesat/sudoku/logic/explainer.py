"""Explain a puzzle the way Sudoku Explainer does: its steps, simplest technique first, until the puzzle is solved.

The steps are the solving path (puzzlesat.sudoku.logic.path): at each point the first step of the first technique that
has one, in SE's order (puzzlesat.sudoku.logic.techniques: singles, intersections, subsets, fish, wings, strong links,
uniqueness, aligned exclusion, chains of every kind); where none applies, a search step proved by SAT. So an
explanation always goes to the end of a puzzle that has a solution, and a hint always has a step to give.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from puzzlesat import pictures
from puzzlesat.budget import Budget
from puzzlesat.sudoku.logic.candidates import CandidateGrid
from puzzlesat.sudoku.model.grid import Puzzle, cell_name
from puzzlesat.sudoku.logic.path import Path, next_step, solving_path
from puzzlesat.sudoku.model.rules import Rules
from puzzlesat.sudoku.logic.steps import Step


@dataclass
class Explanation:
    """The steps a person could follow, and how they end (a Path's outcome: 'solved', 'broken', 'stuck', 'more'
    when a limit stopped them, 'timeout'); the solver's `solution` finishes what a limit or the budget left open."""

    puzzle: Puzzle
    steps: list
    outcome: str
    values: tuple
    solution: Optional[tuple] = None

    def _repr_html_(self) -> Optional[str]:
        """Its finished grid and steps, for notebooks (puzzlesat.pictures)."""
        return pictures.html(self)

    @classmethod
    def of(cls, puzzle: Puzzle, path: Path, solution: Optional[Sequence[int]] = None) -> "Explanation":
        """The explanation a solving path gives."""
        return cls(puzzle, list(path.steps), path.outcome, path.values, tuple(solution) if solution else None)

    @property
    def open_cells(self) -> int:
        """Cells the steps left open."""
        return self.values.count(0)

    @property
    def finished_by_solver(self) -> list:
        """(cell, value) the solver filled after the steps stopped (a limit, or the budget)."""
        if self.outcome == "solved" or self.solution is None:
            return []
        return [(c, v) for c, v in enumerate(self.solution) if not self.values[c]]

    @property
    def searched(self) -> int:
        """Steps that needed search (no technique applied)."""
        return sum(1 for step in self.steps if step.technique == "Search")

    @property
    def ending(self) -> str:
        """How it ends, in one sentence."""
        if self.outcome == "solved":
            if self.searched:
                return f"solved; {self.searched} of the steps needed search (proved by SAT)"
            return "solved by these steps alone"
        if self.outcome == "broken":
            return "the givens contradict each other"
        if self.outcome == "stuck":
            return f"no further step can be proved: the puzzle has more than one solution ({self.open_cells} cells open)"
        side, alphabet = self.puzzle.shape.side, self.puzzle.alphabet
        filled = " ".join(f"{cell_name(c, side)}={alphabet[v - 1]}" for c, v in self.finished_by_solver)
        why = "the time ran out" if self.outcome == "timeout" else f"stopped after {len(self.steps)} steps"
        return f"{why} ({self.open_cells} {'cell' if self.open_cells == 1 else 'cells'} open)" + \
            (f"; the solver finishes: {filled}" if filled else "")

    def as_dict(self) -> dict:
        """JSON-ready form."""
        side = self.puzzle.shape.side
        return {
            "outcome": self.outcome,
            "steps": [step.as_dict(self.puzzle) for step in self.steps],
            "open_cells": self.open_cells,
            "finished_by_solver": [[cell_name(c, side), self.puzzle.alphabet[v - 1]] for c, v in self.finished_by_solver],
        }


def explain(puzzle: Puzzle, rules: Optional[Rules] = None, solution: Optional[Sequence[int]] = None,
            limit: Optional[int] = None, budget: Optional[Budget] = None, assume_unique: bool = False,
            engine: Optional[str] = None, disabled: frozenset = frozenset()) -> Explanation:
    """Explain a puzzle step by step (`limit` steps at most); `solution` (from the solver) finishes what a limit
    or the budget leaves open; `assume_unique` allows the uniqueness techniques (a puzzle known to be unique);
    `engine` and `disabled` choose the techniques (puzzlesat.sudoku.logic.techniques)."""
    path = solving_path(puzzle, rules, assume_unique, limit, budget, engine, disabled)
    return Explanation.of(puzzle, path, solution)


def hint(puzzle: Puzzle, rules: Optional[Rules] = None, assume_unique: bool = False,
         budget: Optional[Budget] = None, engine: Optional[str] = None,
         disabled: frozenset = frozenset()) -> Optional[Step]:
    """The simplest step a person could take from the givens (and pencil marks), or None when the puzzle is
    already solved or contradicts itself; OutOfBudget when `budget` runs out first."""
    board = candidates(puzzle, rules, assume_unique, engine, disabled)
    if board.solved or board.broken:
        return None
    step = next_step(board, None if budget is None else budget.start())
    if step is not None:
        step.shown_on(puzzle, board.values, board.cands)
    return step


def candidates(puzzle: Puzzle, rules: Optional[Rules] = None, assume_unique: bool = False,
               engine: Optional[str] = None, disabled: frozenset = frozenset()) -> CandidateGrid:
    """The candidate grid a puzzle starts from under its rules (the one a hint is taken on and an explanation
    starts from, printed with --candidates)."""
    board = CandidateGrid.start(puzzle, rules)
    board.assume_unique, board.engine, board.disabled = assume_unique, engine, frozenset(disabled)
    return board

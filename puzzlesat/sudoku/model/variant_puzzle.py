"""A variant puzzle as a setter publishes it: givens, regions and constraints, and what could not be read."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Optional

from puzzlesat.sudoku.model.grid import Puzzle
from puzzlesat.sudoku.model.rules import Rules, constrained_rules


SEVERAL_AS_GIVEN = ("several solutions, though every rule and mark in the link was read: the link lacks a given or a "
                    "rule kept elsewhere (a video, the puzzle's page), or the puzzle is not unique")


@dataclass(frozen=True)
class VariantPuzzle:
    """Givens (`puzzle`), irregular `regions` (None: the boxes) and `constraints`, with the puzzle's title,
    author and rules text as published, the solution it states (if any), and what the reader left out:
    `unknown` names constraints it does not know, `ignored` drawn elements that carry no rule it can read, `misread`
    constraints read but left out because the stated solution breaks them (or no grid can obey them), each with
    why."""

    puzzle: Puzzle
    constraints: tuple = ()
    regions: Optional[tuple] = None
    title: str = ""
    author: str = ""
    rules_text: str = ""
    solution: Optional[tuple] = None
    unknown: tuple = ()
    ignored: tuple = ()
    misread: tuple = ()

    @cached_property
    def rules(self) -> Rules:
        """The rules to solve it under (encoded once)."""
        return constrained_rules(self.puzzle.shape, self.constraints, self.regions)

    def kinds(self) -> dict:
        """How many constraints of each kind the puzzle holds, in the order first met."""
        return dict(Counter(constraint.kind for constraint in self.constraints))

    def not_understood(self, several: bool) -> tuple:
        """`unknown`, and when the puzzle as read has `several` solutions though nothing was left out, that the link
        itself falls short: no answer with several solutions passes without a word."""
        if not several or self.unknown or self.ignored or self.misread:
            return self.unknown
        return (SEVERAL_AS_GIVEN,)

    def matches_stated(self, solution) -> Optional[bool]:
        """Whether `solution` is the one the puzzle states; None when it states none or there is no solution."""
        if self.solution is None or solution is None:
            return None
        return tuple(solution) == tuple(self.solution)

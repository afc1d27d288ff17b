"""One Sudoku: its grid, the rules it is solved under, and what its link said about it.

A `Sudoku` is a Puzzle (the grid: shape, values, alphabet, pencil marks) with the constraints and irregular
regions it adds to the classic rules, and, for a puzzle a setter published (a link, a drawn variant grid), the
title, author, rules text and stated solution, and what the reader could not read. A classic puzzle is the case
with no constraints and no regions. Every reader returns one; `--variant` rules are added when records are read
(puzzlesat.sudoku.model.variants.Variant.applied_to). Its verbs are methods and module functions alike:

>>> from puzzlesat.sudoku import parse
>>> puzzle = parse("4...1.3.2..3.1..")
>>> puzzle.solve().text, puzzle.classic
('4321123424133142', True)
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from puzzlesat import pictures
from puzzlesat.sudoku.model.grid import Puzzle
from puzzlesat.sudoku.model.rules import Rules, classic_rules, constrained_rules


SEVERAL_AS_GIVEN = ("several solutions, though every rule and mark in the link was read: the link lacks a given or a "
                    "rule kept elsewhere (a video, the puzzle's page), or the puzzle is not unique")


@dataclass(frozen=True)
class Sudoku(Puzzle):
    """A grid (the Puzzle fields) with `constraints`, irregular `regions` (None: the boxes) and, for a published
    puzzle (`published`: read from a link or a drawn variant grid, whose answers bring the setter's checks), its
    `title`, `author` and `rules_text` as published, the `solution` it states (if any), and what the reader left
    out: `unknown` names constraints it does not know, `ignored` drawn elements that carry no rule it can read,
    `misread` constraints read but left out because the stated solution breaks them (or no grid can obey them),
    each with why."""

    constraints: tuple = ()
    regions: Optional[tuple] = None
    title: str = ""
    author: str = ""
    rules_text: str = ""
    solution: Optional[tuple] = None
    unknown: tuple = ()
    ignored: tuple = ()
    misread: tuple = ()
    published: bool = False

    @classmethod
    def of(cls, grid: Puzzle, constraints: tuple = (), regions: Optional[tuple] = None, **said) -> "Sudoku":
        """A Sudoku of a grid with these constraints and regions (and `said`: title, author, ... , published)."""
        return cls(grid.shape, grid.values, grid.alphabet, grid.blank, grid.candidates, tuple(constraints), regions,
                   **said)

    @property
    def grid(self) -> Puzzle:
        """The grid alone (values, alphabet, pencil marks), without the rules."""
        return Puzzle(self.shape, self.values, self.alphabet, self.blank, self.candidates)

    @property
    def classic(self) -> bool:
        """True when the classic rules alone hold (no constraints, the shape's own boxes)."""
        return not self.constraints and self.regions is None

    @property
    def rules(self) -> Rules:
        """The rules to solve it under (encoded once per process and set of constraints); VariantError when a
        constraint cannot hold on this grid."""
        rules = self.__dict__.get("_rules")
        if rules is None:
            rules = classic_rules(self.shape) if self.classic else _rules(self.shape, self.constraints, self.regions)
            object.__setattr__(self, "_rules", rules)
        return rules

    @classmethod
    def under(cls, grid: Puzzle, rules: Rules) -> "Sudoku":
        """A grid under `rules` (their constraints and regions), the rules kept so they are not built again."""
        sudoku = cls.of(grid, rules.constraints, rules.regions)
        object.__setattr__(sudoku, "_rules", rules)
        return sudoku

    def __getstate__(self) -> dict:
        """Pickled without the encoded rules (a worker finds them in its own cache)."""
        return {key: value for key, value in self.__dict__.items() if key != "_rules"}

    def kinds(self) -> dict:
        """How many constraints of each kind the puzzle holds, in the order first met."""
        return dict(Counter(constraint.kind for constraint in self.constraints))

    def not_understood(self, several: bool) -> tuple:
        """`unknown`, and when a published puzzle as read has `several` solutions though nothing was left out, that
        the link itself falls short: no answer with several solutions passes without a word."""
        if not several or not self.published or self.unknown or self.ignored or self.misread:
            return self.unknown
        return (SEVERAL_AS_GIVEN,)

    def matches_stated(self, solution) -> Optional[bool]:
        """Whether `solution` is the one the puzzle states; None when it states none or there is no solution."""
        if self.solution is None or solution is None:
            return None
        return tuple(solution) == tuple(self.solution)

    def __str__(self) -> str:
        """The grid as text, one row per line (pencil-mark puzzles: their one-line form)."""
        if self.candidates is not None:
            return self.to_line()
        side = self.shape.side
        line = self.format_values(self.values)
        if self.numeric:
            cells = line.split(" ")
            return "\n".join(" ".join(cells[row * side:row * side + side]) for row in range(side))
        return "\n".join(line[row * side:row * side + side] for row in range(side))

    # ---- the verbs: the module functions of puzzlesat.sudoku, on this puzzle ----------------------------------

    def solve(self, **options):
        """Solve it (puzzlesat.sudoku.solve: unique, count, timeout, conflicts, encoding, solver)."""
        return _verb("solve")(self, **options)

    def rate(self, **options):
        """Rate it on Sudoku Explainer's scale (puzzlesat.sudoku.rate: budget, assume_unique, se, effort)."""
        return _verb("rate")(self, **options)

    def hint(self, **options):
        """The simplest next step, or None (puzzlesat.sudoku.hint: assume_unique, budget, engine, disabled)."""
        return _verb("hint")(self, **options)

    def explain(self, **options):
        """The steps a person can take, to the end (puzzlesat.sudoku.explain: solution, limit, budget, ...)."""
        return _verb("explain")(self, **options)

    def candidate_grid(self, **options):
        """The candidate grid its hints and explanation start from (puzzlesat.sudoku.candidates; not called
        `candidates`, which are a pencil-mark puzzle's stated candidates)."""
        return _verb("candidates")(self, **options)

    def _repr_svg_(self) -> Optional[str]:
        """The grid drawn with its rules' regions and marks (what a notebook shows)."""
        return pictures.svg(self)


def _verb(name: str):
    """A verb of the package's face (puzzlesat.sudoku), found by name when called: the face builds on this
    module, so this module cannot import it (it is always loaded first, as this module's package)."""
    return getattr(sys.modules["puzzlesat.sudoku"], name)


_new = object.__new__


def plain_sudoku(shape, values: tuple, alphabet, blank: str) -> Sudoku:
    """A classic Sudoku without pencil marks, made quickly (the reader's hot path: the fields left out keep their
    defaults, which the class holds)."""
    sudoku = _new(Sudoku)
    sudoku.__dict__.update(shape=shape, values=values, alphabet=alphabet, blank=blank)
    return sudoku


def rules_of(puzzle: Puzzle) -> Rules:
    """The rules a puzzle is solved under: a Sudoku's own, the classic rules for a bare grid."""
    return puzzle.rules if isinstance(puzzle, Sudoku) else classic_rules(puzzle.shape)


@lru_cache(maxsize=64)
def _rules(shape, constraints: tuple, regions: Optional[tuple]) -> Rules:
    """Rules encoded once per shape, constraints and regions (records read with --variant share them)."""
    return constrained_rules(shape, constraints, regions)

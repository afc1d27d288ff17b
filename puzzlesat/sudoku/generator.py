"""Make new puzzles: a random full grid, then givens taken away while SAT proves the solution unique.

  1. A full grid: the SAT solver completes an empty grid whose first row is a random permutation;
     random relabelling-free symmetries (rows within bands, bands, columns within stacks, stacks)
     then shuffle it.
  2. Digging: cells (or, with `symmetric`, pairs of cells opposite through the centre) in random order;
     a given goes when the puzzle stays unique: one incremental solver holds the rules and a clause
     "not this solution" behind an activation literal, so each test is one solve under assumptions
     (UNSAT = unique). With `minimal` every given is tried once, which leaves a minimal puzzle (a given
     that could not go before cannot go later, when there are fewer givens); without it digging stops at
     the first given that must stay. With `symmetric` minimality is over the pairs. The levels above
     `singles` are rare among puzzles with many givens, so asking for one digs fully too.
  3. Difficulty: `singles` digs with a cheaper, stronger test (unit propagation must still fill the grid,
     which also proves uniqueness); the other levels are reached by rating each puzzle and trying again
     (new grid) until its level matches, up to `attempts` times.
  4. SE's scale (`er`, a band, and/or `technique`, puzzlesat.sudoku.target): every puzzle is dug to a minimal one
     (hard puzzles are minimal, as the forum's rated ones are; not symmetric unless asked: symmetric digging
     leaves more givens and fewer hard puzzles), then SE's path is walked and stopped at the first step harder
     than the target allows; a puzzle singles solve is passed over without a walk when the target is above them.
     Each attempt is a new grid (a grid costs a tenth of a dig, and no grid is known to be better than another).
     Up to `attempts` grids (TARGET_ATTEMPTS unless told), and `timeout` CPU seconds per puzzle when given.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterator, Optional, Union

from puzzlesat.budget import Budget
from puzzlesat.errors import GenerationError, OutOfBudget, TargetError
from puzzlesat.sat import DEFAULT_SOLVER, Session
from puzzlesat.sudoku.solving.encode import clauses
from puzzlesat.sudoku.model.grid import Puzzle, Shape
from puzzlesat.sudoku.model.sudoku import Sudoku
from puzzlesat.sudoku.model.literals import literals
from puzzlesat.sudoku.logic.candidates import CandidateGrid
from puzzlesat.sudoku.logic.catalogue import Technique, find_technique
from puzzlesat.sudoku.logic.path import Path
from puzzlesat.sudoku.logic.rating import LEVELS, Rating, rater_for
from puzzlesat.sudoku.model.rules import classic_rules
from puzzlesat.sudoku.target import Band, Target, parse_band

DIFFICULTIES = ("any",) + LEVELS
RECYCLE_AFTER = 2000  # retired activation variables before the solver is rebuilt
RATING_SECONDS = 10.0  # a new puzzle's SE path may take this long; past it, the rating comes without SE's numbers
LEVEL_ATTEMPTS = 200  # grids tried for a level, unless told otherwise
TARGET_ATTEMPTS = 20_000  # for an ER band or a technique: about 1 in 600 minimal puzzles has ER 9+, 1 in 450
# X-Wing as its hardest step (scripts/bench_generate.py --targets)
TARGET_SIDES = range(4, 13)  # SE's scale for sizes up to 12x12; a minimal 16x16's path takes up to a minute and
# mostly ends in search (20.0), beyond SE's techniques


@dataclass
class Generated:
    """One new puzzle with its solution, its rating and how many grids were tried for it."""

    puzzle: Sudoku
    solution: tuple
    rating: Optional[Rating]
    attempts: int

    @property
    def givens(self) -> int:
        """Number of givens."""
        return sum(1 for v in self.puzzle.values if v)


class Generator:
    """Generates puzzles of one size from one seed, deterministically."""

    def __init__(self, side: int = 9, seed: Optional[int] = None, difficulty: str = "any", minimal: bool = False,
                 symmetric: bool = False, attempts: Optional[int] = None, solver: str = DEFAULT_SOLVER,
                 er: Union[Band, str, None] = None, technique: Union[Technique, str, None] = None,
                 timeout: Optional[float] = None):
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"unknown difficulty {difficulty!r}; choose from {', '.join(DIFFICULTIES)}")
        self.shape = Shape.of_side(side)
        self.target = _target(er, technique, difficulty, self.shape)
        self.rules = classic_rules(self.shape)
        self.literals = literals(self.shape)
        self.random = random.Random(seed)
        self.difficulty = difficulty
        self.minimal = minimal
        self.full_dig = minimal or difficulty not in ("any", "singles") or self.target is not None
        self.symmetric = symmetric
        self.attempts = attempts or (TARGET_ATTEMPTS if self.target is not None else LEVEL_ATTEMPTS)
        self.timeout = timeout  # CPU seconds per puzzle, or None
        self.solver = solver
        self.grids = 0  # full grids dug so far, for every puzzle (misses included)
        self.session = self._new_session()
        self.rater = rater_for(self.rules)

    def _new_session(self) -> Session:
        """A session holding the rules."""
        return Session(clauses(self.rules), self.rules.top, self.solver)

    def close(self) -> None:
        """Free the native solver."""
        self.session.close()

    def __iter__(self) -> Iterator[Generated]:
        while True:
            yield self.generate()

    def generate(self) -> Generated:
        """One puzzle of the asked difficulty or target (GenerationError after `attempts` grids or `timeout`)."""
        budget = None if self.timeout is None else Budget(seconds=self.timeout, cpu=True).start()
        try:
            for attempt in range(1, self.attempts + 1):
                if budget is not None:
                    budget.check("generation")
                made = self._attempt(budget)
                if made is not None:
                    puzzle, solution, path = made
                    return Generated(puzzle, solution, self.rated(puzzle, path), attempt)
        except OutOfBudget:
            raise GenerationError(f"no {self.shape.name} puzzle {self._wanted()} in {self.timeout:g} s of CPU time",
                                  "timeout", self.target is not None) from None
        finally:
            self.rater.budget = None  # the rater (one per rules, shared) keeps its last budget: a spent one would
            # stop the next dig's propagations
        raise GenerationError(f"no {self.shape.name} puzzle {self._wanted()} in {self.attempts} attempts",
                              "attempts", self.target is not None)

    def _wanted(self) -> str:
        """What is asked for, in words: 'of level probing', 'with ER 6.0-6.9'."""
        return f"with {self.target}" if self.target is not None else f"of level {self.difficulty}"

    def _attempt(self, budget: Optional[Budget]) -> Optional[tuple]:
        """(puzzle, solution, its SE path or None) from one new grid, or None when it misses the asked difficulty
        or target. OutOfBudget when the budget runs out."""
        solution = self.random_solution()
        self.grids += 1
        values = self.dig(solution)
        puzzle = Sudoku(self.shape, tuple(values))
        if self.target is not None:
            path = self._target_path(puzzle, values, budget)
            return None if path is None else (puzzle, solution, path)
        if self.difficulty in ("any", "singles"):
            return puzzle, solution, None
        rating = self.rater.rate(puzzle, budget, se=False)  # the level alone decides: no SE path for the rejects
        return (puzzle, solution, None) if rating and rating.level == self.difficulty else None

    def _target_path(self, puzzle: Puzzle, values: list, budget: Optional[Budget]) -> Optional[Path]:
        """The puzzle's SE path when it meets the target, else None (stopped early where possible)."""
        if not self.target.allows_singles and self._singles_keep(values):
            return None
        board = CandidateGrid.start(puzzle, self.rules)
        board.assume_unique = True  # proven by the dig, as the rating assumes
        path = self.target.walk(board, budget)
        if path is not None and path.outcome == "timeout":
            raise OutOfBudget("the time ran out walking a new puzzle's path")
        return path if path is not None and self.target.accepts(path) else None

    def rated(self, puzzle: Puzzle, path: Optional[Path] = None) -> Optional[Rating]:
        """The whole rating of a new puzzle (from its SE `path` when walked already), SE's numbers included when
        they take less than RATING_SECONDS."""
        try:
            return self.rater.rate(puzzle, Budget(seconds=RATING_SECONDS), path, effort=True)
        except OutOfBudget:
            return self.rater.rate(puzzle, path=path, se=path is not None, effort=True)
        finally:
            self.rater.budget = None  # as in generate(): the digs of the next puzzle come before generate() returns

    # ---- full grids ------------------------------------------------------------------------

    def random_solution(self) -> tuple:
        """A random full grid."""
        first_row = list(range(1, self.shape.side + 1))
        self.random.shuffle(first_row)
        if not self.session.solve(self.literals.grid(first_row)):
            raise RuntimeError("an empty grid with one filled row has no solution")  # cannot happen
        return self._shuffle(self.literals.values(self.session.values(self.literals.variables)))

    def _shuffle(self, values: list) -> tuple:
        """Permute rows within bands, bands, columns within stacks and stacks (all keep a grid valid)."""
        shape, rng = self.shape, self.random
        rows = _block_permutation(rng, shape.side, shape.box_rows)
        cols = _block_permutation(rng, shape.side, shape.box_cols)
        n = shape.side
        return tuple(values[rows[r] * n + cols[c]] for r in range(n) for c in range(n))

    # ---- digging ---------------------------------------------------------------------------

    def dig(self, solution: tuple) -> list:
        """Take givens away from a full grid while the puzzle stays unique (and singles-solvable for 'singles')."""
        values = list(solution)
        orbits = self._orbits()
        self.random.shuffle(orbits)
        keeps = self._singles_keep if self.difficulty == "singles" else self._unique_keep(solution)
        try:
            for orbit in orbits:
                removed = [values[cell] for cell in orbit]
                for cell in orbit:
                    values[cell] = 0
                if not keeps(values):
                    for cell, value in zip(orbit, removed):
                        values[cell] = value
                    if not self.full_dig:
                        break
        finally:
            self._retire()
        return values

    def _orbits(self) -> list:
        """Single cells, or pairs of cells opposite through the centre."""
        cells = self.shape.cells
        if not self.symmetric:
            return [(cell,) for cell in range(cells)]
        return [tuple(sorted({cell, cells - 1 - cell})) for cell in range(cells) if cell <= cells - 1 - cell]

    def _unique_keep(self, solution: tuple):
        """A test 'the givens still have only `solution`' by one solve with that solution blocked."""
        activation = self._activation = self.session.new_var()
        self.session.add_clause([-activation] + [-lit for lit in self.literals.grid(solution)])

        def unique(values: list) -> bool:
            return self.session.solve(self.literals.grid(values) + [activation]) is False

        return unique

    def _singles_keep(self, values: list) -> bool:
        """Unit propagation still fills every cell (so the puzzle is unique and needs singles only)."""
        ok, implied = self.rater.propagate(self.literals.grid(values))
        return ok and len(self.literals.placed(implied)) == self.shape.cells

    def _retire(self) -> None:
        """Switch off this grid's blocking clause; rebuild the solver when retired variables pile up."""
        activation = getattr(self, "_activation", None)
        if activation is None:
            return
        self.session.retire(activation)
        self._activation = None
        if self.session.retired > RECYCLE_AFTER:
            self.session.close()
            self.session = self._new_session()


def _target(er, technique, difficulty: str, shape: Shape) -> Optional[Target]:
    """The target an ER band and a technique (objects or their text) make, checked against the other options and
    the size; None when neither is given."""
    if er is None and technique is None:
        return None
    if difficulty != "any":
        raise TargetError("a level (difficulty) and an ER band or technique choose puzzles two different ways: "
                          "ask for one")
    if shape.side not in TARGET_SIDES:
        raise TargetError(f"ER bands and techniques are for sizes 4x4 to 12x12: a minimal {shape.name} puzzle's "
                          f"SE path takes up to a minute and mostly ends beyond SE's techniques (search, 20.0)")
    band = parse_band(er) if isinstance(er, str) else er
    technique = find_technique(technique) if isinstance(technique, str) else technique
    if technique is not None and technique.nine_only and shape.side != 9:
        raise TargetError(f"{technique.name} steps exist on 9x9 grids only, not on {shape.name}")
    return Target(band, technique)


def _block_permutation(rng: random.Random, side: int, block: int) -> list:
    """A permutation of 0..side-1 that moves whole blocks of `block` and lines within each block."""
    blocks = list(range(side // block))
    rng.shuffle(blocks)
    order = []
    for b in blocks:
        lines = list(range(b * block, (b + 1) * block))
        rng.shuffle(lines)
        order.extend(lines)
    return order


def generate(side: int = 9, count: int = 1, seed: Optional[int] = None, **options) -> Iterator[Generated]:
    """`count` new puzzles (see Generator for the options)."""
    generator = Generator(side, seed, **options)
    try:
        for _ in range(count):
            yield generator.generate()
    finally:
        generator.close()

"""Human solving techniques on a candidate grid; every deduction is a Step, plain data.

Techniques, simplest first (the order a person, and Sudoku Explainer's scale, would try them):
  hidden single   a digit has one place left in a unit
  naked single    a cell has one candidate left
  pointing        a digit's places in a box (or any non-line unit) all lie in one other unit
  claiming        a digit's places in a row or column all lie in one box (or other unit)
  naked pair / triple / quad     r cells of a unit hold only r digits between them (Chen's r-Reduction)
  hidden pair / triple / quad    r digits of a unit fit only in r cells
  X-wing / swordfish / jellyfish a digit's places in r rows lie in r columns (or the other way round)
  XY-wing         a cell xy sees xz and yz: no cell that sees both of those can be z
Units are the rules' groups, so variants (diagonals, windows, jigsaw regions, anti-king pairs) take part.
Hidden singles, hidden subsets and locked candidates use only groups of `side` cells, which must hold
every digit; naked singles and naked subsets use every group. Cage sums are not used.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Iterator, Optional, Sequence

from puzzlesat.budget import Budget
from puzzlesat.sudoku.candidates import CandidateGrid, Layout, bits
from puzzlesat.sudoku.grid import Puzzle, cell_name
from puzzlesat.sudoku.rules import Rules

SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quad"}
TECHNIQUES = (
    "hidden single", "naked single", "pointing", "claiming", "naked pair", "x-wing", "hidden pair",
    "naked triple", "swordfish", "hidden triple", "xy-wing", "naked quad", "jellyfish", "hidden quad",
)
FISH_NAMES = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}
LINE_KINDS = ("row", "column")


@dataclass(frozen=True)
class Step:
    """One deduction: the technique, the unit it works in, the cells and digits it rests on, what it changes."""

    technique: str
    unit: Optional[str]
    cells: tuple
    digits: tuple
    placements: tuple = ()
    eliminations: tuple = ()

    def as_dict(self, puzzle: Puzzle) -> dict:
        """JSON-ready form, cells as 'r3c5' and digits in the puzzle's alphabet."""
        side, symbol = puzzle.shape.side, puzzle.alphabet
        return {
            "technique": self.technique,
            "unit": self.unit,
            "cells": [cell_name(c, side) for c in self.cells],
            "digits": [symbol[d - 1] for d in self.digits],
            "place": [[cell_name(c, side), symbol[d - 1]] for c, d in self.placements],
            "eliminate": [[cell_name(c, side), symbol[d - 1]] for c, d in self.eliminations],
            "text": self.describe(puzzle),
        }

    def describe(self, puzzle: Puzzle) -> str:
        """One sentence a person can check, e.g. 'hidden single: 7 fits only r3c5 in box 2'."""
        side, symbol = puzzle.shape.side, puzzle.alphabet
        digits = ", ".join(symbol[d - 1] for d in self.digits)
        cells = ", ".join(cell_name(c, side) for c in self.cells)
        if self.technique == "hidden single":
            return f"hidden single: {digits} fits only {cells} in {self.unit}"
        if self.technique == "naked single":
            return f"naked single: {cells} can only be {digits}"
        removed = _group_eliminations(self.eliminations, side, symbol)
        if self.technique in ("pointing", "claiming"):
            return f"{self.technique}: in {self.unit}, {digits} lies only in {cells}; remove {removed}"
        if self.technique in FISH_NAMES.values():
            return f"{self.technique}: in {self.unit}, {digits} lies only in {cells}; remove {removed}"
        if self.technique == "xy-wing":
            return f"xy-wing: pivot {cell_name(self.cells[0], side)} with pincers {cell_name(self.cells[1], side)} " \
                   f"and {cell_name(self.cells[2], side)}; remove {removed}"
        kind = "naked" if self.technique.startswith("naked") else "hidden"
        what = f"{cells} hold only {digits}" if kind == "naked" else f"{digits} fit only in {cells}"
        return f"{self.technique}: in {self.unit}, {what}; remove {removed}"


def _group_eliminations(eliminations: Sequence[tuple], side: int, symbol: str) -> str:
    """'4 from r1c2, r1c3; 7 from r2c2'."""
    by_digit: dict = {}
    for cell, digit in eliminations:
        by_digit.setdefault(digit, []).append(cell_name(cell, side))
    return "; ".join(f"{symbol[d - 1]} from {', '.join(cells)}" for d, cells in sorted(by_digit.items()))


# ---- techniques: each yields the steps it finds, in a fixed order --------------------------

def hidden_singles(board: CandidateGrid) -> Iterator[Step]:
    """A digit with one place left in a full unit."""
    lay, values, cands = board.layout, board.values, board.cands
    for index in lay.full:
        group = lay.groups[index]
        once = twice = placed = 0
        for cell in group:
            if values[cell]:
                placed |= 1 << (values[cell] - 1)
                continue
            mask = cands[cell]
            twice |= once & mask
            once |= mask
        single = once & ~twice & ~placed
        while single:
            bit = single & -single
            single ^= bit
            digit = bit.bit_length()
            cell = next(c for c in group if not values[c] and cands[c] & bit)
            yield Step("hidden single", lay.names[index], (cell,), (digit,), ((cell, digit),))


def naked_singles(board: CandidateGrid) -> Iterator[Step]:
    """A cell with one candidate left."""
    for cell, (value, mask) in enumerate(zip(board.values, board.cands)):
        if not value and mask and not mask & (mask - 1):
            digit = mask.bit_length()
            yield Step("naked single", None, (cell,), (digit,), ((cell, digit),))


def locked_candidates(board: CandidateGrid, claiming: bool) -> Iterator[Step]:
    """A digit confined, within one full unit, to cells that all share another full unit; `claiming`
    picks rows and columns as the first unit, otherwise boxes (and the other non-line units)."""
    lay, values, cands = board.layout, board.values, board.cands
    technique = "claiming" if claiming else "pointing"
    for index in lay.full:
        if (index in lay.lines) != claiming:
            continue
        group = lay.groups[index]
        open_cells = [c for c in group if not values[c]]
        union = 0
        for c in open_cells:
            union |= cands[c]
        while union:
            bit = union & -union
            union ^= bit
            places = [c for c in open_cells if cands[c] & bit]
            if len(places) < 2:
                continue
            shared = set(lay.cell_full[places[0]]).intersection(*(lay.cell_full[c] for c in places[1:]))
            shared.discard(index)
            if not shared:
                continue
            digit = bit.bit_length()
            for other in sorted(shared):
                gone = tuple((c, digit) for c in lay.groups[other]
                             if not values[c] and cands[c] & bit and c not in places)
                if gone:
                    yield Step(technique, lay.names[index], tuple(places), (digit,), eliminations=gone)


def naked_subsets(board: CandidateGrid, size: int) -> Iterator[Step]:
    """`size` open cells of a unit whose candidates together number `size` (Chen's r-Reduction)."""
    lay, values, cands = board.layout, board.values, board.cands
    name = f"naked {SUBSET_NAMES[size]}"
    for index in _units_in_order(lay):
        group = lay.groups[index]
        open_cells = [c for c in group if not values[c]]
        small = [c for c in open_cells if 2 <= bin(cands[c]).count("1") <= size]
        if len(small) < size or len(open_cells) <= size:
            continue
        for subset in combinations(small, size):
            union = 0
            for c in subset:
                union |= cands[c]
            if bin(union).count("1") != size:
                continue
            gone = tuple((c, d) for c in open_cells if c not in subset for d in bits(cands[c] & union))
            if gone:
                yield Step(name, lay.names[index], subset, tuple(bits(union)), eliminations=gone)


def hidden_subsets(board: CandidateGrid, size: int) -> Iterator[Step]:
    """`size` digits of a full unit that fit only in the same `size` cells."""
    lay, values, cands = board.layout, board.values, board.cands
    name = f"hidden {SUBSET_NAMES[size]}"
    for index in lay.full:
        group = lay.groups[index]
        open_cells = [c for c in group if not values[c]]
        if len(open_cells) <= size:
            continue
        placed = {values[c] for c in group if values[c]}
        where = {}
        for digit in range(1, lay.side + 1):
            if digit in placed:
                continue
            bit = 1 << (digit - 1)
            spots = frozenset(c for c in open_cells if cands[c] & bit)
            if 2 <= len(spots) <= size:
                where[digit] = spots
        for digits in combinations(sorted(where), size):
            spots = frozenset().union(*(where[d] for d in digits))
            if len(spots) != size:
                continue
            keep = sum(1 << (d - 1) for d in digits)
            gone = tuple((c, d) for c in sorted(spots) for d in bits(cands[c] & ~keep))
            if gone:
                yield Step(name, lay.names[index], tuple(sorted(spots)), digits, eliminations=gone)


def fish(board: CandidateGrid, size: int) -> Iterator[Step]:
    """A digit whose places in `size` rows all lie in `size` columns (or the other way round)."""
    side, values, cands = board.layout.side, board.values, board.cands
    name = FISH_NAMES[size]
    for digit in range(1, side + 1):
        bit = 1 << (digit - 1)
        for base, cover in (("rows", "columns"), ("columns", "rows")):
            lines = {}
            for i in range(side):
                cells = [i * side + j if base == "rows" else j * side + i for j in range(side)]
                if any(values[c] == digit for c in cells):
                    continue
                spots = frozenset(j for j, c in enumerate(cells) if not values[c] and cands[c] & bit)
                if 2 <= len(spots) <= size:
                    lines[i] = spots
            for chosen in combinations(sorted(lines), size):
                covered = frozenset().union(*(lines[i] for i in chosen))
                if len(covered) != size:
                    continue
                at = (lambda i, j: i * side + j) if base == "rows" else (lambda i, j: j * side + i)
                gone = tuple((at(i, j), digit) for j in sorted(covered) for i in range(side)
                             if i not in chosen and not values[at(i, j)] and cands[at(i, j)] & bit)
                if gone:
                    fins = tuple(sorted(at(i, j) for i in chosen for j in lines[i]))
                    unit = f"{base} {', '.join(str(i + 1) for i in chosen)}"
                    yield Step(name, unit, fins, (digit,), eliminations=gone)


def xy_wings(board: CandidateGrid) -> Iterator[Step]:
    """Pivot xy with pincers xz and yz among its peers: z leaves every cell that sees both pincers."""
    lay, values, cands = board.layout, board.values, board.cands
    pairs = [c for c, m in enumerate(cands) if not values[c] and bin(m).count("1") == 2]
    for pivot in pairs:
        mask = cands[pivot]
        wings = [c for c in lay.peers[pivot] if not values[c] and bin(cands[c]).count("1") == 2
                 and bin(cands[c] & mask).count("1") == 1]
        for a, b in combinations(wings, 2):
            z = cands[a] & cands[b] & ~mask
            if not z or cands[a] & cands[b] & mask or (cands[a] | cands[b]) & mask != mask:
                continue
            digit = z.bit_length()
            both = set(lay.peers[a]).intersection(lay.peers[b])
            gone = tuple((c, digit) for c in sorted(both) if c != pivot and not values[c] and cands[c] & z)
            if gone:
                yield Step("xy-wing", None, (pivot, a, b), tuple(bits(mask | z)), eliminations=gone)


def _units_in_order(lay: Layout) -> list:
    """Full units in their search order, then the smaller groups (pairs of anti-king, ...)."""
    return list(lay.full) + [i for i in range(len(lay.groups)) if i not in set(lay.full)]


FINDERS = {
    "hidden single": hidden_singles,
    "naked single": naked_singles,
    "pointing": lambda board: locked_candidates(board, claiming=False),
    "claiming": lambda board: locked_candidates(board, claiming=True),
    "naked pair": lambda board: naked_subsets(board, 2),
    "x-wing": lambda board: fish(board, 2),
    "swordfish": lambda board: fish(board, 3),
    "jellyfish": lambda board: fish(board, 4),
    "xy-wing": xy_wings,
    "hidden pair": lambda board: hidden_subsets(board, 2),
    "naked triple": lambda board: naked_subsets(board, 3),
    "hidden triple": lambda board: hidden_subsets(board, 3),
    "naked quad": lambda board: naked_subsets(board, 4),
    "hidden quad": lambda board: hidden_subsets(board, 4),
}


def next_step(board: CandidateGrid, techniques: Sequence[str] = TECHNIQUES) -> Optional[Step]:
    """The first step of the simplest technique that finds one, or None when they are all stuck."""
    for name in techniques:
        step = next(iter(FINDERS[name](board)), None)
        if step is not None:
            return step
    return None


def deduce(board: CandidateGrid, techniques: Sequence[str] = TECHNIQUES, limit: Optional[int] = None) -> Iterator[Step]:
    """Apply steps one after another until the board is solved, broken or stuck; yield each."""
    count = 0
    while not board.solved and (limit is None or count < limit):
        if board.broken:
            return
        step = next_step(board, techniques)
        if step is None:
            return
        board.apply(step)
        count += 1
        yield step


@dataclass
class Explanation:
    """The steps a person could follow, and how it ends: 'solved', 'stuck' (search needed) or 'broken'.

    `values` are the cells the steps filled (0 where they stopped); the solver's `solution` finishes the rest.
    """

    puzzle: Puzzle
    steps: list
    outcome: str
    values: tuple
    solution: Optional[tuple] = None

    @property
    def open_cells(self) -> int:
        """Cells the steps left open."""
        return self.values.count(0)

    @property
    def finished_by_solver(self) -> list:
        """(cell, value) the solver filled after the techniques stopped."""
        if self.outcome == "solved" or self.solution is None:
            return []
        return [(c, v) for c, v in enumerate(self.solution) if not self.values[c]]

    @property
    def ending(self) -> str:
        """How it ends, in one sentence."""
        if self.outcome == "solved":
            return "solved by these steps alone"
        if self.outcome == "broken":
            return "the givens contradict each other"
        side, alphabet = self.puzzle.shape.side, self.puzzle.alphabet
        filled = " ".join(f"{cell_name(c, side)}={alphabet[v - 1]}" for c, v in self.finished_by_solver)
        finish = f"the solver finishes: {filled}" if filled else "no solution to finish with"
        return f"only search remains ({self.open_cells} cells open); {finish}"

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
            limit: Optional[int] = None, budget: Optional[Budget] = None) -> Explanation:
    """Explain a puzzle step by step; `solution` (from the solver) finishes what the techniques cannot;
    OutOfBudget when `budget` runs out first."""
    board = CandidateGrid.start(puzzle, rules)
    steps = []
    running = None if budget is None else budget.start()
    for step in deduce(board, limit=limit):
        steps.append(step)
        if running is not None:
            running.check("explaining")
    outcome = "solved" if board.solved else ("broken" if board.broken else "stuck")
    if limit is not None and len(steps) == limit and outcome == "stuck" and next_step(board) is not None:
        outcome = "more"
    return Explanation(puzzle, steps, outcome, tuple(board.values), tuple(solution) if solution else None)


def hint(puzzle: Puzzle, rules: Optional[Rules] = None) -> Optional[Step]:
    """The next step a person could take from the givens, or None."""
    return next_step(CandidateGrid.start(puzzle, rules))

"""Shapes of a position that decide a guess: dead cells and unavoidable 50/50s.

A covered cell is *dead* when opening it can teach nothing: if it is safe, the number it would show is already
known. `is_dead` is the cheap sufficient test: every covered neighbour is decided (a known mine or certainly safe),
so its number is the count of those mines. `dead_cells` is the exact one, as JSMinesweeper marks dead tiles: every
undecided covered cell that shows the same number in every layout where it is safe, found by counting the position
again with the cell open on each number it could show (a second number that fits makes it living).

An *unavoidable 50/50* is a pair of covered cells holding exactly one mine between them in every layout that no
later reveal can tell apart: every covered cell next to one of them, except known mines, is next to the other too
(a safe cell next to one only would count it), and no revealed number touches one without the other (such a number
would decide the pair once its other cells are known). Every
number either cell's neighbours can ever show counts the pair's one mine the same way, so the guess must be made
some time; making it at once costs nothing and saves the guesses that would be spent before it.

>>> from puzzlesat.mines.board import parse_board
>>> board = parse_board("# mines: 1\\n??\\n11")   # one mine in the top row: nothing can tell the cells apart
>>> known, _ = board.view
>>> fifty_fifties(known, board.neighbour_table, board.total_mines)
[(0, 1)]
>>> dead_cells(known, board.neighbour_table, board.total_mines)  # each would show 1, the other cell's mine
[0, 1]
"""

from __future__ import annotations

from typing import AbstractSet, Collection, List, Optional, Sequence, Tuple

from puzzlesat.budget import Budget
from puzzlesat.errors import Inconsistent
from puzzlesat.mines.board import HIDDEN
from puzzlesat.mines.count import Counts, count_layouts, fits, snapshot
from puzzlesat.mines.equations import active_numbers


def undecided_neighbours(cell: int, known: Sequence[int], neighbours, decided: Collection[int]) -> List[int]:
    """The covered neighbours of `cell` that are neither known mines nor certainly safe."""
    return [other for other in neighbours[cell] if known[other] == HIDDEN and other not in decided]


def is_dead(cell: int, known: Sequence[int], neighbours, mines: AbstractSet[int], safe: AbstractSet[int]) -> bool:
    """Opening `cell` can teach nothing: every covered neighbour is a known mine or certainly safe."""
    for other in neighbours[cell]:
        if known[other] == HIDDEN and other not in mines and other not in safe:
            return False
    return True


def fifty_fifties(known: Sequence[int], neighbours, total: Optional[int], mines: AbstractSet[int] = frozenset(),
                  counts: Optional[Counts] = None) -> List[Tuple[int, int]]:
    """Every unavoidable 50/50 of the position (module docstring), as pairs of engine indices, sorted.

    `mines` are the covered cells known to hold mines; `counts` the position's exact counts when the caller has
    them (computed here otherwise). Raises Inconsistent when no layout fits.
    """
    if counts is None or not counts.counted:
        counts = count_layouts(known, neighbours, total, mines)
    if not counts.layouts:
        return []
    mines = set(mines) | counts.mines
    decided = mines | counts.safe
    halves = sorted(cell for cell, count in counts.numerators.items()
                    if 2 * count == counts.layouts and cell not in decided)
    halves_set = set(halves)
    pairs = []
    for a in halves:
        for b in _near(a, neighbours):
            if b > a and b in halves_set and _indistinguishable(a, b, known, neighbours, mines) \
                    and _exactly_one(a, b, known, neighbours, total, mines):
                pairs.append((a, b))
    return pairs


def _near(cell: int, neighbours) -> set:
    """Cells within two steps (king moves) of `cell`."""
    return {far for near in neighbours[cell] for far in neighbours[near]} | set(neighbours[cell])


def _indistinguishable(a: int, b: int, known, neighbours, mines) -> bool:
    """Every cell next to only one of them is a known mine (a number there, shown or to come, would tell them apart)."""
    around_a, around_b = set(neighbours[a]) - {b}, set(neighbours[b]) - {a}
    return all(known[other] == HIDDEN and other in mines for other in around_a ^ around_b)


def _exactly_one(a: int, b: int, known, neighbours, total: Optional[int], mines: set) -> bool:
    """No layout has mines on both (each holds a mine in half the layouts, so exactly one of them always does)."""
    try:
        count_layouts(known, neighbours, total, mines | {a, b}, probabilities=False)
    except Inconsistent:
        return True
    return False


def dead_cells(known: Sequence[int], neighbours, total: Optional[int], mines: AbstractSet[int] = frozenset(),
               counts: Optional[Counts] = None, budget: Optional[Budget] = None) -> List[int]:
    """Every undecided covered cell that can show one number only (module docstring), sorted; `mines` and `counts`
    as for fifty_fifties (without a total, layouts are those of the numbers alone). Raises Inconsistent when no
    layout fits, OutOfBudget when the running `budget` is spent (looked at between cells)."""
    if counts is None or not counts.counted:
        counts = count_layouts(known, neighbours, total, mines)
    sure = set(mines) | counts.mines
    undecided = [cell for cell, value in enumerate(known) if value == HIDDEN and cell not in sure
                 and cell not in counts.safe]
    numbers = active_numbers(known, neighbours)
    since = snapshot(known, neighbours, frozenset(sure), numbers)
    memo: dict = {}
    trial = list(known)
    deep = _deep(known, neighbours, undecided)
    classes: dict = {}  # neighbour count of a deep cell -> whether such a cell is dead
    dead = []
    for cell in undecided:
        if is_dead(cell, known, neighbours, sure, counts.safe):
            dead.append(cell)
            continue
        kind = len(neighbours[cell]) if cell in deep else None
        verdict = classes.get(kind) if kind is not None else None
        if verdict is None:
            if budget is not None:
                budget.check("the search for dead cells")
            verdict = _shows_one(cell, trial, neighbours, total, sure, counts, numbers, since, memo)
            if kind is not None:
                classes[kind] = verdict
        if verdict:
            dead.append(cell)
    return dead


def _deep(known: Sequence[int], neighbours, undecided: List[int]) -> set:
    """The undecided cells whose neighbours are all undecided and next to no number: such cells are interchangeable
    with any other of as many neighbours (the cells off the frontier share the mines left alike), so one of each kind
    tells for all."""
    choice = set(undecided)
    off = {cell for cell in undecided if all(known[other] < 0 for other in neighbours[cell])}
    return {cell for cell in off if all(other in off and other in choice for other in neighbours[cell])}


def _shows_one(cell: int, trial: list, neighbours, total: Optional[int], sure: set, counts: Counts,
               numbers: List[int], since, memo: dict) -> bool:
    """Whether at most one of the numbers `cell` could show fits the position (trial: the position, changed and
    restored here); the likeliest numbers are tried first (two that fit settle it)."""
    safe = counts.safe
    least = sum(1 for other in neighbours[cell] if trial[other] == HIDDEN and other in sure)
    around = undecided_neighbours(cell, trial, neighbours, sure | set(safe))
    likely = least + sum(counts.numerators.get(other, 0) for other in around) / counts.layouts if counts.layouts \
        else least + len(around) / 2
    fitting = 0
    for value in sorted(range(least, least + len(around) + 1), key=lambda value: abs(value - likely)):
        trial[cell] = value
        fitted = fits(trial, neighbours, total, sure, numbers=numbers + [cell], changed=[cell], since=since, memo=memo)
        trial[cell] = HIDDEN
        if not fitted:
            continue
        fitting += 1
        if fitting > 1:
            return False
    return True

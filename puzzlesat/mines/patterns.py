"""Shapes of a position that decide a guess: dead cells and unavoidable 50/50s.

A covered cell is *dead* when opening it can teach nothing: if it is safe, the number it would show is already
known. Here the cheap sufficient test: every covered neighbour is decided (a known mine or certainly safe), so its
number is the count of those mines. (The strategies also find cells that can show one number only by trying every
number: puzzlesat.mines.lookahead.)

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
"""

from __future__ import annotations

from typing import AbstractSet, Collection, List, Optional, Sequence, Tuple

from puzzlesat.errors import Inconsistent
from puzzlesat.mines.board import HIDDEN
from puzzlesat.mines.count import Counts, count_layouts


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

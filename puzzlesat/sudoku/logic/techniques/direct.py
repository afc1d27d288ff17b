"""Direct techniques: an intersection or a hidden set whose removals leave a Hidden Single, taken at once.

Follows Sukaku Explainer's "direct" producers, which SE tries before the Naked Single:

* Direct Pointing (1.7) / Direct Claiming (1.9): Locking(true) and DirectLockingHint. SE walks the locking
  patterns in Locking's order (see techniques.intersections); for each, it looks through the other regions of the
  first region's kind, in order, for one where the digit has more than one place and exactly one place that the
  locking does not remove. That place is the step's placement (SE's DirectLockingHint removes nothing, it only
  places the single). "Pointing" when the first region is a block, "Claiming" otherwise.
* Direct Hidden Pair (2.0) / Direct Hidden Triplet (2.5): HiddenSet(n, true) and DirectHiddenSetHint. In the
  blocks, then columns, then rows, each with more than n empty cells, SE tries the n-digit sets in the order of
  its Permutations (increasing bit masks: {1,2}, {1,3}, {2,3}, {1,4}, ...). Every digit of the set must have at
  least two places, and all of them together n places. The set's cells lose their other digits; the first digit
  (from 1 up) that had more than one place in the region and has exactly one left outside those cells is placed.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterator

from puzzlesat.sudoku.logic.candidates import CandidateGrid
from puzzlesat.sudoku.logic.steps import Step
from puzzlesat.sudoku.logic.techniques.intersections import cells_of, locked_candidates
from puzzlesat.sudoku.logic.techniques.singles import BLOCK, region_tables


def direct_locking(board: CandidateGrid, **_) -> Iterator[Step]:
    """Lockings that leave a Hidden Single in another region of the first region's kind, in SE's order."""
    for crossing, position, region1, region2, digit, inside, places in locked_candidates(board):
        removed = places & region2.mask & ~region1.mask
        if not removed:
            continue
        for region3 in crossing.peers[position]:
            there = places & region3.mask
            if there & (there - 1) == 0:  # fewer than two places
                continue
            left = there & ~removed
            if left and not left & (left - 1):
                cell = left.bit_length() - 1
                pointing = region1.kind == BLOCK
                yield Step("Direct Pointing" if pointing else "Direct Claiming", 1.7 if pointing else 1.9,
                           placements=((cell, digit),), cells=cells_of(inside), digits=(digit,),
                           unit=region1.name)


DIRECT_HIDDEN = {2: ("Direct Hidden Pair", 2.0), 3: ("Direct Hidden Triplet", 2.5)}


def direct_hidden_sets(board: CandidateGrid, size: int = 2, **_) -> Iterator[Step]:
    """Hidden pairs (size 2) or triplets (size 3) whose removals leave a Hidden Single, in SE's order."""
    name, difficulty = DIRECT_HIDDEN[size]
    values = board.values
    where = board.places
    for region in region_tables(board.layout).order:
        if sum(1 for c in region.cells if not values[c]) <= size:
            continue
        places = [where[d] & region.mask for d in range(len(where))]
        found = []
        for digits, common in hidden_sets_in(places, size):
            single = _single_left(places, digits, common)
            if single is not None:
                found.append((sum(1 << d for d in digits), digits, common, single))
        found.sort()
        for _key, digits, common, (cell, digit) in found:
            yield Step(name, difficulty, placements=((cell, digit),), cells=cells_of(common),
                       digits=tuple(d + 1 for d in digits), unit=region.name)


def hidden_sets_in(places: list, size: int) -> Iterator[tuple]:
    """The `size`-digit sets (digit indexes from 0, each with at least two places) whose places, together, are
    `size` cells: (digits, their places as a cell mask), in no particular order."""
    eligible = [d for d, mask in enumerate(places) if mask and (mask & (mask - 1)) and mask.bit_count() <= size]
    for digits in combinations(eligible, size):
        common = 0
        for d in digits:
            common |= places[d]
        if common.bit_count() == size:
            yield digits, common


def _single_left(places: list, digits: tuple, common: int):
    """SE's Hidden Single after the set: the first other digit with several places and one outside `common`."""
    for d, mask in enumerate(places):
        if d in digits or not mask & (mask - 1):
            continue
        left = mask & ~common
        if left and not left & (left - 1):
            return left.bit_length() - 1, d + 1
    return None

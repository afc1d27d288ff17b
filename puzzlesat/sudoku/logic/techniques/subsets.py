"""Subsets: n cells of a region holding only n digits (Naked Pair/Triplet/Quad), or n digits of a region with
only n places (Hidden Pair/Triplet/Quad).

Follows Sukaku Explainer's NakedSet/NakedSetHint and HiddenSet (isDirect false)/HiddenSetHint. Both visit the
blocks, then the columns, then the rows (SE's region types 0, 2, 1), then the variant units.

* Naked sets (3.0, 3.6, 5.0): in a region with at least 2n empty cells, SE tries the n-cell sets in the order of
  its Permutations over the region's positions (increasing bit masks: {0,1}, {0,2}, {1,2}, {0,3}, ...). Every
  cell must have at least two candidates, and all together n digits. Those digits leave the region's other cells.
* Hidden sets (3.4, 4.0, 5.4): in a region with more than 2n empty cells, SE tries the n-digit sets in the same
  order over the digits. Every digit must have at least two places, and all together n places. Those places
  lose their other digits.

A set counts only when it removes something. SE's Permutations order is rebuilt by sorting the (rare) sets
found in a region by their bit mask.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterator

from puzzlesat.sudoku.logic.candidates import CandidateGrid
from puzzlesat.sudoku.logic.steps import Step
from puzzlesat.sudoku.logic.techniques.direct import hidden_sets_in
from puzzlesat.sudoku.logic.techniques.intersections import cells_of
from puzzlesat.sudoku.logic.techniques.singles import region_tables

NAKED = {2: ("Naked Pair", 3.0), 3: ("Naked Triplet", 3.6), 4: ("Naked Quad", 5.0)}
HIDDEN = {2: ("Hidden Pair", 3.4), 3: ("Hidden Triplet", 4.0), 4: ("Hidden Quad", 5.4)}


def naked_sets(board: CandidateGrid, size: int = 2, **_) -> Iterator[Step]:
    """Naked pairs (size 2), triplets (3) or quads (4) that remove something, in SE's order."""
    name, difficulty = NAKED[size]
    values, cands = board.values, board.cands
    for region in region_tables(board.layout).order:
        open_cells = [c for c in region.cells if not values[c]]
        if len(open_cells) < 2 * size:
            continue
        small = [(position, cell) for position, cell in enumerate(region.cells)
                 if not values[cell] and 1 < cands[cell].bit_count() <= size]
        found = []
        for chosen in combinations(small, size):
            digits = 0
            for _position, cell in chosen:
                digits |= cands[cell]
            if digits.bit_count() != size:
                continue
            cells = tuple(cell for _position, cell in chosen)
            removed = tuple((cell, digit) for cell in open_cells if cell not in cells and cands[cell] & digits
                            for digit in _digits_of(cands[cell] & digits))
            if removed:
                found.append((sum(1 << position for position, _cell in chosen), cells, digits, removed))
        found.sort()
        for _key, cells, digits, removed in found:
            yield Step(name, difficulty, eliminations=removed, cells=cells, digits=_digits_of(digits),
                       unit=region.name)


def hidden_sets(board: CandidateGrid, size: int = 2, **_) -> Iterator[Step]:
    """Hidden pairs (size 2), triplets (3) or quads (4) that remove something, in SE's order."""
    name, difficulty = HIDDEN[size]
    values, cands = board.values, board.cands
    where = board.places
    for region in region_tables(board.layout).order:
        if sum(1 for c in region.cells if not values[c]) <= 2 * size:
            continue
        places = [where[d] & region.mask for d in range(len(where))]
        found = []
        for digits, common in hidden_sets_in(places, size):
            keep = sum(1 << d for d in digits)
            cells = cells_of(common)
            removed = tuple((cell, digit) for cell in cells for digit in _digits_of(cands[cell] & ~keep))
            if removed:
                found.append((keep, cells, digits, removed))
        found.sort()
        for _key, cells, digits, removed in found:
            yield Step(name, difficulty, eliminations=removed, cells=cells, digits=tuple(d + 1 for d in digits),
                       unit=region.name)


def _digits_of(mask: int) -> tuple:
    """The digits (from 1) of a candidate mask, in increasing order."""
    digits = []
    while mask:
        low = mask & -mask
        digits.append(low.bit_length())
        mask ^= low
    return tuple(digits)

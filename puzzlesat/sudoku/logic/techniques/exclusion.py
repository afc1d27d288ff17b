"""Aligned Pair Exclusion and Aligned Triplet Exclusion, as Sukaku Explainer finds them.

Follows SE's AlignedPairExclusion (6.2) and AlignedExclusion with degree 3 (7.5), with their hints
(AlignedExclusionHint, named "Aligned Pair Exclusion" and "Aligned Triplet Exclusion").

Base cells: every empty cell with at least two candidates that sees no cell with a single candidate and sees at
least one "excluder", a cell with 2..degree candidates (exactly 2 for the pair). Two or three base cells form a
set when at least two excluders are seen by all of them; the base cells need not see each other. A combination
of one candidate per base cell is forbidden when two cells that see each other take the same digit, or when the
digits it uses cover every candidate of one of the common excluders (that cell would be left empty). A candidate
of a base cell that occurs in no allowed combination goes.

SE's order: the first two base cells run as its Twomutations do (the second over the base cells in increasing
order, the first over the base cells before it); for the triplet, the third runs over the "twin area", the
excluders of the first cell (increasing order) then those of the second cell not already listed, that are base
cells, other than the first two. SE adds every set that removes something, a triplet once per order it finds it
in; its list of hints keeps the first of equal hints (the same cells and removals), and so does this producer:
each set of three cells is examined once, and yielded, its cells in SE's order, where SE first finds it.

Speed: candidates and cell sets are bit masks; a third cell is tried only if it sees two of the excluders common
to the first two; a combination is tested per pair of digits with bit operations (the digits a bivalue excluder
pairs with each digit, the digit sets of trivalue excluders), and a set is left as soon as every candidate has
an allowed combination.
"""

from __future__ import annotations

from heapq import heappop, heappush
from typing import Iterator, List, Tuple

from puzzlesat.sudoku.logic.candidates import CandidateGrid, peer_masks
from puzzlesat.sudoku.logic.steps import Step
from puzzlesat.sudoku.logic.techniques.wings import cells_of, digits_of, open_masks

_NAMES = {2: ("Aligned Pair Exclusion", 6.2), 3: ("Aligned Triplet Exclusion", 7.5)}


def aligned_exclusion(board: CandidateGrid, size: int = 2, **options) -> Iterator[Step]:
    """SE's Aligned Pair (size 2, 6.2) or Aligned Triplet (size 3, 7.5) Exclusions, in SE's order."""
    if size not in _NAMES:
        raise ValueError(f"aligned exclusion of {size} cells: SE rates only pairs and triplets")
    return _aligned_exclusions(board, size)


def _aligned_exclusions(board: CandidateGrid, size: int) -> Iterator[Step]:
    """Find the sets in SE's order and yield each new one that removes something."""
    peer_mask = peer_masks(board.layout)
    masks = open_masks(board)
    counts = [mask.bit_count() for mask in masks]
    base, excluders = _base_cells(masks, counts, peer_mask, size)
    if len(base) < size:
        return
    if size == 2:
        found = _pairs(base, excluders, masks, peer_mask, _bivalue_cells(masks, counts))
    else:
        found = _triplets(base, excluders, masks, peer_mask)
    name, difficulty = _NAMES[size]
    for cells, removals in found:
        yield Step(technique=name, difficulty=difficulty, eliminations=removals, cells=cells,
                   digits=tuple(sorted({digit for _, digit in removals})))


def _base_cells(masks: list, counts: list, peer_mask: tuple, size: int) -> Tuple[List[int], dict]:
    """SE's candidateList and cellExcluders: the base cells in order, and per base cell its excluders' mask."""
    single = 0
    small = 0  # cells with 2..size candidates: the possible excluders
    for cell, count in enumerate(counts):
        if count == 1:
            single |= 1 << cell
        elif 2 <= count <= size:
            small |= 1 << cell
    base, excluders = [], {}
    for cell, count in enumerate(counts):
        if count < 2:
            continue
        seen = peer_mask[cell]
        if seen & single or not seen & small:
            continue
        base.append(cell)
        excluders[cell] = seen & small
    return base, excluders


def _bivalue_cells(masks: list, counts: list) -> dict:
    """Per pair of digits (a candidate mask), the mask of the cells whose candidates are exactly those two."""
    cells: dict = {}
    for cell, mask in enumerate(masks):
        if counts[cell] == 2:
            cells[mask] = cells.get(mask, 0) | 1 << cell
    return cells


def _lows(mask: int) -> Iterator[int]:
    """The single bits of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def _pairs(base: list, excluders: dict, masks: list, peer_mask: tuple, bivalue: dict) -> Iterator[tuple]:
    """(cells, removals) of every pair that removes something, in SE's order.

    A combination (a, b) is forbidden when a common excluder holds exactly a and b, or when a = b and the two
    cells see each other.
    """
    get = bivalue.get
    lows = {cell: tuple(_lows(masks[cell])) for cell in base}
    for second_index in range(1, len(base)):
        second = base[second_index]
        second_excluders = excluders[second]
        mask1 = masks[second]
        lows1 = lows[second]
        for first in base[:second_index]:
            common = excluders[first] & second_excluders
            if not common & (common - 1):
                continue
            mask0 = masks[first]
            sees = peer_mask[first] >> second & 1
            allowed0 = allowed1 = 0
            for a in lows[first]:
                for b in lows1:
                    if a == b:
                        if sees:
                            continue
                    elif get(a | b, 0) & common:
                        continue
                    allowed0 |= a
                    allowed1 |= b
            if allowed0 != mask0 or allowed1 != mask1:
                yield (first, second), _removals(((first, mask0 & ~allowed0), (second, mask1 & ~allowed1)))


def _triplets(base: list, excluders: dict, masks: list, peer_mask: tuple) -> Iterator[tuple]:
    """(cells, removals) of every set of three base cells that removes something, in SE's order.

    SE finds a set again in other orders; the later finds give equal hints, which its list drops. So each set is
    examined once here (its cells in increasing order), and those that remove something are then put in the order
    of their first find in SE's search (`_first_find`).
    """
    base_mask = 0
    for cell in base:
        base_mask |= 1 << cell
    lows = {cell: tuple(_lows(masks[cell])) for cell in base}
    locks: dict = {}  # common excluders -> their locks (_locks), computed once per set of excluders
    found = []
    for second_index in range(1, len(base)):
        second = base[second_index]
        second_excluders = excluders[second]
        later = base_mask & ~((2 << second) - 1)
        for first in base[:second_index]:
            first_excluders = excluders[first]
            pair_common = first_excluders & second_excluders
            if not pair_common & (pair_common - 1):
                continue
            once = twice = 0
            for cell in cells_of(pair_common):
                twice |= once & peer_mask[cell]
                once |= peer_mask[cell]
            for third in cells_of(twice & later):
                third_excluders = excluders[third]
                common = pair_common & third_excluders
                if not common & (common - 1):
                    continue
                if not ((first_excluders | second_excluders) >> third & 1 or (first_excluders | third_excluders)
                        >> second & 1 or (second_excluders | third_excluders) >> first & 1):
                    continue  # SE reaches a third cell only among the excluders of the first two
                lock = locks.get(common)
                if lock is None:
                    lock = locks[common] = _locks(common, masks)
                cells = (first, second, third)
                allowed = _allowed_triplet(cells, lows, masks, peer_mask, lock)
                if allowed is not None:
                    removals = _removals(tuple((cell, masks[cell] & ~mask) for cell, mask in zip(cells, allowed)))
                    heappush(found, _first_find(cells, excluders) + (removals,))
            # SE finds a set at the earliest of its pairs, never before the pair examining it here
            while found and found[0][0][:2] <= (second, first):
                _, cells, removals = heappop(found)
                yield cells, removals
    while found:
        _, cells, removals = heappop(found)
        yield cells, removals


def _first_find(cells: tuple, excluders: dict) -> tuple:
    """(SE's search position, cells in SE's order) of the first time SE's search reaches a set of three cells.

    SE takes the second cell, then the first (a cell before it), then the third among the first cell's excluders
    (in increasing order), then among the second cell's other excluders.
    """
    best = None
    for third in cells:
        first, second = sorted(cell for cell in cells if cell != third)
        if excluders[first] >> third & 1:
            key = (second, first, 0, third)
        elif excluders[second] >> third & 1:
            key = (second, first, 1, third)
        else:
            continue
        if best is None or key < best:
            best = key
    return best, (best[1], best[0], best[3])


def _locks(common: int, masks: list) -> Tuple[dict, tuple]:
    """What the common excluders forbid: per digit bit, the digits that with it fill a bivalue excluder; and the
    candidate masks of the trivalue excluders (a combination using exactly those three digits is forbidden)."""
    partners: dict = {}
    triples = []
    for cell in cells_of(common):
        mask = masks[cell]
        low = mask & -mask
        rest = mask ^ low
        if rest & (rest - 1):
            triples.append(mask)
        else:
            partners[low] = partners.get(low, 0) | rest
            partners[rest] = partners.get(rest, 0) | low
    return partners, tuple(triples)


def _allowed_triplet(cells: tuple, lows: dict, masks: list, peer_mask: tuple, lock: tuple):
    """The candidates of each cell that occur in an allowed combination, or None when all of them do.

    A combination (a, b, c) is forbidden by a bivalue excluder when two of its digits are that excluder's, by a
    trivalue one when its three digits are; and when two cells that see each other take the same digit.
    """
    first, second, third = cells
    sees01 = peer_mask[first] >> second & 1
    sees02 = peer_mask[first] >> third & 1
    sees12 = peer_mask[second] >> third & 1
    full0, full1, full2 = masks[first], masks[second], masks[third]
    partners, triples = lock
    get = partners.get
    allowed0 = allowed1 = allowed2 = 0
    for a in lows[first]:
        partners_a = get(a, 0)
        seconds = full1 & ~partners_a
        thirds_a = full2 & ~partners_a
        if sees01:
            seconds &= ~a
        if sees02:
            thirds_a &= ~a
        while seconds:
            b = seconds & -seconds
            seconds ^= b
            thirds = thirds_a & ~get(b, 0)
            if sees12:
                thirds &= ~b
            if triples and thirds and a != b:
                for mask in triples:
                    if a & mask and b & mask:
                        thirds &= ~(mask ^ a ^ b)
            if thirds:
                allowed0 |= a
                allowed1 |= b
                allowed2 |= thirds
                if allowed1 == full1 and allowed2 == full2:
                    break  # a is allowed, and the other b would add nothing
        if allowed0 == full0 and allowed1 == full1 and allowed2 == full2:
            return None
    return allowed0, allowed1, allowed2


def _removals(cell_masks: tuple) -> tuple:
    """((cell, digit), ...) for every (cell, mask of removable candidates), in cell then digit order."""
    return tuple(sorted((cell, digit) for cell, mask in cell_masks for digit in digits_of(mask)))

"""Wings: XY-Wing, XYZ-Wing and the ALS wings WXYZ, VWXYZ, UVWXYZ and TUVWXYZ, as Sukaku Explainer finds them.

XY-Wing and XYZ-Wing follow SE's XYWing (isXYZ false/true): a pivot cell with candidates xy (xyz) sees two
bivalue pincers xz and yz; z goes from every cell that sees both pincers (and the pivot, for XYZ). SE walks the
pivot over the cells in order and each pincer over the pivot's visible cells in order, and yields every wing
that removes something (4.2 and 4.4).

The longer wings follow SE's WXYZWing, VWXYZWing, UVWXYZWing and TUVWXYZWing (SudokuMonster's ALS-XZ with a
bivalue cell): N pairwise visible cells (N = 3..6, taken in increasing index order, each with at least two
candidates) holding N+1 digits between them, and a bivalue cell yz whose two digits both lie in them. A digit of
yz is restricted when yz sees every wing cell holding it. With one restricted digit x, the other digit z goes
from every cell that sees yz and every wing cell holding z. With both restricted (doubly linked) each of the
N-1 other digits goes from the cells that see all wing cells holding it, and x and z from the cells that see yz
and their wing holders. SE names each wing with a suffix: 1 or 2 (single or double link, a double link without
eliminations of the other digits and of both x and z counts as single), the largest candidate count among
the N cells, and the sum of their candidate counts ("WXYZ-Wing 137"). It collects every wing, sorts them by
difficulty, then by number of eliminations (most first), then by suffix in reverse order (stable), and yields
them in that order. Difficulties: WXYZ 5.5 + 0.1 when the largest count is 3; VWXYZ 6.2 + 0.1 * (2 - |3 -
largest|); UVWXYZ 6.6; TUVWXYZ 7.5.
"""

from __future__ import annotations

from typing import Iterator, List, Tuple

from puzzlesat.sudoku.logic.candidates import CandidateGrid, Layout, peer_masks, per_layout
from puzzlesat.sudoku.logic.steps import Step


@per_layout
def _tables(layout: Layout) -> Tuple[tuple, tuple, tuple]:
    """(peers in increasing order, peer cell masks, forward peer masks: peers with a higher index) of a layout."""
    peers = tuple(tuple(sorted(p)) for p in layout.peers)
    peer_mask = peer_masks(layout)
    forward_mask = tuple(m & ~((2 << c) - 1) for c, m in enumerate(peer_mask))
    return peers, peer_mask, forward_mask


def open_masks(board: CandidateGrid) -> list:
    """Candidate masks as SE sees them: a placed cell has none."""
    return [0 if value else mask for mask, value in zip(board.cands, board.values)]


def cells_of(mask: int) -> Iterator[int]:
    """The cells of a cell mask, in increasing order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def digits_of(mask: int) -> List[int]:
    """The digits (from 1) of a candidate mask, in increasing order."""
    return [low.bit_length() for low in _lows(mask)]


def _lows(mask: int) -> Iterator[int]:
    """The single bits of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def _removals(victims: int, digit: int) -> List[Tuple[int, int]]:
    """(cell, digit) for every cell of a victim mask."""
    return [(cell, digit) for cell in cells_of(victims)]


# XY-Wing and XYZ-Wing ----------------------------------------------------------------------------------------


def xy_wings(board: CandidateGrid, **options) -> Iterator[Step]:
    """SE's XY-Wings (XYWing(false), 4.2), in SE's order."""
    return _xy_wings(board, xyz=False)


def xyz_wings(board: CandidateGrid, **options) -> Iterator[Step]:
    """SE's XYZ-Wings (XYWing(true), 4.4), in SE's order."""
    return _xy_wings(board, xyz=True)


def _xy_wings(board: CandidateGrid, xyz: bool) -> Iterator[Step]:
    """Pivot over cells in order, xz then yz over the pivot's visible cells in order, as SE's XYWing.getHints."""
    peers, peer_mask, _ = _tables(board.layout)
    masks = open_masks(board)
    pivot_count = 3 if xyz else 2
    name, difficulty = ("XYZ-Wing", 4.4) if xyz else ("XY-Wing", 4.2)
    bivalue = [cell for cell, mask in enumerate(masks) if mask and mask.bit_count() == 2]
    if len(bivalue) < 2:
        return
    bivalue_mask = sum(1 << cell for cell in bivalue)
    for pivot, xy in enumerate(masks):
        if xy.bit_count() != pivot_count:
            continue
        pincers = [cell for cell in peers[pivot] if bivalue_mask >> cell & 1]
        if len(pincers) < 2:
            continue
        for xz_cell in pincers:
            xz = masks[xz_cell]
            if (xy & ~xz).bit_count() != 1:
                continue
            for yz_cell in pincers:
                yz = masks[yz_cell]
                if (xy | xz | yz).bit_count() != 3:
                    continue
                common = xy & xz & yz
                if (common.bit_count() != 1) if xyz else common:
                    continue
                z_bit = xz & yz
                z_bit &= -z_bit
                z = z_bit.bit_length()
                victims = peer_mask[xz_cell] & peer_mask[yz_cell]
                if xyz:
                    victims &= peer_mask[pivot]
                victims &= ~((1 << pivot) | (1 << xz_cell) | (1 << yz_cell))
                removals = [(cell, z) for cell in cells_of(victims) if masks[cell] & z_bit]
                if removals:
                    yield Step(technique=name, difficulty=difficulty, eliminations=tuple(removals),
                               cells=(pivot, xz_cell, yz_cell), digits=tuple(digits_of(xy | xz | yz)))


# The ALS wings: WXYZ (3 cells), VWXYZ (4), UVWXYZ (5), TUVWXYZ (6) ----------------------------------------------


def wxyz_wings(board: CandidateGrid, **options) -> Iterator[Step]:
    """SE's WXYZ-Wings (WXYZWing: 3 cells with 4 digits and a bivalue cell, 5.5-5.6), in SE's sorted order."""
    return _als_wings(board, 3)


def vwxyz_wings(board: CandidateGrid, **options) -> Iterator[Step]:
    """SE's VWXYZ-Wings (VWXYZWing: 4 cells with 5 digits and a bivalue cell, 6.2-6.4), in SE's sorted order."""
    return _als_wings(board, 4)


def uvwxyz_wings(board: CandidateGrid, **options) -> Iterator[Step]:
    """SE's UVWXYZ-Wings (UVWXYZWing: 5 cells with 6 digits and a bivalue cell, 6.6), in SE's sorted order."""
    return _als_wings(board, 5)


def tuvwxyz_wings(board: CandidateGrid, **options) -> Iterator[Step]:
    """SE's TUVWXYZ-Wings (TUVWXYZWing: 6 cells with 7 digits and a bivalue cell, 7.5), in SE's sorted order."""
    return _als_wings(board, 6)


_WING_NAMES = {3: "WXYZ-Wing", 4: "VWXYZ-Wing", 5: "UVWXYZ-Wing", 6: "TUVWXYZ-Wing"}


def wing_difficulty(size: int, biggest: int) -> float:
    """SE's getDifficulty of an ALS wing of `size` cells whose largest candidate count is `biggest`."""
    if size == 3:
        return 5.5 + ((4 - 3) - abs(3 - biggest)) * 0.1
    if size == 4:
        return 6.2 + ((5 - 3) - abs(3 - biggest)) * 0.1
    return 6.6 if size == 5 else 7.5


def _als_wings(board: CandidateGrid, size: int) -> Iterator[Step]:
    """Every wing of `size` cells, sorted as SE sorts them before handing them on."""
    found = _find_als_wings(board, size)
    found.sort(key=lambda wing: wing[2], reverse=True)  # suffix, reverse lexicographic (stable)
    found.sort(key=lambda wing: (wing[0], -wing[1]))  # difficulty up, eliminations down (stable)
    for difficulty, _, suffix, removals, cells, digits in found:
        yield Step(technique=f"{_WING_NAMES[size]} {suffix}", difficulty=difficulty,
                   eliminations=tuple(sorted(removals)), cells=cells, digits=digits)


def _find_als_wings(board: CandidateGrid, size: int) -> list:
    """(difficulty, eliminations, suffix, removals, cells, digits) of every wing, in SE's search order.

    The first cell runs over the grid; each next cell over the cells (in increasing order) after it that every
    chosen cell sees, as SE's nested forward-visible intersections; the yz cell over the cells any of them sees.
    """
    _, peer_mask, forward_mask = _tables(board.layout)
    masks = open_masks(board)
    digit_total = size + 1
    multi = 0
    bivalue = 0
    for cell, mask in enumerate(masks):
        count = mask.bit_count()
        if count >= 2:
            multi |= 1 << cell
            if count == 2:
                bivalue |= 1 << cell
    found: list = []
    if not bivalue:
        return found
    places = board.places
    counts = [mask.bit_count() for mask in masks]

    def extend(chosen: list, union: int, region: int, biggest: int, total: int) -> None:
        """Add one more cell from `region` (cells after all chosen ones that all of them see)."""
        remaining = size - len(chosen)
        while region:
            low = region & -region
            region ^= low
            cell = low.bit_length() - 1
            grown = union | masks[cell]
            grown_count = grown.bit_count()
            count = counts[cell]
            if remaining == 1:
                if grown_count == digit_total:
                    _wings_on_set(chosen + [cell], grown, max(biggest, count), total + count, size, masks,
                                  peer_mask, bivalue, places, found)
            elif grown_count <= digit_total:
                further = region & forward_mask[cell]
                if further.bit_count() >= remaining - 1:
                    extend(chosen + [cell], grown, further, max(biggest, count), total + count)

    for first, mask in enumerate(masks):
        count = counts[first]
        if 2 <= count <= digit_total:
            region = forward_mask[first] & multi
            if region.bit_count() >= size - 1:
                extend([first], mask, region, count, count)
    return found


def _wings_on_set(cells: list, union: int, biggest: int, total: int, size: int, masks: list, peer_mask: tuple,
                  bivalue: int, places: list, found: list) -> None:
    """The wings of one almost locked set with every bivalue yz cell, as SE's innermost loop and createHint."""
    pattern = 0
    seen = 0
    for cell in cells:
        pattern |= 1 << cell
        seen |= peer_mask[cell]
    partners = seen & ~pattern & bivalue
    if not partners:
        return
    holders = {}  # digit bit -> mask of the set's cells holding it
    for cell in cells:
        for low in _lows(masks[cell]):
            holders[low] = holders.get(low, 0) | 1 << cell
    sees_all: dict = {}  # digit bit -> cells that see every holder of the digit

    def seeing(low: int) -> int:
        """Cells that see every cell of the set holding the digit `low`."""
        victims = sees_all.get(low)
        if victims is None:
            victims = -1
            for holder in cells_of(holders[low]):
                victims &= peer_mask[holder]
            sees_all[low] = victims
        return victims

    difficulty = wing_difficulty(size, biggest)
    digits = tuple(digits_of(union))
    for yz_cell in cells_of(partners):
        yz = masks[yz_cell]
        if yz & ~union:
            continue
        x_bit = yz & -yz
        z_bit = yz ^ x_bit
        yz_peers = peer_mask[yz_cell]
        x_linked = not holders[x_bit] & ~yz_peers
        z_linked = not holders[z_bit] & ~yz_peers
        if x_linked and z_linked:
            double = True
        elif x_linked:
            double = False
        elif z_linked:
            double, x_bit, z_bit = False, z_bit, x_bit
        else:
            continue
        outside = ~(pattern | 1 << yz_cell)
        removals: list = []
        weak = strong_x = False
        if double:
            for low in _lows(union & ~yz):
                victims = seeing(low) & places[low.bit_length() - 1] & outside
                if victims:
                    weak = True
                    removals += _removals(victims, low.bit_length())
            victims = yz_peers & seeing(x_bit) & places[x_bit.bit_length() - 1] & outside
            if victims:
                strong_x = True
                removals += _removals(victims, x_bit.bit_length())
        victims = yz_peers & seeing(z_bit) & places[z_bit.bit_length() - 1] & outside
        strong_z = bool(victims)
        if victims:
            removals += _removals(victims, z_bit.bit_length())
        if not removals:
            continue
        if double and not weak and not (strong_z and strong_x):
            double = False
        suffix = f"{2 if double else 1}{biggest}{total}"
        found.append((difficulty, len(removals), suffix, removals, tuple(cells) + (yz_cell,), digits))

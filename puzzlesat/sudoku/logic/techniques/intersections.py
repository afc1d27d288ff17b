"""Intersections: a digit whose places in one region all lie in a second region leaves the rest of the second.

Follows Sukaku Explainer's Locking (with isDirectMode false) and LockingHint. SE makes four passes, each over
the digits 1..9, then over the first regions, then over the second regions that cross them:
(block, column), (block, row), (column, block), (row, block). A digit with fewer than two places in the first
region is skipped (that is a Hidden Single). The step is "Pointing" (2.6) when the second region is a row or a
column (the block points along a line), "Claiming" (2.8) when it is a block (the line claims the block's cells).
A pattern counts only when it removes something.

Variant units (SE's DG and windows) cross the others in further passes: (unit, column), (unit, row),
(column, unit), (row, unit), (block, unit), (unit, block), then unit against unit, named by the same rule.
`locked_candidates` yields every pattern, worth or not, for Direct Pointing/Claiming (techniques.direct).
"""

from __future__ import annotations

from typing import Iterator, NamedTuple

from puzzlesat.sudoku.logic.candidates import CandidateGrid, Layout, per_layout
from puzzlesat.sudoku.logic.steps import Step
from puzzlesat.sudoku.logic.techniques.singles import COLUMN, ROW, Region, region_tables


class Crossing(NamedTuple):
    """One pass of SE's Locking: the first regions and, for each, the second regions that cross it."""

    first: tuple  # Regions of the first kind
    second: tuple  # per first region: the Regions of the second kind that share a cell with it
    peers: tuple  # per first region: the other first regions (for Direct Pointing's third region)


@per_layout
def locking_passes(lay: Layout) -> tuple:
    """SE's Locking passes for a layout, built once per layout."""
    tables = region_tables(lay)
    blocks, rows, columns, extras = tables.blocks, tables.rows, tables.columns, tables.extras
    pairs = [(blocks, columns), (blocks, rows), (columns, blocks), (rows, blocks)]
    if extras:
        pairs += [(extras, columns), (extras, rows), (columns, extras), (rows, extras), (blocks, extras),
                  (extras, blocks), (extras, extras)]
    return tuple(_crossing(first, second) for first, second in pairs if first and second)


def _crossing(first: tuple, second: tuple) -> Crossing:
    """The pass of `first` regions against the `second` regions crossing each."""
    crossed = tuple(tuple(r2 for r2 in second if r2.mask & r1.mask and r2.index != r1.index) for r1 in first)
    others = tuple(tuple(r3 for r3 in first if r3.index != r1.index) for r1 in first)
    return Crossing(first, crossed, others)


def locked_candidates(board: CandidateGrid) -> Iterator[tuple]:
    """Every locking pattern in SE's order, worth or not: (crossing, first region's position, first region,
    second region, digit, the digit's places in the first region as a cell mask, its places in every region)."""
    where = board.places
    for crossing in locking_passes(board.layout):
        first, second = crossing.first, crossing.second
        for digit in range(1, len(where) + 1):
            places = where[digit - 1]
            if not places:
                continue
            for position, region1 in enumerate(first):
                inside = places & region1.mask
                if inside & (inside - 1) == 0:  # fewer than two places: nothing locked
                    continue
                for region2 in second[position]:
                    if not inside & ~region2.mask:
                        yield crossing, position, region1, region2, digit, inside, places


def locking(board: CandidateGrid, **_) -> Iterator[Step]:
    """Pointing and Claiming in SE's order, each removing its digit from the second region's other cells."""
    for _crossing_, _position, region1, region2, digit, inside, places in locked_candidates(board):
        removed = places & region2.mask & ~region1.mask
        if removed:
            yield locking_step(region1, region2, digit, inside, removed)


def locking_step(region1: Region, region2: Region, digit: int, inside: int, removed: int) -> Step:
    """The Step of a locking that removes `digit` from the cells of the mask `removed`."""
    pointing = region2.kind in (ROW, COLUMN)
    return Step("Pointing" if pointing else "Claiming", 2.6 if pointing else 2.8,
                eliminations=tuple((cell, digit) for cell in cells_of(removed)),
                cells=cells_of(inside), digits=(digit,), unit=region1.name)


def cells_of(mask: int) -> tuple:
    """The cells of a bit mask, in increasing order."""
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return tuple(cells)


"""Singles: a digit with one place left in a region (Hidden Single), a cell with one digit left (Naked Single).

Follows Sukaku Explainer's HiddenSingle/HiddenSingleHint and NakedSingle/NakedSingleHint:

* Hidden Single: first the regions with one empty cell left ("isAlone", difficulty 1.0), then the others (1.2 in
  a block, 1.5 in a row, a column or a variant unit). Each pass visits the blocks, then the columns, then the rows
  (SE's region types 0, 2, 1), then the variant units; within a region the digits go from 1 up.
* Naked Single (2.3): the cells in reading order.

This module also keeps the per-layout region tables (`region_tables`) that the other basic techniques share: the
full units in SE's orders, each with its cells in SE's order and as a bit mask over the grid.
"""

from __future__ import annotations

from typing import Iterator, NamedTuple

from puzzlesat.sudoku.logic.candidates import CandidateGrid, Layout, per_layout
from puzzlesat.sudoku.logic.steps import Step

BLOCK, ROW, COLUMN, EXTRA = 0, 1, 2, 3  # region kinds, numbered as SE numbers its region types (EXTRA: variants)


class Region(NamedTuple):
    """A full unit: its index in layout.groups, its kind, its cells in SE's order, those cells as a bit mask."""

    index: int
    kind: int
    cells: tuple
    mask: int
    name: str


class RegionTables(NamedTuple):
    """A layout's full units, by kind and in SE's usual order (blocks, columns, rows, then variant units)."""

    side: int
    blocks: tuple
    rows: tuple
    columns: tuple
    extras: tuple
    order: tuple  # blocks, columns, rows, extras: the order of HiddenSingle, HiddenSet and NakedSet


@per_layout
def region_tables(lay: Layout) -> RegionTables:
    """The layout's full units sorted into blocks, rows, columns and variant units, built once per layout."""
    side = lay.side
    kinds = {BLOCK: [], ROW: [], COLUMN: [], EXTRA: []}
    for index in sorted(lay.full):
        cells = tuple(lay.groups[index])
        kind = ROW if index < side else COLUMN if index < 2 * side else BLOCK if index < 3 * side else EXTRA
        mask = 0
        for cell in cells:
            mask |= 1 << cell
        kinds[kind].append(Region(index, kind, cells, mask, lay.names[index]))
    blocks, rows, columns, extras = (tuple(kinds[k]) for k in (BLOCK, ROW, COLUMN, EXTRA))
    return RegionTables(side, blocks, rows, columns, extras, blocks + columns + rows + extras)


def hidden_singles(board: CandidateGrid, **_) -> Iterator[Step]:
    """Digits with one place left in a region, in SE's order: last empty cells first, then the other regions."""
    values, cands = board.values, board.cands
    order = region_tables(board.layout).order
    empties = [[c for c in region.cells if not values[c]] for region in order]
    for region, open_cells in zip(order, empties):
        if len(open_cells) == 1:
            cell = open_cells[0]
            mask = cands[cell]
            while mask:
                low = mask & -mask
                mask ^= low
                digit = low.bit_length()
                yield Step("Hidden Single", 1.0, ((cell, digit),), (), (cell,), (digit,), region.name)
    for region, open_cells in zip(order, empties):
        if len(open_cells) < 2:
            continue
        once = twice = 0
        for cell in open_cells:
            mask = cands[cell]
            twice |= once & mask
            once |= mask
        single = once & ~twice
        if not single:
            continue
        difficulty = 1.2 if region.kind == BLOCK else 1.5
        while single:
            low = single & -single
            single ^= low
            digit = low.bit_length()
            cell = next(c for c in open_cells if cands[c] & low)
            yield Step("Hidden Single", difficulty, ((cell, digit),), (), (cell,), (digit,), region.name)


def naked_singles(board: CandidateGrid, **_) -> Iterator[Step]:
    """Empty cells with one candidate left, in reading order."""
    values = board.values
    for cell, mask in enumerate(board.cands):
        if mask and not mask & (mask - 1) and not values[cell]:
            digit = mask.bit_length()
            yield Step("Naked Single", 2.3, ((cell, digit),), (), (cell,), (digit,))

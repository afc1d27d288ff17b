"""Sudoku vocabulary: shapes, puzzles, cell names, and checking of solutions.

A cell is an int index, row * side + column (0-based); its name is 'r3c5' (1-based). A value is 1..side
(0 is blank) and is written in the puzzle's alphabet: 1-9, then A, B, ... unless the puzzle says otherwise
(a string of one character per value, or a tuple of numbers written out, '1' .. '25', for numeric grids).
A pencil-mark puzzle also states each cell's candidates, as a bit mask (bit v-1 set: v is possible).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from math import isqrt
from operator import add, itemgetter
from typing import Optional, Sequence, Union

from puzzlesat.errors import PuzzleError

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MIN_SIDE, MAX_SIDE = 4, len(SYMBOLS)


def box_shape(side: int) -> Optional[tuple]:
    """Box rows and columns for a side (3x3 for 9, 2x3 for 6, 3x4 for 12), or None if unsupported."""
    if not MIN_SIDE <= side <= MAX_SIDE:
        return None
    rows = max(d for d in range(1, isqrt(side) + 1) if side % d == 0)
    return None if rows == 1 else (rows, side // rows)


def supported_sides() -> list:
    """Every side length we can solve, smallest first."""
    return [side for side in range(MIN_SIDE, MAX_SIDE + 1) if box_shape(side)]


def default_alphabet(side: int) -> str:
    """Symbols for a side: 1-9 then A, B, ... (16x16 uses 1-9A-G, 25x25 uses 1-9A-P)."""
    return SYMBOLS[:side]


@dataclass(frozen=True)
class Shape:
    """The geometry of a grid of `side` x `side` cells cut into boxes of box_rows x box_cols."""

    side: int
    box_rows: int
    box_cols: int

    @classmethod
    def of_side(cls, side: int) -> "Shape":
        """The standard shape for a side length (one shared instance per side)."""
        return _standard_shape(side)

    @classmethod
    def without_boxes(cls, side: int) -> "Shape":
        """A grid whose size has no boxes (5x5, 7x7, ...): rows stand in for them, so its puzzles need
        irregular regions, which replace the boxes."""
        return _shared_shape(side, 1, side)

    def __reduce__(self):
        """Pickled as its three numbers (the cached tables are rebuilt, once per process)."""
        return _shared_shape, (self.side, self.box_rows, self.box_cols)

    @property
    def cells(self) -> int:
        """Number of cells."""
        return self.side * self.side

    @property
    def name(self) -> str:
        """Like '9x9'."""
        return f"{self.side}x{self.side}"

    @cached_property
    def rows(self) -> tuple:
        """Cell indexes of each row."""
        n = self.side
        return tuple(tuple(range(r * n, r * n + n)) for r in range(n))

    @cached_property
    def columns(self) -> tuple:
        """Cell indexes of each column."""
        n = self.side
        return tuple(tuple(range(c, n * n, n)) for c in range(n))

    @cached_property
    def boxes(self) -> tuple:
        """Cell indexes of each box, boxes in reading order."""
        n, br, bc = self.side, self.box_rows, self.box_cols
        return tuple(
            tuple((top + r) * n + left + c for r in range(br) for c in range(bc))
            for top in range(0, n, br)
            for left in range(0, n, bc)
        )

    @cached_property
    def groups(self) -> tuple:
        """Rows, then columns, then boxes."""
        return self.rows + self.columns + self.boxes

    @cached_property
    def symbols(self) -> frozenset:
        """The values 1..side."""
        return frozenset(range(1, self.side + 1))

    @cached_property
    def partition_keys(self) -> tuple:
        """A key per cell for its row, then per cell for its column, then for its box: a distinct
        multiple of (side + 1) per group, so that key + value is unique over all 3 * cells entries
        exactly when no row, column or box repeats a value."""
        keys = []
        for family_index, family in enumerate((self.rows, self.columns, self.boxes)):
            per_cell = [0] * self.cells
            for index, group in enumerate(family):
                for cell in group:
                    per_cell[cell] = (family_index * self.side + index) * (self.side + 1)
            keys.extend(per_cell)
        return tuple(keys)

    def group_name(self, index: int) -> str:
        """'row 3', 'column 5' or 'box 9' (1-based) for an index into `groups`."""
        kind, number = divmod(index, self.side)
        return f"{('row', 'column', 'box')[kind]} {number + 1}"

    def cell_name(self, cell: int) -> str:
        """'r3c5' (1-based) for a cell index."""
        return cell_name(cell, self.side)


def cell_name(cell: int, side: int) -> str:
    """'r3c5' (1-based) for a cell index of a grid of `side` columns."""
    return f"r{cell // side + 1}c{cell % side + 1}"


@lru_cache(maxsize=None)
def _standard_shape(side: int) -> Shape:
    """Build the standard shape once per side, so its cached groups are shared."""
    boxes = box_shape(side)
    if boxes is None:
        sides = ", ".join(map(str, supported_sides()))
        raise PuzzleError(f"no Sudoku of side {side}; supported sides: {sides}")
    return _shared_shape(side, *boxes)


@lru_cache(maxsize=None)
def _shared_shape(side: int, box_rows: int, box_cols: int) -> Shape:
    """One Shape per geometry and process, so its cached tables are built once."""
    return Shape(side, box_rows, box_cols)


@lru_cache(maxsize=64)
def _symbols_by_value(alphabet, blank: str) -> list:
    """[blank, first symbol, second symbol, ...] so that a value indexes its symbol."""
    return [blank, *alphabet]


@dataclass(frozen=True)
class Puzzle:
    """A grid of values 0 (blank) or 1..side, with the alphabet and blank character it was written in, and for a
    pencil-mark puzzle the candidates of every cell (a bit mask per cell; None: only the givens are stated)."""

    shape: Shape
    values: tuple
    alphabet: Union[str, tuple] = ""
    blank: str = "."
    candidates: Optional[tuple] = None

    def __post_init__(self):
        if not self.alphabet:
            object.__setattr__(self, "alphabet", default_alphabet(self.shape.side))

    @property
    def givens(self) -> list:
        """(cell, value) for every filled cell."""
        return [(cell, value) for cell, value in enumerate(self.values) if value]

    @property
    def given_cells(self) -> tuple:
        """The cells that hold a given, in order (computed once; not a cached_property, whose lock
        costs more than the computation on Python 3.11)."""
        cells = self.__dict__.get("_given_cells")
        if cells is None:
            cells = tuple(cell for cell, value in enumerate(self.values) if value)
            object.__setattr__(self, "_given_cells", cells)
        return cells

    @property
    def numeric(self) -> bool:
        """True when values are written as numbers ('10 . 3 16 ...'), one token per cell."""
        return not isinstance(self.alphabet, str)

    def ruled_out(self) -> list:
        """(cell, value) for every candidate the pencil marks rule out in a cell without a given."""
        if self.candidates is None:
            return []
        side, values = self.shape.side, self.values
        return [(cell, value) for cell, mask in enumerate(self.candidates) if not values[cell]
                for value in range(1, side + 1) if not mask >> (value - 1) & 1]

    def admits(self, values: Sequence[int]) -> bool:
        """True when `values` agrees with every given and, for a pencil-mark puzzle, every cell's candidates."""
        if self.candidates is not None and any(not mask >> (value - 1) & 1 for value, mask in zip(values, self.candidates)):
            return False
        cells = self.given_cells
        if not cells:
            return True
        pick = itemgetter(*cells)
        return pick(values) == pick(self.values)

    def to_line(self) -> str:
        """The puzzle on one line in its own alphabet: its cells, or for a pencil-mark puzzle every cell's
        candidates as `side` characters each (a symbol where the value is possible, the blank where not)."""
        if self.candidates is None:
            return self.format_values(self.values)
        symbols, blank, side = self.alphabet, self.blank, self.shape.side
        cells = ("".join(symbols[v] if mask >> v & 1 else blank for v in range(side)) for mask in self.candidates)
        return (" " if self.numeric else "").join(cells)

    def format_values(self, values: Sequence[int]) -> str:
        """Any full or partial grid of values on one line in this puzzle's alphabet (numbers apart by spaces)."""
        symbols = map(_symbols_by_value(self.alphabet, self.blank).__getitem__, values)
        return " ".join(symbols) if self.numeric else "".join(symbols)


def is_solution(puzzle: Puzzle, values: Sequence[int], groups: Optional[Sequence[Sequence[int]]] = None) -> bool:
    """True when `values` fills every cell, keeps every given and repeats no symbol in any group."""
    shape = puzzle.shape
    if len(values) != shape.cells or not set(values) <= shape.symbols:
        return False
    if not puzzle.admits(values):
        return False
    if len(set(map(add, shape.partition_keys, values * 3))) != 3 * shape.cells:
        return False
    extra = () if groups is None else groups[len(shape.groups):]
    return all(len({values[cell] for cell in group}) == len(group) for group in extra)


def numbering(groups: Sequence[Sequence[int]], cells: int) -> tuple:
    """The number of the group each cell is in; a cell in none gets a number of its own."""
    number = [-1 - cell for cell in range(cells)]
    for index, group in enumerate(groups):
        for cell in group:
            number[cell] = index
    return tuple(number)

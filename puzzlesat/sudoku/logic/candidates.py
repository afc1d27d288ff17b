"""The candidate grid people solve on: values placed so far and, per cell, the digits still possible.

The state is bit masks (Python ints), kept in step by every placement and elimination: per cell its candidates
(bit d-1 for digit d), and per digit its places, the open cells that still hold it (bit c for cell c). The grid's
Layout (groups, peers, which groups hold every digit) and the peers as cell masks are computed once per set of
rules. The explainer's techniques and the rater work on this grid.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache, wraps
from typing import Callable, Optional, TypeVar

from puzzlesat.sudoku.model.grid import Puzzle
from puzzlesat.sudoku.model.rules import Rules
from puzzlesat.sudoku.model.sudoku import rules_of

T = TypeVar("T")


@dataclass(frozen=True)
class Layout:
    """What the techniques need to know about the rules' groups, computed once per Rules."""

    side: int
    groups: tuple
    names: tuple
    full: tuple          # indexes of groups with `side` cells, boxes first, then rows, columns, extras
    lines: frozenset     # indexes of rows and columns
    peers: tuple         # per cell: the other cells of every group it is in
    cell_full: tuple     # per cell: the full groups it is in


LAYOUTS_KEPT = 16  # as layout()'s cache: a stream of variants (a new layout each) must not keep them all


def per_layout(build: Callable[[Layout], T]) -> Callable[[Layout], T]:
    """`build(layout)` computed once per Layout object: looked up by identity (a Layout's hash is costly), the
    layout kept beside its value so that a reused id never returns another layout's tables; the LAYOUTS_KEPT
    layouts met last are kept, the oldest dropped first."""
    cache: dict = {}

    @wraps(build)
    def cached(lay: Layout) -> T:
        entry = cache.get(id(lay))
        if entry is None or entry[0] is not lay:
            if len(cache) >= LAYOUTS_KEPT:
                del cache[next(iter(cache))]
            entry = cache[id(lay)] = (lay, build(lay))
        return entry[1]

    return cached


@per_layout
def peer_masks(lay: Layout) -> tuple:
    """Per cell, the bit mask of the cells it sees."""
    return tuple(sum(1 << peer for peer in peers) for peers in lay.peers)


@lru_cache(maxsize=16)
def layout(rules: Rules) -> Layout:
    """The Layout of a set of rules."""
    side, cells = rules.shape.side, rules.shape.cells
    groups = tuple(tuple(g) for g in rules.groups)
    names = tuple(rules.group_name(i) for i in range(len(groups)))
    full_all = [i for i, g in enumerate(groups) if len(g) == side]
    boxes = [i for i in full_all if 2 * side <= i < rules.grid_groups]
    full = tuple(boxes + [i for i in full_all if i not in boxes])
    peers = [set() for _ in range(cells)]
    cell_full = [[] for _ in range(cells)]
    for index, group in enumerate(groups):
        for cell in group:
            peers[cell].update(group)
            if len(group) == side:
                cell_full[cell].append(index)
    for cell in range(cells):
        peers[cell].discard(cell)
    return Layout(side, groups, names, full, frozenset(range(2 * side)),
                  tuple(tuple(sorted(p)) for p in peers), tuple(tuple(f) for f in cell_full))


def digit_places(values: list, cands: list, side: int) -> list:
    """Per digit (index d-1): the open cells (no value) whose candidates hold it, as a cell mask."""
    places = [0] * side
    for cell, mask in enumerate(cands):
        if mask and not values[cell]:
            bit = 1 << cell
            while mask:
                low = mask & -mask
                places[low.bit_length() - 1] |= bit
                mask ^= low
    return places


def bits(mask: int) -> list:
    """The digits (from 1) whose bits are set."""
    digits, digit = [], 1
    while mask:
        if mask & 1:
            digits.append(digit)
        mask >>= 1
        digit += 1
    return digits


@dataclass
class CandidateGrid:
    """Candidates per cell as bit masks (bit d-1 for digit d) and the values placed so far."""

    rules: Rules
    values: list
    cands: list
    layout: Layout = field(repr=False)
    assume_unique: bool = False  # the puzzle is known to have one solution: uniqueness techniques may be used
    engine: Optional[str] = None  # 'se' or 'general' (puzzlesat.sudoku.logic.techniques); None: by the rules
    disabled: frozenset = frozenset()  # technique families switched off
    places: list = field(init=False, repr=False)  # per digit (index d-1): the open cells holding it, a cell mask

    def __post_init__(self) -> None:
        """The places of every digit, from the values and candidates given."""
        self.places = digit_places(self.values, self.cands, self.layout.side)

    @classmethod
    def start(cls, puzzle: Puzzle, rules: Optional[Rules] = None) -> "CandidateGrid":
        """The givens placed, each removing its digit from its peers once (Chen's starting point); a pencil-mark
        puzzle's cells keep only the candidates its marks state."""
        rules = rules or rules_of(puzzle)
        lay = layout(rules)
        full = (1 << lay.side) - 1
        board = cls(rules, [0] * puzzle.shape.cells, [full] * puzzle.shape.cells, lay)
        for cell, value in puzzle.givens:
            board.place(cell, value)
        if puzzle.candidates is not None:
            board.cands = [have & stated for have, stated in zip(board.cands, puzzle.candidates)]
            board.places = digit_places(board.values, board.cands, lay.side)
        return board

    def copy(self) -> "CandidateGrid":
        """An independent copy."""
        twin = object.__new__(CandidateGrid)
        twin.__dict__.update(self.__dict__, values=list(self.values), cands=list(self.cands), places=list(self.places))
        return twin

    def place(self, cell: int, value: int) -> None:
        """Put `value` in `cell` and remove it from the cell's peers."""
        bit = 1 << (value - 1)
        cands, places = self.cands, self.places
        gone = ~(1 << cell)
        mask = cands[cell]
        while mask:  # the cell is no longer open: no digit's place
            low = mask & -mask
            mask ^= low
            places[low.bit_length() - 1] &= gone
        self.values[cell] = value
        cands[cell] = bit
        for peer in self.layout.peers[cell]:
            cands[peer] &= ~bit
        places[value - 1] &= ~peer_masks(self.layout)[cell]

    def eliminate(self, cell: int, value: int) -> None:
        """Remove one candidate."""
        self.cands[cell] &= ~(1 << (value - 1))
        self.places[value - 1] &= ~(1 << cell)

    def apply(self, step) -> None:
        """Carry out a step's placements and eliminations (a puzzlesat.sudoku.logic.steps.Step)."""
        for cell, value in step.placements:
            self.place(cell, value)
        for cell, value in step.eliminations:
            self.eliminate(cell, value)

    @property
    def open_cells(self) -> int:
        """Cells without a value."""
        return self.values.count(0)

    @property
    def solved(self) -> bool:
        """Every cell has a value."""
        return 0 not in self.values

    @property
    def broken(self) -> bool:
        """Some cell has no candidate left (an open cell emptied, or a placed value its peer placed too)."""
        return 0 in self.cands

    def candidates(self, cell: int) -> list:
        """The candidate digits of a cell."""
        return bits(self.cands[cell])

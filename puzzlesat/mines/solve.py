"""A perfect logical player on a known layout: open the first click, then every certainly safe cell, until won or stuck.

The player sees what a person sees (the numbers opened, and the total number of mines when `use_total`) and opens
only cells that are safe in every layout that fits it. Certainty comes in three steps, cheapest first, each sound:

1. single numbers: a number that needs no more mines makes its covered cells safe, one that needs all of them
   makes them mines; driven by a queue of the numbers whose surroundings changed;
2. pairs of overlapping numbers: A's cells outside B hold need(A) - need(B) more mines than B's cells outside A, so
   when that is all of them they are mines and B's are safe (ms-toollib's solve_minus); only pairs with a number
   changed since the last look are looked at;
3. exact counting (puzzlesat.mines.count, the engine of the analysis), the total included: complete, so when it
   finds no safe cell there is none, and the position needs a guess.

A solve that ends `won` is therefore a proof that the layout needs no guess from that first click; one that ends
`stuck` is a proof that it does (and stops where), unless an exact count was too large for its budget (`gave_up`;
`needs_no_guess` counts without one). The generator (puzzlesat.mines.generate) changes the layout
of a stuck solve (`place`) and lets it go on.

>>> solve = Solve(3, 3, {(0, 2), (2, 2)}, (0, 0))   # mines in two corners; the first click opens all but the last column
>>> solve.run(), solve.opened                         # the 2 in the middle and the 1 above it: (2, 2) is a mine, ...
('won', 7)
>>> Solve(2, 2, {(0, 1)}, (1, 1)).run()              # a 1 in the corner of a 2x2 board: any covered cell may be the mine
'stuck'
>>> Solve(3, 1, {(0, 0), (0, 2)}, (0, 1)).run()      # one safe cell, no other: won at once
'won'
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, List, Optional, Set, Tuple

from puzzlesat.budget import Budget
from puzzlesat.errors import Inconsistent, OutOfBudget
from puzzlesat.mines.board import HIDDEN, Position, neighbour_table
from puzzlesat.mines.count import count_layouts, pair_forces

WON, STUCK = "won", "stuck"
COUNT_NODES = 200_000  # partial layouts one exact count may sweep before the position is taken as stuck


@lru_cache(maxsize=32)
def near_table(width: int, height: int) -> Tuple[Tuple[int, ...], ...]:
    """For each cell, the cells two steps away or nearer (king moves), itself left out: the numbers that can share a
    covered neighbour with it."""
    table = []
    for row in range(height):
        for col in range(width):
            table.append(tuple(
                r * width + c
                for r in range(max(row - 2, 0), min(row + 3, height))
                for c in range(max(col - 2, 0), min(col + 3, width))
                if (r, c) != (row, col)
            ))
    return tuple(table)


class Solve:
    """The logical solve of one layout (module docstring): what is open, the mines proven, and the bookkeeping that
    keeps each step incremental. `mines` are (row, col) positions; `first` is opened at once (flood fill)."""

    def __init__(self, width: int, height: int, mines: Iterable[Position], first: Position, use_total: bool = True,
                 count_nodes: Optional[int] = COUNT_NODES):
        self.width, self.height = width, height
        cells = width * height
        self.neighbours = neighbour_table(width, height)
        self.near = near_table(width, height)
        self.mine = bytearray(cells)
        for row, col in mines:
            self.mine[row * width + col] = 1
        self.total = sum(self.mine)
        self.use_total = use_total
        self.count_nodes = count_nodes
        self.known: List[int] = [HIDDEN] * cells  # HIDDEN, or the number an open cell shows
        self.proven: Set[int] = set()  # covered cells proven to be mines
        self.need = [0] * cells  # an open cell: mines among its covered neighbours not proven yet
        self.covered = [0] * cells  # an open cell: its covered neighbours not proven to be mines
        self.active: Set[int] = set()  # open cells with such a neighbour
        self.queue: List[int] = []  # numbers to look at with the single-number rules
        self.dirty: Set[int] = set()  # numbers changed since the pairs were last looked at
        self.memo: dict = {}  # part counts kept between exact counts (puzzlesat.mines.count)
        self.safe_left = cells - self.total
        self.opened = 0
        self.counted = 0  # exact counts made
        self.gave_up = False  # an exact count ran out of COUNT_NODES: `stuck` then proves nothing
        self.first = first[0] * width + first[1]
        if self.mine[self.first]:
            raise ValueError(f"the first click {first} is a mine")
        self._open(self.first)

    @property
    def won(self) -> bool:
        """Every safe cell is open."""
        return self.safe_left == 0

    def mines(self) -> List[Position]:
        """The layout's mines, (row, col), in reading order."""
        return [divmod(index, self.width) for index, mine in enumerate(self.mine) if mine]

    def run(self) -> str:
        """Open certainly safe cells until every safe cell is open (WON) or none is certain (STUCK)."""
        while not self.won:
            self._single()
            if self.won or self._pairs():
                continue
            if not self._count():
                return STUCK
        return WON

    def _open(self, start: int) -> None:
        """Open a safe cell, and through every zero all the cells connected to it."""
        known, mine, neighbours, proven = self.known, self.mine, self.neighbours, self.proven
        need, covered, queue, dirty, active = self.need, self.covered, self.queue, self.dirty, self.active
        stack = [start]
        while stack:
            cell = stack.pop()
            if known[cell] != HIDDEN:
                continue
            around = neighbours[cell]
            value = 0
            for other in around:
                value += mine[other]
            known[cell] = value
            self.safe_left -= 1
            self.opened += 1
            left, hidden = value, 0
            for other in around:
                if known[other] >= 0:
                    covered[other] -= 1
                    if covered[other]:
                        queue.append(other)
                        dirty.add(other)
                    else:
                        active.discard(other)
                elif other in proven:
                    left -= 1
                else:
                    hidden += 1
                    if not value:
                        stack.append(other)
            need[cell], covered[cell] = left, hidden
            if hidden:
                active.add(cell)
                queue.append(cell)
                dirty.add(cell)

    def _prove_mine(self, cell: int) -> None:
        """Take a covered cell as a proven mine."""
        self.proven.add(cell)
        known, need, covered, queue, dirty = self.known, self.need, self.covered, self.queue, self.dirty
        for other in self.neighbours[cell]:
            if known[other] >= 0:
                need[other] -= 1
                covered[other] -= 1
                queue.append(other)
                dirty.add(other)

    def undecided_around(self, cell: int) -> List[int]:
        """The covered neighbours of a number not proven to be mines."""
        known, proven = self.known, self.proven
        return [other for other in self.neighbours[cell] if known[other] == HIDDEN and other not in proven]

    def _single(self) -> None:
        """Apply the single-number rules to every number queued, until the queue is empty."""
        queue, need, covered, active = self.queue, self.need, self.covered, self.active
        while queue:
            cell = queue.pop()
            hidden = covered[cell]
            if not hidden:
                active.discard(cell)
                continue
            left = need[cell]
            if left == 0:
                for other in self.undecided_around(cell):
                    self._open(other)
            elif left == hidden:
                for other in self.undecided_around(cell):
                    self._prove_mine(other)

    def _pairs(self) -> bool:
        """Apply the rule of two overlapping numbers to the pairs with a number changed since the last look; whether
        it decided anything."""
        dirty, self.dirty = self.dirty, set()
        covered, need, known = self.covered, self.need, self.known
        cells = {}
        safe: Set[int] = set()
        mines: Set[int] = set()
        for a in dirty:
            if not covered[a]:
                continue
            mine_a = cells.get(a)
            if mine_a is None:
                mine_a = cells[a] = set(self.undecided_around(a))
            for b in self.near[a]:
                if known[b] < 0 or not covered[b] or (b in dirty and b < a):
                    continue  # not a number, nothing left around it, or a pair already looked at
                mine_b = cells.get(b)
                if mine_b is None:
                    mine_b = cells[b] = set(self.undecided_around(b))
                if mine_a.isdisjoint(mine_b):
                    continue
                pair_forces(mine_a - mine_b, mine_b - mine_a, need[a] - need[b], safe, mines)
        for cell in mines:
            if cell not in self.proven:
                self._prove_mine(cell)
        for cell in safe:
            self._open(cell)
        return bool(safe or mines)

    def _count(self) -> bool:
        """Count the position exactly (the total included when used): open the cells found safe, prove the mines
        found; whether any cell was safe. A count too large for COUNT_NODES counts as finding nothing."""
        self.counted += 1
        budget = None if self.count_nodes is None else Budget(nodes=self.count_nodes)
        try:
            counts = count_layouts(self.known, self.neighbours, self.total if self.use_total else None, self.proven,
                                   probabilities=False, numbers=sorted(self.active), memo=self.memo, budget=budget)
        except OutOfBudget:
            self.gave_up = True
            return False
        except Inconsistent as error:  # a true layout always fits what it shows
            raise AssertionError(f"the position of a real layout counted as inconsistent: {error}") from None
        for cell in counts.mines - self.proven:
            self._prove_mine(cell)
        for cell in counts.safe:
            self._open(cell)
        return bool(counts.safe)

    def place(self, cell: int, mine: bool) -> None:
        """Put a mine on a covered cell or take it away (the generator's repair): the numbers around it change, and
        the solve goes on from what it has seen, the new numbers included."""
        if self.known[cell] != HIDDEN or cell in self.proven:
            raise ValueError("only a covered cell not proven to be a mine can change")
        if self.mine[cell] == mine:
            return
        self.mine[cell] = int(mine)
        delta = 1 if mine else -1
        self.total += delta
        self.safe_left -= delta
        known, need, queue, dirty = self.known, self.need, self.queue, self.dirty
        for other in self.neighbours[cell]:
            if known[other] >= 0:
                known[other] += delta
                need[other] += delta
                queue.append(other)
                dirty.add(other)

    def clear_proven(self, cell: int) -> None:
        """Take the mine off a cell proven to hold one, and open it (a repair of last resort: the solve takes it
        as known, and only a whole solve of the new layout from the start can prove anything)."""
        self.proven.discard(cell)
        known, need, covered = self.known, self.need, self.covered
        for other in self.neighbours[cell]:
            if known[other] >= 0:
                need[other] += 1
                covered[other] += 1
        self.place(cell, False)
        self._open(cell)

    def mine_opened(self, cell: int) -> None:
        """Put a mine on an open cell, taken as proven (a repair of last resort, as clear_proven)."""
        known, covered = self.known, self.covered
        known[cell] = HIDDEN
        self.active.discard(cell)
        self.safe_left += 1
        self.opened -= 1
        for other in self.neighbours[cell]:
            if known[other] >= 0:
                covered[other] += 1
        self.place(cell, True)
        self._prove_mine(cell)

    def undecided(self) -> List[int]:
        """Every covered cell not proven to be a mine."""
        proven = self.proven
        return [cell for cell, value in enumerate(self.known) if value == HIDDEN and cell not in proven]

def solve(width: int, height: int, mines: Iterable[Position], first: Position, use_total: bool = True) -> Solve:
    """The logical solve of a layout from its first click, run to its end (won, or stuck where a guess is needed),
    exact counts unbounded."""
    result = Solve(width, height, mines, first, use_total, count_nodes=None)
    result.run()
    return result


def needs_no_guess(width: int, height: int, mines: Iterable[Position], first: Position, use_total: bool = True) -> bool:
    """Whether a perfect logical player wins the layout from `first` without a guess (the total known when
    `use_total`); False when the first click is a mine."""
    mines = list(mines)
    if tuple(first) in set(map(tuple, mines)):
        return False
    return solve(width, height, mines, first, use_total).won


def solved_by_sat(width: int, height: int, mines: Iterable[Position], first: Position, use_total: bool = True) -> bool:
    """The same question as needs_no_guess, answered by SAT alone (puzzlesat.mines.analysis.certain_by_sat, no
    counting) at every step, with the mines it proved flagged: an independent check of the generator's proofs
    (seconds on an expert board)."""
    from puzzlesat.mines.analysis import certain_by_sat
    from puzzlesat.mines.board import FLAG, Board

    game = Solve(width, height, mines, first, use_total, count_nodes=0)
    flags: Set[int] = set()
    total = game.total if use_total else None
    while not game.won:
        cells = [FLAG if cell in flags else value for cell, value in enumerate(game.known)]
        board = Board(width, height, tuple(tuple(cells[r * width:(r + 1) * width]) for r in range(height)), total)
        safe, proven = certain_by_sat(board)
        if not safe:
            return False
        flags.update(row * width + col for row, col in proven)
        for row, col in safe:
            game._open(row * width + col)
    return True

"""Exact play of small endgames: with few mine layouts left, search the game tree for the move most likely to win.

Every listed layout is equally likely. Opening a cell that is safe in every remaining layout costs nothing and can only
help, so the search takes such a cell first whenever it would tell layouts apart; otherwise it tries every uncertain
cell, splits the layouts where it is safe by the number it would show, and recurses.

A set of layouts is one integer, bit i for layout i, so splitting and counting are a few integer operations. The
positions met are remembered for the life of the search: a player keeps it from move to move and asks again for the
layouts that still fit what it has seen (`fitting`), so the tree is searched once, not once per move.

With `living_only`, as David Hill's solver searches, a cell that can show only one number where it is safe is left
out of the moves tried (unless every uncertain cell is such): faster, but not exact, since surviving such a cell
still tells layouts apart. A search that runs out of budget leaves what it finished in `partial`.
"""

from __future__ import annotations

from typing import Dict, FrozenSet, List, Optional, Sequence, Set, Tuple

from puzzlesat.budget import Budget
from puzzlesat.mines.board import HIDDEN

try:
    ones = int.bit_count  # Python 3.10+
except AttributeError:  # pragma: no cover - Python 3.9
    def ones(layouts: int) -> int:
        """The number of layouts in a set."""
        return bin(layouts).count("1")


class Endgame:
    """The layouts left over some uncertain cells, and the numbers each cell would show in each layout."""

    def __init__(self, cells: Sequence[int], layouts: Sequence[FrozenSet[int]], neighbours, living_only: bool = False):
        self.cells = tuple(cells)
        self.living_only = living_only
        self.partial: Tuple[Optional[int], Set[int]] = (None, set())  # the best move finished, and the moves judged
        self.count = len(layouts)
        self.everything = (1 << self.count) - 1
        self.mined: Dict[int, int] = {}  # cell -> the layouts with a mine there
        self.shows: Dict[int, Dict[int, int]] = {}  # cell -> number -> the layouts where it is safe and shows it
        for cell in self.cells:
            mined, shows, around = 0, {}, neighbours[cell]
            for index, layout in enumerate(layouts):
                if cell in layout:
                    mined |= 1 << index
                else:
                    number = len(layout.intersection(around))
                    shows[number] = shows.get(number, 0) | 1 << index
            self.mined[cell], self.shows[cell] = mined, shows
        self.memo: Dict[int, float] = {}
        self.budget = Budget().start()

    def fitting(self, known: Sequence[int]) -> int:
        """The layouts that agree with the numbers its cells show now (a cell opened on a mine ends the game)."""
        layouts = self.everything
        for cell in self.cells:
            if known[cell] != HIDDEN:
                layouts &= self.shows[cell].get(known[cell], 0)
        return layouts

    def best_move(self, layouts: Optional[int] = None, budget: Optional[Budget] = None) -> Tuple[int, float]:
        """The cell to open now and the chance of winning the game from here by playing on exactly (all the
        layouts by default). The search spends one node of `budget` per position it has not met before
        (OutOfBudget beyond); what it met stays remembered, and `partial` holds the best of the moves it finished
        and every move it judged (finished, or proven no better than that one)."""
        layouts = self.everything if layouts is None else layouts
        self.budget = (budget or Budget(nodes=20000)).start()
        size = ones(layouts)
        free, uncertain = self._cells(layouts, size)
        if free is not None:  # a player opens certain cells before it guesses: not then
            return free, self._after_opening(free, layouts, size)
        best, best_win = None, -1.0
        self.partial = (None, set())
        for cell in uncertain:
            safe = layouts & ~self.mined[cell]
            if ones(safe) / size <= best_win:
                break
            win = self._after_opening(cell, safe, size, best_win)
            if win > best_win:
                best, best_win = cell, win
            self.partial = (best, self.partial[1] | {cell})
        return best, best_win

    def win(self, layouts: int) -> float:
        """The chance of winning from a set of equally likely layouts, playing exactly."""
        size = ones(layouts)
        if size == 1:
            return 1.0
        result = self.memo.get(layouts)
        if result is not None:
            return result
        self.budget.check("the endgame search")
        self.budget.spend(nodes=1)
        free, uncertain = self._cells(layouts, size)
        if free is not None:
            result = self._after_opening(free, layouts, size)
        else:
            result = 0.0
            for cell in uncertain:
                safe = layouts & ~self.mined[cell]
                if ones(safe) / size <= result:
                    break
                result = max(result, self._after_opening(cell, safe, size, result))
        self.memo[layouts] = result
        return result

    def _after_opening(self, cell: int, safe: int, out_of: int, beat: float = -1.0) -> float:
        """The chance of winning after opening `cell`, given the layouts where it is safe (out of `out_of`); once
        it cannot exceed `beat` (every part still to search won at best), some value no higher than `beat`."""
        parts = [part for part in (safe & shown for shown in self.shows[cell].values()) if part]
        parts.sort(key=lambda part: part & -part)  # by their first layout: the same sum, in the same order, each time
        won, left = 0.0, ones(safe)
        for part in parts:
            size = ones(part)
            won += size * self.win(part)
            left -= size
            if left and (won + left) / out_of <= beat:
                return (won + left) / out_of
        return won / out_of

    def _cells(self, layouts: int, size: int) -> Tuple[Optional[int], List[int]]:
        """(a cell safe in every layout whose number differs between layouts, or None; when there is none, the
        cells that are a mine in some but not all layouts, safest first)."""
        mines, dead = [], []
        for cell in self.cells:
            mined = ones(layouts & self.mined[cell])
            if not mined:
                numbers = 0
                for shown in self.shows[cell].values():
                    if layouts & shown:
                        numbers += 1
                        if numbers > 1:
                            return cell, []
            elif mined < size:
                if self.living_only and sum(1 for shown in self.shows[cell].values() if layouts & shown) < 2:
                    dead.append((mined, cell))
                else:
                    mines.append((mined, cell))
        mines = sorted(mines) or sorted(dead)
        return None, [cell for _, cell in mines]

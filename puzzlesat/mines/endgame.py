"""Exact play of small endgames: with few mine layouts left, search the game tree for the move most likely to win.

Every listed layout is equally likely. Opening a cell that is safe in every remaining layout costs nothing and can only
help, so the search takes such a cell first whenever it would tell layouts apart; otherwise it tries every uncertain
cell, splits the layouts where it is safe by the number it would show, and recurses.

A set of layouts is one integer, bit i for layout i, so splitting and counting are a few integer operations. The
positions met are remembered for the life of the search: a player keeps it from move to move and asks again for the
layouts that still fit what it has seen (`fitting`), so the tree is searched once, not once per move.
"""

from __future__ import annotations

from typing import Dict, FrozenSet, List, Optional, Sequence, Tuple

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

    def __init__(self, cells: Sequence[int], layouts: Sequence[FrozenSet[int]], neighbours):
        self.cells = tuple(cells)
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
        (OutOfBudget beyond); what it met stays remembered."""
        layouts = self.everything if layouts is None else layouts
        self.budget = (budget or Budget(nodes=20000)).start()
        size = ones(layouts)
        free = self._informative_safe_cell(layouts)  # a player opens certain cells before it guesses: not then
        if free is not None:
            return free, self._after_opening(free, layouts, size)
        best, best_win = None, -1.0
        for cell in self._by_safety(layouts, size):
            safe = layouts & ~self.mined[cell]
            if ones(safe) / size <= best_win:
                break
            win = self._after_opening(cell, safe, size)
            if win > best_win:
                best, best_win = cell, win
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
        free = self._informative_safe_cell(layouts)
        if free is not None:
            result = self._after_opening(free, layouts, size)
        else:
            result = 0.0
            for cell in self._by_safety(layouts, size):
                safe = layouts & ~self.mined[cell]
                if ones(safe) / size <= result:
                    break
                result = max(result, self._after_opening(cell, safe, size))
        self.memo[layouts] = result
        return result

    def _after_opening(self, cell: int, safe: int, out_of: int) -> float:
        """The chance of winning after opening `cell`, given the layouts where it is safe (out of `out_of`)."""
        parts = [part for part in (safe & shown for shown in self.shows[cell].values()) if part]
        parts.sort(key=lambda part: part & -part)  # by their first layout: the same sum, in the same order, each time
        return sum(ones(part) * self.win(part) for part in parts) / out_of

    def _informative_safe_cell(self, layouts: int) -> Optional[int]:
        """A cell safe in every layout whose number differs between layouts, if any."""
        for cell in self.cells:
            if not layouts & self.mined[cell]:
                numbers = 0
                for shown in self.shows[cell].values():
                    if layouts & shown:
                        numbers += 1
                        if numbers > 1:
                            return cell
        return None

    def _by_safety(self, layouts: int, size: int) -> List[int]:
        """Cells that are a mine in some but not all layouts, safest first."""
        mines = {cell: ones(layouts & self.mined[cell]) for cell in self.cells}
        return sorted((cell for cell in self.cells if 0 < mines[cell] < size), key=lambda cell: (mines[cell], cell))

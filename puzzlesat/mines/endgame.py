"""Exact play of small endgames: with few mine layouts left, search the game tree for the move most likely to win.

Every listed layout is equally likely. Opening a cell that is safe in every remaining layout costs nothing and can only
help, so the search takes such a cell first whenever it would tell layouts apart; otherwise it tries every uncertain
cell, splits the layouts where it is safe by the number it would show, and recurses.
"""

from __future__ import annotations

from typing import Dict, FrozenSet, List, Optional, Sequence, Tuple

from puzzlesat.budget import Budget


class Endgame:
    """The layouts left over some uncertain cells, and the numbers each cell would show in each layout.

    The search spends one node of its budget per position it has not met before (OutOfBudget beyond).
    """

    def __init__(self, cells: Sequence[int], layouts: Sequence[FrozenSet[int]], neighbours,
                 budget: Optional[Budget] = None):
        self.cells = tuple(cells)
        self.mined = {c: tuple(c in layout for layout in layouts) for c in self.cells}
        self.shows = {c: tuple(len(layout.intersection(neighbours[c])) for layout in layouts) for c in self.cells}
        self.count = len(layouts)
        self.budget = (budget or Budget(nodes=20000)).start()
        self.memo: Dict[FrozenSet[int], float] = {}

    def best_move(self) -> Tuple[int, float]:
        """The cell to open now and the chance of winning the game from here by playing on exactly."""
        everything = frozenset(range(self.count))
        best, best_win = None, -1.0
        for cell in self._by_safety(everything):
            safe = [i for i in everything if not self.mined[cell][i]]
            if len(safe) / self.count <= best_win:
                break
            win = self._after_opening(cell, safe, self.count)
            if win > best_win:
                best, best_win = cell, win
        return best, best_win

    def win(self, layouts: FrozenSet[int]) -> float:
        """The chance of winning from a set of equally likely layouts, playing exactly."""
        if len(layouts) == 1:
            return 1.0
        if layouts in self.memo:
            return self.memo[layouts]
        self.budget.check("the endgame search")
        self.budget.spend(nodes=1)
        free = self._informative_safe_cell(layouts)
        if free is not None:
            result = self._after_opening(free, list(layouts), len(layouts))
        else:
            result = 0.0
            for cell in self._by_safety(layouts):
                safe = [i for i in layouts if not self.mined[cell][i]]
                if len(safe) / len(layouts) <= result:
                    break
                result = max(result, self._after_opening(cell, safe, len(layouts)))
        self.memo[layouts] = result
        return result

    def _after_opening(self, cell: int, safe: List[int], out_of: int) -> float:
        """The chance of winning after opening `cell`, given the layouts where it is safe (out of `out_of`)."""
        parts: Dict[int, List[int]] = {}
        shows = self.shows[cell]
        for i in safe:
            parts.setdefault(shows[i], []).append(i)
        return sum(len(part) * self.win(frozenset(part)) for part in parts.values()) / out_of

    def _informative_safe_cell(self, layouts: FrozenSet[int]):
        """A cell safe in every layout whose number differs between layouts, if any."""
        for cell in self.cells:
            mined, shows = self.mined[cell], self.shows[cell]
            if not any(mined[i] for i in layouts) and len({shows[i] for i in layouts}) > 1:
                return cell
        return None

    def _by_safety(self, layouts: FrozenSet[int]) -> List[int]:
        """Cells that are a mine in some but not all layouts, safest first."""
        size = len(layouts)
        mines = {c: sum(self.mined[c][i] for i in layouts) for c in self.cells}
        return sorted((c for c in self.cells if 0 < mines[c] < size), key=lambda c: (mines[c], c))

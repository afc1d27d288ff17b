"""The `deeper` strategy: lookahead's guess, with the few closest candidates judged one reveal further.

Lookahead (puzzlesat.mines.lookahead) scores a candidate by the chance of surviving it and then the next move, the
next move's safety blended from the two safest living cells. Here the candidates whose score is within `margin` of
the best (at most `width` of them) are judged again over three reveals: for each number a candidate could show,
the position after it is counted, and its value is the best lookahead score of a move there (the next reveal and
the blended safety after it), or 1 when at least two living cells are certainly safe (the next two reveals are
then safe). A candidate's deep score is the sum, over its numbers, of their chance times that value; the best deep
score wins, ties going to the lookahead order. Everything is counted from the snapshot of the position (two cells
revealed on top of it), with the memo of parts shared by every count of the move.

Measured against lookahead (scripts/paired_games.py, seed 0, expert, safe rules, corner first click, one worker):
on games 0-47999, lookahead 19,510 wins (40.65%), deeper 19,580 (40.79%); only lookahead 888 / only deeper 958
won, McNemar p = 0.11; 76.2 against 29.8 games per CPU-second (0.39x). Not the default: not significantly better,
and the issue asks for at least 33 expert games per CPU-second.
"""

from __future__ import annotations

from typing import Dict, List, Set

from puzzlesat.errors import Inconsistent
from puzzlesat.mines.board import HIDDEN
from puzzlesat.mines.count import Counts, count_layouts
from puzzlesat.mines.lookahead import Lookahead, Scored, near_new_ground
from puzzlesat.mines.patterns import is_dead


class Deeper(Lookahead):
    """Lookahead with the closest candidates judged three reveals ahead (module docstring)."""

    width = 3  # close candidates judged a reveal further
    margin = 0.02  # ... those whose score is within this share of the best
    inner_off = 4  # off-frontier cells tried as the next move, when they are nearly the safest
    keep_outcomes = True

    def __init__(self, game, first_move=(0, 0)):
        super().__init__(game, first_move)
        self.prune_slack = self.margin

    def evaluate(self, solution: Counts, mines: Set[int]) -> Scored:
        """Lookahead's scoring, then the close candidates judged three reveals ahead."""
        found, best, context = self.score_all(solution, mines)
        close = [scored for scored in found.values() if not scored.pruned and not scored.dead
                 and scored.score >= best.score * (1 - self.margin)]
        if len(close) > 1 and not best.dead:
            close.sort(key=lambda scored: scored.key(self.progress_bonus), reverse=True)
            close = close[:self.width]
            deep: Dict[int, float] = {}
            top = -1.0
            for scored in close:
                deep[scored.cell] = value = self.deep_score(scored, context, top)
                top = max(top, value)
            best = max(close, key=lambda scored: (deep[scored.cell], scored.key(self.progress_bonus)))
        return self.dominating(best, found)

    def deep_score(self, scored: Scored, context: tuple, beat: float) -> float:
        """The chance of surviving the candidate and the two reveals after it (module docstring); once it cannot
        beat `beat`, a bound no higher than `beat`. Each number's value is at most the best living safety after it."""
        numbers, mines, _, _ = context
        known = list(self.game.known)
        bounds = [share * self.bound(after, mines) for _, share, after in scored.outcomes]
        total, left = 0.0, sum(bounds)
        for (value, share, after), bound in zip(scored.outcomes, bounds):
            if total + left <= beat:
                return total + left
            left -= bound
            known[scored.cell] = value
            total += share * self.next_value(known, numbers + [scored.cell], scored.cell, after, context)
        return total

    @staticmethod
    def bound(after: Counts, mines: Set[int]) -> float:
        """An upper bound of a number's value: 1 with a certainly safe cell, else the best safety after it."""
        if after.safe:
            return 1.0
        sure = mines | after.mines
        layouts = after.layouts
        return max((1 - count / layouts for other, count in after.numerators.items() if other not in sure), default=0.0)

    def next_value(self, known: List[int], numbers: List[int], first: int, after: Counts, context: tuple) -> float:
        """The best lookahead score of a move in the position after the first reveal (1: two living safe cells)."""
        mines = context[1]
        neighbours = self.game.neighbours
        sure = mines | after.mines
        living_safe = [cell for cell in after.safe
                       if known[cell] == HIDDEN and not is_dead(cell, known, neighbours, sure, after.safe)]
        if len(living_safe) > 1:
            return 1.0
        if living_safe:
            options = [(1.0, living_safe[0])]
        else:
            options = self.inner_candidates(known, numbers, after, sure)
        best = 0.0
        for safety, cell in options:
            if safety <= best:
                break
            best = max(best, self.inner_score(known, numbers, first, cell, safety, after, context, best))
        return best

    def inner_candidates(self, known: List[int], numbers: List[int], after: Counts, sure: Set[int]) -> list:
        """(safety, cell) of the moves worth trying after the first reveal, safest first."""
        neighbours = self.game.neighbours
        layouts = after.layouts
        off = set(after.off_frontier) - sure - after.safe
        living = [(1 - after.numerators[cell] / layouts, cell) for cell in after.frontier
                  if cell not in sure and cell not in after.safe and known[cell] == HIDDEN
                  and not is_dead(cell, known, neighbours, sure, after.safe)]
        off_safety = 1 - after.numerators[next(iter(off))] / layouts if off else 0.0
        top = max([safety for safety, _ in living] + [off_safety])
        chosen = [(safety, cell) for safety, cell in living if safety >= top * self.cutoff]
        if off and off_safety >= top * self.off_tolerance:
            picked = self.off_near(known, numbers, off)
            chosen += [(off_safety, cell) for cell in picked[:self.inner_off]]
        chosen.sort(key=lambda item: (-item[0], self.edge_rank(item[1]), item[1]))
        return chosen

    def off_near(self, known: List[int], numbers: List[int], off: Set[int]) -> List[int]:
        """Off-frontier cells likely to open new ground in that position, corners and edges first."""
        picked = near_new_ground(self.game, known, numbers, off)
        return sorted(picked, key=lambda cell: (self.edge_rank(cell), cell))

    def inner_score(self, known: List[int], numbers: List[int], first: int, cell: int, safety: float,
                    after: Counts, context: tuple, beat: float) -> float:
        """Lookahead's score of `cell` in the position after the first reveal (stops once it cannot beat `beat`)."""
        _, mines, memo, since = context
        game = self.game
        known = list(known)
        numbers = numbers + [cell]
        score, left = 0.0, safety
        for value in self.values(cell, mines | after.mines, after.safe, known):
            if score + left <= beat:
                return score + left
            known[cell] = value
            try:
                later = count_layouts(known, game.neighbours, game.setup.mines, mines,
                                      memo=memo, numbers=numbers, changed=[first, cell], since=since)
            except Inconsistent:
                continue
            share = later.layouts / after.layouts
            left -= share
            blended, _, _ = self.blended_safety(later, known, mines)
            score += share * blended
        return score

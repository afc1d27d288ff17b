"""The move a strategy would make on a board, and why: the assistant behind `mines analyze --strategy` and hints.

The board is handed to the same player the simulator runs (puzzlesat.mines.strategy), as if it were a game in
progress: flags count as known mines, and a board with nothing open yet gets the strategy's first click. So on a
position reached in a simulated game the advice is the move the simulator made there (for a guess, the very cell;
when several cells are certainly safe, any of them is the same move).

>>> from puzzlesat.mines import parse_board
>>> advice = advise(parse_board("# mines: 2\\n1??\\n12?\\n.1?"), "lookahead")
>>> advice.cell, advice.reason, str(advice.probability)
((0, 2), 'safe', '0')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

from puzzlesat.mines.board import HIDDEN, Board, Position
from puzzlesat.mines.count import count_layouts
from puzzlesat.mines.game import Setup
from puzzlesat.mines.strategy import DEFAULT_STRATEGY, ENDGAME, FIFTY_FIFTY, FIRST, GUESS, SAFE, make_player

NEEDS_TOTAL = "a recommended move needs the total number of mines (a .mine header, a '# mines: N' line or --mines N)"


@dataclass(frozen=True)
class Advice:
    """The recommended move: where, its exact mine probability, why, and the strategy's numbers behind it."""

    strategy: str
    cell: Position
    probability: Fraction
    reason: str  # puzzlesat.mines.strategy: first, safe, guess, fifty-fifty, endgame
    progress: Optional[float] = None  # the cell is safe and some cell becomes certain after it
    safety_next: Optional[float] = None  # the strategy's score: surviving this move and the next
    win: Optional[float] = None  # endgame: the chance of winning from here, playing on exactly
    safest: Optional[Position] = None  # a guess: the cell least likely to hold a mine (the first of equals)
    safest_probability: Optional[Fraction] = None  # its mine probability

    @property
    def forced(self) -> bool:
        """A forced guess: no cell is certainly safe (a strategy guesses only then)."""
        return self.guess

    @property
    def fifty_fifty(self) -> bool:
        """An unavoidable 50/50: no later move can tell the cell from its pair, so it is guessed at once."""
        return self.reason == FIFTY_FIFTY

    @property
    def guess(self) -> bool:
        """The cell may hold a mine."""
        return self.probability > 0

    def why(self) -> str:
        """One line saying why this move: for a guess, that it is forced, its safety and what it promises."""
        where = f"({self.cell[0]}, {self.cell[1]})"
        if self.reason == FIRST:
            return f"open {where}: the first click (no mine under it by the rules)"
        if self.reason == SAFE:
            return f"open {where}: certainly safe"
        line = f"guess {where}, {float(1 - self.probability):.1%} safe, forced"
        if self.reason == FIFTY_FIFTY:
            return f"{line}: an unavoidable 50/50 (no later move can tell the pair apart), so now"
        if self.reason == ENDGAME:
            return f"{line}: an exact search of the endgame wins {self.win:.1%} of the time from here"
        if self.safety_next is not None:
            line += f": survives it and the next move {self.safety_next:.1%}"
        if self.progress is not None:
            line += f", makes progress {self.progress:.1%}"
        return line

    def detail(self) -> Optional[str]:
        """For a guess, a second line: why it is forced, its exact safety, and the safest cell beside it."""
        if not self.guess:
            return None
        safe = 1 - self.probability
        line = f"no cell is certainly safe; this one is {safe.numerator}/{safe.denominator} safe"
        if self.safest is None or self.safest_probability >= self.probability:
            return f"{line}, as safe as any"
        other = 1 - self.safest_probability
        return f"{line}; the safest, ({self.safest[0]}, {self.safest[1]}), is {float(other):.1%}, but promises less"

    def record(self) -> dict:
        """The advice as a JSON-ready dict (the exact probability as "num/den")."""
        return {
            "strategy": self.strategy,
            "cell": list(self.cell),
            "probability": float(self.probability),
            "exact": f"{self.probability.numerator}/{self.probability.denominator}",
            "reason": self.reason,
            "guess": self.guess,
            "forced": self.forced,
            "fifty_fifty": self.fifty_fifty,
            "safest": None if self.safest is None else list(self.safest),
            "safest_probability": None if self.safest_probability is None else float(self.safest_probability),
            "progress": self.progress,
            "safety_next": self.safety_next,
            "win": self.win,
            "why": self.why(),
        }


class _Seen:
    """A board as a player sees a game in progress: what is open, the neighbours, the total (Game's reading side)."""

    seed = 0
    index = 0

    def __init__(self, board: Board):
        known, flags = board.view
        self.known = list(known)
        self.flags = set(flags)
        self.neighbours = board.neighbour_table
        self.setup = Setup(board.width, board.height, board.total_mines)
        started = self.flags or any(value != HIDDEN for value in known)
        self.mines = frozenset() if started else None  # None: the first click is still to come
        self.index_of, self.position_of = board.index_of, board.position_of


def advise(board: Board, strategy: str = DEFAULT_STRATEGY, first_move: Position = (0, 0)) -> Optional[Advice]:
    """The move `strategy` makes on `board`, or None when every hidden cell is a mine (nothing left to open).

    Raises ValueError without a total or for an unknown strategy, puzzlesat.errors.Inconsistent when no layout fits.
    """
    if board.total_mines is None:
        raise ValueError(NEEDS_TOTAL)
    seen = _Seen(board)
    counts = count_layouts(seen.known, seen.neighbours, board.total_mines, seen.flags)
    hidden = [i for i, value in enumerate(seen.known) if value == HIDDEN and i not in seen.flags]
    if seen.mines is not None and all(i in counts.mines for i in hidden):
        return None
    player = make_player(strategy, seen, first_move)
    player.mines = set(seen.flags)
    decision = player.decide()
    if decision.reason in (FIRST, SAFE):
        return Advice(strategy, seen.position_of(decision.cell), Fraction(0), decision.reason)
    safest = min((cell for cell in hidden if cell not in counts.mines), key=lambda cell: (counts.exact(cell), cell))
    return Advice(strategy, seen.position_of(decision.cell), counts.exact(decision.cell), decision.reason,
                  decision.progress, decision.safety_next, decision.win, seen.position_of(safest), counts.exact(safest))


__all__ = ["Advice", "advise", "GUESS", "NEEDS_TOTAL"]

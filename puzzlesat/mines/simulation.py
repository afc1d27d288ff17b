"""Win rates: play many games with a strategy, in several processes, with the same result whatever the job count.

Game k of a simulation with seed s is Game(setup, s, k): its layout depends only on (s, k) and the first click, so
the wins are the same for any number of jobs and any game can be replayed on its own. Games run through the one
batch pipeline (puzzlesat.parallel), in order.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Callable, Iterator, List, Optional, Tuple

from puzzlesat.errors import SimulationInterrupted
from puzzlesat.interrupts import interrupt_safe, safe_interrupts
from puzzlesat.mines.board import HIDDEN, MINE
from puzzlesat.mines.board import Position
from puzzlesat.mines.game import Game, Move, Setup
from puzzlesat.mines.strategy import DEFAULT_STRATEGY, make_player
from puzzlesat.parallel import ordered_map

if TYPE_CHECKING:
    from concurrent.futures import Executor

Z95 = 1.959963984540054  # the two-sided 95% quantile of the standard normal distribution


@dataclass(frozen=True)
class Outcome:
    """How one game ended: won or not, and how many guesses (opened cells not known to be safe) it took."""

    index: int
    won: bool
    guesses: int
    moves: int


@dataclass(frozen=True)
class Summary:
    """The result of a simulation."""

    setup: Setup
    strategy: str
    seed: int
    first_move: Position
    games: int
    wins: int
    guesses: int
    seconds: float
    jobs: int
    guess_counts: Tuple[int, ...] = ()  # games by number of guesses: item k is how many games took k guesses

    @property
    def win_rate(self) -> float:
        """Wins over games (0 when no game was played)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> Tuple[float, float]:
        """The Wilson score 95% interval of the win rate."""
        return wilson(self.wins, self.games)

    @property
    def mean_guesses(self) -> float:
        """Guesses per game."""
        return self.guesses / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        """Games per wall-clock second, all jobs together."""
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def record(self) -> dict:
        """The summary as a JSON-ready dict."""
        low, high = self.ci95
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": [low, high],
            "level": self.setup.level,
            "size": self.setup.label(),
            "rules": self.setup.rules,
            "strategy": self.strategy,
            "seed": self.seed,
            "first_move": list(self.first_move),
            "mean_guesses": self.mean_guesses,
            "guess_counts": list(self.guess_counts),
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
            "jobs": self.jobs,
        }

    def line(self) -> str:
        """The summary as one tab-separated line: games, wins, win rate, the 95% interval's low and high end."""
        low, high = self.ci95
        return "\t".join([str(self.games), str(self.wins), *(f"{x:.6g}" for x in (self.win_rate, low, high))])


def wilson(wins: int, games: int, z: float = Z95) -> Tuple[float, float]:
    """The Wilson score interval for a binomial proportion ((0, 1) when there are no games)."""
    if games == 0:
        return (0.0, 1.0)
    if wins in (0, games):  # the closed forms, free of rounding
        bound = games / (games + z * z)
        return (0.0, 1.0 - bound) if wins == 0 else (bound, 1.0)
    rate = wins / games
    scale = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / scale
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / scale
    return (max(0.0, centre - half), min(1.0, centre + half))


@interrupt_safe
def play_game(setup: Setup, strategy: str, seed: int, index: int, first_move: Position = (0, 0)) -> Game:
    """Play game `index` of seed `seed` to its end and return it (its moves are in game.moves)."""
    game = Game(setup, seed, index)
    make_player(strategy, game, first_move).play()
    return game


def _play(plan: tuple, indices: list) -> List[Outcome]:
    """Play the games of `indices` (in a worker or here) and keep only what the summary needs."""
    setup, strategy, seed, first_move = plan
    outcomes = []
    for index in indices:
        game = play_game(setup, strategy, seed, index, first_move)
        guesses = sum(1 for move in game.moves if move.probability > 0)
        outcomes.append(Outcome(index, game.won, guesses, len(game.moves)))
    return outcomes


def outcomes(
    setup: Setup, strategy: str, games: int, seed: int, jobs: int = 1, first_move: Position = (0, 0),
    executor: Optional["Executor"] = None,
) -> Iterator[Outcome]:
    """The outcome of every game, in game order; jobs > 1 plays them in that many processes, or `jobs` at a time
    on `executor` (a Dask cluster's)."""
    chunk = max(1, min(50, games // (jobs * 20) or 1))
    work = partial(_play, (setup, strategy, seed, first_move))
    done = ordered_map(work, range(games), jobs, executor, chunk_size=chunk)
    try:
        yield from done
    finally:
        done.close()


def simulate(
    setup: Setup,
    strategy: str = DEFAULT_STRATEGY,
    games: int = 1000,
    seed: int = 0,
    jobs: int = 1,
    first_move: Position = (0, 0),
    progress: Optional[Callable[[Outcome], None]] = None,
    executor: Optional["Executor"] = None,
) -> Summary:
    """Play `games` games and summarise them; `progress` is called after each game (in this process); with an
    `executor` (a Dask cluster's), `jobs` chunks of games run on it at a time. Ctrl-C raises SimulationInterrupted
    with the summary of the games played so far."""
    make_player(strategy, Game(setup), first_move)  # fail early on a bad strategy name or cell
    started = time.perf_counter()
    played = wins = guesses = 0
    counts: List[int] = []  # games by number of guesses

    def summary() -> Summary:
        return Summary(setup, strategy, seed, first_move, played, wins, guesses, time.perf_counter() - started, jobs,
                       tuple(counts))

    try:
        with safe_interrupts():  # Ctrl-C between moves, never inside the compiled counting
            for outcome in outcomes(setup, strategy, games, seed, jobs, first_move, executor):
                played, wins, guesses = played + 1, wins + outcome.won, guesses + outcome.guesses
                counts.extend([0] * (outcome.guesses + 1 - len(counts)))
                counts[outcome.guesses] += 1
                if progress is not None:
                    progress(outcome)
    except KeyboardInterrupt:
        raise SimulationInterrupted(summary()) from None
    return summary()


def won_games(setup: Setup, strategy: str, games: int, seed: int, jobs: int = 1, first_move: Position = (0, 0)) -> List[int]:
    """The indices of the games won, sorted (to compare runs with different job counts)."""
    return sorted(o.index for o in outcomes(setup, strategy, games, seed, jobs, first_move) if o.won)


@dataclass(frozen=True)
class Frame:
    """One move of a replayed game and the board the player sees after it (mines shown once it is over)."""

    number: int
    move: Move
    state: str
    rows: Tuple[Tuple[int, ...], ...]

    @property
    def guess(self) -> bool:
        """The cell was not known to be safe."""
        return self.move.probability > 0

    def record(self) -> dict:
        """The step as a JSON-ready dict; the board as strings ('H' hidden, '*' mine, digits)."""
        symbols = {HIDDEN: "H", MINE: "*"}
        return {
            "move": self.number,
            "action": "open",
            "cell": list(self.move.cell),
            "probability": self.move.probability,
            "guess": self.guess,
            "revealed": self.move.revealed,
            "exploded": self.move.exploded,
            "state": self.state,
            "board": ["".join(symbols.get(v, str(v)) for v in row) for row in self.rows],
        }

    def line(self) -> str:
        """The step as one tab-separated line: move number, row,col, mine chance, cells revealed, state."""
        row, col = self.move.cell
        return f"{self.number}\t{row},{col}\t{self.move.probability:.6g}\t{self.move.revealed}\t{self.state}"


def game_record(setup: Setup, strategy: str, seed: int, index: int, first_move: Position, frames: List[Frame]) -> dict:
    """A replayed game as one JSON-ready dict: what picks the game, how it ended, and every move's record; a game
    record `mines review` reads (puzzlesat.mines.record: the layout is the mines the last board shows)."""
    last = frames[-1].rows if frames else ()
    return {
        "seed": seed,
        "game": index,
        "level": setup.level,
        "size": setup.label(),
        "rules": setup.rules,
        "strategy": strategy,
        "first_move": list(first_move),
        "state": frames[-1].state if frames else "playing",
        "guesses": sum(frame.guess for frame in frames),
        "format": "puzzlesat-mines-game",
        "width": setup.width,
        "height": setup.height,
        "mines": [[r, c] for r, row in enumerate(last) for c, value in enumerate(row) if value == MINE],
        "first_click": list(frames[0].move.cell) if frames else None,
        "moves": [frame.record() for frame in frames],
    }


def replay(setup: Setup, strategy: str, seed: int, index: int, first_move: Position = (0, 0)) -> Iterator[Frame]:
    """Game `index` of seed `seed`, played again move by move."""
    game = Game(setup, seed, index)
    player = make_player(strategy, game, first_move)
    while not game.over:
        cell, probability = player.choose()
        game.open(game.position_of(cell), probability)
        yield Frame(len(game.moves), game.moves[-1], game.state, game.rows(show_mines=game.over))

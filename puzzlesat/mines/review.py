"""A played game judged move by move: was each click certain, a forced guess, an avoidable risk or a mistake?

The game is replayed from its record (puzzlesat.mines.record) and, before every open or chord, the position the
player saw is counted exactly (puzzlesat.mines.count: the numbers and the total; flags are the player's own
guesses, and count for nothing, as in the hints of `mines play`). Each move gets a label:

- `first`: the first click (nothing is known yet; the rules usually keep it safe);
- `certain`: every cell it opens is safe in every layout;
- `forced`: a guess when no cell at all was certainly safe; `safest` says whether the player took a cell (or a
  chord) as safe as the safest cell, and `best` names that cell and its chance;
- `avoidable`: a guess while some cell was certainly safe (`best` names one);
- `mistake`: it opens a cell that is a mine in every layout (a chord: its flags cannot all be right);
- `flag`: a flag put on or taken off (`chance` is then the chance that the cell holds a mine).

`chance` is the chance the move was safe as the player saw it: for a chord, that all its flags are mines (then,
and only then, every other cell around the number is safe). The summary gives the moves, guesses, forced ones,
avoidable ones, mistakes, and the luck the game needed: the product of the chances of its guesses.

>>> from puzzlesat.mines.record import Action, GameRecord
>>> moves = (Action("open", (1, 1)), Action("open", (1, 0)), Action("open", (0, 0)))
>>> judged = review(GameRecord(2, 2, ((0, 1),), moves))   # a 2x2 board, one mine: a 1 after the first click
>>> [(move.label, str(move.chance)) for move in judged.moves]
[('first', 'None'), ('forced', '2/3'), ('forced', '1/2')]
>>> judged.state, judged.luck
('won', Fraction(1, 3))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterator, List, NamedTuple, Optional, Sequence, Tuple

from puzzlesat.errors import BoardError, Inconsistent
from puzzlesat.mines.board import HIDDEN, Position
from puzzlesat.mines.count import Counts, count_layouts
from puzzlesat.mines.game import Game, Setup
from puzzlesat.mines.record import CHORD, FLAG, OPEN, UNFLAG, GameInput, GameRecord, read_json_games
from puzzlesat.mines.videos import VIDEOS, read_video
from puzzlesat.streams import STDIN

FIRST, CERTAIN, FORCED, AVOIDABLE, MISTAKE, FLAGGED = "first", "certain", "forced", "avoidable", "mistake", "flag"
GUESSES = (FORCED, AVOIDABLE)
IDENTITY = ("seed", "game", "level", "strategy", "player", "software")  # what a review keeps of its record's other keys


@dataclass(frozen=True)
class MoveReview:
    """One move judged (module docstring)."""

    number: int
    action: str
    cell: Position
    label: str
    chance: Optional[Fraction] = None  # the move was safe (a flag: the cell holds a mine), as the player saw it
    best: Optional[Position] = None  # a guess: the safest cell there was
    best_chance: Optional[Fraction] = None
    safest: Optional[bool] = None  # a guess: as safe as the safest cell
    revealed: int = 0
    exploded: bool = False
    state: str = "playing"

    def record(self) -> dict:
        """The move as a JSON-ready dict (chances as floats and as "num/den")."""
        return {
            "move": self.number, "action": self.action, "cell": list(self.cell), "label": self.label,
            "chance": _float(self.chance), "exact": _exact(self.chance),
            "best": None if self.best is None else list(self.best), "best_chance": _float(self.best_chance),
            "safest": self.safest, "revealed": self.revealed, "exploded": self.exploded, "state": self.state,
        }


@dataclass(frozen=True)
class Review:
    """A whole game judged: every move, and the summary."""

    game: GameRecord
    moves: Tuple[MoveReview, ...]

    @property
    def state(self) -> str:
        """How the game stands after its last move: won, lost or playing."""
        return self.moves[-1].state if self.moves else "playing"

    def count(self, *labels: str) -> int:
        """How many moves carry one of these labels."""
        return sum(1 for move in self.moves if move.label in labels)

    @property
    def luck(self) -> Fraction:
        """The product of the chances of the guesses: how lucky the game had to be."""
        luck = Fraction(1)
        for move in self.moves:
            if move.label in GUESSES:
                luck *= move.chance
        return luck

    def summary(self) -> dict:
        """The counts of the summary, JSON-ready."""
        forced = [move for move in self.moves if move.label == FORCED]
        return {
            "state": self.state,
            "moves": sum(1 for move in self.moves if move.action in (OPEN, CHORD)),
            "flags": self.count(FLAGGED),
            "certain": self.count(CERTAIN),
            "guesses": self.count(*GUESSES),
            "forced": len(forced),
            "forced_safest": sum(1 for move in forced if move.safest),
            "avoidable": self.count(AVOIDABLE),
            "mistakes": self.count(MISTAKE),
            "luck": float(self.luck),
        }

    def record(self) -> dict:
        """The review as a JSON-ready dict: the game's size, the moves, the summary."""
        game = self.game
        kept = {key: value for key, value in game.extra.items() if key in IDENTITY}
        return {**kept, "width": game.width, "height": game.height, "mines": [list(cell) for cell in game.mines],
                "rules": game.rules, "moves": [move.record() for move in self.moves], "summary": self.summary()}


def review(game: GameRecord) -> Review:
    """Judge every move of a game (module docstring); BoardError for a move the game cannot make."""
    return Review(game, tuple(_Replay(game).run()))


class _Replay:
    """The game played again from its record, each move judged before it is made."""

    def __init__(self, game: GameRecord):
        self.record = game
        self.game = Game(Setup(game.width, game.height, len(game.mines)))
        mines = frozenset(r * game.width + c for r, c in game.mines)
        self.game.mines = mines
        self.game.numbers = [sum(n in mines for n in around) for around in self.game.neighbours]
        self.flags: set = set()
        self.memo: dict = {}

    def run(self) -> List[MoveReview]:
        """Every move judged, in order."""
        judged = []
        for number, action in enumerate(self.record.moves, 1):
            if self.game.over:
                raise BoardError(f"move {number} comes after the game ended ({self.game.state})")
            judged.append(self.move(number, action.kind, action.cell))
        return judged

    def move(self, number: int, kind: str, cell: Position) -> MoveReview:
        """Judge one move, then make it."""
        index = self.game.index_of(cell)
        if kind in (FLAG, UNFLAG):
            return self.flag(number, kind, cell, index)
        if kind == OPEN:
            if self.game.known[index] != HIDDEN:
                raise BoardError(f"move {number} opens ({cell[0]}, {cell[1]}), which is already open")
            cells = [index]
        else:
            cells = self.chorded(number, cell, index)
        judged = self.judge(kind, index, cells)
        revealed = 0
        for other in cells:
            if self.game.over:
                break
            if self.game.known[other] == HIDDEN:
                revealed += len(self.game.open(self.game.position_of(other)))
        self.flags = {flag for flag in self.flags if self.game.known[flag] == HIDDEN}
        return MoveReview(number, kind, cell, judged[0], *judged[1:], revealed=revealed,
                          exploded=self.game.state == "lost", state=self.game.state)

    def flag(self, number: int, kind: str, cell: Position, index: int) -> MoveReview:
        """A flag put on or taken off, with the chance that the cell holds a mine."""
        if self.game.known[index] != HIDDEN:
            raise BoardError(f"move {number} flags ({cell[0]}, {cell[1]}), which is open")
        if (kind == FLAG) == (index in self.flags):
            raise BoardError(f"move {number}: ({cell[0]}, {cell[1]}) is {'already' if kind == FLAG else 'not'} flagged")
        chance = None
        if self.game.moves:
            chance = self.counts().exact(index)
        self.flags ^= {index}
        return MoveReview(number, kind, cell, FLAGGED, chance, state=self.game.state)

    def chorded(self, number: int, cell: Position, index: int) -> List[int]:
        """The cells a chord on `cell` opens: its covered neighbours not flagged (BoardError when it opens none)."""
        value = self.game.known[index]
        around = self.game.neighbours[index]
        flagged = sum(1 for other in around if other in self.flags)
        cells = [other for other in around if self.game.known[other] == HIDDEN and other not in self.flags]
        if value < 0 or flagged != value or not cells:
            raise BoardError(f"move {number}: a chord on ({cell[0]}, {cell[1]}) opens nothing (it needs an open number "
                             "with as many flags around it and a covered cell besides)")
        return cells

    def counts(self, probabilities: bool = True, mines=frozenset()) -> Counts:
        """The exact counts of the position the player sees (numbers and total; flags left out)."""
        game = self.game
        return count_layouts(game.known, game.neighbours, len(game.mines), mines, probabilities=probabilities,
                             memo=self.memo)

    def judge(self, kind: str, index: int, cells: List[int]) -> tuple:
        """(label, chance, best, best_chance, safest) of an open or chord (on the number at `index`) about to open
        `cells`."""
        if not self.game.moves:
            return (FIRST,)
        quick = self.counts(probabilities=False)
        if all(other in quick.safe for other in cells):
            return CERTAIN, Fraction(1)
        counts = quick if quick.counted else self.counts()
        if all(other in counts.safe for other in cells):
            return CERTAIN, Fraction(1)
        chance = self.chance(kind, index, counts)
        if chance == 0:
            return (MISTAKE, chance)
        if counts.safe:
            safe = self.game.position_of(min(counts.safe))
            return AVOIDABLE, chance, safe, Fraction(1), False
        best, best_chance = self.safest(counts)
        return FORCED, chance, best, best_chance, chance >= best_chance

    def chance(self, kind: str, index: int, counts: Counts) -> Fraction:
        """The chance that the move opens no mine: the cell's own; a chord's (on the number at `index`), that its
        flags are all mines."""
        if kind == OPEN:
            return 1 - counts.exact(index)
        flags = frozenset(other for other in self.game.neighbours[index] if other in self.flags)
        try:
            fitting = self.counts(mines=flags).layouts
        except Inconsistent:
            return Fraction(0)
        return Fraction(fitting, counts.layouts)

    def safest(self, counts: Counts) -> Tuple[Position, Fraction]:
        """The covered cell least likely to hold a mine (the first in reading order among equals), and its chance."""
        cell = min(counts.numerators, key=lambda other: (counts.numerators[other], other))
        return self.game.position_of(cell), 1 - counts.exact(cell)


def _float(value: Optional[Fraction]) -> Optional[float]:
    """A chance as a float, or None."""
    return None if value is None else float(value)


def _exact(value: Optional[Fraction]) -> Optional[str]:
    """A chance as "num/den", or None."""
    return None if value is None else f"{value.numerator}/{value.denominator}"


class Reviewed(NamedTuple):
    """One game of the input reviewed, or the one-line reason it could not be."""

    source: str
    line: int
    review: Optional[Review] = None
    error: Optional[str] = None

    @property
    def where(self) -> str:
        """'file:line' for titles."""
        return f"{self.source}:{self.line}"


def read_games(paths: Sequence[str], stdin=None) -> Iterator[GameInput]:
    """Every game in the files (or standard input), in order: JSON game records (puzzlesat.mines.record), and
    competitive replays read through ms-toollib (puzzlesat.mines.videos)."""
    for path in paths or [STDIN]:
        if path != STDIN and path.lower().endswith(VIDEOS):
            yield read_video(path)
        else:
            yield from read_json_games(path, stdin)


def review_games(paths: Sequence[str], stdin=None) -> Iterator[Reviewed]:
    """Every game in the files (or standard input) reviewed, in order (read_games)."""
    for read in read_games(paths, stdin):
        if read.game is None:
            yield Reviewed(read.source, read.line, error=read.error)
            continue
        try:
            yield Reviewed(read.source, read.line, review(read.game))
        except BoardError as error:
            yield Reviewed(read.source, read.line, error=f"{read.where}: {error.message}")

"""Minesweeper games: layouts drawn under the `safe` or `zero` first-click rule, reveals with flood fill, win and loss.

A game is fully determined by (seed, game index) and the first cell opened: the mines are placed at the first click,
uniformly over the cells the rule leaves allowed, from a random generator seeded with the seed and the index only.
Positions are addressed as (row, col), 0-based; inside the engine they are indices row * width + col.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import List, Optional, Tuple

from puzzlesat.mines.board import HIDDEN, MINE, Board, Position, neighbour_table

RULES = ("safe", "zero")
LEVELS = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (30, 16, 99)}


@dataclass(frozen=True)
class Setup:
    """What every game of a simulation shares: board size, mine count and first-click rule."""

    width: int
    height: int
    mines: int
    rules: str = "safe"

    def __post_init__(self):
        if self.rules not in RULES:
            raise ValueError(f"unknown rules {self.rules!r}: choose safe or zero")
        if self.width < 1 or self.height < 1:
            raise ValueError("the board needs at least one row and one column")
        if self.mines < 0:
            raise ValueError("the number of mines cannot be negative")
        room = self.width * self.height - (9 if self.rules == "zero" else 1)
        if self.mines > room:
            raise ValueError(f"{self.mines} mines do not fit on {self.size} under the {self.rules} rule (at most {max(room, 0)})")

    @property
    def size(self) -> str:
        """WIDTHxHEIGHT, as in the literature."""
        return f"{self.width}x{self.height}"

    @property
    def cells(self) -> int:
        """Number of cells on the board."""
        return self.width * self.height

    @property
    def level(self) -> Optional[str]:
        """The name of the standard level with this size and mine count, if any."""
        for name, dims in LEVELS.items():
            if dims == (self.width, self.height, self.mines):
                return name
        return None

    def label(self) -> str:
        """WIDTHxHEIGHTxMINES."""
        return f"{self.width}x{self.height}x{self.mines}"


def parse_size(text: str, rules: str = "safe") -> Setup:
    """A Setup from a level name or WIDTHxHEIGHTxMINES (e.g. 30x16x99); ValueError when malformed."""
    name = text.strip().lower()
    if name in LEVELS:
        return Setup(*LEVELS[name], rules=rules)
    match = re.fullmatch(r"(\d+)x(\d+)x(\d+)", name)
    if not match:
        raise ValueError(f"{text!r} is not a level (beginner, intermediate, expert) or WIDTHxHEIGHTxMINES")
    width, height, mines = (int(part) for part in match.groups())
    return Setup(width, height, mines, rules)


def parse_cell(text: str, setup: Setup) -> Position:
    """A first-move cell: 'corner' (0,0), 'center', or 'ROW,COL' (0-based); ValueError when off the board."""
    name = text.strip().lower()
    if name == "corner":
        return (0, 0)
    if name in ("center", "centre"):
        return (setup.height // 2, setup.width // 2)
    match = re.fullmatch(r"(\d+)\s*,\s*(\d+)", name)
    if not match:
        raise ValueError(f"{text!r} is not a cell: use corner, center or ROW,COL (0-based)")
    row, col = int(match.group(1)), int(match.group(2))
    if row >= setup.height or col >= setup.width:
        raise ValueError(f"cell {row},{col} is off the {setup.size} board")
    return (row, col)


def game_random(seed: int, index: int) -> random.Random:
    """The random generator of game `index` under `seed`: the same on every machine and in every process."""
    return random.Random(f"puzzlesat-mines:{seed}:{index}")


@dataclass(frozen=True)
class Move:
    """One opened cell: where, the chance it held a mine as the player saw it, and what it revealed."""

    cell: Position
    probability: float
    revealed: int
    exploded: bool


class Game:
    """One game: hidden mines, what the player sees, and whether it is won, lost or still going."""

    def __init__(self, setup: Setup, seed: int = 0, index: int = 0):
        self.setup = setup
        self.seed = seed
        self.index = index
        self.neighbours = neighbour_table(setup.width, setup.height)
        self.known: List[int] = [HIDDEN] * setup.cells  # what the player sees: HIDDEN or the number
        self.mines: Optional[frozenset] = None
        self.numbers: List[int] = []
        self.hidden_safe = setup.cells - setup.mines
        self.state = "playing"
        self.moves: List[Move] = []

    @classmethod
    def resumed(cls, setup: Setup, mines, known, seed: int = 0, index: int = 0) -> "Game":
        """A game under way: the player sees `known` (HIDDEN or each open cell's number) and the mines are `mines`
        (a layout that explains it, e.g. drawn by puzzlesat.mines.sampling); ValueError when they disagree."""
        game = cls(setup, seed, index)
        if len(mines) != setup.mines or len(known) != setup.cells:
            raise ValueError("the layout or the view does not fit the board")
        game.mines = frozenset(mines)
        game.numbers = [sum(n in game.mines for n in game.neighbours[i]) for i in range(setup.cells)]
        if any(value != HIDDEN and (i in game.mines or value != game.numbers[i]) for i, value in enumerate(known)):
            raise ValueError("the layout does not explain the open cells")
        game.known = list(known)
        game.hidden_safe = sum(1 for value in known if value == HIDDEN) - setup.mines
        if game.hidden_safe == 0:
            game.state = "won"
        return game

    @property
    def over(self) -> bool:
        """Won or lost."""
        return self.state != "playing"

    @property
    def won(self) -> bool:
        """Every safe cell is open."""
        return self.state == "won"

    def index_of(self, cell: Position) -> int:
        """The engine index of (row, col); ValueError when off the board."""
        row, col = cell
        if not (0 <= row < self.setup.height and 0 <= col < self.setup.width):
            raise ValueError(f"cell {cell} is off the {self.setup.size} board")
        return row * self.setup.width + col

    def position_of(self, index: int) -> Position:
        """(row, col) of an engine index."""
        return divmod(index, self.setup.width)

    def open(self, cell: Position, probability: float = 0.0) -> List[Position]:
        """Open a hidden cell; the cells it revealed (flood fill through zeros), or [] when it was a mine."""
        if self.over:
            raise ValueError("the game is over")
        index = self.index_of(cell)
        if self.known[index] != HIDDEN:
            raise ValueError(f"cell {cell} is already open")
        if self.mines is None:
            self._place_mines(index)
        if index in self.mines:
            self.state = "lost"
            self.moves.append(Move(cell, probability, 0, True))
            return []
        opened = self._flood(index)
        self.hidden_safe -= len(opened)
        if self.hidden_safe == 0:
            self.state = "won"
        self.moves.append(Move(cell, probability, len(opened), False))
        return [self.position_of(i) for i in opened]

    def _place_mines(self, first: int) -> None:
        """Draw the layout, uniform over the cells the rule leaves allowed around the first click."""
        banned = {first}
        if self.setup.rules == "zero":
            banned.update(self.neighbours[first])
        allowed = [i for i in range(self.setup.cells) if i not in banned]
        self.mines = frozenset(game_random(self.seed, self.index).sample(allowed, self.setup.mines))
        self.numbers = [sum(n in self.mines for n in self.neighbours[i]) for i in range(self.setup.cells)]

    def _flood(self, start: int) -> List[int]:
        """Reveal `start` and, through every zero, all cells connected to it, as the real game does."""
        known, numbers, neighbours = self.known, self.numbers, self.neighbours
        known[start] = numbers[start]
        opened, stack = [start], [start]
        while stack:
            index = stack.pop()
            if numbers[index]:
                continue
            for other in neighbours[index]:
                if known[other] == HIDDEN:
                    known[other] = numbers[other]
                    opened.append(other)
                    stack.append(other)
        return opened

    def rows(self, show_mines: bool = False) -> Tuple[Tuple[int, ...], ...]:
        """The player's view as rows (HIDDEN or 0..8); with `show_mines`, the mines as MINE."""
        width = self.setup.width
        cells = list(self.known)
        if show_mines and self.mines is not None:
            for index in self.mines:
                cells[index] = MINE
        return tuple(tuple(cells[r * width:(r + 1) * width]) for r in range(self.setup.height))

    def board(self) -> Board:
        """The player's view as a Board (with the total mine count), for the analysis."""
        return Board(self.setup.width, self.setup.height, self.rows(), self.setup.mines)


"""A game played by hand, one key at a time: the model behind `puzzlesat mines play`, free of any terminal.

A Session holds the game (puzzlesat.mines.game.Game: mines placed at the first click, from the seed and the
game's index), the player's flags, a cursor, the history of positions (every open, chord and flag can be undone, a
lost game included), the moves that led to the position (what `w` saves as a game record for `mines review`:
puzzlesat.mines.record) and the last message. `press(key)` takes one key, a character or the name of an arrow key
('left', 'right', 'up', 'down'), and changes the state; whoever draws the session reads it after each key.

A hint reads the numbers alone (flags are the player's guesses, and a wrong one would make the board look
impossible): the certain cells and exact probabilities of puzzlesat.mines.analysis, the move the strategy of
the simulator makes there (puzzlesat.mines.advice) and the flags the numbers prove wrong.

>>> from puzzlesat.mines.game import Setup
>>> session = Session(Setup(3, 3, 1), seed=4)
>>> for key in " q":
...     session.press(key)
>>> session.game.state, session.done
('playing', True)
"""

from __future__ import annotations

import copy
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, FrozenSet, List, Optional, Tuple

from puzzlesat.budget import Budget
from puzzlesat.errors import Inconsistent
from puzzlesat.mines.advice import Advice, advise
from puzzlesat.mines.analysis import CONSISTENT, Analysis, analyze
from puzzlesat.mines.board import FLAG, HIDDEN, MINE, Board, Position, format_mine
from puzzlesat.mines.game import Game, Setup
from puzzlesat.mines.record import CHORD, OPEN, UNFLAG, Action, format_game, game_record
from puzzlesat.mines.record import FLAG as PUT_FLAG
from puzzlesat.mines.strategy import DEFAULT_STRATEGY, make_player

if TYPE_CHECKING:
    from puzzlesat.mines.layouts import Layout

MOVES = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}
ACTIONS = {
    **{name: name for name in MOVES}, "h": "left", "l": "right", "k": "up", "j": "down",
    " ": "open", "o": "open", "f": "flag", "?": "toggle_hint", "a": "toggle_hint", "u": "undo", "s": "save",
    "w": "write_game", "q": "quit", "\x03": "quit", "\x04": "quit",  # Ctrl-C and Ctrl-D, as a raw terminal sends them
}
KEYS_HELP = "arrows/hjkl, space/o open/chord, f flag, ? hint, u undo, s/w save, q quit"
HINT_SECONDS = 30.0  # the analysis behind a hint gives up after this long (its certain cells still shown)
GAME_OVER = "the game is over: u undoes the last move, w saves the game (for mines review), q quits"


@dataclass(frozen=True)
class Hint:
    """What the numbers say: the analysis of the board without flags, the strategy's move (or why there is none),
    and the flagged cells the numbers prove safe."""

    board: Board
    analysis: Analysis
    strategy: str
    advice: Optional[Advice]
    note: Optional[str]
    wrong_flags: Tuple[Position, ...]


@dataclass(frozen=True)
class Snapshot:
    """A position to go back to: the game, the flags, and what was done after it."""

    game: Game
    flags: FrozenSet[int]
    what: str
    actions: int  # moves made before it


class Session:
    """One game played key by key: the game, flags, cursor, history, the hint shown, the last message."""

    def __init__(self, setup: Setup, seed: int = 0, index: int = 0, strategy: str = DEFAULT_STRATEGY,
                 first_move: Position = (0, 0), directory: str = "."):
        self.setup, self.seed, self.index = setup, seed, index
        self.strategy, self.first_move, self.directory = strategy, first_move, directory
        self.game = Game(setup, seed, index)
        self.flags: FrozenSet[int] = frozenset()
        self.cursor: Position = first_move
        self.history: List[Snapshot] = []
        self.actions: List[Action] = []  # the moves that led to the position (undone ones taken out)
        self.hint: Optional[Hint] = None
        self.message = "space or o opens the cell under the cursor"
        self.done = False  # the player quit
        self.name = f"game {index} of seed {seed}"  # what the title calls the game

    @classmethod
    def on_layout(cls, layout: "Layout", name: str, strategy: str = DEFAULT_STRATEGY, directory: str = ".",
                  seed: int = 0, index: int = 0) -> "Session":
        """A game on a given layout (puzzlesat.mines.layouts: a board file, a generated board), its first click
        opened as the first move (undoable)."""
        first = layout.first_click
        session = cls(layout.setup, seed, index, strategy, first or (0, 0), directory)
        session.game = Game.resumed(layout.setup, layout.mines, layout.known, seed, index)
        session.name = name
        game = session.game
        if first is not None and not game.over and game.known[game.index_of(first)] == HIDDEN:
            session._remember(f"the first click on {_name(first)}", Action(OPEN, first))
            game.open(first)
            session.message = f"{name}: the first click {_name(first)} is opened; your move"
        return session

    @classmethod
    def at_move(cls, setup: Setup, seed: int, index: int, strategy: str = DEFAULT_STRATEGY,
                first_move: Position = (0, 0), moves: int = 0, directory: str = ".") -> "Session":
        """Game `index` of seed `seed` as `strategy` played it up to move `moves` (as puzzlesat.mines.simulation.replay
        shows it), every move undoable; ValueError when the game ends sooner."""
        session = cls(setup, seed, index, strategy, first_move, directory)
        game = session.game
        player = make_player(strategy, game, first_move)
        for _ in range(moves):
            if game.over:
                played = len(game.moves)
                raise ValueError(f"game {index} of seed {seed} ends after {played} moves ({strategy} {game.state} "
                                 f"it): choose a move from 0 to {played}")
            cell, probability = player.choose()
            position = game.position_of(cell)
            session._remember(f"{strategy}'s open {_name(position)}", Action(OPEN, position))
            game.open(position, probability)
            session.cursor = position
        if moves:
            where = f"game {index} of seed {seed} after {strategy}'s move {moves}"
            session.message = f"{where}: {_state_words(game)}" if game.over else f"{where}; your move"
        return session

    @property
    def moves(self) -> int:
        """Cells opened so far (a flood fill counts as one)."""
        return len(self.game.moves)

    @property
    def mines_left(self) -> int:
        """Mines not flagged yet (negative when there are more flags than mines)."""
        return self.setup.mines - len(self.flags)

    def rows(self) -> Tuple[Tuple[int, ...], ...]:
        """What the player sees: HIDDEN, FLAG or a number, and once the game is over the mines (MINE) not flagged."""
        shown = [list(row) for row in self.game.rows(show_mines=self.game.over)]
        for index in self.flags:
            r, c = self.game.position_of(index)
            if shown[r][c] in (HIDDEN, MINE):
                shown[r][c] = FLAG
        return tuple(tuple(row) for row in shown)

    def board(self) -> Board:
        """The position with the player's flags and the total, as a Board (what `s` saves)."""
        known = [FLAG if index in self.flags else value for index, value in enumerate(self.game.known)]
        width = self.setup.width
        rows = tuple(tuple(known[r * width:(r + 1) * width]) for r in range(self.setup.height))
        return Board(width, self.setup.height, rows, self.setup.mines)

    @property
    def exploded(self) -> Optional[Position]:
        """The mine that ended a lost game."""
        return self.game.moves[-1].cell if self.game.state == "lost" else None

    def press(self, key: str) -> None:
        """Act on one key (a character, or an arrow's name) and say what happened in `message`."""
        action = ACTIONS.get(key)
        if action is None:
            self.message = f"the key {_key_name(key)} does nothing; keys: {KEYS_HELP}"
        elif action in MOVES:
            self.move(*MOVES[action])
        else:
            getattr(self, action)()

    def move(self, rows: int, columns: int) -> None:
        """Move the cursor, staying on the board."""
        r, c = self.cursor
        self.cursor = (min(max(r + rows, 0), self.setup.height - 1), min(max(c + columns, 0), self.setup.width - 1))
        self.message = ""

    def open(self) -> None:
        """Open the cell under the cursor; on an open number, chord (a flagged cell is refused, with the reason)."""
        index = self.game.index_of(self.cursor)
        where = _name(self.cursor)
        if self.game.over:
            self.message = GAME_OVER
        elif index in self.flags:
            self.message = f"{where} is flagged: f takes the flag off first"
        elif self.game.known[index] != HIDDEN:
            self.chord()
        else:
            self._remember(f"open {where}", Action(OPEN, self.cursor))
            opened = self._open([index])
            self.message = _state_words(self.game) if self.game.over else f"opened {where}: {_cells(opened)}"

    def chord(self) -> None:
        """On an open number with as many flags around it, open all its other hidden neighbours, as one move that
        undo takes back (a wrong flag loses the game, as in every Minesweeper); else say why not."""
        index = self.game.index_of(self.cursor)
        where, number = _name(self.cursor), self.game.known[index]
        around = self.game.neighbours[index]
        flagged = sum(i in self.flags for i in around)
        hidden = [i for i in around if self.game.known[i] == HIDDEN and i not in self.flags]
        if not hidden:
            self.message = f"{where} is already open, and nothing around it is left to open"
        elif flagged != number:
            self.message = (f"{where} shows {number} and has {_count(flagged, 'flag')} around it: with "
                            f"{_count(number, 'flag')} there, space opens its other neighbours")
        else:
            self._remember(f"open around {where}", Action(CHORD, self.cursor))
            opened = self._open(hidden)
            self.message = _state_words(self.game) if self.game.over else f"opened around {where}: {_cells(opened)}"

    def _open(self, indices: List[int]) -> int:
        """Open these hidden cells in turn until the game ends (flood fills included); the cells opened. Flags on
        cells a flood fill opened are dropped."""
        opened = 0
        for index in indices:
            if self.game.over:
                break
            if self.game.known[index] == HIDDEN:  # an earlier flood fill may have opened it
                opened += len(self.game.open(self.game.position_of(index)))
        self.flags = frozenset(i for i in self.flags if self.game.known[i] == HIDDEN)
        return opened

    def flag(self) -> None:
        """Put a flag on the hidden cell under the cursor, or take it off."""
        index = self.game.index_of(self.cursor)
        where = _name(self.cursor)
        if self.game.over:
            self.message = GAME_OVER
        elif self.game.known[index] != HIDDEN:
            self.message = f"{where} is open: only a hidden cell takes a flag"
        elif index in self.flags:
            self._remember(f"unflag {where}", Action(UNFLAG, self.cursor))
            self.flags = self.flags - {index}
            self.message = f"took the flag off {where}"
        else:
            self._remember(f"flag {where}", Action(PUT_FLAG, self.cursor))
            self.flags = self.flags | {index}
            self.message = f"flagged {where}"

    def undo(self) -> None:
        """Go back to the position before the last open or flag."""
        if not self.history:
            self.message = "nothing to undo"
            return
        last = self.history.pop()
        self.game, self.flags, self.hint = last.game, last.flags, None
        del self.actions[last.actions:]
        self.message = f"undid {last.what}"

    def toggle_hint(self) -> None:
        """Show what the numbers say and the strategy's move, or hide them again."""
        if self.game.over:
            self.message = GAME_OVER
        elif self.hint is not None:
            self.hint, self.message = None, "hint hidden"
        else:
            self.hint = self._hint()
            self.message = _hint_words(self.hint)

    def save(self) -> None:
        """Write the position, flags included, as a .mine file named after the game and the move (never over
        another file), and say where."""
        if self.game.over:
            self.message = GAME_OVER
            return
        try:
            path = self._write(format_mine(self.board()), ".mine")
        except OSError as error:
            self.message = f"could not save: {error.strerror or error}"
        else:
            self.message = f"saved to {path}"

    def write_game(self) -> None:
        """Write the game so far (its layout and moves, a finished game too) as a game record named after the game
        (never over another file), for `puzzlesat mines review`, and say where."""
        if self.game.mines is None:
            self.message = "nothing to save yet: open a cell first"
            return
        try:
            path = self._write(format_game(self.game_record()), ".json")
        except OSError as error:
            self.message = f"could not save: {error.strerror or error}"
        else:
            self.message = f"saved the game to {path} (puzzlesat mines review reads it)"

    def game_record(self) -> dict:
        """The game so far as a game record (puzzlesat.mines.record)."""
        setup = self.setup
        mines = [self.game.position_of(index) for index in sorted(self.game.mines or ())]
        return game_record(setup.width, setup.height, mines, self.actions, setup.rules, seed=self.seed,
                           game=self.index, level=setup.level, state=self.game.state)

    def quit(self) -> None:
        """End the session."""
        self.done = True
        self.message = "bye"

    def _remember(self, what: str, action: Action) -> None:
        """Keep the position before a change and the move that makes it, and drop the hint about it."""
        self.history.append(Snapshot(copy.deepcopy(self.game), self.flags, what, len(self.actions)))
        self.actions.append(action)
        self.hint = None

    def _hint(self) -> Hint:
        """Analyse the numbers and ask the strategy for its move."""
        board = self.game.board()
        analysis = analyze(board, probabilities=True, budget=Budget(seconds=HINT_SECONDS), check=False, patterns=True)
        advice, note = None, None
        if analysis.status != CONSISTENT:
            note = "no advice: the analysis did not finish"
        else:
            try:
                advice = advise(board, self.strategy, self.first_move)
            except (ValueError, Inconsistent) as error:
                note = str(error)
            if advice is None and note is None:
                note = "nothing left to open but mines"
        wrong = tuple(cell for cell in analysis.safe if self.game.index_of(cell) in self.flags)
        return Hint(board, analysis, self.strategy, advice, note, wrong)

    def _write(self, text: str, suffix: str) -> str:
        """Write `text` to a new file game-SEED-INDEX-moveN[-k]SUFFIX in the directory; its path."""
        stem = f"game-{self.seed}-{self.index}-move{self.moves}"
        for attempt in range(1, 1000):
            path = Path(self.directory, stem + (f"-{attempt}" if attempt > 1 else "") + suffix)
            try:
                with open(path, "x", encoding="utf-8") as file:
                    file.write(text)
            except FileExistsError:
                continue
            return os.path.abspath(path)
        raise FileExistsError(0, f"{stem}-*{suffix}: too many files of that name")


def _name(cell: Position) -> str:
    """A cell as '(row, col)'."""
    return f"({cell[0]}, {cell[1]})"


def _cells(count: int) -> str:
    """'1 cell', '12 cells'."""
    return _count(count, "cell")


def _count(count: int, word: str) -> str:
    """'1 flag', '0 flags', '2 flags'."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def _key_name(key: str) -> str:
    """A key as the player would name it, control characters and escape sequences spelt out."""
    return repr(key)


def _state_words(game: Game) -> str:
    """How a finished game ended, in words."""
    if game.state == "won":
        return f"you won in {len(game.moves)} moves!"
    return f"BOOM: {_name(game.moves[-1].cell)} was a mine, you lost (u undoes the move)"


def _hint_words(hint: Hint) -> str:
    """The hint's message: how to hide it, and the flags the numbers prove wrong."""
    words = "hint: what the numbers alone say (? again hides it)"
    if hint.wrong_flags:
        words += "; the numbers prove these flags wrong: " + ", ".join(map(_name, hint.wrong_flags))
    return words

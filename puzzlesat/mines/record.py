"""Game records: a game of Minesweeper as played, for `puzzlesat mines review` to judge move by move.

One JSON object (what `mines play` saves with `w`, and what `mines replay -f json` writes):

    {"format": "puzzlesat-mines-game",      optional, written by puzzlesat
     "width": 9, "height": 9,
     "mines": [[row, col], ...],           the layout: every mine, 0-based
     "first_click": [row, col],            optional: the first move's cell (they must agree)
     "rules": "safe",                      optional: safe or zero, what the layout was drawn under
     "moves": [{"action": "open", "cell": [row, col]}, ...]}

An action is `open` (the default when a move names only its cell, as replay's moves do), `chord` (on an open
number with as many flags around it: its other covered neighbours open), `flag` or `unflag`. Other keys are
kept as they are (replay's seed, game, strategy, each move's probability, ...) and ignored. A file holds one
such object, indented or not, or several, one per line.

Competitive replay files (.avf, .evf, .rmv, .mvf) are read by puzzlesat.mines.videos into the same record
(puzzlesat.mines.review.read_games reads either kind).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Iterator, List, Optional, Tuple

from puzzlesat.errors import BoardError
from puzzlesat.mines.board import Position
from puzzlesat.mines.game import RULES
from puzzlesat.streams import read_lines, source_name

FORMAT = "puzzlesat-mines-game"
OPEN, CHORD, FLAG, UNFLAG = "open", "chord", "flag", "unflag"
ACTIONS = (OPEN, CHORD, FLAG, UNFLAG)


@dataclass(frozen=True)
class Action:
    """One move of a game: what was done, and where."""

    kind: str
    cell: Position

    def record(self) -> dict:
        """The move as a JSON-ready dict."""
        return {"action": self.kind, "cell": list(self.cell)}


@dataclass(frozen=True)
class GameRecord:
    """A game as played: the board's size, its mines, the rules, and the moves in order."""

    width: int
    height: int
    mines: Tuple[Position, ...]
    moves: Tuple[Action, ...]
    rules: Optional[str] = None
    extra: dict = field(default_factory=dict, compare=False)  # what else the record said (seed, player, ...)

    @property
    def first_click(self) -> Optional[Position]:
        """The cell of the first open, if any."""
        return next((move.cell for move in self.moves if move.kind in (OPEN, CHORD)), None)

    def record(self) -> dict:
        """The game as a JSON-ready dict (the format above)."""
        first = self.first_click
        return {"format": FORMAT, **self.extra, "width": self.width, "height": self.height,
                "mines": [list(cell) for cell in self.mines], "first_click": None if first is None else list(first),
                "rules": self.rules, "moves": [move.record() for move in self.moves]}


@dataclass(frozen=True)
class GameInput:
    """One game read from input, or the one-line reason it could not be read."""

    source: str
    line: int
    game: Optional[GameRecord] = None
    error: Optional[str] = None  # "file:line: what is wrong"

    @property
    def where(self) -> str:
        """'file:line' for messages."""
        return f"{self.source}:{self.line}"


def read_json_games(path: str, stdin=None) -> Iterator[GameInput]:
    """The game records of one JSON or JSON Lines file ('-': standard input)."""
    source = source_name(path)
    lines = list(read_lines([path], stdin))
    bad = next((line for line in lines if line.error), None)
    if bad is not None:
        yield GameInput(source, bad.number, error=f"{source}:{bad.number}: {bad.error}")
        return
    text = "\n".join(line.text for line in lines)
    if not text.strip():
        return
    try:
        whole = json.loads(text)
    except json.JSONDecodeError as error:
        if error.msg != "Extra data":
            yield GameInput(source, error.lineno, error=f"{source}:{error.lineno}: not JSON: {error.msg}")
            return
    else:
        yield _game(whole, source, _first_content(lines))
        return
    for line in lines:  # JSON Lines: one game per line
        if line.text.strip():
            try:
                value = json.loads(line.text)
            except json.JSONDecodeError as error:
                yield GameInput(source, line.number, error=f"{source}:{line.number}: not JSON: {error.msg}")
                continue
            yield _game(value, source, line.number)


def _first_content(lines) -> int:
    """The number of the first line that is not blank (1 when there is none)."""
    return next((line.number for line in lines if line.text.strip()), 1)


def _game(value, source: str, line: int) -> GameInput:
    """A game record from a parsed JSON value, or the reason it is not one."""
    try:
        game = parse_game(value)
    except BoardError as error:
        return GameInput(source, line, error=f"{source}:{line}: {error.message}")
    return GameInput(source, line, game)


def parse_game(value) -> GameRecord:
    """A GameRecord from a JSON value (the module docstring's format); BoardError saying what is wrong."""
    if not isinstance(value, dict):
        raise BoardError("a game record is a JSON object with width, height, mines and moves")
    for key in ("width", "height", "mines", "moves"):
        if key not in value:
            raise BoardError(f"the game record has no {key!r}")
    width, height = value["width"], value["height"]
    if not (_whole(width) and _whole(height) and width > 0 and height > 0):
        raise BoardError(f"width and height must be positive whole numbers, not {width!r} and {height!r}")
    if not isinstance(value["mines"], list):
        raise BoardError("'mines' must be a list of [row, col]")
    mines = tuple(_cell(cell, width, height, "a mine") for cell in value["mines"])
    if len(set(mines)) != len(mines):
        raise BoardError("'mines' names a cell twice")
    if len(mines) >= width * height:
        raise BoardError(f"{len(mines)} mines leave no safe cell on {width}x{height}")
    moves = tuple(_action(move, number, width, height) for number, move in enumerate(_list(value["moves"]), 1))
    rules = value.get("rules")
    if rules is not None and rules not in RULES:
        raise BoardError(f"unknown rules {rules!r}: safe or zero")
    game = GameRecord(width, height, mines, moves, rules,
                      {key: item for key, item in value.items() if key not in _KNOWN})
    first = value.get("first_click")
    if first is not None and _cell(first, width, height, "the first click") != game.first_click:
        raise BoardError(f"first_click {first} is not the cell of the first move {list(game.first_click or [])}")
    return game


_KNOWN = {"format", "width", "height", "mines", "first_click", "rules", "moves"}


def _whole(value) -> bool:
    """An int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def _list(value) -> list:
    """A JSON list, or BoardError."""
    if not isinstance(value, list):
        raise BoardError("'moves' must be a list of moves")
    return value


def _cell(value, width: int, height: int, what: str) -> Position:
    """A [row, col] on the board, or BoardError naming `what`."""
    if not (isinstance(value, list) and len(value) == 2 and all(_whole(part) for part in value)):
        raise BoardError(f"{what} must be [row, col], not {json.dumps(value)}")
    row, col = value
    if not (0 <= row < height and 0 <= col < width):
        raise BoardError(f"{what} [{row}, {col}] is off the {width}x{height} board")
    return row, col


def _action(value, number: int, width: int, height: int) -> Action:
    """One move: a dict with `cell` and (optional, default open) `action`."""
    if not isinstance(value, dict) or "cell" not in value:
        raise BoardError(f"move {number} must be an object with a 'cell'")
    kind = value.get("action", OPEN)
    if kind not in ACTIONS:
        raise BoardError(f"move {number}: unknown action {kind!r} (open, chord, flag or unflag)")
    return Action(kind, _cell(value["cell"], width, height, f"move {number}'s cell"))


def format_game(record: dict) -> str:
    """A game record as JSON text people can read: one key a line, one move a line."""
    lines = []
    for key, value in record.items():
        if key == "moves" and value:
            moves = ",\n".join(f"    {json.dumps(move)}" for move in value)
            lines.append(f'  "moves": [\n{moves}\n  ]')
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def game_record(width: int, height: int, mines, moves: List[Action], rules: Optional[str] = None,
                **extra) -> dict:
    """The JSON-ready record of a game (what `mines play` saves and `mines replay -f json` writes)."""
    return GameRecord(width, height, tuple(sorted(mines)), tuple(moves), rules, extra).record()

"""Boards to play: a layout of mines read from a file, as `mines generate` writes one, made into a game.

Two kinds of file hold a layout. A `.mine` file as JSMinesweeper saves a game and `mines generate -f mine` writes
one: covered mines `?`, other covered cells `H`, open cells their number (the header's count of mines must be the
number of `?`). A JSON object with `width`, `height` and `mines` (`[row, col]` each): what `mines generate -f json`
or `-f jsonl` writes (its `first_click` is opened), a game record of `mines play`'s `w` or `mines replay -f json`
(its first move is opened). Only a file's first board is read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import FrozenSet, Optional

from puzzlesat.errors import BoardError
from puzzlesat.mines.board import HIDDEN, MINE_CODES, MINE_HEADER, Position
from puzzlesat.mines.game import Game, Setup
from puzzlesat.streams import read_lines, source_name

LAYOUT_HELP = "covered mines ? and other covered cells H, as `mines generate -f mine` writes"


@dataclass(frozen=True)
class Layout:
    """A board to play: its size, where the mines are, what is open, and the cell to open first (if any)."""

    setup: Setup
    mines: FrozenSet[int]  # engine indices (row * width + col)
    known: tuple  # HIDDEN or the open cell's number, per cell
    first_click: Optional[Position] = None

    def game(self, seed: int = 0, index: int = 0) -> Game:
        """The game on this layout, its first click opened."""
        game = Game.resumed(self.setup, self.mines, self.known, seed, index)
        first = self.first_click
        if first is not None and not game.over and game.known[game.index_of(first)] == HIDDEN:
            game.open(first)
        return game


def read_layout(path: str) -> Layout:
    """The first board of a `.mine` or JSON file (the module docstring says which); BoardError located in the file
    ('board.mine:3: ...') when it holds no layout to play."""
    source = source_name(path)
    lines = [line for line in read_lines([path]) if line.text.strip() and not line.text.lstrip().startswith("#")]
    if not lines:
        raise BoardError(f"{source}: no board to play")
    try:
        if lines[0].text.lstrip().startswith("{"):
            return _json_layout("\n".join(line.text for line in lines), lines[0].number)
        return _mine_layout(lines)
    except BoardError as error:
        raise BoardError(error.located(source)) from None


def _mine_layout(lines: list) -> Layout:
    """A layout from `.mine` lines (comments and blank lines gone)."""
    header = MINE_HEADER.match(lines[0].text.strip())
    if not header:
        raise BoardError(f"expected a .mine header WIDTHxHEIGHTxMINES or a JSON record, found {lines[0].text.strip()!r}",
                         lines[0].number, 1)
    width, height, count = (int(part) for part in header.groups())
    rows = lines[1:height + 1]
    if len(rows) != height:
        raise BoardError(f"the header says {height} rows but the grid has {len(rows)}", lines[0].number)
    mines, known = set(), []
    for row, line in enumerate(rows):
        text = line.text.strip()
        if len(text) != width:
            raise BoardError(f"the row has {len(text)} cells but the header says {width}", line.number)
        for col, char in enumerate(text):
            if char not in MINE_CODES:
                raise BoardError(f"unknown cell {char!r} (a layout has {LAYOUT_HELP})", line.number, col + 1)
            if char == "?":
                mines.add(row * width + col)
            known.append(MINE_CODES[char] if char.isdigit() else HIDDEN)
    if len(mines) != count:
        raise BoardError(f"the header says {count} mines but {len(mines)} cells are `?`: a board to play has "
                         f"{LAYOUT_HELP}", lines[0].number)
    return _checked(Setup(width, height, count), mines, tuple(known), None, lines[0].number)


def _json_layout(text: str, line: int) -> Layout:
    """A layout from the first JSON object of the text (one object, or JSON Lines)."""
    try:
        value, _ = json.JSONDecoder().raw_decode(text.lstrip())
    except json.JSONDecodeError as error:
        raise BoardError(f"not JSON: {error.msg}", line + error.lineno - 1) from None
    if not isinstance(value, dict) or not all(key in value for key in ("width", "height", "mines")):
        raise BoardError("a board to play in JSON has width, height and mines ([row, col] each)", line)
    width, height, cells = value["width"], value["height"], value["mines"]
    first = value.get("first_click")
    if first is None and value.get("moves"):
        first = value["moves"][0].get("cell") if isinstance(value["moves"][0], dict) else None
    try:
        mines = {int(row) * int(width) + int(col) for row, col in cells}
        setup = Setup(int(width), int(height), len(cells), value.get("rules") or "safe")
        first_click = None if first is None else _cell(first)
    except (TypeError, ValueError) as error:
        raise BoardError(f"not a layout: {error}", line) from None
    return _checked(setup, mines, (HIDDEN,) * setup.cells, first_click, line)


def _cell(value) -> Position:
    """A [row, col] pair as a Position (TypeError or ValueError when it is not one)."""
    row, col = value
    return int(row), int(col)


def _checked(setup: Setup, mines: set, known: tuple, first: Optional[Position], line: int) -> Layout:
    """The layout, when its mines are on the board and its open cells and first click agree with them."""
    if len(mines) != setup.mines or any(not 0 <= cell < setup.cells for cell in mines):
        raise BoardError(f"the mines do not fit the {setup.size} board (each once, inside it)", line)
    if first is not None and not (0 <= first[0] < setup.height and 0 <= first[1] < setup.width):
        raise BoardError(f"the first click {list(first)} is off the {setup.size} board", line)
    layout = Layout(setup, frozenset(mines), known, first)
    try:
        layout.game()
    except ValueError as error:
        raise BoardError(str(error), line) from None
    return layout

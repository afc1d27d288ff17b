"""Boards written as a list of lists, as LeetCode, Python and JSON write them, on one line or over several:

    [["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],...]
    board = [
        [5, 3, 0, 0, 7, 0, 0, 0, 0],
        ...
    ]

A board is a list of rows, each a list of cells, or one flat list of every cell. A cell is a number (0 is a blank),
a quoted symbol or number ("5", "16", "A"; "." or "" a blank) or None/null (a blank). A name and '=' may
come first ('board =', 'grid: list[list[int]] =', 'const board ='), also alone on the line before the list;
trailing commas, a closing ';' and '#' or '//' comments are allowed. What is wrong is one PuzzleError naming its
line and column.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from math import isqrt
from typing import List, Optional, Tuple

from puzzlesat.errors import PuzzleError
from puzzlesat.streams import Line
from puzzlesat.sudoku.reading.alphabets import Alphabet, make_puzzle
from puzzlesat.sudoku.model.grid import Puzzle, Shape, box_shape

NAME = re.compile(r"(?:(?:const|let|var)\s+)?[A-Za-z_]\w{0,39}\s*(?::[^=]*)?=\s*")  # 'board = ', 'grid: List[...] = '
TOKEN = re.compile(r"""\s*(?:(?P<open>\[)|(?P<close>\])|(?P<comma>,)|(?P<end>;)
    |(?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')|(?P<number>-?\d+)|(?P<none>None|null)(?![\w.])
    |(?P<comment>\#.*|//.*)|(?P<stray>[^\s\[\],;]+))""", re.VERBOSE)
MAX_CHARS = 1 << 22  # a list longer than this is given up (never closed)
CELL_HELP = "a cell is a number, a quoted symbol, or None/null"


@dataclass(frozen=True)
class Token:
    """One piece of a list: its kind (a group name of TOKEN), its text, and where it stands (1-based)."""

    kind: str
    text: str
    line: int
    column: int

    def error(self, why: str) -> PuzzleError:
        """A PuzzleError saying what is wrong here."""
        return PuzzleError(f"line {self.line}, column {self.column}: {why}")


def opens_list(text: str) -> bool:
    """True for a (stripped) line that starts a board written as a list: 'board = [', 'board =' alone (the list
    on the next lines), '[' alone, '[[...', or one whole list of cells on the line ('[5, 3, 0, ...]'): never a
    section header ('[Puzzle]') nor a label before a puzzle ('[1] 53..7....')."""
    start = _start(text)
    if start is None:
        return False
    rest = text[start:]
    if start:
        return not rest or rest.startswith("[")
    return rest == "[" or rest.startswith(("[[", "[ [")) or _one_list(tokens_of(rest, 0))


def _start(text: str) -> Optional[int]:
    """Where the list part of the first line starts (after 'board ='), or None when it cannot start a list."""
    if text.startswith("["):
        return 0
    name = NAME.match(text)
    return name.end() if name else None


def _one_list(tokens: List[Token]) -> bool:
    """True for the tokens of a list of cells apart by commas, with nothing but ';' after its end."""
    depth = 0
    for index, token in enumerate(tokens):
        if token.kind == "stray":
            return False
        depth += (token.kind == "open") - (token.kind == "close")
        if depth == 0:
            return all(rest.kind == "end" for rest in tokens[index + 1:]) and any(t.kind == "comma" for t in tokens)
    return any(token.kind == "comma" for token in tokens)


def tokens_of(text: str, number: int, start: int = 0) -> List[Token]:
    """The tokens of one line from `start` on, comments left out."""
    found, position = [], start
    while True:
        match = TOKEN.match(text, position)
        if match is None:
            return found  # only white space is left
        kind = match.lastgroup
        if kind != "comment":
            found.append(Token(kind, match.group(kind), number, match.start(kind) + 1))
        position = match.end()


def _no_cell(token: Token) -> bool:
    """True for a token that cannot be a cell: stray text, or a number of more than two digits."""
    return token.kind == "stray" or token.kind == "number" and len(token.text.lstrip("-")) > 2


class ListText:
    """The lines of one board written as a list, gathered until its brackets close."""

    def __init__(self, first: Line):
        self.first = first
        self.lines: List[Line] = [first]
        self.tokens: List[Token] = []
        self.depth = 0
        self.opened = False  # the first '[' has been seen (not yet after a lone 'board =')
        self.chars = len(first.text)
        lead = len(first.text) - len(first.text.lstrip().lstrip("\ufeff").lstrip())
        self._take(tokens_of(first.text, first.number, lead + (_start(first.text[lead:].rstrip()) or 0)))

    @property
    def closed(self) -> bool:
        """True once the brackets opened have all closed."""
        return self.opened and self.depth <= 0

    @property
    def too_long(self) -> bool:
        """True when the list has gone on for longer than any board."""
        return self.chars > MAX_CHARS

    def add(self, line: Line) -> bool:
        """Take one more line; False (and nothing taken) when it cannot be part of the list: no '[' after a lone
        'board =', or, in the list, a line with neither brackets nor commas that holds what no cell is (a puzzle
        line such as '53..7....' or '530070000...')."""
        found = tokens_of(line.text, line.number)
        if not self.opened and (not found or found[0].kind != "open"):
            return False
        if not any(token.kind in ("open", "close", "comma") for token in found) and any(map(_no_cell, found)):
            return False
        self.lines.append(line)
        self.chars += len(line.text)
        self._take(found)
        return True

    def _take(self, found: List[Token]) -> None:
        """Keep a line's tokens and follow how deep the brackets are."""
        for token in found:
            if token.kind == "open":
                self.depth, self.opened = self.depth + 1, True
            elif token.kind == "close":
                self.depth -= 1
        self.tokens.extend(found)

    def text(self) -> str:
        """The lines as written."""
        return "\n".join(line.text.rstrip() for line in self.lines)


@dataclass(frozen=True)
class ListedBoard:
    """The cells of a board read from a list (one string per cell, '.' for a blank), where each was written, and
    whether every cell is a number (so that numbers of two digits are read as numbers)."""

    side: int
    cells: Tuple[str, ...]
    places: Tuple[Token, ...]
    numeric: bool

    def puzzle(self, alphabet: Optional[Alphabet] = None) -> Puzzle:
        """The Puzzle; PuzzleError naming the line and column of a symbol the alphabet lacks."""
        try:
            return make_puzzle(self.cells, Shape.of_side(self.side), alphabet, range(1, len(self.cells) + 1))
        except PuzzleError as error:
            if error.column is None:
                raise
            raise self.places[error.column - 1].error(str(error)) from None


def read_board(listing: ListText) -> ListedBoard:
    """The board a closed list holds; PuzzleError naming the line and column of what is wrong."""
    parser = _Parser(listing.tokens)
    opening, items = parser.board()
    cells = _cells(opening, items)
    side = isqrt(len(cells))
    texts = tuple(_cell_text(token) for token in cells)
    numeric = all(text.isdigit() or text == "." for text in texts)
    return ListedBoard(side, texts, tuple(cells), numeric)


def _cell_text(token: Token) -> str:
    """A cell token as one string: '16', '5', 'A', or '.' for a blank."""
    if token.kind == "number":
        return str(int(token.text))
    if token.kind == "string":
        return token.text[1:-1].strip() or "."
    return "."


def _cells(opening: Token, items: list) -> List[Token]:
    """Every cell of a board, row by row, checked to make a square of a Sudoku's side."""
    rows = [item for item in items if isinstance(item, tuple)]
    if not rows:
        return _flat_cells(opening, items)
    odd = next((item for item in items if not isinstance(item, tuple)), None)
    if odd is not None:
        raise odd.error(f"{odd.text} among the rows: each row is a list of cells")
    width = Counter(len(cells) for _, cells in rows).most_common(1)[0][0]
    if not width:
        raise opening.error("a board of empty rows")
    for number, (row_opening, cells) in enumerate(rows, 1):
        if len(cells) != width:
            raise row_opening.error(f"row {number} has {len(cells)} cells, not {width} as the others")
    if len(rows) != width:
        raise opening.error(f"{len(rows)} rows of {width} cells; a board has as many rows as columns")
    _check_side(opening, width)
    return [cell for _, cells in rows for cell in cells]


def _flat_cells(opening: Token, cells: List[Token]) -> List[Token]:
    """The cells of a board written as one flat list, checked to be a whole puzzle."""
    side = isqrt(len(cells))
    if not cells or side * side != len(cells) or box_shape(side) is None:
        raise opening.error(f"a list of {len(cells)} cells: neither a whole puzzle (16, 36, 81, ... cells) nor a list "
                            f"of rows")
    return cells


def _check_side(opening: Token, side: int) -> None:
    """PuzzleError when no Sudoku has this side."""
    try:
        Shape.of_side(side)
    except PuzzleError as error:
        raise opening.error(f"rows of {side} cells: {error}") from None


class _Parser:
    """Reads the tokens of one list: `[` items `]`, an item a cell or (in the outer list) a list of cells."""

    def __init__(self, tokens: List[Token]):
        self.tokens, self.at = tokens, 0

    def board(self) -> Tuple[Token, list]:
        """The outer list's opening bracket and its items: cells (Tokens) or rows (opening bracket, cells)."""
        opening, items = self._list(inner=False)
        rest = self.tokens[self.at:]
        if rest and rest[0].kind == "end":
            rest = rest[1:]
        if rest:
            raise rest[0].error(f"{rest[0].text!r} after the end of the list")
        return opening, items

    def _list(self, inner: bool) -> Tuple[Token, list]:
        """A list from its '[' to its ']': the opening bracket and the items."""
        opening = self._next()
        items: list = []
        while True:
            token = self._peek(opening)
            if token.kind == "close":
                self.at += 1
                return opening, items
            if items:
                if token.kind != "comma":
                    raise token.error(f"{token.text!r} where ',' or ']' should be")
                self.at += 1
                if self._peek(opening).kind == "close":
                    continue  # a trailing comma
            items.append(self._item(inner))

    def _item(self, inner: bool):
        """One item of a list: a cell's token, or (in the outer list) a row as (opening bracket, cells)."""
        token = self._next()
        if token.kind == "open":
            if inner:
                raise token.error("a list inside a row: a row is a list of cells")
            self.at -= 1
            return self._list(inner=True)
        if token.kind in ("number", "string", "none"):
            return token
        raise token.error(f"unexpected {token.text!r}: {CELL_HELP}")

    def _next(self) -> Token:
        """The next token, taken."""
        token = self.tokens[self.at]
        self.at += 1
        return token

    def _peek(self, opening: Token) -> Token:
        """The next token, left in place; PuzzleError at `opening` when there is none."""
        if self.at >= len(self.tokens):
            raise opening.error("this '[' is never closed")
        return self.tokens[self.at]

"""Minesweeper boards: the Board type, the symbols cells are shown with, and reading and writing the two text formats.

Shown cells (the renderers and `format_friendly` use SYMBOLS, and the friendly format reads them all back):
`?` hidden, `F` flag, `*` a mine shown once a game is over (read back as a flag), `.` an empty revealed
cell, `1`-`8` numbers.

The `.mine` format of JSMinesweeper (DavidNHill/JSMinesweeper): a header line `WIDTHxHEIGHTxMINES` (total
mines, flags included), then HEIGHT rows of exactly WIDTH characters. Its symbols are read as JSMinesweeper's
analyser reads them (newBoardFromString in Minesweeper/client/main.js), case-sensitive as it is:

    H ? M I   a covered cell: JSMinesweeper writes H, and ? for a covered mine of a game it saved
              (Board.getPositionData); M and I come from its other reader and its compressed form
    h m i     the same in lower case: JSMinesweeper reads them, like any character it does not know, as covered
    F O       a flag (O: one its compressed form did not deflate)
    0-8       a revealed number

JSMinesweeper takes every other character for a covered cell; here the others are errors with a line and
column, and `f`, `o`, `.` and `*` (a flag, a zero or a mine in other formats) say so.

The friendly format, typed by hand or copied from minesweepr (mrgriscom/minesweepr: `x * . 0-9` from
minesweeper_util.Board, and `o f ! m :` from the board strings of its web demo, which it reads in any case):

    ? H X O   a covered cell (letters in either case; O is minesweepr's covered cell over a mine)
    F * M !   a flag or a known mine (minesweepr: * a mine, f a flagged mine, m a mine shown, ! a wrong flag)
    . 0       a revealed empty cell
    1-8       a revealed number
    :         the end of a row (minesweepr's row separator), so a whole board fits on one line

Spaces and tabs between cells are ignored (they are never cells), so `1 ? ?` and `1??` are the same row.
Lines starting with `#` are comments; a comment `# mines: N` (or `# mines = N`) gives the total number of
mines, flags included.

A total given by the caller (`--mines N`) fills in a total the board does not state; a board that states a
different one is an error.

Positions are (row, col), 0-based, origin top-left; inside the engines a cell is an index, row * width + col.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Final, Iterable, Optional, Sequence, Tuple, Union

from puzzlesat.errors import BoardError

HIDDEN: Final = -1  # a covered cell
FLAG: Final = -2  # a covered cell the player marked as a mine
MINE: Final = -3  # a mine shown once a game is over (never part of a Board the engines read)

SYMBOLS = {HIDDEN: "?", FLAG: "F", MINE: "*", 0: ".", **{n: str(n) for n in range(1, 9)}}  # how cells are shown

MINE_HEADER = re.compile(r"^\s*(\d+)\s*x\s*(\d+)\s*x\s*(\d+)\s*$", re.IGNORECASE)
MINES_COMMENT = re.compile(r"^#\s*mines\s*[:=]\s*(\S+)\s*$", re.IGNORECASE)
NUMBERS = {str(n): n for n in range(9)}
MINE_CODES = {**dict.fromkeys("HhMmIi?", HIDDEN), **dict.fromkeys("FO", FLAG), **NUMBERS}
MINE_MISREAD = {"f": "F (flag) or H (hidden)", "o": "O (flag) or H (hidden)", ".": "0 (empty) or H (hidden)",
                "*": "F (flag) or H (hidden)"}  # JSMinesweeper reads these as covered cells; other formats do not
MINE_SYMBOLS = "H or ? hidden, F flag, 0-8"
FRIENDLY_CODES = {**dict.fromkeys("?HhXxOo", HIDDEN), **dict.fromkeys("FfMm*!", FLAG), ".": 0, **NUMBERS}
FRIENDLY_SYMBOLS = "? H or x hidden, F or * flag, 1-8, . or 0 empty"
FRIENDLY_SEPARATORS = " \t"
ROW_END = ":"  # minesweepr's separator between rows

Position = Tuple[int, int]
Neighbours = Tuple[Tuple[int, ...], ...]  # per cell index, the indices of its (up to 8) neighbours


@lru_cache(maxsize=32)
def neighbour_table(width: int, height: int) -> Neighbours:
    """For each cell index of a width x height board, the indices of its (up to 8) neighbours."""
    table = []
    for row in range(height):
        for col in range(width):
            table.append(tuple(
                r * width + c
                for r in range(max(row - 1, 0), min(row + 2, height))
                for c in range(max(col - 1, 0), min(col + 2, width))
                if (r, c) != (row, col)
            ))
    return tuple(table)


@dataclass(frozen=True)
class Board:
    """A position: `cells` holds rows of HIDDEN, FLAG or a revealed number 0..8; total_mines counts flags too."""

    width: int
    height: int
    cells: tuple
    total_mines: Optional[int] = None

    @classmethod
    def from_rows(cls, rows: Sequence[Union[str, Sequence[int]]], total_mines: Optional[int] = None) -> "Board":
        """A board from rows of ints, or of friendly-format strings; checked like a parsed board."""
        lines = [row if isinstance(row, str) else None for row in rows]
        if all(line is not None for line in lines):
            return parse_friendly(lines, total_mines)
        grid = tuple(tuple(int(value) for value in row) for row in rows)
        board = cls(len(grid[0]) if grid else 0, len(grid), grid, total_mines)
        check_board(board)
        return board

    def __getitem__(self, position: Position) -> int:
        row, col = position
        return self.cells[row][col]

    def with_total(self, total_mines: Optional[int]) -> "Board":
        """The same cells with another total."""
        return Board(self.width, self.height, self.cells, total_mines)

    def positions(self) -> Iterable[Position]:
        """Every position, row by row."""
        return ((r, c) for r in range(self.height) for c in range(self.width))

    def neighbours(self, position: Position) -> tuple:
        """The up to 8 positions around one."""
        return tuple(map(self.position_of, self.neighbour_table[self.index_of(position)]))

    def index_of(self, position: Position) -> int:
        """The cell index of a position."""
        return position[0] * self.width + position[1]

    def position_of(self, index: int) -> Position:
        """The position of a cell index."""
        return divmod(index, self.width)

    @property
    def neighbour_table(self) -> Tuple[Tuple[int, ...], ...]:
        """Neighbour indices of every cell index (shared by all boards of this size)."""
        return neighbour_table(self.width, self.height)

    @cached_property
    def known(self) -> tuple:
        """Every cell's value (HIDDEN, FLAG or a number), row by row."""
        return tuple(value for row in self.cells for value in row)

    @cached_property
    def view(self) -> tuple:
        """(known, flags): the board as the engines read it, each flag a covered cell known to hold a mine."""
        flags = frozenset(i for i, value in enumerate(self.known) if value == FLAG)
        if not flags:
            return self.known, flags
        return tuple(HIDDEN if value == FLAG else value for value in self.known), flags

    @cached_property
    def hidden(self) -> list:
        """Hidden (unflagged) positions, row by row."""
        return self._where(lambda value: value == HIDDEN)

    @cached_property
    def flags(self) -> list:
        """Flagged positions, row by row."""
        return self._where(lambda value: value == FLAG)

    @cached_property
    def numbers(self) -> list:
        """Revealed positions, row by row."""
        return self._where(lambda value: value >= 0)

    def _where(self, test) -> list:
        """Positions whose value passes `test`, row by row."""
        return [(r, c) for r, row in enumerate(self.cells) for c, value in enumerate(row) if test(value)]

    @property
    def mines_left(self) -> Optional[int]:
        """Mines not flagged yet, or None without a total."""
        return None if self.total_mines is None else self.total_mines - len(self.flags)


def check_board(board: Board, row_lines: Optional[Sequence[int]] = None, columns=None) -> None:
    """Raise BoardError for values out of range, numbers above their neighbour count, more flags than mines.

    `row_lines` gives the input line of each row and `columns(row, col)` the input column of a cell.
    """
    line_of = (lambda r: row_lines[r]) if row_lines else (lambda r: r + 1)
    column_of = columns or (lambda r, c: c + 1)
    if any(len(row) != board.width for row in board.cells) or len(board.cells) != board.height:
        raise BoardError("rows of different lengths")
    for (r, c), value, around in zip(board.positions(), board.known, board.neighbour_table):
        if value not in (HIDDEN, FLAG) and not 0 <= value <= 8:
            raise BoardError(f"cell value {value} is not HIDDEN, FLAG or 0..8", line_of(r), column_of(r, c))
        if value > len(around):
            raise BoardError(f"a {value} here is impossible: the cell has only {len(around)} neighbours",
                             line_of(r), column_of(r, c))
    if board.total_mines is not None:
        if board.total_mines < 0:
            raise BoardError(f"a negative number of mines ({board.total_mines})")
        if len(board.flags) > board.total_mines:
            r, c = board.flags[board.total_mines]
            raise BoardError(f"{len(board.flags)} flags but only {board.total_mines} mines in total",
                             line_of(r), column_of(r, c))
        if board.total_mines > board.width * board.height:
            raise BoardError(f"{board.total_mines} mines do not fit on {board.width}x{board.height} cells")


def symbol(value: int) -> str:
    """The character a cell value is shown with (SYMBOLS)."""
    return SYMBOLS[value]


def parse_board(text: Union[str, Sequence[str]], total_mines: Optional[int] = None, first_line: int = 1) -> Board:
    """Read one board in either format (a `.mine` header decides, unless only the friendly format can read
    the lines: a friendly first row such as `1x2x1` looks like a header); `total_mines` fills in a total the
    board does not state, and a board that states another one is a BoardError."""
    lines = text.splitlines() if isinstance(text, str) else list(text)
    content = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if not content or not MINE_HEADER.match(content[0]):
        return parse_friendly(lines, total_mines, first_line)
    try:
        return parse_mine(lines, total_mines, first_line)
    except BoardError as error:
        try:
            return parse_friendly(lines, total_mines, first_line)
        except BoardError:
            raise error from None


def parse_mine(lines: Sequence[str], total_mines: Optional[int] = None, first_line: int = 1) -> Board:
    """Read the JSMinesweeper `.mine` format; its header gives the total, which `total_mines` must agree with."""
    numbered = [(first_line + i, line.rstrip("\r\n")) for i, line in enumerate(lines)]
    numbered = _strip_blank_ends([(n, text) for n, text in numbered if not text.lstrip().startswith("#")])
    if not numbered:
        raise BoardError("no board found", first_line)
    header_line, header = numbered[0]
    match = MINE_HEADER.match(header)
    if not match:
        raise BoardError(f"expected a header WIDTHxHEIGHTxMINES, found {header.strip()!r}", header_line, 1)
    width, height, mines = (int(part) for part in match.groups())
    if width < 1 or height < 1:
        raise BoardError(f"the header gives an empty board ({width}x{height})", header_line, 1)
    _check_given_total(mines, total_mines, header_line, match.start(3) + 1)
    rows = numbered[1:]
    if len(rows) != height:
        line = rows[height][0] if len(rows) > height else (rows[-1][0] + 1 if rows else header_line + 1)
        raise BoardError(f"the header says {height} rows but the grid has {len(rows)}", line, 1)
    grid = tuple(_mine_row(number, text.rstrip(), width) for number, text in rows)
    board = Board(width, height, grid, mines)
    check_board(board, [number for number, _ in rows])
    return board


def _check_given_total(stated: int, given: Optional[int], line: int, column: Optional[int]) -> None:
    """A BoardError when the caller gave a total other than the one the board states."""
    if given is not None and given != stated:
        raise BoardError(f"the board states {stated} mines but {given} were given (--mines)", line, column)


def _mine_row(line: int, text: str, width: int) -> tuple:
    """One `.mine` row of exactly `width` cells."""
    for column, char in enumerate(text, 1):
        if char in MINE_MISREAD:
            raise BoardError(f"cell {char!r} is ambiguous (JSMinesweeper reads it as a covered cell): "
                             f"write {MINE_MISREAD[char]}", line, column)
        if char not in MINE_CODES:
            raise BoardError(f"unknown cell {char!r} (a .mine row holds {MINE_SYMBOLS})", line, column)
    if len(text) != width:
        raise BoardError(f"the row has {len(text)} cells but the header says {width}", line, min(len(text), width) + 1)
    return tuple(MINE_CODES[char] for char in text)


def parse_friendly(lines: Sequence[str], total_mines: Optional[int] = None, first_line: int = 1) -> Board:
    """Read the friendly grid; `total_mines` is the total unless a `# mines: N` comment gives it (then they must agree)."""
    rows, row_lines, columns = [], [], []
    stated = None  # (total, line, column) of a `# mines: N` comment
    numbered = _strip_blank_ends([(first_line + i, line.rstrip("\r\n")) for i, line in enumerate(lines)])
    for number, text in numbered:
        stripped = text.strip()
        if not stripped:
            if rows:
                raise BoardError("a blank line inside a board", number)
            continue
        if stripped.startswith("#"):
            stated = _mines_comment(text, number, stated)
            continue
        for cells, where, end in _friendly_rows(text, number):
            if rows and len(cells) != len(rows[0]):
                column = where[len(rows[0])] if len(cells) > len(rows[0]) else end
                raise BoardError(f"ragged rows: this row has {len(cells)} cells, the first has {len(rows[0])}",
                                 number, column)
            rows.append(tuple(cells))
            row_lines.append(number)
            columns.append(where)
    if not rows:
        raise BoardError("no board found", first_line)
    if stated is not None:
        _check_given_total(stated[0], total_mines, stated[1], stated[2])
    total = stated[0] if stated is not None else total_mines
    board = Board(len(rows[0]), len(rows), tuple(rows), total)
    check_board(board, row_lines, lambda r, c: columns[r][c])
    return board


def _mines_comment(text: str, line: int, stated: Optional[tuple]) -> Optional[tuple]:
    """(total, line, column) from a `# mines: N` comment, or `stated` for any other comment."""
    match = MINES_COMMENT.match(text.strip())
    if not match:
        return stated
    value = match.group(1)
    column = text.index("#") + match.start(1) + 1
    if not value.isdigit():
        raise BoardError(f"the number of mines must be a whole number, not {value!r}", line, column)
    if stated is not None and int(value) != stated[0]:
        raise BoardError(f"two different totals: {stated[0]} and {value}", line, column)
    return int(value), line, column


def _friendly_rows(text: str, line: int) -> list:
    """The rows on one friendly line (more than one when `:` ends rows): (cells, 1-based column of each cell,
    the column where the row ends)."""
    rows, cells, where = [], [], []
    for column, char in enumerate(text, 1):
        if char in FRIENDLY_SEPARATORS:
            continue
        if char == ROW_END:
            rows.append((cells, where, column))
            cells, where = [], []
            continue
        if char not in FRIENDLY_CODES:
            raise BoardError(f"unknown cell {char!r} (use {FRIENDLY_SYMBOLS})", line, column)
        cells.append(FRIENDLY_CODES[char])
        where.append(column)
    if cells or not rows:
        rows.append((cells, where, len(text.rstrip()) + 1))
    return rows


def starts_board(text: str, before: Sequence[str]) -> bool:
    """Whether a line starts a new board after the content lines `before` (comments left out) of the current one:
    a `.mine` header does, unless it can only be a row of a friendly grid (`1x2x1` in a grid five cells wide)."""
    if not before or not MINE_HEADER.match(text):
        return False
    header = MINE_HEADER.match(before[0])
    if header:
        width, height = int(header.group(1)), int(header.group(2))
        if len(before) > height and all(len(row.rstrip()) == width for row in before[1:height + 1]):
            return True  # the current board holds a whole `.mine` board: concatenated `.mine` files
    return _friendly_width(text) != _friendly_width(before[0])


def _friendly_width(text: str) -> int:
    """How many cells the first row on a line holds, read as the friendly format (whatever the characters)."""
    row = text.split(ROW_END, 1)[0]
    return sum(1 for char in row if char not in FRIENDLY_SEPARATORS)


def _strip_blank_ends(numbered: list) -> list:
    """Drop blank lines before and after the content."""
    while numbered and not numbered[0][1].strip():
        numbered = numbered[1:]
    while numbered and not numbered[-1][1].strip():
        numbered = numbered[:-1]
    return numbered


def format_mine(board: Board) -> str:
    """The board as `.mine` text (the total defaults to the flag count when unknown)."""
    total = board.total_mines if board.total_mines is not None else len(board.flags)
    symbols = {HIDDEN: "H", FLAG: "F"}
    rows = ("".join(symbols.get(value, str(value)) for value in row) for row in board.cells)
    return f"{board.width}x{board.height}x{total}\n" + "\n".join(rows) + "\n"


def format_friendly(board: Board) -> str:
    """The board in the friendly format (SYMBOLS), with a `# mines: N` comment when the total is known."""
    rows = "\n".join("".join(map(symbol, row)) for row in board.cells)
    header = "" if board.total_mines is None else f"# mines: {board.total_mines}\n"
    return header + rows + "\n"

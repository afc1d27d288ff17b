"""Reading many boards from files or standard input: boards are separated by blank lines.

A `.mine` header also starts a new board, so concatenated `.mine` files need no blank lines (a friendly row
that only looks like one, `1x2x1`, does not). Each board is handed on as soon as its last line is read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Optional, Sequence

from puzzlesat.errors import BoardError
from puzzlesat.mines.board import Board, parse_board, starts_board
from puzzlesat.streams import Line, read_lines


@dataclass(frozen=True)
class BoardRecord:
    """One board read from input, or the one-line reason it could not be read."""

    source: str  # the file (or <stdin>)
    line: int  # where the board starts (its first line, comments included)
    board: Optional[Board] = None
    error: Optional[str] = None  # "file:line:column: what is wrong"

    @property
    def where(self) -> str:
        """'file:line' for messages."""
        return f"{self.source}:{self.line}"


def read_boards(paths: Sequence[str], total_mines: Optional[int] = None, stdin=None) -> Iterator[BoardRecord]:
    """Every board in the files (or standard input), in order; `total_mines` fills in missing totals (a board
    that states another total is an invalid record)."""
    for block in split_boards(read_lines(paths, stdin)):
        yield parse_block(block, total_mines)


def split_boards(lines: Iterable[Line]) -> Iterator[list]:
    """Groups of consecutive lines holding one board each (comment-only groups dropped)."""
    block: list = []
    for line in lines:
        new_board = starts_board(line.text, [seen.text for seen in block if _is_content(seen)])
        if not line.text.strip() or new_board or (block and block[-1].source != line.source):
            yield from _nonempty(block)
            block = []
        if line.text.strip() or line.error:
            block.append(line)
    yield from _nonempty(block)


def _is_content(line: Line) -> bool:
    """A line that is part of a grid (not a comment)."""
    return bool(line.error) or not line.text.lstrip().startswith("#")


def _nonempty(block: list) -> Iterator[list]:
    """The block, unless it holds nothing but comments."""
    if any(_is_content(line) for line in block):
        yield block


def parse_block(block: list, total_mines: Optional[int] = None) -> BoardRecord:
    """Parse one group of lines into a record."""
    first = block[0]
    bad = next((line for line in block if line.error), None)
    if bad is not None:
        return BoardRecord(first.source, first.number, error=f"{bad.source}:{bad.number}: {bad.error}")
    try:
        board = parse_board([line.text for line in block], total_mines, first_line=first.number)
    except BoardError as error:
        return BoardRecord(first.source, first.number, error=error.located(first.source))
    return BoardRecord(first.source, first.number, board)

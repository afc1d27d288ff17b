"""Turn lines of text into Sudoku records: one puzzle per line, or grids laid over several lines.

A line whose cells (separators | + - and spaces removed) number side*side is a whole puzzle;
a line of `side` cells is one row of a grid, and the rows that follow complete it. The one
ambiguous count, 16 (a 4x4 puzzle or a 16x16 row), is a row when the line has spaces or bars
between its cells and a puzzle otherwise; `size` forces the side. '#' lines and blank lines are
skipped. A CSV line whose first field is a puzzle (as in Kaggle's sets) is read as that puzzle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Optional

from puzzlesat.errors import PuzzleError
from puzzlesat.streams import Line, read_text_lines
from puzzlesat.sudoku.grid import (
    Puzzle,
    Shape,
    box_shape,
    checked_alphabet,
    default_alphabet,
    parse_cells,
    read_values,
    shape_for_cells,
    supported_sides,
    symbol_table,
)

SEPARATORS = frozenset("|+-= \t")
_WHOLE_SHAPES = {side * side: Shape.of_side(side) for side in supported_sides()}


@dataclass
class Record:
    """One puzzle read from a source, or the reason it could not be read."""

    source: str
    line: int
    text: str
    puzzle: Optional[Puzzle] = None
    error: Optional[str] = None

    @property
    def where(self) -> str:
        """'file:line' for messages."""
        return f"{self.source}:{self.line}"


def _cells(text: str) -> tuple:
    """The non-separator characters of a line and their 1-based columns."""
    kept = [(ch, col) for col, ch in enumerate(text, 1) if ch not in SEPARATORS]
    return "".join(ch for ch, _ in kept), [col for _, col in kept]


def _is_rule_line(text: str) -> bool:
    """A line of separators only, such as '------+-------+------'."""
    return all(ch in SEPARATORS for ch in text)


def _numeric_tokens(text: str) -> Optional[list]:
    """Cells of a row written as numbers ('10 . 3 16 ...'), or None when the row is not numeric."""
    tokens = text.replace("|", " ").replace("+", " ").split()
    if len(tokens) < 2 or not any(len(t) > 1 for t in tokens) or not all(t.isdigit() or t in (".", "_") for t in tokens):
        return None
    return [0 if t in (".", "_") else int(t) for t in tokens]


def _size_message(count: int) -> str:
    """Explain which cell counts a line may have."""
    return f"{count} cells; expected a whole puzzle (16, 36, 81, 144, 256, 625, ... cells) or a grid row (4 to 35 cells)"


class _Grid:
    """Rows collected so far for a grid laid over several lines."""

    def __init__(self, line: Line, shape: Shape):
        self.first = line
        self.shape = shape
        self.rows: list = []
        self.lines: list = []

    @property
    def complete(self) -> bool:
        return len(self.rows) == self.shape.side


class Reader:
    """Assemble lines into records; `size` forces the side, `alphabet` replaces the default symbols."""

    def __init__(self, size: Optional[int] = None, alphabet: Optional[str] = None):
        self.size = None if size is None else Shape.of_side(size).side
        self.alphabet = None if alphabet is None else checked_alphabet(alphabet)
        self.grid: Optional[_Grid] = None

    def _alphabet_for(self, shape: Shape) -> Optional[str]:
        """The custom alphabet, checked against the shape."""
        if self.alphabet is None:
            return None
        if len(self.alphabet) != shape.side:
            raise PuzzleError(f"alphabet {self.alphabet!r} has {len(self.alphabet)} symbols; a {shape.name} puzzle needs {shape.side}")
        return self.alphabet

    def records(self, lines: Iterable[Line]) -> Iterator[Record]:
        """Every record in the lines, bad ones included, in order."""
        for line in lines:
            yield from self._feed(line)
        if self.grid is not None:
            yield self._unfinished()

    def _feed(self, line: Line) -> Iterator[Record]:
        """Records completed (or broken) by one more line."""
        if line.error:
            if self.grid is not None:
                yield self._unfinished()
            yield Record(line.source, line.number, "", error=line.error)
            return
        text = line.text.strip().lstrip("\ufeff")
        if not text or text.startswith("#"):
            if self.grid is not None:
                yield self._unfinished()
            return
        if _is_rule_line(text):
            return
        if self.grid is not None:
            yield from self._add_row(line, text)
            return
        yield from self._start(line, text)

    def _start(self, line: Line, text: str) -> Iterator[Record]:
        """A line outside any grid: a whole puzzle, or the first row of a grid."""
        puzzle = self._plain_puzzle(text)
        if puzzle is not None:
            yield Record(line.source, line.number, text, puzzle)
            return
        if "," in text:
            text = text.split(",", 1)[0].strip()
        cells, columns = _cells(text)
        numeric = _numeric_tokens(text)
        count = len(numeric) if numeric is not None else len(cells)
        whole = self._whole_shape(count, text, cells)
        if whole is not None and numeric is None:
            yield self._record(line, text, lambda: parse_cells(cells, whole, self._alphabet_for(whole), columns))
            return
        side = self.size or count
        if box_shape(side) is None or count != side:
            yield Record(line.source, line.number, text, error=_size_message(count))
            return
        self.grid = _Grid(line, Shape.of_side(side))
        yield from self._add_row(line, text)

    def _plain_puzzle(self, text: str) -> Optional[Puzzle]:
        """Fast path for the common case: a line of exactly side*side valid symbols, nothing else."""
        shape = _WHOLE_SHAPES.get(len(text))
        if shape is None or (self.size is not None and self.size != shape.side):
            return None
        alphabet = self.alphabet or default_alphabet(shape.side)
        if len(alphabet) != shape.side:
            return None
        table = symbol_table(alphabet)
        try:
            values = tuple(map(table.__getitem__, text))
        except KeyError:
            return None  # the careful path says which symbol is wrong, and where
        blank = next((ch for ch in text if not table[ch]), ".")
        return Puzzle(shape, values, alphabet, blank)

    def _whole_shape(self, count: int, text: str, cells: str) -> Optional[Shape]:
        """The shape if this line holds a whole puzzle."""
        if self.size is not None:
            return Shape.of_side(self.size) if count == self.size * self.size else None
        shape = shape_for_cells(count)
        if shape is None:
            return None
        if box_shape(count) is not None and len(cells) != len(text):
            return None  # 16 cells with separators between them: a 16x16 row
        return shape

    def _add_row(self, line: Line, text: str) -> Iterator[Record]:
        """One more row of the current grid."""
        grid = self.grid
        numeric = _numeric_tokens(text)
        if numeric is not None:
            bad = next((n for n in numeric if n > grid.shape.side), None)
            if bad is not None:
                self.grid = None
                yield Record(line.source, line.number, text, error=f"number {bad} is too large for a {grid.shape.name} puzzle")
                return
            alphabet = self._alphabet_for(grid.shape) or default_alphabet(grid.shape.side)
            cells = "".join(alphabet[n - 1] if n else "." for n in numeric)
            columns = None
        else:
            cells, columns = _cells(text)
        if len(cells) != grid.shape.side:
            # the grid ends here, unfinished; the line itself may well be a puzzle of its own
            self.grid = None
            yield Record(
                grid.first.source, grid.first.number, "\n".join(grid.lines),
                error=f"grid stops after {len(grid.rows)} of {grid.shape.side} rows "
                      f"(line {line.number} has {len(cells)} cells, not {grid.shape.side})",
            )
            yield from self._start(line, text)
            return
        grid.rows.append((cells, columns, line))
        grid.lines.append(text)
        if grid.complete:
            self.grid = None
            yield self._finish(grid)

    def _finish(self, grid: _Grid) -> Record:
        """Parse a complete grid, reporting a bad symbol at its own line and column."""
        alphabet = self._alphabet_for(grid.shape) or default_alphabet(grid.shape.side)
        values, blank = [], None
        for cells, columns, line in grid.rows:
            try:
                row, row_blank = read_values(cells, alphabet, grid.shape.name, columns)
            except PuzzleError as error:
                col = f", column {error.column}" if error.column else ""
                return Record(grid.first.source, grid.first.number, "\n".join(grid.lines), error=f"line {line.number}{col}: {error}")
            values.extend(row)
            blank = blank or row_blank
        puzzle = Puzzle(grid.shape, tuple(values), alphabet, blank or ".")
        return Record(grid.first.source, grid.first.number, puzzle.to_line(), puzzle)

    def _unfinished(self) -> Record:
        """The grid in progress stopped before its last row."""
        grid, self.grid = self.grid, None
        return Record(grid.first.source, grid.first.number, "\n".join(grid.lines),
                      error=f"grid stops after {len(grid.rows)} of {grid.shape.side} rows")

    def _record(self, line: Line, text: str, build) -> Record:
        """A record from a one-line puzzle, with the error (and column) if it does not parse."""
        try:
            return Record(line.source, line.number, text, build())
        except PuzzleError as error:
            col = f"column {error.column}: " if error.column else ""
            return Record(line.source, line.number, text, error=f"{col}{error}")


def read_text(text: str, size: Optional[int] = None, alphabet: Optional[str] = None) -> Iterator[Record]:
    """Records from an in-memory string."""
    return Reader(size, alphabet).records(read_text_lines(text))


def parse(text: str, alphabet: Optional[str] = None) -> Puzzle:
    """Read one puzzle written on one line or over several lines (separators | - + and spaces allowed).

    Raises PuzzleError when the text holds no puzzle, several, or one that cannot be read.
    """
    records = list(read_text(text, alphabet=alphabet))
    if len(records) != 1:
        raise PuzzleError(f"expected one puzzle, found {len(records)}")
    record = records[0]
    if record.error:
        raise PuzzleError(record.error)
    return record.puzzle

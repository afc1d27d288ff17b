"""Turn lines of text into Sudoku records, whatever layout the puzzles were written in.

Every source is read on its own; its layout is found line by line (or forced with `input_format`):

- one puzzle per line (81 symbols for 9x9, 256 for 16x16, ...), alone or among other fields apart by white
  space, tabs, ',', ';' or '#' (ratings such as 'ED=10.5/1.2/1.2', ids, solutions): the longest field that is
  a whole puzzle is the puzzle; also cells apart by spaces, numbers apart by spaces ('10 . 3 16 ...'), and
  pencil-mark lines of side**3 characters (729 for 9x9: each cell's candidates);
- CSV with a header that names the puzzle column (puzzle, quizzes, grid, ...), any column, quoted or not;
- JSON Lines records with a "puzzle" field (what `puzzlesat sudoku` writes);
- boards written as a list of lists, on one line or several, as LeetCode (`[["5","3",".",...],...]`), Python
  (`board = [[5, 3, 0, ...], ...]`) and JSON write them (see puzzlesat.sudoku.reading.list_of_lists);
- grids over several lines, one row per line, with or without borders and separators (HoDoKu's
  '.---.---.', Sudoku Explainer's '*---*', '+---+', box drawing, blank lines between bands), including
  pencil-mark grids (one candidate set per cell) and the `[Puzzle]` section of SadMan .sdk files;
- grids puzzlesat draws (sudoku/drawn.py): walled variant grids with their marks and clues, grids side by side, the
  pencil-mark mini-grid, each grid one record.

Blanks are . 0 _ - * x or ·; '#' lines, titles and captions ('Grid 01', our own status lines) are skipped.
Sixteen consecutive lines of 16 bare characters are one 16x16 grid; fewer, using only 1-4, are 4x4 puzzles.
"""

from __future__ import annotations

import json
import re
from math import isqrt
from dataclasses import dataclass
from typing import Dict, Iterable, Iterator, List, Optional, Tuple

from typing import TYPE_CHECKING

from puzzlesat.errors import PuzzleError, VariantError
from puzzlesat.streams import Line, read_text_lines
from puzzlesat.sudoku.reading import drawn
from puzzlesat.sudoku.reading.alphabets import (
    alphabet_for,
    checked_alphabet,
    default_alphabet,
    make_puzzle,
    numeric_alphabet,
    read_candidates,
    read_values,
    symbol_table,
)
from puzzlesat.sudoku.model.grid import Shape, box_shape, supported_sides
from puzzlesat.sudoku.model.sudoku import Sudoku, plain_sudoku
from puzzlesat.sudoku.reading.lines import (
    CELL_CHARS,
    SUKAKU_SIDES,
    Cells,
    cell_count,
    is_count,
    is_prose,
    is_rule,
    is_status_line,
    number_row,
    numeric_cells,
    pencil_cells,
    plain_cells,
    section,
    sukaku_side,
    whole_puzzle,
)
from puzzlesat.sudoku.reading.list_of_lists import ListText, opens_list, read_board

INPUT_FORMATS = ("auto", "line", "grid", "csv", "jsonl")
PUZZLE_COLUMNS = ("puzzle", "puzzles", "quizzes", "quiz", "grid", "sudoku", "question", "problem", "board", "givens")
MAX_JSON = 1 << 22  # characters of a JSON object over several lines before it is given up
LINK_STARTS = ("http", "f-puzzles", "sudokupad", "app.crackingthecryptic", "www.", "fpuz", "scl", "ctc", "N4Ig")
READ_SECTIONS = ("puzzle", "puzzles")  # sections of a sectioned file (.sdk) whose grids are puzzles
if TYPE_CHECKING:
    from puzzlesat.sudoku.model.variants import Variant

_FAST_SIDES = {side * side: (Shape.of_side(side), default_alphabet(side), symbol_table(default_alphabet(side)))
               for side in supported_sides() if 4 < side <= 9}  # cells -> shape, alphabet, symbols of a plain line


@dataclass
class Record:
    """One puzzle read from a source (a Sudoku: its grid and its rules), or the reason it could not be read."""

    source: str
    line: int
    text: str
    puzzle: Optional[Sudoku] = None
    error: Optional[str] = None

    @property
    def where(self) -> str:
        """'file:line' for messages."""
        return f"{self.source}:{self.line}"

    @property
    def published(self) -> bool:
        """True when the puzzle came with its setter's rules and words (a link, a drawn variant grid)."""
        return self.puzzle is not None and self.puzzle.published


class Skipped:
    """Lines of one source that held text but no puzzle (titles, captions, counts): how many, and the first."""

    def __init__(self, count: int, line: int, text: str):
        self.count, self.line, self.text = count, line, text

    def __str__(self) -> str:
        more = f" and {self.count - 1} more" if self.count > 1 else ""
        return f"skipped line {self.line} ({self.text[:40]!r}){more}: text, not a puzzle"


class _Grid:
    """Rows collected so far for a grid laid over several lines."""

    def __init__(self, first: Line, shape: Shape, pencil: bool, rows: Optional[list] = None):
        self.first, self.shape, self.pencil = first, shape, pencil
        self.rows: List[tuple] = rows or []  # (Cells, Line)

    @property
    def complete(self) -> bool:
        return len(self.rows) == self.shape.side

    @property
    def between_bands(self) -> bool:
        """True when the rows so far end a band (where a rule or a blank line may stand)."""
        return bool(self.rows) and len(self.rows) % self.shape.box_rows == 0

    def row(self, text: str) -> Optional[Cells]:
        """The line as one more row of this grid, or None; a label or comment may follow it ('... 7 .  #1')."""
        side, text = self.shape.side, text.split("#", 1)[0]
        if self.pencil:
            return pencil_cells(text, side)
        numeric = numeric_cells(text, strict=False)
        if numeric is not None and len(numeric) == side and (side >= 10 or not is_rule(text)):
            return numeric
        plain = plain_cells(text)
        if len(plain) == side and (all(ch in CELL_CHARS for ch in plain.cells) or not is_prose(text)):
            return plain  # (an odd symbol is then reported where it stands)
        return None

    def text(self) -> str:
        return "\n".join(line.text.strip() for _, line in self.rows)


class _Table:
    """A CSV source: its delimiter and the puzzle column (None: the first field that holds a puzzle)."""

    def __init__(self, delimiter: str, column: Optional[int], header_open: bool = False):
        self.delimiter, self.column = delimiter, column
        self.held: List[Line] = []  # lines of a row whose quoted field spans lines
        self.header_open = header_open  # no header named the puzzle column: a first row without one is the header


def _table_header(text: str, forced: bool) -> Optional[_Table]:
    """A CSV header naming the puzzle column; with `forced`, any CSV line (then the first line is data)."""
    for delimiter in (",", ";", "\t", "|"):
        if delimiter not in text:
            continue
        try:
            names = [name.strip().strip("\"'").lower() for name in _fields(text, delimiter)]
        except ValueError:
            continue
        for wanted in PUZZLE_COLUMNS:
            if wanted in names:
                return _Table(delimiter, names.index(wanted))
        if forced and len(names) > 1:
            return _Table(delimiter, None, header_open=True)
    return _Table(",", None, header_open=True) if forced else None


def _fields(text: str, delimiter: str) -> list:
    """The fields of one CSV row (which may span lines inside a quoted field); ValueError when it is none."""
    import csv  # (only CSV sources need it)

    try:
        return next(csv.reader(text.splitlines(keepends=True) or [""], delimiter=delimiter), [])
    except csv.Error as error:
        raise ValueError(str(error)) from None


def _forced_side(size: Optional[int], alphabet: Optional[str]) -> Tuple[Optional[int], str]:
    """The side every puzzle must have, and the option that says so: `size`, or the number of symbols of `alphabet`."""
    if alphabet is not None and size is not None and size != len(alphabet):
        raise PuzzleError(f"--size {size} and an --alphabet of {len(alphabet)} symbols do not go together "
                          f"(a {size}x{size} puzzle has {size} symbols)")
    if size is not None:
        return Shape.of_side(size).side, f"--size {size}"
    if alphabet is not None:
        return Shape.of_side(len(alphabet)).side, f"--alphabet of {len(alphabet)} symbols"
    return None, ""


class Reader:
    """Assemble lines into records; `size` forces the side, `alphabet` replaces the guessed symbols,
    `input_format` (one of INPUT_FORMATS) forces a layout, `offline` keeps SudokuPad short links to the cache,
    `variant` (--variant, --regions, --cages) adds its rules to every puzzle that does not bring its own."""

    def __init__(self, size: Optional[int] = None, alphabet: Optional[str] = None, input_format: str = "auto",
                 offline: Optional[bool] = None, variant: Optional["Variant"] = None):
        if input_format not in INPUT_FORMATS:
            raise PuzzleError(f"unknown input format {input_format!r}; one of {', '.join(INPUT_FORMATS)}")
        self.alphabet = None if alphabet is None else checked_alphabet(alphabet)
        self.size, self.size_option = _forced_side(size, self.alphabet)  # the side every puzzle must have, and why
        self.format = input_format
        self.offline = offline  # SudokuPad short links from the cache only (None: PUZZLESAT_OFFLINE decides)
        self.variant = variant
        self.skipped: Dict[str, Skipped] = {}  # per source: lines of text skipped as titles, captions or counts
        self._start_source(None)

    def _start_source(self, source: Optional[str]) -> None:
        """Forget what the last source was in the middle of."""
        self.source = source
        self.grid: Optional[_Grid] = None
        self.sixteens: List[tuple] = []  # (Line, text): bare 16-character lines, a 16x16 grid or 4x4 puzzles
        self.table: Optional[_Table] = None
        self.skipping = False  # inside a section that holds no puzzle ([State] of a .sdk file)
        self.started = False  # a line with content has been seen (the place for a CSV header)
        self.json_open: Optional[tuple] = None  # (first Line, texts): a JSON object over several lines, unclosed
        self.drawn: Optional[drawn.Block] = None  # a grid puzzlesat drew, until its bottom border
        self.clues: Optional[Line] = None  # a line of numbers held: the clues above a drawn grid, or what it is
        self.clues_below = False  # a drawn grid with clues beside it just ended: a line of numbers is its clues
        self.replaying = False  # lines of a drawn block going through the ordinary reader
        self.listing: Optional[ListText] = None  # a board written as a list of lists, not closed yet

    def records(self, lines: Iterable[Line]) -> Iterator[Record]:
        """Every record in the lines, bad ones included, in order; with a variant, under its rules."""
        if self.variant is None:
            return self._records(lines)
        return map(self._under_variant, self._records(lines))

    def _under_variant(self, record: Record) -> Record:
        """The record's puzzle under the variant's rules."""
        return under_variant(record, self.variant)

    def _records(self, lines: Iterable[Line]) -> Iterator[Record]:
        """Every record in the lines, as read."""
        fast = self._fast if self.alphabet is None else lambda text: None
        for line in lines:
            if (line.source == self.source and self.grid is None and not self.sixteens and self.table is None
                    and self.listing is None and self.json_open is None and self.started and not self.skipping
                    and line.number != 1 and not line.error and self.drawn is None and self.clues is None
                    and not self.clues_below):
                puzzle = fast(line.text)  # the common case, a plain puzzle line, without the machinery
                if puzzle is not None:
                    yield Record(line.source, line.number, line.text, puzzle)
                    continue
            yield from self._feed(line)
        yield from self._close()

    def _feed(self, line: Line) -> Iterator[Record]:
        """Records completed (or broken) by one more line."""
        if line.source != self.source or line.number == 1:
            yield from self._close()
            self._start_source(line.source)
        if line.error:
            yield from self._close()
            yield Record(line.source, line.number, "", error=line.error)
            return
        if self.json_open is not None:
            yield from self._json_more(line)
            return
        if self.listing is not None:
            yield from self._list_more(line)
            return
        if self.table is not None:
            yield from self._table_line(line)
            return
        text = line.text.strip().lstrip("\ufeff")
        if self.drawn is not None or self.clues is not None or self.clues_below:
            taken = yield from self._held(line, text)
            if taken:
                return
        yield from self._text(line, text)

    def _text(self, line: Line, text: str) -> Iterator[Record]:
        """A line of text (stripped) outside JSON objects and CSV rows."""
        if not text:
            yield from self._blank()
            return
        if text[0] == "#":
            yield from self._close()
            return
        if self.skipping and section(text) is None:
            return
        yield from self._content(line, text)

    def _content(self, line: Line, text: str) -> Iterator[Record]:
        """A line with something on it."""
        name = section(text)
        if name is not None:
            yield from self._close()
            self.skipping = name not in READ_SECTIONS
            return
        first, self.started = not self.started, True
        if first and self.format in ("auto", "csv"):
            self.table = _table_header(text, self.format == "csv")
            if self.table is not None:
                if self.table.column is None:
                    yield from self._table_line(line)
                return
        if _maybe_link(text) and self.format != "jsonl":
            yield from self._close()
            yield self._link(line, text)
            return
        if self.format != "jsonl" and opens_list(text):
            yield from self._close()
            yield from self._list_start(line)
            return
        if text[0] == "{" or self.format == "jsonl":
            yield from self._close()
            record = self._json(line, text)
            if record is not None:
                yield record
            return
        if self.grid is None and not self.replaying and self.format in ("auto", "grid"):
            kind = drawn.opens(text)
            if kind is not None:
                clues, self.clues = self.clues, None
                yield from self._close()
                self.drawn = drawn.Block(kind, line, clues)
                return
        if self.grid is not None:
            yield from self._grid_line(line, text)
            return
        yield from self._outside(line, text)

    # ---- one line, not in a grid --------------------------------------------------------------

    def _outside(self, line: Line, text: str) -> Iterator[Record]:
        """A line outside any grid: a whole puzzle, a row that starts a grid, a rule, prose or an error."""
        if not self.sixteens:
            puzzle = self._fast(text)
            if puzzle is not None:
                yield Record(line.source, line.number, text, puzzle)
                return
        if is_rule(text):
            return
        whole = whole_puzzle(text, self.size)
        if whole is not None and _framed_pencil_row(text):
            whole = None  # the first row of a pencil-mark grid whose every cell is open, not a whole puzzle
        if whole is not None and self._maybe_sixteen_row(whole, text):
            yield from self._add_sixteen(line, whole.text)
            return
        yield from self._flush_sixteens()
        if whole is not None and not (self.format == "grid" and len(whole) == 16):
            yield self._whole_record(line, whole)
            return
        if drawn.is_clue_row(text) and not self.replaying and self.format in ("auto", "grid"):
            self.clues = line  # (read once the next line shows whether a drawn grid follows)
            return
        if is_count(text) or is_prose(text) and self.format != "line":
            self._skip(line, text)
            return
        if self.format != "line" and self._start_grid(line, text):
            return
        yield Record(line.source, line.number, text, error=self._size_message(cell_count(text)))

    def _size_message(self, count: int) -> str:
        """Which cell counts a line may have, instead of the `count` it has."""
        if self.size is None:
            return (f"{count} cells; expected a whole puzzle (16, 36, 81, 144, 256, 625, ... cells) or a grid row "
                    f"(4 to 35 cells)")
        return f"{count} cells, not the {self.size ** 2} of {self._expected_shape()}, nor a grid row of {self.size}"

    def _expected_shape(self) -> str:
        """'a 16x16 puzzle (--size 16)': the shape forced by an option, and the option."""
        return f"a {self.size}x{self.size} puzzle ({self.size_option})"

    def _skip(self, line: Line, text: str) -> None:
        """Note a line of text that is no puzzle (a title, a caption, a count), so that it can be told."""
        skipped = self.skipped.setdefault(line.source, Skipped(0, line.number, text))
        skipped.count += 1

    def _fast(self, text: str) -> Optional[Sudoku]:
        """The common case quickly: a line of exactly 36, 64 or 81 digits and blanks, nothing else."""
        known = _FAST_SIDES.get(len(text))
        if known is None or self.alphabet is not None or (self.size is not None and self.size != known[0].side):
            return None
        shape, alphabet, table = known
        if len(text) in SUKAKU_SIDES and sukaku_side(text, self.size):
            return None  # 64 characters in the slots of 4x4 candidates: a pencil-mark line (the careful path)
        try:
            values = tuple(map(table.__getitem__, text))
        except KeyError:
            return None  # the careful path says which symbol is wrong, and where
        blank = next((ch for ch in text if not table[ch]), ".")
        return plain_sudoku(shape, values, alphabet, blank)

    def _whole_record(self, line: Line, whole: Cells) -> Record:
        """A record from a puzzle written on one line, with the column of a bad symbol."""
        shape = Shape.of_side(self.size or _side_of(whole))
        text = whole.text or line.text.strip()
        try:
            puzzle = make_puzzle(whole.cells, shape, self.alphabet, whole.columns, whole.pencil)
        except PuzzleError as error:
            col = f"column {error.column}: " if error.column else ""
            return Record(line.source, line.number, text, error=f"{col}{error}")
        return Record(line.source, line.number, text if whole.text else puzzle.to_line(), puzzle)

    # ---- sixteen bare characters: a 4x4 puzzle or a 16x16 row ---------------------------------

    def _maybe_sixteen_row(self, whole: Cells, text: str) -> bool:
        """True for a bare line of 16 characters (or one with other fields after some such lines) while the
        layout is undecided (see _add_sixteen)."""
        return (len(whole) == 16 and (whole.text == text or bool(self.sixteens)) and self.size is None
                and self.format in ("auto", "grid") and not whole.pencil)

    def _add_sixteen(self, line: Line, text: str) -> Iterator[Record]:
        """Hold bare 16-character lines until 16 of them make a 16x16 grid (some symbol beyond 4 among them,
        or the layout forced to grids), or the run ends and they are 4x4 puzzles."""
        self.sixteens.append((line, text))
        if len(self.sixteens) == 16:
            if self.format == "grid" or not all(_fits_4x4(held) for _, held in self.sixteens):
                held, self.sixteens = self.sixteens, []
                grid = _Grid(held[0][0], Shape.of_side(16), False)
                grid.rows = [(plain_cells(held_text), held_line) for held_line, held_text in held]
                yield self._finish(grid)
            else:
                yield from self._flush_sixteens()

    def _flush_sixteens(self) -> Iterator[Record]:
        """A run of bare 16-character lines that did not make a 16x16 grid: each one a 4x4 puzzle, or an
        error that says what it could have been."""
        held, self.sixteens = self.sixteens, []
        for line, text in held:
            if self.format == "grid":
                yield Record(line.source, line.number, text, error=f"16x16 grid stops after {len(held)} of 16 rows")
                continue
            record = self._whole_record(line, whole_puzzle(text, 4))
            if record.error and len(held) > 1:
                record.error += f"; nor a 16x16 grid, which would need 16 such lines, not {len(held)}"
            yield record

    # ---- grids over several lines ---------------------------------------------------------------

    def _start_grid(self, line: Line, text: str) -> bool:
        """Start a grid if the line reads as its first row: numbers that fit the row (never candidate sets),
        pencil marks, other numbers or characters."""
        for row in (number_row(text), pencil_cells(text), numeric_cells(text), plain_cells(text)):
            if row is None or box_shape(len(row)) is None or (self.size is not None and len(row) != self.size):
                continue
            if not row.pencil and not all(len(cell) > 1 or cell in CELL_CHARS for cell in row.cells):
                continue
            self.grid = _Grid(line, Shape.of_side(len(row)), row.pencil, [(row, line)])
            return True
        return False

    def _grid_line(self, line: Line, text: str) -> Iterator[Record]:
        """One more line while a grid is open: a row, a rule, or the end of an unfinished grid."""
        grid = self.grid
        row = grid.row(text)
        if row is not None and not (grid.between_bands and is_rule(text)):
            grid.rows.append((row, line))
            if grid.complete:
                self.grid = None
                yield self._finish(grid)
            return
        if is_rule(text):
            return
        self.grid = None
        yield self._unfinished(grid, f" (line {line.number} has {cell_count(text)} cells, not {grid.shape.side})")
        yield from self._outside(line, text)

    def _blank(self) -> Iterator[Record]:
        """A blank line: between bands it keeps a grid open, anywhere else it ends one."""
        if self.grid is not None and self.grid.between_bands:
            return
        if self.sixteens and len(self.sixteens) % 4 == 0 and not all(_fits_4x4(text) for _, text in self.sixteens):
            return
        yield from self._close()

    def _finish(self, grid: _Grid) -> Record:
        """Parse a complete grid, reporting a bad symbol at its own line and column."""
        cells = [cell for row, _ in grid.rows for cell in row.cells]
        first = grid.first
        try:
            alphabet = self.alphabet or alphabet_for(cells, grid.shape.side, grid.pencil)
            check = read_candidates if grid.pencil else read_values
            for row, line in grid.rows:
                try:
                    check(row.cells, alphabet, grid.shape.name, row.columns)
                except PuzzleError as error:
                    col = f", column {error.column}" if error.column else ""
                    raise PuzzleError(f"line {line.number}{col}: {error}") from None
            puzzle = make_puzzle(cells, grid.shape, alphabet, pencil=grid.pencil)
        except PuzzleError as error:
            return Record(first.source, first.number, grid.text(), error=str(error))
        return Record(first.source, first.number, puzzle.to_line(), puzzle)

    def _unfinished(self, grid: _Grid, why: str = "") -> Record:
        """The grid stopped before its last row."""
        return Record(grid.first.source, grid.first.number, grid.text(),
                      error=f"grid stops after {len(grid.rows)} of {grid.shape.side} rows{why}")

    def _close(self) -> Iterator[Record]:
        """End whatever is open: a drawn block, held 16-character lines, a grid, a CSV row."""
        yield from self._close_drawn()
        yield from self._flush_sixteens()
        if self.grid is not None:
            grid, self.grid = self.grid, None
            yield self._unfinished(grid)
        if self.table is not None and self.table.held:
            held, self.table.held = self.table.held, []
            yield Record(held[0].source, held[0].number, held[0].text, error="quoted field never closed")
        if self.json_open is not None:
            first, _ = self.json_open
            self.json_open = None
            yield Record(first.source, first.number, first.text, error="JSON object never closed")
        if self.listing is not None:
            listing, self.listing = self.listing, None
            yield from self._list_unclosed(listing)

    # ---- boards written as a list of lists --------------------------------------------------------

    def _list_start(self, line: Line) -> Iterator[Record]:
        """A line that opens a list: the record, if it closes on this line."""
        self.listing = ListText(line)
        yield from self._list_end()

    def _list_more(self, line: Line) -> Iterator[Record]:
        """One more line while a list is open: part of it, or (no part of any list) the end of an unclosed one."""
        listing = self.listing
        if line.error or not listing.add(line):
            self.listing = None
            yield from self._list_unclosed(listing, line.number)
            yield from self._feed(line)
            return
        yield from self._list_end()

    def _list_end(self) -> Iterator[Record]:
        """The record of the list once its brackets have closed."""
        listing = self.listing
        if listing.too_long:
            self.listing = None
            yield from self._list_unclosed(listing)
        elif listing.closed:
            self.listing = None
            yield self._list_record(listing)

    def _list_record(self, listing: ListText) -> Record:
        """The puzzle a closed list holds, or what is wrong with it, where."""
        first = listing.first
        try:
            board = read_board(listing)
            if self.size is not None and board.side != self.size:
                raise PuzzleError(f"a {board.side}x{board.side} board, not {self._expected_shape()}")
            alphabet = self.alphabet or (numeric_alphabet(board.side) if board.numeric and board.side >= 10 else None)
            puzzle = board.puzzle(alphabet)
        except PuzzleError as error:
            return Record(first.source, first.number, listing.text(), error=str(error))
        return Record(first.source, first.number, puzzle.to_line(), puzzle)

    def _list_unclosed(self, listing: ListText, stop: Optional[int] = None) -> Iterator[Record]:
        """A list whose brackets never closed (or a lone 'board =' with no list after it)."""
        first = listing.first
        if not listing.opened:
            text = first.text.strip()
            if is_prose(text):
                self._skip(first, text)
            else:
                yield Record(first.source, first.number, text, error=f"{text!r} is not followed by a list")
            return
        where = f" (line {stop} is not part of it)" if stop else ""
        yield Record(first.source, first.number, listing.text(), error=f"the list's '[' is never closed{where}")

    # ---- grids puzzlesat drew (sudoku/drawn.py) ------------------------------------------------

    def _held(self, line: Line, text: str) -> Iterator[Record]:
        """One more line while a drawn block, a line of numbers or a drawn grid's clues are held: the records it
        completes; returns True when the line was taken (part of the block, or the clues under a grid)."""
        if self.clues_below:
            self.clues_below = False
            if drawn.is_clue_row(text):
                self._skip(line, text)
                return True
            return False
        if self.drawn is not None:
            if self.drawn.add(line, text):
                if self.drawn.complete:
                    yield from self._close_drawn()
                return True
            yield from self._close_drawn()  # it ended before its bottom border: read the ordinary way
            return False
        if drawn.opens(text) is None:
            yield from self._close_drawn()  # the numbers held were no grid's clues: read them as they are
        return False

    def _close_drawn(self) -> Iterator[Record]:
        """Read what is held: a drawn block (its grids, or its lines the ordinary way) and a line of clues."""
        block, self.drawn = self.drawn, None
        held = self.clues if block is None else block.clues
        self.clues = None
        grids = block.read() if block is not None else []
        if held is not None and not any(isinstance(found, drawn.Read) and found.margin for found in grids):
            yield from self._replay([held])
            if block is not None:
                yield from self._close()  # (what the numbers began ends where the block begins)
        elif held is not None:
            self._skip(held, held.text.strip())
        for found in grids:
            if isinstance(found, drawn.Plain):
                yield from self._replay(found.lines)
                yield from self._close()
                continue
            self.clues_below = found.margin
            yield self._drawn_record(found)

    def _drawn_record(self, found: "drawn.Read") -> Record:
        """The record of a grid read from a drawing: its digits (or candidates), in its irregular regions if the
        heavy walls draw some."""
        first = found.rows[0][1]
        if found.error:
            return Record(first.source, first.number, "\n".join(line.text.strip() for _, line in found.rows),
                          error=found.error)
        record = self._finish(_Grid(first, found.shape, found.pencil, list(found.rows)))
        if found.regions is not None and record.puzzle is not None:
            record.puzzle = Sudoku.of(record.puzzle, regions=found.regions, published=True)
        return record

    def _replay(self, lines: list) -> Iterator[Record]:
        """Lines read the ordinary way (no drawn block opens, no clues held)."""
        self.replaying = True
        try:
            for line in lines:
                yield from self._text(line, line.text.strip().lstrip("\ufeff"))
        finally:
            self.replaying = False

    # ---- CSV and JSON Lines -------------------------------------------------------------------

    def _table_line(self, line: Line) -> Iterator[Record]:
        """One line of a CSV source: a row, or part of one whose quoted field spans lines."""
        table = self.table
        table.held.append(line)
        text = "\n".join(held.text for held in table.held)
        if text.count('"') % 2:
            return  # a quoted field goes on on the next line
        first, table.held = table.held[0], []
        if not text.strip() or text.lstrip().startswith("#"):
            return
        try:
            fields = _fields(text, table.delimiter)
        except ValueError as error:
            yield Record(first.source, first.number, text, error=f"not a CSV row ({error})")
            return
        if table.column is not None:
            if table.column >= len(fields):
                yield Record(first.source, first.number, text, error=f"{len(fields)} fields; the puzzle is field {table.column + 1}")
                return
            value = fields[table.column].strip()
            whole = whole_puzzle(value, self.size)
        else:
            value = text
            whole = next(filter(None, (whole_puzzle(f.strip(), self.size) for f in fields)), None)
        header, table.header_open = table.header_open, False
        if whole is None and not header:
            yield Record(first.source, first.number, value, error=f"no puzzle in this row ({self._size_message(cell_count(value))})")
        if whole is None:
            return
        whole.text = whole.text or value
        yield self._whole_record(first, whole)

    def _json(self, line: Line, text: str) -> Optional[Record]:
        """A JSON Lines record: its "puzzle" field; None when the line opens an object that goes on over the
        next lines (an f-puzzles file written out with indentation), which are then gathered."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            if error.pos >= len(text.rstrip()) and self.format != "jsonl":
                self.json_open = (line, [text])
                return None
            if _zipped_sudokupad(text):  # SudokuPad's own object ({id:'...',ce:[...]}), as its API returns it
                return self._link(line, text)
            return Record(line.source, line.number, text, error=f"not a JSON record ({error})")
        return self._json_record(line, text, data)

    def _json_more(self, line: Line) -> Iterator[Record]:
        """One more line of a JSON object over several lines: the record once it closes."""
        first, texts = self.json_open
        texts.append(line.text)
        whole = "\n".join(texts)
        try:
            data = json.loads(whole)
        except json.JSONDecodeError as error:
            if error.pos < len(whole.rstrip()) or len(whole) > MAX_JSON:
                self.json_open = None
                yield Record(first.source, first.number, first.text, error=f"not a JSON object ({error})")
                if len(texts) > 1 and error.pos >= len("\n".join(texts[:-1])):
                    yield from self._feed(line)  # the line that broke it is read for itself: nothing is lost
            return
        self.json_open = None
        yield self._json_record(first, whole, data)

    def _json_record(self, line: Line, text: str, data) -> Record:
        """The record a parsed JSON value holds: a JSON Lines record's "puzzle", or an f-puzzles puzzle."""
        if isinstance(data, dict) and "grid" in data and "size" in data:
            return self._link(line, text)  # an f-puzzles puzzle on one line
        value = data.get("puzzle") if isinstance(data, dict) else None
        if not isinstance(value, str):
            return Record(line.source, line.number, text, error='JSON record without a "puzzle" string')
        if _maybe_link(value):
            return self._link(line, value.strip())
        whole = whole_puzzle(value.strip(), self.size)
        if whole is None:
            return Record(line.source, line.number, value, error=f'"puzzle" holds {self._size_message(cell_count(value))}')
        whole.text = whole.text or value.strip()
        return self._whole_record(line, whole)


    def _link(self, line: Line, text: str) -> Record:
        """A setter's puzzle: an f-puzzles or SudokuPad link, payload or f-puzzles JSON."""
        from puzzlesat.sudoku.reading.links import read_link

        try:
            puzzle = read_link(text, self.offline)
        except PuzzleError as error:
            return Record(line.source, line.number, text, error=str(error))
        return Record(line.source, line.number, text, puzzle)


def _zipped_sudokupad(text: str) -> bool:
    """True for SudokuPad's zipped puzzle object: unquoted keys, its cells under 'ce'."""
    return re.match(r"\{\s*\w+\s*:", text) is not None and re.search(r"[{,]\s*ce\s*:\s*\[", text[:5000]) is not None


def _maybe_link(text: str) -> bool:
    """True when a line may hold a link or payload for puzzlesat.sudoku.reading.links (imported only then)."""
    if not text.startswith(LINK_STARTS) and "f-puzzles.com" not in text and "sudokupad" not in text:
        return False
    if is_status_line(text):
        return False  # ours, about a file whose name says sudokupad
    from puzzlesat.sudoku.reading.links import looks_like_link

    return looks_like_link(text)


def _framed_pencil_row(text: str) -> bool:
    """A row of candidate sets between frame bars, as HoDoKu and SE draw them ('| 123456789 1234 ... |')."""
    return text[0] in "|!" and text[-1] in "|!" and pencil_cells(text) is not None


def _side_of(whole: Cells) -> int:
    """The side of a whole puzzle's cells."""
    return isqrt(len(whole))


def _fits_4x4(text: str) -> bool:
    """True when a bare 16-character line reads as a 4x4 puzzle."""
    try:
        make_puzzle(list(text), Shape.of_side(4))
    except PuzzleError:
        return False
    return True


def under_variant(record: Record, variant: "Variant") -> Record:
    """The record with its puzzle under the variant's rules, unless it brings its own ('invalid' when they do not
    fit it)."""
    puzzle = record.puzzle
    if puzzle is None or puzzle.published:
        return record
    try:
        record.puzzle = variant.applied_to(puzzle)
    except VariantError as error:
        record.puzzle, record.error = None, str(error)
    return record


def read_text(text: str, size: Optional[int] = None, alphabet: Optional[str] = None,
              input_format: str = "auto") -> Iterator[Record]:
    """Records from an in-memory string."""
    return Reader(size, alphabet, input_format).records(read_text_lines(text))


def parse(text: str, alphabet: Optional[str] = None) -> Sudoku:
    """Read one puzzle written in any layout the reader knows (one line, a grid, pencil marks, a link, ...),
    with the rules a link brings.

    Raises PuzzleError when the text holds no puzzle, several, or one that cannot be read.
    """
    records = list(read_text(text, alphabet=alphabet))
    if len(records) != 1:
        raise PuzzleError(f"expected one puzzle, found {len(records)}")
    record = records[0]
    if record.error:
        raise PuzzleError(record.error)
    return record.puzzle

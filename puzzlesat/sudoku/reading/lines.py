"""What one line of a puzzle file can hold: a rule between bands, a section header, prose, a whole puzzle
(perhaps among other fields, such as a rating), or the cells of one grid row.

A row is read three ways, and the reader picks the one that fits its grid: every character that is not a
separator (`plain`), numbers apart by spaces (`numeric`, '10 . 3 16'), or one candidate set per cell
(`pencil`, '| 5 1379 139 | ...', as HoDoKu and Sudoku Explainer print pencil marks). Numbers that all fit the
row's count ('9 3 0 0 6 0 5 0 0 0 16 0 0 2 14 0') are `number_cells`, never candidate sets nor digits.
"""

from __future__ import annotations

import re
from typing import List, Optional

from puzzlesat.sudoku.reading.alphabets import BLANKS, LETTERS, ZERO_BASED
from puzzlesat.sudoku.model.grid import SYMBOLS, box_shape, supported_sides

BOX_DRAWING = frozenset(map(chr, range(0x2500, 0x2580)))
STROKES = frozenset("-=~") | frozenset("─━═┄┅┈┉╌╍")  # characters that draw a horizontal rule
RULE_CHARS = frozenset("-=~_+|!:.'*`¦ \t") | BOX_DRAWING
SEPARATORS = frozenset("|!:+¦,; \t") | BOX_DRAWING  # between the cells of a row
CELL_CHARS = frozenset(SYMBOLS + SYMBOLS.lower() + BLANKS + BLANKS.upper())
FIELD = re.compile(r"[^\s,;:#\"']+")  # a field of a line: fields are apart by white space , ; : # or quotes
WHOLE_SIDES = {side * side: side for side in supported_sides()}
SUKAKU_SIDES = {side ** 3: side for side in supported_sides()}  # 64 and 729 are also squares: see _sukaku_side
SUKAKU_9 = frozenset("123456789.0")
TOKEN = re.compile(r"[^|!:+¦,;\s\u2500-\u257f]+")  # a cell's text in a row whose cells are apart
NUMBER_TOKEN = re.compile(r"\d+|[._*-]")
OUR_STATUS_WORDS = frozenset({"solved", "multiple", "unsat", "invalid", "timeout", "no step"})
CELL_NAME = re.compile(r"r\d+c\d+")
PATH_MARKS = frozenset("→()◇=-, ")
OUR_STATUS_LINE = re.compile(r".+:\d+  (solved|multiple|unsat|invalid|timeout|explanation|hint:)")


class Cells:
    """The cells a line (or part of it) holds: one string per cell, the column where each starts, and
    whether they are candidate sets (pencil marks) rather than single symbols."""

    __slots__ = ("cells", "columns", "pencil", "text")

    def __init__(self, cells: List[str], columns: List[int], pencil: bool = False, text: str = ""):
        self.cells, self.columns, self.pencil = cells, columns, pencil
        self.text = text  # the puzzle as written, when the line holds a whole one among other fields

    def __len__(self) -> int:
        return len(self.cells)


def is_rule(text: str) -> bool:
    """A line that only draws a rule between bands, such as '+-------+' or ':-------+-------:'."""
    return not RULE_CHARS.isdisjoint(text) and set(text) <= RULE_CHARS and not STROKES.isdisjoint(text)


def is_count(text: str) -> bool:
    """A line holding one number of one or two digits: a size or count header ('25' above a 25x25 grid)."""
    return len(text) <= 2 and text.isdigit()


def section(text: str) -> Optional[str]:
    """The name of a section header such as '[Puzzle]' (lower case), or None."""
    if len(text) > 2 and text[0] == "[" and text[-1] == "]" and text[1:-1].strip().isalpha():
        return text[1:-1].strip().lower()
    return None


def is_cell_path(text: str) -> bool:
    """Cell names and the marks between them, as a legend writes a line's path: '(r4c5)→r2c3→r2c4', 'r1c1 r1c2 = '."""
    return CELL_NAME.search(text) is not None and set(CELL_NAME.sub("", text)) <= PATH_MARKS


def is_status_line(text: str) -> bool:
    """Our own status line: 'puzzles.txt:3  solved, unique', '<stdin>:1  hint: ...' (whatever the file is named)."""
    return OUR_STATUS_LINE.match(text) is not None


def is_prose(text: str) -> bool:
    """A title, caption or status line ('Grid 01', 'Puzzle 3 (hard)', our own 'file:5  solved, unique'):
    it has words in lower case and its first field does not look like a puzzle; or the rest of a legend's path
    ('r5c3→r2c6→(r4c8)')."""
    if text in OUR_STATUS_WORDS or is_cell_path(text):
        return True
    if not re.search(r"[A-Za-z]{3,}", text) or not re.search(r"[a-wyz]{2}", text):
        return False
    first = FIELD.search(text)
    return first is None or not _looks_like_cells(first.group())


def _looks_like_cells(field: str) -> bool:
    """Long and nearly all symbols or blanks: a puzzle, perhaps a broken one."""
    if len(field) < 16:
        return False
    cellish = sum(1 for ch in field if ch.isdigit() or ch.isupper() or ch in BLANKS or ch in SEPARATORS)
    return cellish >= 0.9 * len(field)


def whole_puzzle(text: str, size: Optional[int] = None) -> Optional[Cells]:
    """The puzzle if the line holds a whole one: as a field of its own (the longest that is one), or, in the
    line or its part before a tab, ';' or '#', as every character that is not a separator or as numbers."""
    found = _puzzle_field(text, size)
    if found is not None:
        return found
    for part in [text] + [text.split(mark, 1)[0] for mark in "\t;#" if mark in text]:
        numbers = number_cells(part)
        if numbers is not None:
            if (_whole_side(len(numbers), size) or 0) >= 10:
                return numbers
            continue  # a row of numbers: one cell per number, never one per digit ('1 6 20 14 ...')
        plain = plain_cells(part)
        if len(plain) == 16 and size is None:
            continue  # sixteen cells apart by separators: a row of a 16x16 grid
        if _whole_side(len(plain), size) and (all(ch in CELL_CHARS for ch in plain.cells) or not is_prose(part)):
            return plain  # (an odd symbol is then reported where it stands)
        numeric = numeric_cells(part)
        if numeric is not None and (_whole_side(len(numeric), size) or 0) >= 10:
            return numeric  # (fewer numbers are a row: a number of two digits needs a side of 10 or more)
    return None


def _whole_side(count: int, size: Optional[int]) -> Optional[int]:
    """The side of a whole puzzle of `count` cells (the forced size, if any)."""
    side = WHOLE_SIDES.get(count)
    return side if size is None or side == size else None


def _puzzle_field(text: str, size: Optional[int]) -> Optional[Cells]:
    """The longest field that is a whole puzzle (or a line of pencil marks, side**3 characters)."""
    best = None
    for match in FIELD.finditer(text):
        field = match.group()
        length = len(field)
        if best is not None and length <= len(best.group()):
            continue
        if (_whole_side(length, size) or sukaku_side(field, size)) and all(ch in CELL_CHARS for ch in field):
            best = match
    if best is None:
        return None
    field, start = best.group(), best.start() + 1
    side = sukaku_side(field, size)
    if side:
        cells = [field[i:i + side] for i in range(0, len(field), side)]
        candidates = ["".join(ch for ch in cell if ch not in BLANKS) for cell in cells]
        return Cells(candidates, list(range(start, start + len(field), side)), True, field)
    return Cells(list(field), list(range(start, start + len(field))), False, field)


def sukaku_side(field: str, size: Optional[int]) -> Optional[int]:
    """The side of a one-line pencil-mark grid (729 characters, 9 per cell, for 9x9), or None."""
    side = SUKAKU_SIDES.get(len(field))
    if side is None or (size is not None and side != size):
        return None
    if side == 9 and not set(field) <= SUKAKU_9:
        return None  # 729 cells of other symbols: a 27x27 puzzle
    if len(field) in WHOLE_SIDES and side != 9 and not _slotted(field, side):
        return None  # 64 cells that are not 4x4 candidates each in its digit's slot: an 8x8 puzzle
    return side


def _slotted(field: str, side: int) -> bool:
    """True when every character is a blank or the digit of its slot (the i-th of each cell's `side` slots is
    digit i + 1), as a pencil-mark line writes them; a puzzle of as many cells almost never is."""
    return all(ch in BLANKS or ch == SYMBOLS[i % side] for i, ch in enumerate(field))


def plain_cells(text: str) -> Cells:
    """Every character of the line that is not a separator, each one cell."""
    kept = [(ch, column) for column, ch in enumerate(text, 1) if ch not in SEPARATORS]
    return Cells([ch for ch, _ in kept], [column for _, column in kept])


def _tokens(text: str) -> list:
    """(token, column) for the runs of characters between separators."""
    return [(m.group(), m.start() + 1) for m in TOKEN.finditer(text)]


def cell_count(text: str) -> int:
    """How many cells a line holds, for messages: its numbers when it is numbers apart by spaces, else its symbols."""
    numbers = numeric_cells(text, strict=False)
    return len(numbers) if numbers is not None else len(plain_cells(text))


def number_cells(text: str) -> Optional[Cells]:
    """Numbers apart by spaces, one of them of two digits and none beyond how many there are: values, one cell
    each ('9 3 0 0 6 0 5 0 0 0 16 0 0 2 14 0'), never digits run together ('530 070 000 ...') nor candidate sets
    ('16' is not the candidates 1 and 6: a pencil-mark row has some set beyond the count, '78' in a 9x9 row)."""
    numbers = numeric_cells(text)
    if numbers is None or any(cell.isdigit() and int(cell) > len(numbers) for cell in numbers.cells):
        return None
    return numbers


def number_row(text: str) -> Optional[Cells]:
    """A grid row written as numbers (see number_cells), or None."""
    numbers = number_cells(text)
    return numbers if numbers is not None and box_shape(len(numbers)) is not None else None


def numeric_cells(text: str, strict: bool = True) -> Optional[Cells]:
    """Cells written as numbers apart by spaces ('10 . 3 16'), or None; `strict` wants at least one number
    of two digits (else the row is as well read character by character)."""
    tokens = _tokens(text)
    if len(tokens) < 4 or not all(NUMBER_TOKEN.fullmatch(token) for token, _ in tokens):
        return None
    if strict and not any(len(token) > 1 and token.isdigit() for token, _ in tokens):
        return None
    return Cells([token for token, _ in tokens], [column for _, column in tokens])


def pencil_cells(text: str, side: Optional[int] = None) -> Optional[Cells]:
    """One candidate set per cell ('5 1379 139 | 39 4 ...'), or None; without `side` the row must have a
    supported number of cells, at least one with several candidates, all of them possible for that side."""
    tokens = _tokens(text)
    count = len(tokens)
    if side is not None and count != side:
        return None
    if side is None and (box_shape(count) is None or not any(len(token) > 1 for token, _ in tokens)):
        return None
    symbols = _possible_symbols(count)
    for token, _ in tokens:
        if len(token) > 1 and (len(set(token.upper())) != len(token) or not set(token.upper()) <= symbols):
            return None
        if len(token) == 1 and token.upper() not in symbols and token not in BLANKS:
            return None
    return Cells([token for token, _ in tokens], [column for _, column in tokens], True)


def _possible_symbols(side: int) -> frozenset:
    """Every symbol of any alphabet a grid of this side may be written in."""
    return frozenset(SYMBOLS[:side] + LETTERS[:side] + (ZERO_BASED[:side] if side >= 10 else ""))

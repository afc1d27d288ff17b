"""Reading symbols: which characters are blanks, which alphabet a grid is written in, cells into a Puzzle.

Blanks are '.', '0', '_', '-', '*', 'x' and '·' (any of them that the alphabet does not use as a symbol).
A grid of side 10 or more may be written in one of three alphabets, told apart by the symbols it uses:

>>> guess_alphabet("1...G..0..A", 16), guess_alphabet("0..3.F....A", 16), guess_alphabet("A..P..B", 16)
('123456789ABCDEFG', '0123456789ABCDEF', 'ABCDEFGHIJKLMNOP')

'0' counts as a symbol only when the last symbol of 1-9A-G is absent and something else marks the blanks (or
the grid is full, every symbol of 0-F in it `side` times); a grid mixing digits with letters past G fits
none and is refused where the odd symbol stands, never read into the wrong values.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Iterable, Optional, Sequence, Union

from puzzlesat.errors import PuzzleError
from puzzlesat.sudoku.model.grid import SYMBOLS, Shape, box_shape, default_alphabet, supported_sides
from puzzlesat.sudoku.model.sudoku import Sudoku

BLANKS = ".0_-*x·"
SURE_BLANKS = frozenset(".-_*·")  # never a symbol of a guessed alphabet
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ZERO_BASED = "0123456789" + LETTERS

Alphabet = Union[str, tuple]


def numeric_alphabet(side: int) -> tuple:
    """Values written as numbers: ('1', '2', ..., str(side))."""
    return tuple(str(value) for value in range(1, side + 1))


def checked_alphabet(alphabet: str) -> str:
    """A custom alphabet in upper case; PuzzleError when it repeats a symbol or no Sudoku has that many values."""
    upper = alphabet.upper()
    if len(set(upper)) != len(upper):
        raise PuzzleError(f"alphabet {alphabet!r} repeats a symbol")
    if box_shape(len(upper)) is None:
        sides = ", ".join(map(str, supported_sides()))
        raise PuzzleError(f"alphabet {alphabet!r} has {len(upper)} symbols, one per value, and no Sudoku has "
                          f"{len(upper)} values (sides {sides})")
    return upper


def describe(alphabet: Alphabet) -> str:
    """'1-9A-G', '0-9A-F', 'A-P', 'numbers 1-25' or the symbols themselves, for messages."""
    if not isinstance(alphabet, str):
        return f"numbers 1-{len(alphabet)}"
    for base in (SYMBOLS, ZERO_BASED, LETTERS):
        if base.startswith(alphabet) and len(alphabet) > 2:
            digits = [ch for ch in alphabet if ch.isdigit()]
            letters = [ch for ch in alphabet if ch.isalpha()]
            parts = [f"{d[0]}-{d[-1]}" for d in (digits, letters) if d]
            return "".join(parts)
    return alphabet


@lru_cache(maxsize=64)
def symbol_table(alphabet: Alphabet) -> dict:
    """Map every accepted character or number (both cases, blanks) to its value, 0 for blank."""
    table = {ch: 0 for ch in BLANKS + BLANKS.upper() if ch not in alphabet and ch.upper() not in alphabet}
    for value, symbol in enumerate(alphabet, 1):
        table[symbol] = value
        table[symbol.lower()] = value
    return table


def guess_alphabet(symbols: Iterable[str], side: int) -> Alphabet:
    """The alphabet a grid's characters are written in (see the module's description); the default
    one when nothing tells, and a refused symbol is then reported by read_values."""
    counts = Counter(ch.upper() for ch in symbols)
    present = set(counts) - SURE_BLANKS
    default = default_alphabet(side)
    if not present & set("123456789"):
        letters = LETTERS[:side]
        given = present - {"0"} - ({"X"} - set(letters))
        return letters if given else default
    zero_based = ZERO_BASED[:side]
    if side >= 10 and "0" in present and default[-1] not in present and present - {"X"} <= set(zero_based):
        marked = bool(set(counts) & SURE_BLANKS) or "X" in counts
        if marked or all(counts[symbol] == side for symbol in zero_based):
            return zero_based
    return default


def blank_of(symbols: Iterable[str], alphabet: Alphabet) -> str:
    """The first blank character used, or '.'."""
    table = symbol_table(alphabet)
    return next((ch for ch in symbols if table.get(ch) == 0), ".")


def read_values(cells: Sequence[str], alphabet: Alphabet, shape_name: str,
                columns: Optional[Sequence[int]] = None) -> list:
    """The value of each cell (0 for blank); PuzzleError naming the column of a symbol the alphabet lacks."""
    table = symbol_table(alphabet)
    try:
        return [table[ch] for ch in cells]
    except KeyError:
        pass
    for index, ch in enumerate(cells):
        if ch not in table:
            column = columns[index] if columns else index + 1
            blanks = " ".join(blank for blank in BLANKS if table.get(blank) == 0)
            raise PuzzleError(f"unknown symbol {ch!r} for a {shape_name} puzzle "
                              f"(symbols {describe(alphabet)}, blank {blanks})", column)
    raise AssertionError("unreachable")


def read_candidates(cells: Sequence[str], alphabet: Alphabet, shape_name: str,
                    columns: Optional[Sequence[int]] = None) -> list:
    """The candidate mask of each pencil-mark cell: its symbols ('' none; a blank alone, every value)."""
    table, full = symbol_table(alphabet), (1 << len(alphabet)) - 1
    masks = []
    for index, cell in enumerate(cells):
        mask = 0
        for ch in cell:
            value = table.get(ch)
            if value is None:
                column = columns[index] if columns else index + 1
                raise PuzzleError(f"unknown candidate {ch!r} for a {shape_name} puzzle "
                                  f"(symbols {describe(alphabet)})", column)
            mask |= (1 << (value - 1)) if value else 0
        masks.append(full if len(cell) == 1 and not mask else mask)
    return masks


def alphabet_for(cells: Sequence[str], side: int, pencil: bool = False) -> Alphabet:
    """The alphabet cells are written in: numbers when some cell is a number of two digits, else guessed."""
    if not pencil and any(len(cell) > 1 for cell in cells):
        return numeric_alphabet(side)
    if pencil and side >= 10 and any(len(cell) > 1 and "0" in cell for cell in cells):
        return ZERO_BASED[:side]  # 0 among a cell's candidates is a digit, never a blank
    return guess_alphabet("".join(cells) if pencil else cells, side)


def make_puzzle(cells: Sequence[str], shape: Shape, alphabet: Optional[Alphabet] = None,
                columns: Optional[Sequence[int]] = None, pencil: bool = False) -> Sudoku:
    """A classic Sudoku from one string per cell: a symbol or blank, a number ('16') when every cell is a number or
    blank, or with `pencil` the cell's candidates ('1379', '' for none); the alphabet is guessed unless given."""
    if alphabet is None:
        alphabet = alphabet_for(cells, shape.side, pencil)
    elif len(alphabet) != shape.side:
        raise PuzzleError(f"alphabet {''.join(alphabet)!r} has {len(alphabet)} symbols; "
                          f"a {shape.name} puzzle needs {shape.side}")
    if not pencil:
        values = read_values(cells, alphabet, shape.name, columns)
        return Sudoku(shape, tuple(values), alphabet, _blank(cells, alphabet))
    masks = read_candidates(cells, alphabet, shape.name, columns)
    values = tuple(mask.bit_length() if mask and not mask & (mask - 1) else 0 for mask in masks)
    return Sudoku(shape, values, alphabet, ".", tuple(masks))


def _blank(cells: Sequence[str], alphabet: Alphabet) -> str:
    """The blank character to write the puzzle back with: the first one used, '.' for numbers."""
    return "." if not isinstance(alphabet, str) else blank_of(cells, alphabet)

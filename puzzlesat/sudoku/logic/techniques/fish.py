"""Basic fish: a digit whose places in n lines all lie in n crossing lines leaves the rest of those crossing lines
(X-Wing for n = 2, Swordfish for 3, Jellyfish for 4).

Follows Sukaku Explainer's Fisherman and LockingHint. SE makes two passes: columns as base lines (rows cover),
then rows as base lines (columns cover). In each pass it tries the n-line sets in the order of its Permutations
(increasing bit masks over the line indexes: {0,1}, {0,2}, {1,2}, {0,3}, ...), and for each set the digits from
1 up, skipping a digit placed more than side - 2n times. Every base line must hold the digit in at least two
places, and all of them together in n crossing lines. The digit goes from the other cells of those crossing
lines. A fish counts only when it removes something. Difficulties 3.2, 3.8 and 5.2; SE names the n = 2 fish
"X-Wing" (its "Block X-Wing" needs a block as a line, which Fisherman never uses).

SE's order is rebuilt by sorting the (rare) fish of a pass by (base lines as a bit mask, digit).
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterator

from puzzlesat.sudoku.logic.candidates import CandidateGrid, Layout, per_layout
from puzzlesat.sudoku.logic.steps import Step
from puzzlesat.sudoku.logic.techniques.intersections import cells_of
from puzzlesat.sudoku.logic.techniques.singles import region_tables

FISH = {2: ("X-Wing", 3.2), 3: ("Swordfish", 3.8), 4: ("Jellyfish", 5.2)}


@per_layout
def line_positions(lay: Layout) -> tuple:
    """Per cell: (row number, position in its row, column number, position in its column); built once per
    layout."""
    tables = region_tables(lay)
    where = [[0, 0, 0, 0] for _ in lay.peers]
    for slot, lines in ((0, tables.rows), (2, tables.columns)):
        for number, line in enumerate(lines):
            for position, cell in enumerate(line.cells):
                where[cell][slot], where[cell][slot + 1] = number, position
    return tuple(tuple(w) for w in where)


def basic_fish(board: CandidateGrid, size: int = 2, **_) -> Iterator[Step]:
    """X-Wings (size 2), Swordfish (3) or Jellyfish (4) that remove something, in SE's order."""
    tables = region_tables(board.layout)
    side, rows, columns = tables.side, tables.rows, tables.columns
    if len(rows) != side or len(columns) != side:
        return
    name, difficulty = FISH[size]
    placed = [0] * side
    for value in board.values:
        if value:
            placed[value - 1] += 1
    where = board.places
    positions = line_positions(board.layout)
    by_row, by_column = [], []  # per digit: the digit's places in each row (column) as position masks
    for digit in range(side):
        in_rows, in_columns = [0] * side, [0] * side
        if placed[digit] + 2 * size <= side:
            for cell in cells_of(where[digit]):
                row, in_row, column, in_column = positions[cell]
                in_rows[row] |= 1 << in_row
                in_columns[column] |= 1 << in_column
        by_row.append(in_rows)
        by_column.append(in_columns)
    for bases, covers, places_of in ((columns, rows, by_column), (rows, columns, by_row)):
        found = []
        for digit in range(side):
            if placed[digit] + 2 * size > side:
                continue
            lines = places_of[digit]
            eligible = [n for n, mask in enumerate(lines) if mask & (mask - 1) and mask.bit_count() <= size]
            for chosen in combinations(eligible, size):
                crossing = 0
                for n in chosen:
                    crossing |= lines[n]
                if crossing.bit_count() != size:
                    continue
                base_mask = cover_mask = 0
                for n in chosen:
                    base_mask |= bases[n].mask
                for n in range(side):
                    if crossing >> n & 1:
                        cover_mask |= covers[n].mask
                removed = where[digit] & cover_mask & ~base_mask
                if removed:
                    found.append((sum(1 << n for n in chosen), digit + 1, where[digit] & base_mask, removed))
        found.sort()
        for _key, digit, pattern, removed in found:
            yield Step(name, difficulty, eliminations=tuple((cell, digit) for cell in cells_of(removed)),
                       cells=cells_of(pattern), digits=(digit,))

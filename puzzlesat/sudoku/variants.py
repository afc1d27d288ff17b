"""Sudoku variants as Rules: extra groups, replacement regions and killer cages.

Most variants are just more "no symbol twice" groups, which the encoder takes as they come:
  diagonal     the two main diagonals (X-Sudoku)
  windoku      four extra boxes (9x9; in general the boxes one cell in from each box corner)
  anti-king    no equal symbols a king's move apart (diagonal neighbours; pairs as groups)
  anti-knight  no equal symbols a knight's move apart (pairs as groups)
  jigsaw       irregular regions, read from a region map, replace the boxes
  killer       cages with sums, read from a cage file; a cage never repeats a digit

Killer cage sums in CNF: for a cage of k cells and total T we enumerate the k-digit sets
with sum T. A digit in no set is forbidden in the cage (unit clauses); a digit in every set
must appear (one clause). For the rest, p(d) <-> "some cell of the cage holds d", and one
selector per allowed set: at least one selector, and a selector forces p(d) on for its digits
and off for the others. Since the cage's cells hold distinct digits, exactly one set is then
realised. Enumeration stays small (at most C(9, 4) = 126 sets for 9x9) and unit propagation
sees the classic "cage combinations" directly; a pseudo-Boolean sum encoding would need more
auxiliary variables and propagates less.

File formats (both allow '#' comments and blank lines):
  region map  one line per row, one label per cell (any characters but spaces, | and +), or
              all side*side labels on one line; each label names one region of side cells.
  cages       one cage per line: its sum, then its cells as rRcC (1-based), e.g. "15 r1c1 r1c2 r2c1";
              a colon after the sum is allowed ("15: r1c1 r1c2 r2c1").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Iterable, Optional, Sequence

from puzzlesat.streams import Line
from puzzlesat.sudoku.encode import Rules
from puzzlesat.sudoku.grid import PuzzleError, Shape, box_shape

VARIANTS = ("classic", "diagonal", "windoku", "anti-king", "anti-knight", "jigsaw", "killer")
ALIASES = {"x": "diagonal", "x-sudoku": "diagonal", "antiking": "anti-king", "antiknight": "anti-knight"}
NEEDS_FILE = {"jigsaw": "regions", "killer": "cages"}
_REGION_SEPARATORS = frozenset(" \t|+")
_CELL = re.compile(r"^r(\d+)c(\d+)$", re.IGNORECASE)


class VariantError(PuzzleError):
    """A variant that does not exist, a bad region map or cage file, or data that does not fit a puzzle."""


@dataclass(frozen=True)
class Cage:
    """Cells, as 1-based (row, column) positions, whose digits are distinct and add up to `total`."""

    positions: tuple
    total: int

    def cells(self, shape: Shape) -> tuple:
        """The cage's cell indexes on a grid of `shape` (VariantError when it does not fit)."""
        n = shape.side
        if any(r > n or c > n for r, c in self.positions):
            raise VariantError(f"cage {self.total} at r{self.positions[0][0]}c{self.positions[0][1]} reaches beyond a {shape.name} grid")
        if len(self.positions) > n:
            raise VariantError(f"cage {self.total} has {len(self.positions)} cells; a {shape.name} cage holds at most {n} distinct digits")
        if not digit_sets(len(self.positions), self.total, n):
            raise VariantError(f"no {len(self.positions)} distinct digits of 1-{n} add up to {self.total}")
        return tuple((r - 1) * n + c - 1 for r, c in self.positions)


@dataclass(frozen=True)
class Variant:
    """A set of variant names with their data: what to add to the classic rules of any shape."""

    names: tuple = ()
    regions: Optional[tuple] = None
    region_side: Optional[int] = None
    cages: tuple = ()

    def rules(self, shape: Shape) -> Rules:
        """The rules of this variant for puzzles of `shape` (VariantError when the data does not fit)."""
        return variant_rules(self, shape)

    @property
    def label(self) -> str:
        """Like 'killer+diagonal', or 'classic'."""
        return "+".join(self.names) or "classic"


def canonical_name(name: str) -> str:
    """The variant's canonical name, or VariantError."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in VARIANTS:
        raise VariantError(f"unknown variant {name!r}; choose from {', '.join(VARIANTS)}")
    return key


def make_variant(names: Iterable[str], regions: Optional[tuple] = None, cages: Sequence[Cage] = ()) -> Variant:
    """Check the names against the data they need and build the Variant."""
    chosen = tuple(dict.fromkeys(n for n in map(canonical_name, names) if n != "classic"))
    has = {"regions": regions is not None, "cages": bool(cages)}
    for name, data in NEEDS_FILE.items():
        if name in chosen and not has[data]:
            raise VariantError(f"variant {name} needs a {'region map' if data == 'regions' else 'cage file'}")
        if name not in chosen and has[data]:
            raise VariantError(f"a {'region map' if data == 'regions' else 'cage file'} is given but not --variant {name}")
    side = None if regions is None else _side_of_regions(regions)
    return Variant(chosen, regions, side, tuple(cages))


def variant_rules(variant: Variant, shape: Shape) -> Rules:
    """Build (once per variant and shape) the Rules for a variant."""
    try:
        return _cached_rules(variant, shape)
    except VariantError:
        raise
    except ValueError as error:
        raise VariantError(str(error)) from None


@lru_cache(maxsize=32)
def _cached_rules(variant: Variant, shape: Shape) -> Rules:
    """Extra groups and names, regions and cage clauses for `shape`."""
    groups, names = [], []
    for name in variant.names:
        maker = _GROUP_MAKERS.get(name)
        if maker:
            for index, group in enumerate(maker(shape), 1):
                groups.append(group)
                names.append(_group_label(name, index, group, shape))
    regions = None
    if "jigsaw" in variant.names:
        if variant.region_side != shape.side:
            raise VariantError(f"the region map is {variant.region_side}x{variant.region_side}, the puzzle {shape.name}")
        regions = variant.regions
    if not variant.cages:
        return Rules(shape, tuple(groups), regions, names=tuple(names))
    sums = tuple((cage.cells(shape), cage.total) for cage in variant.cages)
    for index, (cells, total) in enumerate(sums, 1):
        groups.append(cells)
        names.append(f"cage {index} ({total})")
    extra, aux = cage_clauses(sums, shape)
    return Rules(shape, tuple(groups), regions, sums, extra, aux, tuple(names))


def _group_label(name: str, index: int, group: tuple, shape: Shape) -> str:
    """'diagonal 1', 'window 2', or 'king's move r1c1-r2c2' for a pair."""
    if len(group) == 2 and name in ("anti-king", "anti-knight"):
        a, b = (cell_name(cell, shape) for cell in group)
        return f"{'king' if name == 'anti-king' else 'knight'}'s move {a}-{b}"
    return f"{'window' if name == 'windoku' else name} {index}"


def cell_name(cell: int, shape: Shape) -> str:
    """'r3c5' (1-based) for a cell index."""
    row, col = divmod(cell, shape.side)
    return f"r{row + 1}c{col + 1}"


# ---- extra groups ---------------------------------------------------------------------------

def diagonals(shape: Shape) -> list:
    """The main diagonal and the anti-diagonal."""
    n = shape.side
    return [tuple(i * n + i for i in range(n)), tuple(i * n + (n - 1 - i) for i in range(n))]


def windows(shape: Shape) -> list:
    """Windoku boxes: box-sized squares starting one cell in and one cell apart (9x9: rows and columns 2-4, 6-8)."""
    size = shape.box_rows
    if shape.box_cols != size:
        raise VariantError(f"windoku needs square boxes; {shape.name} has {shape.box_rows}x{shape.box_cols} boxes")
    starts = list(range(1, shape.side - size + 1, size + 1))
    n = shape.side
    return [tuple((top + r) * n + left + c for r in range(size) for c in range(size)) for top in starts for left in starts]


def _move_pairs(shape: Shape, steps: Sequence[tuple]) -> list:
    """Pairs of cells one of `steps` apart, each pair once."""
    n = shape.side
    pairs = []
    for row in range(n):
        for col in range(n):
            for dr, dc in steps:
                r, c = row + dr, col + dc
                if 0 <= r < n and 0 <= c < n and (dr, dc) > (0, 0):
                    pairs.append((row * n + col, r * n + c))
    return pairs


def king_pairs(shape: Shape) -> list:
    """Diagonal neighbours (orthogonal ones already share a row or column)."""
    return _move_pairs(shape, [(1, 1), (1, -1), (-1, 1), (-1, -1)])


def knight_pairs(shape: Shape) -> list:
    """Cells a knight's move apart."""
    return _move_pairs(shape, [(dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2) if abs(dr) != abs(dc)])


_GROUP_MAKERS = {"diagonal": diagonals, "windoku": windows, "anti-king": king_pairs, "anti-knight": knight_pairs}


# ---- killer cages ---------------------------------------------------------------------------

def digit_sets(size: int, total: int, side: int) -> list:
    """Every set of `size` distinct digits 1..side adding up to `total`."""
    return [frozenset(combo) for combo in combinations(range(1, side + 1), size) if sum(combo) == total]


def cage_clauses(sums: Sequence[tuple], shape: Shape) -> tuple:
    """(clauses, number of auxiliary variables) for (cells, total) cages, allowed digit sets enumerated."""
    n = shape.side
    top = shape.cells * n
    clauses = []
    for cells, total in sums:
        sets = digit_sets(len(cells), total, n)
        every = frozenset.intersection(*sets)
        some = frozenset.union(*sets)
        for digit in range(1, n + 1):
            lits = [cell * n + digit for cell in cells]
            if digit not in some:
                clauses.extend((-lit,) for lit in lits)
            elif digit in every:
                clauses.append(tuple(lits))
        optional = sorted(some - every)
        if len(sets) < 2 or not optional:
            continue
        present = {}
        for digit in optional:
            top += 1
            present[digit] = top
            lits = [cell * n + digit for cell in cells]
            clauses.extend((-lit, top) for lit in lits)
            clauses.append((-top, *lits))
        selectors = []
        for digits in sets:
            top += 1
            selectors.append(top)
            clauses.extend((-top, present[d] if d in digits else -present[d]) for d in optional)
        clauses.append(tuple(selectors))
    return tuple(clauses), top - shape.cells * n


# ---- reading the data files -----------------------------------------------------------------

def read_regions(lines: Iterable[Line]) -> tuple:
    """A region map: a tuple of regions (cell tuples), regions numbered by first appearance."""
    labels, source, where = [], "regions", []
    for line in lines:
        source = line.source
        if line.error:
            raise VariantError(f"{line.source}:{line.number}: {line.error}")
        text = line.text.strip()
        if not text or text.startswith("#"):
            continue
        row = [ch for ch in text if ch not in _REGION_SEPARATORS]
        labels.extend(row)
        where.extend([line.number] * len(row))
    return regions_from_labels(labels, source, where)


def regions_from_labels(labels: Sequence[str], source: str = "regions", where: Sequence[int] = ()) -> tuple:
    """Group cells by label and check the map: side*side cells, side regions of side cells each."""
    count = len(labels)
    side = int(round(count ** 0.5))
    if count == 0 or side * side != count or box_shape(side) is None:
        raise VariantError(f"{source}: a region map needs side*side labels (81 for 9x9), found {count}")
    regions: dict = {}
    for cell, label in enumerate(labels):
        regions.setdefault(label, []).append(cell)
    for label, cells in regions.items():
        if len(cells) != side:
            line = f":{where[cells[0]]}" if where else ""
            raise VariantError(f"{source}{line}: region {label!r} has {len(cells)} cells; each of a {side}x{side} map needs {side}")
    return tuple(tuple(cells) for cells in regions.values())


def _side_of_regions(regions: tuple) -> int:
    """The side of the grid a region map covers."""
    return len(regions)


def read_cages(lines: Iterable[Line]) -> tuple:
    """Cages from a cage file: 'SUM rRcC rRcC ...' per line (cells checked against the grid later)."""
    cages, owner = [], {}
    for line in lines:
        if line.error:
            raise VariantError(f"{line.source}:{line.number}: {line.error}")
        text = line.text.split("#", 1)[0].strip()
        if not text:
            continue
        cage = _parse_cage(text, f"{line.source}:{line.number}")
        for cell in cage[0]:
            if cell in owner:
                raise VariantError(f"{line.source}:{line.number}: cell r{cell[0]}c{cell[1]} is already in the cage on line {owner[cell]}")
            owner[cell] = line.number
        cages.append(cage)
    if not cages:
        raise VariantError("the cage file holds no cages")
    return tuple(Cage(cells, total) for cells, total in cages)


def _parse_cage(text: str, where: str) -> tuple:
    """((row, col) 1-based pairs, total) from one cage line."""
    head, *cells = text.replace(":", " ").replace(",", " ").split()
    if not head.isdigit():
        raise VariantError(f"{where}: a cage line starts with its sum, found {head!r}")
    if not cells:
        raise VariantError(f"{where}: cage {head} lists no cells")
    parsed = []
    for token in cells:
        match = _CELL.match(token)
        if not match or min(int(match[1]), int(match[2])) < 1:
            raise VariantError(f"{where}: {token!r} is not a cell like r1c1")
        parsed.append((int(match[1]), int(match[2])))
    if len(set(parsed)) != len(parsed):
        raise VariantError(f"{where}: a cell appears twice in cage {head}")
    return tuple(parsed), int(head)

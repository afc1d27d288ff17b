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

The files that carry regions and cages are read by puzzlesat.sudoku.variant_files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Iterable, Optional, Sequence

from puzzlesat.errors import VariantError
from puzzlesat.sat import variable_pool
from puzzlesat.sudoku.grid import Shape
from puzzlesat.sudoku.literals import literals
from puzzlesat.sudoku.rules import Rules

VARIANTS = ("classic", "diagonal", "windoku", "anti-king", "anti-knight", "jigsaw", "killer")
ALIASES = {"x": "diagonal", "x-sudoku": "diagonal", "antiking": "anti-king", "antiknight": "anti-knight"}
NEEDS_FILE = {"jigsaw": "regions", "killer": "cages"}


@dataclass(frozen=True)
class Cage:
    """Cells, as 1-based (row, column) positions, whose digits are distinct and add up to `total`.

    `source` and `line` say where the cage was read (None for a cage built in code); messages start with them.
    """

    positions: tuple
    total: int
    source: Optional[str] = field(default=None, compare=False)
    line: Optional[int] = field(default=None, compare=False)

    def cells(self, shape: Shape) -> tuple:
        """The cage's cell indexes on a grid of `shape` (VariantError when it does not fit)."""
        n, size = shape.side, len(self.positions)
        if any(r > n or c > n for r, c in self.positions):
            row, col = self.positions[0]
            raise VariantError(f"{at(self.where)}cage {self.total} at r{row}c{col} reaches beyond a {shape.name} grid")
        if size > n:
            raise VariantError(f"{at(self.where)}cage {self.total} has {size} cells; "
                               f"a {shape.name} cage holds at most {n} distinct digits")
        if not digit_sets(size, self.total, n):
            raise VariantError(f"{at(self.where)}no {size} distinct digits of 1-{n} add up to {self.total}")
        return tuple((r - 1) * n + c - 1 for r, c in self.positions)

    @property
    def where(self) -> Optional[str]:
        """'cages.txt:3', where the cage was read, or None for a cage built in code."""
        if self.source is None:
            return None
        return self.source if self.line is None else f"{self.source}:{self.line}"


@dataclass(frozen=True)
class Variant:
    """A set of variant names with their data: what to add to the classic rules of any shape."""

    names: tuple = ()
    regions: Optional[tuple] = None
    region_side: Optional[int] = None
    cages: tuple = ()
    regions_where: Optional[str] = field(default=None, compare=False)  # 'map.txt:2', where the map was read

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


def at(where: Optional[str]) -> str:
    """'file:line: ' to start a message about data read from `where`, or '' for data built in code."""
    return f"{where}: " if where else ""


def make_variant(names: Iterable[str], regions: Optional[tuple] = None, cages: Sequence[Cage] = (),
                 regions_where: Optional[str] = None) -> Variant:
    """Check the names against the data they need and build the Variant (`regions_where`: 'map.txt:2', where
    the region map was read, for messages)."""
    chosen = tuple(dict.fromkeys(n for n in map(canonical_name, names) if n != "classic"))
    has = {"regions": regions is not None, "cages": bool(cages)}
    for name, data in NEEDS_FILE.items():
        if name in chosen and not has[data]:
            raise VariantError(f"variant {name} needs a {'region map' if data == 'regions' else 'cage file'}")
        if name not in chosen and has[data]:
            raise VariantError(f"a {'region map' if data == 'regions' else 'cage file'} is given but not --variant {name}")
    side = None if regions is None else len(regions)
    return Variant(chosen, regions, side, tuple(cages), regions_where)


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
            side = variant.region_side
            raise VariantError(f"{at(variant.regions_where)}the region map is {side}x{side}, the puzzle {shape.name}")
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
        a, b = (shape.cell_name(cell) for cell in group)
        return f"{'king' if name == 'anti-king' else 'knight'}'s move {a}-{b}"
    return f"{'window' if name == 'windoku' else name} {index}"


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
    table = literals(shape)
    pool = variable_pool(table.count)
    clauses = []
    for cells, total in sums:
        sets = digit_sets(len(cells), total, shape.side)
        every = frozenset.intersection(*sets)
        some = frozenset.union(*sets)
        for digit in range(1, shape.side + 1):
            lits = table.of_value(cells, digit)
            if digit not in some:
                clauses.extend((-lit,) for lit in lits)
            elif digit in every:
                clauses.append(tuple(lits))
        optional = sorted(some - every)
        if len(sets) < 2 or not optional:
            continue
        present = {}
        for digit in optional:
            present[digit] = holds = pool.id()
            lits = table.of_value(cells, digit)
            clauses.extend((-lit, holds) for lit in lits)
            clauses.append((-holds, *lits))
        selectors = []
        for digits in sets:
            selectors.append(pool.id())
            clauses.extend((-selectors[-1], present[d] if d in digits else -present[d]) for d in optional)
        clauses.append(tuple(selectors))
    return tuple(clauses), pool.top - table.count

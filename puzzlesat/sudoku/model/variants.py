"""Sudoku variants by name (`--variant`), as constraints: what to add to the classic rules of any shape.

  diagonal                 the two main diagonals (X-Sudoku)
  windoku                  four extra boxes (9x9; in general the boxes one cell in from each box corner)
  anti-king, anti-knight   no equal symbols a king's or knight's move apart (chess moves for every digit)
  chess:OFFSETS[;vDIGITS]  no equal symbols one of these moves apart (only these digits, when given)
  taxicab:N                no equal symbols N steps apart along rows and columns
  self-taxicab             no digit d at taxicab distance d from another d
  diagonal-nonconsecutive  no consecutive digits diagonally adjacent
  disjoint-groups          no equal symbols in the same place of two regions (every disjoint group)
  disjoint-offset:N[,N...] only the disjoint groups of those places (Rangsk's "disjoint offset")
  jigsaw                   irregular regions, read from a region map, replace the boxes
  killer                   cages with sums, read from a cage file; a cage never repeats a digit

Each name becomes constraints of puzzlesat.sudoku.model.constraints (Distinct groups, chess moves and the other
rules of constraints.apart, Killer cages; their CNF is documented there) and the rules are built by
constrained_rules, as for a puzzle read from a link. The names and their parameters are read by
puzzlesat.sudoku.model.variant_names; the files that carry regions and cages by puzzlesat.sudoku.reading.variant_files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Optional, Sequence

from puzzlesat.errors import VariantError
from puzzlesat.sudoku.model import constraints
from puzzlesat.sudoku.model.grid import Puzzle, Shape
from puzzlesat.sudoku.model.rules import Rules, constrained_rules
from puzzlesat.sudoku.model.sudoku import Sudoku
from puzzlesat.sudoku.model.variant_names import canonical_name, split_name

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
        from puzzlesat.sudoku.model.constraints.sums import digit_sets

        if not digit_sets(size, self.total, range(1, n + 1)):
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

    def applied_to(self, puzzle: Puzzle) -> Sudoku:
        """The puzzle under this variant's rules (VariantError when they do not fit its shape)."""
        return Sudoku.under(puzzle, variant_rules(self, puzzle.shape))

    @property
    def label(self) -> str:
        """Like 'killer+diagonal', or 'classic'."""
        return "+".join(self.names) or "classic"


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
    """The variant's constraints and regions on `shape`, encoded."""
    from puzzlesat.sudoku.model.constraints import Killer
    regions = None
    if "jigsaw" in variant.names:
        if variant.region_side != shape.side:
            side = variant.region_side
            raise VariantError(f"{at(variant.regions_where)}the region map is {side}x{side}, the puzzle {shape.name}")
        regions = variant.regions
    found = []
    for word, value in map(split_name, variant.names):
        if word in _MAKERS:
            found.extend(_MAKERS[word](shape, regions or shape.boxes, *value))
    found += [Killer(cage.cells(shape), cage.total) for cage in variant.cages]
    return constrained_rules(shape, tuple(dict.fromkeys(found)), regions)


def _windows(shape: Shape, regions: tuple) -> tuple:
    """Windoku windows, or why the shape has none."""
    try:
        return constraints.windows(shape)
    except ValueError as error:
        raise VariantError(str(error)) from None


def _chess(shape: Shape, regions: tuple, offsets: tuple, digits) -> tuple:
    """Chess moves: a named variant's rule."""
    return (constraints.Chess(shape.side, offsets, digits),)


def _disjoint_offset(shape: Shape, regions: tuple, *positions: int) -> tuple:
    """The disjoint groups of these positions."""
    return tuple(constraints.disjoint_group(regions, position) for position in positions)


_MAKERS = {"diagonal": lambda shape, regions: constraints.diagonals(shape.side), "windoku": _windows,
           "anti-king": lambda shape, regions: (constraints.anti_king(shape.side),),
           "anti-knight": lambda shape, regions: (constraints.anti_knight(shape.side),),
           "chess": _chess,
           "taxicab": lambda shape, regions, distance: (constraints.Taxicab(shape.side, distance),),
           "self-taxicab": lambda shape, regions: (constraints.SelfTaxicab(shape.side),),
           "diagonal-nonconsecutive": lambda shape, regions: (constraints.DiagonalNonconsecutive(shape.side),),
           "disjoint-groups": lambda shape, regions: constraints.disjoint_groups(regions),
           "disjoint-offset": _disjoint_offset}

"""The files variant puzzles come with: jigsaw region maps and killer cage lists.

File formats (both allow '#' comments and blank lines):
  region map  one line per row, one label per cell (any characters but spaces, | and +), or
              all side*side labels on one line; each label names one region of side cells.
  cages       one cage per line: its sum, then its cells as rRcC (1-based), e.g. "15 r1c1 r1c2 r2c1";
              a colon after the sum is allowed ("15: r1c1 r1c2 r2c1").
"""

from __future__ import annotations

import re
from typing import IO, Iterable, Optional, Sequence

from puzzlesat.errors import VariantError
from puzzlesat.streams import Line, read_lines
from puzzlesat.sudoku.model.grid import box_shape
from puzzlesat.sudoku.model.variants import Cage, Variant, make_variant

_REGION_SEPARATORS = frozenset(" \t|+")
_CELL = re.compile(r"^r(\d+)c(\d+)$", re.IGNORECASE)


def load_variant(names: Sequence[str] = (), regions: Optional[str] = None, cages: Optional[str] = None,
                 stdin: Optional[IO[bytes]] = None) -> Optional[Variant]:
    """The variant named, with its region map and cage file read from paths ('-': `stdin`); None for classic rules.

    Raises VariantError for an unknown name, a bad file, or a file the names do not ask for.
    """
    if not (names or regions or cages):
        return None
    region_map, where = read_region_map(read_lines([regions], stdin)) if regions else (None, None)
    cage_list = read_cages(read_lines([cages], stdin)) if cages else ()
    return make_variant(names, region_map, cage_list, where)


def read_regions(lines: Iterable[Line]) -> tuple:
    """A region map: a tuple of regions (cell tuples), regions numbered by first appearance."""
    return read_region_map(lines)[0]


def read_region_map(lines: Iterable[Line]) -> tuple:
    """(the regions, as read_regions gives them; 'map.txt:2', where the map's first row was read)."""
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
    return regions_from_labels(labels, source, where), f"{source}:{where[0]}"


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


def read_cages(lines: Iterable[Line]) -> tuple:
    """Cages from a cage file: 'SUM rRcC rRcC ...' per line (cells checked against the grid later)."""
    cages, owner = [], {}
    for line in lines:
        if line.error:
            raise VariantError(f"{line.source}:{line.number}: {line.error}")
        text = line.text.split("#", 1)[0].strip()
        if not text:
            continue
        cells, total = _parse_cage(text, f"{line.source}:{line.number}")
        for cell in cells:
            if cell in owner:
                raise VariantError(f"{line.source}:{line.number}: cell r{cell[0]}c{cell[1]} is already in the cage on line {owner[cell]}")
            owner[cell] = line.number
        cages.append(Cage(cells, total, line.source, line.number))
    if not cages:
        raise VariantError("the cage file holds no cages")
    return tuple(cages)


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

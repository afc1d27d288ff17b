"""f-puzzles' puzzle JSON (what its ?load= links carry, lz-string compressed) read into a Sudoku.

The keys are f-puzzles' own ("killercage", "littlekillersum", "diagonal+" ...) and those Rangsk's
Fpuzzles-NewConstraints script adds ("renban", "whispers" with the gap as "value", "regionsumline",
"zipperline", "entropicline", "modularline", "nabner", "doublearrow", "slowthermometer", "xsum", "skyscraper");
as Rangsk's solver does, a cage valued "DR<n>" is a multi-sum cage (every total of digital root n). A cell's
"givenPencilMarks" restrict it to those digits; a cell with "region": null is in no region. Cells are named
"R1C1" (1-based); clues beside the grid use row or column 0 or size+1. Keys that carry a rule this reader does not
know are listed in `unknown`, and so are killer cages whose value is text rather than a sum and fog-of-war lights;
drawn elements (line, circle, rectangle, text, cage) in `ignored`, except those the NewConstraints script draws for
a constraint this puzzle also states under its own key (marked "fromConstraint"). Keys that carry no rule (see
NO_RULE_KEYS) are read as texts or passed over.
"""

from __future__ import annotations

from dataclasses import replace

import re
from collections import Counter
from typing import Callable, Optional

from puzzlesat.errors import VariantError
from puzzlesat.sudoku.model import constraints
from puzzlesat.sudoku.model.constraints.base import Geometry
from puzzlesat.sudoku.reading.links.common import (FOG_LIGHT, checked_regions, checked_solution, count_message, fog_lights,
                                           link_puzzle, needs_regions, negatives, outside_line, ray, shape_of,
                                           text_cages, text_indexers, whisper_gap)
from puzzlesat.sudoku.model.sudoku import Sudoku
from puzzlesat.sudoku.reading.links.pad_lines import kind_of, line_constraints
from puzzlesat.sudoku.reading.links.rules_text import RulesText

CELL = re.compile(r"^\s*R(\d+)C(\d+)\s*$", re.IGNORECASE)
META = re.compile(r"^([a-z]+):\s*(.+)$", re.DOTALL)
DIGITAL_ROOT = re.compile(r"DR(\d+)")  # searched anywhere in a cage's value, as Rangsk's solver does
DIRECTIONS = {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}
# Keys that carry no rule, each with where it comes from: read as the grid and its texts, or passed over.
NO_RULE_KEYS = {
    "size": "the grid's side", "grid": "the cells (givens, regions, pencil marks: read)",
    "title": "text", "author": "text", "ruleset": "the rules text", "solution": "the stated solution",
    "negative": "read with the constraints it negates",
    "metadata": "SudokuPad's texts (title, rules, msgcorrect, ...) kept in f-puzzles JSON",
    "version": "the exporting tool's version",
    "highlightConflicts": "f-puzzles' setting (seen in real exports)",
    "activeConstraints": "f-puzzles' interface state: the constraint tools shown",
    "successMessage": "the text shown on solving (fpuzzles-data, yusitnikov)",
    "disabledlogic": "Rangsk's solver options (SudokuPad's decoder skips them too)",
    "truecandidatesoptions": "Rangsk's solver options (SudokuPad's decoder skips them too)",
}
FOG_KEYS = ("fogofwar", "foglight", "triggereffect")  # SudokuPad's fog of war, kept in f-puzzles JSON
DRAWN_KEYS = ("line", "rectangle", "circle", "text", "cage")


class _Reader:
    """One f-puzzles puzzle being read: its side, cell names and what was left out."""

    def __init__(self, data: dict):
        self.data = data
        self.side = _size(data)
        self.shape = shape_of(self.side, "f-puzzles")
        self.ignored: list = []
        self.unknown: list = []
        self.text_cages: list = []  # the values of killer cages whose value is text, not a sum
        self.taken: set = set()  # ids of drawn line elements read as a constraint

    def cell(self, name) -> int:
        """The index of an 'R3C5' cell inside the grid."""
        row, col = self.place(name)
        if not (0 <= row < self.side and 0 <= col < self.side):
            raise VariantError(f"f-puzzles cell {name!r} lies outside the {self.side}x{self.side} grid")
        return row * self.side + col

    def place(self, name) -> tuple:
        """0-based (row, column) of an 'R3C5' name, which may lie beside the grid (row or column -1 or side)."""
        match = CELL.match(str(name))
        if not match:
            raise VariantError(f"f-puzzles cell {name!r} is not a cell name like R1C1")
        return int(match.group(1)) - 1, int(match.group(2)) - 1

    def cells(self, names) -> tuple:
        """Indexes of a list of cell names, in order."""
        if not isinstance(names, list):
            raise VariantError(f"f-puzzles cells {names!r} are not a list of cell names")
        return tuple(self.cell(name) for name in names)

    def lines(self, entry: dict) -> list:
        """The lines of an entry ({"lines": [[cell names], ...]}) as tuples of cells."""
        return [self.cells(line) for line in entry.get("lines") or [] if line]


def read_fpuzzles(data: dict) -> Sudoku:
    """A Sudoku from f-puzzles' JSON (already decompressed and parsed)."""
    if not isinstance(data, dict) or "grid" not in data:
        raise VariantError("not an f-puzzles puzzle (no \"grid\")")
    reader = _Reader(data)
    shape, side = reader.shape, reader.side
    regions = _regions(reader)
    found, unknown = [], reader.unknown
    for key, value in data.items():
        if key in NO_RULE_KEYS or key in DRAWN_KEYS or key in FOG_KEYS or not value:
            continue
        if key in FLAGS:
            found.extend(FLAGS[key](reader, regions))
        elif key in HANDLERS:
            found.extend(_entries(reader, key, value))
        else:
            unknown.append(f"{key} ({len(value) if isinstance(value, list) else 1})")
    if reader.text_cages:
        unknown.append(text_cages(reader.text_cages))
    unknown.extend(_fog(data))
    unknown.extend(f"negative {name}" for name in _negative_names(data) if name not in NEGATIVE_KEYS)
    found.extend(_negatives(reader))
    found.extend(_digital_root_cages(reader))
    found.extend(_cell_rules(reader, unknown))
    found = _extremes_apart(found, reader.shape)
    meta = _meta_cages(data)
    text = RulesText(str(data.get("ruleset") or meta.get("rules", "")), str(data.get("title") or meta.get("title", "")))
    found.extend(_text_rules(reader, text, regions, found))
    found.extend(_drawn_lines(reader, text, _paths(found)))
    reader.ignored.extend(_drawn(reader, _paths(found)))
    return Sudoku.of(
        link_puzzle(shape, _givens(reader)), tuple(found), regions, published=True,
        title=str(data.get("title") or meta.get("title", "")), author=str(data.get("author") or meta.get("author", "")),
        rules_text=str(data.get("ruleset") or meta.get("rules", "")),
        solution=checked_solution(_solution(data, meta), side), unknown=tuple(unknown), ignored=tuple(reader.ignored))


def _entries(reader: _Reader, key: str, value) -> list:
    """The constraints of every entry under a key."""
    if not isinstance(value, list) or not all(isinstance(entry, dict) for entry in value):
        raise VariantError(f"f-puzzles {key!r} is not a list of entries")
    return [constraint for entry in value for constraint in HANDLERS[key](reader, entry)]


def _size(data: dict) -> int:
    """The grid's side: "size", checked against the grid's rows."""
    grid = data.get("grid")
    if not isinstance(grid, list) or not grid or not all(isinstance(row, list) for row in grid):
        raise VariantError("f-puzzles \"grid\" is not a list of rows")
    try:
        side = int(data.get("size", len(grid)))
    except (TypeError, ValueError):
        raise VariantError(f"f-puzzles \"size\" {data.get('size')!r} is not a number") from None
    if len(grid) != side or any(len(row) != side for row in grid):
        raise VariantError(f"f-puzzles grid is not {side}x{side} as its \"size\" says")
    return side


# What a grid cell may hold besides its rules: digits, the solver's marks, colours (fpuzzles-data, Rangsk's solver).
CELL_KEYS = {"value", "given", "region", "centerPencilMarks", "cornerPencilMarks", "candidates", "c", "cArray",
             "highlight"}
CELL_RULES = ("parity", "givenPencilMarks")


def _cell_rules(reader: _Reader, unknown: list) -> list:
    """Rules stored on the grid's cells: "givenPencilMarks" (the cell holds one of them) and "parity": "Odd"/"Even"
    (as some setters' f-puzzles files keep odd/even cells); any other key a cell holds is named in `unknown`."""
    rules, others = [], Counter()
    for row, cells in enumerate(reader.data["grid"]):
        for col, cell in enumerate(cells):
            if not isinstance(cell, dict):
                continue
            index = row * reader.side + col
            parity = str(cell.get("parity", "")).lower()
            if parity in ("odd", "even"):
                rules.append(constraints.Parity(index, odd=parity == "odd"))
            rules.extend(_pencil_marks(reader, index, cell.get("givenPencilMarks")))
            others.update(key for key in cell if key not in CELL_KEYS and key not in CELL_RULES)
    unknown.extend(f"cell {key} ({count})" for key, count in sorted(others.items()))
    return rules


def _pencil_marks(reader: _Reader, cell: int, marks) -> list:
    """A cell's given pencil marks as the rule that it holds one of them (none when there are none, or all)."""
    if not marks:
        return []
    digits = {_int(mark) for mark in marks} if isinstance(marks, list) else {None}
    if None in digits or not 1 <= min(digits) <= max(digits) <= reader.side:
        raise VariantError(f"f-puzzles given pencil marks {marks!r} in R{cell // reader.side + 1}C"
                           f"{cell % reader.side + 1} are not digits 1-{reader.side}")
    return [] if len(digits) == reader.side else [constraints.PencilMarks(cell, tuple(sorted(digits)))]


def _givens(reader: _Reader) -> tuple:
    """Every cell's given digit (0 for none); non-given digits (a solver's entries) are not givens."""
    side, values = reader.side, []
    for row in reader.data["grid"]:
        for cell in row:
            value = _int(cell.get("value")) if isinstance(cell, dict) and cell.get("given") else 0
            if value is None or not 0 <= value <= side:
                raise VariantError(f"f-puzzles given {cell.get('value')!r} is not a digit 1-{side}")
            values.append(value)
    return tuple(values)


def _regions(reader: _Reader) -> Optional[tuple]:
    """The regions from the cells' "region" fields (missing: f-puzzles' default box, a row where the size has no
    boxes), None when they are the boxes; a cell whose region is null is in no region."""
    side, box_rows, box_cols = reader.side, reader.shape.box_rows, reader.shape.box_cols
    members: dict = {}
    for row, cells in enumerate(reader.data["grid"]):
        for col, cell in enumerate(cells):
            cell = cell if isinstance(cell, dict) else {}
            if "region" not in cell:  # f-puzzles' default: its boxes, rows for sizes without boxes (7x7: 1x7)
                members.setdefault(str(row // box_rows * box_rows + col // box_cols), []).append(row * side + col)
            elif cell["region"] is not None:
                members.setdefault(str(cell["region"]), []).append(row * side + col)
    regions = checked_regions(reader.shape, members.values(), "f-puzzles")
    needs_regions(reader.shape, regions, "f-puzzles")
    return regions


def _solution(data: dict, meta: dict) -> list:
    """The stated solution's digits (a list, or a string of digits or of comma-separated numbers)."""
    solution = data.get("solution") or meta.get("solution") or []
    if isinstance(solution, str):
        solution = solution.split(",") if "," in solution else list(solution)
    return solution if isinstance(solution, list) else []


def _meta_cages(data: dict) -> dict:
    """Title, author, rules or solution that SudokuPad-style metadata cages carry ("title: ...", no cells)."""
    meta = {}
    for cage in data.get("cage") or []:
        if isinstance(cage, dict) and not cage.get("cells"):
            match = META.match(str(cage.get("value", "")))
            if match:
                meta.setdefault(match.group(1), match.group(2).strip())
    extra = data.get("metadata")
    if isinstance(extra, dict):
        for key, value in extra.items():
            meta.setdefault(key, value)
    return meta


def _paths(found: list) -> set:
    """The cells of every constraint read, both ways round (a drawn line along them repeats it)."""
    paths = set()
    for constraint in found:
        cells = tuple(getattr(constraint, "cells", ()) or ())
        paths.update((cells, cells[::-1]))
    return paths


def _text_rules(reader: _Reader, text: RulesText, regions: Optional[tuple], found: list) -> list:
    """What the rules text states that the keys do not: anti-knight, anti-king, disjoint groups, diagonals and
    indexer rows or columns."""
    said, have = text.global_rules(), {constraint.kind for constraint in found}
    extra: list = []
    if "anti-knight" in said and "anti-knight" not in have:
        extra.append(constraints.anti_knight(reader.side))
    if "anti-king" in said and "anti-king" not in have:
        extra.append(constraints.anti_king(reader.side))
    names = {getattr(constraint, "name", "") for constraint in found}
    if "disjoint" in said and not any(name.startswith("disjoint") for name in names):
        extra.extend(constraints.disjoint_groups(regions if regions is not None else reader.shape.boxes))
    if not any(name.startswith("diagonal") for name in names):
        for which in ("+", "-"):
            if {"diagonal", "diagonal" + which} & said:
                extra.extend(constraints.diagonals(reader.side, which))
    if not any(kind.endswith("indexer") for kind in have):
        extra.extend(text_indexers(text, reader.side))
    return extra


def _drawn_lines(reader: _Reader, text: RulesText, paths: set) -> list:
    """Drawn lines (f-puzzles' "line" elements, no key of their own) read as the line family the rules text
    names for their colour (puzzlesat.sudoku.reading.links.pad_lines)."""
    kinds = text.line_kinds(reader.side)
    read: list = []
    for element in reader.data.get("line") or [] if kinds else []:
        if not isinstance(element, dict) or _drawing_of_constraint(element, reader.data) \
                or _retraces(reader, element, paths):
            continue
        kind = kind_of(element.get("outlineC") or element.get("color"), kinds)
        try:
            lines = reader.lines(element)
        except VariantError:
            continue
        if kind is None or not lines:
            continue
        for cells in lines:
            read.extend(line_constraints(kind, cells, reader.shape.cell_name(cells[0])))
        reader.taken.add(id(element))
    return read


def _drawn(reader: _Reader, paths: set) -> list:
    """Short messages for the drawn elements: '2 lines', 'text "A" at R1C1', each counted by kind; lines that
    retrace a constraint read, and drawings made for a constraint, are left out."""
    data = reader.data
    messages, counts = [], Counter()
    for key in DRAWN_KEYS:
        for element in data.get(key) or []:
            if not isinstance(element, dict) or _drawing_of_constraint(element, data):
                continue
            if key == "line" and (_retraces(reader, element, paths) or id(element) in reader.taken):
                continue
            if key == "cage" and (not element.get("cells") or _digital_root(reader, element) is not None
                                  or _fog_light(element)):
                continue  # a metadata cage, a digital-root cage or a fog light, read above
            if key == "text":
                where = (element.get("cells") or ["?"])[0]
                messages.append(f"text {str(element.get('value', '')).strip()!r} at {where}")
            else:
                counts[key] += 1
    names = {"line": "line", "rectangle": "rectangle", "circle": "circle", "cage": "cage without a rule"}
    return [count_message(counts[key], names[key], "cages without a rule" if key == "cage" else None)
            for key in DRAWN_KEYS if counts[key]] + messages


def _retraces(reader: _Reader, element: dict, paths: set) -> bool:
    """True when every line of a drawn line element runs along the cells of a constraint read."""
    try:
        return all(line in paths for line in reader.lines(element))
    except VariantError:
        return False


def _drawing_of_constraint(element: dict, data: dict) -> bool:
    """True for a drawing the NewConstraints script adds for a constraint the puzzle states under its own key
    (marked "fromConstraint", or "isNewConstraint" in its older versions)."""
    if element.get("isNewConstraint"):
        return any(data.get(key) for key in ("renban", "whispers", "slowthermometer", "entropicline"))
    origin = element.get("fromConstraint")
    if not origin:
        return False
    key = str(origin).lower().replace(" ", "")
    if key.endswith("whispers"):
        return bool(data.get("whispers") or data.get(key))
    return bool(data.get(key)) or key in ("renban", "entropic") and bool(data.get(key + "line"))


def _int(value) -> Optional[int]:
    """An int from a number or a string of digits; None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = str(value).strip() if value is not None else ""
    return int(text) if re.fullmatch(r"-?\d+", text) else None


def _killer(reader: _Reader, entry: dict) -> list:
    """A killer cage, with its total when the value is a number; a cage whose value is text ('N', '(4+8)x2': its
    rule lies in the text) is no plain killer cage and is named in `unknown` instead."""
    cells, value = reader.cells(entry.get("cells")), str(entry.get("value") or "").strip()
    if value and _int(value) is None:
        reader.text_cages.append(value)
        return []
    return [constraints.Killer(cells, _int(value))]


def _fog(data: dict) -> list:
    """The fog of war, if the puzzle has one: its keys, or cages valued "FOGLIGHT" (as SudokuPad reads them)."""
    cages = [cage for cage in data.get("cage") or [] if isinstance(cage, dict) and _fog_light(cage)]
    lights = sum(len(cage.get("cells") or [1]) for cage in cages) + sum(
        len(data[key]) for key in ("fogofwar", "foglight") if isinstance(data.get(key), list))
    return [fog_lights(lights)] if cages or any(data.get(key) for key in FOG_KEYS) else []


def _fog_light(cage: dict) -> bool:
    """True for a cage that marks a fog light."""
    return bool(FOG_LIGHT.match(str(cage.get("value") or "")))


def _little_killer(reader: _Reader, entry: dict) -> list:
    """A little killer: the diagonal from the clue beside the grid in the arrow's direction."""
    total, direction = _int(entry.get("value")), DIRECTIONS.get(str(entry.get("direction", "")).upper())
    if total is None or direction is None:
        reader.ignored.append(f"little killer arrow at {entry.get('cell')} without a total or direction")
        return []
    cells = ray(*reader.place(entry.get("cell")), *direction, reader.side)
    if not cells:
        raise VariantError(f"f-puzzles little killer at {entry.get('cell')} points at no cell of the grid")
    return [constraints.LittleKiller(cells, total)]


def _outside(kind: type) -> Callable:
    """A handler for a clue beside the grid on the row or column it faces (sandwich, X-sum, skyscraper)."""
    def handler(reader: _Reader, entry: dict) -> list:
        value = _int(entry.get("value"))
        if value is None:
            reader.ignored.append(f"{kind.kind} clue at {entry.get('cell')} without a number")
            return []
        cells = outside_line(*reader.place(entry.get("cell")), reader.side)
        if cells is None:
            raise VariantError(f"f-puzzles {kind.kind} clue at {entry.get('cell')} is not beside a row or column")
        return [kind(cells, value)]
    return handler


def _line(kind: type, **fields) -> Callable:
    """A handler making one constraint of class `kind` per line of an entry."""
    def handler(reader: _Reader, entry: dict) -> list:
        return [kind(line, **fields) for line in reader.lines(entry)]
    return handler


def _whispers(dutch: Optional[bool]) -> Callable:
    """Whispers lines: the gap from "value", else German (or Dutch, for the dutchwhispers key)."""
    def handler(reader: _Reader, entry: dict) -> list:
        gap = _int(entry.get("value")) if dutch is None else None
        gap = gap or whisper_gap(reader.side, bool(dutch))
        return [constraints.Whisper(line, gap) for line in reader.lines(entry)]
    return handler


def _arrow(reader: _Reader, entry: dict) -> list:
    """One Arrow per line of an arrow: the bulb's cells ("cells") and the line's cells after the bulb."""
    circle = reader.cells(entry.get("cells") or [])
    arrows = []
    for line in reader.lines(entry):
        shaft = tuple(cell for cell in line[1:] if cell not in circle)
        if shaft:
            arrows.append(constraints.Arrow(circle or line[:1], shaft))
    return arrows


def _pair(reader: _Reader, entry: dict) -> tuple:
    """The two cells of a dot or XV mark."""
    cells = reader.cells(entry.get("cells"))
    if len(cells) != 2:
        raise VariantError(f"f-puzzles mark on {entry.get('cells')} is not between two cells")
    return cells


def _difference(reader: _Reader, entry: dict) -> list:
    """A white dot (difference 1) or a difference of its value."""
    value = _int(entry.get("value")) or 1
    return [constraints.Kropki(*_pair(reader, entry), "white") if value == 1 else
            constraints.Difference(*_pair(reader, entry), value)]


def _ratio(reader: _Reader, entry: dict) -> list:
    """A black dot (ratio 2) or a ratio of its value."""
    value = _int(entry.get("value")) or 2
    return [constraints.Kropki(*_pair(reader, entry), "black") if value == 2 else
            constraints.Ratio(*_pair(reader, entry), value)]


def _xv(reader: _Reader, entry: dict) -> list:
    """An X (sum 10) or V (sum 5)."""
    total = {"X": 10, "V": 5}.get(str(entry.get("value", "")).strip().upper())
    if total is None:
        reader.ignored.append(f"XV mark {entry.get('value')!r} on {entry.get('cells')}")
        return []
    return [constraints.XV(*_pair(reader, entry), total)]


def _extremes_apart(found: list, shape) -> list:
    """Min/max cells as f-puzzles means them: compared only with neighbours that are no min/max cells."""
    marked = {c.cell for c in found if c.kind in ("minimum", "maximum")}
    if len(marked) < 2:
        return found
    geometry = Geometry(shape)
    return [replace(c, exempt=tuple(n for n in geometry.neighbours(c.cell) if n in marked))
            if c.kind in ("minimum", "maximum") else c for c in found]


def _cell(kind: type, **fields) -> Callable:
    """A handler for a one-cell mark ({"cell": "R1C1"})."""
    def handler(reader: _Reader, entry: dict) -> list:
        return [kind(reader.cell(entry.get("cell")), **fields)]
    return handler


def _quadruple(reader: _Reader, entry: dict) -> list:
    """Digits in a circle on the corner of four cells."""
    digits = tuple(sorted(value for value in map(_int, entry.get("values") or []) if value is not None))
    return [constraints.Quadruple(reader.cells(entry.get("cells")), digits)] if digits else []


def _indexer(axis: str) -> Callable:
    """A handler for indexer cells ({"cells": [...]}) along `axis`."""
    def handler(reader: _Reader, entry: dict) -> list:
        return [constraints.Indexer(reader.cells(entry.get("cells")), axis)]
    return handler


def _clone(reader: _Reader, entry: dict) -> list:
    """Two same-shaped sets of cells holding the same digits."""
    cells, copy = reader.cells(entry.get("cells")), reader.cells(entry.get("cloneCells") or [])
    if len(cells) != len(copy):
        raise VariantError(f"f-puzzles clone of {len(cells)} cells has {len(copy)} clone cells")
    return [constraints.Clone(cells, copy)]


def _digital_root_cages(reader: _Reader) -> list:
    """The cages valued "DR<n>" (Rangsk's solver reads them as multi-sum killer cages)."""
    found = []
    for cage in reader.data.get("cage") or []:
        root = _digital_root(reader, cage) if isinstance(cage, dict) else None
        if root is not None:
            cells = reader.cells(cage["cells"])
            found.append(constraints.MultiSumKiller(cells, root_totals(root, len(cells), reader.side)))
    return found


def _digital_root(reader: _Reader, cage: dict) -> Optional[int]:
    """n for a cage of 1 to side cells valued "DR<n>", else None."""
    cells, value = cage.get("cells"), str(cage.get("value") or "").strip()
    match = DIGITAL_ROOT.search(value)
    if not match or not isinstance(cells, list) or not 1 <= len(cells) <= reader.side:
        return None
    return int(match.group(1))


def root_totals(root: int, size: int, side: int) -> tuple:
    """Rangsk's totals for a digital-root cage: root, root + 9, ... that `size` distinct digits can make."""
    rest = side - size
    least, most = size * (size + 1) // 2, side * (side + 1) // 2 - rest * (rest + 1) // 2
    return tuple(total for total in range(root, most + 1, 9) if total >= least)


def _extra_region(reader: _Reader, entry: dict) -> list:
    """An extra region: no digit twice."""
    return [constraints.Distinct(reader.cells(entry.get("cells")), "extra region")]


def _negatives(reader: _Reader) -> tuple:
    """The negative constraints: "nonconsecutive" and "ratio" in "negative" (no white / black dot: no such
    pair; pairs with a dot of either colour are exempt), "xv" (no X or V: no sum 10 or 5)."""
    data, side = reader.data, reader.side
    negative = set(_negative_names(data))
    kinds = (["white"] if data.get("nonconsecutive") or "difference" in negative else []) + \
            (["black"] if "ratio" in negative else [])
    found = []
    if kinds:
        found.extend(negatives(side, kinds, _marked(reader, ("difference", "ratio"))))
    if "xv" in negative:
        found.extend(negatives(side, ["x", "v"], _marked(reader, ("xv",))))
    return tuple(found)


def _negative_names(data: dict) -> list:
    """The constraint names in "negative" (a list of names in f-puzzles)."""
    names = data.get("negative")
    return [str(name) for name in names] if isinstance(names, list) else []


def _marked(reader: _Reader, keys) -> set:
    """The pairs of cells carrying a mark of any of `keys`."""
    return {tuple(sorted(_pair(reader, entry))) for key in keys for entry in reader.data.get(key) or []}


HANDLERS: dict = {
    "killercage": _killer,
    "littlekillersum": _little_killer,
    "sandwichsum": _outside(constraints.Sandwich),
    "xsum": _outside(constraints.XSum),
    "skyscraper": _outside(constraints.Skyscraper),
    "thermometer": _line(constraints.Thermometer),
    "slowthermometer": _line(constraints.Thermometer, slow=True),
    "arrow": _arrow,
    "betweenline": _line(constraints.Between),
    "whispers": _whispers(None),
    "germanwhispers": _whispers(False),
    "dutchwhispers": _whispers(True),
    "renban": _line(constraints.Renban),
    "regionsumline": _line(constraints.RegionSumLine),
    "palindrome": _line(constraints.Palindrome),
    "zipperline": _line(constraints.Zipper),
    "entropicline": _line(constraints.Entropic),
    "modularline": _line(constraints.Modular),
    "nabner": _line(constraints.Nabner),
    "doublearrow": _line(constraints.DoubleArrow),
    "difference": _difference,
    "ratio": _ratio,
    "xv": _xv,
    "odd": _cell(constraints.Parity, odd=True),
    "even": _cell(constraints.Parity, odd=False),
    "minimum": _cell(constraints.Extremum, maximum=False),
    "maximum": _cell(constraints.Extremum, maximum=True),
    "quadruple": _quadruple,
    "clone": _clone,
    "extraregion": _extra_region,
    "columnindexer": _indexer("column"),
    "rowindexer": _indexer("row"),
    "boxindexer": _indexer("box"),
}

# True/false keys: the constraints each makes from the reader and the regions (None: the boxes).
FLAGS: dict = {
    "diagonal+": lambda reader, regions: constraints.diagonals(reader.side, "+"),
    "diagonal-": lambda reader, regions: constraints.diagonals(reader.side, "-"),
    "antiking": lambda reader, regions: (constraints.anti_king(reader.side),),
    "antiknight": lambda reader, regions: (constraints.anti_knight(reader.side),),
    "nonconsecutive": lambda reader, regions: (),  # read with the negative constraints
    "disjointgroups": lambda reader, regions: constraints.disjoint_groups(
        regions if regions is not None else reader.shape.boxes),  # cells in no region are in no group
}
NEGATIVE_KEYS = ("ratio", "xv", "difference")

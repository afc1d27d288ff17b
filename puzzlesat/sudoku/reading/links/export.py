"""Puzzles written as f-puzzles links, the writer beside the reader (links/fpuzzles.py): a setter goes back and
forth between puzzlesat and f-puzzles.

Any puzzle puzzlesat reads can be written: classic givens (a pencil-mark puzzle's candidates as f-puzzles' given
pencil marks), irregular regions (a cell in no region as "region": null), and every constraint, each kind mapped
back by one function of WRITERS to the f-puzzles key the reader takes it from. Groups of distinct digits become
f-puzzles' flags where they are whole (diagonals, disjoint groups) and extra regions otherwise; chess moves become
its anti-king and anti-knight flags. What f-puzzles cannot express (a lockout line, an XV mark of another total, a
little killer that does not start at the edge, a taxicab rule, ...) is named in `left_out`, and so are the rules a
link held that puzzlesat did not read.
The JSON is compressed with lz-string's compressToBase64, as f-puzzles does.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Optional, Sequence, Union

from puzzlesat.sudoku.model import constraints
from puzzlesat.sudoku.model.constraints.base import Geometry
from puzzlesat.sudoku.model.grid import Puzzle
from puzzlesat.sudoku.reading.links.common import orthogonal_pairs, outside_line, ray
from puzzlesat.sudoku.reading.links.fpuzzles import root_totals
from puzzlesat.sudoku.reading.links.lzstring import compress_to_base64
from puzzlesat.sudoku.model.sudoku import Sudoku

LINK = "https://f-puzzles.com/?load="
DIRECTIONS = {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}
LINE_KEYS = {"Between": "betweenline", "Renban": "renban", "RegionSumLine": "regionsumline",
             "Palindrome": "palindrome", "Zipper": "zipperline", "Entropic": "entropicline", "Modular": "modularline",
             "Nabner": "nabner", "DoubleArrow": "doublearrow"}
OUTSIDE_KEYS = {"Sandwich": ("sandwichsum", "total"), "XSum": ("xsum", "total"), "Skyscraper": ("skyscraper", "count")}
NEGATIVE = {"white": "nonconsecutive", "black": "ratio", "x": "xv", "v": "xv"}  # relation -> what states it
CHESS_FLAGS = {(1, 1): "antiking", (1, 2): "antiknight"}


TEXT_NOTES = ("rules text not read:", "the title (no rules text) says", "no rules text:")  # rules_text's notes


class Unexpressible(Exception):
    """A constraint f-puzzles has no key for; the message says why."""


@dataclass(frozen=True)
class FPuzzlesExport:
    """A puzzle as f-puzzles JSON (`data`), its link, and what the link leaves out (one line each)."""

    data: dict
    left_out: tuple = ()

    @property
    def payload(self) -> str:
        """The JSON, lz-string compressed (compressToBase64), as f-puzzles' ?load= takes it."""
        return compress_to_base64(json.dumps(self.data, separators=(",", ":"), ensure_ascii=False))

    @property
    def link(self) -> str:
        """https://f-puzzles.com/?load=..."""
        return LINK + self.payload


def to_fpuzzles(puzzle: Union[Puzzle, Sudoku], rules=None,
                solution: Optional[Sequence[int]] = None) -> FPuzzlesExport:
    """A puzzle as an f-puzzles link: a published Sudoku (from a link) with its texts and constraints, or a
    puzzle with its Rules (None: a Sudoku's own, or classic). `solution`, when given, goes into the JSON's
    "solution" (f-puzzles checks the solver's grid against it)."""
    if isinstance(puzzle, Sudoku) and puzzle.published:
        left_out = tuple(f"{what} (not read from the link)" for what in puzzle.unknown
                         if not what.startswith(TEXT_NOTES))  # the rules text itself goes along
        return fpuzzles_export(puzzle, puzzle.constraints, puzzle.regions, solution, left_out,
                               title=puzzle.title, author=puzzle.author, ruleset=puzzle.rules_text)
    rules = rules or (puzzle.rules if isinstance(puzzle, Sudoku) else None)
    found = () if rules is None else rules.constraints
    return fpuzzles_export(puzzle, found, None if rules is None else rules.regions, solution)


def fpuzzles_export(puzzle: Puzzle, found: Sequence = (), regions: Optional[tuple] = None,
                    solution: Optional[Sequence[int]] = None, left_out: tuple = (), **texts: str) -> FPuzzlesExport:
    """The f-puzzles JSON of givens, regions (None: the boxes), constraints and texts (title, author, ruleset)."""
    writer = _Writer(puzzle, regions, tuple(found))
    writer.data.update((key, value) for key, value in texts.items() if value)
    writer.distinct(writer.constraints_of(constraints.Distinct))
    for constraint in found:  # negative constraints last: they depend on the marks written
        if not isinstance(constraint, (constraints.Distinct, constraints.Negative)):
            writer.write(constraint)
    for constraint in writer.constraints_of(constraints.Negative):
        writer.write(constraint)
    if solution is not None:
        writer.data["solution"] = list(solution)
    return FPuzzlesExport(writer.data, left_out + tuple(writer.left_out))


class _Writer:
    """One puzzle being written: its grid, the JSON so far, and what could not be written."""

    def __init__(self, puzzle: Puzzle, regions: Optional[tuple], found: tuple):
        self.side, self.found = puzzle.shape.side, found
        self.geometry = Geometry(puzzle.shape, regions)
        self.data: dict = {"size": self.side, "grid": _grid(puzzle, regions)}
        self.left_out: list = []
        self.marked: dict = {"dots": set(), "xv": set()}  # the pairs with a mark, for the negative constraints

    def constraints_of(self, kind: type) -> list:
        """The puzzle's constraints of one class."""
        return [constraint for constraint in self.found if isinstance(constraint, kind)]

    def name(self, cell: int) -> str:
        """'R3C5' (1-based), f-puzzles' cell name."""
        return self.place(*divmod(cell, self.side))

    @staticmethod
    def place(row: int, col: int) -> str:
        """The name of a place inside or beside the grid (rows and columns 0 and side + 1), from 0-based row and
        column."""
        return f"R{row + 1}C{col + 1}"

    def names(self, cells: Sequence[int]) -> list:
        """Cell names, in order."""
        return [self.name(cell) for cell in cells]

    def add(self, key: str, entry) -> None:
        """An entry under a key (a list), or a flag (True)."""
        if entry is True:
            self.data[key] = True
        else:
            self.data.setdefault(key, []).append(entry)

    def write(self, constraint) -> None:
        """One constraint into the JSON, or its label and why into `left_out`."""
        write = WRITERS.get(type(constraint).__name__)
        try:
            if write is None:
                raise Unexpressible("f-puzzles has no such constraint")
            write(self, constraint)
        except Unexpressible as reason:
            self.left_out.append(f"{constraint.label(self.geometry)}: {reason}")

    def distinct(self, groups: list) -> None:
        """Groups of distinct digits: the f-puzzles flags whose groups are all there, extra regions for the rest."""
        left = Counter(frozenset(group.cells) for group in groups)
        order = {frozenset(group.cells): group.cells for group in groups}
        flags = {"diagonal-": constraints.diagonals(self.side, "-"), "diagonal+": constraints.diagonals(self.side, "+"),
                 "disjointgroups": constraints.disjoint_groups(self.geometry.regions)}
        for key, members in flags.items():
            cells = Counter(frozenset(member.cells) for member in members)
            if cells and not cells - left:
                self.add(key, True)
                left -= cells
        for cells in left.elements():
            self.add("extraregion", {"cells": self.names(order[cells])})


def _grid(puzzle: Puzzle, regions: Optional[tuple]) -> list:
    """f-puzzles' grid: givens, a pencil-mark puzzle's candidates as given pencil marks, irregular regions."""
    side = puzzle.shape.side
    owner: dict = {}
    for index, cells in enumerate(regions or ()):
        owner.update((cell, index) for cell in cells)
    cells = []
    for cell, value in enumerate(puzzle.values):
        entry: dict = {"value": value, "given": True} if value else {}
        mask = puzzle.candidates[cell] if puzzle.candidates is not None and not value else (1 << side) - 1
        if mask != (1 << side) - 1:
            entry["givenPencilMarks"] = [digit for digit in range(1, side + 1) if mask >> (digit - 1) & 1]
        if regions is not None:
            entry["region"] = owner.get(cell)
        cells.append(entry)
    return [cells[row * side:(row + 1) * side] for row in range(side)]


def _killer(writer: _Writer, cage) -> None:
    """A killer cage, its total as the value."""
    entry = {"cells": writer.names(cage.cells)}
    if cage.total is not None:
        entry["value"] = str(cage.total)
    writer.add("killercage", entry)


def _multi_sum(writer: _Writer, cage) -> None:
    """A cage of several totals: f-puzzles' cage valued "DR<n>" (Rangsk's digital-root cage) when the totals are
    those of a digital root."""
    roots = [root for root in range(1, 10) if root_totals(root, len(cage.cells), writer.side) == tuple(cage.totals)]
    if not roots or len(cage.cells) > writer.side:
        raise Unexpressible("f-puzzles has cages of several totals only for every total of one digital root (DR<n>)")
    writer.add("cage", {"cells": writer.names(cage.cells), "value": f"DR{roots[0]}"})


def _little_killer(writer: _Writer, clue) -> None:
    """A little killer: the clue beside the grid where its diagonal starts, and the arrow's direction."""
    side, cells = writer.side, tuple(clue.cells)
    row, col = divmod(cells[0], side)
    for name, (dr, dc) in DIRECTIONS.items():
        start = (row - dr, col - dc)
        if not (0 <= start[0] < side and 0 <= start[1] < side) and ray(*start, dr, dc, side) == cells:
            writer.add("littlekillersum", {"cell": writer.place(*start), "direction": name, "value": str(clue.total)})
            return
    raise Unexpressible("f-puzzles' little killers run from the edge of the grid to the other edge")


def _outside(writer: _Writer, clue) -> None:
    """A sandwich, X-sum or skyscraper clue beside the row or column it reads."""
    key, field = OUTSIDE_KEYS[type(clue).__name__]
    side, cells = writer.side, tuple(clue.cells)
    (r0, c0), (r1, c1) = divmod(cells[0], side), divmod(cells[-1], side)
    step = (1 if r1 > r0 else -1 if r1 < r0 else 0, 1 if c1 > c0 else -1 if c1 < c0 else 0)
    start = (r0 - step[0], c0 - step[1])
    if len(cells) < 2 or outside_line(*start, side) != cells:
        raise Unexpressible("f-puzzles' outside clues read a whole row or column from its end")
    writer.add(key, {"cell": writer.place(*start), "value": str(getattr(clue, field))})


def _line(key: str) -> Callable:
    """A writer of a constraint along one line of cells under `key`."""
    def write(writer: _Writer, constraint) -> None:
        if getattr(constraint, "links", ()):
            raise Unexpressible("f-puzzles draws a line as one stroke, not a loop or branches")
        writer.add(key, {"lines": [writer.names(constraint.cells)]})
    return write


def _thermometer(writer: _Writer, thermo) -> None:
    """A thermometer (or slow thermometer) from its bulb."""
    writer.add("slowthermometer" if thermo.slow else "thermometer", {"lines": [writer.names(thermo.cells)]})


def _whisper(writer: _Writer, whisper) -> None:
    """A whispers line, its gap as the value (as Rangsk's NewConstraints script writes it)."""
    writer.add("whispers", {"lines": [writer.names(whisper.cells)], "value": str(whisper.gap)})


def _arrow(writer: _Writer, arrow) -> None:
    """An arrow: its circle's cells, and its line from the circle cell next to the shaft."""
    side, first = writer.side, arrow.shaft[0]
    start = min(arrow.circle, key=lambda cell: max(abs(cell // side - first // side), abs(cell % side - first % side)))
    writer.add("arrow", {"cells": writer.names(arrow.circle), "lines": [writer.names((start, *arrow.shaft))]})


def _dot(writer: _Writer, dot) -> None:
    """Kropki dots, differences and ratios: f-puzzles' difference and ratio marks (a value when not 1 / 2)."""
    kind, value = type(dot).__name__, getattr(dot, "value", None)
    key = "difference" if kind == "Difference" or kind == "Kropki" and dot.color == "white" else "ratio"
    entry = {"cells": writer.names((dot.a, dot.b))}
    if value is not None and value != (1 if key == "difference" else 2):
        entry["value"] = str(value)
    writer.add(key, entry)
    writer.marked["dots"].add((min(dot.a, dot.b), max(dot.a, dot.b)))


def _xv(writer: _Writer, mark) -> None:
    """An X (sum 10) or V (sum 5)."""
    if mark.total not in (5, 10):
        raise Unexpressible("f-puzzles' XV marks are X (10) and V (5)")
    writer.add("xv", {"cells": writer.names((mark.a, mark.b)), "value": "X" if mark.total == 10 else "V"})
    writer.marked["xv"].add((min(mark.a, mark.b), max(mark.a, mark.b)))


def _negative(writer: _Writer, negative) -> None:
    """A negative constraint: f-puzzles' nonconsecutive flag or "negative" list, which hold for every pair without
    a mark of the kind; refused when the constraint's pairs are not those."""
    name = NEGATIVE.get(negative.relation)
    if name is None:
        raise Unexpressible("f-puzzles negates only white and black dots and XV marks")
    marked = writer.marked["xv" if name == "xv" else "dots"]
    if {(min(pair), max(pair)) for pair in negative.pairs} != set(orthogonal_pairs(writer.side)) - marked:
        raise Unexpressible("f-puzzles' negative constraints hold for every pair of neighbours without a mark")
    if name == "nonconsecutive":
        writer.add(name, True)
    elif name not in writer.data.setdefault("negative", []):
        writer.data["negative"].append(name)


def _parity(writer: _Writer, mark) -> None:
    """An odd or even cell."""
    writer.add("odd" if mark.odd else "even", {"cell": writer.name(mark.cell)})


def _pencil_marks(writer: _Writer, marks) -> None:
    """Given pencil marks, on the cell (with any the puzzle's candidates already give it)."""
    row, col = divmod(marks.cell, writer.side)
    entry = writer.data["grid"][row][col]
    entry["givenPencilMarks"] = sorted(set(marks.digits) & set(entry.get("givenPencilMarks", marks.digits)))


def _extremum(writer: _Writer, mark) -> None:
    """A minimum or maximum cell; f-puzzles compares it with every neighbour that is no min/max cell itself."""
    others = {c.cell for c in writer.constraints_of(constraints.Extremum)} - {mark.cell}
    if set(mark.exempt) != {cell for cell in writer.geometry.neighbours(mark.cell) if cell in others}:
        raise Unexpressible("f-puzzles compares a min/max cell with every neighbour that is no min/max cell")
    writer.add("maximum" if mark.maximum else "minimum", {"cell": writer.name(mark.cell)})


def _quadruple(writer: _Writer, quad) -> None:
    """Digits in a circle on the corner of four cells."""
    writer.add("quadruple", {"cells": writer.names(quad.cells), "values": list(quad.digits)})


def _clone(writer: _Writer, clone) -> None:
    """Cells and their clone cells."""
    writer.add("clone", {"cells": writer.names(clone.cells), "cloneCells": writer.names(clone.copy)})


def _indexer(writer: _Writer, indexer) -> None:
    """Row, column or box indexer cells."""
    writer.add(f"{indexer.axis}indexer", {"cells": writer.names(indexer.cells)})


def _chess(writer: _Writer, chess) -> None:
    """Anti-king and anti-knight (for every digit): f-puzzles' flags; other moves have no f-puzzles key."""
    if chess.digits is not None or not set(chess.offsets) <= set(CHESS_FLAGS):
        raise Unexpressible(f"f-puzzles has only anti-king and anti-knight (Rangsk's solver: -c {_rangsk_name(chess)})")
    for offset in chess.offsets:
        writer.add(CHESS_FLAGS[offset], True)


def _no_key(word: str) -> Callable:
    """A writer of a whole-grid rule f-puzzles has no key for, which Rangsk's solver takes on its command line."""
    def write(writer: _Writer, constraint) -> None:
        raise Unexpressible(f"f-puzzles has no {word} (Rangsk's solver: -c {_rangsk_name(constraint)})")
    return write


def _none(word: str) -> Callable:
    """A writer of a constraint neither f-puzzles nor Rangsk's solver has."""
    def write(writer: _Writer, constraint) -> None:
        raise Unexpressible(f"f-puzzles has no {word}")
    return write


def _rangsk_name(constraint) -> str:
    """The rule as Rangsk's solver takes it on its command line (-c): 'chess:1,3;v1,2', 'taxi:3', 'selftaxi', 'dnc'."""
    kind = type(constraint).__name__
    if kind == "Chess":
        digits = "" if constraint.digits is None else ";v" + ",".join(map(str, constraint.digits))
        return "chess:" + ";".join(f"{a},{b}" for a, b in constraint.offsets) + digits
    if kind == "Taxicab":
        return f"taxi:{constraint.distance}"
    return {"SelfTaxicab": "selftaxi", "DiagonalNonconsecutive": "dnc"}[kind]


def _lockout(writer: _Writer, line) -> None:
    """Lockout lines have no f-puzzles key that puzzlesat (or Rangsk's solver) reads."""
    raise Unexpressible("f-puzzles has no lockout line")


WRITERS: dict = {
    "Killer": _killer, "MultiSumKiller": _multi_sum, "LittleKiller": _little_killer,
    "Sandwich": _outside, "XSum": _outside, "Skyscraper": _outside, "Arrow": _arrow,
    "Thermometer": _thermometer, "Whisper": _whisper, "Lockout": _lockout,
    **{kind: _line(key) for kind, key in LINE_KEYS.items()},
    "Kropki": _dot, "Difference": _dot, "Ratio": _dot, "XV": _xv, "Negative": _negative,
    "Parity": _parity, "PencilMarks": _pencil_marks, "Extremum": _extremum, "Quadruple": _quadruple,
    "Clone": _clone, "Indexer": _indexer, "Chess": _chess, "Taxicab": _no_key("taxicab rule"),
    "SelfTaxicab": _no_key("self-taxicab rule"), "DiagonalNonconsecutive": _no_key("diagonal non-consecutive rule"),
    "CageSum": _none("cage whose digits may repeat"), "ParityLine": _none("parity line"),
}

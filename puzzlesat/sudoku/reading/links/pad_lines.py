"""SudokuPad's lines read by their rules: segments joined into whole lines, and each line matched to the line family
its rules text names for its colour.

Setters draw a line in one stroke or in pieces; pieces of one colour and thickness that meet end to end (two of them
at a cell, not at a bulb) are one line, so that a renban drawn in three strokes is one set of consecutive digits. A
line that ends where it starts is a loop.

Which family a line belongs to is its colour's business: the rules give each family the colours they name with it
("Adjacent digits along a green line ...", "Renban lines (pink): ..."), or, naming none, the family keeps the
colours it is drawn in by convention (rules_text.CONVENTIONAL). A line takes the family whose colour words lie
nearest its own colour (CIE Lab, puzzlesat.sudoku.reading.links.colours), when that is near enough and no other
family is about as near; a family named alone takes every line whose colour its rules do not contradict.

>>> from puzzlesat.sudoku.reading.links.rules_text import LineKind
>>> kinds = [LineKind("whisper", 5, ("green",)), LineKind("renban", None, ("purple",))]
>>> kind_of("#D23BE7", kinds).family, kind_of("#67F067", kinds).value, kind_of("#000000", kinds)
('renban', 5, None)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, List, Optional, Sequence

from puzzlesat.sudoku.model import constraints
from puzzlesat.sudoku.reading.links.colours import word_distance
from puzzlesat.sudoku.reading.links.rules_text import CONVENTIONAL, LineKind

NEAR = 45.0  # CIE76: farther than this from every colour a family has, a line is not of it
MARGIN = 3.0  # a second family this much nearer or less: the colour does not tell them apart
# Families told by their ends, not their colour.
SHAPED = ("thermometer", "slow thermometer", "between", "lockout", "double arrow")


@dataclass(frozen=True)
class Drawn:
    """A drawn line through cell centres: its cells in drawing order, colour and thickness."""

    cells: tuple
    colour: str
    thickness: float

    @property
    def loop(self) -> bool:
        """True when it ends where it starts (and has cells between)."""
        return len(self.cells) > 2 and self.cells[0] == self.cells[-1]


def joined(lines: Iterable[Drawn], stops: Iterable[int] = ()) -> List[Drawn]:
    """The lines with pieces of one colour and thickness joined where exactly two of them meet end to end at a cell
    that is not one of `stops` (bulbs and circles, where lines begin)."""
    stops = set(stops)
    pending, seen = [], set()
    for line in lines:  # a piece drawn twice is one piece
        key = (min(line.cells, line.cells[::-1]), line.colour, line.thickness)
        if key not in seen:
            seen.add(key)
            pending.append(line)
    ends: dict = {}  # (look, cell) -> how many pieces end there
    for line in pending:
        for end in {line.cells[0], line.cells[-1]}:
            ends[(line.colour, line.thickness, end)] = ends.get((line.colour, line.thickness, end), 0) + 1
    stops = stops | {end for (_, _, end), count in ends.items() if count > 2}  # three pieces meet: a branch point
    done: List[Drawn] = []
    while pending:
        line = pending.pop()
        partner = _partner(line, pending, stops)
        if partner is None:
            done.append(line)
            continue
        pending.remove(partner)
        pending.append(_join(line, partner))
    return done[::-1]


def _partner(line: Drawn, others: Sequence[Drawn], stops: set) -> Optional[Drawn]:
    """The one other piece of the same look that meets this one end to end at a cell no third piece ends at (two
    pieces that each hold a bulb are two lines: thermometers meeting tip to tip)."""
    if line.loop:
        return None
    same = [other for other in others if (other.colour, other.thickness) == (line.colour, line.thickness)
            and not other.loop and not (stops & set(line.cells) and stops & set(other.cells))]
    for end in (line.cells[0], line.cells[-1]):
        if end in stops:
            continue
        meeting = [other for other in same if end in (other.cells[0], other.cells[-1])]
        if len(meeting) == 1:
            return meeting[0]
    return None


def _join(first: Drawn, second: Drawn) -> Drawn:
    """Two pieces that share an end as one line."""
    a, b = first.cells, second.cells
    if a[-1] == b[0]:
        cells = a + b[1:]
    elif a[-1] == b[-1]:
        cells = a + b[::-1][1:]
    elif a[0] == b[-1]:
        cells = b + a[1:]
    else:
        cells = b[::-1] + a[1:]
    return replace(first, cells=cells)


def kind_of(colour, kinds: Sequence[LineKind]) -> Optional[LineKind]:
    """The line family (of those the rules name, bar the ones told by their ends) a line of this colour belongs to,
    or None when its colour does not tell."""
    candidates = [kind for kind in kinds if kind.family not in SHAPED]
    if not candidates:
        return None
    scored = sorted(((_distance(colour, kind), index) for index, kind in enumerate(candidates)))
    best, index = scored[0]
    if len(candidates) == 1:
        return candidates[0] if not candidates[0].colours or best <= NEAR else None
    if best > NEAR or scored[1][0] - best < MARGIN:
        return None
    return candidates[index]


def is_near(colour, kind: LineKind) -> bool:
    """True when a colour lies near the family's colours (named, else conventional)."""
    return _distance(colour, kind) <= NEAR


def _distance(colour, kind: LineKind) -> float:
    """How far a colour lies from a family's colours (named, else conventional)."""
    words = kind.colours or CONVENTIONAL.get(kind.family, ())
    return min((word_distance(colour, word) for word in words), default=float("inf"))


def links_of(lines: Iterable[Drawn]) -> tuple:
    """Every pair of cells the lines join (each pair once, lower cell first)."""
    return tuple(dict.fromkeys((min(a, b), max(a, b)) for line in lines for a, b in zip(line.cells, line.cells[1:])
                               if a != b))


def figures(lines: Sequence[Drawn]) -> List[list]:
    """The lines grouped into figures: pieces of one colour and thickness of which one ends on a cell of another
    (a branch, or pieces end to end); pieces that only cross stay apart."""
    owner = list(range(len(lines)))

    def root(index: int) -> int:
        while owner[index] != index:
            owner[index] = owner[owner[index]]
            index = owner[index]
        return index

    for i, first in enumerate(lines):
        for j in range(i + 1, len(lines)):
            second = lines[j]
            if (first.colour, first.thickness) != (second.colour, second.thickness):
                continue
            ends = {first.cells[0], first.cells[-1]} & set(second.cells) or \
                {second.cells[0], second.cells[-1]} & set(first.cells)
            if ends:
                owner[root(i)] = root(j)
    groups: dict = {}
    for index, line in enumerate(lines):
        groups.setdefault(root(index), []).append(line)
    return list(groups.values())


def branches(links: Sequence[tuple], root: int) -> List[tuple]:
    """Every path from `root` to a leaf of the tree the links draw (a thermometer whose stroke goes out and back,
    passes through its bulb, or has branches): one path for a plain line from its end."""
    near: dict = {}
    for a, b in links:
        near.setdefault(a, []).append(b)
        near.setdefault(b, []).append(a)
    found, stack = [], [(root, (root,))]
    while stack:
        cell, path = stack.pop()
        nexts = [other for other in dict.fromkeys(near.get(cell, ())) if other not in path]
        if not nexts and len(path) > 1:
            found.append(path)
        stack.extend((other, path + (other,)) for other in reversed(nexts))
    return found


LINE_CLASSES = {"whisper": "Whisper", "renban": "Renban", "palindrome": "Palindrome", "region sum": "RegionSumLine",
                "zipper": "Zipper", "entropic": "Entropic", "modular": "Modular", "nabner": "Nabner",
                "parity line": "ParityLine"}


def line_constraints(kind: LineKind, cells: tuple, name: str = "") -> list:
    """The constraints of a line family along a line's cells: its own, and a group when the rules say its digits do
    not repeat; a renban whose rule is over runs of N cells (its value), one renban per run. A loop (first cell again
    at the end) keeps its closing step where neighbours are compared (whispers, parity lines), wraps around where
    every three cells are (entropic, modular lines, runs of a renban), and is its set of cells otherwise."""
    loop = len(cells) > 2 and cells[0] == cells[-1]
    if loop and kind.family in ("entropic", "modular"):
        cells = cells + cells[1:2]
    elif loop and kind.family not in ("whisper", "parity line"):
        cells = cells[:-1]
    made = getattr(constraints, LINE_CLASSES[kind.family])
    if kind.family == "renban" and kind.value and len(cells) > kind.value:  # every run of N cells is a renban
        around = cells + cells[:kind.value - 1] if loop else cells
        return [made(around[start:start + kind.value]) for start in range(len(around) - kind.value + 1)]
    if loop and kind.family == "region sum":  # a loop's last and first segments may be one
        found = [made(cells, tuple((min(a, b), max(a, b)) for a, b in zip(cells, cells[1:] + cells[:1])))]
    else:
        found = [made(cells, kind.value) if kind.family == "whisper" else made(cells)]
    if kind.distinct:
        found.append(constraints.Distinct(tuple(dict.fromkeys(cells)), f"{kind.family} line without repeats {name}"))
    return found


def nearest_kind(colour, kinds: Sequence[LineKind]) -> Optional[LineKind]:
    """Of several kinds (slow and plain thermometers), the one whose colours lie nearest this colour."""
    if not kinds:
        return None
    return min(kinds, key=lambda kind: _distance(colour, kind))

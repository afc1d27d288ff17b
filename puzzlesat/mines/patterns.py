"""Shapes of a position that decide a guess: dead cells and unavoidable 50/50s, read from what one count knows.

A covered cell is *dead* when opening it can teach nothing: if it is safe, the number it would show is already
known. `is_dead` is the cheap sufficient test: every covered neighbour is decided (a known mine or certainly safe),
so its number is the count of those mines. `dead_cells` is the exact one, as JSMinesweeper marks dead tiles: every
undecided covered cell that shows the same number in every layout where it is safe.

The number a safe cell would show is the sum of its neighbours' mines, and the count (puzzlesat.mines.count) already
holds, for every group of interchangeable cells, its layouts by the group's mines (`Counts.spreads`; the cells off
the frontier are one such group, `Counts.off_spread`). Each undecided cell is judged from them, cheapest first:
1. no undecided neighbour: dead;
2. a group of which some cells are neighbours and some are not (the cell itself aside) can hold a mine and a safe
   cell among them in a layout where the cell is safe: moving that mine across the line gives a second number, so
   the cell lives. Where the cell is in the group this is read exactly off the group's spread; elsewhere, when the
   layouts where the group is mixed outnumber those with a mine on the cell, some layout has both;
3. the undecided neighbours (with or without the cell) are exactly the cells of one number: its need fixes the sum;
4. otherwise the layouts of the few parts the cell and its neighbours lie in are listed (parts that are small enough
   keep their layouts), combined with what the other parts and the cells off the frontier can hold under the total:
   exact. A part too large to keep its layouts is judged by counting the position again with the cell open on each
   number it could show (a second number that fits makes it living), which a few cells at most ever need.

An *unavoidable 50/50* is a pair of covered cells holding exactly one mine between them in every layout that no
later reveal can tell apart: every covered cell next to one of them, except known mines, is next to the other too
(a safe cell next to one only would count it), and no revealed number touches one without the other (such a number
would decide the pair once its other cells are known). Every number either cell's neighbours can ever show counts
the pair's one mine the same way, so the guess must be made some time; making it at once costs nothing and saves the
guesses that would be spent before it. Two such cells touch the same numbers, so they are in one group: exactly one
of them holds a mine in every layout when each is a mine in half of them and the group never holds two mines.

>>> from puzzlesat.mines.board import parse_board
>>> board = parse_board("# mines: 1\\n??\\n11")   # one mine in the top row: nothing can tell the cells apart
>>> known, _ = board.view
>>> fifty_fifties(known, board.neighbour_table, board.total_mines)
[(0, 1)]
>>> dead_cells(known, board.neighbour_table, board.total_mines)  # each would show 1, the other cell's mine
[0, 1]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import AbstractSet, Collection, Dict, List, Optional, Sequence, Set, Tuple

from puzzlesat.budget import Budget
from puzzlesat.errors import Inconsistent
from puzzlesat.mines.board import HIDDEN
from puzzlesat.mines.count import Counts, count_layouts, fits, snapshot
from puzzlesat.mines.equations import active_numbers

LISTED_LAYOUTS = 5000  # layouts of a swept part listed for dead cells before they are judged by counting again


def undecided_neighbours(cell: int, known: Sequence[int], neighbours, decided: Collection[int]) -> List[int]:
    """The covered neighbours of `cell` that are neither known mines nor certainly safe."""
    return [other for other in neighbours[cell] if known[other] == HIDDEN and other not in decided]


def is_dead(cell: int, known: Sequence[int], neighbours, mines: AbstractSet[int], safe: AbstractSet[int]) -> bool:
    """Opening `cell` can teach nothing: every covered neighbour is a known mine or certainly safe."""
    for other in neighbours[cell]:
        if known[other] == HIDDEN and other not in mines and other not in safe:
            return False
    return True


@dataclass
class _Group:
    """Interchangeable cells (a group of a part, or the cells off the frontier) and their layouts by the group's
    mines; `part` is the index of the part (None off the frontier), `index` the group's place in it."""

    cells: frozenset
    spread: Dict[int, int]  # mines in the group -> layouts
    part: Optional[int]
    index: int = 0
    _mixed: Optional[int] = None

    def mixed(self) -> int:
        """Layouts where the group holds a mine and a safe cell."""
        if self._mixed is None:
            size = len(self.cells)
            self._mixed = sum(layouts for m, layouts in self.spread.items() if 0 < m < size)
        return self._mixed

    def mixes_without(self, cell: int, mine_layouts: int) -> bool:
        """Whether some layout with `cell` safe has a mine and a safe cell among the group's cells other than it
        (`mine_layouts`: the layouts with a mine on `cell`)."""
        if cell in self.cells:  # c safe and m mines among the others: possible whenever m < size
            others = len(self.cells) - 1
            return any(layouts for m, layouts in self.spread.items() if 0 < m < others)
        return self.mixed() > mine_layouts


class _Reading:
    """What dead cells and 50/50s read off one count: each undecided cell's group and its spread (a part's spreads
    are worked out the first time one of its cells is asked about)."""

    def __init__(self, counts: Counts):
        self.counts = counts
        self.places: Dict[int, Tuple[int, int]] = {}  # frontier cell -> (part, group)
        for p, part in enumerate(counts.parts):
            for g, cells in enumerate(part.groups):
                for cell in cells:
                    self.places[cell] = (p, g)
        self.spread_groups: Dict[int, List[_Group]] = {}
        self.off = _Group(frozenset(counts.off_frontier), counts.off_spread, None) if counts.off_frontier else None
        self._rest: Dict[frozenset, Set[int]] = {}
        self._unlisted: Set[int] = set()  # swept parts with too many layouts to list

    def group(self, cell: int) -> Optional[_Group]:
        """The group of an undecided cell (None for a cell a pair of numbers decided before counting)."""
        place = self.places.get(cell)
        if place is None:
            return self.off if self.off is not None and cell in self.off.cells else None
        p, g = place
        groups = self.spread_groups.get(p)
        if groups is None:
            part = self.counts.parts[p]
            spreads = part.spreads(self.counts.weights[p])
            groups = self.spread_groups[p] = [
                _Group(frozenset(cells), {m: n for m, n in enumerate(spread) if n}, p, index)
                for index, (cells, spread) in enumerate(zip(part.groups, spreads))]
        return groups[g]

    def swappable(self, cell: int, around: List[int]) -> Optional[bool]:
        """True when a mine can move between the cell's neighbours and the rest of one of their groups in a layout
        where the cell is safe (step 2: living); None when a neighbour has no group."""
        seen: Dict[int, int] = {}
        groups = {}
        for other in around:
            group = self.group(other)
            if group is None:
                return None
            key = id(group)
            seen[key] = seen.get(key, 0) + 1
            groups[key] = group
        mine_layouts = self.counts.numerators.get(cell, 0)
        for key, inside in seen.items():
            group = groups[key]
            if inside < len(group.cells) - (cell in group.cells) and group.mixes_without(cell, mine_layouts):
                return True
        return False

    def one_equation(self, cell: int, around: List[int], known: Sequence[int], neighbours,
                     decided: AbstractSet[int]) -> bool:
        """Whether the neighbours, or the neighbours and the cell, are the undecided cells of one number (step 3):
        that number's need then fixes their mines."""
        wanted = set(around)
        for number in neighbours[around[0]]:
            if known[number] < 0:
                continue
            cells = {other for other in neighbours[number] if known[other] == HIDDEN and other not in decided}
            if cells == wanted or (cell in cells and len(cells) == len(wanted) + 1 and cells - {cell} == wanted):
                return True
        return False

    def shows_one(self, cell: int, around: List[int]) -> Optional[bool]:
        """Exactly (step 4): whether the cell's undecided neighbours hold one number of mines in every layout where
        it is safe; None when a part involved keeps no list of its layouts."""
        counts = self.counts
        involved: Dict[int, Tuple[int, int]] = {}
        for other in [cell] + around:
            place = self.places.get(other)
            if place is not None:
                involved.setdefault(place[0], place)
        sums = {(0, 0, 0)}  # (mines in the involved parts, least and most of the neighbours' mines among them)
        for p in involved:
            layouts = self._layouts(p)
            if layouts is None:
                return None
            options = self._options(counts.parts[p], layouts, cell, around)
            sums = {(k + j, low + a, high + b) for k, low, high in sums for j, a, b in options}
        rest = self._rest_mines(frozenset(involved))
        off_cells = self.off.cells if self.off is not None else frozenset()
        free = len(off_cells) - (cell in off_cells)
        near_off = sum(1 for other in around if other in off_cells)
        shown = set()
        for k, low, high in sums:
            for j in rest:
                m = counts.left - k - j  # mines off the frontier (on cells other than this one)
                if not 0 <= m <= free:
                    continue
                low_here, high_here = low + max(0, m - (free - near_off)), high + min(near_off, m)
                if low_here != high_here:
                    return False
                shown.add(low_here)
                if len(shown) > 1:
                    return False
        return True

    def _layouts(self, p: int) -> Optional[List[tuple]]:
        """The layouts of part p as Listed keeps them; a swept part's are listed once, None past LISTED_LAYOUTS."""
        part = self.counts.parts[p]
        layouts = getattr(part, "layouts", None)
        if layouts is None and p not in self._unlisted:
            layouts = part.layouts = part.listing(LISTED_LAYOUTS)
            if layouts is None:
                self._unlisted.add(p)
        return layouts

    def _options(self, part, layouts: List[tuple], cell: int, around: List[int]) -> Set[Tuple[int, int, int]]:
        """(mines in the part, least and most of them on the cell's neighbours) over the part's layouts where the
        cell is safe; within a group any cells may hold its mines."""
        inside, sizes, cell_group = [], [], None
        for g, cells in enumerate(part.groups):
            here = sum(1 for other in around if other in cells)
            mine = cell in cells
            if mine:
                cell_group = g
            if here or mine:
                inside.append((g, here, len(cells) - mine))
        options = set()
        for mines, _, layout in layouts:
            if cell_group is not None and layout[cell_group] == len(part.groups[cell_group]):
                continue  # the cell holds a mine in every such layout
            low = high = 0
            for g, here, size in inside:
                m = layout[g]
                low += max(0, m - (size - here))
                high += min(here, m)
            options.add((mines, low, high))
        return options

    def _rest_mines(self, involved: frozenset) -> Set[int]:
        """The numbers of mines the parts not `involved` can hold together."""
        rest = self._rest.get(involved)
        if rest is None:
            rest = {0}
            for p, part in enumerate(self.counts.parts):
                if p not in involved:
                    rest = {a + b for a in rest for b in part.polynomial}
            self._rest[involved] = rest
        return rest


def fifty_fifties(known: Sequence[int], neighbours, total: Optional[int], mines: AbstractSet[int] = frozenset(),
                  counts: Optional[Counts] = None) -> List[Tuple[int, int]]:
    """Every unavoidable 50/50 of the position (module docstring), as pairs of engine indices, sorted.

    `mines` are the covered cells known to hold mines; `counts` the position's exact counts when the caller has
    them (computed here otherwise). Raises Inconsistent when no layout fits.
    """
    if counts is None or not counts.counted:
        counts = count_layouts(known, neighbours, total, mines)
    if not counts.layouts:
        return []
    half = counts.layouts
    halves = [cell for cell, count in counts.numerators.items() if 2 * count == half]
    if len(halves) < 2:
        return []
    mines = set(mines) | counts.mines
    halves = sorted(cell for cell in halves if cell not in mines and cell not in counts.safe)
    halves_set = set(halves)
    reading = _Reading(counts) if counts.left is not None else None
    pairs = []
    for a in halves:
        for b in _near(a, neighbours):
            if b > a and b in halves_set and _indistinguishable(a, b, known, neighbours, mines) \
                    and _exactly_one(a, b, known, neighbours, total, mines, reading):
                pairs.append((a, b))
    return pairs


def _near(cell: int, neighbours) -> set:
    """Cells within two steps (king moves) of `cell`."""
    return {far for near in neighbours[cell] for far in neighbours[near]} | set(neighbours[cell])


def _indistinguishable(a: int, b: int, known, neighbours, mines) -> bool:
    """Every cell next to only one of them is a known mine (a number there, shown or to come, would tell them apart)."""
    around_a, around_b = set(neighbours[a]) - {b}, set(neighbours[b]) - {a}
    return all(known[other] == HIDDEN and other in mines for other in around_a ^ around_b)


def _exactly_one(a: int, b: int, known, neighbours, total: Optional[int], mines: set,
                 reading: Optional[_Reading]) -> bool:
    """No layout has mines on both (each holds a mine in half the layouts, so exactly one of them always does):
    read off their group's spread (never two mines in it), else by counting with both made mines."""
    group = None if reading is None else reading.group(a)
    if group is not None and group is reading.group(b):
        return all(m < 2 for m in group.spread)
    try:
        count_layouts(known, neighbours, total, mines | {a, b}, probabilities=False)
    except Inconsistent:
        return True
    return False


def dead_cells(known: Sequence[int], neighbours, total: Optional[int], mines: AbstractSet[int] = frozenset(),
               counts: Optional[Counts] = None, budget: Optional[Budget] = None) -> List[int]:
    """Every undecided covered cell that can show one number only (module docstring), sorted; `mines` and `counts`
    as for fifty_fifties (without a total, layouts are those of the numbers alone). Raises Inconsistent when no
    layout fits, OutOfBudget when the running `budget` is spent (looked at between the cells that need a second
    count)."""
    if counts is None or not counts.counted:
        counts = count_layouts(known, neighbours, total, mines)
    sure = set(mines) | counts.mines
    decided = sure | counts.safe
    reading = _Reading(counts) if counts.left is not None else None
    off = None if reading is None else reading.off
    off_cells = frozenset() if off is None else off.cells
    roomy = off is not None and len(off_cells) > 9  # more cells off the frontier than a cell has neighbours
    inner = roomy and off.mixes_without(counts.off_frontier[0], 0)  # for a cell off the frontier
    mixed = off.mixed() if roomy else 0  # for a cell on it: more than the layouts with a mine there
    numerators = counts.numerators
    recount = None
    dead = []
    for cell in numerators if reading is not None else range(len(known)):
        if cell in decided or known[cell] != HIDDEN:
            continue
        if roomy and (inner if cell in off_cells else mixed > numerators[cell]) \
                and not off_cells.isdisjoint(neighbours[cell]):
            continue  # a mine moves between its neighbours off the frontier and the cells off it further away
        around = [other for other in neighbours[cell] if known[other] == HIDDEN and other not in decided]
        if not around:
            dead.append(cell)
            continue
        verdict = None
        if reading is not None and reading.group(cell) is not None:
            living = reading.swappable(cell, around)
            if living:
                continue
            if reading.one_equation(cell, around, known, neighbours, decided):
                dead.append(cell)
                continue
            if living is not None:
                verdict = reading.shows_one(cell, around)
        if verdict is None:
            if recount is None:
                recount = _Recount(known, neighbours, total, sure, counts)
            if budget is not None:
                budget.check("the search for dead cells")
            verdict = recount.shows_one(cell)
        if verdict:
            dead.append(cell)
    return sorted(dead)


class _Recount:
    """The slow exact test: the position counted again with the cell open on each number it could show."""

    def __init__(self, known: Sequence[int], neighbours, total: Optional[int], sure: set, counts: Counts):
        self.trial = list(known)
        self.neighbours, self.total, self.sure, self.counts = neighbours, total, sure, counts
        self.numbers = active_numbers(known, neighbours)
        self.since = snapshot(known, neighbours, frozenset(sure), self.numbers)
        self.memo: dict = {}

    def shows_one(self, cell: int) -> bool:
        """Whether at most one of the numbers `cell` could show fits the position; the likeliest numbers are tried
        first (two that fit settle it)."""
        trial, neighbours, counts, sure = self.trial, self.neighbours, self.counts, self.sure
        least = sum(1 for other in neighbours[cell] if trial[other] == HIDDEN and other in sure)
        around = undecided_neighbours(cell, trial, neighbours, sure | set(counts.safe))
        likely = least + sum(counts.numerators.get(other, 0) for other in around) / counts.layouts \
            if counts.layouts and counts.numerators else least + len(around) / 2
        fitting = 0
        for value in sorted(range(least, least + len(around) + 1), key=lambda value: abs(value - likely)):
            trial[cell] = value
            fitted = fits(trial, neighbours, self.total, sure, numbers=self.numbers + [cell], changed=[cell],
                          since=self.since, memo=self.memo)
            trial[cell] = HIDDEN
            if not fitted:
                continue
            fitting += 1
            if fitting > 1:
                return False
        return True

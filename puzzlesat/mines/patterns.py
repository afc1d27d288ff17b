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

import random
from fractions import Fraction
from typing import AbstractSet, Collection, Dict, FrozenSet, List, NamedTuple, Optional, Sequence, Set, Tuple

from puzzlesat.budget import Budget
from puzzlesat.errors import Inconsistent
from puzzlesat.mines.board import HIDDEN, Neighbours
from puzzlesat.mines.count import Counts, count_layouts, fits, snapshot
from puzzlesat.mines.equations import active_numbers
from puzzlesat.mines.parts import Layout, Part, Sweep
from puzzlesat.mines.sampling import draw_layouts

LISTED_LAYOUTS = 1000  # layouts of a swept part listed for dead cells before they are judged otherwise
SAMPLES = 24  # layouts drawn to tell that a cell of a crowded part is living
CROWDED = 1000  # layouts of a part from which its cells are first tried on layouts drawn at random
Option = Tuple[int, int, int]  # (mines in a part, least and most of them on a cell's neighbours)


def undecided_neighbours(cell: int, known: Sequence[int], neighbours: Neighbours,
                         decided: Collection[int]) -> List[int]:
    """The covered neighbours of `cell` that are neither known mines nor certainly safe."""
    return [other for other in neighbours[cell] if known[other] == HIDDEN and other not in decided]


def is_dead(cell: int, known: Sequence[int], neighbours: Neighbours, mines: AbstractSet[int],
            safe: AbstractSet[int]) -> bool:
    """Opening `cell` can teach nothing: every covered neighbour is a known mine or certainly safe."""
    for other in neighbours[cell]:
        if known[other] == HIDDEN and other not in mines and other not in safe:
            return False
    return True


def dead_cells(known: Sequence[int], neighbours: Neighbours, total: Optional[int],
               mines: AbstractSet[int] = frozenset(), counts: Optional[Counts] = None,
               budget: Optional[Budget] = None) -> List[int]:
    """Every undecided covered cell that can show one number only (module docstring), sorted; `mines` and `counts`
    as for fifty_fifties (without a total, layouts are those of the numbers alone). Raises Inconsistent when no
    layout fits, OutOfBudget when the running `budget` is spent (looked at between the cells that need a second
    count)."""
    return find_patterns(known, neighbours, total, mines, counts, budget, pairs=False, exhaustive=True).dead


def fifty_fifties(known: Sequence[int], neighbours: Neighbours, total: Optional[int],
                  mines: AbstractSet[int] = frozenset(), counts: Optional[Counts] = None) -> List[Tuple[int, int]]:
    """Every unavoidable 50/50 of the position (module docstring), as pairs of engine indices, sorted.

    `mines` are the covered cells known to hold mines; `counts` the position's exact counts when the caller has
    them (computed here otherwise). Raises Inconsistent when no layout fits.
    """
    return find_patterns(known, neighbours, total, mines, counts, dead=False).fifty_fifties


class Patterns(NamedTuple):
    """Dead cells and unavoidable 50/50s (engine indices, sorted); `unjudged`: the cells of parts too large to list
    that nothing cheap could judge, left living (none when the search was exhaustive)."""

    dead: List[int]
    fifty_fifties: List[Tuple[int, int]]
    unjudged: List[int]


def find_patterns(known: Sequence[int], neighbours: Neighbours, total: Optional[int],
                  mines: AbstractSet[int] = frozenset(), counts: Optional[Counts] = None,
                  budget: Optional[Budget] = None, dead: bool = True, pairs: bool = True,
                  exhaustive: bool = False) -> Patterns:
    """Dead cells and unavoidable 50/50s of the position, as dead_cells and fifty_fifties give them, read off one
    count together (each left empty when not asked for). Exact on every position whose parts can be listed (all but
    huge, dense ones); a cell of a larger part is judged by layouts drawn at random (living when two show different
    numbers there) and by the equations around it (dead when its neighbours' mines are a sum of them), and what
    neither tells is counted again only when `exhaustive` (slow there), else left living and listed as unjudged."""
    if counts is None or not counts.counted:
        counts = count_layouts(known, neighbours, total, mines)
    sure = set(mines) | counts.mines
    reading = _Reading(counts, known, neighbours, sure)
    reading.exhaustive = exhaustive
    found = reading.dead_cells(total, budget) if dead else []
    return Patterns(found, reading.fifty_fifties(total) if pairs and counts.layouts else [], sorted(reading.unjudged))


class _Group:
    """Interchangeable cells (a group of a part, or the cells off the frontier) and their layouts by the group's
    mines (`spread`: mines -> layouts)."""

    def __init__(self, cells: FrozenSet[int], spread: Dict[int, int]):
        self.cells = cells
        self.spread = spread
        self._mixed = -1

    def mixed(self) -> int:
        """Layouts where the group holds a mine and a safe cell."""
        if self._mixed < 0:
            size = len(self.cells)
            self._mixed = sum(layouts for m, layouts in self.spread.items() if 0 < m < size)
        return self._mixed

    def mixes_without(self, cell: int, mine_layouts: int) -> bool:
        """Whether some layout with `cell` safe has a mine and a safe cell among the group's cells other than it
        (`mine_layouts`: the layouts with a mine on `cell`)."""
        if cell in self.cells:  # the cell safe and m mines on the others: possible whenever m < size
            others = len(self.cells) - 1
            return any(layouts for m, layouts in self.spread.items() if 0 < m < others)
        return self.mixed() > mine_layouts


class _Reading:
    """One count read for dead cells and 50/50s: each undecided cell's group and its spread (a part's spreads are
    worked out the first time one of its cells is asked about), with the position it counted."""

    def __init__(self, counts: Counts, known: Sequence[int], neighbours: Neighbours, sure: Set[int]):
        self.counts, self.neighbours, self.sure = counts, neighbours, sure
        self.known: List[int] = list(known)
        self.decided = sure | counts.safe
        self.places: Dict[int, Tuple[int, int]] = {}  # frontier cell -> (part, group)
        for p, part in enumerate(counts.parts):
            for g, cells in enumerate(part.groups):
                for cell in cells:
                    self.places[cell] = (p, g)
        self.counted_groups: Dict[int, List[_Group]] = {}
        self.off = _Group(frozenset(counts.off_frontier), counts.off_spread) if counts.off_frontier else None
        self.off_cells: FrozenSet[int] = frozenset() if self.off is None else self.off.cells
        self._rest: Dict[FrozenSet[int], Set[int]] = {}
        self._unlisted: Set[int] = set()  # swept parts with too many layouts to list
        self._recount: Optional[_Recount] = None
        self._samples: Optional[List[FrozenSet[int]]] = None
        self.exhaustive = False  # judge every cell, counting again where nothing cheaper tells (slow on huge parts)
        self.unjudged: List[int] = []  # cells left living because nothing cheap could tell (exhaustive=False)

    def dead_cells(self, total: Optional[int], budget: Optional[Budget]) -> List[int]:
        """Every dead cell, sorted (module docstring: steps 1 to 4, then a second count where they cannot tell)."""
        counts, known, neighbours, decided = self.counts, self.known, self.neighbours, self.decided
        exact = counts.left is not None
        off, off_cells = self.off, self.off_cells
        roomy = off is not None and exact and len(off_cells) > 9  # more cells off it than a cell has neighbours
        inner = roomy and off is not None and off.mixes_without(counts.off_frontier[0], 0)  # for a cell off it
        mixed = off.mixed() if roomy and off is not None else 0  # for a cell on it: more than its mine layouts
        counted = counts.numerators if exact else {cell: 0 for cell, value in enumerate(known) if value == HIDDEN}
        dead = []
        for cell, mine_layouts in counted.items():
            if cell in decided:
                continue
            if roomy and (inner if cell in off_cells else mixed > mine_layouts) \
                    and _touches(neighbours[cell], off_cells):
                continue  # a mine moves between its neighbours off the frontier and the cells off it further away
            around = [other for other in neighbours[cell] if known[other] == HIDDEN and other not in decided]
            if not around:
                dead.append(cell)
                continue
            verdict: Optional[bool] = None
            if exact:
                if self.swappable(cell, around):
                    continue
                if self.one_equation(cell, around):
                    dead.append(cell)
                    continue
                crowded = self.crowded(cell, around)
                if crowded and self.drawn_apart(cell):
                    continue
                if crowded and self.sums_to(cell, around):
                    dead.append(cell)
                    continue
                verdict = self.shows_one(cell, around)
            if verdict is None:
                if exact and not self.exhaustive:
                    self.unjudged.append(cell)  # left living: never marked dead without a proof
                    continue
                if budget is not None:
                    budget.check("the search for dead cells")
                verdict = self.recount(total).shows_one(cell)
            if verdict:
                dead.append(cell)
        return sorted(dead)

    def crowded(self, cell: int, around: List[int]) -> bool:
        """Whether the parts of the cell and its neighbours have more layouts than listing them cheaply allows (more
        than CROWDED, or too many to list at all)."""
        for other in [cell] + around:
            place = self.places.get(other)
            if place is not None:
                layouts = self._layouts(place[0])
                if layouts is None or len(layouts) > CROWDED:
                    return True
        return False

    def drawn_apart(self, cell: int) -> bool:
        """Whether two of SAMPLES layouts drawn at random (the same ones for every cell) show different numbers on
        the cell, where it is safe: then it lives."""
        if self._samples is None:
            self._samples = draw_layouts(self.counts, SAMPLES, random.Random(len(self.counts.numerators)))
        shown = {sum(1 for other in self.neighbours[cell] if other in layout) for layout in self._samples
                 if cell not in layout}
        return len(shown) > 1

    def sums_to(self, cell: int, around: List[int]) -> bool:
        """Whether the cell's undecided neighbours are a combination of the equations of the numbers around them and
        the cell (with the cell safe): their mines are then the same in every layout (exact rational elimination)."""
        known, neighbours, decided = self.known, self.neighbours, self.decided
        numbers = {number for other in around + [cell] for number in neighbours[other] if known[number] >= 0}
        rows = [{other for other in neighbours[number] if known[other] == HIDDEN and other not in decided}
                for number in sorted(numbers)]
        rows = [row for row in rows if row] + [{cell}]
        cells = sorted(set().union(*rows) | set(around))
        target = set(around)
        matrix = [[Fraction(int(x in row)) for row in rows] + [Fraction(int(x in target))] for x in cells]
        return _solvable(matrix)


    def group(self, cell: int) -> Optional[_Group]:
        """The group of an undecided cell (None for a cell a pair of numbers decided before counting)."""
        place = self.places.get(cell)
        if place is None:
            return self.off if cell in self.off_cells else None
        p, g = place
        return self._counted(p)[g]

    def _counted(self, p: int) -> List[_Group]:
        """The groups of part p with their spreads (worked out once)."""
        groups = self.counted_groups.get(p)
        if groups is None:
            part = self.counts.parts[p]
            spreads = part.spreads(self.counts.weights[p])
            groups = self.counted_groups[p] = [_Group(frozenset(cells), {m: n for m, n in enumerate(spread) if n})
                                               for cells, spread in zip(part.groups, spreads)]
        return groups

    def swappable(self, cell: int, around: List[int]) -> bool:
        """Whether a mine can move between the cell's neighbours and the rest of one of their groups in a layout
        where the cell is safe (step 2: the cell lives)."""
        inside: Dict[Tuple[int, int], int] = {}  # (part, group) of each neighbour -> how many; (-1, 0) off the frontier
        for other in around:
            place = self.places.get(other)
            if place is None:
                if other not in self.off_cells:
                    return False  # decided by a pair of numbers before counting: not in a group
                place = (-1, 0)
            inside[place] = inside.get(place, 0) + 1
        mine_layouts = self.counts.numerators.get(cell, 0)
        for place, here in inside.items():
            p, g = place
            if p < 0:
                others = len(self.off_cells) - (cell in self.off_cells)
            else:
                members = self.counts.parts[p].groups[g]
                others = len(members) - (cell in members)
            if here < others:  # some of the group's cells are not neighbours: can a mine move across?
                group = self.off if p < 0 else self._counted(p)[g]
                if group is not None and group.mixes_without(cell, mine_layouts):
                    return True
        return False

    def one_equation(self, cell: int, around: List[int]) -> bool:
        """Whether the neighbours, or the neighbours and the cell, are the undecided cells of one number (step 3):
        that number's need then fixes their mines."""
        known, neighbours, decided = self.known, self.neighbours, self.decided
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
        it is safe; None when a part involved has too many layouts to list."""
        counts = self.counts
        involved: Set[int] = set()
        for other in [cell] + around:
            place = self.places.get(other)
            if place is not None:
                involved.add(place[0])
        sums: Set[Option] = {(0, 0, 0)}  # (mines in the involved parts, least and most on the neighbours)
        for p in involved:
            layouts = self._layouts(p)
            if layouts is None:
                return None
            options = _options(counts.parts[p], layouts, cell, around)
            sums = {(k + j, low + a, high + b) for k, low, high in sums for j, a, b in options}
        rest = self._rest_mines(frozenset(involved))
        off_cells = self.off_cells
        free = len(off_cells) - (cell in off_cells)
        near_off = sum(1 for other in around if other in off_cells)
        left = counts.left if counts.left is not None else 0
        shown: Set[int] = set()
        for k, low, high in sums:
            for j in rest:
                m = left - k - j  # mines off the frontier (on cells other than this one)
                if not 0 <= m <= free:
                    continue
                low_here, high_here = low + max(0, m - (free - near_off)), high + min(near_off, m)
                if low_here != high_here:
                    return False
                shown.add(low_here)
                if len(shown) > 1:
                    return False
        return True

    def _layouts(self, p: int) -> Optional[List[Layout]]:
        """The layouts of part p one by one; a swept part's are listed once, None past LISTED_LAYOUTS."""
        part = self.counts.parts[p]
        if part.layouts is None and isinstance(part, Sweep) and p not in self._unlisted:
            part.layouts = part.listing(LISTED_LAYOUTS, self.counts.weights[p])
            if part.layouts is None:
                self._unlisted.add(p)
        return part.layouts

    def _rest_mines(self, involved: FrozenSet[int]) -> Set[int]:
        """The numbers of mines the parts not `involved` can hold together."""
        rest = self._rest.get(involved)
        if rest is None:
            rest = {0}
            for p, part in enumerate(self.counts.parts):
                if p not in involved:
                    rest = {a + b for a in rest for b in part.polynomial}
            self._rest[involved] = rest
        return rest

    def recount(self, total: Optional[int]) -> _Recount:
        """The slow exact test, set up once."""
        if self._recount is None:
            self._recount = _Recount(self.known, self.neighbours, total, self.sure, self.counts)
        return self._recount

    def fifty_fifties(self, total: Optional[int]) -> List[Tuple[int, int]]:
        """Every unavoidable 50/50, as sorted pairs (module docstring). Two such cells touch the same numbers, so
        only cells of one group with a mine in half the layouts are paired."""
        layouts = self.counts.layouts
        if layouts % 2:
            return []
        half = layouts >> 1
        by_group: Dict[Tuple[int, int], List[int]] = {}
        for cell, count in self.counts.numerators.items():
            if count == half and cell not in self.decided:
                place = self.places.get(cell, (-1, 0))  # (-1, 0): off the frontier
                members = by_group.get(place)
                if members is None:
                    by_group[place] = [cell]
                else:
                    members.append(cell)
        pairs = []
        for cells in by_group.values():
            if len(cells) > 1:
                pairs += self._pairs(sorted(cells), total)
        return sorted(pairs)

    def _pairs(self, cells: List[int], total: Optional[int]) -> List[Tuple[int, int]]:
        """The unavoidable 50/50s among the cells of one group, each a mine in half the layouts (sorted)."""
        known, neighbours, sure = self.known, self.neighbours, self.sure
        members = set(cells)
        pairs = []
        for a in cells:
            for b in sorted(_near(a, neighbours) & members) if len(cells) > 8 else cells:
                if b > a and _indistinguishable(a, b, known, neighbours, sure) and self._exactly_one(a, b, total):
                    pairs.append((a, b))
        return pairs

    def _exactly_one(self, a: int, b: int, total: Optional[int]) -> bool:
        """No layout has mines on both (each holds a mine in half the layouts, so exactly one of them always does):
        read off their group's spread (never two mines in it), else by counting with both made mines."""
        group = self.group(a) if self.counts.left is not None else None
        if group is not None and group is self.group(b):
            return all(m < 2 for m in group.spread)
        try:
            count_layouts(self.known, self.neighbours, total, self.sure | {a, b}, probabilities=False)
        except Inconsistent:
            return True
        return False


def _options(part: Part, layouts: List[Layout], cell: int, around: List[int]) -> Set[Option]:
    """(mines in the part, least and most of them on the cell's neighbours) over the part's layouts where the cell
    is safe; within a group any cells may hold its mines."""
    inside: List[Tuple[int, int, int]] = []  # (group, its cells among the neighbours, its cells other than the cell)
    cell_group = -1
    for g, cells in enumerate(part.groups):
        here = sum(1 for other in around if other in cells)
        mine = cell in cells
        if mine:
            cell_group = g
        if here or mine:
            inside.append((g, here, len(cells) - mine))
    options = set()
    for mines, _, layout in layouts:
        if cell_group >= 0 and layout[cell_group] == len(part.groups[cell_group]):
            continue  # the cell holds a mine in every such layout
        low = high = 0
        for g, here, size in inside:
            m = layout[g]
            low += max(0, m - (size - here))
            high += min(here, m)
        options.add((mines, low, high))
    return options


def _solvable(matrix: List[List[Fraction]]) -> bool:
    """Whether the linear system whose augmented rows are `matrix` has a solution (Gaussian elimination)."""
    rows, columns = len(matrix), len(matrix[0]) - 1 if matrix else 0
    top = 0
    for column in range(columns):
        pivot = next((r for r in range(top, rows) if matrix[r][column]), None)
        if pivot is None:
            continue
        matrix[top], matrix[pivot] = matrix[pivot], matrix[top]
        lead = matrix[top][column]
        for r in range(rows):
            if r != top and matrix[r][column]:
                factor = matrix[r][column] / lead
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[top])]
        top += 1
    return all(any(row[:-1]) or not row[-1] for row in matrix)


def _touches(cells: Tuple[int, ...], group: FrozenSet[int]) -> bool:
    """Whether any of `cells` is in `group`."""
    for cell in cells:
        if cell in group:
            return True
    return False


def _near(cell: int, neighbours: Neighbours) -> Set[int]:
    """Cells within two steps (king moves) of `cell`."""
    return {far for near in neighbours[cell] for far in neighbours[near]} | set(neighbours[cell])


def _indistinguishable(a: int, b: int, known: Sequence[int], neighbours: Neighbours, mines: AbstractSet[int]) -> bool:
    """Every cell next to only one of them is a known mine (a number there, shown or to come, would tell them apart)."""
    around_a, around_b = set(neighbours[a]) - {b}, set(neighbours[b]) - {a}
    return all(known[other] == HIDDEN and other in mines for other in around_a ^ around_b)


class _Recount:
    """The slow exact test: the position counted again with the cell open on each number it could show."""

    def __init__(self, known: Sequence[int], neighbours: Neighbours, total: Optional[int], sure: Set[int],
                 counts: Counts):
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

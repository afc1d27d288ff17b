"""Exact counting of mine layouts: the one engine behind both the analysis and the players.

1. Trivial rules fix the cells of any number that needs no more mines, or needs all its undecided cells,
   until nothing changes (starting from the numbers that changed, when the caller knows them).
2. The undecided cells next to numbers (the frontier) touch the same set of numbers in groups; a group of s
   cells holding m mines stands for C(s, m) layouts, so groups, not cells, are enumerated.
3. Groups that share no number, directly or through others, form independent parts. In a part of many
   numbers (PAIRS_FROM) pairs of overlapping numbers first decide what they can (the cells of one outside the
   other hold the difference of their needs; ms-toollib does the same before its engine): on a dense board
   the one large part falls apart into small ones, and the cells decided count as certain. Each part is swept
   group by group, number by number (next the touched number with the fewest groups left, all of them, so
   that numbers close early and few stay open), merging partial layouts that agree on everything still
   open (the needs of the numbers touched but not finished, and the mines used): a forward pass counts
   the part's layouts by mine count, a backward pass counts, for every group and every mine count of the
   whole part, the layouts weighted by the group's mines. Both are independent of the rest of the board, so
   a part is counted once and remembered (`memo`) while a player tries many moves on one position; the
   position's equations are taken once too (`Snapshot`), and only those around the cell tried are read again.
4. The rest of the board: the other parts, and the cells off the frontier, which share the mines left over;
   a part layout with k mines weighs sum_j rest(j) * C(off-frontier cells, left - k - j).
Everything is an exact integer; probabilities are Fractions of the number of layouts, so 0 and 1 are proofs.
Without a total, parts are independent and only certain cells and the layout count come out.

Also here: every layout listed one by one (`list_layouts`), for the endgame search when few remain, and a
position taken apart into its parts (`decompose`), from which puzzlesat.mines.sampling draws layouts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import AbstractSet, Dict, List, Optional, Sequence, Set, Tuple

from puzzlesat.budget import Budget
from puzzlesat.errors import Inconsistent
from puzzlesat.mines.board import HIDDEN
from puzzlesat.mines.equations import covered, revealed, unresolved
from puzzlesat.mines.parts import Sweep, convolve, count_part, weighted_index

ZERO, ONE = Fraction(0), Fraction(1)
PAIRS_FROM = 40  # numbers in a part from which pairs of numbers first force what they can (_by_pairs)


@dataclass
class Counts:
    """What counting found: certain cells and, with a total, the layouts with a mine on each undecided cell."""

    safe: Set[int]
    mines: Set[int]  # certain mines among the covered cells (those the caller knew included)
    layouts: int = 0  # layouts of all covered cells that explain the position (0 when not counted)
    numerators: Dict[int, int] = field(default_factory=dict)  # undecided cell -> layouts with a mine there
    frontier: Tuple[int, ...] = ()
    # covered cells next to no number, undecided before counting (counting may decide them all: see safe, mines)
    off_frontier: Tuple[int, ...] = ()
    counted: bool = False
    # with a total: the parts counted, the weight the rest of the board gives each part's layouts by their mines
    # (weights[p][k]), and the layouts by the number of mines off the frontier: dead cells and 50/50s read them
    parts: list = field(default_factory=list)
    weights: list = field(default_factory=list)
    off_spread: Dict[int, int] = field(default_factory=dict)
    left: Optional[int] = None  # with a total: the mines the parts and the cells off the frontier hold together

    def probability(self, cell: int) -> float:
        """The chance that `cell` holds a mine (needs a total and counted=True)."""
        if cell in self.mines:
            return 1.0
        if cell in self.safe:
            return 0.0
        return self.numerators[cell] / self.layouts

    def exact(self, cell: int) -> Fraction:
        """The same as a Fraction."""
        if cell in self.mines:
            return Fraction(1)
        if cell in self.safe:
            return Fraction(0)
        return Fraction(self.numerators[cell], self.layouts)

    def fractions(self, cells=None) -> Dict[int, Fraction]:
        """exact() of each of `cells` (by default every covered cell counted: the undecided ones and those found
        certain), one Fraction for each value (interchangeable cells share theirs)."""
        layouts, numerators = self.layouts, self.numerators
        made = {count: Fraction(count, layouts) for count in set(numerators.values())}
        if cells is None:
            result = {cell: made[count] for cell, count in numerators.items()}
            result.update(dict.fromkeys(self.safe, ZERO))
            result.update(dict.fromkeys(self.mines, ONE))
            return result
        sure, safe = self.mines, self.safe
        return {cell: ONE if cell in sure else ZERO if cell in safe else made[numerators[cell]] for cell in cells}


def trivial(known: Sequence[int], neighbours, mines: AbstractSet[int] = frozenset(),
            numbers: Optional[Sequence[int]] = None) -> Tuple[Set[int], Set[int]]:
    """Safe cells and mines (the given ones included) that single numbers force, applied until nothing changes.

    `numbers`: the revealed cells to start from (by default every number above 0; a 0 forces nothing its
    neighbours do not show, and counting checks it). Raises Inconsistent for a number that cannot be satisfied.
    """
    mines = set(mines)
    safe: Set[int] = set()
    queue = [i for i, value in enumerate(known) if value > 0] if numbers is None else list(numbers)
    queued = set(queue)
    while queue:
        index = queue.pop()
        queued.discard(index)
        need, cells = unresolved(index, known, neighbours, mines, safe)
        if need < 0 or need > len(cells):
            raise Inconsistent(f"the number at cell {index} cannot be satisfied")
        if not cells:
            continue
        if need == 0:
            safe.update(cells)
        elif need == len(cells):
            mines.update(cells)
        else:
            continue
        for cell in cells:
            for other in neighbours[cell]:
                if known[other] > 0 and other not in queued:
                    queue.append(other)
                    queued.add(other)
    return safe, mines


@dataclass
class Snapshot:
    """A position's equations, number by number, and its cells off the frontier, taken once so that positions a
    few reveals away (the numbers a guess could show) are counted without rescanning the board (count_layouts)."""

    equations: Dict[int, Tuple[List[int], int]]  # revealed cell -> (its undecided covered neighbours, mines needed)
    off_frontier: Tuple[int, ...]
    mines: AbstractSet[int]
    off_after: Dict[tuple, Tuple[int, ...]] = field(default_factory=dict)  # changed cells -> the off-frontier left

    def off_frontier_after(self, changed: Sequence[int], neighbours) -> Tuple[int, ...]:
        """The cells off the frontier once `changed` are revealed: theirs and their neighbours leave it."""
        key = tuple(changed)
        off = self.off_after.get(key)
        if off is None:
            near = set(changed).union(*(neighbours[cell] for cell in changed))
            off = self.off_after[key] = tuple(cell for cell in self.off_frontier if cell not in near)
        return off


def snapshot(known: Sequence[int], neighbours, mines: AbstractSet[int], numbers: Sequence[int]) -> Snapshot:
    """The Snapshot of a position whose single-number rules have nothing left to force (no safe cell is known)."""
    equations = {}
    frontier: Set[int] = set()
    for index in numbers:
        need, cells = equations[index] = unresolved(index, known, neighbours, mines, ())
        frontier.update(cells)
    off = tuple(cell for cell in covered(known, mines) if cell not in frontier)
    return Snapshot(equations, off, mines)


def count_layouts(
    known: Sequence[int],
    neighbours,
    total: Optional[int],
    mines: AbstractSet[int] = frozenset(),
    *,
    probabilities: bool = True,
    memo: Optional[dict] = None,
    numbers: Optional[Sequence[int]] = None,
    changed: Optional[Sequence[int]] = None,
    since: Optional[Snapshot] = None,
    budget: Optional[Budget] = None,
) -> Counts:
    """Count the layouts of a position (see puzzlesat.mines.equations): certain cells, and with the total
    (flags and `mines` included) the layouts and each undecided cell's share of them.

    With probabilities=False it stops after the trivial rules when they found a safe cell. `memo` keeps part
    counts between related calls; `numbers` may list the revealed cells that can still constrain anything
    (see active_numbers), `changed` the numbers the trivial rules need to start from (when the rest are known
    to give nothing new). `since`: the snapshot of this position before the `changed` cells were revealed, with
    the same `mines`; only the equations around what changed are then read again. Raises Inconsistent when no
    layout fits, OutOfBudget when the budget runs out.
    """
    if changed is None:  # the whole position: its equations read once, single numbers applied on them
        safe, sure, constraints, frontier = _front(known, neighbours, mines, numbers)
        if safe and not probabilities:
            return Counts(safe, sure)
        off = tuple(cell for cell, value in enumerate(known)
                    if value == HIDDEN and cell not in frontier and cell not in sure and cell not in safe)
        spread = len(frontier) + len(off)
    else:
        if numbers is None:
            numbers = _active(known, neighbours)
        safe, sure = trivial(known, neighbours, mines, changed)
        if safe and not probabilities:
            return Counts(safe, sure)
        if since is None:
            constraints, frontier = _constraints(known, neighbours, sure, safe, numbers)
            undecided = covered(known, sure, safe)
            off = tuple(cell for cell in undecided if cell not in frontier)
            spread = len(undecided)
        else:
            still = _still(since, known, neighbours, sure, safe, changed)
            constraints, frontier = _constraints(known, neighbours, sure, safe, numbers, still)
            off = since.off_frontier_after(changed, neighbours)
            spread = len(frontier) + len(off)
    left = None if total is None else total - len(sure)
    if left is not None and not 0 <= left <= spread:
        raise Inconsistent("the mine count does not fit the position")
    forced_safe, forced_mines, components = _by_pairs(_components(constraints))
    running = None if budget is None or budget.unlimited else budget.start()
    parts = [count_part(component, memo, running) for component in components]
    if left is None:
        counts = _without_total(parts, off)
    else:
        counts = _with_total(parts, off, left - len(forced_mines))
        counts.numerators.update(dict.fromkeys(forced_safe, 0))
        counts.numerators.update(dict.fromkeys(forced_mines, counts.layouts))
    counts.safe |= safe | forced_safe
    counts.mines |= sure | forced_mines
    counts.frontier = tuple(sorted(frontier))
    return counts


def _front(known: Sequence[int], neighbours, mines: AbstractSet[int], numbers: Optional[Sequence[int]] = None
           ) -> Tuple[Set[int], Set[int], list, Set[int]]:
    """(safe, mines, equations, frontier) of a whole position: each number's equation (its undecided covered cells,
    the mines it still needs) read once, then single numbers applied on the equations until nothing changes (a cell
    decided is taken out of every equation it is in); the equations left, each once, and the cells they cover.
    `numbers`: the revealed cells that can constrain anything (default: every revealed cell). The mines include
    the given ones. Raises Inconsistent for a number that cannot be satisfied."""
    equations: Dict[int, list] = {}
    touching: Dict[int, list] = {}  # undecided cell -> the numbers whose equations hold it
    for index in range(len(known)) if numbers is None else numbers:
        need = known[index]
        if need < 0:
            continue
        cells = []
        for other in neighbours[index]:
            if known[other] == HIDDEN:
                if other in mines:
                    need -= 1
                else:
                    cells.append(other)
        if not cells:
            if need:
                raise Inconsistent(f"the number at cell {index} cannot be satisfied")
            continue
        equations[index] = [need, cells]
        for cell in cells:
            users = touching.get(cell)
            if users is None:
                touching[cell] = [index]
            else:
                users.append(index)
    safe: Set[int] = set()
    sure = set(mines)
    queue = [index for index, (need, cells) in equations.items() if need <= 0 or need >= len(cells)]
    while queue:
        index = queue.pop()
        need, cells = equations[index]
        if need < 0 or need > len(cells):
            raise Inconsistent(f"the number at cell {index} cannot be satisfied")
        if not cells or 0 < need < len(cells):
            continue
        mined = need > 0
        (sure if mined else safe).update(cells)
        for cell in tuple(cells):
            for user in touching[cell]:
                equation = equations[user]
                equation[1].remove(cell)
                if mined:
                    equation[0] -= 1
                if equation[0] <= 0 or equation[0] >= len(equation[1]):
                    queue.append(user)
    constraints, seen, frontier = [], set(), set()
    for need, cells in equations.values():
        if cells:
            key = (tuple(cells), need)
            if key not in seen:
                seen.add(key)
                constraints.append(key)
                frontier.update(cells)
    return safe, sure, constraints, frontier


def list_layouts(known: Sequence[int], neighbours, total: int, mines: AbstractSet[int], counts: Counts
                 ) -> Tuple[Tuple[int, ...], List[frozenset]]:
    """Every mine layout of the cells `counts` left undecided, listed (meant for positions with few layouts)."""
    sure = set(mines) | counts.mines
    undecided = tuple(sorted(cell for cell in counts.numerators if cell not in counts.safe and cell not in sure))
    constraints, _ = _constraints(known, neighbours, sure, counts.safe)
    constraints.append((undecided, total - len(sure)))
    sweep = Sweep(constraints, group=False)
    sweep.forward()
    order = [cells[0] for cells in sweep.groups]
    return undecided, [frozenset(cell for cell, bit in zip(order, leaf) if bit) for leaf in sweep.leaves()]


@dataclass
class Parts:
    """A position taken apart: the covered cells certain by the single-number rules and pairs (`safe`, `mines`, the
    given ones included), the independent frontier parts (each with `groups` of interchangeable cells, its layouts
    by mine count in `polynomial`, and `draw`), the cells off the frontier, and the mines left for the parts and
    those cells."""

    safe: Set[int]
    mines: Set[int]
    parts: list
    off_frontier: Tuple[int, ...]
    left: int


def decompose(known: Sequence[int], neighbours, total: int, mines: AbstractSet[int] = frozenset()) -> Parts:
    """The Parts of a position with a mine total (as count_layouts takes it apart); Inconsistent when no layout
    fits the numbers or the total."""
    numbers = _active(known, neighbours)
    safe, sure = trivial(known, neighbours, mines, [index for index in numbers if known[index] > 0])
    constraints, frontier = _constraints(known, neighbours, sure, safe, numbers)
    off = tuple(cell for cell in covered(known, sure, safe) if cell not in frontier)
    forced_safe, forced_mines, components = _by_pairs(_components(constraints))
    left = total - len(sure) - len(forced_mines)
    parts = [count_part(component, None, None) for component in components]
    return Parts(safe | forced_safe, sure | forced_mines, parts, off, left)


def _active(known: Sequence[int], neighbours) -> List[int]:
    """Revealed cells with a covered neighbour (equations.active_numbers); Inconsistent for a number above 0
    without one."""
    active = []
    for index, value in enumerate(known):
        if value >= 0:
            for other in neighbours[index]:
                if known[other] == HIDDEN:
                    active.append(index)
                    break
            else:
                if value:
                    raise Inconsistent(f"the number at cell {index} cannot be satisfied")
    return active


def _constraints(known, neighbours, mines, safe, numbers=None, still: Optional[dict] = None) -> Tuple[list, Set[int]]:
    """The equations (cells, mines needed) left by numbers with undecided neighbours, each once, and the frontier;
    Inconsistent for a number left with nothing undecided that still needs mines (or has too many). `still`:
    numbers whose (need, cells) are known to hold, read from there instead of the board."""
    seen = set()
    constraints = []
    frontier: Set[int] = set()
    for index in revealed(known) if numbers is None else numbers:
        equation = still.get(index) if still else None
        if equation is None:
            need, cells = unresolved(index, known, neighbours, mines, safe)
            if not cells and need:
                raise Inconsistent(f"the number at cell {index} cannot be satisfied")
        else:
            need, cells = equation
        if cells:
            key = (tuple(cells), need)
            if key not in seen:
                seen.add(key)
                constraints.append(key)
                frontier.update(cells)
    return constraints, frontier


def _still(since: Snapshot, known, neighbours, mines, safe, changed) -> dict:
    """The equations of `since` that still hold once the `changed` cells are revealed and the cells around them
    decided (`mines` beyond its own, `safe`): all but those of the numbers next to what moved."""
    moved = set(changed) | safe | (mines - since.mines)
    again = {other for cell in moved for other in neighbours[cell] if known[other] >= 0}
    if not again:
        return since.equations
    return {index: equation for index, equation in since.equations.items() if index not in again}


def _components(constraints: list) -> List[list]:
    """Split the equations into independent parts (no shared cell, directly or through others)."""
    parent = list(range(len(constraints)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner: Dict[int, int] = {}
    for k, (cells, _) in enumerate(constraints):
        for cell in cells:
            if cell in owner:
                parent[find(k)] = find(owner[cell])
            else:
                owner[cell] = k
    parts: Dict[int, list] = {}
    for k, constraint in enumerate(constraints):
        parts.setdefault(find(k), []).append(constraint)
    return list(parts.values())


def _by_pairs(components: List[list]) -> Tuple[Set[int], Set[int], List[list]]:
    """The cells that pairs of numbers force in the parts of PAIRS_FROM numbers or more (safe, mines), and the
    parts once those cells are taken out (a large part then falls apart into small ones)."""
    large = [constraint for component in components if len(component) >= PAIRS_FROM for constraint in component]
    if not large:
        return set(), set(), components
    safe, mines, rest = _deduce(large)
    if not safe and not mines:
        return safe, mines, components
    return safe, mines, [component for component in components if len(component) < PAIRS_FROM] + _components(rest)


def _deduce(constraints: list) -> Tuple[Set[int], Set[int], list]:
    """Apply single numbers and pairs of overlapping numbers until nothing changes: (safe, mines, the equations
    left over the other cells); Inconsistent when they contradict. Each round looks only at the pairs that
    involve an equation the last one changed."""
    safe: Set[int] = set()
    mines: Set[int] = set()
    changed = None  # every equation, the first time
    while True:
        new_safe, new_mines = _forced(constraints, changed)
        new_safe -= safe
        new_mines -= mines
        if not new_safe and not new_mines:
            return safe, mines, constraints
        if new_safe & new_mines:
            raise Inconsistent("the numbers force a cell to be both safe and a mine")
        safe |= new_safe
        mines |= new_mines
        before = set(constraints)
        constraints = _without(constraints, new_safe, new_mines)
        changed = {constraint for constraint in constraints if constraint not in before}


def _forced(constraints: list, changed: Optional[set]) -> Tuple[Set[int], Set[int]]:
    """Cells one number forces (it needs none, or all of its cells), or two overlapping numbers A and B force:
    A's cells outside B hold need(A) - need(B) more mines than B's outside A, so when that is all of them, they
    are mines and B's outside A are safe (as ms-toollib's solve_minus). Pairs where neither is in `changed`
    (None: all) are skipped."""
    cells = [frozenset(cells) for cells, _ in constraints]
    users: Dict[int, List[int]] = {}
    for k, group in enumerate(cells):
        for cell in group:
            users.setdefault(cell, []).append(k)
    safe: Set[int] = set()
    mines: Set[int] = set()
    for a, (_, need) in enumerate(constraints):
        if need == 0 or need == len(cells[a]):
            (safe if need == 0 else mines).update(cells[a])
            continue
        fresh = changed is None or constraints[a] in changed
        others = {b for cell in cells[a] for b in users[cell] if b > a}
        for b in others:
            if fresh or constraints[b] in changed:
                pair_forces(cells[a] - cells[b], cells[b] - cells[a], need - constraints[b][1], safe, mines)
    return safe, mines


def pair_forces(only_a: AbstractSet[int], only_b: AbstractSet[int], more: int, safe: Set[int],
                mines: Set[int]) -> None:
    """What two overlapping numbers force: `more` mines more in A's own cells than in B's."""
    if len(only_a) == more:
        mines |= only_a
        safe |= only_b
    elif len(only_b) == -more:
        mines |= only_b
        safe |= only_a


def _without(constraints: list, safe: Set[int], mines: Set[int]) -> list:
    """The equations over the cells not yet decided, each once (Inconsistent for one that cannot hold)."""
    kept, seen = [], set()
    for cells, need in constraints:
        left = tuple(cell for cell in cells if cell not in safe and cell not in mines)
        need -= sum(1 for cell in cells if cell in mines)
        if not 0 <= need <= len(left):
            raise Inconsistent("no layout fits the numbers")
        if left and (left, need) not in seen:
            seen.add((left, need))
            kept.append((left, need))
    return kept


def _others(polynomials: list) -> list:
    """For each polynomial, the product of all the others (prefix times suffix products)."""
    if len(polynomials) < 2:
        return [{0: 1}] * len(polynomials)
    prefix = [{0: 1}]
    for polynomial in polynomials[:-1]:
        prefix.append(convolve(prefix[-1], polynomial))
    result, suffix = [None] * len(polynomials), {0: 1}
    for index in range(len(polynomials) - 1, -1, -1):
        result[index] = convolve(prefix[index], suffix)
        suffix = convolve(suffix, polynomials[index])
    return result


def _with_total(parts: list, off: Tuple[int, ...], left: int) -> Counts:
    """Weigh every part's layouts with the others' and with C(off-frontier cells, mines left for them)."""
    free = len(off)
    ways_off = _Binomials(free)
    rests = _others([part.polynomial for part in parts])
    whole = convolve(rests[0], parts[0].polynomial) if parts else {0: 1}
    off_spread = {left - m: x * ways_off[left - m] for m, x in whole.items() if 0 <= left - m <= free}
    total = sum(off_spread.values())
    if total == 0:
        raise Inconsistent("no mine layout fits the numbers and the mine count")
    numerators: Dict[int, int] = {}
    safe: Set[int] = set()
    mines: Set[int] = set()
    weights = []
    for part, rest in zip(parts, rests):
        outside = {m: sum(x * ways_off[left - m - k] for k, x in rest.items() if 0 <= left - m - k <= free)
                   for m in part.polynomial}
        weights.append(outside)
        for cells, mined in zip(part.groups, part.tallies(outside)):
            size = len(cells)
            share = mined // size
            if share * size != mined:
                raise AssertionError("group counts must split evenly over interchangeable cells")
            if size == 1:
                numerators[cells[0]] = share
            else:
                numerators.update(dict.fromkeys(cells, share))
            if share == 0:
                safe.update(cells)
            elif share == total:
                mines.update(cells)
    if free:
        mined_off = sum(m * x for m, x in off_spread.items())
        numerators.update(dict.fromkeys(off, _per_cell(mined_off, free)))
        _classify(off, mined_off, free * total, safe, mines)
    return Counts(safe, mines, total, numerators, off_frontier=off, counted=True, parts=parts, weights=weights,
                  off_spread=off_spread, left=left)


class _Binomials(dict):
    """C(size, j), each worked out when first asked for (sizes off the frontier run to hundreds)."""

    def __init__(self, size: int):
        super().__init__()
        self.size = size

    def __missing__(self, chosen: int) -> int:
        value = self[chosen] = comb(self.size, chosen)
        return value


def _without_total(parts: list, off: Tuple[int, ...]) -> Counts:
    """Certain cells when every layout of each part counts once (no total: parts are independent)."""
    safe: Set[int] = set()
    mines: Set[int] = set()
    layouts = 2 ** len(off)
    for part in parts:
        total = sum(part.polynomial.values())
        layouts *= total
        for cells, mined in zip(part.groups, part.tallies(dict.fromkeys(part.polynomial, 1))):
            _classify(cells, mined, len(cells) * total, safe, mines)
    return Counts(safe, mines, layouts, off_frontier=off, counted=True)


def _per_cell(mined: int, size: int) -> int:
    """Layouts with a mine on one cell of an interchangeable group: the group's mine-weighted count over its size."""
    quotient, remainder = divmod(mined, size)
    if remainder:
        raise AssertionError("group counts must split evenly over interchangeable cells")
    return quotient


def _classify(cells, mined: int, most: int, safe: Set[int], mines: Set[int]) -> None:
    """Certain safe (no layout has a mine there) or certain mine (every layout has)."""
    if mined == 0:
        safe.update(cells)
    elif mined == most:
        mines.update(cells)


def fits(known: Sequence[int], neighbours, total: Optional[int], mines: AbstractSet[int] = frozenset(), *,
         memo: Optional[dict] = None, numbers: Sequence[int], changed: Sequence[int], since: Snapshot) -> bool:
    """Whether any layout fits a position a few reveals from the snapshot `since` (count_layouts' arguments): the
    parts swept forward only, without the tallies probabilities need (dead cells ask this of many positions)."""
    try:
        safe, sure = trivial(known, neighbours, mines, changed)
        still = _still(since, known, neighbours, sure, safe, changed)
        constraints, frontier = _constraints(known, neighbours, sure, safe, numbers, still)
        free = len(since.off_frontier_after(changed, neighbours))
        left = None if total is None else total - len(sure)
        if left is not None and not 0 <= left <= len(frontier) + free:
            return False
        _, forced_mines, components = _by_pairs(_components(constraints))
        parts = [count_part(component, memo, None) for component in components]
    except Inconsistent:
        return False
    if left is None:
        return True
    whole: Dict[int, int] = {0: 1}
    for part in parts:
        whole = convolve(whole, {m: 1 for m in part.polynomial})
    left -= len(forced_mines)
    return any(0 <= left - m <= free for m in whole)

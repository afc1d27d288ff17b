"""Exact counting of mine layouts: the one engine behind both the analysis and the players.

1. Each number's equation (its undecided covered cells, the mines it still needs) is read once; single numbers
   then fix the cells of any number that needs no more mines, or needs all its undecided cells, until nothing
   changes (a player a few reveals on starts from the numbers that changed, `Snapshot`).
2. The undecided cells next to numbers (the frontier) touch the same set of numbers in groups; a group of s
   cells holding m mines stands for C(s, m) layouts, so groups, not cells, are enumerated.
3. Groups that share no number, directly or through others, form independent parts. In a part of many
   numbers (PAIRS_FROM) pairs of overlapping numbers first decide what they can (the cells of one outside the
   other hold the difference of their needs; ms-toollib does the same before its engine): on a dense board
   the one large part falls apart into small ones, and the cells decided count as certain. Each part is counted
   by puzzlesat.mines.parts (listed layout by layout when small, swept group by group when not): its layouts by
   mine number, and for every group the layouts by the group's mines, weighted by what the rest of the board
   allows. A part is independent of the rest of the board, so it is counted once and remembered (`memo`) while a
   player tries many moves on one position.
4. The rest of the board: the other parts, and the cells off the frontier, which share the mines left over;
   a part layout with k mines weighs sum_j rest(j) * C(off-frontier cells, left - k - j).
Everything is an exact integer; probabilities are Fractions of the number of layouts, so 0 and 1 are proofs.
Without a total, parts are independent and only certain cells and the layout count come out.

Also here: every layout listed one by one (`list_layouts`), for the endgame search when few remain. The counts keep
their parts (`Counts.parts`), from which dead cells are read (puzzlesat.mines.patterns) and layouts are drawn
(puzzlesat.mines.sampling).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import AbstractSet, Dict, Iterable, List, Optional, Sequence, Set, Tuple

from puzzlesat.budget import Budget
from puzzlesat.errors import Inconsistent
from puzzlesat.mines.board import HIDDEN, Neighbours
from puzzlesat.mines.equations import covered, revealed, unresolved
from puzzlesat.mines.parts import Equation, Part, Sweep, convolve, count_part, weighted_index

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

    def fractions(self, cells: Iterable[int]) -> Dict[int, Fraction]:
        """exact() of each of `cells`, one Fraction for each value (interchangeable cells share theirs)."""
        wanted = list(cells)
        chances = self.chances(max(wanted, default=-1) + 1)
        return {cell: _share(chances[cell]) for cell in wanted}

    def chances(self, size: int) -> List[Optional[Fraction]]:
        """Each cell's exact probability by index, for a board of `size` cells: the undecided cells counted and those
        found certain (safe or mine); None for the others (revealed, or given as mines). Cells of one group hold the
        same count, one after the other in `numerators`, and share one Fraction."""
        chances: List[Optional[Fraction]] = [None] * size
        layouts = self.layouts
        made: Dict[int, Fraction] = {}
        last_count, last = -1, ZERO
        for cell, count in self.numerators.items():
            if count != last_count:
                share = made.get(count)
                if share is None:
                    share = made[count] = Fraction(count, layouts)
                last_count, last = count, share
            chances[cell] = last
        for cell in self.safe:
            chances[cell] = ZERO
        for cell in self.mines:
            chances[cell] = ONE
        return chances


def _share(chance: Optional[Fraction]) -> Fraction:
    """A cell's probability, which `chances` holds for every counted cell."""
    if chance is None:
        raise KeyError("the cell was not counted")
    return chance


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

    equations: Dict[int, Tuple[int, List[int]]]  # revealed cell -> (mines needed, its undecided covered neighbours)
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
    equations: Dict[int, Tuple[int, List[int]]] = {}
    frontier: Set[int] = set()
    for index in numbers:
        need, cells = equations[index] = unresolved(index, known, neighbours, mines, frozenset())
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
        safe, sure, constraints, frontier, unseen = _front(known, neighbours, mines, numbers)
        if safe and not probabilities:
            return Counts(safe, sure)
        off = tuple(unseen)
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


def _front(known: Sequence[int], neighbours: Neighbours, mines: AbstractSet[int],
           numbers: Optional[Sequence[int]] = None) -> Tuple[Set[int], Set[int], List[Equation], Set[int], List[int]]:
    """(safe, mines, equations, frontier, off the frontier) of a whole position: each number's equation (its
    undecided covered cells, the mines it still needs) read once, then single numbers applied on the equations until
    nothing changes (a cell decided is taken out of every equation it is in); the equations left, each once, the
    cells they cover and the undecided cells they do not. `numbers`: the revealed cells that can constrain anything
    (default: every revealed cell). The mines include the given ones. Raises Inconsistent for a number that cannot
    be satisfied."""
    values: List[int] = list(known)
    sure: Set[int] = set(mines)  # the given mines, then those the numbers force
    hidden = HIDDEN
    at: List[int] = []  # per equation: the number's cell
    needs: List[int] = []  # per equation: the mines it still needs
    held: List[List[int]] = []  # per equation: its undecided cells
    touching: List[Optional[List[int]]] = [None] * len(values)  # per cell: the equations that hold it
    indices: List[int] = list(range(len(values)) if numbers is None else numbers)
    for index in indices:
        need = values[index]
        if need < 0:
            continue
        cells: List[int] = []
        for other in neighbours[index]:
            if values[other] == hidden:
                if sure and other in sure:
                    need -= 1
                else:
                    cells.append(other)
        if not cells:
            if need:
                raise Inconsistent(f"the number at cell {index} cannot be satisfied")
            continue
        equation = len(at)
        at.append(index)
        needs.append(need)
        held.append(cells)
        for cell in cells:
            users = touching[cell]
            if users is None:
                touching[cell] = [equation]
            else:
                users.append(equation)
    safe: Set[int] = set()
    queue = [e for e in range(len(at)) if needs[e] <= 0 or needs[e] >= len(held[e])]
    while queue:
        e = queue.pop()
        need, cells = needs[e], held[e]
        if need < 0 or need > len(cells):
            raise Inconsistent(f"the number at cell {at[e]} cannot be satisfied")
        if not cells or 0 < need < len(cells):
            continue
        mined = need > 0
        (sure if mined else safe).update(cells)
        for cell in list(cells):
            for user in touching[cell] or ():
                held[user].remove(cell)
                if mined:
                    needs[user] -= 1
                if needs[user] <= 0 or needs[user] >= len(held[user]):
                    queue.append(user)
    constraints: List[Equation] = []
    seen: Set[Equation] = set()
    frontier: Set[int] = set()
    for e in range(len(at)):
        cells = held[e]
        if cells:
            key = (tuple(cells), needs[e])
            if key not in seen:
                seen.add(key)
                constraints.append(key)
                frontier.update(cells)
    off = [cell for cell in range(len(values))  # in no equation, and not a given mine
           if values[cell] == hidden and touching[cell] is None and cell not in sure]
    return safe, sure, constraints, frontier, off


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


def _components(constraints: List[Equation]) -> List[List[Equation]]:
    """Split the equations into independent parts (no shared cell, directly or through others)."""
    parent = list(range(len(constraints)))
    owner: Dict[int, int] = {}
    for k, (cells, _) in enumerate(constraints):
        for cell in cells:
            other = owner.get(cell)
            if other is None:
                owner[cell] = k
                continue
            here = _root(parent, k)
            there = _root(parent, other)
            if here != there:
                parent[here] = there
    parts: Dict[int, List[Equation]] = {}
    for k, constraint in enumerate(constraints):
        root = _root(parent, k)
        members = parts.get(root)
        if members is None:
            parts[root] = [constraint]
        else:
            members.append(constraint)
    return list(parts.values())


def _root(parent: List[int], i: int) -> int:
    """The representative of i's set in a union-find forest (halving the path on the way)."""
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


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
            if fresh or (changed is not None and constraints[b] in changed):
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


def products_after(polynomials: List[Dict[int, int]], last: Dict[int, int]) -> List[Dict[int, int]]:
    """after[i]: the product of polynomials[i:] and `last` (layouts by mine number of those parts together);
    after[len(polynomials)] is `last`."""
    after = [last]
    for polynomial in reversed(polynomials):
        after.append(convolve(polynomial, after[-1]))
    after.reverse()
    return after


def _others(polynomials: List[Dict[int, int]]) -> List[Dict[int, int]]:
    """For each polynomial, the product of all the others (the product of those before it times those after)."""
    if len(polynomials) < 2:
        return [{0: 1}] * len(polynomials)
    after = products_after(polynomials, {0: 1})
    before: Dict[int, int] = {0: 1}
    others = []
    for index, polynomial in enumerate(polynomials):
        others.append(convolve(before, after[index + 1]))
        before = convolve(before, polynomial)
    return others


def _with_total(parts: list, off: Tuple[int, ...], left: int) -> Counts:
    """Weigh every part's layouts with the others' and with C(off-frontier cells, mines left for them)."""
    free = len(off)
    ways_off: Dict[int, int] = {}  # C(free, j), worked out as needed (free runs to hundreds)
    rests = _others([part.polynomial for part in parts])
    whole = convolve(rests[0], parts[0].polynomial) if parts else {0: 1}
    off_spread = {left - m: x * _choose(ways_off, free, left - m) for m, x in whole.items() if 0 <= left - m <= free}
    total = sum(off_spread.values())
    if total == 0:
        raise Inconsistent("no mine layout fits the numbers and the mine count")
    numerators: Dict[int, int] = {}
    safe: Set[int] = set()
    mines: Set[int] = set()
    weights = []
    for part, rest in zip(parts, rests):
        outside = {m: sum(x * _choose(ways_off, free, left - m - k) for k, x in rest.items()
                          if 0 <= left - m - k <= free) for m in part.polynomial}
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


def _choose(known: Dict[int, int], size: int, chosen: int) -> int:
    """C(size, chosen), remembered in `known` (the binomials of one size)."""
    value = known.get(chosen)
    if value is None:
        value = known[chosen] = comb(size, chosen)
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

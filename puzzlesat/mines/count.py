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

import heapq
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import AbstractSet, Dict, List, Optional, Sequence, Set, Tuple

from puzzlesat.budget import Budget
from puzzlesat.errors import Inconsistent
from puzzlesat.mines.board import HIDDEN
from puzzlesat.mines.equations import covered, revealed, unresolved

PAIRS_FROM = 40  # numbers in a part from which pairs of numbers first force what they can (_by_pairs)
CLOCK_EVERY = 512  # partial layouts between two looks at the clock (a budget's nodes are partial layouts, spent per layer)


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

    def fractions(self, cells) -> Dict[int, Fraction]:
        """exact() of each of `cells`, one Fraction for each value (interchangeable cells share theirs)."""
        made: Dict[int, Fraction] = {}
        sure, safe, numerators, layouts = self.mines, self.safe, self.numerators, self.layouts
        result = {}
        for cell in cells:
            count = layouts if cell in sure else 0 if cell in safe else numerators[cell]
            share = made.get(count)
            if share is None:
                share = made[count] = Fraction(count, layouts)
            result[cell] = share
        return result


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
    if numbers is None:
        numbers = _active(known, neighbours)
        start = [index for index in numbers if known[index] > 0] if changed is None else changed
    else:
        start = numbers if changed is None else changed
    safe, sure = trivial(known, neighbours, mines, start)
    if safe and not probabilities:
        return Counts(safe, sure)
    if since is None or changed is None:
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
    parts = [_part(component, memo, running) for component in components]
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


def list_layouts(known: Sequence[int], neighbours, total: int, mines: AbstractSet[int], counts: Counts
                 ) -> Tuple[Tuple[int, ...], List[frozenset]]:
    """Every mine layout of the cells `counts` left undecided, listed (meant for positions with few layouts)."""
    sure = set(mines) | counts.mines
    undecided = tuple(sorted(cell for cell in counts.numerators if cell not in counts.safe and cell not in sure))
    constraints, _ = _constraints(known, neighbours, sure, counts.safe)
    constraints.append((undecided, total - len(sure)))
    sweep = _Sweep(constraints, group=False)
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
    parts = [_part(component, None, None) for component in components]
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


def _part(constraints: list, memo: Optional[dict], budget: Optional[Budget]):
    """One part counted: swept forward (or taken from the memo); one number alone is counted in closed form."""
    key = frozenset(constraints)
    if memo is not None and key in memo:
        return memo[key]
    if len(constraints) == 1:
        part = _Alone(*constraints[0])
    else:
        part = _Sweep(constraints, budget=budget)
        part.forward()
    if not part.polynomial:
        raise Inconsistent("no layout fits the numbers")
    if memo is not None:
        memo[key] = part
    return part


class _Alone:
    """A part made of one number: its cells are one group, and need n of s cells is C(s, n) layouts."""

    def __init__(self, cells: tuple, need: int):
        self.groups = [tuple(sorted(cells))]
        ways = comb(len(cells), need) if 0 <= need <= len(cells) else 0
        self.polynomial = {need: ways} if ways else {}

    def tallies(self, weight: Dict[int, int]) -> List[int]:
        """The group's mines summed over the part's layouts, weighted like _Sweep.tallies."""
        return [need * ways * weight.get(need, 0) for need, ways in self.polynomial.items()] or [0]

    def draw(self, mines: int, rng) -> List[int]:
        """Mines per group of one of the part's layouts with `mines` mines, each equally likely: here the need."""
        return [mines]


class _Sweep:
    """The sweep over one part's groups (module docstring, step 3); with group=False every cell is a group.

    A partial layout is one integer: the mines used so far in the low bits, then a few bits for the need of
    each open number (a number gets a slot when first touched and gives it back, at 0, when finished), so
    putting m mines in a group is one addition: key + opened - m * delta.
    """

    def __init__(self, constraints: list, group: bool = True, budget: Optional[Budget] = None):
        self.budget = budget
        signatures = _signatures(constraints, group)
        self.groups = [cells for _, cells in signatures]
        self.steps = _steps(signatures, [need for _, need in constraints])
        self.moves: List[dict] = [{} for _ in self.steps]  # per group: its open numbers' needs -> _moves()
        self.layers: list = []  # per group: the partial layouts before it, {key: layouts}
        self.polynomial: Dict[int, int] = {}  # mines in the part -> layouts

    def forward(self) -> None:
        """Count partial layouts group by group, then the part's layouts by mine count."""
        layer = {0: 1}
        for (opened, checks, delta, chooses, relevant), moves in zip(self.steps, self.moves):
            if self.budget is not None:
                self._spend(len(layer))
            self.layers.append(layer)
            following: Dict[int, int] = {}
            for done, (key, ways) in enumerate(layer.items()):  # the hot path: everything written out
                if self.budget is not None and done % CLOCK_EVERY == 0 and done:
                    self.budget.check("counting")
                key += opened
                choices = moves.get(key & relevant)
                if choices is None:
                    choices = moves[key & relevant] = _moves(key, checks, delta, chooses)
                for drop, times, _ in choices:
                    target = key - drop
                    following[target] = following.get(target, 0) + (ways if times == 1 else ways * times)
            layer = following
        self.layers.append(layer)
        self.polynomial = layer  # every number finished: a key is just the number of mines

    def tallies(self, weight: Dict[int, int]) -> List[int]:
        """Per group, its mines summed over the part's layouts, a layout with k mines counted weight[k] times."""
        behind = {key: weight.get(key, 0) for key in self.layers[-1]}
        tallies = [0] * len(self.steps)
        for step in range(len(self.steps) - 1, -1, -1):
            opened, checks, delta, chooses, relevant = self.steps[step]
            moves = self.moves[step]
            if self.budget is not None:
                self._spend(len(self.layers[step]))
            here: Dict[int, int] = {}
            tally = 0
            for done, (key, ways) in enumerate(self.layers[step].items()):
                if self.budget is not None and done % CLOCK_EVERY == 0 and done:
                    self.budget.check("counting")
                start = key + opened
                choices = moves.get(start & relevant)
                if choices is None:
                    choices = moves[start & relevant] = _moves(start, checks, delta, chooses)
                onward = weighted = 0  # layouts onward from here (weighted), and those times the group's mines
                for drop, times, mined in choices:
                    value = behind.get(start - drop)
                    if value:
                        if times != 1:
                            value *= times
                        onward += value
                        if mined:
                            weighted += value * mined
                if onward:
                    here[key] = onward
                    if weighted:
                        tally += ways * weighted
            tallies[step] = tally
            behind = here
        return tallies

    def draw(self, mines: int, rng) -> List[int]:
        """Mines per group of one of the part's layouts with `mines` mines, each layout (cells, not groups) equally
        likely: walked back from the last layer, each step weighed by the partial layouts before it times C(size, m)."""
        key = mines
        drawn = [0] * len(self.steps)
        for step in range(len(self.steps) - 1, -1, -1):
            opened, checks, delta, chooses, _ = self.steps[step]
            layer = self.layers[step]
            options, weights = [], []
            for m in range(len(chooses)):
                before = key + m * delta - opened
                ways = layer.get(before)
                if ways and m in _choices(before + opened, checks, chooses):
                    options.append((m, before))
                    weights.append(ways * chooses[m])
            drawn[step], key = options[weighted_index(weights, rng)]
        return drawn

    def _spend(self, nodes: int) -> None:
        """Spend a layer's partial layouts from the budget, before the layer is swept (OutOfBudget when spent)."""
        self.budget.spend(nodes=nodes)
        self.budget.check("counting")

    def leaves(self) -> List[tuple]:
        """Every complete layout as mines per group, in lexicographic order (fewer mines first)."""
        alive = [set(self.layers[-1])]
        for step in range(len(self.steps) - 1, -1, -1):
            opened, checks, delta, chooses, _ = self.steps[step]
            ahead = alive[-1]
            alive.append({key for key in self.layers[step]
                          if any(key + opened - m * delta in ahead for m in _choices(key + opened, checks, chooses))})
        alive.reverse()
        found: list = []
        self._walk(0, 0, [], alive, found)
        return found

    def _walk(self, step: int, key: int, counts: list, alive: list, found: list) -> None:
        """Depth-first over the moves that lead to a complete layout."""
        if step == len(self.steps):
            found.append(tuple(counts))
            return
        opened, checks, delta, chooses, _ = self.steps[step]
        key += opened
        for m in _choices(key, checks, chooses):
            if key - m * delta in alive[step + 1]:
                counts.append(m)
                self._walk(step + 1, key - m * delta, counts, alive, found)
                counts.pop()


def _choices(key: int, checks: list, chooses: list) -> List[int]:
    """The numbers of mines the next group may take: every number it touches stays within reach."""
    return [m for _, _, m in _moves(key, checks, 0, chooses)]


def _moves(key: int, checks: list, delta: int, chooses: list) -> list:
    """(m * delta, C(size, m), m) for each number of mines m the next group may take: every number it touches
    keeps its need between 0 and the cells it has left (the hot path: the bounds written out)."""
    low, high = 0, len(chooses) - 1
    for shift, mask, rest in checks:
        need = (key >> shift) & mask
        if need - rest > low:
            low = need - rest
        if need < high:
            high = need
    return [(m * delta, chooses[m], m) for m in range(low, high + 1)]


def _signatures(constraints: list, group: bool) -> list:
    """(constraints touched, cells) per group of cells touching the same constraints, in sweep order."""
    touching: Dict[int, List[int]] = {}
    for k, (cells, _) in enumerate(constraints):
        for cell in cells:
            touching.setdefault(cell, []).append(k)
    if not group:
        return _order([(tuple(ks), [cell]) for cell, ks in touching.items()])
    by_signature: Dict[tuple, List[int]] = {}
    for cell, ks in touching.items():
        by_signature.setdefault(tuple(ks), []).append(cell)
    return _order(list(by_signature.items()))


def _order(groups: list) -> list:
    """Order groups number by number, as JSMinesweeper's probability engine does: next comes the number with the
    fewest groups left among those already touched (ties: the first number), with all its groups left, so that
    each number closes as soon as it can and few stay open together; cells sorted within each group."""
    if len(groups) <= 2:  # the second shares what it shares with the first: any order will do
        return [(signature, tuple(sorted(cells))) for signature, cells in groups]
    members: Dict[int, List[int]] = {}
    for rank, (signature, _) in enumerate(groups):
        for k in signature:
            members.setdefault(k, []).append(rank)
    left = {k: len(ranks) for k, ranks in members.items()}
    taken = [False] * len(groups)
    heap: List[Tuple[int, int]] = []
    ordered = []
    while len(ordered) < len(groups):
        if not heap:  # the first number of a part: the one with the fewest groups
            start = min((k for k in left if left[k]), key=lambda k: (left[k], k))
            heap.append((left[start], start))
        count, k = heapq.heappop(heap)
        if count != left[k] or not count:
            continue  # closed, or pushed again since with fewer groups left
        for rank in members[k]:
            if taken[rank]:
                continue
            taken[rank] = True
            signature, cells = groups[rank]
            ordered.append((signature, tuple(sorted(cells))))
            for j in signature:
                left[j] -= 1
                if left[j]:
                    heapq.heappush(heap, (left[j], j))
    return ordered


def _steps(signatures: list, needs: List[int]) -> list:
    """Per group: (opened, checks, delta, chooses, relevant) for the packed keys of _Sweep.

    `opened` adds the needs of the numbers first touched here; `checks` are (bit shift, mask, cells left after
    this group) of each number touched; `delta` takes one mine from each of them and adds one to the count;
    chooses[m] = C(size, m); `relevant` masks the needs of the numbers touched (all the moves depend on).
    """
    size_bits = sum(len(cells) for _, cells in signatures).bit_length()
    width = max(4, max(needs, default=0).bit_length())  # bits per need: 4 hold any number's need (8 at most)
    mask = (1 << width) - 1
    last, remaining = {}, [0] * len(needs)
    for step, (signature, cells) in enumerate(signatures):
        for k in signature:
            last[k] = step
            remaining[k] += len(cells)
    shift: Dict[int, int] = {}  # bit position of each open number's need
    free: List[int] = []
    steps = []
    for step, (signature, cells) in enumerate(signatures):
        opened, delta, checks, relevant = 0, -1, [], 0
        for k in signature:
            if k not in shift:
                shift[k] = size_bits + width * (heapq.heappop(free) if free else len(shift) + len(free))
                opened += needs[k] << shift[k]
            remaining[k] -= len(cells)
            checks.append((shift[k], mask, remaining[k]))
            delta += 1 << shift[k]
            relevant |= mask << shift[k]
        for k in signature:  # finished numbers give their slot back, at 0, once the step has taken its own
            if last[k] == step:
                heapq.heappush(free, (shift.pop(k) - size_bits) // width)
        steps.append((opened, checks, delta, _binomials(len(cells)), relevant))
    return steps


def weighted_index(weights: List[int], rng) -> int:
    """An index drawn with probability proportional to its exact integer weight (`rng`: a random.Random)."""
    point = rng.randrange(sum(weights))
    for index, weight in enumerate(weights):
        point -= weight
        if point < 0:
            return index
    raise AssertionError("a weight was drawn beyond the total")


@lru_cache(maxsize=None)
def _binomials(size: int) -> list:
    """C(size, m) for m = 0..size."""
    return [comb(size, m) for m in range(size + 1)]


def _convolve(a: Dict[int, int], b: Dict[int, int]) -> Dict[int, int]:
    """Layout counts by mine number of two independent parts taken together."""
    out: Dict[int, int] = {}
    for m, x in a.items():
        for k, y in b.items():
            out[m + k] = out.get(m + k, 0) + x * y
    return out


def _others(polynomials: list) -> list:
    """For each polynomial, the product of all the others (prefix times suffix products)."""
    prefix = [{0: 1}]
    for polynomial in polynomials[:-1]:
        prefix.append(_convolve(prefix[-1], polynomial))
    result, suffix = [None] * len(polynomials), {0: 1}
    for index in range(len(polynomials) - 1, -1, -1):
        result[index] = _convolve(prefix[index], suffix)
        suffix = _convolve(suffix, polynomials[index])
    return result


def _with_total(parts: List["_Sweep"], off: Tuple[int, ...], left: int) -> Counts:
    """Weigh every part's layouts with the others' and with C(off-frontier cells, mines left for them)."""
    free = len(off)
    rests = _others([part.polynomial for part in parts])
    whole = _convolve(rests[0], parts[0].polynomial) if parts else {0: 1}
    total = sum(x * comb(free, left - m) for m, x in whole.items() if 0 <= left - m <= free)
    if total == 0:
        raise Inconsistent("no mine layout fits the numbers and the mine count")
    numerators: Dict[int, int] = {}
    safe: Set[int] = set()
    mines: Set[int] = set()
    for part, rest in zip(parts, rests):
        outside = {m: sum(x * comb(free, left - m - k) for k, x in rest.items() if 0 <= left - m - k <= free)
                   for m in part.polynomial}
        for cells, mined in zip(part.groups, part.tallies(outside)):
            numerators.update(dict.fromkeys(cells, _per_cell(mined, len(cells))))
            _classify(cells, mined, len(cells) * total, safe, mines)
    if free:
        mined_off = sum(x * comb(free, left - m) * (left - m) for m, x in whole.items() if 0 <= left - m <= free)
        numerators.update(dict.fromkeys(off, _per_cell(mined_off, free)))
        _classify(off, mined_off, free * total, safe, mines)
    return Counts(safe, mines, total, numerators, off_frontier=off, counted=True)


def _without_total(parts: List["_Sweep"], off: Tuple[int, ...]) -> Counts:
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
        parts = [_part(component, memo, None) for component in components]
    except Inconsistent:
        return False
    if left is None:
        return True
    whole: Dict[int, int] = {0: 1}
    for part in parts:
        whole = _convolve(whole, {m: 1 for m in part.polynomial})
    left -= len(forced_mines)
    return any(0 <= left - m <= free for m in whole)

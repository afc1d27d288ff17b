"""One independent part of a position counted: its layouts by mine number and, weighted by what the rest of the
board allows, each group's mines (puzzlesat.mines.count takes a position apart and puts the parts together).

A part is a set of numbers (equations: cells, mines needed) that share cells, directly or through others. Its cells
fall into groups of interchangeable cells (touching the same numbers); a group of s cells holding m mines stands for
C(s, m) layouts, so groups, not cells, are enumerated. Three ways, cheapest first:
- `Alone`: one number, its cells one group: C(s, need) layouts in closed form;
- `Listed`: a small part, every layout listed as mines per group, depth first (each number kept between 0 and the
  cells it has left); the layouts stay listed, so anything about them (a cell's neighbours' mines, for dead cells)
  is a loop away. A part whose listing passes LISTED_STEPS is swept instead;
- `Sweep`: group by group, number by number, merging partial layouts that agree on everything still open (below).
Each has `groups`, `polynomial` (mines in the part -> layouts), `spreads(weight)` (per group, the layouts by the
group's mines, each weighted by what the rest of the board allows), `tallies(weight)` (per group, its mines summed
over the same layouts) and `draw(mines, rng)`.
"""

from __future__ import annotations

import heapq
from functools import lru_cache
from math import comb
from random import Random
from typing import Dict, List, Optional, Tuple

from puzzlesat.budget import Budget
from puzzlesat.errors import Inconsistent

CLOCK_EVERY = 512  # partial layouts between two looks at the clock (a budget's nodes are partial layouts, spent per layer)
LISTED_STEPS = 600  # choices a listing may make before the part is swept instead
ORDER_FROM = 24  # groups in a part from which a listing takes them number by number (_order), not by first number


Layout = Tuple[int, int, Tuple[int, ...]]  # a part's layout: (mines, cell layouts, mines per group)
Equation = Tuple[Tuple[int, ...], int]  # (cells, mines needed)


class Part:
    """What every way of counting a part gives: its groups, its layouts by mine number and, per group, the layouts
    by the group's mines; `layouts` lists them one by one when the part keeps such a list (None otherwise)."""

    groups: List[Tuple[int, ...]]
    polynomial: Dict[int, int]
    layouts: Optional[List[Layout]] = None

    def spreads(self, weight: Dict[int, int]) -> List[List[int]]:
        """Per group, the part's layouts by the group's mines: spreads[g][m] counts the layouts where group g holds m
        mines, a layout with k mines in the part counted weight[k] times (what the rest of the board allows)."""
        spreads = [[0] * (len(cells) + 1) for cells in self.groups]
        for mines, ways, layout in self.layouts or ():
            times = weight.get(mines)
            if times:
                times *= ways
                for spread, mined in zip(spreads, layout):
                    spread[mined] += times
        return spreads

    def tallies(self, weight: Dict[int, int]) -> List[int]:
        """Per group, its mines summed over the part's layouts, weighted as in spreads."""
        tallies = [0] * len(self.groups)
        for mines, ways, layout in self.layouts or ():
            times = weight.get(mines)
            if times:
                times *= ways
                for group, mined in enumerate(layout):
                    if mined:
                        tallies[group] += mined * times
        return tallies

    def draw(self, mines: int, rng: Random) -> List[int]:
        """Mines per group of one of the part's layouts with `mines` mines, each layout of cells equally likely."""
        fitting = [(ways, layout) for total, ways, layout in self.layouts or () if total == mines]
        return list(fitting[weighted_index([ways for ways, _ in fitting], rng)][1])


def count_part(constraints: List[Equation], memo: Optional[dict], budget: Optional[Budget]) -> Part:
    """One part counted (or taken from the memo): in closed form for one number, listed when small, else swept."""
    key = frozenset(constraints)
    if memo is not None and key in memo:
        return memo[key]
    part: Part
    if len(constraints) == 1:
        part = Alone(*constraints[0])
    else:
        try:
            listed = Listed(constraints)
            if budget is not None:
                budget.spend(nodes=listed.steps)
                budget.check("counting")
            part = listed
        except TooMany:
            sweep = Sweep(constraints, budget=budget)
            sweep.forward()
            part = sweep
    if not part.polynomial:
        raise Inconsistent("no layout fits the numbers")
    if memo is not None:
        memo[key] = part
    return part


class TooMany(Exception):
    """A listing would take more than it may (choices, or layouts)."""


class Alone(Part):
    """A part made of one number: its cells are one group, and need n of s cells is C(s, n) layouts."""

    def __init__(self, cells: Tuple[int, ...], need: int):
        self.groups = [tuple(sorted(cells))]
        ways = comb(len(cells), need) if 0 <= need <= len(cells) else 0
        self.polynomial = {need: ways} if ways else {}
        self.layouts = [(need, ways, (need,))] if ways else []


class Listed(Part):
    """A part small enough to list: every layout as (mines, cell layouts, mines per group), found depth first.

    Groups go in the order of the first number each touches (number by number, _order, in a part of more than
    ORDER_FROM groups), so that numbers close early; at each group the number of mines is kept within what every
    number it touches still needs and can still get from the groups after it. Raises TooMany when the listing would
    pass LISTED_STEPS choices (the part is swept instead).
    """

    def __init__(self, constraints: List[Equation]):
        by_signature = _by_signature(constraints)
        ordered: List[Tuple[Tuple[int, ...], Tuple[int, ...]]]
        if len(by_signature) > ORDER_FROM:
            ordered = _order(list(by_signature.items()))
        else:
            ordered = [(signature, tuple(sorted(by_signature[signature]))) for signature in sorted(by_signature)]
        self.groups = [cells for _, cells in ordered]
        lister = _Lister([signature for signature, _ in ordered], [len(cells) for cells in self.groups],
                         [need for _, need in constraints])
        lister.walk(0, 0, 1)
        self.layouts, self.steps = lister.found, LISTED_STEPS - lister.left
        polynomial: Dict[int, int] = {}
        for mines, ways, _ in self.layouts:
            polynomial[mines] = polynomial.get(mines, 0) + ways
        self.polynomial = polynomial


def _by_signature(constraints: List[Equation]) -> Dict[Tuple[int, ...], List[int]]:
    """The cells of the equations grouped by the equations they touch (their signature, equation indices)."""
    touching: Dict[int, List[int]] = {}
    for k, (cells, _) in enumerate(constraints):
        for cell in cells:
            ks = touching.get(cell)
            if ks is None:
                touching[cell] = [k]
            else:
                ks.append(k)
    groups: Dict[Tuple[int, ...], List[int]] = {}
    for cell, ks in touching.items():
        signature = tuple(ks)
        members = groups.get(signature)
        if members is None:
            groups[signature] = [cell]
        else:
            members.append(cell)
    return groups


class _Lister:
    """The depth-first listing of Listed: the needs left, the layout so far, the layouts found."""

    def __init__(self, signatures: List[Tuple[int, ...]], sizes: List[int], needs: List[int]):
        self.signatures, self.sizes = signatures, sizes
        self.chooses = [binomials(size) for size in sizes]
        remaining = [0] * len(needs)
        for signature, size in zip(signatures, sizes):
            for k in signature:
                remaining[k] += size
        self.rests: List[List[Tuple[int, int]]] = []  # per group: each number's cells in the groups after it
        for signature, size in zip(signatures, sizes):
            for k in signature:
                remaining[k] -= size
            self.rests.append([(k, remaining[k]) for k in signature])
        self.need = list(needs)
        self.layout = [0] * len(sizes)
        self.found: List[Layout] = []
        self.left = LISTED_STEPS  # choices the listing may still make

    def walk(self, group: int, mines: int, ways: int) -> None:
        """List every layout that completes the one so far from `group` on (TooMany past LISTED_STEPS)."""
        if group == len(self.sizes):
            self.found.append((mines, ways, tuple(self.layout)))
            return
        need = self.need
        low, high = 0, self.sizes[group]
        for k, rest in self.rests[group]:
            left = need[k]
            if left - rest > low:
                low = left - rest
            if left < high:
                high = left
        if low > high:
            return
        self.left -= high - low + 1
        if self.left < 0:
            raise TooMany
        chooses, signature = self.chooses[group], self.signatures[group]
        for m in range(low, high + 1):
            self.layout[group] = m
            for k in signature:
                need[k] -= m
            self.walk(group + 1, mines + m, ways * chooses[m])
            for k in signature:
                need[k] += m
        self.layout[group] = 0


class Sweep(Part):
    """The sweep over one part's groups (module docstring, step 3); with group=False every cell is a group.

    A partial layout is one integer: the mines used so far in the low bits, then a few bits for the need of
    each open number (a number gets a slot when first touched and gives it back, at 0, when finished), so
    putting m mines in a group is one addition: key + opened - m * delta.
    """

    def __init__(self, constraints: List[Equation], group: bool = True, budget: Optional[Budget] = None):
        self.budget = budget
        signatures = _signatures(constraints, group)
        self.groups = [cells for _, cells in signatures]
        self.steps = _steps(signatures, [need for _, need in constraints])
        self.moves: List[dict] = [{} for _ in self.steps]  # per group: its open numbers' needs -> _moves()
        self.layers: list = []  # per group: the partial layouts before it, {key: layouts}
        self.alive: list = []  # per layer, those leading to a layout the last weights allowed (spreads)
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
        """Per group, its mines summed over the part's layouts, weighted as in spreads."""
        return [sum(m * layouts for m, layouts in enumerate(spread) if layouts) for spread in self.spreads(weight)]

    def spreads(self, weight: Dict[int, int]) -> List[List[int]]:
        """As Part.spreads, by a backward pass over the sweep's layers (it keeps, per layer, the partial layouts that
        lead to a layout the weights allow: `alive`, for listing)."""
        behind = {key: weight.get(key, 0) for key in self.layers[-1]}
        self.alive = [behind]
        spreads: List[List[int]] = [[] for _ in self.steps]
        for step in range(len(self.steps) - 1, -1, -1):
            opened, checks, delta, chooses, relevant = self.steps[step]
            moves = self.moves[step]
            if self.budget is not None:
                self._spend(len(self.layers[step]))
            here: Dict[int, int] = {}
            spread = [0] * len(chooses)
            for done, (key, ways) in enumerate(self.layers[step].items()):
                if self.budget is not None and done % CLOCK_EVERY == 0 and done:
                    self.budget.check("counting")
                start = key + opened
                choices = moves.get(start & relevant)
                if choices is None:
                    choices = moves[start & relevant] = _moves(start, checks, delta, chooses)
                onward = 0  # layouts onward from here (weighted)
                for drop, times, mined in choices:
                    value = behind.get(start - drop)
                    if value:
                        if times != 1:
                            value *= times
                        onward += value
                        spread[mined] += ways * value
                if onward:
                    here[key] = onward
            spreads[step] = spread
            behind = here
            self.alive.append(here)
        self.alive.reverse()
        return spreads

    def draw(self, mines: int, rng: Random) -> List[int]:
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
        if self.budget is not None:
            self.budget.spend(nodes=nodes)
            self.budget.check("counting")

    def leaves(self, most: Optional[int] = None, alive: Optional[list] = None) -> List[tuple]:
        """Every complete layout as mines per group, in lexicographic order (fewer mines first); TooMany when there
        are more than `most`. `alive`: per layer, the partial layouts worth following (by default, every one that
        leads to a complete layout)."""
        if alive is None:
            alive = [set(self.layers[-1])]
            for step in range(len(self.steps) - 1, -1, -1):
                opened, checks, delta, chooses, _ = self.steps[step]
                ahead = alive[-1]
                alive.append({key for key in self.layers[step] if any(
                    key + opened - m * delta in ahead for m in _choices(key + opened, checks, chooses))})
            alive.reverse()
        found: list = []
        self._walk(0, 0, [], alive, found, most)
        return found

    def listing(self, most: int, weight: Dict[int, int]) -> Optional[List[Layout]]:
        """The part's layouts that the rest of the board allows (`weight`, as for spreads), as Listed keeps them
        (mines, cell layouts, mines per group), or None when there are more than `most` (a swept part has no list
        of its own: dead cells ask for one)."""
        self.spreads(weight)
        try:
            leaves = self.leaves(most, self.alive)
        except TooMany:
            return None
        chooses = [binomials(len(cells)) for cells in self.groups]
        listed = []
        for layout in leaves:
            ways = 1
            for choose, mined in zip(chooses, layout):
                if mined:
                    ways *= choose[mined]
            listed.append((sum(layout), ways, layout))
        return listed

    def _walk(self, step: int, key: int, counts: list, alive: list, found: list, most: Optional[int]) -> None:
        """Depth-first over the moves that lead to a complete layout."""
        if step == len(self.steps):
            found.append(tuple(counts))
            if most is not None and len(found) > most:
                raise TooMany
            return
        opened, checks, delta, chooses, _ = self.steps[step]
        key += opened
        for m in _choices(key, checks, chooses):
            if key - m * delta in alive[step + 1]:
                counts.append(m)
                self._walk(step + 1, key - m * delta, counts, alive, found, most)
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


def _signatures(constraints: List[Equation], group: bool) -> List[Signed]:
    """(constraints touched, cells) per group of cells touching the same constraints, in sweep order."""
    if not group:
        touching: Dict[int, List[int]] = {}
        for k, (cells, _) in enumerate(constraints):
            for cell in cells:
                touching.setdefault(cell, []).append(k)
        return _order([(tuple(ks), [cell]) for cell, ks in touching.items()])
    return _order(list(_by_signature(constraints).items()))


Signed = Tuple[Tuple[int, ...], Tuple[int, ...]]  # a group: (the equations it touches, its cells)


def _order(groups: List[Tuple[Tuple[int, ...], List[int]]]) -> List[Signed]:
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
    ordered: List[Signed] = []
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
    """Per group: (opened, checks, delta, chooses, relevant) for the packed keys of Sweep.

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
        steps.append((opened, checks, delta, binomials(len(cells)), relevant))
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
def binomials(size: int) -> list:
    """C(size, m) for m = 0..size."""
    return [comb(size, m) for m in range(size + 1)]


def convolve(a: Dict[int, int], b: Dict[int, int]) -> Dict[int, int]:
    """Layout counts by mine number of two independent parts taken together."""
    out: Dict[int, int] = {}
    for m, x in a.items():
        for k, y in b.items():
            out[m + k] = out.get(m + k, 0) + x * y
    return out



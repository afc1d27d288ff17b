"""Exact counting of mine layouts: trivial rules, groups of interchangeable cells, independent parts.

1. Trivial rules fix the cells of any number that needs no more mines, or needs all its hidden cells.
2. The cells left touch the same set of numbers in groups; a group of s cells holding m mines stands
   for C(s, m) layouts, so groups, not cells, are enumerated.
3. Groups that share no number, directly or through others, form independent parts. Each part is
   swept group by group, merging partial layouts that agree on everything still open (the numbers
   already touched but not finished, and the mines used): a forward pass counts the layouts of the
   part by mine count, a backward pass weighs each with what the rest of the board allows.
4. The rest of the board: the other parts, and the cells off the frontier, which share the mines
   left over: a part layout with k mines weighs sum_j rest(j) * C(off-frontier cells, left - k - j).

Everything is an exact integer; probabilities are Fractions of the number of layouts.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Optional

from puzzlesat.mines.encode import Equations


class CountingStopped(RuntimeError):
    """The counting ran past its deadline."""


@dataclass
class Counts:
    """What counting found: consistency, certain cells, and with a total the probability of every hidden cell."""

    consistent: bool
    safe: set
    mines: set
    probabilities: Optional[dict] = None  # hidden position -> Fraction, None without a total
    layouts: Optional[int] = None  # mine layouts of all hidden cells that explain the board


@dataclass
class _Group:
    """Frontier cells that touch exactly the same numbers."""

    cells: list
    constraints: tuple


def count(eq: Equations, deadline: Optional[float] = None) -> Counts:
    """Count the layouts of a board's equations exactly; raise CountingStopped after `deadline` (monotonic)."""
    fixed = trivial_rules(eq)
    if fixed is None:
        return Counts(False, set(), set())
    constraints = _open_constraints(eq, fixed)
    groups = _groups(eq, fixed, constraints)
    parts = [_Part(groups, members, constraints, deadline) for members in _components(groups, constraints)]
    left = None if eq.mines_left is None else eq.mines_left - sum(fixed.values())
    for part in parts:
        part.forward(left)
        if not part.polynomial:
            return Counts(False, set(), set())
    if left is None:
        return _without_total(eq, fixed, parts)
    return _with_total(eq, fixed, parts, left)


def trivial_rules(eq: Equations) -> Optional[dict]:
    """Cells fixed by numbers needing none or all of their open cells: position -> is a mine; None if stuck."""
    cells = [set(c.cells) for c in eq.constraints]
    need = [c.need for c in eq.constraints]
    watching: dict = {}
    for index, constraint in enumerate(eq.constraints):
        for cell in constraint.cells:
            watching.setdefault(cell, []).append(index)
    fixed: dict = {}
    queue = list(range(len(cells)))
    while queue:
        index = queue.pop()
        open_cells, needed = cells[index], need[index]
        if needed < 0 or needed > len(open_cells):
            return None
        if not open_cells or 0 < needed < len(open_cells):
            continue
        mine = needed > 0
        for cell in list(open_cells):
            fixed[cell] = mine
            for other in watching[cell]:
                cells[other].discard(cell)
                need[other] -= mine
                queue.append(other)
    return fixed


def _open_constraints(eq: Equations, fixed: dict) -> list:
    """(cells, need) of every constraint that still has unfixed cells."""
    result = []
    for constraint in eq.constraints:
        cells = [cell for cell in constraint.cells if cell not in fixed]
        if cells:
            need = constraint.need - sum(1 for cell in constraint.cells if fixed.get(cell))
            result.append((cells, need))
    return result


def _groups(eq: Equations, fixed: dict, constraints: list) -> list:
    """Unfixed frontier cells grouped by the set of open constraints they touch."""
    touching: dict = {}
    for index, (cells, _) in enumerate(constraints):
        for cell in cells:
            touching.setdefault(cell, []).append(index)
    by_signature: dict = {}
    for cell in eq.frontier:
        if cell not in fixed:
            by_signature.setdefault(tuple(touching[cell]), []).append(cell)
    return [_Group(cells, signature) for signature, cells in by_signature.items()]


def _components(groups: list, constraints: list) -> list:
    """Indexes of groups that are linked through shared constraints, each list in sweep order."""
    groups_of = [[] for _ in constraints]
    for index, group in enumerate(groups):
        for constraint in group.constraints:
            groups_of[constraint].append(index)
    seen, parts = set(), []
    for start in range(len(groups)):
        if start in seen:
            continue
        order, queue = [], [start]
        seen.add(start)
        while queue:
            index = queue.pop(0)
            order.append(index)
            for constraint in groups[index].constraints:
                for other in groups_of[constraint]:
                    if other not in seen:
                        seen.add(other)
                        queue.append(other)
        parts.append(order)
    return parts


class _Part:
    """One independent part of the frontier, swept group by group (see the module docstring)."""

    def __init__(self, groups: list, order: list, constraints: list, deadline: Optional[float]):
        self.groups = [groups[index] for index in order]
        self.constraints = constraints
        self.deadline = deadline
        self.layers: list = []  # per group: the partial layouts before it, {(open needs, mines): count}
        self.moves: list = []  # per group: (key, mines put in the group, ways, next key)
        self.polynomial: dict = {}  # mines in the part -> number of layouts
        self.tallies: list = []  # per group: weighted sum of mines in the group over all layouts

    def _steps(self) -> list:
        """Per group: size, and how each open constraint is carried from before to after it."""
        last, remaining = {}, {}
        for step, group in enumerate(self.groups):
            for constraint in group.constraints:
                last[constraint] = step
                remaining[constraint] = remaining.get(constraint, 0) + len(group.cells)
        active: list = []
        steps = []
        for step, group in enumerate(self.groups):
            touched = set(group.constraints)
            for constraint in touched:
                remaining[constraint] -= len(group.cells)
            after = sorted((set(active) | touched) - {c for c in touched if last[c] == step})
            position = {constraint: index for index, constraint in enumerate(active)}
            sources = [(position.get(c, -1), self.constraints[c][1], c in touched) for c in after]
            checks = [(position.get(c, -1), self.constraints[c][1], remaining[c]) for c in sorted(touched)]
            steps.append((len(group.cells), sources, checks))
            active = after
        return steps

    def forward(self, left: Optional[int]) -> None:
        """Count the layouts of the part by number of mines (never more than `left`)."""
        layer = {((), 0): 1}
        for step in self._steps():
            self.layers.append(layer)
            moves, following = [], {}
            for done, (key, ways) in enumerate(layer.items()):
                if done % 512 == 0:
                    self._check_clock()
                for move in _moves(key, step, left):
                    moves.append(move)
                    target = move[3]
                    following[target] = following.get(target, 0) + ways * move[2]
            self.moves.append(moves)
            layer = following
        self.layers.append(layer)
        self.polynomial = {mines: ways for (_, mines), ways in layer.items()}

    def backward(self, weight: dict) -> int:
        """Weigh each full layout with k mines by weight[k]; fill self.tallies; return the weighted total."""
        behind = {key: weight.get(key[1], 0) for key in self.layers[-1]}
        tallies = []
        for step in range(len(self.groups) - 1, -1, -1):
            layer, here, tally = self.layers[step], {}, 0
            for done, (key, m, choose, target) in enumerate(self.moves[step]):
                if done % 2048 == 0:
                    self._check_clock()
                onward = behind.get(target, 0)
                if onward:
                    value = choose * onward
                    here[key] = here.get(key, 0) + value
                    if m:
                        tally += layer[key] * value * m
            tallies.append(tally)
            behind = here
        self.tallies = tallies[::-1]
        return behind.get(((), 0), 0)

    def _check_clock(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise CountingStopped("counting stopped at the time limit")


def _moves(key: tuple, step: tuple, left: Optional[int]) -> list:
    """From a partial layout (open needs, mines so far): (key, m, C(size, m), next key) for every count m
    of mines in the next group that keeps each constraint it touches within reach."""
    size, sources, checks = step
    needs, mines = key
    low, high = 0, size
    for position, fresh, rest in checks:
        need = needs[position] if position >= 0 else fresh
        low, high = max(low, need - rest), min(high, need)
    if left is not None:
        high = min(high, left - mines)
    moves = []
    for m in range(low, high + 1):
        after = tuple((needs[position] if position >= 0 else fresh) - (m if touched else 0)
                      for position, fresh, touched in sources)
        moves.append((key, m, comb(size, m), (after, mines + m)))
    return moves


def _without_total(eq: Equations, fixed: dict, parts: list) -> Counts:
    """Certain cells when every layout of each part counts once (no total: parts are independent)."""
    safe = {cell for cell, mine in fixed.items() if not mine}
    mines = {cell for cell, mine in fixed.items() if mine}
    layouts = 2 ** len(eq.off_frontier)
    for part in parts:
        total = part.backward({k: 1 for k in part.polynomial})
        layouts *= total
        for group, tally in zip(part.groups, part.tallies):
            if tally == 0:
                safe.update(group.cells)
            elif tally == total * len(group.cells):
                mines.update(group.cells)
    return Counts(True, safe, mines, None, layouts)


def _with_total(eq: Equations, fixed: dict, parts: list, left: int) -> Counts:
    """Probabilities of every hidden cell, weighing parts against each other and the off-frontier cells."""
    off = len(eq.off_frontier)
    binomial = _Binomials(off)
    rests = _products_of_others([part.polynomial for part in parts], left)
    whole = _multiply(rests[0], parts[0].polynomial, left) if parts else {0: 1}
    layouts = sum(ways * binomial(left - k) for k, ways in whole.items())
    if layouts == 0:
        return Counts(False, set(), set())
    probabilities = {cell: Fraction(int(mine)) for cell, mine in fixed.items()}
    for part, rest in zip(parts, rests):
        weight = {k: sum(ways * binomial(left - k - j) for j, ways in rest.items()) for k in part.polynomial}
        part.backward(weight)
        for group, tally in zip(part.groups, part.tallies):
            share = Fraction(tally, layouts * len(group.cells))
            probabilities.update(dict.fromkeys(group.cells, share))
    if off:
        off_mines = sum(ways * comb(off - 1, left - k - 1) for k, ways in whole.items() if left - k - 1 >= 0)
        probabilities.update(dict.fromkeys(eq.off_frontier, Fraction(off_mines, layouts)))
    safe = {cell for cell, p in probabilities.items() if p == 0}
    mines = {cell for cell, p in probabilities.items() if p == 1}
    return Counts(True, safe, mines, probabilities, layouts)


class _Binomials:
    """C(n, k) for one n, cached, zero outside 0..n."""

    def __init__(self, n: int):
        self.n = n
        self.cache: dict = {}

    def __call__(self, k: int) -> int:
        if k < 0 or k > self.n:
            return 0
        if k not in self.cache:
            self.cache[k] = comb(self.n, k)
        return self.cache[k]


def _multiply(a: dict, b: dict, cap: int) -> dict:
    """The product of two polynomials {power: coefficient}, powers above `cap` dropped."""
    result: dict = {}
    for i, x in a.items():
        for j, y in b.items():
            if i + j <= cap:
                result[i + j] = result.get(i + j, 0) + x * y
    return result


def _products_of_others(polynomials: list, cap: int) -> list:
    """For each polynomial, the product of all the others (prefix times suffix products)."""
    prefix = [{0: 1}]
    for polynomial in polynomials[:-1]:
        prefix.append(_multiply(prefix[-1], polynomial, cap))
    result, suffix = [None] * len(polynomials), {0: 1}
    for index in range(len(polynomials) - 1, -1, -1):
        result[index] = _multiply(prefix[index], suffix, cap)
        suffix = _multiply(suffix, polynomials[index], cap)
    return result

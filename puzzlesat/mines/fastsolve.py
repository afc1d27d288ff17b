"""A play-time solver: certain cells and exact mine probabilities of a game position, fast enough for thousands of games.

Trivial rules first (a number whose mines are all known makes its other hidden neighbours safe; one that needs all
of them makes them mines). Then the frontier is cut into groups of interchangeable cells (the same numbers around
them) and independent components; each component's layouts are counted by mine number with binomial coefficients,
and the components are combined with the cells off the frontier and the total mine count. Integers throughout, so a
probability of 0 or 1 is a proof. It works on engine indices (row * width + col); see puzzlesat.mines.analyze for
the SAT-based analysis of arbitrary boards, which the tests compare this against.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Dict, List, Optional, Sequence, Set, Tuple

HIDDEN = -1


class Inconsistent(ValueError):
    """No mine layout explains the position."""


class TooComplex(RuntimeError):
    """A frontier component needs more search nodes than the budget allows."""


@dataclass
class Solution:
    """What the solver found: certain cells, and, when asked, exact probabilities of every unknown hidden cell."""

    safe: Set[int]
    mines: Set[int]
    layouts: int = 0  # number of mine layouts consistent with the position (0 when not counted)
    numerators: Dict[int, int] = field(default_factory=dict)  # cell -> layouts with a mine there
    off_frontier: Tuple[int, ...] = ()  # unknown cells next to no number
    frontier: Tuple[int, ...] = ()
    counted: bool = False

    def probability(self, cell: int) -> float:
        """The chance that `cell` holds a mine (needs counted=True)."""
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


def revealed(known: Sequence[int]) -> List[int]:
    """Cells showing a number."""
    return [i for i, value in enumerate(known) if value != HIDDEN]


def active_numbers(known: Sequence[int], neighbours) -> List[int]:
    """Revealed cells with at least one hidden neighbour: the only ones that constrain anything."""
    return [i for i in revealed(known) if any(known[n] == HIDDEN for n in neighbours[i])]


def unknown_cells(known: Sequence[int], mines: Set[int]) -> List[int]:
    """Hidden cells not known to be mines."""
    return [i for i, value in enumerate(known) if value == HIDDEN and i not in mines]


def trivial(known: Sequence[int], mines: Set[int], neighbours, numbers=None) -> Tuple[Set[int], Set[int]]:
    """Safe cells and mines (the given ones included) that single numbers force, applied until nothing changes.

    `numbers`: the revealed cells to start from (all by default).
    """
    mines = set(mines)
    safe: Set[int] = set()
    queue = [i for i, value in enumerate(known) if value > 0] if numbers is None else list(numbers)
    queued = set(queue)
    while queue:
        index = queue.pop()
        queued.discard(index)
        need, cells = _unresolved(index, known, neighbours, mines, safe)
        if not cells:
            if need != 0:
                raise Inconsistent(f"the number at cell {index} cannot be satisfied")
            continue
        if need < 0 or need > len(cells):
            raise Inconsistent(f"the number at cell {index} cannot be satisfied")
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


def solve(
    known: Sequence[int],
    total: int,
    neighbours,
    mines: Set[int] = frozenset(),
    count: bool = True,
    budget: Optional[int] = None,
    memo: Optional[dict] = None,
    numbers: Optional[Sequence[int]] = None,
    changed: Optional[Sequence[int]] = None,
) -> Solution:
    """Analyse a position: `known[i]` is HIDDEN or the number shown, `mines` hidden cells known to hold mines.

    With count=False it stops after the trivial rules when they found a safe cell. `budget` caps the search nodes
    of one frontier component (TooComplex beyond it); `memo` caches component counts between related calls.
    `numbers` may list the revealed cells that can still constrain anything (all by default; see active_numbers),
    and `changed` the numbers the trivial rules need to start from (when the rest are known to give nothing new).
    Raises Inconsistent when no layout fits.
    """
    safe, sure = trivial(known, mines, neighbours, numbers if changed is None else changed)
    if safe and not count:
        return Solution(safe, sure)
    constraints, frontier = _constraints(known, sure, safe, neighbours, numbers)
    unknown = [i for i in unknown_cells(known, sure) if i not in safe]
    off = tuple(i for i in unknown if i not in frontier)
    left = total - len(sure)
    if left < 0 or left > len(unknown):
        raise Inconsistent("the mine count does not fit the position")
    parts = [_count_component(part, budget, memo) for part in _components(constraints)]
    solution = _combine(parts, off, left)
    solution.safe |= safe
    solution.mines |= sure
    solution.frontier = tuple(sorted(frontier))
    return solution


def explicit_layouts(
    known: Sequence[int], total: int, neighbours, mines: Set[int], solution: Solution
) -> Tuple[Tuple[int, ...], List[frozenset]]:
    """Every mine layout of the cells `solution` left uncertain, listed (meant for positions with few layouts)."""
    sure = set(mines) | solution.mines
    uncertain = tuple(sorted(cell for cell in solution.numerators if cell not in solution.safe and cell not in sure))
    constraints, _ = _constraints(known, sure, solution.safe, neighbours)
    constraints.append((uncertain, total - len(sure)))
    touching: Dict[int, List[int]] = {cell: [] for cell in uncertain}
    for k, (cells, _) in enumerate(constraints):
        for cell in cells:
            touching[cell].append(k)
    groups = _order([(tuple(ks), [cell]) for cell, ks in touching.items()])
    leaves: list = []
    _enumerate(groups, [need for _, need in constraints], None, leaves)
    order = [cells[0] for _, cells in groups]
    return uncertain, [frozenset(cell for cell, bit in zip(order, leaf) if bit) for leaf in leaves]


def _constraints(known, mines, safe, neighbours, numbers=None) -> Tuple[list, Set[int]]:
    """The remaining equations (cells, mines needed) of numbers with unknown neighbours, and the frontier cells."""
    seen = set()
    constraints = []
    frontier: Set[int] = set()
    for index in revealed(known) if numbers is None else numbers:
        need, cells = _unresolved(index, known, neighbours, mines, safe)
        if cells:
            key = (tuple(cells), need)
            if key not in seen:
                seen.add(key)
                constraints.append(key)
                frontier.update(cells)
    return constraints, frontier


def _components(constraints: list) -> List[list]:
    """Split the equations into independent parts (no shared cell, directly or through others)."""
    parent = list(range(len(constraints)))

    def find(i):
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


@dataclass
class _Part:
    """Counts of one component: per mine number m, the layouts and, per group, the layouts weighted by its mines."""

    groups: List[Tuple[int, ...]]
    layouts: Dict[int, int]
    weighted: Dict[int, List[int]]


def _count_component(constraints: list, budget: Optional[int], memo: Optional[dict]) -> _Part:
    """Count the layouts of one component by groups of interchangeable cells."""
    key = frozenset(constraints)
    if memo is not None and key in memo:
        return memo[key]
    touching: Dict[int, List[int]] = {}
    for k, (cells, _) in enumerate(constraints):
        for cell in cells:
            touching.setdefault(cell, []).append(k)
    by_signature: Dict[tuple, List[int]] = {}
    for cell, ks in touching.items():
        by_signature.setdefault(tuple(ks), []).append(cell)
    groups = _order(list(by_signature.items()))
    part = _enumerate(groups, [need for _, need in constraints], budget)
    if memo is not None:
        memo[key] = part
    return part


def _order(groups: list) -> list:
    """Order groups so that equations close early: each next group shares the most equations with those before."""
    ordered = []
    seen_constraints: Set[int] = set()
    remaining = sorted(groups, key=lambda item: (-len(item[0]), min(item[1])))
    while remaining:
        best = max(range(len(remaining)), key=lambda j: (sum(k in seen_constraints for k in remaining[j][0]), -j))
        signature, cells = remaining.pop(best)
        seen_constraints.update(signature)
        ordered.append((signature, tuple(sorted(cells))))
    return ordered


def _enumerate(groups: list, needs: List[int], budget: Optional[int], leaves: Optional[list] = None) -> _Part:
    """Depth-first search over mine counts per group, pruned by each equation's bounds (leaves: collect each count vector)."""
    n = len(groups)
    sizes = [len(cells) for _, cells in groups]
    links = [signature for signature, _ in groups]
    room = [0] * len(needs)  # unassigned capacity per equation
    for signature, cells in groups:
        for k in signature:
            room[k] += len(cells)
    missing = list(needs)  # mines still needed per equation
    counts = [0] * n
    layouts: Dict[int, int] = {}
    weighted: Dict[int, List[int]] = {}
    nodes = [0]

    def visit(i: int, weight: int, mines: int) -> None:
        if i == n:
            if leaves is not None:
                leaves.append(tuple(counts))
            layouts[mines] = layouts.get(mines, 0) + weight
            row = weighted.get(mines)
            if row is None:
                row = weighted[mines] = [0] * n
            for g in range(n):
                if counts[g]:
                    row[g] += weight * counts[g]
            return
        nodes[0] += 1
        if budget is not None and nodes[0] > budget:
            raise TooComplex(f"a frontier component needs more than {budget} search nodes")
        size = sizes[i]
        low, high = 0, size
        for k in links[i]:
            rest = room[k] - size
            if missing[k] - rest > low:
                low = missing[k] - rest
            if missing[k] < high:
                high = missing[k]
        if low > high:
            return
        for k in links[i]:
            room[k] -= size
        for value in range(low, high + 1):
            for k in links[i]:
                missing[k] -= value
            counts[i] = value
            visit(i + 1, weight * comb(size, value), mines + value)
            for k in links[i]:
                missing[k] += value
        counts[i] = 0
        for k in links[i]:
            room[k] += size

    visit(0, 1, 0)
    return _Part([cells for _, cells in groups], layouts, weighted)


def _convolve(a: Dict[int, int], b: Dict[int, int]) -> Dict[int, int]:
    """Layout counts by mine number of two independent parts taken together."""
    out: Dict[int, int] = {}
    for m, x in a.items():
        for k, y in b.items():
            out[m + k] = out.get(m + k, 0) + x * y
    return out


def _combine(parts: List[_Part], off: Tuple[int, ...], left: int) -> Solution:
    """Weigh every component's layouts with the others' and with C(off-frontier cells, mines left for them)."""
    free = len(off)
    all_parts: Dict[int, int] = {0: 1}
    for part in parts:
        all_parts = _convolve(all_parts, part.layouts)
    total = sum(x * comb(free, left - m) for m, x in all_parts.items() if 0 <= left - m <= free)
    if total == 0:
        raise Inconsistent("no mine layout fits the numbers and the mine count")
    numerators: Dict[int, int] = {}
    safe: Set[int] = set()
    mines: Set[int] = set()
    for j, part in enumerate(parts):
        others: Dict[int, int] = {0: 1}
        for k, other in enumerate(parts):
            if k != j:
                others = _convolve(others, other.layouts)
        outside = {}  # mines in this part -> weight of everything else
        for m in part.layouts:
            outside[m] = sum(x * comb(free, left - m - k) for k, x in others.items() if 0 <= left - m - k <= free)
        for g, cells in enumerate(part.groups):
            mined = sum(row[g] * outside[m] for m, row in part.weighted.items())
            numerators.update(dict.fromkeys(cells, _per_cell(mined, len(cells))))
            _classify(cells, mined, len(cells) * total, safe, mines)
    if free:
        mined_off = sum(x * comb(free, left - m) * (left - m) for m, x in all_parts.items() if 0 <= left - m <= free)
        numerators.update(dict.fromkeys(off, _per_cell(mined_off, free)))
        _classify(off, mined_off, free * total, safe, mines)
    return Solution(safe, mines, total, numerators, off, counted=True)


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


def _unresolved(index: int, known, neighbours, mines: set, safe: set) -> tuple:
    """For the number at `index`: mines it still needs, and its hidden neighbours not yet known safe or mined."""
    need = known[index]
    cells = []
    for other in neighbours[index]:
        if known[other] == HIDDEN:
            if other in mines:
                need -= 1
            elif other not in safe:
                cells.append(other)
    return need, cells

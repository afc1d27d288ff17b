"""Chains: cycles, forcing chains, Nishio, multiple and dynamic forcing chains, as Sukaku Explainer finds them.

This follows SE's Chaining (diuf.sudoku.solver.rules.chaining) and its hints (CycleHint, ForcingChainHint,
BinaryChainingHint, CellChainingHint, RegionChainingHint). A potential is a candidate (cell, digit) assumed
"on" (the cell holds the digit) or "off"; SE propagates implications from one assumption:

- on -> off: the other candidates of the cell (not for X-chains and Nishio) and the digit in every peer (in the
  order box, row, column; getOnToOff);
- off -> on: the other candidate of a bivalue cell (not for X-chains and Nishio) and the other position of the
  digit in a unit where it has exactly two (box, row, column; getOffToOn). In dynamic chains every processed
  "off" is removed from the grid, so later links may rest on earlier eliminations (their "hidden parents").

The producers, with SE's difficulty (base + length increment, getLengthDifficulty):

- cycles_and_forcing_chains: Chaining(false, false, false, 0): Bidirectional X-/Y-Cycles (6.5), Bidirectional
  Cycles (7.0), Forcing X-Chains (6.6; "Turbot Fish" with 6 nodes) and Forcing Chains (7.0): one assumption
  implying its own negation, or a loop whose weak links remove the candidates seeing both ends of a link.
- nishio_forcing_chains: Chaining(false, true, true, 0): dynamic X-only chains from an assumption that leads to a
  contradiction (7.5).
- multiple_forcing_chains: Chaining(true, false, false, 0): Cell and Region Forcing Chains (8.0): every
  candidate of a cell (with at least three), or every position of a digit in a unit, implies the same.
- dynamic_forcing_chains: Chaining(true, true, false, level): level 0, Dynamic Contradiction / Double / Cell /
  Region Forcing Chains (8.5). Level 1, "... (+)" (9.0): when the propagation stalls, SE's getAdvancedPotentials
  applies Locking, HiddenSet(2), NakedSet(2) and Fisherman(2) to the reduced grid, and the first of them with
  hints resting on the chain's eliminations turns off what they remove. Levels 2 and 3, "(+ Forcing Chains)"
  (9.5) and "(+ Multiple Forcing Chains)" (10.0), add the forcing chains and cycles, then the multiple forcing
  chains, of the reduced grid to those rules; the complexity of such a nested chain adds to the hint's.

SE collects every hint of a producer and sorts them by difficulty, then complexity (the number of potentials
the chains rest on, ancestors counted once), then a key per kind (getSortKey), stably, and the rating takes the
first. Here searches are bounded by the best hint found so far (a forcing chain search stops at the length
where it could only come later, a cycle search after its shortest cycles, a multiple chain's complexity is not
summed past the best): the first step is SE's first hint, the steps after it are the other hints found on the
way, in SE's order, each effect once (SE's ChainingHint.equals compares the removable candidates). A static
implication graph per pass and its strongly connected components skip the starts that have no chain at all.

Potentials are integers here: candidate index i = cell * side + (digit - 1), node = 2 * i + (1 if on).
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, NamedTuple, Optional, Tuple

from puzzlesat.sudoku.logic.candidates import CandidateGrid, Layout, per_layout
from puzzlesat.sudoku.logic.steps import Step


class _Tables:
    """Per layout: units in SE's order (boxes, rows, columns, extras), each cell's units and ordered peers."""

    __slots__ = ("side", "regions", "cell_regions", "peers", "peer_set", "_cands")

    def __init__(self, layout: Layout):
        self.side = layout.side
        self.regions = tuple(tuple(sorted(layout.groups[g])) for g in layout.full)
        cell_regions: List[list] = [[] for _ in layout.peers]
        for r, cells in enumerate(self.regions):
            for k, cell in enumerate(cells):
                cell_regions[cell].append((r, k))
        self.cell_regions = tuple(tuple(x) for x in cell_regions)
        peers = []
        for cell, regs in enumerate(self.cell_regions):
            seen, order = {cell}, []
            for r, _ in regs:
                for other in self.regions[r]:
                    if other not in seen:
                        seen.add(other)
                        order.append(other)
            peers.append(tuple(order))
        self.peers = tuple(peers)
        self.peer_set = tuple(frozenset(p) | frozenset(layout.peers[c]) for c, p in enumerate(peers))
        self._cands = None


def _reduced(base: "_Grid", cand: list, rpos: list) -> "_Grid":
    """The grid of a dynamic chain at some point: the base grid with the chain's eliminations."""
    grid = _Grid.__new__(_Grid)
    grid.tab, grid.side, grid.cand, grid.rpos = base.tab, base.side, cand, rpos
    side = base.side
    present = bytearray(len(cand) * side)
    for cell, m in enumerate(cand):
        while m:
            low = m & -m
            m ^= low
            present[cell * side + low.bit_length() - 1] = 1
    grid.present, grid.empty, grid.placed = present, base.empty, base.placed
    grid._targets = {}
    return grid


@per_layout
def _tables(layout: Layout) -> _Tables:
    """The tables of a layout, computed once."""
    return _Tables(layout)


class _Hint(NamedTuple):
    """One hint a chaining search found; sorted as SE sorts its hints: difficulty, complexity, sort key per kind
    (getSortKey), then the order found (a stable sort)."""

    difficulty: float
    complexity: int  # the potentials the chains rest on (ancestors counted once), nested chains added
    key: int  # SE's getSortKey of the kind of hint
    found: int  # how many hints the search had found before this one
    removable: tuple  # ((cell, digit), ...) the hint removes; equal hints (SE's equals) remove the same
    name: str
    placement: Optional[tuple]  # ((cell, digit),) when the hint places a value
    chains: Any  # the chains of (cell, digit, on) nodes, or a function that builds them when shown
    source: Optional[tuple]  # what a nested chain needs to find its rule parents: ('cycle' | 'forcing', path)
    # or ('cell' | 'region', runs, target node, cell or unit)

    @property
    def order(self) -> tuple:
        """SE's sort key."""
        return self.difficulty, self.complexity, self.key, self.found


def length_difficulty(complexity: int) -> float:
    """SE's ChainingHint.getLengthDifficulty: +0.1 per ceiling 4, 6, 8, 12, 16, ... exceeded by complexity - 2."""
    added, ceil, length, odd = 0.0, 4, complexity - 2, False
    while length > ceil:
        added += 0.1
        ceil = ceil * 3 // 2 if not odd else ceil * 4 // 3
        odd = not odd
    return added


class _Grid:
    """The candidates as SE sees them (none in placed cells) and the positions of each digit in each unit."""

    __slots__ = ("tab", "side", "cand", "rpos", "present", "empty", "placed", "_targets")

    def __init__(self, board: CandidateGrid):
        tab = self.tab = _tables(board.layout)
        side = self.side = tab.side
        self.cand = [0 if value else mask for mask, value in zip(board.cands, board.values)]
        rpos = [0] * (len(tab.regions) * side)
        for r, cells in enumerate(tab.regions):
            for k, cell in enumerate(cells):
                m = self.cand[cell]
                while m:
                    low = m & -m
                    rpos[r * side + low.bit_length() - 1] |= 1 << k
                    m ^= low
        self.rpos = rpos
        present = bytearray(len(self.cand) * side)
        for cell, m in enumerate(self.cand):
            while m:
                low = m & -m
                m ^= low
                present[cell * side + low.bit_length() - 1] = 1
        self.present = present
        self.empty = [sum(1 for c in cells if not board.values[c]) for cells in tab.regions]
        placed = [0] * side
        for value in board.values:
            if value:
                placed[value - 1] += 1
        self.placed = placed
        self._targets = {}

    def targets(self, y_links: bool) -> list:
        """Per candidate index: the candidates of this grid an "on" turns off (SE's getOnToOff: the cell's other
        candidates when `y_links`, then the digit in the peers, box, row, column), in SE's order; None for a
        candidate not in the grid. Built once per grid and kind of link: a dynamic chain only ever removes
        candidates, so its propagation skips those already gone."""
        found = self._targets.get(y_links)
        if found is None:
            peer_idx, cell_idx, _, _ = _candidate_tables(self.tab)
            present = self.present
            found = [None] * len(present)
            for idx, here in enumerate(present):
                if here:
                    peers = [j for j in peer_idx[idx] if present[j]]
                    found[idx] = [j for j in cell_idx[idx] if present[j]] + peers if y_links else peers
            self._targets[y_links] = found
        return found


# ----------------------------------------------------------------------------------------------------------------
# Propagation of one assumption (SE's doChaining), for Nishio, multiple and dynamic chains.

class _Run:
    """The outcome of one assumption: potentials forced on and off (candidate index -> parent nodes, in the
    order found) and the contradiction, if any: (candidate, parents of the new "on", parents of the new "off"),
    the stored side having None."""

    __slots__ = ("on", "off", "absurd", "memo", "nested")

    def __init__(self, on: dict, off: dict, absurd, nested: Optional[dict] = None):
        self.on, self.off, self.absurd, self.memo = on, off, absurd, {}
        self.nested = nested  # off candidate -> (key, complexity) of the nested chain it comes from

    def ancestors_new(self, node: int, parents: tuple) -> int:
        """The ancestors of a potential not stored (the new side of a contradiction), as a bit mask."""
        mask = 1 << node
        for p in parents:
            mask |= self.ancestors(p)
        return mask

    def nested_in(self, mask: int, into: dict) -> None:
        """Add the nested chains (key -> complexity) among the potentials of `mask` to `into`."""
        for idx, (key, complexity) in self.nested.items():
            if mask >> (idx * 2) & 1:
                into[key] = complexity

    def ancestors(self, node: int) -> int:
        """The potentials `node` rests on (itself included), as a bit mask over node ids."""
        memo = self.memo
        got = memo.get(node)
        if got is not None:
            return got
        stack = [node]
        while stack:
            top = stack[-1]
            if top in memo:
                stack.pop()
                continue
            parents = (self.on if top & 1 else self.off)[top >> 1]
            missing = [p for p in parents if p not in memo]
            if missing:
                stack.extend(missing)
                continue
            mask = 1 << top
            for p in parents:
                mask |= memo[p]
            memo[top] = mask
            stack.pop()
        return memo[node]


def _begin(start: int, mark: bytearray) -> Tuple[Dict[int, tuple], Dict[int, tuple], List[int], List[int]]:
    """The chain's first potential (candidate index * 2 + 1 for "on", * 2 for "off"), marked reached (3 on, 2
    off): (on, off, pending on, pending off), each potential mapped to its parents."""
    on: Dict[int, tuple] = {}
    off: Dict[int, tuple] = {}
    index = start >> 1
    if start & 1:
        on[index], mark[index] = (), 3
        return on, off, [index], []
    off[index], mark[index] = (), 2
    return on, off, [], [index]


def _propagate_static(graph: Tuple[dict, dict], start: int, size: int) -> _Run:
    """SE's doChaining on a grid that does not change (multiple forcing chains), over its implication graph:
    the same order as _propagate ("on" first, each potential once, stop at a contradiction)."""
    on_off, off_on = graph
    mark = bytearray(size)  # 2 reached off, 3 reached on
    on, off, pend_on, pend_off = _begin(start, mark)
    i_on = i_off = 0
    while True:
        while i_on < len(pend_on):
            idx = pend_on[i_on]
            i_on += 1
            parents = (idx * 2 + 1,)
            for j in on_off[idx]:
                m = mark[j]
                if not m:
                    mark[j] = 2
                    off[j] = parents
                    pend_off.append(j)
                elif m == 3:
                    return _Run(on, off, (j, None, parents))
        if i_off >= len(pend_off):
            return _Run(on, off, None)
        idx = pend_off[i_off]
        i_off += 1
        parents = (idx * 2,)
        for j in off_on[idx]:
            m = mark[j]
            if m == 2:
                return _Run(on, off, (j, parents, None))
            if not m:
                mark[j] = 3
                on[j] = parents
                pend_on.append(j)


def _candidate_tables(tab: _Tables) -> tuple:
    """Per candidate index: its peers' candidates of the same digit (SE's order), its cell's other candidates,
    and its units as (unit-digit slot, mask without it); per unit-digit slot: the candidate at each position."""
    side = tab.side
    cached = tab._cands
    if cached is not None:
        return cached
    peer_idx, cell_idx, reg_info = [], [], []
    for cell, peers in enumerate(tab.peers):
        for d in range(side):
            peer_idx.append(tuple(q * side + d for q in peers))
            cell_idx.append(tuple(cell * side + e for e in range(side) if e != d))
            reg_info.append(tuple((r * side + d, ~(1 << k)) for r, k in tab.cell_regions[cell]))
    slot_idx = [None] * (len(tab.regions) * side)
    for r, cells in enumerate(tab.regions):
        for d in range(side):
            slot_idx[r * side + d] = tuple(q * side + d for q in cells)
    cached = (tuple(peer_idx), tuple(cell_idx), tuple(reg_info), tuple(slot_idx))
    tab._cands = cached
    return cached


def _propagate(grid: _Grid, start: int, y_links: bool, dynamic: bool, advanced=None) -> _Run:
    """SE's doChaining from one potential: "on" before "off", each potential once, stop at a contradiction; in
    dynamic chains each processed "off" leaves the grid and the links it enables name it as a hidden parent.
    `mark` per candidate: 0 not in the grid, 1 in it and not reached, 2 reached "off", 3 reached "on", 4 both
    (an advanced rule may turn off a potential the chain turned on: SE then keeps both), 5 both and removed."""
    side = grid.side
    _, _, reg_info, slot_idx = _candidate_tables(grid.tab)
    targets = grid.targets(y_links)
    src_cand, src_rpos = grid.cand, grid.rpos
    mark = bytearray(grid.present)
    if dynamic:
        cand, rpos = list(src_cand), list(src_rpos)
    else:
        cand, rpos = src_cand, src_rpos
    on, off, pend_on, pend_off = _begin(start, mark)
    nested_of: Dict[int, tuple] = {}
    dirty: set = set()  # the unit-digit slots that lost a position (dynamic chains)
    i_on = i_off = 0
    while True:
        while i_on < len(pend_on):
            idx = pend_on[i_on]
            i_on += 1
            parents = (idx * 2 + 1,)
            for j in targets[idx]:
                m = mark[j]
                if m == 1:
                    mark[j] = 2
                    off[j] = parents
                    pend_off.append(j)
                elif m == 3 or m == 4:
                    return _Run(on, off, (j, None, parents), nested_of)
        if i_off < len(pend_off):
            idx = pend_off[i_off]
            i_off += 1
            node = idx * 2
            made: Dict[int, tuple] = {}
            if y_links:
                cell = idx // side
                m = cand[cell]
                rest = m & (m - 1)
                if rest and not (rest & (rest - 1)):
                    d = idx - cell * side
                    other = (m & ~(1 << d)).bit_length() - 1
                    parents = (node,)
                    if dynamic:
                        gone = src_cand[cell] & ~m
                        while gone:
                            low = gone & -gone
                            gone ^= low
                            parents += ((cell * side + low.bit_length() - 1) * 2,)
                    made[cell * side + other] = parents
            for slot, without in reg_info[idx]:
                m = rpos[slot] & without
                if m and not (m & (m - 1)):
                    j = slot_idx[slot][m.bit_length() - 1]
                    if j not in made:
                        parents = (node,)
                        if dynamic:
                            gone = src_rpos[slot] & ~rpos[slot]
                            if gone:
                                cells = slot_idx[slot]
                                while gone:
                                    low = gone & -gone
                                    gone ^= low
                                    parents += (cells[low.bit_length() - 1] * 2,)
                        made[j] = parents
            if dynamic:
                cell = idx // side
                cand[cell] &= ~(1 << (idx - cell * side))
                for slot, without in reg_info[idx]:
                    rpos[slot] &= without
                    dirty.add(slot)
                if mark[idx] == 4:
                    mark[idx] = 5
            for j, parents in made.items():
                m = mark[j]
                if m == 2 or m >= 4:
                    return _Run(on, off, (j, parents, None), nested_of)
                if m != 3:
                    mark[j] = 3
                    on[j] = parents
                    pend_on.append(j)
            continue
        if advanced is not None:
            grown = False
            for j, parents, nested in advanced(grid, cand, rpos, dirty):
                if j not in off:
                    mark[j] = 4 if mark[j] == 3 else 2
                    off[j] = parents
                    pend_off.append(j)
                    grown = True
                    if nested is not None:
                        nested_of[j] = nested
            if grown:
                continue
        return _Run(on, off, None, nested_of)


# ----------------------------------------------------------------------------------------------------------------
# SE's getAdvancedPotentials for "Dynamic Forcing Chains (+)": when the propagation stalls, the first of Locking,
# HiddenSet(2), NakedSet(2) and Fisherman(2) that finds hints resting on the chain's eliminations turns off
# everything they remove, each with the eliminations the hint rests on (getRuleParents) as parents.


def _twin_pairs(masks: list, moved: int) -> List[tuple]:
    """The pairs (a, b) whose masks are equal with exactly two bits (the only common tuples of degree 2 SE's
    CommonTuples finds), a or b in `moved`, in SE's Permutations order."""
    groups: dict = {}
    for i, m in enumerate(masks):
        rest = m & (m - 1)
        if rest and not rest & (rest - 1):
            groups.setdefault(m, []).append(i)
    pairs = [(a, b) for ids in groups.values() if len(ids) > 1
             for x, a in enumerate(ids) for b in ids[x + 1:] if (moved >> a | moved >> b) & 1]
    if len(pairs) > 1:
        pairs.sort(key=lambda ab: (ab[1], ab[0]))
    return pairs


def _hash_order(entries: list) -> list:
    """The iteration order of a java.util.HashMap keyed by cells (hash = cell index) filled in this order."""
    capacity = 16
    while len(entries) > capacity * 3 // 4:
        capacity *= 2
    return sorted(entries, key=lambda entry: entry[0] & (capacity - 1))


def _bits(mask: int) -> List[int]:
    """The set bit positions of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _hint_offs(removable: list, parents: tuple, side: int, nested: Optional[tuple] = None) -> List[tuple]:
    """One hint's removable candidates (cell, digit mask) in SE's HashMap order, each with the hint's parents
    (and, for a nested chain, its key and complexity)."""
    out = []
    for cell, mask in _hash_order(removable):
        for d in _bits(mask):
            out.append((cell * side + d, parents, nested))
    return out


_CROSSINGS: dict = {}


def _crossings(tab: _Tables) -> tuple:
    """Per unit r1 and unit type t2 (0 box, 1 row, 2 column): the units r2 of that type crossing r1, each with
    the positions of the intersection in r1 and in r2 (bit masks)."""
    cached = _CROSSINGS.get(id(tab))
    if cached is not None and cached[0] is tab:
        return cached[1]
    regions = tab.regions
    table = []
    for r1, cells1 in enumerate(regions):
        per_type = []
        for t2 in range(3):
            row = []
            for r2 in range(t2 * 9, t2 * 9 + 9):
                if r2 == r1:
                    continue
                common = set(cells1) & set(regions[r2])
                if common:
                    m1 = sum(1 << k for k, c in enumerate(cells1) if c in common)
                    m2 = sum(1 << k for k, c in enumerate(regions[r2]) if c in common)
                    row.append((r2, m1, m2))
            per_type.append(tuple(row))
        table.append(tuple(per_type))
    table = tuple(table)
    _CROSSINGS[id(tab)] = (tab, table)
    return table


def _locking_offs(grid: _Grid, cand: list, rpos: list, changed: list) -> List[tuple]:
    """SE's Locking(false) (pointing, claiming) on the reduced grid: (candidate, parents) of each removal. A hint
    rests on the chain only where the digit lost positions in the first unit, so only those are tried."""
    tab, side, src_rpos = grid.tab, grid.side, grid.rpos
    regions, crossings = tab.regions, _crossings(tab)
    out: List[tuple] = []
    by_digit = sorted(changed, key=lambda slot: (slot % side, slot))
    for type1, type2 in ((0, 2), (0, 1), (2, 0), (1, 0)):
        for slot in by_digit:
            r1, d = divmod(slot, side)
            if r1 // 9 != type1:
                continue
            if True:
                pos = rpos[slot]
                if pos & (pos - 1) == 0:
                    continue
                for r2, m1, m2 in crossings[r1][type2]:
                    if pos & ~m1 == 0:
                        gone = src_rpos[slot] & ~pos & ~m1
                        rest = rpos[r2 * side + d] & ~m2
                        if gone and rest:
                            parents = tuple((regions[r1][k] * side + d) * 2 for k in _bits(gone))
                            removable = [(regions[r2][k], 1 << d) for k in _bits(rest)]
                            out.extend(_hint_offs(removable, parents, side))
                        break
    return out


def _hidden_pair_offs(grid: _Grid, cand: list, rpos: list, changed: list) -> List[tuple]:
    """SE's HiddenSet(2, false) on the reduced grid (boxes, columns, rows); only pairs with a digit that lost
    positions in the unit can rest on the chain."""
    tab, side, src_rpos, empty = grid.tab, grid.side, grid.rpos, grid.empty
    regions = tab.regions
    grid_moved_digits = [0] * len(regions)
    for slot in changed:
        grid_moved_digits[slot // side] |= 1 << (slot % side)
    out: List[tuple] = []
    for rtype in (0, 2, 1):
        for r in range(rtype * 9, rtype * 9 + 9):
            if empty[r] <= 4:
                continue
            base = r * side
            moved = grid_moved_digits[r]
            if not moved:
                continue
            cells = regions[r]
            for a, b in _twin_pairs(rpos[base:base + side], moved):
                union = rpos[base + a]
                pair = (1 << a) | (1 << b)
                removable = [(cells[k], cand[cells[k]] & ~pair) for k in _bits(union) if cand[cells[k]] & ~pair]
                if not removable:
                    continue
                gone_a, gone_b = src_rpos[base + a] & ~union, src_rpos[base + b] & ~union
                parents = tuple((cells[k] * side + v) * 2 for k in range(len(cells))
                                for v, gone in ((a, gone_a), (b, gone_b)) if gone >> k & 1)
                if parents:
                    out.extend(_hint_offs(removable, parents, side))
    return out


def _naked_pair_offs(grid: _Grid, cand: list, rpos: list, changed: list) -> List[tuple]:
    """SE's NakedSet(2) on the reduced grid (boxes, columns, rows); only pairs with a cell that lost candidates
    can rest on the chain."""
    tab, side, src_cand, empty = grid.tab, grid.side, grid.cand, grid.empty
    regions = tab.regions
    moved_cells = [0] * len(regions)
    cell_regions = tab.cell_regions
    for cell, (now, was) in enumerate(zip(cand, src_cand)):
        if now != was:
            for r, k in cell_regions[cell]:
                moved_cells[r] |= 1 << k
    out: List[tuple] = []
    for rtype in (0, 2, 1):
        for r in range(rtype * 9, rtype * 9 + 9):
            if empty[r] < 4:
                continue
            cells = regions[r]
            moved = moved_cells[r]
            if not moved:
                continue
            for a, b in _twin_pairs([cand[c] for c in cells], moved):
                common = cand[cells[a]]
                removable = [(c, cand[c] & common) for k, c in enumerate(cells)
                             if k != a and k != b and cand[c] & common]
                if not removable:
                    continue
                parents = tuple((c * side + v) * 2 for c in (cells[a], cells[b])
                                for v in _bits(src_cand[c] & ~common))
                if parents:
                    out.extend(_hint_offs(removable, parents, side))
    return out


def _x_wing_offs(grid: _Grid, cand: list, rpos: list, changed: list) -> List[tuple]:
    """SE's Fisherman(2) on the reduced grid: columns then rows as base lines; only base lines that lost
    positions of the digit can rest on the chain."""
    tab, side, src_rpos, placed = grid.tab, grid.side, grid.rpos, grid.placed
    regions = tab.regions
    out: List[tuple] = []
    for base_type, cover_type in ((2, 1), (1, 2)):
        moved = [0] * side
        for slot in changed:
            r, d = divmod(slot, side)
            if r // 9 == base_type:
                moved[d] |= 1 << (r - base_type * 9)
        tries = []
        for d in range(side):
            if moved[d] and placed[d] + 4 <= 9:
                lines = [rpos[(base_type * 9 + line) * side + d] for line in range(9)]
                tries.extend((ab, d) for ab in _twin_pairs(lines, moved[d]))
        if len(tries) > 1:
            tries.sort(key=lambda t: (t[0][1], t[0][0], t[1]))
        for (a, b), d in tries:
            slot_a, slot_b = (base_type * 9 + a) * side + d, (base_type * 9 + b) * side + d
            pa, pb = rpos[slot_a], rpos[slot_b]
            if pa & (pa - 1) == 0 or pb & (pb - 1) == 0:
                continue
            union = pa | pb
            if union.bit_count() != 2:
                continue
            base_mask = (1 << a) | (1 << b)
            removable = []
            for i in _bits(union):
                cover = cover_type * 9 + i
                for j in _bits(rpos[cover * side + d] & ~base_mask):
                    removable.append((regions[cover][j], 1 << d))
            if not removable:
                continue
            parents = tuple((regions[base_type * 9 + line][k] * side + d) * 2
                            for line, slot in ((a, slot_a), (b, slot_b))
                            for k in _bits(src_rpos[slot] & ~rpos[slot] & ~union))
            if parents:
                out.extend(_hint_offs(removable, parents, side))
    return out


_BASIC_RULES = (_locking_offs, _hidden_pair_offs, _naked_pair_offs, _x_wing_offs)


# ----------------------------------------------------------------------------------------------------------------
# Static unary chains (SE's doUnaryChaining): forcing chains and bidirectional cycles.

def _links(grid: _Grid, y_links: bool, x_links: bool, on_off: Optional[dict] = None) -> Tuple[dict, dict]:
    """The static implication graph of one pass: candidate -> candidates an "on" turns off (SE's getOnToOff),
    candidate -> candidates an "off" turns on (getOffToOn), each list in SE's order (`on_off` given when known:
    it depends on y_links only)."""
    side, cand, rpos, tab = grid.side, grid.cand, grid.rpos, grid.tab
    _, _, reg_info, slot_idx = _candidate_tables(tab)
    targets = grid.targets(y_links)
    build = on_off is None
    if build:
        on_off = {}
    off_on: Dict[int, list] = {}
    for cell, mask in enumerate(cand):
        if not mask:
            continue
        rest = mask & (mask - 1)
        bivalue = bool(rest) and not (rest & (rest - 1))
        m = mask
        while m:
            low = m & -m
            m ^= low
            d = low.bit_length() - 1
            idx = cell * side + d
            if build:
                on_off[idx] = targets[idx]
            out = []
            if y_links and bivalue:
                out.append(cell * side + (mask & ~low).bit_length() - 1)
            if x_links:
                for slot, without in reg_info[idx]:
                    pos = rpos[slot] & without
                    if pos and not (pos & (pos - 1)):
                        j = slot_idx[slot][pos.bit_length() - 1]
                        if j not in out:
                            out.append(j)
            off_on[idx] = out
    return on_off, off_on


def reachability(on_off: dict, off_on: dict, nodes: int) -> Tuple[list, dict, set]:
    """Over the nodes of a static implication graph (2 * candidate + on, below `nodes`): the strongly connected
    component of each node, for each component the nodes it reaches (a bit mask), and the components with more
    than one node (those on a loop). Tarjan's algorithm, iteratively."""
    succ: List[Optional[list]] = [None] * nodes
    for idx, outs in on_off.items():
        succ[idx * 2 + 1] = [j * 2 for j in outs]
    for idx, outs in off_on.items():
        succ[idx * 2] = [j * 2 + 1 for j in outs]
    index = [-1] * nodes
    low = [0] * nodes
    comp = [-1] * nodes
    on_stack = bytearray(nodes)
    reach: Dict[int, int] = {}
    looped = set()
    stack: List[int] = []
    counter = 0
    for root in range(nodes):
        if succ[root] is None or index[root] >= 0:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = 1
        work = [(root, iter(succ[root]))]
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if index[nxt] < 0:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack[nxt] = 1
                    work.append((nxt, iter(succ[nxt])))
                    break
                if on_stack[nxt] and index[nxt] < low[node]:
                    low[node] = index[nxt]
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    if low[node] < low[parent]:
                        low[parent] = low[node]
                if low[node] == index[node]:
                    mask = 0
                    members = []
                    while True:
                        top = stack.pop()
                        on_stack[top] = 0
                        comp[top] = node
                        members.append(top)
                        mask |= 1 << top
                        if top == node:
                            break
                    if len(members) > 1:
                        looped.add(node)
                    for member in members:
                        for nxt in succ[member]:
                            other = comp[nxt]
                            if other != node:
                                mask |= reach[other]
                    reach[node] = mask
    return comp, reach, looped


def _forcing_target(on_off: dict, off_on: dict, start: int, limit: int) -> Optional[tuple]:
    """SE's doForcingChains from one potential, layer by layer: the first potential that is the start's negation
    (as a linked path (idx, on, parent)), or None; no search beyond `limit` nodes."""
    src_idx, src_on = start >> 1, start & 1
    root = (src_idx, src_on, None)
    seen_on, seen_off = set(), set()
    layer_on, layer_off = [], []
    if src_on:
        seen_on.add(src_idx)
        layer_on.append(root)
    else:
        seen_off.add(src_idx)
        layer_off.append(root)
    size = 1
    while layer_on or layer_off:
        if layer_on:
            size += 1
            if size > limit:
                return None
            for p in layer_on:
                for j in on_off[p[0]]:
                    if j not in seen_off:
                        if src_on and j == src_idx:
                            return (j, 0, p)
                        seen_off.add(j)
                        layer_off.append((j, 0, p))
            layer_on = []
        if layer_off:
            size += 1
            if size > limit:
                return None
            nxt = []
            for p in layer_off:
                for j in off_on[p[0]]:
                    if j not in seen_on:
                        if not src_on and j == src_idx:
                            return (j, 1, p)
                        seen_on.add(j)
                        nxt.append((j, 1, p))
            layer_off, layer_on = [], nxt
    return None


def _cycles(on_off: dict, off_on: dict, src_idx: int, limit: int) -> Iterator[List[tuple]]:
    """SE's doCycles from an "on" potential: the paths back to it found at each length >= 4 (linked path nodes),
    a list per length, up to `limit` links. An "off" is reached once per path (SE's isParent test), an "on" once."""
    root = (src_idx, 1, None)
    seen_on = {src_idx}
    pend_on = [root]
    length = 0
    while pend_on and length + 2 <= limit:
        length += 1
        pend_off = []
        for p in pend_on:
            for j in on_off[p[0]]:
                node = p[2]
                while node is not None and not (node[0] == j and not node[1]):
                    node = node[2]
                if node is None:
                    pend_off.append((j, 0, p))
        length += 1
        pend_on, found = [], []
        for p in pend_off:
            for j in off_on[p[0]]:
                if j == src_idx and length >= 4:
                    found.append((j, 1, p))
                if j not in seen_on:
                    seen_on.add(j)
                    pend_on.append((j, 1, p))
        if found:
            yield found


def _path_nodes(node: tuple, side: int) -> tuple:
    """A linked path as a chain of (cell, digit, on) nodes from the assumption to the end."""
    out = []
    while node is not None:
        out.append((node[0] // side, node[0] % side + 1, bool(node[1])))
        node = node[2]
    return tuple(reversed(out))


def _cycle_record(grid: _Grid, dst: tuple):
    """SE's createCycleHint: (complexity, removable, cells) of a cycle, removable being the candidates that see
    an "on" and an "off" potential of the same digit in the cycle."""
    side, cand, tab = grid.side, grid.cand, grid.tab
    walk = []
    node = dst
    while node[2] is not None:
        walk.append(node)
        node = node[2]
    cells = {n[0] // side for n in walk}
    forw, back = set(), set()
    for n in walk:
        cell, d = divmod(n[0], side)
        bit = 1 << d
        target = forw if n[1] else back
        for q in tab.peer_set[cell]:
            if q not in cells and cand[q] & bit:
                target.add((q, d + 1))
    removable = tuple(sorted(forw & back))
    complexity = len({(n[0], n[1]) for n in walk} | {(node[0], node[1])})
    return complexity, removable, cells


def _cycle_name(y_links: bool, x_links: bool, cell_count: int) -> str:
    """CycleHint.getName."""
    if x_links and y_links:
        return "Bidirectional Cycle"
    if y_links:
        return "Bidirectional Y-Cycle"
    return "Generalized X-Wing" if cell_count == 4 else "Bidirectional X-Cycle"


def _forcing_name(y_links: bool, complexity: int) -> str:
    """ForcingChainHint.getName (the unary producer only makes X-chains and XY-chains)."""
    if y_links:
        return "Forcing Chain"
    return "Turbot Fish" if complexity == 6 else "Forcing X-Chain"


def _limit(base: float, sort_key: int, best: Optional[_Hint]) -> int:
    """The largest complexity a hint of this base and sort key may have and still come before `best` (a hint
    found earlier, which wins ties): SE's order is difficulty, complexity, sort key, then discovery."""
    if best is None:
        return 1 << 30
    top = best.difficulty, best.complexity, best.key
    complexity = 1
    while (base + length_difficulty(complexity + 1), complexity + 1, sort_key) < top:
        complexity += 1
    return complexity if (base + length_difficulty(complexity), complexity, sort_key) < top else 0


def _unary_records(grid: _Grid, passes, bounded: bool = True) -> list:
    """The hints of SE's unary chaining over the passes ((y_links, x_links), ...) that may come first, as
    sortable records (a search stops where a bound shows it can only find hints after the best one so far);
    every hint when not `bounded` (nested chains need them all)."""
    side, cand = grid.side, grid.cand
    records: list = []
    best: Optional[_Hint] = None
    limit = _limit if bounded else (lambda base, key, best: 1 << 30)
    on_offs: dict = {}
    for y_links, x_links in passes:
        cycle_base = 7.0 if (x_links and y_links) else 6.5
        cycle_key = 4 if (x_links and y_links) else (3 if y_links else 2)
        chain_base = 7.0 if y_links else 6.6
        chain_key = 4 if y_links else 2
        if limit(min(cycle_base, chain_base), 0, best) < 4:
            continue
        on_off, off_on = _links(grid, y_links, x_links, on_offs.get(y_links))
        on_offs[y_links] = on_off
        comp, reach, loops = reachability(on_off, off_on, len(cand) * side * 2)
        for cell, m in enumerate(cand):
            rest = m & (m - 1)
            if not rest:
                continue
            if not x_links and rest & (rest - 1):
                continue  # Y-cycles start from bivalue cells only
            while m:
                low = m & -m
                m ^= low
                d = low.bit_length() - 1
                idx = cell * side + d
                on_node, off_node = idx * 2 + 1, idx * 2
                looped = comp[on_node] in loops
                for found in (_cycles(on_off, off_on, idx, limit(cycle_base, cycle_key, best)) if looped else ()):
                    worth = False
                    for dst in found:
                        complexity, removable, cells = _cycle_record(grid, dst)
                        if removable:
                            worth = True
                            difficulty = cycle_base + length_difficulty(complexity)
                            name = _cycle_name(y_links, x_links, len(cells))
                            record = _Hint(difficulty, complexity, cycle_key, len(records), removable, name, None,
                                           (_path_nodes(dst, side),), ("cycle", dst))
                            records.append(record)
                            if best is None or record < best:
                                best = record
                    if worth and bounded:
                        break  # longer cycles from this start never come first
                if not x_links:
                    continue
                for start, end in ((on_node, off_node), (off_node, on_node)):
                    if not reach[comp[start]] >> end & 1:
                        continue
                    dst = _forcing_target(on_off, off_on, start, limit(chain_base, chain_key, best))
                    if dst is None:
                        continue
                    chain = _path_nodes(dst, side)
                    complexity = len(chain)
                    if dst[1]:
                        removable = tuple((cell, e + 1) for e in range(side) if cand[cell] >> e & 1 and e != d)
                        placement = ((cell, d + 1),)
                    else:
                        removable = ((cell, d + 1),)
                        placement = None
                    difficulty = chain_base + length_difficulty(complexity)
                    record = _Hint(difficulty, complexity, chain_key, len(records), removable,
                              _forcing_name(y_links, complexity), placement, (chain,), ("forcing", dst))
                    records.append(record)
                    if best is None or record < best:
                        best = record
    return records


# ----------------------------------------------------------------------------------------------------------------
# Binary, cell and region chaining (SE's getMultipleChainsHintList), for Nishio, multiple and dynamic chains.

def _run_path(run: _Run, node: int, side: int, first: Optional[tuple] = None) -> tuple:
    """The main line of a potential's derivation (first parents), as (cell, digit, on) nodes from the assumption;
    `first` gives the parents of a node not stored (the new side of a contradiction)."""
    out = []
    parents = first
    while True:
        idx = node >> 1
        out.append((idx // side, idx % side + 1, bool(node & 1)))
        if parents is None:
            parents = (run.on if node & 1 else run.off)[idx]
        if not parents:
            break
        node = parents[0]
        parents = None
    return tuple(reversed(out))


def _lazy_paths(runs, node: int, side: int):
    """The chains of a hint, built only when it is shown."""
    return lambda: tuple(_run_path(run, node, side) for run in runs)


_NESTED_SUFFIX = ("", " (+)", " (+ Forcing Chains)", " (+ Multiple Forcing Chains)")


class _Chainer:
    """One producer's search: SE's Chaining(isMultiple, isDynamic, isNishio, level) on one grid. When `bounded`,
    only hints that come before every hint found so far are recorded (the first one is SE's); else all."""

    def __init__(self, grid: _Grid, multiple: bool, dynamic: bool, nishio: bool, level: int = 0,
                 bounded: bool = True):
        self.grid = grid
        self.side = grid.side
        self.multiple, self.dynamic, self.nishio, self.level = multiple, dynamic, nishio, level
        self.base = 8.5 + 0.5 * level if level else (7.5 if nishio else (8.5 if dynamic else 8.0))
        self.advanced = _ADVANCED[level] if level else None
        self.bounded = bounded
        self.runs: Dict[int, _Run] = {}
        self.records: list = []
        self.best = (1 << 30, 0)  # (complexity, sort key) of the first hint so far
        self.graph = None if dynamic else _links(grid, not nishio, True)

    def run(self, node: int) -> _Run:
        """The propagation from one potential, computed once."""
        got = self.runs.get(node)
        if got is None:
            if self.graph is not None:
                got = _propagate_static(self.graph, node, len(self.grid.cand) * self.side)
            else:
                got = _propagate(self.grid, node, not self.nishio, self.dynamic, self.advanced)
            self.runs[node] = got
        return got

    def removable_for(self, idx: int, on: bool) -> Tuple[tuple, Optional[tuple]]:
        """(removable candidates, placement) of a result potential: an "on" removes the cell's other digits."""
        side = self.side
        cell, d = divmod(idx, side)
        if on:
            m = self.grid.cand[cell]
            return tuple((cell, e + 1) for e in range(side) if m >> e & 1 and e != d), ((cell, d + 1),)
        return ((cell, d + 1),), None

    def add(self, name: str, complexity: int, key: int, removable: tuple, placement, chains, source=None) -> None:
        """Record a hint worth something (SE's isWorth: it removes a candidate) that may come first (all hints
        of a producer share its base difficulty: the order is complexity, sort key, then discovery)."""
        if removable and (not self.bounded or (complexity, key) < self.best):
            if (complexity, key) < self.best:
                self.best = (complexity, key)
            difficulty = self.base + length_difficulty(complexity)
            self.records.append(_Hint(difficulty, complexity, key, len(self.records), removable, name, placement,
                                 chains, source))

    def complexity(self, parts: list, key: int) -> Optional[int]:
        """SE's getComplexity of a hint resting on the potentials (run, ancestor mask) of its chains: the
        ancestors of each chain, plus the complexity of each distinct nested chain among them; None as soon as
        it cannot come first."""
        limit, best_key = self.best
        if key >= best_key:
            limit -= 1
        if not self.bounded:
            limit = 1 << 30
        total = 0
        for _, mask in parts:
            total += mask.bit_count()
            if total > limit:
                return None
        if self.level >= 2:
            nested: dict = {}
            for run, mask in parts:
                if run.nested:
                    run.nested_in(mask, nested)
            total += sum(nested.values())
            if total > limit:
                return None
        return total

    def name(self, kind: str) -> str:
        """SE's getName: prefix, kind, ' Chains'."""
        if self.nishio:
            return "Nishio Forcing Chains"
        return ("Dynamic " if self.dynamic else "") + kind + " Chains" + _NESTED_SUFFIX[self.level]

    def search(self) -> list:
        """SE's getMultipleChainsHintList: every cell in order, every candidate of it."""
        cand = self.grid.cand
        for cell, m in enumerate(cand):
            rest = m & (m - 1)
            if not rest:
                continue
            card = m.bit_count()
            if card > 2 or self.dynamic:
                self.search_cell(cell, m, card)
        return self.records

    def search_cell(self, cell: int, mask: int, card: int) -> None:
        """SE's getMultipleChainsHintListForCell."""
        side = self.side
        binary = self.dynamic or self.nishio
        double = card >= 3 and not self.nishio and self.dynamic
        value_runs = []
        cell_on: Optional[dict] = None
        cell_off: Optional[dict] = None
        m = mask
        while m:
            low = m & -m
            m ^= low
            d = low.bit_length() - 1
            idx = cell * side + d
            on_run = self.run(idx * 2 + 1)
            if binary:
                self.contradiction(idx, on_run, True)
                off_run = self.run(idx * 2)
                self.contradiction(idx, off_run, False)
                if double:
                    self.doubles(idx, on_run, off_run)
            if not self.nishio:
                self.regions(cell, d, on_run)
            value_runs.append(on_run)
            if cell_on is None:
                cell_on, cell_off = dict(on_run.on), dict(on_run.off)
            else:
                common_on = cell_on.keys() & on_run.on.keys()
                common_off = cell_off.keys() & on_run.off.keys()
                cell_on = {j: 0 for j in cell_on if j in common_on}
                cell_off = {j: 0 for j in cell_off if j in common_off}
        if self.nishio or not (card == 2 or (self.multiple and card > 2)):
            return
        self.forcing_hints("Cell", 5, value_runs, ((cell_on, True), (cell_off, False)), cell, side)

    def forcing_hints(self, kind: str, weight: int, runs: list, targets: tuple, where: int, side: int) -> None:
        """Cell or Region (`kind`) forcing chains' hints: every potential of `targets` ((potentials, on), ...) that
        all `runs` reach, with SE's `weight` in its complexity."""
        for potentials, on in targets:
            for j in potentials:
                node = j * 2 + on
                complexity = self.complexity([(run, run.ancestors(node)) for run in runs], weight)
                if complexity is not None:
                    removable, placement = self.removable_for(j, on)
                    chains = _lazy_paths(runs, node, side)
                    self.add(self.name(f"{kind} Forcing"), complexity, weight, removable, placement, chains,
                             (kind.lower(), runs, node, where))

    def contradiction(self, idx: int, run: _Run, src_on: bool) -> None:
        """SE's contradiction hints: the assumption leads to a potential both on and off."""
        if run.absurd is None:
            return
        j, on_parents, off_parents = run.absurd
        on_node, off_node = j * 2 + 1, j * 2
        side = self.side
        if on_parents is None:
            parts = [(run, run.ancestors(on_node)), (run, run.ancestors_new(off_node, off_parents))]
            chains = lambda: (_run_path(run, on_node, side), _run_path(run, off_node, side, off_parents))
        else:
            parts = [(run, run.ancestors_new(on_node, on_parents)), (run, run.ancestors(off_node))]
            chains = lambda: (_run_path(run, on_node, side, on_parents), _run_path(run, off_node, side))
        complexity = self.complexity(parts, 7)
        if complexity is None:
            return
        removable, placement = self.removable_for(idx, not src_on)
        kind = "Forcing" if self.nishio else "Contradiction Forcing"
        self.add(self.name(kind), complexity, 7, removable, placement, chains)

    def doubles(self, idx: int, on_run: _Run, off_run: _Run) -> None:
        """SE's double forcing chains: a potential forced the same way by the assumption and its negation."""
        side = self.side
        for targets, other, on in ((on_run.on, off_run.on, True), (on_run.off, off_run.off, False)):
            for j in targets:
                if j in other:
                    node = j * 2 + on
                    parts = [(on_run, on_run.ancestors(node)), (off_run, off_run.ancestors(node))]
                    complexity = self.complexity(parts, 1)
                    if complexity is not None:
                        removable, placement = self.removable_for(j, on)
                        chains = _lazy_paths((on_run, off_run), node, side)
                        self.add(self.name("Double Forcing"), complexity, 1, removable, placement, chains)

    def regions(self, cell: int, d: int, on_run: _Run) -> None:
        """SE's doRegionChainings: every position of the digit in a unit where the cell is the first position."""
        grid, side = self.grid, self.side
        tab = grid.tab
        for r, k in tab.cell_regions[cell]:
            positions = grid.rpos[r * side + d]
            count = positions.bit_count()
            if not (count == 2 or (self.multiple and count > 2)):
                continue
            if (positions & -positions) != (1 << k):
                continue
            runs = []
            p = positions
            while p:
                low = p & -p
                p ^= low
                q = tab.regions[r][low.bit_length() - 1]
                runs.append(on_run if q == cell else self.run((q * side + d) * 2 + 1))
            common_on = on_run.on.keys() & runs[-1].on.keys() if runs[-1] is not on_run else set(on_run.on)
            common_off = on_run.off.keys() & runs[-1].off.keys() if runs[-1] is not on_run else set(on_run.off)
            for run in runs[1:-1]:
                common_on &= run.on.keys()
                common_off &= run.off.keys()
            region_on = [j for j in on_run.on if j in common_on] if common_on else ()
            region_off = [j for j in on_run.off if j in common_off] if common_off else ()
            self.forcing_hints("Region", 6, runs, ((region_on, True), (region_off, False)), r, side)


# ----------------------------------------------------------------------------------------------------------------
# Nested chains (SE's levels 2 and 3): when the basic rules find nothing, the forcing chains and cycles (level 2),
# then the multiple forcing chains (level 3) of the reduced grid; each of their hints turns off what it removes,
# with the chain's eliminations it rests on as parents (ChainingHint.collectRuleParents), and its complexity
# counts in the complexity of the hints resting on it.

_PASSES = ((False, True), (True, False), (True, True))  # SE's X-loops, Y-loops, XY-loops


def _on_cause(grid: _Grid, parent_idx: int, idx: int) -> tuple:
    """Why an "off" turns a potential on in a static chain (getOffToOn): its bivalue cell, or the first unit
    (box, row, column) where the digit has only these two positions."""
    side, tab = grid.side, grid.tab
    parent_cell = parent_idx // side
    cell, d = divmod(idx, side)
    if parent_cell == cell:
        return ("cell", cell, d)
    for r, _ in tab.cell_regions[cell]:
        if parent_cell in tab.regions[r] and grid.rpos[r * side + d].bit_count() == 2:
            return ("region", r, d)
    return ("region", tab.cell_regions[cell][0][0], d)


def _off_cause(grid: _Grid, parent_idx: int, idx: int) -> tuple:
    """Why an "on" turns a potential off (getOnToOff): its cell, or the first unit shared with the "on"."""
    side, tab = grid.side, grid.tab
    parent_cell = parent_idx // side
    cell, d = divmod(idx, side)
    if parent_cell == cell:
        return ("cell", cell, d)
    for r, _ in tab.cell_regions[cell]:
        if parent_cell in tab.regions[r]:
            return ("region", r, d)
    return ("region", tab.cell_regions[cell][0][0], d)


def _cause_parents(base: _Grid, grid: _Grid, cause: tuple, out: dict) -> None:
    """The eliminations (off nodes) a naked or hidden single rests on: the cell's, or the unit's for the digit,
    candidates of the base grid gone from the reduced one."""
    side, src, cur = base.side, base.cand, grid.cand
    kind, where, d = cause
    if kind == "cell":
        for e in range(side):
            if src[where] >> e & 1 and not cur[where] >> e & 1:
                out[(where * side + e) * 2] = None
    else:
        for q in base.tab.regions[where]:
            if src[q] >> d & 1 and not cur[q] >> d & 1:
                out[(q * side + d) * 2] = None


def _unary_parents(base: _Grid, grid: _Grid, kind: str, dst: tuple) -> dict:
    """SE's getRuleParents of a forcing chain or a cycle (whose reversed chain counts too) of the reduced grid."""
    walk = []
    node = dst
    while node is not None:
        walk.append(node)
        node = node[2]
    out: dict = {}
    done = set()
    for n in walk:
        if (n[0], n[1]) in done:
            continue
        done.add((n[0], n[1]))
        if n[1] and n[2] is not None:
            _cause_parents(base, grid, _on_cause(grid, n[2][0], n[0]), out)
    if kind == "cycle":
        for n in reversed(walk[:-1]):
            if not n[1]:
                _cause_parents(base, grid, _off_cause(grid, n[2][0], n[0]), out)
    return out


def _run_line(run: _Run, node: int) -> tuple:
    """The potentials of a static chain from `node` back to its assumption (node ids)."""
    out = [node]
    while True:
        parents = (run.on if node & 1 else run.off)[node >> 1]
        if not parents:
            return tuple(out)
        node = parents[0]
        out.append(node)


def _multi_parents(base: _Grid, grid: _Grid, source: tuple) -> dict:
    """SE's getRuleParents of a cell or region forcing chain of the reduced grid (the assumptions count as
    naked singles of the cell, or hidden singles of the unit)."""
    kind, runs, target, where = source
    side = base.side
    out: dict = {}
    for run in runs:
        line = _run_line(run, target)
        for i, node in enumerate(line):
            if not node & 1:
                continue
            idx = node >> 1
            if i == len(line) - 1:
                cause = ("cell", idx // side, idx % side) if kind == "cell" else ("region", where, idx % side)
            else:
                cause = _on_cause(grid, line[i + 1] >> 1, idx)
            _cause_parents(base, grid, cause, out)
    return out


def _records_offs(base: _Grid, grid: _Grid, records: list, parents_of, key_of) -> List[tuple]:
    """The offs a nested producer's hints give, in SE's order: hints sorted and each effect once, then each
    hint's removable candidates (HashMap order) with its parents and (key, complexity) as nested chain."""
    side = base.side
    records.sort(key=_Hint.order.fget)
    seen = set()
    out: List[tuple] = []
    for rec in records:
        removable = rec.removable
        if removable in seen:
            continue
        seen.add(removable)
        parents = tuple(parents_of(rec))
        if not parents:
            continue
        by_cell: dict = {}
        for cell, digit in removable:
            by_cell[cell] = by_cell.get(cell, 0) | 1 << (digit - 1)
        out.extend(_hint_offs(list(by_cell.items()), parents, side, (key_of(rec), rec.complexity)))
    return out


def _nested_chain_offs(base: _Grid, cand: list, rpos: list) -> List[tuple]:
    """Level 2: SE's Chaining(false, false, false, 0) (forcing chains and cycles) on the reduced grid."""
    grid = _reduced(base, cand, rpos)
    records = _unary_records(grid, _PASSES, bounded=False)
    return _records_offs(base, grid, records, lambda rec: _unary_parents(base, grid, *rec.source),
                         lambda rec: (rec.source[0],) + tuple(_path_nodes(rec.source[1], base.side)))


def _nested_multiple_offs(base: _Grid, cand: list, rpos: list) -> List[tuple]:
    """Level 3: SE's Chaining(true, false, false, 0) (cell and region forcing chains) on the reduced grid."""
    grid = _reduced(base, cand, rpos)
    records = _Chainer(grid, True, False, False, 0, bounded=False).search()
    return _records_offs(base, grid, records, lambda rec: _multi_parents(base, grid, rec.source),
                         lambda rec: (rec.source[0],) + tuple(_run_line(run, rec.source[2]) for run in rec.source[1]))


def _advanced_rules(nested: tuple):
    """SE's getAdvancedPotentials with the basic rules and then the nested producers: the offs of the first
    rule that has hints resting on the chain."""
    def advanced(grid: _Grid, cand: list, rpos: list, dirty: set) -> List[tuple]:
        changed = sorted(dirty)
        for rule in _BASIC_RULES:
            offs = rule(grid, cand, rpos, changed)
            if offs:
                return offs
        for rule in nested:
            offs = rule(grid, cand, rpos)
            if offs:
                return offs
        return []
    return advanced


_ADVANCED = {1: _advanced_rules(()), 2: _advanced_rules((_nested_chain_offs,)),
             3: _advanced_rules((_nested_chain_offs, _nested_multiple_offs))}


# ----------------------------------------------------------------------------------------------------------------
# The producers.

def _steps(records: list) -> Iterator[Step]:
    """The records as Steps, in SE's sorted order, each effect once."""
    records.sort(key=_Hint.order.fget)
    seen = set()
    for hint in records:
        if hint.removable in seen:
            continue
        seen.add(hint.removable)
        chains = hint.chains() if callable(hint.chains) else hint.chains
        cells = tuple(dict.fromkeys(node[0] for chain in chains for node in chain))
        digits = tuple(sorted({node[1] for chain in chains for node in chain}))
        yield Step(hint.name, round(hint.difficulty, 1), placements=hint.placement or (),
                   eliminations=hint.removable, cells=cells, digits=digits, chains=chains,
                   complexity=hint.complexity)


def _classic(board: CandidateGrid) -> bool:
    """Whether every cell lies in a box, a row and a column (the chains are defined on such grids)."""
    return all(len(units) >= 3 for units in _tables(board.layout).cell_regions)


def _nine(board: CandidateGrid) -> bool:
    """Whether the grid is the classic 9x9 one (boxes, rows and columns only), where SE's basic rules apply."""
    return board.layout.side == 9 and len(_tables(board.layout).regions) == 27


def cycles_and_forcing_chains(board: CandidateGrid, **options) -> Iterator[Step]:
    """SE's Chaining(false, false, false, 0): bidirectional cycles and forcing X-/XY-chains, easiest first."""
    if not _classic(board):
        return iter(())
    grid = _Grid(board)
    return _steps(_unary_records(grid, ((False, True), (True, False), (True, True))))


def nishio_forcing_chains(board: CandidateGrid, **options) -> Iterator[Step]:
    """SE's Chaining(false, true, true, 0): dynamic X-chains from an assumption to a contradiction."""
    if not _classic(board):
        return iter(())
    return _steps(_Chainer(_Grid(board), False, True, True).search())


def multiple_forcing_chains(board: CandidateGrid, **options) -> Iterator[Step]:
    """SE's Chaining(true, false, false, 0): static cell and region forcing chains."""
    if not _classic(board):
        return iter(())
    return _steps(_Chainer(_Grid(board), True, False, False).search())


def dynamic_forcing_chains(board: CandidateGrid, level: int = 0, **options) -> Iterator[Step]:
    """SE's Chaining(true, true, false, level): level 0 plain dynamic chains, level 1 with SE's basic rules
    (pointing/claiming, hidden and naked pairs, X-Wing) in the propagation, level 2 also with forcing chains
    and cycles, level 3 also with multiple forcing chains."""
    if level > 3 or not _classic(board) or (level and not _nine(board)):
        return iter(())
    return _steps(_Chainer(_Grid(board), True, True, False, level).search())

"""Uniqueness techniques: Unique Rectangles and Loops (types 1-4) and the Bivalue Universal Grave (types 1-4).

Both rest on the puzzle having one solution, so they yield nothing unless the board says so (assume_unique).

Unique loops follow Sukaku Explainer's UniqueLoops with its defaults (lkSudoku's fix on): from every bivalue
cell xy, SE walks to cells holding both x and y through a block, a row or a column (never the same type twice
in a row), allowing two cells with other digits, or any number sharing a single other digit, and records every
path that closes (4 cells or more). A loop is a deadly pattern when each region it visits holds two of its
cells, one at an even and one at an odd position. With one cell holding more than xy (type 1) that cell loses
x and y; with more cells whose extras are one digit z (type 2) z goes from every cell that sees them all; with
two such cells in one region, they act as one cell holding their extras and form a naked set with other cells
of the region, or x, y and other digits form a hidden set there (type 3, every size from 2 to 7); and when x
or y has no other place in a region of both cells, the other digit goes from both (type 4). Difficulty: 4.5 for
a rectangle, 4.6 for a 6-cell loop, 4.7 for 8, 5.0 for 10 or more; type 3 adds 0.1 per set digit beyond the
first (naked) or per cell beyond the first (hidden). SE keeps the first of equal hints, sorts them by
difficulty then type (stable) and yields them in that order.

The BUG follows SE's BivalueUniversalGrave (lkSudoku's fix on): in every region (blocks, rows, columns) a
digit with neither zero nor two places must have exactly one of them in a cell of three or more candidates,
which then holds that BUG digit; when every such digit is the same one, every cell holding it in those regions
counts. Without the BUG digits every empty cell must be bivalue and every digit have two places per region.
Type 1 (5.6): one BUG cell keeps only its BUG digits. Type 2 (5.7): one BUG digit goes from the cells that see
all BUG cells. Type 4 (5.7): two BUG cells in one region share one non-BUG digit, which is locked there, so
their other digit goes. Type 3 (5.7 + 0.1 per set digit beyond the first): the BUG cells act as one cell holding
the BUG digits and make a naked set with cells of a shared region. SE hands them on in that order, unsorted.

Rows, columns and blocks of any size; layouts with variant units (SE's variant regions are not ported) yield
nothing.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Iterator, List, NamedTuple, Optional

from puzzlesat.sudoku.logic.candidates import CandidateGrid, Layout, peer_masks, per_layout
from puzzlesat.sudoku.logic.steps import Step
from puzzlesat.sudoku.logic.techniques.intersections import cells_of
from puzzlesat.sudoku.logic.techniques.singles import region_tables
from puzzlesat.sudoku.logic.techniques.wings import digits_of, open_masks


class Tables(NamedTuple):
    """A layout's regions as SE's uniqueness rules see them."""

    side: int
    kinds: tuple  # per SE region type (blocks, rows, columns): the regions' cells, each in increasing order
    region_of: tuple  # per cell: its region id per type (id = type * side + index)
    cells_in: tuple  # per region id: its cells
    mask_of: tuple  # per region id: its cells as a bit mask
    peers: tuple  # per cell: the cells it sees, as a bit mask
    region_bits: tuple  # per cell: its region ids as a bit mask


@per_layout
def _tables(lay: Layout) -> Optional[Tables]:
    """The Tables of a layout (None when it has variant units or lacks blocks), built once per layout."""
    regions = region_tables(lay)
    side = regions.side
    tables = None
    if not regions.extras and len(regions.blocks) == len(regions.rows) == len(regions.columns) == side:
        kinds = tuple(tuple(tuple(sorted(r.cells)) for r in kind)
                      for kind in (regions.blocks, regions.rows, regions.columns))
        cells_in = tuple(cells for kind in kinds for cells in kind)
        region_of: List[list] = [[0, 0, 0] for _ in range(len(lay.peers))]
        for kind, regions_of_kind in enumerate(kinds):
            for index, cells in enumerate(regions_of_kind):
                for cell in cells:
                    region_of[cell][kind] = kind * side + index
        tables = Tables(side, kinds, tuple(tuple(r) for r in region_of), cells_in,
                        tuple(sum(1 << c for c in cells) for cells in cells_in),
                        peer_masks(lay), tuple(sum(1 << r for r in regions) for regions in region_of))
    return tables


@lru_cache(maxsize=None)
def _colex(count: int, size: int) -> tuple:
    """The size-subsets of range(count) in the order of SE's Permutations (increasing as binary numbers)."""
    if count == 0:
        return ()
    return tuple(sorted(combinations(range(count), size), key=lambda c: sum(1 << i for i in c)))


def _common_tuple(masks: list, degree: int) -> int:
    """SE's CommonTuples.searchCommonTuple: the union when every mask has 2+ digits and it has `degree`, else 0."""
    union = 0
    for mask in masks:
        if mask & (mask - 1) == 0:
            return 0
        union |= mask
    return union if union.bit_count() == degree else 0


def _removals(victims: int, digit: int, masks: list) -> list:
    """(cell, digit) for every victim cell still holding the digit."""
    bit = 1 << (digit - 1)
    return [(cell, digit) for cell in cells_of(victims) if masks[cell] & bit]


# Unique Rectangles and Loops ------------------------------------------------------------------------------------


class LoopHint(NamedTuple):
    """One unique loop hint: what SE's equals compares (identity), and what the Step needs."""

    identity: tuple
    kind: int  # SE's type, 1 to 4
    difficulty: float
    loop: tuple
    digits: tuple
    removals: tuple


def loop_difficulty(size: int) -> float:
    """SE's UniqueLoopHint.getDifficulty for a loop of `size` cells."""
    result = 4.5
    if size >= 10:
        result += 0.3
    if size >= 8:
        result += 0.2
    elif size >= 6:
        result += 0.1
    return result


def loop_name(size: int, kind: int) -> str:
    """SE's UniqueLoopHint.getName."""
    if size > 4:
        return f"Unique Loop {size} type {kind}"
    return f"Unique Rectangle type {kind}"


def _context(board: CandidateGrid):
    """(the layout's tables, the open cells' candidate masks) when uniqueness may be assumed, else None."""
    if not board.assume_unique:
        return None
    tables = _tables(board.layout)
    return None if tables is None else (tables, open_masks(board))


def unique_loops(board: CandidateGrid, **_) -> Iterator[Step]:
    """SE's Unique Rectangles and Loops, sorted as SE sorts them (difficulty, then type)."""
    context = _context(board)
    if context is None:
        return
    tables, masks = context
    hints: List[LoopHint] = []
    seen: set = set()
    holders: dict = {}  # pair -> per region id: its cells holding the pair, in order
    for cell, mask in enumerate(masks):
        if mask.bit_count() != 2:
            continue
        places = holders.get(mask)
        if places is None:
            places = holders[mask] = [tuple(c for c in cells if masks[c] & mask == mask) for cells in tables.cells_in]
        for loop in _loops(tables, masks, places, cell, mask):
            if _valid_loop(tables, loop):
                for hint in _loop_hints(board, tables, masks, loop, mask):
                    if hint.identity not in seen and hint.removals:
                        seen.add(hint.identity)
                        hints.append(hint)
    hints.sort(key=lambda h: (h.difficulty, h.kind))
    for hint in hints:
        yield Step(loop_name(len(hint.loop), hint.kind), hint.difficulty, eliminations=hint.removals,
                   cells=hint.loop, digits=hint.digits)


def _loops(tables: Tables, masks: list, places: list, start: int, pair: int) -> list:
    """SE's checkForLoops from `start`: every closed path of cells holding the pair, in SE's order (`places`:
    per region, its cells holding the pair).

    Paths that already put two cells of one parity in a region are cut: no loop through them is valid, and the
    valid loops keep SE's order.
    """
    region_of, region_bits = tables.region_of, tables.region_bits
    loops: list = []
    path = [start]
    visited = [region_bits[start], 0]  # per parity: region ids (as a bit mask) of the path's cells

    def walk(cell: int, extras: int, allowed: int, last_kind: int, on_path: int) -> None:
        """Extend the path from its last cell `cell`."""
        parity = len(path) & 1
        closing = len(path) >= 4
        for kind in (0, 1, 2):
            if kind == last_kind:
                continue
            for following in places[region_of[cell][kind]]:
                if following == start:
                    if closing:
                        loops.append(tuple(path))
                    continue
                if on_path >> following & 1 or visited[parity] & region_bits[following]:
                    continue
                potentials = masks[following]
                new_extras = (extras | potentials) & ~pair
                count = potentials.bit_count()
                if count == 2 or new_extras.bit_count() == 1 or allowed > 0:
                    regions = region_bits[following]
                    visited[parity] |= regions
                    path.append(following)
                    walk(following, new_extras, allowed - (count > 2), kind, on_path | 1 << following)
                    path.pop()
                    visited[parity] &= ~regions

    walk(start, 0, 2, -1, 1 << start)
    return loops


def _valid_loop(tables: Tables, loop: tuple) -> bool:
    """SE's isValidLoop: each region the loop visits holds one cell at an even and one at an odd position."""
    visited = [0, 0]
    for position, cell in enumerate(loop):
        parity = position & 1
        for region in tables.region_of[cell]:
            bit = 1 << region
            if visited[parity] & bit:
                return False
            visited[parity] |= bit
    return visited[0] == visited[1]


def _loop_hints(board: CandidateGrid, tables: Tables, masks: list, loop: tuple, pair: int) -> list:
    """The hints SE's getHints makes of one valid loop, in its order."""
    v1, v2 = digits_of(pair)
    extras = [cell for cell in loop if masks[cell].bit_count() > 2]
    identity = frozenset(loop)
    difficulty = loop_difficulty(len(loop))
    hints = []
    if len(extras) == 1:
        removals = ((extras[0], v1), (extras[0], v2))
        hints.append(LoopHint((1, identity), 1, difficulty, loop, (v1, v2), removals))
    elif len(extras) > 2:
        hints.append(_type2(masks, tables, loop, extras, pair, identity, difficulty))
    elif len(extras) == 2:
        c1, c2 = extras
        others = (masks[c1] | masks[c2]) & ~pair
        if others.bit_count() == 1:
            hints.append(_type2(masks, tables, loop, extras, pair, identity, difficulty))
        elif others.bit_count() >= 2:
            hints.extend(_type3(board, tables, masks, loop, c1, c2, pair, identity, difficulty))
        hint = _type4(tables, masks, loop, c1, c2, pair, identity, difficulty)
        if hint is not None:
            hints.append(hint)
    return hints


def _type2(masks: list, tables: Tables, loop: tuple, extras: list, pair: int, identity: frozenset,
           difficulty: float) -> LoopHint:
    """Type 2: the extra digit (the first of the first extra cell) goes from the cells seeing every extra cell."""
    other = masks[extras[0]] & ~pair
    digit = (other & -other).bit_length()
    victims = -1
    for cell in extras:
        victims &= tables.peers[cell]
    for cell in extras:
        victims &= ~(1 << cell)
    removals = tuple(_removals(victims, digit, masks))
    return LoopHint((2, identity), 2, difficulty, loop, tuple(digits_of(pair)), removals)


def _type3(board: CandidateGrid, tables: Tables, masks: list, loop: tuple, c1: int, c2: int, pair: int,
           identity: frozenset, difficulty: float) -> list:
    """Type 3: c1 and c2 as one cell holding their extra digits, in a naked or hidden set of a shared region."""
    side = tables.side
    extra = (masks[c1] | masks[c2]) & ~pair
    v1, v2 = digits_of(pair)
    digits = (v1, v2)
    values = board.values
    found = []
    for degree in range(2, side - 1):
        for kind in (0, 1, 2):
            region = tables.region_of[c1][kind]
            if region != tables.region_of[c2][kind]:
                continue
            cells = tables.cells_in[region]
            empty = sum(1 for cell in cells if not values[cell])
            index1, index2 = cells.index(c1), cells.index(c2)
            if degree * 2 <= empty and degree >= extra.bit_count():
                for chosen in _colex(len(cells), degree):
                    if index1 not in chosen or index2 in chosen:
                        continue
                    naked = extra & masks[c1] & masks[c2]
                    potentials = []
                    others = []
                    for index in chosen:
                        if index == index1:
                            potentials.append(extra)
                        else:
                            cell = cells[index]
                            potentials.append(masks[cell])
                            naked |= masks[cell]
                            others.append(cell)
                    if naked.bit_count() != degree:
                        continue
                    common = _common_tuple(potentials, degree)
                    if common:
                        outside = [cell for cell in cells if cell not in others and cell != c1 and cell != c2]
                        removals = _naked_removals(masks, common, outside)
                        if removals:
                            found.append(LoopHint((3, identity, "naked", region, common, tuple(others)), 3,
                                                  difficulty + (common.bit_count() - 1) * 0.1, loop, digits,
                                                  removals))
            if degree * 2 < empty:
                remaining = [d for d in range(1, side + 1)
                             if d != v1 and d != v2 and not extra >> (d - 1) & 1]
                if degree - 2 > len(remaining):
                    continue
                for chosen in _colex(len(remaining), degree - 2):
                    hidden_digits = [remaining[i] for i in chosen] + [v1, v2]
                    union = 0
                    for digit in hidden_digits:
                        bit = 1 << (digit - 1)
                        places = 0
                        for index, cell in enumerate(cells):
                            if masks[cell] & bit and index != index2:
                                places |= 1 << index
                        if not places:
                            union = -1
                            break
                        union |= places
                    if union < 0 or union.bit_count() != degree:
                        continue
                    hidden = sum(1 << (d - 1) for d in hidden_digits)
                    union &= ~(1 << index1) & ~(1 << index2)
                    indexes = tuple(i for i in range(len(cells)) if union >> i & 1)
                    removals = tuple((cells[i], d) for i in indexes for d in digits_of(masks[cells[i]] & ~hidden))
                    if removals:
                        found.append(LoopHint((3, identity, "hidden", region, hidden, indexes), 3,
                                              difficulty + (len(indexes) - 1) * 0.1, loop, digits,
                                              tuple(sorted(removals))))
    return found


def _naked_removals(masks: list, naked: int, outside: list) -> tuple:
    """The naked set's digits go from the region's other cells (SE's rule on plain rows, columns and blocks)."""
    return tuple((cell, digit) for cell in sorted(outside) for digit in digits_of(masks[cell] & naked))


def _type4(tables: Tables, masks: list, loop: tuple, c1: int, c2: int, pair: int, identity: frozenset,
           difficulty: float) -> Optional[LoopHint]:
    """Type 4: when x (else y) has no other place in a region of both extra cells, y (else x) goes from both."""
    v1, v2 = digits_of(pair)
    locked1 = locked2 = False
    for kind in (0, 1, 2):
        region = tables.region_of[c1][kind]
        if region != tables.region_of[c2][kind]:
            continue
        elsewhere = 0
        for cell in tables.cells_in[region]:
            if cell != c1 and cell != c2:
                elsewhere |= masks[cell]
        locked1 = locked1 or not elsewhere >> (v1 - 1) & 1
        locked2 = locked2 or not elsewhere >> (v2 - 1) & 1
    if locked1:
        gone = v2
    elif locked2:
        gone = v1
    else:
        return None
    return LoopHint((4, identity), 4, difficulty, loop, (v1, v2), tuple(sorted(((c1, gone), (c2, gone)))))


# Bivalue Universal Grave -----------------------------------------------------------------------------------------


def bug(board: CandidateGrid, **_) -> Iterator[Step]:
    """SE's BUG hints (types 1 to 4), in the order SE hands them on."""
    context = _context(board)
    if context is None:
        return
    tables, masks = context
    found = _bug_cells(tables, masks, board.values)
    if found is None:
        return
    bug_cells, bug_values, all_values, common = found
    if len(bug_cells) == 1:
        cell = bug_cells[0]
        removals = tuple((cell, d) for d in digits_of(masks[cell] & ~all_values))
        yield Step("BUG type 1", 5.6, eliminations=removals, cells=(cell,), digits=tuple(digits_of(all_values)))
    elif all_values.bit_count() == 1:
        if common:
            digit = all_values.bit_length()
            removals = tuple(_removals(common, digit, masks))
            if removals:
                yield Step("BUG type 2", 5.7, eliminations=removals, cells=tuple(bug_cells), digits=(digit,))
        if len(bug_cells) == 2:
            yield from _bug4(tables, masks, bug_cells, bug_values, all_values)
    elif common:
        if len(bug_cells) == 2:
            yield from _bug4(tables, masks, bug_cells, bug_values, all_values)
        yield from _bug3(tables, masks, bug_cells, all_values, common)


def _bug_cells(tables: Tables, masks: list, values: list) -> Optional[tuple]:
    """SE's search for the BUG cells: (cells in order found, their BUG digits, all BUG digits, cells seeing them
    all), or None when this is no BUG (or none of types 1 to 3 can follow)."""
    side = tables.side
    reduced = list(masks)
    bug_cells: list = []
    bug_mask = 0
    bug_values: dict = {}
    all_values = 0
    common = None
    all_extra = None
    only_value = 0
    one_value = True

    def add(cell: int, bit: int) -> bool:
        """Count one BUG digit of a cell; False when the BUG cannot give types 1 to 3 any more."""
        nonlocal bug_mask, common
        if not bug_mask >> cell & 1:
            bug_cells.append(cell)
            bug_mask |= 1 << cell
        bug_values[cell] = bug_values.get(cell, 0) | bit
        reduced[cell] &= ~bit
        common = tables.peers[cell] if common is None else common & tables.peers[cell]
        common &= ~bug_mask
        return not (len(bug_cells) > 1 and all_values.bit_count() > 1 and not common)

    for kind in tables.kinds:
        for cells in kind:
            for digit in range(1, side + 1):
                bit = 1 << (digit - 1)
                places = [cell for cell in cells if masks[cell] & bit]
                if len(places) in (0, 2):
                    continue
                new_cells = [cell for cell in places if masks[cell].bit_count() >= 3]
                if all_extra is None:
                    all_extra = sum(1 << cell for cell in new_cells)
                    only_value = digit
                elif one_value:
                    if only_value == digit:
                        all_extra |= sum(1 << cell for cell in new_cells)
                    else:
                        one_value = False
                if len(new_cells) == 1:
                    all_values |= bit
                    if not add(new_cells[0], bit):
                        return None
                if not new_cells:
                    return None
    # SE compares allExtraCells.size() with the BUG cell count, but CellSet.size() is its BitSet's capacity (64
    # or 128 bits): the test always passes, and every other cell holding the only digit joins the BUG cells.
    if one_value and all_extra is not None:
        bit = 1 << (only_value - 1)
        for cell in cells_of(all_extra & ~bug_mask):
            bug_cells.append(cell)
            bug_mask |= 1 << cell
            bug_values[cell] = bit
            reduced[cell] &= ~bit
            common = tables.peers[cell] if common is None else common & tables.peers[cell]
            common &= ~bug_mask
            if len(bug_cells) > 1 and all_values.bit_count() > 1 and not common:
                return None
    for cell, mask in enumerate(reduced):
        if not values[cell] and mask.bit_count() != 2:
            return None
    for kind in tables.kinds:
        for cells in kind:
            for digit in range(side):
                count = sum(1 for cell in cells if reduced[cell] >> digit & 1)
                if count not in (0, 2):
                    return None
    return bug_cells, bug_values, all_values, common or 0


def _bug4(tables: Tables, masks: list, bug_cells: list, bug_values: dict, all_values: int) -> Iterator[Step]:
    """Type 4: two BUG cells in one region sharing one non-BUG digit keep only it and their BUG digits."""
    c1, c2 = bug_cells[0], bug_cells[1]
    shared = masks[c1] & masks[c2] & ~all_values
    if shared.bit_count() != 1:
        return
    digit = shared.bit_length()
    for kind in (0, 1, 2):
        if tables.region_of[c1][kind] != tables.region_of[c2][kind]:
            continue
        removals = [(c1, d) for d in digits_of(masks[c1] & ~bug_values[c1] & ~shared)]
        removals += [(c2, d) for d in digits_of(masks[c2] & ~bug_values[c2] & ~shared)]
        yield Step("BUG type 4", 5.7, eliminations=tuple(sorted(removals)), cells=(c1, c2), digits=(digit,))


def _bug3(tables: Tables, masks: list, bug_cells: list, all_values: int, common: int) -> Iterator[Step]:
    """Type 3: the BUG cells, as one cell holding the BUG digits, in a naked set of a region they share."""
    for degree in range(2, 7):
        for kind in (0, 1, 2):
            region = tables.region_of[bug_cells[0]][kind]
            if any(tables.region_of[cell][kind] != region for cell in bug_cells):
                continue
            region_cells = list(cells_of(common & tables.mask_of[region]))
            if len(region_cells) < degree:
                continue
            for chosen in _colex(len(region_cells), degree - 1):
                naked_cells = [region_cells[i] for i in chosen]
                potentials = [masks[cell] for cell in naked_cells]
                union = 0
                for mask in potentials:
                    union |= mask
                if union.bit_count() != degree:
                    continue
                naked = _common_tuple(potentials + [all_values], degree)
                if not naked:
                    continue
                outside = [cell for cell in region_cells if cell not in naked_cells and cell not in bug_cells]
                if not outside:
                    continue
                removals = _naked_removals(masks, naked, outside)
                if removals:
                    yield Step("BUG type 3", 5.7 + (naked.bit_count() - 1) * 0.1, eliminations=removals,
                               cells=tuple(bug_cells) + tuple(naked_cells), digits=tuple(digits_of(naked)))

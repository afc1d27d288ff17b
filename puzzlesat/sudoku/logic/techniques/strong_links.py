"""Strong links: chains of 2, 3 or 4 strong links on one digit (Skyscraper, 2-String Kite, Turbot Fish, X-Loop).

Follows Sukaku Explainer's StrongLinks(degree) and StrongLinksHint, which SE's default solver uses for the
Turbot Fish family (degree 2) and the 3 and 4 Strong-linked Fishes.

A strong link is a region where the digit has two places, or two groups of places: a block whose places lie
on one row and one column of it (an "empty rectangle"; the cross's centre, the heart, joins one group), or two
rows (or columns) of it; a line whose places lie in two of its three box segments. SE walks the link types of
each non-decreasing sequence of region types (blocks 0, rows 1, columns 2), for each digit the regions of
those types (same types in increasing index), each link's configurations, keeps sets whose regions' places
are disjoint, then orders them into chains: consecutive links are joined when one end of the first and one
end of the next lie in a common column, row or block (in that order of preference), and the chain's free
ends remove the digit from every cell that sees both (all cells of a grouped end), outside the chain's regions
and joining regions. When the free ends are themselves joined the chain is a loop (X-Loop) and each weak link
removes the digit from the cells seeing both its sides.

SE names a chain by a suffix: the number of grouped links, then the link types in chain order (reduced as
rLineName does: rows and columns swapped to the smaller reading); the name follows from it ("Skyscraper 011",
"2-String Kite 012", "2 Strong links 001", "Grouped 3 Strong links 1011", "(3 Strong Links) X-Loop 0112") and
the difficulty (4.0 for two links, 5.4 for three, 5.8 for four; +0.1 for a mix of lines or a block and a line,
+0.2 for a block and both line types, +0.3 when a link is grouped). SE collects every chain, then sorts them
by difficulty, by eliminations (most first), by suffix, the rest in discovery order; so does this module.

Only the classic 9x9 grid with 3x3 blocks: the empty rectangles are block geometry, and SE's variant regions
are not ported. Other layouts yield nothing.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Iterator, NamedTuple, Optional

from puzzlesat.sudoku.logic.candidates import CandidateGrid, Layout, per_layout
from puzzlesat.sudoku.logic.steps import Step
from puzzlesat.sudoku.logic.techniques.intersections import cells_of
from puzzlesat.sudoku.logic.techniques.singles import region_tables

BLOCK, ROW, COLUMN = 0, 1, 2  # SE's region types
_BASE_RATINGS = (0, 4.0, 5.4, 5.8, 6.2, 6.6, 7.0, 7.4)

# The cells of each region in SE's order (Grid.Region.getCell), by type then index.
_REGION_CELLS = (
    tuple(tuple(9 * (3 * (b // 3) + i // 3) + 3 * (b % 3) + i % 3 for i in range(9)) for b in range(9)),
    tuple(tuple(9 * r + i for i in range(9)) for r in range(9)),
    tuple(tuple(9 * i + c for i in range(9)) for c in range(9)),
)
_REGION_MASK = tuple(tuple(sum(1 << c for c in cells) for cells in kind) for kind in _REGION_CELLS)
_ROW = tuple(c // 9 for c in range(81))
_COL = tuple(c % 9 for c in range(81))
_BLOCK = tuple(3 * (c // 27) + (c % 9) // 3 for c in range(81))
_PEERS = tuple(
    sum(1 << o for o in range(81) if o != c and (_ROW[o] == _ROW[c] or _COL[o] == _COL[c] or _BLOCK[o] == _BLOCK[c]))
    for c in range(81))


def _positions(lists) -> tuple:
    """9-bit masks over a region's positions, from lists of positions (-1 ignored)."""
    return tuple(sum(1 << p for p in positions if p >= 0) for positions in lists)


# Grid.Region's tables of the empty rectangle configurations of a block (e = 0..14) and of a line (e = 0..2).
_BLOCK_EMPTY = _positions(((4, 5, 7, 8), (3, 5, 6, 8), (3, 4, 6, 7), (1, 2, 7, 8), (0, 2, 6, 8), (0, 1, 6, 7),
                           (1, 2, 4, 5), (0, 2, 3, 5), (0, 1, 3, 4), (6, 7, 8), (3, 4, 5), (0, 1, 2), (2, 5, 8),
                           (1, 4, 7), (0, 3, 6)))
_BLOCK_GROUPS = ((3, 6, -1, 1, 2, -1), (4, 7, -1, 0, 2, -1), (5, 8, -1, 0, 1, -1), (0, 6, -1, 4, 5, -1),
                 (1, 7, -1, 3, 5, -1), (2, 8, -1, 3, 4, -1), (0, 3, -1, 7, 8, -1), (1, 4, -1, 6, 8, -1),
                 (2, 5, -1, 6, 7, -1), (0, 1, 2, 3, 4, 5), (0, 1, 2, 6, 7, 8), (3, 4, 5, 6, 7, 8),
                 (0, 3, 6, 1, 4, 7), (0, 3, 6, 2, 5, 8), (1, 4, 7, 2, 5, 8))
_BLOCK_BLADE1 = _positions(g[:3] for g in _BLOCK_GROUPS)
_BLOCK_BLADE2 = _positions(g[3:] for g in _BLOCK_GROUPS)
_LINE_EMPTY = _positions(((0, 1, 2), (3, 4, 5), (6, 7, 8)))
_LINE_BLADE1 = _positions(((3, 4, 5), (0, 1, 2), (0, 1, 2)))
_LINE_BLADE2 = _positions(((6, 7, 8), (6, 7, 8), (3, 4, 5)))


class Group(NamedTuple):
    """One end of a link: its cell and the supporting cells of a grouped end, with the lines they share."""

    cells: tuple  # the end's cell first, then its supports
    column: int  # the column all its cells share, or -1
    row: int
    block: int
    seen: int  # cell mask of the cells that see every cell of the group


class Link(NamedTuple):
    """A strong link of one digit: its region, which configuration of it, its two ends, its places."""

    kind: int
    index: int
    config: int  # SE's baseLinkGroupedLinkOrdinal order among the region's configurations
    grouped: bool  # SE's baseLinkEmptyRegion
    ends: tuple  # (Group, Group)
    places: int  # cell mask of the digit's places in the region


def _group(cells: tuple) -> Group:
    """The Group of an end's cells."""
    first = cells[0]
    column = _COL[first] if all(_COL[c] == _COL[first] for c in cells) else -1
    row = _ROW[first] if all(_ROW[c] == _ROW[first] for c in cells) else -1
    block = _BLOCK[first] if all(_BLOCK[c] == _BLOCK[first] for c in cells) else -1
    seen = -1
    for cell in cells:
        seen &= _PEERS[cell]
    return Group(cells, column, row, block, seen)


def _same_line(cell1: int, cell2: int) -> bool:
    """SE's isSameLine: the two cells share a row or a column."""
    return _COL[cell1] == _COL[cell2] or _ROW[cell1] == _ROW[cell2]


def _region_links(kind: int, index: int, where: int) -> list:
    """The configurations SE's buildLinks takes from one region as a strong link: (grouped, end0, end1) with
    each end a tuple of cells (the end's cell, then its supports)."""
    cells = _REGION_CELLS[kind][index]
    places = 0
    for position, cell in enumerate(cells):
        if where >> cell & 1:
            places |= 1 << position
    count = places.bit_count()
    if count < 2 or count > 6:
        return []
    if count == 2:
        first, second = (cells[p] for p in cells_of(places))
        if kind == BLOCK and _same_line(first, second):
            return []
        return [(False, (first,), (second,))]
    block = kind == BLOCK
    found = None
    for e in range(15 if block else 3):
        if e > 8 and count < 4:
            continue
        if places & (_BLOCK_EMPTY[e] if block else _LINE_EMPTY[e]):
            continue
        blade1 = places & (_BLOCK_BLADE1[e] if block else _LINE_BLADE1[e])
        blade2 = places & (_BLOCK_BLADE2[e] if block else _LINE_BLADE2[e])
        if blade1 and blade2:
            found = e, blade1, blade2
        break
    if found is None:
        return []
    e, blade1, blade2 = found
    one = [cells[p] for p in cells_of(blade1)]
    two = [cells[p] for p in cells_of(blade2)]
    if len(one) == 1 or len(two) == 1:
        if len(two) == 1:  # SE ends here when both blades hold one cell (its later branch overwrites the first)
            single, other = two[0], one
        else:
            single, other = one[0], two
        if block:  # the heart joins the group (as its first support), whether the digit is there or not
            grouped = (other[0], cells[e]) + tuple(other[1:2])
        else:
            grouped = tuple(other[:3])
        return [(True, (single,), grouped)]
    end0, end1 = tuple(one[:3]), tuple(two[:3])
    if e > 8 and count == 4 and _same_line(one[1], two[1]) and _same_line(one[0], two[0]):
        return [(True, end0, end1), (True, (one[0], two[0]), (one[1], two[1]))]
    if block and e < 9 and places >> e & 1:  # a heart holding the digit supports both groups
        end0, end1 = end0 + (cells[e],), end1 + (cells[e],)
    return [(True, end0, end1)]


def _links(where: int) -> list:
    """Every strong link of a digit (given its places as a cell mask), by region type then index."""
    links = []
    for kind in (BLOCK, ROW, COLUMN):
        region_masks = _REGION_MASK[kind]
        for index in range(9):
            places = where & region_masks[index]
            if places & (places - 1) == 0:
                continue
            for config, (grouped, end0, end1) in enumerate(_region_links(kind, index, where)):
                links.append(Link(kind, index, config, grouped, (_group(end0), _group(end1)), places))
    return links


def _share(group1: Group, group2: Group) -> Optional[tuple]:
    """SE's shareRegionOf: the column, else the row, else the block holding both groups, as (type, index)."""
    if group1.column >= 0 and group1.column == group2.column:
        return COLUMN, group1.column
    if group1.row >= 0 and group1.row == group2.row:
        return ROW, group1.row
    if group1.block >= 0 and group1.block == group2.block:
        return BLOCK, group1.block
    return None


def _link_sets(degree: int) -> tuple:
    """The sequences of link types in SE's order (its Permutations over degree * 3 bits, one per depth)."""
    width = 3 * degree
    found = []
    for bits in sorted(combinations(range(width), degree), key=lambda c: sum(1 << b for b in c)):
        if all(bits[i] % degree == i for i in range(degree)):
            found.append(tuple(b // degree for b in bits))
    return tuple(found)


def _quick_perms(size: int) -> tuple:
    """The orders SE tries a set of links in (QuickPerm, keeping those not greater than their reverse)."""
    q = list(range(size))
    r = list(range(size + 1))
    found = [tuple(q)]
    s = 1
    while s < size:
        r[s] -= 1
        t = s % 2 * r[s]
        q[t], q[s] = q[s], q[t]
        if tuple(q) <= tuple(reversed(q)):
            found.append(tuple(q))
        s = 1
        while r[s] == 0:
            r[s] = s
            s += 1
    return tuple(found)


_LINK_SET_RANK = {degree: {types: rank for rank, types in enumerate(_link_sets(degree))} for degree in (2, 3, 4)}
_PERM_RANK = {degree: {q: rank for rank, q in enumerate(_quick_perms(degree))} for degree in (2, 3, 4)}


def _is_lex(sequence: tuple) -> bool:
    """SE's isLex: the sequence reads no greater than its reverse."""
    return "".join(map(str, sequence)) <= "".join(map(str, reversed(sequence)))


def _line_name(types: tuple) -> str:
    """SE's rLineName: the link types with rows and columns named in their smaller reading."""
    original = "".join(map(str, types))
    lines = reverse_swap = current_swap = ""
    has_row = False
    for kind in types:
        if kind == ROW:
            has_row = True
            reverse_swap = "2" + reverse_swap
            current_swap += "2"
        if kind == COLUMN:
            lines += "1"
            reverse_swap = "1" + reverse_swap
            current_swap += "1"
        else:
            lines += str(kind)
            if kind not in (ROW, COLUMN):
                reverse_swap = str(kind) + reverse_swap
                current_swap += str(kind)
    if reverse_swap > current_swap:
        reverse_swap = current_swap
    if has_row:
        return reverse_swap if original > reverse_swap else original
    return lines


def suffix(types: tuple, grouped: int) -> str:
    """SE's getSuffix: the number of grouped links, then the link types in chain order as rLineName gives them."""
    return str(grouped) + _line_name(types if _is_lex(types) else tuple(reversed(types)))


def name_and_difficulty(types: tuple, grouped: int, loop: bool) -> tuple:
    """SE's getName and getDifficulty of a chain of links of these types (in chain order)."""
    code = suffix(types, grouped)
    size = len(types)
    tail = code[1:]
    if loop:
        name = f"({size} Strong Links) " + ("Grouped " if grouped else "") + "X-Loop"
    elif "0" not in tail and "2" not in tail:
        name = "Skyscraper" if size < 3 else f"{size} Skyscrapers"
    elif "0" not in tail and size < 4:
        name = f"{size}-String Kite"
    else:
        name = f"{size} Strong links"
    name = ("Grouped " if grouped and not loop else "") + name + " " + code
    base = _BASE_RATINGS[size - 1]
    if grouped or any(ch in tail for ch in "3456789"):
        difficulty = base + 0.3
    elif "0" not in tail and "2" not in tail:
        difficulty = base
    elif "0" in tail and "2" in tail:
        difficulty = base + 0.2
    else:
        difficulty = base + 0.1
    return name, difficulty


def _is_classic(lay: Layout) -> bool:
    """A 9x9 grid of rows, columns and 3x3 blocks, without variant units."""
    tables = region_tables(lay)
    if tables.side != 9 or tables.extras or len(tables.blocks) != 9:
        return False
    blocks = {frozenset(region.cells) for region in tables.blocks}
    return blocks == {frozenset(cells) for cells in _REGION_CELLS[BLOCK]}


_classic = per_layout(_is_classic)  # once per layout


def strong_links(board: CandidateGrid, links: int = 2, **_) -> Iterator[Step]:
    """SE's StrongLinks(links) hints, in SE's sorted order."""
    if links not in _LINK_SET_RANK or not _classic(board.layout):
        return
    found = []
    for digit, where in enumerate(board.places, 1):
        if where:
            for chain in _chains(where, links):
                found.append((chain.order[:4] + (digit,) + chain.order[4:], digit, chain))
    found.sort(key=lambda hint: hint[0])
    for _, digit, chain in found:
        yield Step(chain.name, chain.difficulty, eliminations=tuple((cell, digit) for cell in cells_of(chain.victims)),
                   cells=cells_of(chain.pattern), digits=(digit,))


class Chain(NamedTuple):
    """A chain of strong links that removes something, for any digit with the same places."""

    order: tuple  # SE's sort key, but for the digit: difficulty, -eliminations, suffix, link types' rank, then the
    # discovery order within the digit (regions and configurations by depth, permutation, directions)
    name: str
    difficulty: float
    victims: int  # cell mask of the removals
    pattern: int  # cell mask of the links' places


@lru_cache(maxsize=2048)
def _chains(where: int, size: int) -> tuple:
    """Every chain of `size` links on a digit with places `where` that removes something (SE's hints, unsorted).

    Cached: a digit's chains depend on its places only, and from one step to the next most digits keep theirs.
    """
    links, following = _graph(where)
    if len(links) < size:
        return ()
    found: list = []
    path: list = []
    joins: list = []

    def extend(used: int, used_links: int) -> None:
        """Add one more link after the last of `path`."""
        for other, entry, region in following[path[-1]]:
            link = links[other]
            if link.places & used or used_links >> other & 1:
                continue
            path.append((other, entry))
            joins.append(region)
            if len(path) == size:
                chain = _chain_hint(where, links, path, joins)
                if chain is not None:
                    found.append(chain)
            else:
                extend(used | link.places, used_links | 1 << other)
            path.pop()
            joins.pop()

    for number, link in enumerate(links):
        for entry in (0, 1):
            path.append((number, entry))
            extend(link.places, 1 << number)
            path.pop()
    return tuple(found)


@lru_cache(maxsize=512)
def _graph(where: int) -> tuple:
    """The strong links of a digit with places `where` and how they follow one another (see _following)."""
    links = _links(where)
    return links, _following(links)


def _following(links: list) -> dict:
    """Per (link, entry end): the links whose one end shares a region with its other end, as (link, entry end,
    joining region); only links whose places are disjoint from it."""
    buckets: dict = {}
    for number, link in enumerate(links):
        for end, group in enumerate(link.ends):
            if group.column >= 0:
                buckets.setdefault((COLUMN, group.column), []).append((number, end))
            if group.row >= 0:
                buckets.setdefault((ROW, group.row), []).append((number, end))
            if group.block >= 0:
                buckets.setdefault((BLOCK, group.block), []).append((number, end))
    following = {}
    for number, link in enumerate(links):
        for entry in (0, 1):
            group = link.ends[1 - entry]
            joined: dict = {}
            for region in ((COLUMN, group.column), (ROW, group.row), (BLOCK, group.block)):
                if region[1] < 0:
                    continue
                for other, other_end in buckets.get(region, ()):
                    if other != number and (other, other_end) not in joined \
                            and not links[other].places & link.places:
                        joined[(other, other_end)] = region
            following[(number, entry)] = [(other, end, region) for (other, end), region in joined.items()]
    return following


def _chain_hint(where: int, links: list, path: list, joins: list) -> Optional[Chain]:
    """The Chain of links in chain order (with their entry ends), if SE makes a hint of it that removes."""
    chain = [links[number] for number, _ in path]
    first, last = chain[0], chain[-1]
    if (first.kind, first.index) > (last.kind, last.index):
        return None  # SE takes each chain in one direction only (isLex of its depth order)
    start = first.ends[path[0][1]]
    end = last.ends[1 - path[-1][1]]
    loop = _share(start, end)
    order = sorted(range(len(chain)), key=lambda i: (chain[i].kind, chain[i].index))
    depth = [0] * len(chain)
    for rank, position in enumerate(order):
        depth[position] = rank
    if loop is not None and (depth[0] != 0 or path[0][1] != 0):
        return None  # SE keeps a loop only from its smallest region, entered at its first end
    bases = 0
    for link in chain:
        bases |= _REGION_MASK[link.kind][link.index]
    victims = start.seen & end.seen & ~bases & ~(1 << start.cells[0]) & ~(1 << end.cells[0]) & where
    if loop is None:
        for kind, index in joins:
            victims &= ~_REGION_MASK[kind][index]
        total = victims.bit_count()
    else:
        total = victims.bit_count()
        for w, (number, entry) in enumerate(path[:-1]):
            bridge1 = links[number].ends[1 - entry]
            bridge2 = links[path[w + 1][0]].ends[path[w + 1][1]]
            more = bridge1.seen & bridge2.seen & ~bases & where
            more &= ~(1 << bridge1.cells[0]) & ~(1 << bridge2.cells[0])
            total += more.bit_count()
            victims |= more
    if not victims:
        return None
    size = len(chain)
    types = tuple(link.kind for link in chain)
    grouped = sum(link.grouped for link in chain)
    name, difficulty = name_and_difficulty(types, grouped, loop is not None)
    key = (difficulty, -total, name[name.rindex(" ") + 1:], _LINK_SET_RANK[size][tuple(chain[i].kind for i in order)],
           tuple((chain[i].index, chain[i].config) for i in order), _PERM_RANK[size][tuple(depth)],
           tuple(entry for _, entry in path))
    pattern = 0
    for link in chain:
        pattern |= link.places
    return Chain(key, name, difficulty, victims, pattern)

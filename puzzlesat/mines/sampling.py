"""Mine layouts drawn exactly: each layout that explains a position (its numbers and the mine total) equally likely.

The position is taken apart as counting takes it (puzzlesat.mines.count.decompose): independent frontier parts, each
with its layouts by mine count, and the cells off the frontier. A draw first shares the mines left between the parts
and the cells off the frontier, each split weighed by the layouts it allows (the parts' counts times C(off-frontier
cells, the rest)), then draws each part's layout with its share (walking its count back, group by group), the cells
of each group and those off the frontier uniformly. Everything is exact integer arithmetic, so no layout is favoured.

Used to judge a move by playing on from a position over the layouts it could hide (scripts/diverge_java_solver.py).
"""

from __future__ import annotations

import random
from math import comb
from typing import Dict, FrozenSet, List, Sequence

from puzzlesat.errors import Inconsistent
from puzzlesat.mines.count import Parts, decompose, weighted_index


def sample_layouts(known: Sequence[int], neighbours, total: int, mines=frozenset(), count: int = 1,
                   rng: random.Random = None) -> List[FrozenSet[int]]:
    """`count` layouts (the covered cells holding mines, `mines` included) drawn uniformly and independently from
    those that explain the position; Inconsistent when none does."""
    rng = rng or random.Random(0)
    parts = decompose(known, neighbours, total, mines)
    behind = _suffixes(parts)
    if not behind[0].get(parts.left):
        raise Inconsistent("no mine layout fits the numbers and the mine count")
    return [_draw(parts, behind, rng) for _ in range(count)]


def _suffixes(parts: Parts) -> List[Dict[int, int]]:
    """behind[i][n]: the layouts that parts i.. and the cells off the frontier allow with n mines among them."""
    free = len(parts.off_frontier)
    tail = {j: comb(free, j) for j in range(free + 1)}
    behind = [tail]
    for part in reversed(parts.parts):
        merged: Dict[int, int] = {}
        for m, ways in part.polynomial.items():
            for n, rest in tail.items():
                merged[m + n] = merged.get(m + n, 0) + ways * rest
        tail = merged
        behind.append(tail)
    behind.reverse()
    return behind


def _draw(parts: Parts, behind: List[Dict[int, int]], rng: random.Random) -> FrozenSet[int]:
    """One layout: the mines of each part in turn, weighed by what the rest allows, then the cells."""
    layout = set(parts.mines)
    left = parts.left
    for index, part in enumerate(parts.parts):
        options = [(m, ways * behind[index + 1].get(left - m, 0)) for m, ways in part.polynomial.items()]
        options = [(m, weight) for m, weight in options if weight]
        m = options[weighted_index([weight for _, weight in options], rng)][0]
        left -= m
        for cells, mined in zip(part.groups, part.draw(m, rng)):
            layout.update(rng.sample(list(cells), mined))
    layout.update(rng.sample(list(parts.off_frontier), left))
    return frozenset(layout)


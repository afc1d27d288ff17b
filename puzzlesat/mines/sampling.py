"""Mine layouts drawn exactly: each layout that explains a position (its numbers and the mine total) equally likely.

The position is counted as analysis counts it (puzzlesat.mines.count: independent frontier parts, each with its
layouts by mine count, and the cells off the frontier). A draw first shares the mines left between the parts and the
cells off the frontier, each split weighed by the layouts it allows (the parts' counts times C(off-frontier cells,
the rest), products the counting engine makes), then draws each part's layout with its share (Part.draw), the cells
of each group and those off the frontier uniformly. Everything is exact integer arithmetic, so no layout is favoured.

Used to judge a move by playing on from a position over the layouts it could hide (scripts/diverge_java_solver.py).
"""

from __future__ import annotations

import random
from math import comb
from typing import FrozenSet, List, Optional, Sequence

from puzzlesat.errors import Inconsistent
from puzzlesat.mines.count import Counts, count_layouts, products_after
from puzzlesat.mines.parts import weighted_index


def sample_layouts(known: Sequence[int], neighbours, total: int, mines=frozenset(), count: int = 1,
                   rng: Optional[random.Random] = None) -> List[FrozenSet[int]]:
    """`count` layouts (the covered cells holding mines, `mines` included) drawn uniformly and independently from
    those that explain the position; Inconsistent when none does."""
    return draw_layouts(count_layouts(known, neighbours, total, mines), count, rng or random.Random(0))


def draw_layouts(counts: Counts, count: int, rng: random.Random) -> List[FrozenSet[int]]:
    """`count` layouts drawn as sample_layouts draws them, from a position's counts (counted with a total)."""
    free = len(counts.off_frontier)
    behind = products_after([part.polynomial for part in counts.parts], {j: comb(free, j) for j in range(free + 1)})
    return [_draw(counts, behind, rng) for _ in range(count)]


def _draw(counts: Counts, behind: list, rng: random.Random) -> FrozenSet[int]:
    """One layout: the mines of each part in turn, weighed by what the parts after it and the cells off the frontier
    allow (`behind`), then the cells."""
    layout = set(counts.mines)
    left = counts.left if counts.left is not None else 0
    for index, part in enumerate(counts.parts):
        options = [(m, ways * behind[index + 1].get(left - m, 0)) for m, ways in part.polynomial.items()]
        options = [(m, weight) for m, weight in options if weight]
        if not options:
            raise Inconsistent("no mine layout fits the numbers and the mine count")
        m = options[weighted_index([weight for _, weight in options], rng)][0]
        left -= m
        for cells, mined in zip(part.groups, part.draw(m, rng)):
            layout.update(rng.sample(list(cells), mined))
    layout.update(rng.sample(list(counts.off_frontier), left))
    return frozenset(layout)

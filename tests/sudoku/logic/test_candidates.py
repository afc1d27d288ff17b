"""The candidate grid's per-layout tables: built once per layout, and not kept for every layout ever met."""

from __future__ import annotations

import gc
import weakref

from puzzlesat.sudoku.logic.candidates import LAYOUTS_KEPT, per_layout


class FakeLayout:
    """Anything per_layout can key by identity."""


def test_per_layout_builds_once_per_layout():
    built = []
    tables = per_layout(lambda lay: built.append(1) or len(built))
    lay = FakeLayout()
    assert tables(lay) == tables(lay) == 1 and len(built) == 1
    assert tables(FakeLayout()) == 2


def test_per_layout_keeps_only_the_latest_layouts():
    tables = per_layout(lambda lay: object())
    watched = []
    for _ in range(3 * LAYOUTS_KEPT):  # a stream of variants, each with a layout of its own
        lay = FakeLayout()
        tables(lay)
        watched.append(weakref.ref(lay))
    del lay
    gc.collect()
    alive = [ref() is not None for ref in watched]
    assert alive == [False] * (2 * LAYOUTS_KEPT) + [True] * LAYOUTS_KEPT

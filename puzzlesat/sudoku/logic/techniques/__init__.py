"""Sudoku Explainer's techniques, in the order SE tries them, each a producer of Steps.

A producer takes a CandidateGrid (and keyword options: its own, and `budget`, a running puzzlesat.budget.Budget
that the long producers check) and yields the Steps it finds there, in SE's order (the first one is the one SE
would take; producers whose steps vary in difficulty, the chains, yield the easiest first). `first_step` runs the
producers in order and returns the first Step of the first producer that has one: that is SE's rule for the next
step, for the explanation, the hint and the rating alike.

The order and the difficulties follow Sukaku Explainer (SudokuMonster's fork of Nicolas Juillerat's Sudoku
Explainer, the program behind the ratings the Sudoku community publishes), with its default settings.
"""

from __future__ import annotations

from functools import partial
from typing import Callable, Iterable, Optional, Sequence, Tuple

from puzzlesat.budget import Budget
from puzzlesat.sudoku.logic.candidates import CandidateGrid
from puzzlesat.sudoku.logic.steps import Step

Producer = Callable[[CandidateGrid], Iterable[Step]]


def _producers() -> Tuple[Tuple[str, Producer], ...]:
    """(family name, producer) in SE's order; imported late, so that loading one module loads them all once."""
    from puzzlesat.sudoku.logic.techniques import chains, direct, exclusion, fish, intersections, singles, strong_links
    from puzzlesat.sudoku.logic.techniques import subsets, uniqueness, wings

    return (
        ("Hidden Single", singles.hidden_singles),
        ("Direct Pointing", direct.direct_locking),
        ("Direct Hidden Pair", partial(direct.direct_hidden_sets, size=2)),
        ("Naked Single", singles.naked_singles),
        ("Direct Hidden Triplet", partial(direct.direct_hidden_sets, size=3)),
        ("Pointing & Claiming", intersections.locking),
        ("Naked Pair", partial(subsets.naked_sets, size=2)),
        ("X-Wing", partial(fish.basic_fish, size=2)),
        ("Hidden Pair", partial(subsets.hidden_sets, size=2)),
        ("Naked Triplet", partial(subsets.naked_sets, size=3)),
        ("Swordfish", partial(fish.basic_fish, size=3)),
        ("Hidden Triplet", partial(subsets.hidden_sets, size=3)),
        ("Turbot Fish", partial(strong_links.strong_links, links=2)),
        ("XY-Wing", wings.xy_wings),
        ("XYZ-Wing", wings.xyz_wings),
        ("Unique Rectangle / Loop", uniqueness.unique_loops),
        ("Naked Quad", partial(subsets.naked_sets, size=4)),
        ("Jellyfish", partial(fish.basic_fish, size=4)),
        ("Hidden Quad", partial(subsets.hidden_sets, size=4)),
        ("3 Strong-linked Fishes", partial(strong_links.strong_links, links=3)),
        ("WXYZ-Wing", wings.wxyz_wings),
        ("Bivalue Universal Grave", uniqueness.bug),
        ("4 Strong-Linked Fishes", partial(strong_links.strong_links, links=4)),
        ("VWXYZ-Wing", wings.vwxyz_wings),
        ("Aligned Pair Exclusion", partial(exclusion.aligned_exclusion, size=2)),
        ("UVWXYZ-Wing", wings.uvwxyz_wings),
        ("Forcing Chains & Cycles", chains.cycles_and_forcing_chains),
        ("TUVWXYZ-Wing", wings.tuvwxyz_wings),
        ("Aligned Triplet Exclusion", partial(exclusion.aligned_exclusion, size=3)),
        ("Nishio Forcing Chains", chains.nishio_forcing_chains),
        ("Multiple Forcing Chains", chains.multiple_forcing_chains),
        ("Dynamic Forcing Chains", chains.dynamic_forcing_chains),
        ("Dynamic Forcing Chains (+)", partial(chains.dynamic_forcing_chains, level=1)),
        ("Nested Forcing Chains", partial(chains.dynamic_forcing_chains, level=2)),
        ("Nested Forcing Chains", partial(chains.dynamic_forcing_chains, level=3)),
    )


_PRODUCERS: Optional[tuple] = None


def producers() -> Tuple[Tuple[str, Producer], ...]:
    """Every producer, in SE's order."""
    global _PRODUCERS
    if _PRODUCERS is None:
        _PRODUCERS = _producers()
    return _PRODUCERS


def basic_producers() -> Tuple[Tuple[str, Producer], ...]:
    """The producers before the chains (SE's direct and indirect techniques, up to the UVWXYZ-Wing)."""
    every = producers()
    return every[:[name for name, _ in every].index("Forcing Chains & Cycles")]


def first_step(board: CandidateGrid, chosen: Optional[Sequence[Tuple[str, Producer]]] = None,
               budget: Optional[Budget] = None) -> Optional[Step]:
    """The first Step of the first producer that finds one (SE's next step), or None when every one is stuck.
    A running `budget` goes to every producer (the long ones check it and raise OutOfBudget when it is spent)."""
    options = {} if budget is None else {"budget": budget}
    for _, produce in chosen or producers():
        for step in produce(board, **options):
            return step
    return None

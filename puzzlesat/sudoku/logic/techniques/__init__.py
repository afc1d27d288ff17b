"""The techniques, in the order they are tried, each a producer of Steps: Sudoku Explainer's for classic rules, and
the general engine for every constraint puzzlesat reads.

A producer takes a CandidateGrid (and keyword options: its own, and `budget`, a running puzzlesat.budget.Budget
that the long producers check) and yields the Steps it finds there, in SE's order (the first one is the one SE
would take; producers whose steps vary in difficulty, the chains, yield the easiest first). `first_step` runs the
producers in order and returns the first Step of the first producer that has one: that is SE's rule for the next
step, for the explanation, the hint and the rating alike.

The order and the difficulties follow Sukaku Explainer (SudokuMonster's fork of Nicolas Juillerat's Sudoku
Explainer, the program behind the ratings the Sudoku community publishes), with its default settings.

The general engine (`general_producers`, used whenever the rules hold a constraint other than a group of distinct
digits, or when asked for) keeps SE's basic techniques and prices (they reason with houses, which every variant
still has; the uniqueness ones are left out, as a constraint may break the swap they rest on) and adds, at prices
on SE's scale, what each constraint gives by itself and what its weak links give (constraint_steps), then chains
over those links, cell and region forcing chains and contradictions in place of SE's chains (link_chains).
Every producer has a family (FAMILIES), which a setter can switch off.
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


def _general_producers() -> Tuple[Tuple[str, Producer], ...]:
    """(name, producer) of the general engine, in the order they are tried."""
    from puzzlesat.sudoku.logic.techniques import constraint_steps, link_chains

    se = dict(producers())
    basic = [(name, produce) for name, produce in basic_producers()
             if name not in ("Unique Rectangle / Loop", "Bivalue Universal Grave")]
    before_naked = [(name, produce) for name, produce in basic if name in ("Hidden Single", "Direct Pointing",
                                                                           "Direct Hidden Pair")]
    rest = [(name, produce) for name, produce in basic if (name, produce) not in before_naked]
    return (
        before_naked[0],
        ("Constraint Hidden Single", constraint_steps.constraint_singles),
        *before_naked[1:],
        ("Constraint Step", constraint_steps.constraint_eliminations),
        *rest[:rest.index(("Pointing & Claiming", se["Pointing & Claiming"])) + 1],
        ("Link Pointing", constraint_steps.link_pointing),
        ("Cell Forcing", constraint_steps.cell_forcing),
        ("Combination", constraint_steps.combination_eliminations),
        *rest[rest.index(("Pointing & Claiming", se["Pointing & Claiming"])) + 1:],
        ("Forcing Chains", link_chains.forcing_chains),
        ("Multiple Forcing Chains", link_chains.multiple_forcing_chains),
        ("Contradiction", link_chains.contradictions),
        ("Dynamic Forcing", link_chains.dynamic_forcing),
        ("Contradiction (+)", link_chains.deep_contradictions),
    )


# The family of each producer, for switching families off (--disable).
FAMILIES = {
    "singles": ("Hidden Single", "Constraint Hidden Single", "Naked Single"),
    "constraints": ("Constraint Step", "Combination"),
    "pointing": ("Direct Pointing", "Pointing & Claiming", "Link Pointing", "Cell Forcing"),
    "tuples": ("Direct Hidden Pair", "Direct Hidden Triplet", "Naked Pair", "Hidden Pair", "Naked Triplet",
               "Hidden Triplet", "Naked Quad", "Hidden Quad"),
    "fish": ("X-Wing", "Swordfish", "Jellyfish", "Turbot Fish", "3 Strong-linked Fishes", "4 Strong-Linked Fishes"),
    "wings": ("XY-Wing", "XYZ-Wing", "WXYZ-Wing", "VWXYZ-Wing", "UVWXYZ-Wing", "TUVWXYZ-Wing",
              "Aligned Pair Exclusion", "Aligned Triplet Exclusion"),
    "uniqueness": ("Unique Rectangle / Loop", "Bivalue Universal Grave"),
    "chains": ("Forcing Chains & Cycles", "Nishio Forcing Chains", "Multiple Forcing Chains", "Dynamic Forcing Chains",
               "Dynamic Forcing Chains (+)", "Nested Forcing Chains", "Forcing Chains"),
    "contradictions": ("Contradiction", "Dynamic Forcing", "Contradiction (+)"),
}
FAMILY_OF = {name: family for family, names in FAMILIES.items() for name in names}
ENGINES = ("se", "general")


_PRODUCERS: Optional[tuple] = None
_GENERAL: Optional[tuple] = None


def producers() -> Tuple[Tuple[str, Producer], ...]:
    """Every producer, in SE's order."""
    global _PRODUCERS
    if _PRODUCERS is None:
        _PRODUCERS = _producers()
    return _PRODUCERS


def general_producers() -> Tuple[Tuple[str, Producer], ...]:
    """Every producer of the general engine, in its order."""
    global _GENERAL
    if _GENERAL is None:
        _GENERAL = _general_producers()
    return _GENERAL


def engine_of(board: CandidateGrid) -> str:
    """The engine a board is solved with: the one it asks for, else SE's for classic rules and extra groups, the
    general one for every other constraint."""
    return board.engine or ("se" if board.rules.groups_only else "general")


def chosen_producers(board: CandidateGrid) -> Tuple[Tuple[str, Producer], ...]:
    """The producers for a board (engine_of), the families switched off left out."""
    every = general_producers() if engine_of(board) == "general" else producers()
    if not board.disabled:
        return every
    return tuple((name, produce) for name, produce in every if FAMILY_OF.get(name) not in board.disabled)


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

"""The technique catalogue (puzzlesat.sudoku.logic.catalogue): every name the techniques give their steps belongs to
one entry whose difficulties hold the step's, and names are looked up in any case, by prefix, with close matches."""

from __future__ import annotations

import csv
from itertools import product

import pytest
from conftest import PUZZLES
from hypothesis import given
from hypothesis import strategies as st

from puzzlesat.errors import TargetError
from puzzlesat.sudoku.logic.catalogue import TECHNIQUES, base_name, find_technique
from puzzlesat.sudoku.logic.techniques.direct import DIRECT_HIDDEN
from puzzlesat.sudoku.logic.techniques.fish import FISH
from puzzlesat.sudoku.logic.techniques.strong_links import name_and_difficulty
from puzzlesat.sudoku.logic.techniques.subsets import HIDDEN, NAKED
from puzzlesat.sudoku.logic.techniques.uniqueness import loop_difficulty, loop_name
from puzzlesat.sudoku.logic.techniques.wings import wing_difficulty

NOT_PORTED = ("Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",)  # SE's experimental level 4


def entry(step_name: str):
    """The catalogue entry of a step's name (its base name, exactly)."""
    matches = [t for t in TECHNIQUES if t.name == base_name(step_name)]
    assert len(matches) == 1, step_name
    return matches[0]


def holds(technique, difficulty: float) -> bool:
    """Whether `difficulty` lies in the technique's range."""
    return technique.lowest - 1e-9 <= difficulty <= (technique.highest or 99.0) + 1e-9


def test_names_are_unique():
    names = [t.name.casefold() for t in TECHNIQUES]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("table", [FISH, NAKED, HIDDEN, DIRECT_HIDDEN])
def test_fixed_difficulties_are_the_producers(table):
    for name, difficulty in table.values():
        technique = entry(name)
        assert technique.lowest == technique.highest == difficulty


def test_every_strong_link_name_and_difficulty():
    seen = set()
    for links in (2, 3, 4):
        for types, grouped, loop in product(product((0, 1, 2), repeat=links), range(links + 1), (False, True)):
            name, difficulty = name_and_difficulty(types, grouped, loop)
            technique = entry(name)
            assert technique.nine_only and holds(technique, difficulty), (name, difficulty)
            seen.add(technique.name)
    assert {"Skyscraper", "2-String Kite", "Grouped 3 Strong links", "(4 Strong Links) X-Loop"} <= seen


def test_wings_and_loops():
    for size, name in ((3, "WXYZ-Wing 137"), (4, "VWXYZ-Wing 1311"), (5, "UVWXYZ-Wing 1516"), (6, "TUVWXYZ-Wing 12")):
        for biggest in range(2, size + 2):
            assert holds(entry(name), wing_difficulty(size, biggest)), (name, biggest)
    for size in (4, 6, 8, 10, 12):
        for kind in (1, 2, 3, 4):
            name = loop_name(size, kind)
            assert holds(entry(name), loop_difficulty(size)), name
            family = find_technique("Unique Rectangle" if size == 4 else "Unique Loop")
            assert family.covers(name) and holds(family, loop_difficulty(size))


def test_sukaku_explainer_hardest_steps():
    """Every hardest step Sukaku Explainer names in se-heldout.tsv, with its ER, fits its entry."""
    with (PUZZLES / "sudoku" / "se-heldout.tsv").open() as stream:
        rows = [row for row in csv.DictReader(stream, delimiter="\t") if row["se_hardest"] not in NOT_PORTED]
    assert len(rows) > 300
    for row in rows:
        assert holds(entry(row["se_hardest"]), float(row["se_er"])), row["se_hardest"]


def test_base_name():
    assert base_name("Skyscraper 011") == "Skyscraper"
    assert base_name("Grouped 2 Strong links 101") == "Grouped 2 Strong links"
    assert base_name("3 Skyscrapers 0111") == "3 Skyscrapers"
    assert base_name("(3 Strong Links) X-Loop 0112") == "(3 Strong Links) X-Loop"
    assert base_name("Unique Loop 8 type 3") == "Unique Loop type 3"
    assert base_name("Unique Rectangle type 2") == "Unique Rectangle type 2"
    assert base_name("Dynamic Cell Forcing Chains (+)") == "Dynamic Cell Forcing Chains (+)"


def test_covers_a_family_but_not_the_nested_levels():
    assert find_technique("Unique Rectangle").covers("Unique Rectangle type 3")
    assert not find_technique("Unique Rectangle type 1").covers("Unique Rectangle type 3")
    dynamic = find_technique("Dynamic Cell Forcing Chains")
    assert dynamic.covers("Dynamic Cell Forcing Chains") and not dynamic.covers("Dynamic Cell Forcing Chains (+)")
    assert find_technique("Skyscraper").covers("Skyscraper 011")
    assert not find_technique("Skyscraper").covers("Grouped Skyscraper 111")


@given(st.sampled_from(TECHNIQUES), st.lists(st.booleans(), min_size=80, max_size=80))
def test_any_case_finds_the_name(technique, upper):
    text = "".join(c.upper() if up else c.lower() for c, up in zip(technique.name, upper))
    assert find_technique(text) is technique
    assert find_technique(f"  {text} ") is technique


@pytest.mark.parametrize("text, name", [
    ("x-wing", "X-Wing"), ("Swordfish", "Swordfish"), ("XY-Wing", "XY-Wing"), ("Nishio", "Nishio Forcing Chains"),
    ("naked pair", "Naked Pair"), ("Unique Rect", "Unique Rectangle"), ("dynamic cell", "Dynamic Cell Forcing Chains"),
    ("bug", "BUG"), ("jelly", "Jellyfish"),
])
def test_prefixes(text, name):
    assert find_technique(text).name == name


@pytest.mark.parametrize("text, message", [
    ("Naked", "ambiguous: Naked Single, Naked Pair, Naked Triplet or Naked Quad"),
    ("Unique", "ambiguous: Unique Rectangle or Unique Loop"),
    ("Swordfsh", "did you mean Swordfish?"),
    ("xywing", "did you mean XY-Wing"),
    ("quux", "unknown technique 'quux' (names as --explain"),
    ("", "unknown technique ''"),
])
def test_unknown_and_ambiguous_names(text, message):
    with pytest.raises(TargetError, match=message.replace("?", r"\?").replace("(", r"\(")):
        find_technique(text)

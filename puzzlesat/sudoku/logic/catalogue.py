"""The techniques a person can ask for by name, with the difficulties their steps take on SE's scale.

A name is what `--explain` prints for a step, less the pattern code SE appends to some of them: "Skyscraper 011"
is a Skyscraper, "WXYZ-Wing 138" a WXYZ-Wing, "Unique Loop 6 type 2" a Unique Loop type 2 (base_name). A
family name ("Unique Rectangle", "BUG") also covers its types ("Unique Rectangle type 3").

Most techniques have one difficulty. Some vary: the hidden single with its unit (1.0-1.5), the strong-link
patterns with their link types (+0.1, +0.2, +0.3 grouped), the ALS wings with their cells' candidate counts,
unique rectangles and loops with their size and type, and every chain with its length (SE adds 0.1 each time the
number of nodes it rests on passes 4, 6, 8, 12, 16, 24, ...: no fixed top). `highest` is None where there is no
fixed top.

>>> find_technique("x-wing").name, find_technique("Nishio").name, find_technique("Unique Rect").name
('X-Wing', 'Nishio Forcing Chains', 'Unique Rectangle')
>>> base_name("Grouped 2-String Kite 212"), base_name("Unique Loop 6 type 2")
('Grouped 2-String Kite', 'Unique Loop type 2')
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Optional

from puzzlesat.errors import TargetError


@dataclass(frozen=True)
class Technique:
    """A technique's name, the lowest and highest difficulty of its steps (highest None: no fixed top), and
    whether its steps exist on the classic 9x9 grid only."""

    name: str
    lowest: float
    highest: Optional[float]
    nine_only: bool = False

    def covers(self, step_name: str) -> bool:
        """Whether a step of this name (as the path names it) is one of this technique's."""
        base = base_name(step_name)
        return base == self.name or base.startswith(self.name + " type ")

    def span(self) -> str:
        """'3.2', '4.1-4.2' or '7.0 and up'."""
        if self.highest is None:
            return f"{self.lowest:.1f} and up"
        if self.highest == self.lowest:
            return f"{self.lowest:.1f}"
        return f"{self.lowest:.1f}-{self.highest:.1f}"


def base_name(step_name: str) -> str:
    """A step's technique name without SE's pattern code: the digits after a strong-link pattern or an ALS wing,
    a unique loop's size."""
    words = step_name.split(" ")
    if len(words) > 1 and words[-1].isdigit() and words[-2] != "type":
        words.pop()
    if words[:2] == ["Unique", "Loop"] and len(words) > 2 and words[2].isdigit():
        del words[2]
    return " ".join(words)


def _strong_links() -> list:
    """The strong-link patterns of 2, 3 and 4 links (StrongLinks in SE), 9x9 only: from base 4.0, 5.4, 5.8, +0.1
    or +0.2 for the mix of link types, +0.3 grouped."""
    found = []
    for links, base in ((2, 4.0), (3, 5.4), (4, 5.8)):
        kite, mixed, grouped = round(base + 0.1, 1), round(base + (0.1 if links == 2 else 0.2), 1), round(base + 0.3, 1)
        kinds = [("Skyscraper" if links == 2 else f"{links} Skyscrapers", base, base)]
        if links < 4:
            kinds.append((f"{links}-String Kite", kite, kite))
        kinds.append((f"{links} Strong links", kite, mixed))
        for name, low, high in kinds:
            found += [Technique(name, low, high, True), Technique("Grouped " + name, grouped, grouped, True)]
        loop = f"({links} Strong Links)"
        found += [Technique(f"{loop} X-Loop", base, round(base + 0.2, 1), True),
                  Technique(f"{loop} Grouped X-Loop", grouped, grouped, True)]
    return found


def _uniqueness() -> list:
    """Unique rectangles and loops (4.5 and up with the loop's size and type 3's set), BUG (5.6 and up)."""
    found = [Technique("Unique Rectangle", 4.5, None), Technique("Unique Loop", 4.6, None)]
    for kind in (1, 2, 3, 4):
        found.append(Technique(f"Unique Rectangle type {kind}", 4.5, None if kind == 3 else 4.5))
        found.append(Technique(f"Unique Loop type {kind}", 4.6, None))
    found += [Technique("BUG", 5.6, None), _fixed("BUG type 1", 5.6), _fixed("BUG type 2", 5.7),
              Technique("BUG type 3", 5.7, None), _fixed("BUG type 4", 5.7)]
    return found


def _chains() -> list:
    """Cycles and chains, each from its base difficulty up with its length; the nested levels 9x9 only."""
    found = [Technique(name, low, None) for name, low in (
        ("Generalized X-Wing", 6.5), ("Bidirectional X-Cycle", 6.5), ("Bidirectional Y-Cycle", 6.5),
        ("Forcing X-Chain", 6.6), ("Bidirectional Cycle", 7.0), ("Forcing Chain", 7.0),
        ("Nishio Forcing Chains", 7.5), ("Cell Forcing Chains", 8.0), ("Region Forcing Chains", 8.0))]
    for kind in ("Contradiction", "Double", "Cell", "Region"):
        name = f"Dynamic {kind} Forcing Chains"
        found.append(Technique(name, 8.5, None))
        for suffix, low in ((" (+)", 9.0), (" (+ Forcing Chains)", 9.5), (" (+ Multiple Forcing Chains)", 10.0)):
            found.append(Technique(name + suffix, low, None, True))
    return found + [_fixed("Turbot Fish", 6.6)]  # SE's name for a forcing X-chain of 6 nodes


def _fixed(name: str, difficulty: float) -> Technique:
    """A technique of one difficulty."""
    return Technique(name, difficulty, difficulty)


TECHNIQUES = (
    Technique("Hidden Single", 1.0, 1.5),
    _fixed("Direct Pointing", 1.7), _fixed("Direct Claiming", 1.9), _fixed("Direct Hidden Pair", 2.0),
    _fixed("Naked Single", 2.3), _fixed("Direct Hidden Triplet", 2.5), _fixed("Pointing", 2.6),
    _fixed("Claiming", 2.8), _fixed("Naked Pair", 3.0), _fixed("X-Wing", 3.2), _fixed("Hidden Pair", 3.4),
    _fixed("Naked Triplet", 3.6), _fixed("Swordfish", 3.8), _fixed("Hidden Triplet", 4.0),
    _fixed("XY-Wing", 4.2), _fixed("XYZ-Wing", 4.4), _fixed("Naked Quad", 5.0), _fixed("Jellyfish", 5.2),
    _fixed("Hidden Quad", 5.4), Technique("WXYZ-Wing", 5.5, 5.6), Technique("VWXYZ-Wing", 6.2, 6.4),
    _fixed("UVWXYZ-Wing", 6.6), _fixed("TUVWXYZ-Wing", 7.5), _fixed("Aligned Pair Exclusion", 6.2),
    _fixed("Aligned Triplet Exclusion", 7.5),
    *_strong_links(), *_uniqueness(), *_chains(),
    _fixed("Search", 20.0),
)
_BY_KEY = {technique.name.casefold(): technique for technique in TECHNIQUES}


def find_technique(text: str) -> Technique:
    """The technique a name means: its name in any case, or a prefix that only it starts with (or that the
    others starting with it extend: 'Dynamic Cell' is Dynamic Cell Forcing Chains, not its nested levels).
    TargetError, naming the close matches, for anything else."""
    key = " ".join(text.split()).casefold()
    if key in _BY_KEY:
        return _BY_KEY[key]
    starting = [t for t in TECHNIQUES if key and t.name.casefold().startswith(key)]
    shortest = min(starting, key=lambda t: len(t.name), default=None)
    if shortest is not None and all(t.name.startswith(shortest.name) for t in starting):
        return shortest
    if starting:
        names = [t.name for t in starting]
        families = [name for name in names if not any(name.startswith(other + " ") for other in names)]
        raise TargetError(f"technique {text!r} is ambiguous: {_listed(families)}")
    close = difflib.get_close_matches(key, list(_BY_KEY), n=5, cutoff=0.6)
    hint = f"; did you mean {_listed(_BY_KEY[k].name for k in close)}?" if close else ""
    raise TargetError(f"unknown technique {text!r}{hint} (names as --explain prints them, e.g. X-Wing, "
                           f"XY-Wing, Naked Pair, Forcing Chain)")


def _listed(names) -> str:
    """'A, B or C' (at most eight, then 'or N more')."""
    names = list(names)
    shown, rest = names[:8], len(names) - 8
    if rest > 0:
        return ", ".join(shown) + f" or {rest} more"
    return ", ".join(shown[:-1]) + (" or " if len(shown) > 1 else "") + shown[-1]

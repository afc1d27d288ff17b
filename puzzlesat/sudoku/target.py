"""What a new puzzle must be on SE's scale: its ER within a band, and/or a technique its path needs and nothing
harder; read from text, and checked on the solving path while it is walked, so that most misses stop early.

A path meets the technique when it takes a step of it and no step more difficult than its hardest such step:
the puzzle's ER is then that technique's. (Where a technique's difficulty varies, a chain with its length, the
other steps may go up to the difficulty of the technique's own hardest step in the path.)

Two cheap rejections: a walk stops at the first step harder than the band's top or than the technique can ever
be (Target.ceiling); and a puzzle that naked and hidden singles solve (unit propagation) has ER 2.3 at most, since
at every point of its path a single is there to take and SE tries nothing above 2.3 before the naked single
(Target.allows_singles). Only a whole walk shows that a puzzle reaches the band's bottom.

>>> parse_band("6-6.9"), parse_band("9+"), parse_band("2.3-"), parse_band("7.1")
(Band(low=6.0, high=6.9), Band(low=9.0, high=20.0), Band(low=0.0, high=2.3), Band(low=7.1, high=7.1))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from puzzlesat.budget import Budget
from puzzlesat.errors import TargetError
from puzzlesat.sudoku.logic.candidates import CandidateGrid
from puzzlesat.sudoku.logic.catalogue import Technique
from puzzlesat.sudoku.logic.path import Path, walk
from puzzlesat.sudoku.logic.steps import Step

TOP = 20.0  # SE's "beyond solver": the search step's difficulty, the top of the scale
SINGLES_ER = 2.3  # the highest ER of a puzzle unit propagation solves (the naked single's difficulty)
EPSILON = 1e-9
_NUMBER = r"\d+(?:\.\d*)?|\.\d+"
_BAND = re.compile(rf"^\s*(?P<low>{_NUMBER})\s*(?:(?P<sign>[-+])\s*(?P<high>{_NUMBER})?)?\s*$")


@dataclass(frozen=True)
class Band:
    """ER from `low` to `high`, both included."""

    low: float
    high: float

    def __contains__(self, er: float) -> bool:
        return self.low - EPSILON <= er <= self.high + EPSILON

    def __str__(self) -> str:
        if self.low == self.high:
            return f"{self.low:.1f}"
        if self.high >= TOP:
            return f"{self.low:.1f} and up"
        return f"{self.low:.1f}-{self.high:.1f}"


def parse_band(text: str) -> Band:
    """'6-6.9', '9+' (9.0 and up), '2.3-' (up to 2.3) or '7.1' (that ER alone); TargetError for anything else."""
    match = _BAND.match(text)
    if not match or (match["sign"] == "+" and match["high"]):
        raise TargetError(f"ER band {text!r}: write LOW-HIGH (6-6.9), LOW+ (9+), HIGH- (2.3-) or one ER (7.1)")
    low = float(match["low"])
    if match["sign"] == "+":
        band = Band(low, TOP)
    elif match["sign"] == "-":
        band = Band(low, float(match["high"])) if match["high"] else Band(0.0, low)
    else:
        band = Band(low, low)
    if band.low > TOP:
        raise TargetError(f"ER band {text!r}: the scale ends at {TOP:.1f} (search: beyond SE's techniques)")
    if band.low > band.high:
        raise TargetError(f"ER band {text!r}: {band.low:.1f} is above {band.high:.1f}")
    return band


class _TooHard(Exception):
    """A step harder than any accepted path may take: the walk stops there."""


@dataclass(frozen=True)
class Target:
    """An ER band, a technique, or both."""

    band: Optional[Band] = None
    technique: Optional[Technique] = None

    @property
    def ceiling(self) -> float:
        """No step of an accepted path is harder than this."""
        tops = [TOP, self.band.high if self.band else TOP]
        if self.technique is not None and self.technique.highest is not None:
            tops.append(self.technique.highest)
        return min(tops)

    @property
    def allows_singles(self) -> bool:
        """Whether a puzzle that singles solve (ER 2.3 at most) could be accepted."""
        return (self.band is None or self.band.low <= SINGLES_ER + EPSILON) and \
            (self.technique is None or self.technique.lowest <= SINGLES_ER + EPSILON)

    def accepts(self, path: Path) -> bool:
        """Whether a walked path meets the target: solved, ER in the band, the technique its hardest."""
        if path.outcome != "solved" or (self.band is not None and path.er not in self.band):
            return False
        if self.technique is None:
            return True
        own = [step.difficulty for step in path.steps if self.technique.covers(step.technique)]
        return bool(own) and max(own) >= path.er - EPSILON

    def walk(self, board: CandidateGrid, budget: Optional[Budget] = None) -> Optional[Path]:
        """SE's path on `board`, or None as soon as a step is harder than the ceiling; its outcome is 'timeout'
        when the running `budget` ran out first."""
        ceiling = self.ceiling + EPSILON

        def check(step: Step) -> None:
            if step.difficulty > ceiling:
                raise _TooHard

        try:
            return walk(board, budget=budget, on_step=check)
        except _TooHard:
            return None

    def __str__(self) -> str:
        """'ER 6.0-6.9', 'X-Wing the hardest technique', or both."""
        parts = [f"ER {self.band}"] if self.band else []
        if self.technique is not None:
            parts.append(f"{self.technique.name} the hardest technique")
        return " and ".join(parts)

"""A variant puzzle's difficulty on Sudoku Explainer's scale, and its solving time in minutes, from its solving path.

A variant's path ends at steps SE never priced (what a constraint rules out, combinations, chains over its links), so
its hardest step says little about how long it takes. Instead the path's analysis (how many steps of each kind, and
how hard) gives a few features (FEATURES), and a linear model fitted on the video lengths of Cracking the Cryptic's
solves (`scripts/fit_variant_difficulty.py`, within each host) turns them into a predicted log of the minutes. That
prediction is put on SE's scale by the classic puzzles of the same catalogue: the ER at which a classic puzzle is
predicted to take as long (its minutes fitted against SE's exact ER). The parameters live in
variant_difficulty.json next to this module; nothing here is tuned by hand. Classic puzzles keep SE's own ER.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Mapping, Optional, Sequence

PARAMETERS = Path(__file__).with_name("variant_difficulty.json")
SINGLES = ("Hidden Single", "Naked Single", "Full House")
SEARCH = "Search"
CHAIN_LEVEL = 6.0  # SE's chains and forcing chains start here (Turbot Fish 6.6 is above, wings below)
PLAIN_LEVEL = 2.5  # below this a step reads one constraint or unit (SE's direct techniques, a constraint's own step)
FEATURES = ("hardest", "singles", "plain", "advanced", "chains", "search", "kinds", "constraints", "families")


def features(techniques: Sequence, constraints: Optional[Mapping[str, int]] = None) -> dict:
    """The model's inputs from a path's analysis ((technique, times, hardest difficulty), ...) and the puzzle's
    constraints ({kind: how many}):
    hardest   the hardest step short of search (SE's scale)
    singles   log2(1 + singles)                     the cells filled by singles: how much there is to fill
    plain     log2(1 + other steps below 2.5)       steps that read one constraint or unit
    advanced  log2(1 + steps from 2.5 below 6.0)    pointing, combinations, subsets, fish, wings
    chains    log2(1 + steps from 6.0 on)           chains, forcing chains, contradictions (search left out)
    search    log2(1 + search steps)                where logic stopped
    kinds     log2(1 + techniques used)             how many different ideas the path needs
    constraints  log2(1 + constraints)              how much there is to read and keep track of
    families  log2(1 + kinds of constraint)         how many rules interact"""
    counts = dict.fromkeys(("singles", "plain", "advanced", "chains", "search"), 0)
    hardest, kinds = 0.0, 0
    for name, times, difficulty in techniques:
        kinds += 1
        if name == SEARCH:
            counts["search"] += times
            continue
        hardest = max(hardest, difficulty)
        if name in SINGLES:
            counts["singles"] += times
        elif difficulty < PLAIN_LEVEL:
            counts["plain"] += times
        elif difficulty < CHAIN_LEVEL:
            counts["advanced"] += times
        else:
            counts["chains"] += times
    found = {name: math.log2(1 + count) for name, count in counts.items()}
    constraints = constraints or {}
    found.update(hardest=hardest, kinds=math.log2(1 + kinds), constraints=math.log2(1 + sum(constraints.values())),
                 families=math.log2(1 + len(constraints)))
    return found


@dataclass(frozen=True)
class Estimate:
    """A variant's difficulty on SE's scale and its minutes (the fit's median, and the middle 80% of its errors)."""

    difficulty: float
    minutes: float
    low: float
    high: float

    def as_dict(self) -> dict:
        """JSON-ready: {'difficulty': 6.1, 'minutes': 48, 'minutes_low': 31, 'minutes_high': 80}."""
        return {"difficulty": round(self.difficulty, 1), "minutes": round(self.minutes),
                "minutes_low": round(self.low), "minutes_high": round(self.high)}


@dataclass(frozen=True)
class Model:
    """The fitted parameters (variant_difficulty.json): weights per feature and an intercept (log minutes of the
    hosts' mean pace), the anchor (log minutes = anchor_intercept + anchor_slope * ER, fitted on classic puzzles,
    with the same host offsets), the spread of the log errors (10% and 90% quantiles, held out; the classic
    puzzles' around the anchor) and SE's range."""

    weights: Mapping[str, float]
    intercept: float
    anchor_intercept: float
    anchor_slope: float
    error_low: float
    error_high: float
    lowest: float = 1.0
    highest: float = 12.0
    classic_error_low: float = 0.0  # the classic puzzles' log errors around the anchor line (10% and 90%)
    classic_error_high: float = 0.0

    @classmethod
    def load(cls, path: Path = PARAMETERS) -> "Model":
        """The model of a parameters file (only the fields it names; extra keys such as the fit's report are
        ignored)."""
        data = json.loads(path.read_text(encoding="utf-8"))
        unknown = set(data["weights"]) - set(FEATURES)
        if unknown:
            raise ValueError(f"{path}: unknown features {sorted(unknown)}")
        fields = {name: data[name] for name in cls.__dataclass_fields__ if name in data}
        return cls(**fields)

    def log_minutes(self, found: Mapping[str, float]) -> float:
        """The predicted log of the minutes at the hosts' mean pace."""
        return self.intercept + sum(weight * found[name] for name, weight in self.weights.items())

    def estimate(self, techniques: Sequence, constraints: Optional[Mapping[str, int]] = None) -> Estimate:
        """The difficulty and minutes of a path's analysis (and the puzzle's constraints by kind)."""
        return self.of_features(features(techniques, constraints))

    def of_features(self, found: Mapping[str, float]) -> Estimate:
        """The difficulty and minutes of a path's features."""
        predicted = self.log_minutes(found)
        difficulty = (predicted - self.anchor_intercept) / self.anchor_slope
        difficulty = min(max(difficulty, self.lowest), self.highest)
        return Estimate(difficulty, math.exp(predicted), math.exp(predicted + self.error_low),
                        math.exp(predicted + self.error_high))


    def classic(self, er: float) -> Estimate:
        """A classic puzzle's: its difficulty is SE's ER, its minutes those of the anchor line at that ER."""
        predicted = self.anchor_intercept + self.anchor_slope * er
        return Estimate(er, math.exp(predicted), math.exp(predicted + self.classic_error_low),
                        math.exp(predicted + self.classic_error_high))


@lru_cache(maxsize=1)
def model() -> Model:
    """The shipped model, read once."""
    return Model.load()


def estimate(techniques: Sequence, constraints: Optional[Mapping[str, int]] = None,
             fitted: Optional[Model] = None) -> Estimate:
    """The difficulty and minutes of a path's analysis and the puzzle's constraints ({kind: how many}) by the
    shipped model (or `fitted`)."""
    return (fitted or model()).estimate(techniques, constraints)

"""Variant Sudoku constraints, one CNF encoding and one plain check each (see base.Constraint).

  groups  digits distinct among extra cells: diagonals, windows, extra regions, disjoint groups
  apart   every two cells a step apart: chess moves (anti-king, anti-knight, any offset, some digits only),
          taxicab distance, self-taxicab, diagonal non-consecutive
  sums    killer, multi-sum and sum cages (digits may repeat), little killers, sandwiches, X-sums, skyscrapers,
          arrows, double arrows, quadruples
  lines   thermometers, between lines, whispers, parity lines, renban, region-sum lines, palindromes, zippers,
          entropic lines, modular, nabner and lockout lines
  pairs   Kropki dots, XV, differences and ratios between two cells, and their negative constraints
  cells   odd/even, given pencil marks, min/max cells, clones, indexer cells (the 1-5-9 rule)
"""

from importlib import import_module

# Every name the package offers and the module it lives in. The modules load on first use, so that a plain
# Sudoku run (whose rules import only `base`) starts without building some forty constraint classes.
HOMES = {
    **dict.fromkeys(["Constraint", "Geometry"], "base"),
    "Encoder": "encodings",
    **dict.fromkeys(["Distinct", "diagonals", "disjoint_group", "disjoint_groups", "windows"], "groups"),
    **dict.fromkeys(["Chess", "Taxicab", "SelfTaxicab", "DiagonalNonconsecutive", "anti_king", "anti_knight"],
                    "apart"),
    **dict.fromkeys(["Killer", "CageSum", "MultiSumKiller", "LittleKiller", "Sandwich", "XSum", "Skyscraper", "Arrow",
                     "DoubleArrow", "Quadruple"], "sums"),
    **dict.fromkeys(["Thermometer", "Between", "Whisper", "ParityLine", "Renban", "RegionSumLine", "Palindrome",
                     "Zipper", "Entropic", "Modular", "Nabner", "Lockout"], "lines"),
    **dict.fromkeys(["Kropki", "XV", "Difference", "Ratio", "Negative", "orthogonal_pairs"], "pairs"),
    **dict.fromkeys(["Parity", "PencilMarks", "Extremum", "Clone", "Indexer"], "cells"),
}
__all__ = list(HOMES)


def __getattr__(name: str):
    """A name of HOMES, from its module (imported now, once)."""
    if name not in HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{HOMES[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list:
    return sorted([*globals(), *HOMES])

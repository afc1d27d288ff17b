"""Variant Sudoku constraints, one CNF encoding and one plain check each (see base.Constraint).

  groups  digits distinct among extra cells: diagonals, windows, extra regions, disjoint groups, anti-king/knight
  sums    killer and multi-sum cages, little killers, sandwiches, X-sums, skyscrapers, arrows, double arrows,
          quadruples
  lines   thermometers, between lines, whispers, renban, region-sum lines, palindromes, zippers, entropic lines,
          modular, nabner and lockout lines
  pairs   Kropki dots, XV, differences and ratios between two cells, and their negative constraints
  cells   odd/even, min/max cells, clones, indexer cells (the 1-5-9 rule)
"""

from puzzlesat.sudoku.constraints.base import Constraint, Geometry
from puzzlesat.sudoku.constraints.encodings import Encoder
from puzzlesat.sudoku.constraints.groups import Distinct, diagonals, disjoint_groups, king_pairs, knight_pairs, windows
from puzzlesat.sudoku.constraints.lines import (Between, Entropic, Lockout, Modular, Nabner, Palindrome, RegionSumLine,
                                                Renban, Thermometer, Whisper, Zipper)
from puzzlesat.sudoku.constraints.pairs import XV, Difference, Kropki, Negative, Ratio, orthogonal_pairs
from puzzlesat.sudoku.constraints.cells import Clone, Extremum, Indexer, Parity
from puzzlesat.sudoku.constraints.sums import (Arrow, DoubleArrow, Killer, LittleKiller, MultiSumKiller, Quadruple,
                                               Sandwich, Skyscraper, XSum)

__all__ = ["Constraint", "Geometry", "Encoder", "Distinct", "diagonals", "disjoint_groups", "king_pairs",
           "knight_pairs", "windows",
           "Killer", "MultiSumKiller", "LittleKiller", "Sandwich", "XSum", "Skyscraper", "Arrow", "DoubleArrow",
           "Quadruple", "Thermometer", "Between", "Whisper", "Renban", "RegionSumLine", "Palindrome", "Zipper",
           "Entropic", "Modular", "Nabner", "Lockout",
           "Kropki", "XV", "Difference", "Ratio", "Negative", "orthogonal_pairs",
           "Parity", "Extremum", "Clone", "Indexer"]

"""Minesweeper analysis: read a position, decide consistency and certain cells, count exact probabilities.

>>> from puzzlesat.mines import parse_board, analyze
>>> result = analyze(parse_board("# mines: 2\\n1??\\n12?\\n.1?"))
>>> result.status, result.safe, result.mines
('consistent', [(0, 2)], [(0, 1)])
>>> [str(p) for p in result.probabilities[1]]
['None', 'None', '1/2']
"""

from puzzlesat.mines.analyze import (
    CONSISTENT,
    INCONSISTENT,
    UNKNOWN,
    Analysis,
    VerificationError,
    analyze,
    best_move,
    mine_probabilities,
)
from puzzlesat.mines.board import (
    FLAG,
    HIDDEN,
    Board,
    BoardError,
    format_friendly,
    format_mine,
    parse_board,
    parse_friendly,
    parse_mine,
)
from puzzlesat.mines.count import CountingStopped
from puzzlesat.sat import Budget

__all__ = [
    "Analysis",
    "Board",
    "BoardError",
    "Budget",
    "CONSISTENT",
    "CountingStopped",
    "FLAG",
    "HIDDEN",
    "INCONSISTENT",
    "UNKNOWN",
    "VerificationError",
    "analyze",
    "best_move",
    "format_friendly",
    "format_mine",
    "mine_probabilities",
    "parse_board",
    "parse_friendly",
    "parse_mine",
]

"""Minesweeper: read a position, decide consistency and certain cells, count exact probabilities, play games.

Examples (the tests run them):

    >>> from puzzlesat.mines import parse_board, analyze
    >>> result = analyze(parse_board("# mines: 2\\n1??\\n12?\\n.1?"))
    >>> result.status, result.safe, result.mines
    ('consistent', [(0, 2)], [(0, 1)])
    >>> [str(p) for p in result.probabilities[1]]
    ['None', 'None', '1/2']
    >>> from puzzlesat.mines import parse_size, simulate
    >>> summary = simulate(parse_size("beginner"), "minprob", games=20, seed=0)
    >>> summary.games, 0 <= summary.wins <= 20
    (20, True)
"""

from __future__ import annotations

from puzzlesat import lazy_attributes, public_dir
from puzzlesat.budget import Budget
from puzzlesat.errors import BoardError, Inconsistent, OutOfBudget, VerificationError
from puzzlesat.mines.analysis import CONSISTENT, INCONSISTENT, TIMEOUT, Analysis, analyze, best_move, mine_probabilities
from puzzlesat.mines.board import FLAG, HIDDEN, MINE, Board, format_friendly, format_mine, parse_board, parse_friendly, parse_mine
from puzzlesat.mines.count import Counts, count_layouts

__all__ = [
    "Analysis", "Board", "BoardError", "Budget", "CONSISTENT", "Counts", "FLAG", "Game", "HIDDEN", "INCONSISTENT",
    "Inconsistent", "LEVELS", "MINE", "OutOfBudget", "STRATEGIES", "Setup", "TIMEOUT", "VerificationError", "analyze",
    "best_move", "count_layouts", "format_friendly", "format_mine", "mine_probabilities", "parse_board",
    "parse_friendly", "parse_mine", "parse_size", "play_game", "replay", "simulate",
]

__getattr__ = lazy_attributes(__name__, {  # imported on first use, so that analysing a board starts fast
    "Game": "puzzlesat.mines.game",
    "Setup": "puzzlesat.mines.game",
    "LEVELS": "puzzlesat.mines.game",
    "parse_size": "puzzlesat.mines.game",
    "STRATEGIES": "puzzlesat.mines.strategy",
    "simulate": "puzzlesat.mines.simulation",
    "replay": "puzzlesat.mines.simulation",
    "play_game": "puzzlesat.mines.simulation",
})
__dir__ = public_dir(__all__)

"""The strategies: certain moves first, never a proven mine."""

from __future__ import annotations

from puzzlesat.mines import analyze
from puzzlesat.mines.game import Game, Setup
from puzzlesat.mines.strategy import STRATEGIES, make_player


def test_strategies_never_open_a_proven_mine_and_take_certain_cells_first():
    for name in STRATEGIES:
        for index in range(12):
            game = Game(Setup(6, 6, 7), 11, index)
            player = make_player(name, game)
            while not game.over:
                cell, probability = player.choose()
                if game.mines is not None:
                    analysis = analyze(game.board(), probabilities=False)
                    assert game.position_of(cell) not in analysis.mines
                    if analysis.safe:
                        assert game.position_of(cell) in analysis.safe, "a certain move exists but the player guessed"
                game.open(game.position_of(cell), probability)

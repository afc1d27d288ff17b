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


def test_lookahead_guesses_when_every_cell_off_the_frontier_is_a_certain_mine():
    # Two pairs with one mine each and two cells off the frontier that the total makes mines (a simulation once
    # stopped on such a position with a KeyError).
    from puzzlesat.mines import parse_board
    from puzzlesat.mines.advice import _Seen
    from puzzlesat.mines.count import count_layouts
    from puzzlesat.mines.lookahead import Lookahead

    board = parse_board("# mines: 4\n?11??\n?11??")
    seen = _Seen(board)
    solution = count_layouts(seen.known, seen.neighbours, board.total_mines)
    assert {board.position_of(cell) for cell in solution.mines} == {(0, 4), (1, 4)} and not solution.safe
    player = Lookahead(seen)
    player.take_fifty_fifties = False  # both pairs are 50/50s: judge them as guesses
    player.endgame_layouts = 0  # and not by the exact search of the 4 layouts
    decision = player.guess(solution)
    assert board.position_of(decision.cell) in {(0, 0), (1, 0), (0, 3), (1, 3)} and decision.probability == 0.5

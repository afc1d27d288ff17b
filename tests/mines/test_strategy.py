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


# Game 5 of seed 0 (beginner) after four moves: lookahead guesses (3, 0), 228/253 safe, for its progress, while
# (0, 3) is 92.5% safe (puzzlesat mines replay --seed 0 --game 5 shows the position).
NOT_THE_SAFEST = "9x9x10\n01HHHHHHH\n012HHHHHH\n112HHHHHH\nHH2HHHHHH\n" + "HHHHHHHHH\n" * 5


def test_a_guess_hint_says_it_is_forced_its_safety_and_progress_and_names_a_safer_cell_it_passed_over():
    from fractions import Fraction

    from puzzlesat.mines import parse_board
    from puzzlesat.mines.advice import advise

    advice = advise(parse_board(NOT_THE_SAFEST), "lookahead")
    assert advice.cell == (3, 0) and advice.forced and not advice.fifty_fifty
    assert advice.why().startswith("guess (3, 0), 90.1% safe, forced: survives it and the next move ")
    assert "makes progress" in advice.why()
    assert advice.safest == (0, 3) and 1 - advice.safest_probability > 1 - advice.probability
    assert advice.detail() == ("no cell is certainly safe; this one is 228/253 safe; the safest, (0, 3), is "
                               f"{float(1 - advice.safest_probability):.1%}, but promises less")
    record = advice.record()
    assert (record["forced"], record["fifty_fifty"], record["safest"]) == (True, False, [0, 3])
    assert Fraction(record["exact"]) == advice.probability


def test_a_fifty_fifty_hint_says_it_is_unavoidable_and_a_safe_move_is_not_forced():
    from fractions import Fraction

    from puzzlesat.mines import parse_board
    from puzzlesat.mines.advice import FIFTY_FIFTY, Advice, advise

    fifty = Advice("lookahead", (0, 0), Fraction(1, 2), FIFTY_FIFTY, safest=(0, 0), safest_probability=Fraction(1, 2))
    assert fifty.forced and fifty.fifty_fifty
    assert fifty.why() == "guess (0, 0), 50.0% safe, forced: an unavoidable 50/50 (no later move can tell the pair " \
                          "apart), so now"
    assert fifty.detail() == "no cell is certainly safe; this one is 1/2 safe, as safe as any"
    safe = advise(parse_board("# mines: 2\n1??\n12?\n.1?"), "lookahead")
    assert not safe.forced and safe.detail() is None and safe.why() == "open (0, 2): certainly safe"
    assert safe.record()["safest"] is None

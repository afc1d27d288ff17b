"""The review of a played game: a game whose moves are known gets the labels and chances worked out by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from puzzlesat.errors import BoardError
from puzzlesat.mines.record import Action, GameRecord
from puzzlesat.mines.review import AVOIDABLE, CERTAIN, FIRST, FLAGGED, FORCED, MISTAKE, review


def game(width, height, mines, *moves, rules=None) -> GameRecord:
    """A record from (action, (row, col)) pairs (a bare (row, col) is an open)."""
    actions = tuple(Action(*move) if isinstance(move[0], str) else Action("open", move) for move in moves)
    return GameRecord(width, height, tuple(mines), actions, rules)


# A 4x3 board, two mines: (0, 3) and (2, 3).
#   . . 1 *        the first click (0, 0) opens the zeros of the first two columns and the 1s and 2 of the
#   . . 2 ?        third; the fourth column holds the two mines and the safe (1, 3)
#   . . 1 *
# The numbers alone: (0, 2)=1 sees (0, 3), (1, 3); (1, 2)=2 sees all three; (2, 2)=1 sees (1, 3), (2, 3).
# So (1, 3) is safe ((0, 2) and (2, 2) need one each, (1, 2) two: the ends are the mines): opening it is certain.
FOUR_BY_THREE = (4, 3, [(0, 3), (2, 3)])


def test_a_certain_move_after_the_first_click():
    judged = review(game(*FOUR_BY_THREE, (0, 0), (1, 3)))
    assert [move.label for move in judged.moves] == [FIRST, CERTAIN]
    assert judged.moves[1].chance == 1 and judged.state == "won"
    assert judged.summary()["certain"] == 1 and judged.luck == 1


def test_a_mistake_opens_a_certain_mine():
    judged = review(game(*FOUR_BY_THREE, (0, 0), (0, 3)))
    move = judged.moves[1]
    assert (move.label, move.chance, move.exploded, judged.state) == (MISTAKE, 0, True, "lost")
    assert judged.summary()["mistakes"] == 1


def test_a_forced_guess_names_the_safest_cell_and_whether_the_player_took_it():
    # 2x2, one mine at (0, 1); the first click (1, 1) shows 1: three covered cells, one mine, nothing certain.
    judged = review(game(2, 2, [(0, 1)], (1, 1), (1, 0), (0, 0)))
    second, third = judged.moves[1:]
    assert (second.label, second.chance, second.safest) == (FORCED, Fraction(2, 3), True)
    assert second.best in [(0, 0), (0, 1), (1, 0)] and second.best_chance == Fraction(2, 3)
    # (1, 0) shows 1: the mine is (0, 0) or (0, 1), nothing tells which: a 50/50
    assert (third.label, third.chance, third.safest) == (FORCED, Fraction(1, 2), True)
    assert judged.luck == Fraction(1, 3) and judged.summary()["forced"] == 2 and judged.state == "won"


def test_a_forced_guess_on_a_riskier_cell_than_the_safest_says_so():
    # 4x2, mines (0, 1) and (1, 3); the first click (1, 0) shows 1: one mine among (0, 0), (0, 1), (1, 1) (1/3 each),
    # the other among the four cells of columns 2 and 3 (1/4 each). Opening (0, 0) takes 2/3 where 3/4 was there.
    judged = review(game(4, 2, [(0, 1), (1, 3)], (1, 0), (0, 0)))
    move = judged.moves[1]
    assert (move.label, move.chance, move.safest) == (FORCED, Fraction(2, 3), False)
    assert (move.best, move.best_chance) == ((0, 2), Fraction(3, 4))
    assert judged.summary()["forced_safest"] == 0


def test_an_avoidable_risk_is_a_guess_while_a_certain_cell_existed():
    # 4x3 with mines (0, 3) and (2, 3), first click (0, 0): (1, 3) is certain; guessing... every covered cell is
    # decided there. Add a far region: 6x3 with mines (0, 3), (2, 3) and (1, 5): (1, 3) certain safe; (0, 4), (0, 5),
    # (1, 4), (1, 5), (2, 4), (2, 5) hold the third mine somewhere: opening (0, 5) is a guess while (1, 3) was certain.
    judged = review(game(6, 3, [(0, 3), (2, 3), (1, 5)], (0, 0), (0, 5)))
    move = judged.moves[1]
    assert move.label == AVOIDABLE and 0 < move.chance < 1 and move.best == (1, 3) and move.best_chance == 1
    assert move.safest is False and judged.summary()["avoidable"] == 1 and judged.summary()["guesses"] == 1


def test_flags_and_a_chord_on_certain_flags_are_certain():
    judged = review(game(*FOUR_BY_THREE, (0, 0), ("flag", (0, 3)), ("flag", (2, 3)), ("chord", (1, 2))))
    labels = [move.label for move in judged.moves]
    assert labels == [FIRST, FLAGGED, FLAGGED, CERTAIN] and judged.state == "won"
    assert judged.moves[1].chance == 1  # the flagged cell is certainly a mine
    assert judged.summary()["flags"] == 2 and judged.summary()["moves"] == 2


def test_a_chord_on_a_wrong_flag_is_a_mistake_and_loses():
    judged = review(game(*FOUR_BY_THREE, (0, 0), ("flag", (1, 3)), ("chord", (0, 2))))
    chord = judged.moves[2]
    assert (chord.label, chord.chance, chord.exploded, judged.state) == (MISTAKE, 0, True, "lost")


def test_an_unflag_and_a_guessed_flag_carry_the_chance_of_a_mine():
    judged = review(game(2, 2, [(0, 1)], (1, 1), ("flag", (0, 0)), ("unflag", (0, 0))))
    assert [(move.label, move.chance) for move in judged.moves[1:]] == [(FLAGGED, Fraction(1, 3))] * 2


@pytest.mark.parametrize("moves, words", [
    ([(0, 0), (0, 0)], "move 2 opens (0, 0), which is already open"),
    ([(0, 0), (1, 3), (1, 3)], "move 3 comes after the game ended (won)"),
    ([(0, 0), ("chord", (0, 2))], "move 2: a chord on (0, 2) opens nothing"),
    ([(0, 0), ("flag", (0, 1))], "move 2 flags (0, 1), which is open"),
    ([(0, 0), ("unflag", (1, 3))], "move 2: (1, 3) is not flagged"),
    ([(0, 0), ("flag", (1, 3)), ("flag", (1, 3))], "move 3: (1, 3) is already flagged"),
])
def test_a_move_the_game_cannot_make_is_an_error_naming_the_move(moves, words):
    with pytest.raises(BoardError, match=words.replace("(", r"\(").replace(")", r"\)")):
        review(game(*FOUR_BY_THREE, *moves))

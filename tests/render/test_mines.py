"""The drawings of `puzzlesat mines analyze` (puzzlesat.render.mines): the compact layout's marks in text."""

from __future__ import annotations

from fractions import Fraction

from puzzlesat.render.mines import BEST, CONFLICT, CURSOR, HEAT_LETTERS, compact_row, heat_letter


def row(labels: str, marks) -> str:
    """A compact row of one-character cells, as plain text."""
    return compact_row([(label, None) for label in labels], marks).plain


def test_marks_stand_in_the_spaces_around_a_cell():
    assert row("1?c", [None, BEST, None]) == " 1[?]c"
    assert row("1?c", [None, None, CURSOR]) == " 1 ?<c>"  # after the last column too


def test_a_run_of_conflicting_numbers_shares_one_pair_of_brackets():
    assert row("?112?", [None, CONFLICT, CONFLICT, CONFLICT, None]) == " ?(1 1 2)?"


def test_the_cursor_wins_a_space_the_move_wants_too():
    assert row("ab", [BEST, CURSOR]) == "[a<b>"


def test_each_letter_stands_for_its_tenth():
    assert [heat_letter(Fraction(n, 100)) for n in (1, 9, 10, 50, 99)] == ["a", "a", "b", "f", "j"]
    assert HEAT_LETTERS == "abcdefghij"

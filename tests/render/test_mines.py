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


def shown(board_text: str, heatmap: bool, colour: bool, width: int = 80) -> str:
    """What `mines analyze` prints for a board on a terminal, with or without colour, as plain text."""
    import io

    from rich.console import Console

    from puzzlesat.mines import analyze, parse_board
    from puzzlesat.render.mines import analysis_view

    board = parse_board(board_text)
    stream = io.StringIO()
    console = Console(file=stream, force_terminal=True, no_color=not colour, color_system="truecolor", width=width)
    console.print(analysis_view(board, analyze(board, probabilities=heatmap, patterns=True), heatmap))
    from rich.text import Text

    return Text.from_ansi(stream.getvalue()).plain


SMALL = "# mines: 2\n1??\n12?\n.1?"


def test_the_legend_lists_only_the_marks_the_board_shows():
    text = shown(SMALL, heatmap=False, colour=False)
    assert " S  safe" in text and " M  mine" in text and "[ ] recommended" in text and "dead" in text
    assert "undecided" not in text and "flag" not in text and "conflict" not in text
    undecided = shown("# mines: 1\n???\n?1?\n???", heatmap=False, colour=False)
    assert "?  undecided" in undecided and "S  safe" not in undecided and "M  mine" not in undecided


def test_the_colour_scale_shows_only_with_colour():
    assert "mine chance:" in shown(SMALL, heatmap=True, colour=True)
    plain = shown(SMALL, heatmap=True, colour=False)
    assert "mine chance:" not in plain and "50-" in plain  # the chances are written in the cells

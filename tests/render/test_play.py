"""The screen of `puzzlesat mines play` (puzzlesat.render.play.game_screen) in narrow and wide terminals."""

from __future__ import annotations

import io
import re

import pytest

from puzzlesat.mines.game import parse_size
from puzzlesat.mines.session import Session
from puzzlesat.render import make_console
from puzzlesat.render.play import game_screen


def drawn(session: Session, width: int, terminal: bool = True, height=None, color: bool = True) -> str:
    """The screen as a terminal `width` columns wide (and `height` lines high) shows it, escape codes kept."""
    out = io.StringIO()
    make_console(out, terminal, color, width).print(game_screen(session, width, height))
    return out.getvalue()


def plain(text: str) -> str:
    """Text without escape codes."""
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def test_an_expert_game_and_its_hint_fit_in_80_columns():
    session = Session(parse_size("expert"), seed=2)
    for key in " jjj":
        session.press(key)
    screens = [drawn(session, 80)]
    session.press("?")
    screens.append(drawn(session, 80))
    for screen in screens:
        assert max(len(line) for line in plain(screen).splitlines()) <= 80
    rows = [line for line in plain(screens[0]).splitlines() if re.match(r"^ {1,2}\d{1,2} ", line)]
    assert len(rows) == 16 and all(len(row.rstrip()) <= 4 + 2 * 30 + 1 for row in rows)
    assert rows[3][4 + 2 * 0] == "<" and rows[3][6] == ">"  # the cursor at (3, 0), in text: it reads without colour


def test_a_wide_screen_draws_the_cursor_in_angle_brackets():
    session = Session(parse_size("beginner"), seed=1)
    session.press("l")
    rows = [line for line in drawn(session, 200, terminal=False).splitlines() if re.match(r"^ {1,2}\d ", line)]
    assert rows[0][4:10] == " ? <?>"


def board_rows(screen: str) -> list:
    """The board's rows on a screen."""
    return [line for line in plain(screen).splitlines() if re.match(r"^ {1,2}\d{1,2} ", line)]


def hinted(level: str, seed: int, index: int, moves: int) -> Session:
    """Game `index` of `seed` after the strategy's first `moves` moves, the hint shown."""
    session = Session.at_move(parse_size(level), seed, index, "lookahead", (0, 0), moves)
    session.press("?")
    return session


@pytest.mark.parametrize("level, rows, moves", [("intermediate", 16, 1), ("intermediate", 16, 2), ("expert", 16, 1),
                                                 ("expert", 16, 2), ("beginner", 9, 1)])
def test_a_hint_fits_an_80_by_24_terminal_title_and_board_kept(level, rows, moves):
    session = hinted(level, 0, 3, moves)  # game 3 of seed 0: move 2 is a guess at both levels
    lines = plain(drawn(session, 80, height=24, color=False)).splitlines()
    assert len(lines) <= 24 and max(map(len, lines)) <= 80
    assert lines[0].startswith("puzzlesat mines play: game 3 of seed 0, ") and len(board_rows("\n".join(lines))) == rows
    assert any("mine chance: " in line for line in lines)  # the scale that reads the heatmap
    move = re.match(r"(open|guess) \(\d+, \d+\)", session.hint.advice.why()).group()
    assert any(f"recommended (lookahead): {move}" in line for line in lines)
    assert lines[-2] == session.message or lines[-1] == session.message


def test_an_intermediate_hint_at_80_by_24_puts_its_text_beside_the_board_and_a_tall_screen_under_it():
    session = hinted("intermediate", 0, 3, 1)
    beside = board_rows(drawn(session, 80, height=24, color=False))
    assert any("mine chance: a<10%" in row for row in beside)  # on the board's lines
    under = plain(drawn(session, 80, height=40, color=False))
    assert "mine chance:   2%" in under and all("%" in row or "S" in row or "M" in row for row in board_rows(under))
    assert "certain: " in under and "consistent: " in under  # nothing left out when there is room


def test_a_hints_legend_names_only_the_marks_its_board_shows():
    session = hinted("intermediate", 0, 3, 1)  # the first move: no certain cell, no flag, no conflict
    lines = plain(drawn(session, 80, height=40, color=False)).splitlines()
    legend = lines[lines.index("") + 1]
    assert legend == "[ ] recommended"

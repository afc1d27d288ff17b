"""The screen of `puzzlesat mines play` (puzzlesat.render.play.game_screen) in narrow and wide terminals."""

from __future__ import annotations

import io
import re

from puzzlesat.mines.game import parse_size
from puzzlesat.mines.session import Session
from puzzlesat.render import make_console
from puzzlesat.render.play import game_screen


def drawn(session: Session, width: int, terminal: bool = True) -> str:
    """The screen as a terminal `width` columns wide shows it, escape codes kept."""
    out = io.StringIO()
    make_console(out, terminal, True, width).print(game_screen(session, width))
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
    assert len(rows) == 16 and all(len(row.rstrip()) <= 4 + 2 * 30 for row in rows)
    assert "\x1b[4;7m" in screens[0] or "\x1b[7;4m" in screens[0] or ";4;7m" in screens[0]  # the cursor underlined, reversed


def test_a_wide_screen_draws_the_cursor_in_angle_brackets():
    session = Session(parse_size("beginner"), seed=1)
    session.press("l")
    rows = [line for line in drawn(session, 200, terminal=False).splitlines() if re.match(r"^ {1,2}\d ", line)]
    assert rows[0][4:10] == " ? <?>"

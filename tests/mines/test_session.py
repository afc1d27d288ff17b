"""The game played by hand (puzzlesat.mines.session), without a terminal: keys in, state out."""

from __future__ import annotations

import pytest

from puzzlesat.mines.advice import advise
from puzzlesat.mines.board import FLAG, HIDDEN, MINE
from puzzlesat.mines.game import Game, Setup, parse_size
from puzzlesat.mines.session import ACTIONS, KEYS_HELP, Session
from puzzlesat.mines.simulation import replay
from puzzlesat.mines.strategy import DEFAULT_STRATEGY


def pressed(session: Session, *keys) -> Session:
    """The session after these keys."""
    for key in keys:
        session.press(key)
    return session


def test_every_key_in_the_help_does_something():
    for key in "hjkl o f?auqsw":
        assert key in ACTIONS, key
    assert all(word in KEYS_HELP for word in ("hjkl", "space", "flag", "hint", "undo", "save", "s/w save", "quit"))


def test_the_cursor_stays_on_the_board():
    session = pressed(Session(Setup(4, 3, 2)), "up", "left", "h", "k")
    assert session.cursor == (0, 0)
    assert pressed(session, *"llllll", *"jjjj").cursor == (2, 3)


def test_opening_next_to_a_zero_clears_flags_the_flood_fill_opens():
    session = pressed(Session(parse_size("beginner"), seed=1), "l", "f", "h", " ")
    assert session.game.known[1] != HIDDEN and session.flags == frozenset() and session.mines_left == 10


def test_open_cells_take_no_flag_and_do_not_open_twice():
    session = pressed(Session(parse_size("beginner"), seed=1), " ", "f")
    assert session.message == "(0, 0) is open: only a hidden cell takes a flag" and not session.flags
    assert pressed(session, " ").message.startswith("(0, 0) is already open") and session.moves == 1


def test_undo_goes_back_one_step_at_a_time_through_opens_and_flags():
    session = pressed(Session(parse_size("beginner"), seed=1), " ", *"jjjjjjj", "f", *"lllll", " ")
    assert len(session.history) == 3
    boards = []
    while session.history:
        boards.append(session.board())
        session.press("u")
    assert session.moves == 0 and session.flags == frozenset() and len(set(boards)) == 3
    assert pressed(session, "u").message == "nothing to undo"


def test_a_lost_game_shows_the_mines_and_refuses_moves_until_undone():
    session = pressed(Session(Setup(3, 3, 1), seed=0), " ", "j", "j", "f", "k", "l", " ")  # the mine in the middle
    assert session.game.state == "lost" and session.exploded == (1, 1) and session.rows()[1][1] == MINE
    assert session.rows()[2][0] == FLAG  # a wrong flag stays what it was
    for key in " f?s":
        assert pressed(session, key).message.startswith("the game is over")
    assert pressed(session, "u").game.state == "playing" and session.rows()[1][1] == HIDDEN


def test_flags_stay_flags_when_the_mines_are_shown():
    around = " l l j j h h klfh "  # open the border clockwise, flag the middle before the last open
    session = pressed(Session(Setup(3, 3, 1), seed=0), *around)
    assert session.game.state == "won" and session.rows()[1][1] == FLAG


def test_the_hint_is_the_advice_on_the_numbers_alone_and_names_wrong_flags():
    session = pressed(Session(parse_size("beginner"), seed=1), " ")
    game = Game(parse_size("beginner"), 1, 0)
    game.open((0, 0))
    advice = advise(game.board(), DEFAULT_STRATEGY)
    safe = next(cell for cell in pressed(session, "?").hint.analysis.safe)
    assert session.hint.advice == advice and session.hint.wrong_flags == ()
    session.press("?")
    session.cursor = safe
    session.press("f")
    hint = pressed(session, "?").hint
    assert hint.advice == advice and hint.wrong_flags == (safe,)  # the flag changes nothing, and is named
    assert f"the numbers prove these flags wrong: ({safe[0]}, {safe[1]})" in session.message
    assert pressed(session, "f").hint is None  # a change drops the hint


def test_at_move_is_the_replay_frame_and_past_the_end_is_an_error():
    frames = list(replay(parse_size("beginner"), "minprob", 2, 5))
    middle = len(frames) // 2
    session = Session.at_move(parse_size("beginner"), 2, 5, "minprob", (0, 0), middle)
    assert session.rows() == frames[middle - 1].rows and len(session.history) == middle
    with pytest.raises(ValueError, match=f"ends after {len(frames)} moves"):
        Session.at_move(parse_size("beginner"), 2, 5, "minprob", (0, 0), len(frames) + 1)


def test_save_never_overwrites_and_a_write_error_is_a_message(tmp_path):
    session = pressed(Session(parse_size("beginner"), seed=1, directory=str(tmp_path)), " ")
    (tmp_path / "game-1-0-move1.mine").write_text("mine")
    session.press("s")
    assert (tmp_path / "game-1-0-move1.mine").read_text() == "mine"
    assert session.message == f"saved to {tmp_path / 'game-1-0-move1-2.mine'}"
    session.directory = str(tmp_path / "missing")
    assert pressed(session, "s").message == "could not save: No such file or directory"


# Game 0 of seed 1 at beginner, the corner opened:      its mines:
#   0 1 ? ? ...                                           . . . . ...
#   0 1 ? ? ...                                           . . * . ...
#   0 1 2 ? ...                                           . . . . ...
#   0 0 1 ? ...                                           . . . * ...


def at(session: Session, cell) -> Session:
    """The session with the cursor on `cell`."""
    session.cursor = cell
    return session


def flagged(*cells) -> Session:
    """Game 0 of seed 1 (beginner) with the corner opened and `cells` flagged."""
    session = pressed(Session(parse_size("beginner"), seed=1), " ")
    for cell in cells:
        at(session, cell).press("f")
    return session


def test_a_chord_opens_the_other_neighbours_of_a_number_with_as_many_flags_and_undo_takes_it_back_at_once():
    session = flagged((1, 2), (3, 3))
    before = session.board()
    at(session, (2, 2)).press(" ")  # shows 2; (1, 2) and (3, 3) flagged: opens (1, 3) and (2, 3)
    game = Game(parse_size("beginner"), 1, 0)
    for cell in ((0, 0), (1, 3), (2, 3)):
        game.open(cell)
    assert session.game.known == game.known and session.game.state == "playing"
    assert session.moves == 3 and session.message == "opened around (2, 2): 2 cells"
    assert session.flags == {session.game.index_of((1, 2)), session.game.index_of((3, 3))}
    assert pressed(session, "u").board() == before and session.message == "undid open around (2, 2)"


def test_a_chord_with_a_wrong_flag_loses_and_undo_brings_the_game_back():
    session = flagged((0, 2))  # (0, 1) shows 1: the mine is (1, 2), not (0, 2)
    at(session, (0, 1)).press("o")
    assert session.game.state == "lost" and session.exploded == (1, 2) and session.rows()[0][2] == FLAG
    assert pressed(session, "u").game.state == "playing" and session.rows()[1][2] == HIDDEN


def test_without_as_many_flags_as_its_number_a_chord_says_so_and_does_nothing():
    session = flagged((1, 2))
    history = len(session.history)
    at(session, (2, 2)).press(" ")
    assert session.message == ("(2, 2) shows 2 and has 1 flag around it: with 2 flags there, space opens its other "
                               "neighbours")
    assert len(session.history) == history and session.moves == 1


def test_a_position_saved_after_a_chord_is_the_board_with_its_flags(tmp_path):
    from puzzlesat.mines.board import parse_board

    session = flagged((1, 2), (3, 3))
    session.directory = str(tmp_path)
    at(session, (2, 2)).press(" ")
    session.press("s")
    saved = parse_board((tmp_path / "game-1-0-move3.mine").read_text())
    assert saved == session.board() and saved.cells[1][3] == session.game.known[session.game.index_of((1, 3))]


def test_the_hint_marks_dead_cells_and_says_what_the_mark_means():
    from puzzlesat.mines.game import parse_size
    from puzzlesat.render.play import game_screen

    # game 0 of seed 0 (beginner) after lookahead's 18th move: (7, 1) can show one number only
    session = Session.at_move(parse_size("beginner"), 0, 0, "lookahead", (0, 0), 18)
    session.press("?")
    assert session.hint.analysis.dead == [(7, 1)] and session.hint.analysis.fifty_fifties == []
    from rich.console import Console

    console = Console(width=100, color_system=None, record=True)
    console.print(game_screen(session, 100))
    screen = console.export_text()
    row = next(line for line in screen.splitlines() if line.startswith("  7 "))
    assert row.split()[2].endswith("-") and not row.split()[1].endswith("-")  # (7, 1): its chance, then the mark
    assert "dead: opening it teaches nothing" in screen and "; 1 dead" in screen

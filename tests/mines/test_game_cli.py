"""`puzzlesat mines play` driven by keys, as a test or a pipe drives it: every character a key, the screen written
again as plain text after each, read back here cell by cell."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from conftest import ROOT, read_terminal, run_main

from puzzlesat.mines.advice import advise
from puzzlesat.mines.board import FLAG, HIDDEN, MINE, parse_board
from puzzlesat.mines.game import Game, parse_size
from puzzlesat.mines.simulation import replay
from puzzlesat.mines.strategy import DEFAULT_STRATEGY

SYMBOLS = {"?": HIDDEN, "F": FLAG, "*": MINE, ".": 0, **{str(n): n for n in range(1, 9)}}
TITLE = "puzzlesat mines play: "


def play(*args, keys: str = ""):
    """Run `puzzlesat mines play ARGS` with `keys` on standard input; (the run, its screens)."""
    result = run_main(["mines", "play", *args], input=keys)
    assert "Traceback" not in result.output
    screens = [TITLE + part for part in result.stdout.split(TITLE)[1:]]
    return result, screens


def board(screen: str) -> tuple:
    """The cells drawn on a screen (three columns a cell, the cursor's in angle brackets), as rows of values."""
    rows = []
    for line in screen.splitlines():
        if re.match(r"^ {1,2}\d{1,2} ", line):
            cells = [line[4 + 3 * c:7 + 3 * c].strip(" <>") for c in range((len(line.rstrip()) - 3) // 3)]
            rows.append(tuple(SYMBOLS[cell] for cell in cells))
    return tuple(rows)


def cursor(screen: str) -> tuple:
    """The cursor a screen names."""
    row, col = re.search(r"cursor \((\d+), (\d+)\)", screen).groups()
    return int(row), int(col)


def message(screen: str) -> str:
    """The line above the keys."""
    return screen.rstrip("\n").splitlines()[-2]


def opened(seed: int, *cells, size: str = "beginner") -> Game:
    """Game 0 of `seed` with `cells` opened, as the simulator would have it."""
    game = Game(parse_size(size), seed, 0)
    for cell in cells:
        game.open(cell)
    return game


def keys_to(start: tuple, end: tuple) -> str:
    """The hjkl keys that take the cursor from one cell to another."""
    (r0, c0), (r1, c1) = start, end
    return ("j" * (r1 - r0) if r1 > r0 else "k" * (r0 - r1)) + ("l" * (c1 - c0) if c1 > c0 else "h" * (c0 - c1))


def test_the_first_open_opens_the_corner_area():
    result, screens = play("--seed", "1", keys=" q")
    assert result.exit_code == 0 and len(screens) == 3  # before any key, after the open, after q
    game = opened(1, (0, 0))
    assert board(screens[1]) == game.rows() and len(game.moves) == 1
    assert sum(value != HIDDEN for row in game.rows() for value in row) == 13  # a zero: its whole area
    assert message(screens[1]) == "opened (0, 0): 13 cells" and "move 1 · 10 mines left to flag · playing" in screens[1]
    assert all(value == HIDDEN for row in board(screens[0]) for value in row)


def test_every_character_is_a_key_newlines_are_not_and_arrows_are_decoded():
    _, screens = play("--seed", "1", keys="l\nl\r\n\x1b[B\x1b[C\x1bOAjq")
    assert [cursor(screen) for screen in screens] == [(0, 0), (0, 1), (0, 2), (1, 2), (1, 3), (0, 3), (1, 3), (1, 3)]


def test_flag_then_unflag():
    _, screens = play("--seed", "1", keys=" lllfflq")
    flagged, unflagged = board(screens[5]), board(screens[6])
    assert flagged[0][3] == FLAG and "9 mines left to flag" in screens[5] and message(screens[5]) == "flagged (0, 3)"
    assert unflagged == board(screens[1]) and "10 mines left to flag" in screens[6]
    assert message(screens[6]) == "took the flag off (0, 3)"


def test_a_flagged_cell_does_not_open():
    _, screens = play("--seed", "1", keys=" llljf q")
    assert board(screens[-2]) == board(screens[-3]) and "is flagged: f takes the flag off first" in screens[-2]


def test_undo_restores_the_previous_board_and_undo_after_undo_goes_further():
    game = opened(1, (0, 0))
    hidden = next((r, c) for r, row in enumerate(game.rows()) for c, value in enumerate(row)
                  if value == HIDDEN and (r, c) not in game.mines)
    _, screens = play("--seed", "1", keys=" " + keys_to((0, 0), hidden) + " uuuq")
    after_two, undone, all_undone, nothing = screens[-5:-1]
    assert board(after_two) != board(screens[1])
    assert board(undone) == board(screens[1]) and message(undone) == f"undid open ({hidden[0]}, {hidden[1]})"
    assert all(value == HIDDEN for row in board(all_undone) for value in row) and message(nothing) == "nothing to undo"


def test_the_hint_shows_the_move_advise_gives_on_the_same_board():
    game = opened(1, (0, 0))
    advice = advise(game.board(), DEFAULT_STRATEGY)
    _, screens = play("--seed", "1", keys=" ?q")
    assert f"recommended ({DEFAULT_STRATEGY}): {advice.why()}" in screens[2]
    assert "mine chance:" in screens[2] and "certain: " in screens[2]  # the heatmap's legend, the certain cells
    minprob = advise(game.board(), "minprob")
    _, screens = play("--seed", "1", "--strategy", "minprob", keys=" ?q")
    assert f"recommended (minprob): {minprob.why()}" in screens[2]


def test_a_hint_before_the_first_click_is_the_first_click_and_a_second_one_hides_it():
    _, screens = play("--seed", "2", "--first-move", "4,4", keys="??q")
    assert f"recommended ({DEFAULT_STRATEGY}): open (4, 4): the first click" in screens[1]
    assert "recommended" not in screens[2] and message(screens[2]) == "hint hidden"


def test_the_hint_marks_certain_cells_and_the_recommended_move_on_the_board():
    game = opened(1, (0, 0))
    advice = advise(game.board(), DEFAULT_STRATEGY)
    _, screens = play("--seed", "1", keys=" ?q")
    rows = [line for line in screens[2].splitlines() if re.match(r"^ {1,2}\d ", line)]
    r, c = advice.cell
    assert rows[r][4 + 4 * c:8 + 4 * c].startswith("[")  # four columns a cell with the heatmap


def test_save_writes_a_mine_file_that_analyze_reads_back_as_the_same_board(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _, screens = play("--seed", "1", keys=" jjjjjjjlllllf" + "ss" + "q")
    first, second = tmp_path / "game-1-0-move1.mine", tmp_path / "game-1-0-move1-2.mine"
    said = [message(screen).split("saved to ", 1)[1] for screen in screens[-3:-1]]
    assert os.path.samefile(said[0], first) and os.path.samefile(said[1], second)
    expected = tuple(tuple(FLAG if (r, c) == (7, 5) else value for c, value in enumerate(row))
                     for r, row in enumerate(opened(1, (0, 0)).rows()))
    assert parse_board(first.read_text()).cells == expected and second.read_text() == first.read_text()
    result = run_main(["mines", "analyze", str(first), "-f", "json"])
    record = json.loads(result.stdout)
    assert result.exit_code == 0 and record["total_mines"] == 10
    assert [[p is None for p in row] for row in record["probabilities"]] == \
        [[value != HIDDEN for value in row] for row in expected]


def test_from_move_shows_the_board_of_that_replay_frame():
    frames = list(replay(parse_size("beginner"), DEFAULT_STRATEGY, 0, 17))
    k = min(6, len(frames))
    result, screens = play("--seed", "0", "--game", "17", "--from-move", str(k), keys="q")
    assert result.exit_code == 0 and frames[k - 1].number == k
    assert board(screens[0]) == frames[k - 1].rows and cursor(screens[0]) == frames[k - 1].move.cell
    assert f"move {k} · " in screens[0]
    _, screens = play("--seed", "0", "--game", "17", "--from-move", str(k), keys="u" * k + "q")
    assert all(value == HIDDEN for row in board(screens[-2]) for value in row)  # the strategy's moves undone too


def test_from_move_past_the_end_of_the_game_is_a_usage_error():
    frames = list(replay(parse_size("beginner"), DEFAULT_STRATEGY, 0, 17))
    result, _ = play("--seed", "0", "--game", "17", "--from-move", str(len(frames) + 1))
    assert result.exit_code == 2 and f"ends after {len(frames)} moves" in result.stderr
    assert f"choose a move from 0 to {len(frames)}" in result.stderr


def test_a_win_is_reported():
    game = opened(1, (0, 0), size="3x3x1")
    safe = [(r, c) for r in range(3) for c in range(3) if game.rows()[r][c] == HIDDEN and r * 3 + c not in game.mines]
    keys, at = " ", (0, 0)
    for cell in safe:
        keys, at = keys + keys_to(at, cell) + " ", cell
    _, screens = play("--size", "3x3x1", "--seed", "1", keys=keys + " fq")
    won = screens[-4]
    assert message(won) == f"you won in {1 + len(safe)} moves!" and "· won ·" in won
    assert sum(value == MINE for row in board(won) for value in row) == 1  # the mine shown
    assert "the game is over" in message(screens[-3]) and "the game is over" in message(screens[-2])


def test_a_loss_shows_the_mines_and_can_be_undone():
    game = opened(0, (0, 0), size="3x3x1")  # the mine is in the middle
    assert game.mines == {4}
    _, screens = play("--size", "3x3x1", "--seed", "0", keys=" jl uq")
    lost, undone = screens[-3], screens[-2]
    assert message(lost) == "BOOM: (1, 1) was a mine, you lost (u undoes the move)" and "· lost ·" in lost
    assert board(lost)[1][1] == MINE
    assert board(undone) == game.rows() and "· playing ·" in undone


def test_unknown_keys_and_bad_options_are_one_line_not_a_traceback():
    result, screens = play("--seed", "1", keys="z\x1b[5~q")
    assert result.exit_code == 0 and message(screens[1]).startswith("the key 'z' does nothing; keys: ")
    assert message(screens[2]).startswith("the key '\\x1b[5~' does nothing")
    for args in (["--size", "3x3"], ["--first-move", "9,9"], ["--strategy", "best"], ["--from-move", "-1"]):
        result = run_main(["mines", "play", *args], input="q")
        assert result.exit_code == 2 and "Traceback" not in result.output and result.stdout == ""


def test_the_end_of_the_keys_ends_the_game():
    result, screens = play("--seed", "1", keys="ll")
    assert result.exit_code == 0 and len(screens) == 3


def test_without_standard_input_it_says_so():
    import io

    from puzzlesat.cli import main
    from puzzlesat.cli.common import Env

    out, err = io.StringIO(), io.StringIO()
    status = main(["mines", "play"], Env(stdin=None, stdout=out, stderr=err, stdin_isatty=False, stdout_isatty=False))
    assert status == 2 and err.getvalue() == "puzzlesat: mines play reads keys from standard input, and there is none\n"


def test_a_closed_pipe_ends_quietly():
    child = subprocess.Popen([sys.executable, "-m", "puzzlesat", "mines", "play", "--seed", "1"], cwd=ROOT,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    child.stdout.readline()
    child.stdout.close()
    _, stderr = child.communicate(b"lj" * 500 + b"q", timeout=60)
    assert child.returncode == 0 and stderr == b""


def test_on_a_terminal_keys_are_read_raw_and_the_terminal_is_given_back():
    pty = pytest.importorskip("pty")
    termios = pytest.importorskip("termios")
    master, slave = pty.openpty()
    before = termios.tcgetattr(slave)
    environment = {**os.environ, "COLUMNS": "80", "TERM": "xterm-256color"}
    child = subprocess.Popen([sys.executable, "-m", "puzzlesat", "mines", "play", "--seed", "1"], cwd=ROOT,
                             stdin=slave, stdout=slave, stderr=slave, env=environment)
    seen = b""
    try:
        for key in (b"\x1b[C", b"\x1b[B", b" ", b"q"):  # right, down, open: no Enter needed
            seen += read_terminal(master, b"keys:", timeout=60)
            os.write(master, key)
        assert child.wait(timeout=60) == 0
        assert termios.tcgetattr(slave) == before
        os.close(slave)  # the last holder: the rest is read up to the end ("bye" shows on the alternate screen too)
        slave = None
        seen += read_terminal(master, timeout=60)
    finally:
        child.kill()
        os.close(master)
        if slave is not None:
            os.close(slave)
    assert b"\x1b[?1049h" in seen and b"\x1b[?1049l" in seen  # the alternate screen, and back
    last = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", seen.rsplit(b"\x1b[?1049l", 1)[1]).decode()
    assert "cursor (1, 1)" in last and "move 1 · " in last and "bye" in last


@pytest.mark.parametrize("level", ["intermediate", "expert"])
def test_on_an_80_by_24_terminal_the_hint_screen_fits_and_keeps_the_title_and_the_board(level, monkeypatch):
    monkeypatch.setenv("LINES", "24")
    result = run_main(["mines", "play", "--level", level, "--seed", "3"], input=" ?q", terminal=True, width=80)
    screens = [re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen) for screen in result.stdout.split("\x1b[H\x1b[2J")[1:]]
    hint = screens[2].split("\x1b[?1049l")[0]  # before the last screen, printed below the shell's lines at the end
    lines = hint.split("\n")
    assert len(lines) <= 24 and max(map(len, lines)) <= 80 and lines[0].startswith(TITLE)
    assert len([line for line in lines if re.match(r"^ {1,2}\d{1,2} ", line)]) == 16
    assert f"recommended ({DEFAULT_STRATEGY}): " in hint and lines[-1].startswith("keys: ")


def test_space_on_a_number_with_its_flags_chords_and_one_undo_takes_it_back():
    # game 0 of seed 1: the corner opens 13 cells; (2, 2) shows 2 and its mines are (1, 2) and (3, 3)
    keys = " " + keys_to((0, 0), (1, 2)) + "f" + keys_to((1, 2), (3, 3)) + "f" + keys_to((3, 3), (2, 2))
    _, screens = play("--seed", "1", keys=keys + " uq")
    flags_placed, chorded, undone = screens[-4:-1]
    expected = opened(1, (0, 0), (1, 3), (2, 3)).rows()
    with_flags = lambda rows: tuple(tuple(FLAG if (r, c) in ((1, 2), (3, 3)) else v for c, v in enumerate(row))
                                    for r, row in enumerate(rows))
    assert board(chorded) == with_flags(expected) and message(chorded) == "opened around (2, 2): 2 cells"
    assert "move 3 · 8 mines left to flag" in chorded
    assert board(undone) == board(flags_placed) and message(undone) == "undid open around (2, 2)"
    assert "open/chord" in next(line for line in screens[0].splitlines() if line.startswith("keys: "))


def test_a_chord_on_a_wrong_flag_loses():
    _, screens = play("--seed", "1", keys=" llf" + "h" + " q")  # (0, 2) flagged, but the mine by (0, 1) is (1, 2)
    lost = screens[-2]
    assert message(lost) == "BOOM: (1, 2) was a mine, you lost (u undoes the move)" and board(lost)[1][2] == MINE


def test_a_generated_board_file_is_played_as_written(tmp_path):
    made = run_main(["mines", "generate", "--level", "beginner", "--no-guess", "--seed", "4", "-f", "mine"]).stdout
    path = tmp_path / "board.mine"
    path.write_text(made)
    result, screens = play(str(path), keys="q")
    assert result.exit_code == 0 and screens[0].startswith(f"{TITLE}{path}, beginner 9x9, 10 mines")
    written = [[HIDDEN if char in "H?" else int(char) for char in line] for line in made.strip().splitlines()[1:]]
    assert board(screens[0]) == tuple(tuple(row) for row in written)


def test_a_json_board_is_played_from_its_first_click(tmp_path):
    path = tmp_path / "boards.jsonl"
    path.write_text(run_main(["mines", "generate", "--size", "8x8x6", "--seed", "2", "-n", "2", "-f", "jsonl"]).stdout)
    first = json.loads(path.read_text().splitlines()[0])
    result, screens = play(str(path), keys="q")
    game = Game.resumed(parse_size("8x8x6"), {r * 8 + c for r, c in first["mines"]}, [HIDDEN] * 64)
    game.open(tuple(first["first_click"]))
    assert result.exit_code == 0 and board(screens[0]) == game.rows()


def test_no_guess_plays_the_board_mines_generate_makes(tmp_path):
    made = json.loads(run_main(["mines", "generate", "--no-guess", "--seed", "6",
                                "-f", "json"]).stdout)
    result, screens = play("--no-guess", "--seed", "6", keys="q")
    assert result.exit_code == 0 and "no-guess board 0 of seed 6" in screens[0] and "zero rules" in screens[0]
    game = Game.resumed(parse_size("beginner", "zero"), {r * 9 + c for r, c in made["mines"]}, [HIDDEN] * 81)
    game.open((0, 0))
    assert board(screens[0]) == game.rows()


@pytest.mark.parametrize("text, words", [
    ("9x9x10\n" + "H" * 9 + "\n" * 8, "the header says 9 rows but the grid has 1"),
    ("2x1x1\nHH\n", "the header says 1 mines but 0 cells are `?`"),
    ('{"width": 3}\n', "has width, height and mines"),
    ('{"width": 3, "height": 3, "mines": [[0, 0]], "first_click": [1, "x"]}\n', "not a layout"),
])
def test_a_file_without_a_layout_to_play_is_one_line_naming_it(text, words, tmp_path):
    path = tmp_path / "bad.mine"
    path.write_text(text)
    result, _ = play(str(path), keys="q")
    assert result.exit_code == 2 and f"{path}:" in result.stderr and words in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_board_file_brings_its_own_size():
    result, _ = play(str(ROOT / "puzzles" / "mines" / "expert-corner-1.mine"), "--level", "expert", keys="q")
    assert result.exit_code == 2 and "a BOARD file brings its size" in result.stderr

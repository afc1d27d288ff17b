"""Competitive replays read through ms-toollib (puzzlesat[replays]) into game records, checked against ms-toollib's own
needless-guess marks; and the one-line error without it."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlesat.mines.review import AVOIDABLE, read_games, review

REPLAYS = Path(__file__).resolve().parents[2] / "puzzles" / "replays"
# ms-toollib's analyse_for_features(["needless_guess"]) on each file (puzzles/replays/PROVENANCE.md)
NEEDLESS = {"beginner.avf": [(0, 1), (4, 3)], "expert.mvf": [(8, 16), (9, 14), (13, 21), (14, 22), (4, 28)],
            "expert.rmv": [(0, 1)], "custom_8x11_flags.avf": []}


def test_without_ms_toollib_a_replay_gets_one_line_naming_the_extra(monkeypatch):
    monkeypatch.setattr("importlib.util.find_spec", lambda name, *args: None if name == "ms_toollib" else object())
    read = next(read_games([str(REPLAYS / "beginner.avf")]))
    assert read.game is None and read.error.endswith("needs ms-toollib: pip install 'puzzlesat[replays]'")


@pytest.mark.parametrize("name", sorted(NEEDLESS))
def test_every_replay_is_read_won_and_its_needless_guesses_are_avoidable_risks(name):
    pytest.importorskip("ms_toollib")
    read = next(read_games([str(REPLAYS / name)]))
    assert read.error is None, read.error
    judged = review(read.game)
    assert judged.state == "won"
    avoidable = {move.cell for move in judged.moves if move.label == AVOIDABLE}
    assert set(NEEDLESS[name]) <= avoidable


def test_a_replay_with_flags_keeps_them_as_moves():
    pytest.importorskip("ms_toollib")
    game = next(read_games([str(REPLAYS / "custom_8x11_flags.avf")])).game
    assert (game.width, game.height, len(game.mines)) == (8, 11, 7)
    kinds = [move.kind for move in game.moves]
    assert kinds.count("flag") == 2 and kinds.count("unflag") == 2 and game.first_click == (0, 0)


def test_a_file_ms_toollib_cannot_read_is_one_line_and_leaves_no_crash_log(tmp_path, monkeypatch):
    pytest.importorskip("ms_toollib")
    bad = tmp_path / "bad.avf"
    bad.write_bytes(b"not a replay at all")
    monkeypatch.chdir(tmp_path)
    read = next(read_games(["bad.avf"]))
    assert read.game is None and read.error.startswith("bad.avf: not a replay ms-toollib can read (its reader stopped")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["bad.avf"]  # its parser's crash.log went elsewhere

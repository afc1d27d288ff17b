"""`puzzlesat mines review` through the CLI, and the game records `mines play` and `mines replay` write for it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import run_main

from puzzlesat.mines.record import format_game
from puzzlesat.mines.review import read_games

REPLAYS = Path(__file__).resolve().parents[2] / "puzzles" / "replays"
GAME = {"width": 4, "height": 3, "mines": [[0, 3], [2, 3]],
        "moves": [{"cell": [0, 0]}, {"action": "flag", "cell": [0, 3]}, {"cell": [1, 3]}]}


def run(*args, input=None, terminal=False):
    return run_main(["mines", "review", *args], input=input, terminal=terminal)


def plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def test_a_game_from_standard_input_as_one_json_line_per_game():
    result = run(input=json.dumps(GAME) + "\n" + json.dumps(GAME) + "\n")
    assert result.exit_code == 0, result.output
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert (first["source"], first["line"], second["line"]) == ("<stdin>", 1, 2)
    assert {**first, "line": 2} == second
    assert [move["label"] for move in first["moves"]] == ["first", "flag", "certain"]
    assert first["summary"] == {"state": "won", "moves": 2, "flags": 1, "certain": 1, "guesses": 0, "forced": 0,
                                "forced_safest": 0, "avoidable": 0, "mistakes": 0, "luck": 1.0}


def test_json_is_one_document_and_an_array_of_two_games(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(format_game(GAME))
    record = json.loads(run(str(path), "-f", "json").stdout)
    assert record["mines"] == [[0, 3], [2, 3]] and record["moves"][2]["chance"] == 1.0
    result = run("-", "-f", "json", input=json.dumps(GAME) + "\n" + json.dumps(GAME) + "\n")
    both = json.loads(result.stdout)
    assert result.exit_code == 0 and [review["mines"] for review in both] == [[[0, 3], [2, 3]]] * 2


def test_pretty_output_is_a_table_of_moves_and_the_summary():
    guess = {**GAME, "mines": [[0, 1], [1, 3]], "width": 4, "height": 2, "moves": [{"cell": [1, 0]}, {"cell": [0, 0]}]}
    out = plain(run("-", "-f", "pretty", input=json.dumps(guess)).stdout)
    assert "   2  open    (0, 0)  forced guess   66.7%  (0, 2) 75.0%" in out
    assert "playing after 2 moves (0 flags): 0 certain, 1 guess (1 forced, 0 of them on the safest cell; 0 " \
           "avoidable), 0 mistakes" in out
    assert "luck the game needed: 66.7%" in out


def test_guesses_only_leaves_the_certain_moves_out_of_the_table():
    out = plain(run("-", "-f", "pretty", "--guesses-only", input=json.dumps(GAME)).stdout)
    assert "certain  " not in out.split("won after")[0] and "first click" not in out and "won after 2 moves" in out


def test_a_bad_game_is_reported_with_its_file_and_line_and_the_others_go_on(tmp_path):
    bad = dict(GAME, moves=[{"cell": [0, 0]}, {"cell": [0, 0]}])
    result = run("-", input=json.dumps(GAME) + "\n" + json.dumps(bad) + "\n")
    assert result.exit_code == 1 and len(result.stdout.splitlines()) == 2
    assert "<stdin>:2: move 2 opens (0, 0), which is already open" in result.stderr
    assert json.loads(result.stdout.splitlines()[1])["status"] == "invalid"


def test_errors_of_usage_and_input():
    missing = run("no-such-game.json")
    assert missing.exit_code == 2 and "no-such-game.json" in missing.stderr and "Traceback" not in missing.output
    empty = run("-", input="")
    assert empty.exit_code == 1 and "no games found" in empty.stderr


def test_a_replay_game_record_is_reviewed_as_the_replay_saw_it():
    replayed = run_main(["mines", "replay", "--seed", "0", "--game", "3", "-f", "json"])
    record = json.loads(replayed.stdout)
    assert len(record["mines"]) == 10 and record["first_click"] == [0, 0] and record["moves"][0]["action"] == "open"
    reviewed = json.loads(run("-", "-f", "json", input=replayed.stdout).stdout)
    assert [move["label"] != "certain" for move in reviewed["moves"][1:]] == [move["guess"] for move in record["moves"][1:]]
    assert reviewed["summary"]["state"] == record["state"] and reviewed["seed"] == 0 and reviewed["game"] == 3


def test_w_in_play_saves_a_game_record_that_review_reads_a_lost_game_too(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    # game 0 of seed 1 (beginner): the corner opens; (0, 2) is safe and (1, 2) a mine (see test_game_cli)
    played = run_main(["mines", "play", "--seed", "1"], input=" llj w")
    assert "saved the game to" in played.stdout
    saved = list(tmp_path.glob("game-1-0-move*.json"))
    assert len(saved) == 1
    game = next(read_games([str(saved[0])])).game
    assert [move.kind for move in game.moves] == ["open", "open"] and game.moves[1].cell == (1, 2)
    reviewed = json.loads(run(str(saved[0]), "-f", "json").stdout)
    assert reviewed["summary"]["state"] == "lost" and reviewed["moves"][1]["label"] == "mistake"


def test_a_replay_file_is_reviewed_through_ms_toollib():
    pytest.importorskip("ms_toollib")
    result = run(str(REPLAYS / "beginner.avf"), "-f", "json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)["summary"]
    assert (summary["state"], summary["moves"], summary["flags"], summary["avoidable"]) == ("won", 22, 16, 2)


def test_help_says_which_formats_are_read():
    text = run("--help").stdout
    assert all(name in text for name in (".avf", ".evf", ".rmv", ".mvf", "ms-toollib", "--guesses-only"))

"""Game records: reading them back, the errors that name what is wrong, and the writers that make them."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boards import SETTINGS
from puzzlesat.errors import BoardError
from puzzlesat.mines.record import Action, GameRecord, format_game, parse_game
from puzzlesat.mines.review import read_games

GAME = {"width": 4, "height": 3, "mines": [[0, 3], [2, 3]], "first_click": [0, 0],
        "moves": [{"action": "open", "cell": [0, 0]}, {"cell": [1, 3]}, {"action": "flag", "cell": [0, 3]}]}


def test_a_record_reads_back_with_open_as_the_default_action_and_other_keys_kept():
    game = parse_game({**GAME, "seed": 3})
    assert (game.width, game.height, game.mines) == (4, 3, ((0, 3), (2, 3)))
    assert game.moves == (Action("open", (0, 0)), Action("open", (1, 3)), Action("flag", (0, 3)))
    assert game.first_click == (0, 0) and game.extra == {"seed": 3}


@SETTINGS
@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_a_written_record_reads_back_the_same(width, height, data):
    cells = [(r, c) for r in range(height) for c in range(width)]
    mines = tuple(sorted(data.draw(st.lists(st.sampled_from(cells), unique=True, max_size=len(cells) - 1))))
    moves = tuple(Action(data.draw(st.sampled_from(["open", "chord", "flag", "unflag"])), data.draw(st.sampled_from(cells)))
                  for _ in range(data.draw(st.integers(0, 5))))
    game = GameRecord(width, height, mines, moves, data.draw(st.sampled_from([None, "safe", "zero"])))
    assert parse_game(json.loads(format_game(game.record()))) == game


@pytest.mark.parametrize("change, words", [
    ({"width": 0}, "width and height must be positive whole numbers"),
    ({"height": "3"}, "width and height must be positive whole numbers"),
    ({"mines": [[0, 4]]}, "a mine [0, 4] is off the 4x3 board"),
    ({"mines": [[0, 3], [0, 3]]}, "'mines' names a cell twice"),
    ({"mines": "none"}, "'mines' must be a list"),
    ({"moves": [{"action": "dig", "cell": [0, 0]}]}, "move 1: unknown action 'dig'"),
    ({"moves": [{"action": "open"}]}, "move 1 must be an object with a 'cell'"),
    ({"moves": [{"cell": [0, 0, 1]}]}, "move 1's cell must be [row, col], not [0, 0, 1]"),
    ({"first_click": [1, 1]}, "first_click [1, 1] is not the cell of the first move [0, 0]"),
    ({"rules": "easy"}, "unknown rules 'easy'"),
])
def test_a_bad_record_says_what_is_wrong(change, words):
    with pytest.raises(BoardError, match=words.replace("[", r"\[").replace("]", r"\]").replace("(", r"\(")):
        parse_game({**GAME, **change})


def test_a_missing_key_is_named():
    record = dict(GAME)
    del record["mines"]
    with pytest.raises(BoardError, match="no 'mines'"):
        parse_game(record)


def test_files_hold_one_game_indented_or_one_a_line_and_errors_name_the_line(tmp_path):
    one = tmp_path / "one.json"
    one.write_text(format_game(GAME))
    several = tmp_path / "several.jsonl"
    several.write_text(json.dumps(GAME) + "\n\n" + json.dumps({**GAME, "width": -1}) + "\n{oops\n" + json.dumps(GAME) + "\n")
    read = list(read_games([str(one), str(several)]))
    assert [item.game is not None for item in read] == [True, True, False, False, True]
    assert [item.line for item in read] == [1, 1, 3, 4, 5]
    assert read[2].error == f"{several}:3: width and height must be positive whole numbers, not -1 and 3"
    assert read[3].error.startswith(f"{several}:4: not JSON: ")
    broken = tmp_path / "broken.json"
    broken.write_text('{\n  "width": 4,\n  "height": \n}\n')
    assert next(read_games([str(broken)])).error.startswith(f"{broken}:4: not JSON: ")

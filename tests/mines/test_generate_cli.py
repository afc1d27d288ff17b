"""`puzzlesat mines generate` through the CLI: every option, every format, the errors."""

from __future__ import annotations

import json
import re

import pytest
from conftest import run_main

from puzzlesat.mines.board import parse_board
from puzzlesat.mines.solve import needs_no_guess


def run(*args, terminal=False):
    return run_main(["mines", "generate", *args], terminal=terminal)


def records(result) -> list:
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_no_guess_boards_as_json_lines_with_the_documented_fields():
    result = run("--level", "intermediate", "--no-guess", "--seed", "3", "-n", "3", "-f", "jsonl")
    assert result.exit_code == 0, result.output
    made = records(result)
    assert [record["index"] for record in made] == [0, 1, 2] and {record["seed"] for record in made} == {3}
    for record in made:
        assert (record["width"], record["height"], len(record["mines"])) == (16, 16, 40)
        assert record["first_click"] == [0, 0] and record["rules"] == "zero" and record["no_guess"] is True
        assert record["time_ms"] > 0 and isinstance(record["needs_total"], bool)
        assert needs_no_guess(16, 16, [tuple(cell) for cell in record["mines"]], (0, 0))


def test_a_pipe_gets_json_lines_and_the_same_seed_gives_the_same_boards():
    first, second = run("--no-guess", "--seed", "9"), run("--no-guess", "--seed", "9", "-f", "jsonl")
    assert [r["mines"] for r in records(first)] == [r["mines"] for r in records(second)]


def test_without_a_seed_each_run_draws_one_and_writes_it():
    seeds = {records(run("--size", "6x6x5"))[0]["seed"] for _ in range(3)}
    assert len(seeds) > 1


def test_size_first_move_and_first_click_rule():
    record = json.loads(run("--size", "10x8x20", "--first-move", "4,5", "--first-click", "safe", "--no-guess",
                            "--seed", "1", "-f", "json").stdout)
    assert (record["width"], record["height"], len(record["mines"]), record["first_click"], record["rules"]) == \
        (10, 8, 20, [4, 5], "safe")
    assert needs_no_guess(10, 8, [tuple(cell) for cell in record["mines"]], (4, 5))
    centre = json.loads(run("--level", "expert", "--first-move", "center", "--seed", "2", "-f", "json").stdout)
    assert centre["first_click"] == [8, 15] and centre["no_guess"] is False and centre["needs_total"] is None


def test_no_total_makes_boards_that_need_no_guess_without_counting_the_mines():
    made = records(run("--level", "expert", "--no-guess", "--no-total", "--seed", "5", "-n", "4"))
    for record in made:
        assert record["needs_total"] is False
        assert needs_no_guess(30, 16, [tuple(cell) for cell in record["mines"]], (0, 0), use_total=False)


def test_the_mine_format_is_a_board_puzzlesat_and_jsminesweeper_read():
    result = run("--level", "beginner", "--no-guess", "--seed", "4", "-n", "2", "-f", "mine")
    assert result.exit_code == 0
    texts = result.stdout.strip().split("\n\n")
    assert len(texts) == 2
    for text in texts:
        board = parse_board(text)
        assert board.total_mines == 10 and board[(0, 0)] == 0 and text.count("?") == 10
    analysed = run_main(["mines", "-", "-f", "json"], input=texts[0] + "\n")
    assert json.loads(analysed.stdout)["status"] == "consistent"


def test_pretty_output_hides_the_mines_unless_asked_and_says_what_was_proven_and_how_to_play():
    out = re.sub(r"\x1b\[[0-9;]*m", "", run("--level", "beginner", "--no-guess", "--seed", "3", terminal=True).stdout)
    lines = out.splitlines()
    assert lines[0] == "board 0 of seed 3: beginner 9x9, 10 mines, zero rules, first move (0, 0)"
    assert sum(line.count("*") for line in lines[1:10]) == 0 and sum(line.count("?") for line in lines[1:10]) > 10
    assert "no guess needed from (0, 0): a logical player wins it" in out
    assert "play it: puzzlesat mines play --no-guess --level beginner --first-move 0,0 --seed 3 -g 0" in " ".join(out.split())
    shown = re.sub(r"\x1b\[[0-9;]*m", "", run("--level", "beginner", "--no-guess", "--seed", "3", "--show-mines",
                                              terminal=True).stdout)
    assert sum(line.count("*") for line in shown.splitlines()[1:10]) == 10
    assert "a random layout" in run("--size", "5x5x3", "--seed", "1", "-f", "pretty").stdout


def test_the_first_click_rule_is_zero_for_no_guess_boards_and_safe_otherwise_in_every_command():
    assert json.loads(run("--seed", "1", "-f", "json").stdout)["rules"] == "safe"
    assert json.loads(run("--seed", "1", "--no-guess", "-f", "json").stdout)["rules"] == "zero"
    simulated = run_main(["mines", "simulate", "-n", "2", "-j", "1", "-f", "json"])
    assert json.loads(simulated.stdout)["rules"] == "safe"
    assert "zero rules" in run_main(["mines", "play", "--no-guess"], input="q").stdout
    assert "safe rules" in run_main(["mines", "play"], input="q").stdout


def test_n_is_count_in_every_command():
    assert json.loads(run_main(["mines", "simulate", "--count", "3", "-j", "1", "-f", "json"]).stdout)["games"] == 3
    assert len(records(run("--count", "2", "--seed", "1"))) == 2


def test_jobs_do_not_change_the_boards():
    one = records(run("--level", "beginner", "--no-guess", "--seed", "8", "-n", "6", "-j", "1"))
    two = records(run("--level", "beginner", "--no-guess", "--seed", "8", "-n", "6", "-j", "2"))
    assert [r["mines"] for r in one] == [r["mines"] for r in two]


def test_a_board_that_cannot_be_made_is_reported_and_the_others_still_come():
    result = run("--size", "2x6x1", "--no-guess", "--seed", "1", "-n", "2")
    assert result.exit_code == 1
    assert [r["index"] for r in records(result)] == [0, 1] and all("error" in r for r in records(result))
    assert "board 0: no layout of 2x6x1 settled" in result.stderr and "Traceback" not in result.output


@pytest.mark.parametrize("args, words", [
    (["--level", "expert", "--size", "9x9x10"], "give --level or --size, not both"),
    (["--size", "9x9"], "is not a level"),
    (["--size", "3x3x9"], "do not fit"),
    (["--first-move", "9,0"], "off the 9x9 board"),
    (["--first-move", "middle"], "is not a cell"),
    (["--no-total"], "give --no-guess too"),
    (["-n", "0"], "0 is not in the range"),
    (["--seed", "-1"], "-1 is not in the range"),
    (["-f", "svg"], "'svg' is not one of"),
])
def test_bad_options_say_what_is_wrong_in_one_line_with_status_2(args, words):
    result = run(*args)
    assert result.exit_code == 2 and words in result.stderr and "Traceback" not in result.output


def test_help_names_every_option():
    text = run("--help").stdout
    for option in ("--level", "--size", "--first-click", "--first-move", "--no-guess", "--no-total", "--count",
                   "--seed", "--jobs", "--format", "--quiet"):
        assert option in text


def test_json_of_several_boards_is_one_array():
    result = run("-n", "3", "--seed", "1", "-f", "json")
    boards = json.loads(result.stdout)
    assert result.exit_code == 0 and isinstance(boards, list) and len(boards) == 3

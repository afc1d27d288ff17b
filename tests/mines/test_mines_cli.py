"""`puzzlesat mines analyze` through the CLI: formats, several boards, exit statuses, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlesat.cli import cli

PUZZLES = Path(__file__).resolve().parents[2] / "puzzles" / "mines"
MINESWEEPR = str(PUZZLES / "minesweepr_readme_10x10.mine")
CONSISTENT = "# mines: 2\n1??\n12?\n.1?\n"
INCONSISTENT = "?1?\n111\n???\n"


def run(*args, stdin=None):
    return CliRunner().invoke(cli, ["mines", *args], input=stdin)


def test_json_has_the_documented_keys():
    result = run(MINESWEEPR, "--format", "json")
    assert result.exit_code == 0, result.output
    record = json.loads(result.output)
    assert record["status"] == "consistent"
    assert (record["width"], record["height"], record["total_mines"]) == (10, 10, 10)
    assert record["mines"] == [[1, 3], [2, 3], [3, 3]] and record["safe"] == [[0, 3], [4, 3], [5, 2]]
    assert record["exact"][9][9] == "6/77" and record["probabilities"][0][0] is None
    assert record["best"] == [0, 3] and record["conflict"] is None


def test_analyze_is_the_default_subcommand():
    assert json.loads(run("analyze", MINESWEEPR, "-f", "json").output) == json.loads(run(MINESWEEPR, "-f", "json").output)


def test_inconsistent_board_exits_1_with_its_conflict():
    result = run("-", "--format", "json", stdin=INCONSISTENT)
    assert result.exit_code == 1
    record = json.loads(result.output)
    assert record["status"] == "inconsistent" and record["conflict"] == [[0, 1], [1, 0], [1, 1], [1, 2]]


def test_several_boards_on_stdin_give_one_line_each_in_order():
    result = run("-f", "jsonl", stdin=CONSISTENT + "\n" + INCONSISTENT + "\n\n" + CONSISTENT)
    assert result.exit_code == 1
    records = [json.loads(line) for line in result.output.splitlines()]
    assert [r["status"] for r in records] == ["consistent", "inconsistent", "consistent"]
    assert [r["source"] for r in records] == ["<stdin>:1", "<stdin>:6", "<stdin>:11"]
    assert all(r["time_ms"] >= 0 for r in records)


def test_several_files_and_a_mines_option():
    result = run(MINESWEEPR, "-", "--mines", "2", "-f", "jsonl", stdin="1??\n12?\n.1?\n")
    assert result.exit_code == 0, result.output
    first, second = (json.loads(line) for line in result.output.splitlines())
    assert first["source"].endswith("minesweepr_readme_10x10.mine:1") and second["total_mines"] == 2


def test_bad_board_is_reported_with_line_and_column_and_exit_2():
    result = run("-f", "jsonl", stdin=CONSISTENT + "\n1?x\n")
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert json.loads(lines[0])["status"] == "consistent"
    assert "<stdin>:6:3: unknown cell 'x'" in result.output
    assert json.loads(lines[-1]) == {"source": "<stdin>:6", "status": "invalid",
                                      "error": "<stdin>:6:3: unknown cell 'x' (use ? hidden, F or * flag, 1-8, . or 0 empty)"}


def test_probabilities_without_a_total_are_refused_with_help():
    result = run("-p", "-f", "pretty", stdin="1??\n12?\n.1?\n")
    assert result.exit_code == 2
    assert "need the total number of mines" in result.output and "--mines N" in result.output


def test_pretty_board_with_heatmap_and_recommendation():
    result = run(MINESWEEPR, "-p", "-f", "pretty")
    assert result.exit_code == 0, result.output
    assert "[S]" in result.output and "92%" in result.output and " M " in result.output
    assert "recommended: open (0, 3), certainly safe" in result.output


def test_pretty_inconsistent_board_marks_the_conflict():
    result = run("-f", "pretty", stdin=INCONSISTENT)
    assert result.exit_code == 1
    assert "(1)" in result.output and "cannot all be true: (0, 1), (1, 0), (1, 1), (1, 2)" in result.output


def test_json_takes_one_board():
    result = run("-f", "json", stdin=CONSISTENT + "\n" + CONSISTENT)
    assert result.exit_code == 2 and "use --format jsonl" in result.output


@pytest.mark.parametrize("args, words", [(["no/such/file.mine"], "no such file"), (["-"], "no board found")])
def test_unusable_input_exits_2(args, words):
    result = run(*args, stdin="")
    assert result.exit_code == 2 and words in result.output


def test_time_limit_gives_unknown_not_a_hang():
    rows = "\n".join("".join("?" if (r % 3 and c % 3) else "1" if (r + c) % 2 else "?" for c in range(100))
                     for r in range(100))
    result = run("-f", "json", "--time-limit", "0.05", stdin=f"# mines: 2000\n{rows}\n")
    assert result.exit_code in (0, 1)
    record = json.loads(result.output)
    if record["status"] != "inconsistent":
        assert record["probabilities"] is None and "time limit" in record["note"]


def test_a_line_that_is_not_utf8_is_a_located_error(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes(b"# mines: 1\n1?\xff\n")
    result = run(str(path), "-f", "jsonl")
    assert result.exit_code == 2 and f"{path}:2: not UTF-8 text" in result.output


def test_a_directory_is_refused(tmp_path):
    result = run(str(tmp_path))
    assert result.exit_code == 2 and "is a directory" in result.output

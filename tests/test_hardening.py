"""Whatever comes in, the CLI answers with records or one-line errors and the right exit status."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from puzzlesat.streams import decode_lines, utf16_encoding

WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def solve_bytes(run_cli, tmp_path, data: bytes, *options):
    path = tmp_path / "input.txt"
    path.write_bytes(data)
    return run_cli(["sudoku", "-f", "jsonl", "-j", "1", *options, path])


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes_never_crash(run_cli, tmp_path, data):
    assume(utf16_encoding(data) is None)  # (junk that starts like UTF-16 makes the whole file UTF-16)
    result = solve_bytes(run_cli, tmp_path, data + b"\n" + WIKI.encode() + b"\n")
    assert result.exit_code in (0, 1)
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert records and records[-1]["solution"] is not None  # the good puzzle after the junk is still solved
    assert "Traceback" not in result.stderr


@FUZZ
@given(st.text(alphabet=st.sampled_from("0123456789.|-+ \t#\r\nABCxyz"), max_size=300))
def test_puzzle_like_text_never_crashes(run_cli, tmp_path, text):
    result = solve_bytes(run_cli, tmp_path, text.encode())
    assert result.exit_code in (0, 1)
    for line in result.stdout.splitlines():
        record = json.loads(line)
        assert record["status"] in ("solved", "multiple", "unsat", "invalid", "timeout")
        assert (record["status"] == "invalid") == ("error" in record)


@pytest.mark.parametrize("data", [
    b"\xef\xbb\xbf" + WIKI.encode() + b"\r\n",        # BOM and CRLF
    b"\t" + WIKI.encode() + b"\t\n",                   # tabs around
    WIKI.encode(),                                     # no final newline
])
def test_encodings_and_line_ends(run_cli, tmp_path, data):
    result = solve_bytes(run_cli, tmp_path, data)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["status"] == "solved"


def test_extremely_long_line_is_reported_not_loaded(run_cli, tmp_path):
    data = b"1" * (3 << 20) + b"\n" + WIKI.encode() + b"\n"
    result = solve_bytes(run_cli, tmp_path, data)
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["status"] for r in records] == ["invalid", "solved"]
    assert "longer than" in records[0]["error"]


def test_decode_lines_caps_memory():
    import io

    lines = list(decode_lines("x", io.BytesIO(b"a" * 100 + b"\nok\n"), max_length=10))
    assert [(line.number, line.text, bool(line.error)) for line in lines] == [(1, "", True), (2, "ok", False)]


def test_empty_file(run_cli, tmp_path):
    result = solve_bytes(run_cli, tmp_path, b"")
    assert result.exit_code == 1 and "no puzzles found" in result.stderr


@pytest.mark.parametrize("options, message", [
    (["--jobs", "0"], "--jobs"),
    (["--count", "-1"], "--count"),
    (["--timeout", "0"], "--timeout"),
    (["--size", "7"], "no Sudoku of side 7"),
    (["--alphabet", "AAB"], "repeats a symbol"),
    (["--alphabet", "ABC"], "no Sudoku has 3 values"),
    (["--alphabet", "ABCDEFGHI", "--size", "16"], "--size 16 and an --alphabet of 9 symbols do not go together"),
    (["--format", "xml"], "--format"),
    (["--nosuch"], "No such option"),
])
def test_bad_options_are_usage_errors(run_cli, tmp_path, options, message):
    result = solve_bytes(run_cli, tmp_path, WIKI.encode(), *options)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_a_puzzle_of_another_size_than_the_alphabet_makes_an_invalid_record(run_cli, tmp_path):
    result = solve_bytes(run_cli, tmp_path, WIKI.encode(), "--alphabet", "ABCDEFGHIJKLMNOP")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["error"] == (
        "81 cells, not the 256 of a 16x16 puzzle (--alphabet of 16 symbols), nor a grid row of 16")


def test_25x25_finishes(run_cli, puzzles_dir):
    result = run_cli(["sudoku", "-f", "jsonl", puzzles_dir / "sudoku" / "25x25.txt"])
    assert json.loads(result.stdout)["status"] == "solved"


def test_exhausted_time_budget_is_a_timeout_not_a_hang(run_cli):
    result = run_cli(["sudoku", "-f", "jsonl", "--timeout", "0.05", "--count", "100000"], input="." * 625 + "\n")
    [record] = [json.loads(line) for line in result.stdout.splitlines()]
    assert record["status"] == "timeout" and result.exit_code == 1


GOOD_BOARD = b"3x3x2\n1HH\n12H\n01H\n"


@FUZZ
@given(st.binary(max_size=300))
def test_mines_random_bytes_never_crash(run_cli, tmp_path, data):
    assume(utf16_encoding(data) is None)  # (junk that starts like UTF-16 makes the whole file UTF-16)
    path = tmp_path / "boards.txt"
    path.write_bytes(data + b"\n\n" + GOOD_BOARD)
    result = run_cli(["mines", "analyze", "-f", "jsonl", path])
    assert result.exit_code in (0, 1, 2)
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert records and records[-1]["status"] == "consistent"  # the good board after the junk is still analysed


@FUZZ
@given(st.text(alphabet=st.sampled_from("HF?*.012345678 x#\n\r\t"), max_size=200))
def test_mines_board_like_text_never_crashes(run_cli, tmp_path, text):
    path = tmp_path / "boards.txt"
    path.write_text(text)
    result = run_cli(["mines", "analyze", "-f", "jsonl", "--mines", "3", path])
    assert result.exit_code in (0, 1, 2)
    for line in result.stdout.splitlines():
        assert json.loads(line)["status"] in ("consistent", "inconsistent", "timeout", "invalid")


@pytest.mark.parametrize("args", [["mines", "analyze", "--mines", "-3"], ["mines", "analyze", "--time-limit", "0"],
                                  ["mines", "simulate", "--games", "0"], ["mines", "simulate", "--size", "3x"]])
def test_mines_bad_options_are_usage_errors(run_cli, args):
    result = run_cli(args, input=GOOD_BOARD.decode())
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_mines_directory_and_missing_file(run_cli, tmp_path):
    assert run_cli(["mines", "analyze", tmp_path]).exit_code == 2
    result = run_cli(["mines", "analyze", tmp_path / "missing.mine"])
    assert result.exit_code == 2 and "no such file" in result.stderr

"""The one progress bar and the closing summary: what they show, when, and when the CLI keeps quiet."""

from __future__ import annotations

import io
import os
import re
import threading
import time
from collections import Counter

import pytest
from conftest import run_main

from puzzlesat.render import make_console
from puzzlesat.render.progress import REFRESH_EVERY, ProgressBar, run_summary

WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def terminal():
    """A console that believes it draws on a terminal, and what it wrote."""
    stream = io.StringIO()
    return make_console(stream, True, color=False, width=100), stream


def test_the_bar_shows_items_of_the_total_note_rate_and_time_left_then_clears(progress_at_once):
    console, stream = terminal()
    bar = ProgressBar(console, 10, "puzzle", "label")
    bar.update(3, 3, "won 50%")
    time.sleep(REFRESH_EVERY * 2)
    bar.update(7, 7, "won 60%")
    bar.say("a diagnostic line")
    bar.close()
    text = stream.getvalue()
    assert "label" in text and "7/10 puzzles" in text and "won 60%" in text and "/s" in text
    assert re.search(r", 0:00:0\d left", text)  # 3 to go at the pace so far
    assert "puzzlesat: a diagnostic line" in text
    assert text.endswith("\r\x1b[1A\x1b[2K")  # transient: the cursor goes up and the bar's line is erased


def test_time_so_far_counts_from_the_start_of_the_run_and_time_left_from_its_pace(progress_at_once):
    console, stream = terminal()
    bar = ProgressBar(console, 100, "puzzle")
    bar.started -= 20  # a run 20 s old, the bar shown only now
    bar.update(80, 80)  # 4 a second: 20 to go take 5 s, however the 80 came (all in one chunk here)
    bar.close()
    assert re.search(r"80/100 puzzles .* 0:00:20, 0:00:0[45] left", stream.getvalue())


def test_without_a_total_the_bar_shows_count_and_rate_but_no_time_left(progress_at_once):
    console, stream = terminal()
    bar = ProgressBar(console, None, "puzzle", measure="line")
    bar.update(3, 4)
    time.sleep(REFRESH_EVERY * 2)
    bar.update(7, 9)
    bar.close()
    text = stream.getvalue()
    assert "7 puzzles" in text and "line 9 " in text and "/s" in text
    assert "left" not in text and "line 9/" not in text


def test_a_quick_run_never_draws_a_bar():
    console, stream = terminal()
    bar = ProgressBar(console, 10, "puzzle")
    for done in range(1, 11):
        bar.update(done, done)
    bar.close()
    assert stream.getvalue() == "" and bar.progress is None


def test_updates_within_the_refresh_interval_cost_nothing(progress_at_once):
    console, stream = terminal()
    bar = ProgressBar(console, None, "game")
    bar.update(1, 1)
    before = bar.next_refresh
    bar.update(2, 2)  # too soon: not drawn
    assert bar.next_refresh == before
    bar.close()


def test_the_summary_line():
    tally = Counter(solved=1199, invalid=1)
    assert run_summary("puzzle", tally, 2.5) == "1,200 puzzles in 2.5 s (480/s): 1,199 solved, 1 invalid"
    assert run_summary("puzzle", Counter(solved=1), 1.0, interrupted=True).startswith("interrupted after 1 puzzle in")
    # a slow run says how long each took, never "(0/s)"
    assert run_summary("puzzle", Counter(solved=4), 19.1) == "4 puzzles in 19.1 s (4.8 s each): 4 solved"
    assert run_summary("puzzle", Counter(solved=5), 2.0) == "5 puzzles in 2.0 s (2.5/s): 5 solved"


def many(tmp_path, count=300):
    path = tmp_path / "many.txt"
    path.write_text((WIKI + "\n") * count)
    return path


def test_sudoku_shows_progress_when_output_goes_to_a_pipe_and_stderr_is_a_terminal(tmp_path, progress_at_once):
    path = many(tmp_path)
    piped = run_main(["sudoku", "-f", "jsonl", "-j", "1", path], stderr_terminal=True)
    assert piped.exit_code == 0 and len(piped.stdout.splitlines()) == 300
    assert re.search(r"\d+ puzzles? .* line \d+/300 ", piped.stderr)
    on_screen = run_main(["sudoku", "-f", "pretty", "-j", "1", path], terminal=True, stderr_terminal=True)
    assert not re.search(r"\d+ puzzles? ", on_screen.stderr)  # the grids go to the screen: no bar over them (a waiting line at most)
    silenced = run_main(["sudoku", "-q", "-f", "jsonl", "-j", "1", path], stderr_terminal=True)
    assert silenced.stderr == ""


@pytest.fixture
def every_answer_drawn(progress_at_once, monkeypatch):
    """Bars that show from the first update and redraw at every one."""
    monkeypatch.setattr("puzzlesat.render.progress.REFRESH_EVERY", 0.0)


def test_a_file_gives_the_bar_its_total_of_lines_and_the_time_left_standard_input_neither(tmp_path,
                                                                                          every_answer_drawn):
    result = run_main(["sudoku", "-f", "line", "-j", "1", many(tmp_path)], stderr_terminal=True)
    assert re.search(r"\d+ puzzles .* line \d+/300 [\d,.]+/s 0:00:\d\d, 0:00:\d\d left", result.stderr)
    result = run_main(["sudoku", "-f", "line", "-j", "1"], input=(WIKI + "\n") * 300, stderr_terminal=True)
    assert re.search(r"\d+ puzzles .* line \d+ [\d,.]+/s 0:00:\d\d", result.stderr)
    assert "left" not in result.stderr and "/300" not in result.stderr


def test_a_named_pipe_is_read_once_not_used_up_counting_its_lines(tmp_path, every_answer_drawn):
    fifo = tmp_path / "puzzles.fifo"
    os.mkfifo(fifo)
    done = threading.Event()

    def write() -> None:
        with open(fifo, "w") as pipe:
            pipe.write((WIKI + "\n") * 50)
        while not done.wait(0.05):  # a second reader (one that counted the lines first) gets an end of file
            try:
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass  # no reader waiting

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    try:
        result = run_main(["sudoku", "-f", "line", "-j", "1", fifo], stderr_terminal=True)
    finally:
        done.set()
    assert result.exit_code == 0 and len(result.stdout.splitlines()) == 50
    assert "left" not in result.stderr  # no total


def test_a_file_too_big_to_count_cheaply_has_no_total(tmp_path, every_answer_drawn, monkeypatch):
    monkeypatch.setattr("puzzlesat.streams.COUNT_LIMIT", 1000)
    result = run_main(["sudoku", "-f", "line", "-j", "1", many(tmp_path)], stderr_terminal=True)
    assert "line " in result.stderr and "/300" not in result.stderr and "left" not in result.stderr


def test_mines_simulate_shows_games_of_the_total_and_the_time_left(every_answer_drawn):
    result = run_main(["mines", "simulate", "-n", "100", "-j", "1", "-f", "line"], stderr_terminal=True)
    assert re.search(r"\d+/100 games .* won [\d.]+% [\d,.]+/s 0:00:\d\d, 0:00:\d\d left", result.stderr)
    quiet = run_main(["mines", "simulate", "-n", "100", "-j", "1", "-f", "line", "-q"], stderr_terminal=True)
    assert quiet.stderr == ""


def test_a_quick_run_into_a_pager_shows_no_bar(tmp_path):
    result = run_main(["sudoku", "-f", "jsonl", "-j", "1", many(tmp_path)], stderr_terminal=True)
    assert result.stderr == "" and len(result.stdout.splitlines()) == 300


def test_a_long_run_ends_with_one_summary_line_unless_quiet(tmp_path, monkeypatch):
    monkeypatch.setattr("puzzlesat.cli.output.LONG_RUN", 0.0)
    path = many(tmp_path, 3)
    result = run_main(["sudoku", "-f", "jsonl", path])
    assert result.stderr.startswith("puzzlesat: 3 puzzles in ") and result.stderr.endswith(": 3 solved\n")
    assert run_main(["sudoku", "-f", "jsonl", "-q", path]).stderr == ""

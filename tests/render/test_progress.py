"""The one progress bar and the closing summary: what they show, when, and when the CLI keeps quiet."""

from __future__ import annotations

import io
import time
from collections import Counter

from conftest import run_main

from puzzlesat.render import make_console
from puzzlesat.render.progress import REFRESH_EVERY, ProgressBar, run_summary

WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def terminal():
    """A console that believes it draws on a terminal, and what it wrote."""
    stream = io.StringIO()
    return make_console(stream, True, color=False, width=100), stream


def test_the_bar_shows_items_note_and_rate_then_clears(progress_at_once):
    console, stream = terminal()
    bar = ProgressBar(console, 10, "puzzles", "label")
    bar.update(3, 4, "line 4")
    time.sleep(REFRESH_EVERY * 2)
    bar.update(7, 9, "line 9")
    bar.say("a diagnostic line")
    bar.close()
    text = stream.getvalue()
    assert "label" in text and "7 puzzles" in text and "line 9" in text and "/s" in text
    assert "puzzlesat: a diagnostic line" in text
    assert text.endswith("\r\x1b[1A\x1b[2K")  # transient: the cursor goes up and the bar's line is erased


def test_a_quick_run_never_draws_a_bar():
    console, stream = terminal()
    bar = ProgressBar(console, 10, "puzzles")
    for done in range(1, 11):
        bar.update(done, done)
    bar.close()
    assert stream.getvalue() == "" and bar.progress is None


def test_updates_within_the_refresh_interval_cost_nothing(progress_at_once):
    console, stream = terminal()
    bar = ProgressBar(console, None, "games")
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
    assert "puzzles" in piped.stderr and "line" in piped.stderr
    on_screen = run_main(["sudoku", "-f", "pretty", "-j", "1", path], terminal=True, stderr_terminal=True)
    assert " puzzles " not in on_screen.stderr  # the grids go to the screen: no bar over them (a waiting line at most)
    silenced = run_main(["sudoku", "-q", "-f", "jsonl", "-j", "1", path], stderr_terminal=True)
    assert silenced.stderr == ""


def test_a_quick_run_into_a_pager_shows_no_bar(tmp_path):
    result = run_main(["sudoku", "-f", "jsonl", "-j", "1", many(tmp_path)], stderr_terminal=True)
    assert result.stderr == "" and len(result.stdout.splitlines()) == 300


def test_a_long_run_ends_with_one_summary_line_unless_quiet(tmp_path, monkeypatch):
    monkeypatch.setattr("puzzlesat.cli.output.LONG_RUN", 0.0)
    path = many(tmp_path, 3)
    result = run_main(["sudoku", "-f", "jsonl", path])
    assert result.stderr.startswith("puzzlesat: 3 puzzles in ") and result.stderr.endswith(": 3 solved\n")
    assert run_main(["sudoku", "-f", "jsonl", "-q", path]).stderr == ""

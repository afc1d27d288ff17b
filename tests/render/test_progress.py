"""The one progress bar: what it shows while a run goes, that it is cleared at the end, and when the CLI uses it."""

from __future__ import annotations

import io
import time

from conftest import run_main

from puzzlesat.render import make_console
from puzzlesat.render.progress import REFRESH_EVERY, ProgressBar

WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def terminal():
    """A console that believes it draws on a terminal, and what it wrote."""
    stream = io.StringIO()
    return make_console(stream, True, color=False, width=100), stream


def test_the_bar_shows_items_note_and_rate_then_clears():
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


def test_updates_within_the_refresh_interval_cost_nothing():
    console, stream = terminal()
    bar = ProgressBar(console, None, "games")
    bar.update(1, 1)
    before = bar.next_refresh
    bar.update(2, 2)  # too soon: not drawn
    assert bar.next_refresh == before
    bar.close()


def test_sudoku_shows_progress_when_output_goes_to_a_pipe_and_stderr_is_a_terminal(tmp_path):
    path = tmp_path / "many.txt"
    path.write_text((WIKI + "\n") * 300)
    piped = run_main(["sudoku", "-f", "jsonl", "-j", "1", path], stderr_terminal=True)
    assert piped.exit_code == 0 and len(piped.stdout.splitlines()) == 300
    assert "puzzles" in piped.stderr and "line" in piped.stderr
    on_screen = run_main(["sudoku", "-f", "pretty", "-j", "1", path], terminal=True, stderr_terminal=True)
    assert "puzzles" not in on_screen.stderr  # the grids go to the screen: no bar over them
    quiet = run_main(["sudoku", "-f", "jsonl", "-j", "1", path])
    assert quiet.stderr == ""  # stderr is a pipe too: nothing

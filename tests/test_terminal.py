"""The CLI as a real process in a terminal and in pipes: stdout or stderr on a pseudo-terminal, the other a pipe.

What must hold: no escape codes in piped output (unless FORCE_COLOR asks), no progress for a quick run (what a
pager would show), a bar that clears itself for a long one, a summary on Ctrl-C, and the documented exit statuses.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from conftest import PUZZLES, read_terminal

pty = pytest.importorskip("pty")
WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
ESCAPE = b"\x1b["


def run(args, stdin: bytes = b"", terminal: str = "stderr", env=None):
    """Run `puzzlesat ARGS` with `terminal` ('stderr', 'stdout' or 'none') on a pseudo-terminal and the other
    streams pipes; (exit status, stdout bytes, stderr bytes). Input is fed and output read as they go."""
    master, slave = pty.openpty()
    environment = {key: value for key, value in os.environ.items() if key not in ("NO_COLOR", "FORCE_COLOR")}
    environment.update({"COLUMNS": "100", "TERM": "xterm-256color", **(env or {})})
    streams = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
    if terminal != "none":
        streams[terminal] = slave
    child = subprocess.Popen([sys.executable, "-m", "puzzlesat", *map(str, args)], stdin=subprocess.PIPE,
                             env=environment, **streams)
    os.close(slave)
    got = {}
    workers = [threading.Thread(target=_feed, args=(child.stdin, stdin)),
               threading.Thread(target=lambda: got.update(terminal=read_terminal(master)))]
    for name in ("stdout", "stderr"):
        if name != terminal:
            stream = getattr(child, name)
            workers.append(threading.Thread(target=lambda n=name, s=stream: got.update({n: s.read()})))
    for worker in workers:
        worker.start()
    status = child.wait(timeout=120)
    for worker in workers:
        worker.join(timeout=30)
    os.close(master)
    got[terminal] = got.get("terminal", b"")
    return status, got.get("stdout", b""), got.get("stderr", b"")


def _feed(stream, data: bytes) -> None:
    """Write the input and close it (a reader that stopped early is no error)."""
    try:
        stream.write(data)
        stream.close()
    except (BrokenPipeError, OSError):
        pass


def test_piped_output_has_no_escape_codes_and_a_quick_run_no_progress():
    status, stdout, stderr = run(["sudoku", PUZZLES / "sudoku" / "top95.txt"])
    assert status == 0 and ESCAPE not in stdout and stderr == b""
    assert len(stdout.splitlines()) == 95 and json.loads(stdout.splitlines()[0])["status"] == "solved"


def test_pretty_output_into_a_pipe_is_plain_unless_force_color():
    plain = run(["sudoku", "-f", "pretty"], (WIKI + "\n").encode(), terminal="none")
    assert plain[0] == 0 and ESCAPE not in plain[1] and "┏━━━━━━━┳".encode() in plain[1]
    forced = run(["sudoku", "-f", "pretty"], (WIKI + "\n").encode(), terminal="none", env={"FORCE_COLOR": "1"})
    assert ESCAPE in forced[1]


def test_on_a_terminal_grids_in_colour_unless_no_color():
    status, on_screen, _ = run(["sudoku", PUZZLES / "sudoku" / "examples.txt"], terminal="stdout")
    assert status == 0 and b"\x1b[36m" in on_screen.replace(b"\x1b[2;36m", b"\x1b[36m") or b"38;5" in on_screen
    _, no_color, _ = run(["sudoku", PUZZLES / "sudoku" / "examples.txt"], terminal="stdout", env={"NO_COLOR": "1"})
    assert b"solved" in no_color and not any(code in no_color for code in (b"[36m", b"[31m", b"[32m", b"38;5"))


def test_exit_statuses_as_documented(tmp_path):
    assert run(["sudoku", "-f", "jsonl"], (WIKI + "\n").encode())[0] == 0
    assert run(["sudoku", "-f", "jsonl"], b"55" + b"." * 79 + b"\n")[0] == 1
    missing = run(["sudoku", tmp_path / "nope.txt"])
    assert missing[0] == 2 and missing[2].strip().endswith(b"no such file")
    assert run(["sudoku", "--no-such-option"])[0] == 2


@pytest.mark.slow
def test_a_long_run_shows_a_bar_that_clears_then_one_summary_line():
    puzzles = (PUZZLES / "sudoku" / "17clue-200.txt").read_bytes() * 100  # 20,000 puzzles: over SHOW_AFTER
    status, stdout, stderr = run(["sudoku", "-j", "1"], puzzles)
    assert status == 0 and len(stdout.splitlines()) == 20000 and ESCAPE not in stdout
    assert b"puzzles" in stderr and b"/s" in stderr  # the bar was drawn ...
    last = stderr.rsplit(b"\x1b[2K", 1)[-1]  # ... and erased before the summary line
    assert last.strip().startswith(b"puzzlesat: 20,000 puzzles in ") and last.strip().endswith(b"20,000 solved")


@pytest.mark.slow
def test_ctrl_c_says_what_was_done_and_keeps_it(tmp_path):
    path = tmp_path / "many.txt"
    path.write_bytes((PUZZLES / "sudoku" / "17clue-200.txt").read_bytes() * 200)
    child = subprocess.Popen([sys.executable, "-m", "puzzlesat", "sudoku", "-j", "1", str(path)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
    first = child.stdout.readline()  # under way: interrupt it now (unbuffered: communicate() gets the rest)
    time.sleep(0.2)
    child.send_signal(signal.SIGINT)
    rest, stderr = child.communicate(timeout=120)
    assert child.returncode == 130
    lines = (first + rest).splitlines()
    assert all(json.loads(line)["status"] == "solved" for line in lines) and 0 < len(lines) < 40000
    message = stderr.decode().strip().splitlines()[-1]
    assert message.startswith(f"puzzlesat: interrupted after {len(lines):,} puzzles in ")


def test_a_slow_answer_on_a_terminal_says_it_is_being_worked_on_then_clears(run_cli, monkeypatch):
    monkeypatch.setattr("puzzlesat.render.progress.SHOW_AFTER", 0.0)
    hard = (PUZZLES / "sudoku" / "hardest11.txt").read_text().split()[0]
    shown = run_cli(["sudoku", "--explain", "-j", "1", "-"], input=hard + "\n", terminal=True, stderr_terminal=True)
    assert "puzzlesat: working on puzzle 1: 0 s (Ctrl-C stops)" in shown.stderr
    assert shown.stderr.rstrip().endswith("\x1b[2K")  # the line is cleared when the answer comes
    assert "explanation" in shown.stdout
    piped = run_cli(["sudoku", "--explain", "-j", "1", "-"], input=hard + "\n", stderr_terminal=True)
    assert "working on" not in piped.stderr  # output to a pipe or file has the progress bar instead


def test_a_terminal_of_size_0x0_gets_80_columns():
    # a new pseudo-terminal says 0x0, as `script`, some CI consoles and emacs shells do: the grid still shows
    status, stdout, _ = run(["sudoku", "-"], stdin=WIKI.encode() + b"\n", terminal="stdout", env={"COLUMNS": ""})
    shown = stdout.decode(errors="replace")
    assert status == 0 and "solved" in shown and "5" in shown and len(shown.strip()) > 100


class Typing:
    """Standard input on a terminal where the user takes `pause` seconds to type each line (and to end the input)."""

    def __init__(self, lines: list, pause: float):
        self.lines, self.pause = [line.encode() + b"\n" for line in lines], pause

    def readline(self, *args) -> bytes:
        time.sleep(self.pause)
        return self.lines.pop(0) if self.lines else b""

    def read(self, *args) -> bytes:
        return self.readline()


def test_the_working_line_times_the_work_not_the_user_typing(monkeypatch):
    import io
    from contextlib import redirect_stderr, redirect_stdout

    from puzzlesat.cli import main
    from puzzlesat.cli.common import Env

    monkeypatch.setattr("puzzlesat.render.progress.SHOW_AFTER", 1.0)  # room for a loaded machine's solving
    stdout, stderr = io.StringIO(), io.StringIO()
    env = Env(stdin=Typing([WIKI, WIKI], pause=2.0), stdout=stdout, stderr=stderr, stdin_isatty=True,
              stdout_isatty=True, stderr_isatty=True, color=False, width=100)
    with redirect_stdout(stdout), redirect_stderr(stderr):
        status = main(["sudoku", "-j", "1"], env)
    assert status == 0 and stdout.getvalue().count("solved") >= 2
    assert "working on" not in stderr.getvalue()  # an easy puzzle takes no time: all the waiting was for the user

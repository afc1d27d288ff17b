"""Shared test helpers: paths to the shipped sample puzzles, and the CLI run in-process in a pretend environment."""

from __future__ import annotations

import io
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import pytest

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "puzzles"
sys.path.insert(0, str(Path(__file__).resolve().parent))  # shared helpers: boards.py, se_cases.py, constraint_brute.py


@pytest.fixture
def puzzles_dir() -> Path:
    """The shipped sample puzzles."""
    return PUZZLES


@dataclass
class Run:
    """What a CLI run left behind."""

    exit_code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        """stdout and stderr together."""
        return self.stdout + self.stderr


def run_main(args, input=None, terminal: bool = False, stderr_terminal: bool = False, width=None) -> Run:
    """Run `puzzlesat ARGS` through cli.main with an Env that is a pipe (or, with terminal=True, a terminal)."""
    from puzzlesat.cli import main
    from puzzlesat.cli.common import Env

    data = input.encode() if isinstance(input, str) else (input or b"")
    stdout, stderr = io.StringIO(), io.StringIO()
    env = Env(stdin=io.BytesIO(data), stdout=stdout, stderr=stderr, stdin_isatty=False,
              stdout_isatty=terminal, stderr_isatty=stderr_terminal, color=False, width=width)
    with redirect_stdout(stdout), redirect_stderr(stderr):  # click's own messages (--help, usage errors)
        status = main([str(a) for a in args], env)
    return Run(status, stdout.getvalue(), stderr.getvalue())


@pytest.fixture
def run_cli():
    """Run the puzzlesat CLI in-process: run_cli(args, input=None, terminal=False) -> Run."""
    return run_main


@pytest.fixture
def progress_at_once(monkeypatch):
    """Progress bars that show from the first update (normally only runs that last a moment get one)."""
    monkeypatch.setattr("puzzlesat.render.progress.SHOW_AFTER", 0.0)


def read_terminal(fd: int, until: Optional[bytes] = None, timeout: Optional[float] = None) -> bytes:
    """What the terminal side of a pseudo-terminal shows until `until` appears, the other side closes (EOF shows as
    EIO on Linux) or `timeout` seconds pass."""
    import os
    import select
    import time

    got = b""
    end = None if timeout is None else time.monotonic() + timeout
    while (until is None or until not in got) and (end is None or time.monotonic() < end):
        if not select.select([fd], [], [], 0.1)[0]:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        got += chunk
    return got

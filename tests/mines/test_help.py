"""The examples in the --help of every `puzzlesat mines` command run as written, from a folder outside the
repository (as after `pip install`: no puzzles/ to read)."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys

import pytest
from conftest import run_main

COMMANDS = ("analyze", "simulate", "replay", "play")


def examples(command: str) -> list:
    """The command lines in `puzzlesat mines COMMAND --help` (those that run puzzlesat), comments left out."""
    text = run_main(["mines", command, "--help"]).stdout
    lines = [line.strip() for line in text.splitlines()]
    return [line for line in lines if re.match(r"^(printf .*\| )?puzzlesat mines ", line)]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_help_example_runs_from_an_empty_folder(command, tmp_path):
    found = examples(command)
    assert found, f"mines {command} --help shows no example"
    puzzlesat = f"puzzlesat() {{ {shlex.quote(sys.executable)} -m puzzlesat \"$@\"; }}"  # this checkout's
    for line in found:
        done = subprocess.run(["bash", "-c", f"{puzzlesat}\nset -o pipefail\n{line}"], cwd=tmp_path,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and done.stdout and "Traceback" not in done.stderr, (line, done.stderr)

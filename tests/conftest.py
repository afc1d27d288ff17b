"""Shared test helpers: paths to the shipped sample puzzles and a CLI runner."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "puzzles"


@pytest.fixture
def puzzles_dir() -> Path:
    """The shipped sample puzzles."""
    return PUZZLES


@pytest.fixture
def run_cli():
    """Run the puzzlesat CLI in-process: run_cli(args, input=None) -> click Result."""
    from puzzlesat.cli import cli

    def run(args, input=None):
        return CliRunner().invoke(cli, [str(a) for a in args], input=input, catch_exceptions=False)

    return run

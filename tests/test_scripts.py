"""The benchmark scripts start: each one's --help runs (an import a refactoring broke shows here, not mid-benchmark)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
RUNNABLE = sorted(path.name for path in SCRIPTS.glob("*.py") if '__name__ == "__main__"' in path.read_text())


@pytest.mark.slow
@pytest.mark.parametrize("script", RUNNABLE)
def test_every_script_starts_and_says_what_it_measures(script):
    done = subprocess.run([sys.executable, str(SCRIPTS / script), "--help"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.split()) > 20  # it says what it measures

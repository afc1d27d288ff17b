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


@pytest.mark.slow
def test_profile_solving_splits_a_run_into_parts_that_add_up(tmp_path):
    sudoku = tmp_path / "sudoku"
    sudoku.mkdir()
    puzzles = (Path(__file__).resolve().parent.parent / "puzzles" / "sudoku" / "hardest1106-20.txt").read_text()
    (sudoku / "puzzles3_magictour_top1465").write_text(puzzles)
    done = subprocess.run([sys.executable, str(SCRIPTS / "profile_solving.py"), "--data", str(tmp_path),
                           "--rounds", "1"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = {line[:16].strip(): line[16:].split() for line in done.stdout.splitlines()}
    count = sum(1 for line in puzzles.splitlines() if line.strip() and not line.startswith("#"))
    assert f"top1465: {count:,} puzzles" in done.stdout
    parts = ["read and write", "native solve", "native model", "native clauses", "native stats", "Python around"]
    milliseconds = {part: float(rows[part][0].replace(",", "")) for part in parts + ["in this process"]}
    assert milliseconds["native solve"] > 0 and milliseconds["read and write"] > 0
    assert sum(milliseconds[part] for part in parts) == pytest.approx(milliseconds["in this process"], abs=0.2)
    assert "runs whose output differed from the first: 0" in done.stdout

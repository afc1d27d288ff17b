"""The benchmark scripts start: each one's --help runs (an import a refactoring broke shows here, not mid-benchmark)."""

from __future__ import annotations

import json
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


def test_the_divergence_report_sums_the_worth_of_each_kind_of_position(tmp_path):
    parted = {"agree": False, "nth": 0, "samples": 10, "phase": "first guess"}
    records = [
        {"index": 0, "agree": True, "hill_won": True, "ours_won": True},
        dict(parted, index=1, kind="off-frontier", hill_wins=6, ours_wins=3, hill_won=True, ours_won=False),
        dict(parted, index=2, kind="endgame", hill_wins=2, ours_wins=4, hill_won=False, ours_won=True,
             phase="later guess"),
        dict(parted, index=3, kind="off-frontier", hill_wins=5, ours_wins=4, hill_won=False, ours_won=False),
    ]
    saved = tmp_path / "diverge.jsonl"
    saved.write_text("".join(json.dumps(record) + "\n" for record in records))
    done = subprocess.run([sys.executable, str(SCRIPTS / "diverge_java_solver.py"), "--report", str(saved)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.splitlines()[0])
    assert (result["games"], result["positions"], result["hill_wins"], result["ours_wins"]) == (4, 3, 2, 2)
    assert result["by_kind"]["off-frontier"]["positions"] == 2
    assert abs(result["by_kind"]["off-frontier"]["games_won"] - 0.4) < 1e-9  # (6-3)/10 + (5-4)/10
    assert abs(result["by_kind"]["endgame"]["points"] - 100 * -0.2 / 4) < 1e-9
    assert abs(result["all"]["points"] - 100 * 0.2 / 4) < 1e-9
    assert "they parted in 3 games" in done.stdout
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json\n")
    done = subprocess.run([sys.executable, str(SCRIPTS / "diverge_java_solver.py"), "--report", str(broken)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr and str(broken) in done.stderr


def test_the_performance_guard_fails_a_path_slower_than_its_limit_and_passes_one_within(tmp_path):
    # Limits far below and far above any real ratio: the verdict, not the machine's speed, is what is tested.
    outcomes = {}
    for name, ratio in (("tight", 1e-6), ("loose", 1e6)):
        stored = tmp_path / f"{name}.json"
        stored.write_text(json.dumps({"margin": 1.0, "paths": {"sudoku-solve": {"compiled": ratio, "plain": ratio}}}))
        done = subprocess.run([sys.executable, str(SCRIPTS / "perf_guard.py"), "--paths", "sudoku-solve",
                               "--rounds", "1", "--baselines", str(stored)], capture_output=True, text=True,
                              timeout=600)
        outcomes[name] = (done.returncode, done.stdout, done.stderr)
    assert outcomes["tight"][0] == 1 and "SLOW" in outcomes["tight"][1] and "sudoku-solve" in outcomes["tight"][2]
    assert outcomes["loose"][0] == 0 and " ok" in outcomes["loose"][1]


def test_the_catalogue_script_sorts_answers_into_outcomes(tmp_path):
    from puzzlesat.sudoku.reading.links.lzstring import compress_to_base64

    regions = [[[r, c] for r in range(br, br + 2) for c in range(bc, bc + 2)] for br in (0, 2) for bc in (0, 2)]

    def payload(rules, cages, solution=""):
        texts = [{"value": f"rules: {rules}"}] + ([{"value": f"solution: {solution}"}] if solution else [])
        data = {"cells": [[{} for _ in range(4)] for _ in range(4)], "regions": regions, "cages": texts + cages}
        data["cells"][0][0], data["cells"][2][0], data["cells"][3][3] = {"value": 1}, {"value": 2}, {"value": 1}
        return "scl" + compress_to_base64(json.dumps(data))

    killers = [{"cells": [[0, 1], [0, 2]], "value": 5}, {"cells": [[2, 0], [3, 0]], "value": 6}]
    ours = [  # puzzles of our own: right (unique, as stated), two solutions with all read (said: honest), honest,
        # and invalid
        {"id": "a", "title": "A", "tags": ["Killer"], "payload": payload("Cages show their sums.", killers,
                                                                          "1234341221434321")},
        {"id": "b", "title": "B", "tags": ["Killer"], "payload": payload("Cages show their sums.", killers[:1])},
        {"id": "c", "title": "C", "tags": ["Killer", "Fog"], "payload": payload("Cages show their sums. Fog.",
                                                                               killers[:1])},
        {"id": "d", "title": "D", "tags": ["Classic"], "payload": "{id:'d',ce:[[{v:1}]]}"},
    ]
    catalogue = tmp_path / "ours.jsonl"
    catalogue.write_text("".join(json.dumps(row) + "\n" for row in ours))
    done = subprocess.run([sys.executable, str(SCRIPTS / "ctc_catalogue.py"), "--file", str(catalogue), "-j", "2",
                           "--limit", "20", "--min-tag", "1", "--out", str(tmp_path / "run.jsonl")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = {line.split()[0] + " " + line.split()[1]: line.split()[2:9] for line in done.stdout.splitlines()
            if line.startswith(("all ", "families read"))}
    assert rows["all 4"] == ["1", "0", "0", "0", "2", "1", "25.0%"]  # right, unique, wrong, silent, honest, other
    assert rows["families read"][:1] == ["3"]
    saved = sorted((json.loads(line) for line in (tmp_path / "run.jsonl").read_text().splitlines()),
                   key=lambda row: row["id"])  # written as each puzzle ends
    assert [row["outcome"] for row in saved] == ["right", "honest", "honest", "other"]
    assert saved[1]["record"]["unknown"][0].startswith("several solutions, though every rule and mark in the link")
    again = subprocess.run([sys.executable, str(SCRIPTS / "ctc_catalogue.py"), "--report", str(tmp_path / "run.jsonl"),
                            "--min-tag", "1"], capture_output=True, text=True, timeout=60)
    assert again.returncode == 0 and "* Killer" in again.stdout and "  Fog" in again.stdout


def test_paired_games_keeps_each_chunk_in_the_cache_and_reads_it_back(tmp_path):
    sys.path.insert(0, str(SCRIPTS))
    try:
        import paired_games
    finally:
        sys.path.remove(str(SCRIPTS))
    cache = tmp_path / "cache.jsonl"
    keep = paired_games.cache_writer(cache, ["a-key", None])
    keep(0, [{"index": 0, "won": True}, {"index": 1, "won": False}])
    keep(1, [{"index": 0, "won": False}])  # a side without a key (this working tree) is not kept
    keep(0, [{"index": 2, "won": True}])
    assert paired_games.read_cache(cache, ["a-key", "other"]) == [
        {0: {"index": 0, "won": True, "key": "a-key"}, 1: {"index": 1, "won": False, "key": "a-key"},
         2: {"index": 2, "won": True, "key": "a-key"}}, {}]


def test_a_hill_side_without_the_solver_built_stops_with_one_line(tmp_path):
    done = subprocess.run([sys.executable, str(SCRIPTS / "paired_games.py"), "--a", "hill", "--b", "lookahead",
                           "--run", "beginner:safe:10", "--hill-build", str(tmp_path)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "scripts/README.md" in done.stderr or "install a JDK" in done.stderr

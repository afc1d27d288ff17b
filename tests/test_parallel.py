"""The order-preserving parallel map: order, laziness, dead workers, and the CLI's --jobs."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from functools import partial
from itertools import count

import pytest

from puzzlesat.parallel import chunks, ordered_map


def square_all(chunk):
    return [x * x for x in chunk]


def die_on(bad, chunk):
    if bad in chunk:
        os._exit(3)
    return [x + 1 for x in chunk]


def pids(chunk):
    return [os.getpid() for _ in chunk]


def slow_pids(chunk):
    time.sleep(0.01)
    return pids(chunk)


def test_small_inputs_never_start_workers_and_long_ones_do():
    assert set(ordered_map(pids, range(50), jobs=2)) == {os.getpid()}
    found = list(ordered_map(slow_pids, range(60), jobs=2, warm_up=0.1, chunk_size=4))
    assert found[0] == os.getpid() and len(set(found)) > 1 and len(found) == 60


def test_chunks_grow_then_stay():
    assert [len(c) for c in chunks(range(40), largest=8)] == [1, 2, 4, 8, 8, 8, 8, 1]


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_results_in_input_order(jobs):
    done = ordered_map(square_all, range(1000), jobs=jobs, chunk_size=16, warm_up=0)
    assert list(done) == [x * x for x in range(1000)]


def test_input_is_read_lazily():
    # an endless input: taking the first results must not exhaust it
    results = ordered_map(square_all, count(), jobs=2, chunk_size=4, warm_up=0)
    assert [next(results) for _ in range(10)] == [x * x for x in range(10)]
    results.close()


def test_a_dead_worker_is_reported_and_the_rest_goes_on():
    results = list(ordered_map(partial(die_on, 50), range(200), jobs=2, chunk_size=8, warm_up=0,
                               on_failure=lambda item, message: ("failed", item)))
    assert len(results) == 200
    assert results[50] == ("failed", 50)
    assert [r for i, r in enumerate(results) if i != 50] == [x + 1 for x in range(200) if x != 50]


@pytest.fixture
def no_warm_up(monkeypatch):
    """Send every puzzle to the workers (normally the first quarter second is solved in-process)."""
    monkeypatch.setattr("puzzlesat.parallel.WARM_UP_SECONDS", 0.0)


def test_cli_jobs_give_the_same_output(run_cli, puzzles_dir, no_warm_up):
    path = puzzles_dir / "sudoku" / "17clue-200.txt"
    one = untimed(run_cli(["sudoku", "-f", "jsonl", "-j", "1", path]).stdout)
    two = untimed(run_cli(["sudoku", "-f", "jsonl", "-j", "2", path]).stdout)
    assert one == two and len(one) == 200


def untimed(output: str) -> list:
    """The JSON lines of an output without their time, which differs from run to run."""
    return [{key: value for key, value in json.loads(line).items() if key != "time_ms"} for line in output.splitlines()]


def test_cli_jobs_keep_invalid_records_in_place(run_cli, puzzles_dir, no_warm_up):
    lines = (puzzles_dir / "sudoku" / "top95.txt").read_text().splitlines()[:30]
    lines.insert(7, "53..7..")
    result = run_cli(["sudoku", "-f", "jsonl", "-j", "2"], input="\n".join(lines) + "\n")
    statuses = [json.loads(line)["status"] for line in result.stdout.splitlines()]
    assert statuses[7] == "invalid" and statuses.count("solved") == 30


def _processes_with(marker: str) -> list:
    found = []
    for pid in os.listdir("/proc"):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                if marker.encode() in handle.read():
                    found.append(int(pid))
        except (FileNotFoundError, ProcessLookupError, PermissionError, NotADirectoryError):
            continue
    return found


@pytest.mark.slow
@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc to find worker processes")
def test_ctrl_c_with_jobs_exits_130_and_leaves_no_workers(puzzles_dir, tmp_path):
    marker = tmp_path / "ctrl-c-marker.txt"
    quick = (puzzles_dir / "sudoku" / "17clue-200.txt").read_text() * 10  # past the in-process warm-up
    marker.write_text(quick + ("." * 625 + "\n") * 20)  # then counting a million solutions of empty 25x25 grids
    # as from a terminal: SIGINT handled (a shell starts background jobs, maybe this test run, with it ignored)
    process = subprocess.Popen([sys.executable, "-m", "puzzlesat", "sudoku", "-j", "2", "--count", "1000000", str(marker)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(2.0)
    assert process.poll() is None
    process.send_signal(signal.SIGINT)
    try:
        _, stderr = process.communicate(timeout=30)
    finally:
        for pid in _processes_with(str(marker)):
            os.kill(pid, signal.SIGKILL)  # never leave a runaway behind, even when the test fails
    assert process.returncode == 130
    assert b"Traceback" not in stderr
    time.sleep(0.5)
    assert _processes_with(str(marker)) == []


def test_mines_analyze_jobs_give_the_same_output(run_cli, puzzles_dir):
    boards = sorted((puzzles_dir / "mines").glob("*.mine"))
    text = "\n\n".join(path.read_text().strip() for path in boards * 3) + "\n"
    outputs = []
    for jobs in ("1", "2"):
        result = run_cli(["mines", "analyze", "-f", "jsonl", "-j", jobs], input=text)
        outputs.append([{k: v for k, v in json.loads(line).items() if k != "time_ms"} for line in result.stdout.splitlines()])
    assert outputs[0] == outputs[1] and len(outputs[0]) == 3 * len(boards)

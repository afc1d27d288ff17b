"""--scheduler: the batch commands on a Dask cluster give what a local run gives, or say in one line why they cannot."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import pytest
from conftest import run_main

from puzzlesat.parallel import ordered_map

distributed = pytest.importorskip("dask.distributed")

UNTIMED = ("time_ms", "seconds", "games_per_second", "jobs")


@pytest.fixture(scope="module")
def scheduler():
    """The address of a real Dask cluster: a scheduler here and one worker process with one thread."""
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


@pytest.fixture
def quick_connect(monkeypatch):
    """Give up on a scheduler after a moment (a few seconds normally)."""
    monkeypatch.setattr("puzzlesat.cluster.CONNECT_SECONDS", 0.5)
    monkeypatch.setattr("puzzlesat.cluster.HANDSHAKE_SECONDS", 0.5)


@pytest.fixture
def no_closing_line(monkeypatch):
    """No 'N puzzles in S s' line on stderr, however long a busy machine takes."""
    monkeypatch.setattr("puzzlesat.cli.output.LONG_RUN", float("inf"))


def untimed(jsonl: str) -> list:
    """JSON lines without what depends on the run (times, job counts)."""
    return [{k: v for k, v in json.loads(line).items() if k not in UNTIMED} for line in jsonl.splitlines()]


def puzzles(puzzles_dir, count=12) -> str:
    """Puzzles with a comment and a bad line among them."""
    lines = (puzzles_dir / "sudoku" / "17clue-200.txt").read_text().splitlines()[:count]
    return "\n".join(lines[:5] + ["# a comment", "55" + "." * 79] + lines[5:]) + "\n"


def test_sudoku_on_a_cluster_writes_what_a_local_run_writes(scheduler, puzzles_dir, no_closing_line):
    text = puzzles(puzzles_dir)
    local = run_main(["sudoku", "-f", "jsonl", "-j", "1"], input=text)
    remote = run_main(["sudoku", "-f", "jsonl", "--scheduler", scheduler], input=text)
    assert remote.exit_code == local.exit_code == 1  # the bad line
    assert untimed(remote.stdout) == untimed(local.stdout) and len(untimed(remote.stdout)) == 13
    assert remote.stderr == local.stderr == "puzzlesat: <stdin>:7: two 5s in row 1\n"
    lines = run_main(["sudoku", "-f", "line", "--scheduler", scheduler], input=text)
    assert lines.stdout == run_main(["sudoku", "-f", "line", "-j", "1"], input=text).stdout


def test_rating_on_a_cluster_matches_a_local_run(scheduler, puzzles_dir):
    text = puzzles(puzzles_dir, 8)
    local = run_main(["sudoku", "--rate", "-f", "jsonl", "-j", "1"], input=text)
    remote = run_main(["sudoku", "--rate", "-f", "jsonl", "--scheduler", scheduler], input=text)
    assert untimed(remote.stdout) == untimed(local.stdout)
    assert sum(record["rating"] is not None for record in untimed(remote.stdout)) == 8


def test_mines_simulate_on_a_cluster_matches_a_local_run(scheduler):
    games = ["mines", "simulate", "-n", "60", "--seed", "4", "-f", "jsonl"]
    local = run_main([*games, "-j", "1"])
    remote = run_main([*games, "--scheduler", scheduler])
    assert remote.exit_code == local.exit_code == 0
    assert untimed(remote.stdout) == untimed(local.stdout)
    assert json.loads(remote.stdout)["jobs"] == 1  # the cluster's one worker thread


def test_the_dask_environment_variable_names_the_scheduler_and_jobs_still_run_locally(scheduler, puzzles_dir,
                                                                                     monkeypatch):
    text = puzzles(puzzles_dir, 3)
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", scheduler)
    remote = run_main(["sudoku", "-f", "line"], input=text, stderr_terminal=True)
    assert remote.stderr.startswith(f"puzzlesat: on the Dask cluster at {scheduler}: 1 worker thread\n")
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", "tcp://127.0.0.1:1")  # -j N: local processes, the variable unused
    local = run_main(["sudoku", "-f", "line", "-j", "1"], input=text, stderr_terminal=True)
    assert local.stdout == remote.stdout and "Dask" not in local.stderr


def test_jobs_and_scheduler_given_together_are_a_usage_error(puzzles_dir):
    result = run_main(["sudoku", "-j", "2", "--scheduler", "tcp://127.0.0.1:1"], input=puzzles(puzzles_dir, 1))
    assert result.exit_code == 2 and "--jobs counts local worker processes" in result.stderr
    dimacs = run_main(["sudoku", "--dimacs", "--scheduler", "tcp://127.0.0.1:1"], input=puzzles(puzzles_dir, 1))
    assert dimacs.exit_code == 2 and "--scheduler would not apply" in dimacs.stderr


def test_progress_on_a_cluster_shows_on_a_terminal_only(scheduler, puzzles_dir, tmp_path, progress_at_once,
                                                        no_closing_line, monkeypatch):
    monkeypatch.setattr("puzzlesat.render.progress.REFRESH_EVERY", 0.0)  # every answer drawn
    path = tmp_path / "some.txt"
    path.write_text(puzzles(puzzles_dir, 40))
    shown = run_main(["sudoku", "-f", "line", "--scheduler", scheduler, path], stderr_terminal=True)
    assert "puzzles" in shown.stderr and re.search(r"line \d+/42 ", shown.stderr) and " left" in shown.stderr
    for quiet in (["-f", "line"], ["-f", "line", "-q"]):
        piped = run_main(["sudoku", *quiet, "--scheduler", scheduler, path], stderr_terminal="-q" in quiet)
        assert piped.stderr == f"puzzlesat: {path}:7: two 5s in row 1\n"


def test_a_thread_that_runs_an_event_loop_can_use_a_cluster(scheduler, puzzles_dir, no_closing_line):
    text = puzzles(puzzles_dir, 3)

    async def inside_a_loop():  # as in Jupyter, or after Playwright's sync API in the same test session
        return run_main(["sudoku", "-f", "line", "--scheduler", scheduler], input=text)

    with ThreadPoolExecutor(1) as thread:  # a thread of the test's own: this one may run a loop already
        result = thread.submit(asyncio.run, inside_a_loop()).result()
    assert result.stdout == run_main(["sudoku", "-f", "line", "-j", "1"], input=text).stdout
    assert result.exit_code == 1 and result.stderr == "puzzlesat: <stdin>:5: two 5s in row 1\n"


def one_line_error(result) -> str:
    """The one line a failed run wrote on stderr (and nothing on stdout)."""
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("puzzlesat: "), result.stderr
    return result.stderr


def test_a_scheduler_that_cannot_be_reached_is_named_in_one_line(quick_connect, puzzles_dir, monkeypatch):
    monkeypatch.setattr("puzzlesat.cluster.CONNECT_SECONDS", 10)  # time for a first refusal on a loaded machine
    text = puzzles(puzzles_dir, 1)
    refused = one_line_error(run_main(["sudoku", "--scheduler", "tcp://127.0.0.1:1"], input=text))
    # refused at once, or (on a loaded machine, when dask's retries outlast the limit) no answer: one line either way
    assert refused in ("puzzlesat: cannot reach the Dask scheduler at tcp://127.0.0.1:1 within 10 s: " + reason + "\n"
                       for reason in ("Connection refused", "no answer"))
    games = one_line_error(run_main(["mines", "simulate", "-n", "5", "--scheduler", "127.0.0.1:1"]))
    assert "cannot reach the Dask scheduler at 127.0.0.1:1" in games
    malformed = one_line_error(run_main(["sudoku", "--scheduler", "foo://somewhere:1"], input=text))
    assert "foo://somewhere:1 is not a Dask scheduler address (unknown address scheme 'foo'" in malformed


def test_a_server_that_is_not_a_scheduler_is_said_so(quick_connect, puzzles_dir):
    server = socket.create_server(("127.0.0.1", 0))  # accepts, then never answers
    port = server.getsockname()[1]
    try:
        result = run_main(["sudoku", "--scheduler", f"tcp://127.0.0.1:{port}"], input=puzzles(puzzles_dir, 1))
    finally:
        server.close()
    assert one_line_error(result) == f"puzzlesat: tcp://127.0.0.1:{port} does not answer as a Dask scheduler\n"


def test_without_dask_the_error_says_how_to_install_it(monkeypatch, puzzles_dir):
    monkeypatch.setitem(sys.modules, "distributed", None)
    result = run_main(["sudoku", "--scheduler", "tcp://127.0.0.1:1"], input=puzzles(puzzles_dir, 1))
    assert "pip install 'puzzlesat[dask]'" in one_line_error(result)


def test_a_scheduler_without_workers_is_said_so(quick_connect, puzzles_dir):
    with distributed.LocalCluster(n_workers=0, dashboard_address=":0") as empty:
        result = run_main(["sudoku", "--scheduler", empty.scheduler_address], input=puzzles(puzzles_dir, 1))
    assert one_line_error(result) == f"puzzlesat: the Dask scheduler at {empty.scheduler_address} has no workers " \
                                     f"(start some with `dask worker {empty.scheduler_address}`)\n"


@pytest.mark.slow
@pytest.mark.parametrize("preload, said", [
    ("import sys\nsys.modules['puzzlesat'] = None\n", "cannot run puzzlesat (ModuleNotFoundError: "),
    ("import puzzlesat\npuzzlesat.__version__ = '0.0.1'\n", "has puzzlesat 0.0.1, this is"),
])
def test_workers_without_this_puzzlesat_are_found_before_any_work(tmp_path, puzzles_dir, preload, said):
    script = tmp_path / "preload.py"
    script.write_text(preload)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  preload=[str(script)]) as other:
        result = run_main(["sudoku", "--scheduler", other.scheduler_address], input=puzzles(puzzles_dir, 1))
    assert said in one_line_error(result) and "the worker tcp://" in result.stderr


def die_on(bad: int, chunk: list) -> list:
    """Kill the worker that gets `bad`; the others' items plus one."""
    if bad in chunk:
        os._exit(3)
    return [x + 1 for x in chunk]


@pytest.mark.slow
def test_a_record_that_kills_its_worker_is_reported_and_the_rest_goes_on(monkeypatch):
    import cloudpickle
    import dask

    from puzzlesat.cluster import RECENT_MESSAGES, Cluster

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers cannot import this test module
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), \
            distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                     dashboard_address=":0") as local, Cluster(local.scheduler_address) as cluster:
        results = list(ordered_map(partial(die_on, 13), range(40), jobs=2, executor=cluster.executor(),
                                   chunk_size=8, on_failure=lambda item, message: ("failed", item, message)))
    assert results[13] == ("failed", 13, "a worker process died while working on this record")
    assert [r for i, r in enumerate(results) if i != 13] == [x + 1 for x in range(40) if x != 13]


@pytest.mark.slow
def test_a_scheduler_lost_mid_run_ends_it_in_one_line_after_what_was_done(puzzles_dir, tmp_path):
    dask_cli = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    path = tmp_path / "many.txt"
    path.write_text((puzzles_dir / "sudoku" / "17clue-200.txt").read_text() * 5)
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    scheduler = subprocess.Popen([*dask_cli, "--port", str(port), "--no-dashboard"], **quiet)
    worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1",
                               "--no-dashboard", "--no-nanny"], **quiet)
    try:
        with distributed.Client(address, timeout=60) as client:  # both up, however busy the machine
            client.wait_for_workers(1, timeout=60)
        run = subprocess.Popen([sys.executable, "-m", "puzzlesat", "sudoku", "--rate", "-f", "line", "--scheduler",
                                address, str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
        first = run.stdout.readline()  # the cluster is working (unbuffered: no more is read than the line)
        scheduler.send_signal(signal.SIGKILL)
        rest, stderr = run.communicate(timeout=60)
    finally:
        for process in (scheduler, worker):
            process.kill()
            process.wait()
    written = (first + rest).decode().splitlines()
    assert run.returncode == 1 and 0 < len(written) < 1000
    lines = stderr.decode().splitlines()
    assert re.match(f"puzzlesat: interrupted after {len(written)} puzzles? in ", lines[0])
    assert lines[1:] == [f"puzzlesat: lost the Dask scheduler at {address} in the middle of the run"]


def _free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_the_client_does_not_keep_the_chunks_it_sent(scheduler):
    from puzzlesat.cluster import RECENT_MESSAGES, Cluster

    with Cluster(scheduler) as cluster:  # Dask keeps the last 1,000 messages: 50 MiB of puzzles on a long run
        done = list(ordered_map(list, ("x" * 1000 for _ in range(4000)), jobs=1, executor=cluster.executor(),
                                chunk_size=100))
        kept = cluster.client.scheduler_comm.recent_message_log
    assert len(done) == 4000 and len(kept) <= RECENT_MESSAGES

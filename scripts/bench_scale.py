"""Benchmark: Sudoku throughput with 1, 2 and N worker processes and on a Dask LocalCluster, in one run.

    python scripts/bench_scale.py                      # first 20,000 17-clue puzzles, 3 rounds
    python scripts/bench_scale.py --limit 0 --rounds 1 # all 49,158
    python scripts/bench_scale.py --memory 1000000     # peak memory of one 1,000,000-line run

Each round runs every configuration once, interleaved (1, 2, N, dask, 1, 2, N, dask, ...), because the
machine is shared and noisy; the table shows the median puzzles/s and the speed-up over --jobs 1 in
the same run. The CLI runs are whole commands (`puzzlesat sudoku FILE -f jsonl -j J`, output read
from a pipe); the Dask run is `solve_lines` on a LocalCluster of N single-threaded worker processes
(cluster start-up not counted). `--memory` writes a file of that many lines (the 17-clue set
repeated), runs the CLI over it with all cores and reports the peak resident memory of the
parent and its workers (from getrusage).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "sudoku"
DEFAULT_SET = DATA / "puzzles2_17_clue"
EXE = str(Path(sys.executable).with_name("puzzlesat"))


def take(path: Path, limit: int) -> Path:
    """A temporary file with the first `limit` lines of `path` (all when limit is 0)."""
    lines = path.read_text().splitlines(keepends=True)
    lines = lines[:limit] if limit else lines
    handle = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
    handle.writelines(lines)
    handle.close()
    return Path(handle.name)


def run_cli(path: Path, jobs: int) -> tuple:
    """Seconds for the whole command and the number of records it wrote."""
    started = time.perf_counter()
    done = subprocess.run([EXE, "sudoku", str(path), "-f", "jsonl", "-j", str(jobs)], capture_output=True)
    seconds = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise SystemExit(f"puzzlesat failed: {done.stderr.decode()[-500:]}")
    return seconds, done.stdout.count(b"\n")


def run_dask(client, path: Path) -> tuple:
    """Seconds for solve_lines over a Dask executor, and the number of records."""
    from puzzlesat.sudoku.batch import solve_lines

    started = time.perf_counter()
    with open(path) as handle:
        count = sum(1 for _ in solve_lines(handle, executor=client.get_executor(), chunk_size=512))
    return time.perf_counter() - started, count


def dask_client(workers: int):
    """A LocalCluster client, or None when dask is not installed."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        print("dask.distributed is not installed (pip install 'puzzlesat[dask]'): skipping the Dask column")
        return None
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
    return Client(cluster)


def throughput(args) -> None:
    """The 1 / 2 / N / Dask table."""
    path = take(args.set, args.limit)
    cores = os.cpu_count() or 1
    configs = sorted({1, 2, cores})
    client = None if args.no_dask else dask_client(cores)
    rates: dict = {}
    try:
        for round_number in range(args.rounds):
            for jobs in configs:
                seconds, count = run_cli(path, jobs)
                rates.setdefault(f"cli -j {jobs}", []).append(count / seconds)
            if client is not None:
                seconds, count = run_dask(client, path)
                rates.setdefault(f"dask x{cores}", []).append(count / seconds)
            print(f"round {round_number + 1}/{args.rounds} done", file=sys.stderr)
    finally:
        if client is not None:
            client.close()
        path.unlink()
    base = statistics.median(rates["cli -j 1"])
    print(f"{args.set.name}, {count:,} puzzles, {args.rounds} rounds, {cores} cores")
    print(f"{'configuration':<14} {'median puzzles/s':>17} {'vs -j 1':>8}  all rounds")
    for name, values in rates.items():
        median = statistics.median(values)
        print(f"{name:<14} {median:>17,.0f} {median / base:>7.2f}x  " + " ".join(f"{v:,.0f}" for v in values))


def memory(args) -> None:
    """Peak memory of one run over a file of args.memory lines."""
    source = args.set.read_text().splitlines(keepends=True)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        written = 0
        while written < args.memory:
            chunk = source[: args.memory - written]
            handle.writelines(chunk)
            written += len(chunk)
    path = Path(handle.name)
    try:
        started = time.perf_counter()
        done = subprocess.run([EXE, "sudoku", str(path), "-f", "line", "--no-unique"], stdout=subprocess.PIPE)
        seconds = time.perf_counter() - started
        lines = done.stdout.count(b"\n")
    finally:
        path.unlink()
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(f"{lines:,} lines in {seconds:.1f} s; peak resident memory of the largest process: {peak_kb / 1024:.1f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", type=Path, default=DEFAULT_SET, help="puzzle file (default: the 17-clue set)")
    parser.add_argument("--limit", type=int, default=20000, help="first N puzzles (0: all)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask LocalCluster column")
    parser.add_argument("--memory", type=int, default=0, metavar="LINES",
                        help="instead: peak memory of one run over this many lines")
    args = parser.parse_args()
    if not args.set.exists():
        raise SystemExit(f"{args.set}: not found (the shared data folder is needed for benchmarks)")
    memory(args) if args.memory else throughput(args)


if __name__ == "__main__":
    main()

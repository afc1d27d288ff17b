"""Benchmark: Sudoku throughput with 2 and N worker processes and on a Dask LocalCluster, against --jobs 1.

Each round runs every configuration once, interleaved (1, 2, N, dask, 1, 2, N, dask, ...), because the machine is
shared and noisy; the table shows the median puzzles/s and the speed-up over `--jobs 1` in the same run (the
baseline). Every run is a whole command, output read from a pipe: `puzzlesat sudoku FILE -f jsonl -j J`, and for
the Dask column `puzzlesat sudoku FILE -f jsonl --scheduler ADDRESS`, what a user runs, on a LocalCluster of N
single-threaded worker processes started once beforehand (its start-up not counted; connecting to it and checking
its workers, each run, is). `--memory LINES` instead writes a file of that many lines (the set repeated), runs the CLI over it
with all cores and reports the peak resident memory of the largest process (parent or worker, from wait4).

    python scripts/bench_scale.py                      # first 20,000 17-clue puzzles, 3 rounds: a few minutes
    python scripts/bench_scale.py --limit 500 --rounds 1 --no-dask    # seconds
    python scripts/bench_scale.py --limit 0 --rounds 1 # all 49,158
    python scripts/bench_scale.py --memory 1000000     # peak memory of one 1,000,000-line run
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from common import PUZZLESAT, add_data_option, data_file, measure, median, parser_for, rounds, table


def take(path: Path, lines: int, cycle: bool = False) -> Path:
    """A temporary file with the first `lines` lines of `path` (all when 0; the file repeated with `cycle`)."""
    source = path.read_text().splitlines(keepends=True)
    chosen = source[:lines] if lines else source
    while cycle and len(chosen) < lines:
        chosen += source[: lines - len(chosen)]
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.writelines(chosen)
    return Path(handle.name)


def run_cli(path: Path, where: list) -> tuple:
    """Seconds for the whole command (`where`: -j J or --scheduler ADDRESS) and the number of records it wrote."""
    done = measure([PUZZLESAT, "sudoku", str(path), "-f", "jsonl", *where])
    if done.status not in (0, 1):
        raise SystemExit(f"bench_scale: puzzlesat failed: {done.err[-500:]}")
    return done.wall, done.out.count(b"\n")


def dask_client(workers: int):
    """A LocalCluster client, or None when dask is not installed."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        print("dask.distributed is not installed (pip install 'puzzlesat[dask]'): skipping the Dask column")
        return None
    return Client(LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None))


def throughput(args) -> None:
    """The 1 / 2 / N / Dask table."""
    path = take(args.set, args.limit)
    cores = os.cpu_count() or 1
    configs = [f"cli -j {jobs}" for jobs in sorted({1, 2, cores})]
    client = None if args.no_dask else dask_client(cores)
    configs += [f"dask x{cores}"] if client is not None else []
    rates: dict = {}
    try:
        for number, config in rounds(args.rounds, configs):
            where = ["--scheduler", client.scheduler.address] if config.startswith("dask") else config.split()[1:]
            seconds, count = run_cli(path, where)
            rates.setdefault(config, []).append(count / seconds)
            if config == configs[-1]:
                print(f"round {number}/{args.rounds} done", file=sys.stderr)
    finally:
        if client is not None:
            client.close()
        path.unlink()
    base = median(rates["cli -j 1"])
    print(f"{args.set.name}, {count:,} puzzles, {args.rounds} rounds, {cores} cores")
    rows = [[name, f"{median(values):,.0f}", f"{median(values) / base:.2f}x", " ".join(f"{v:,.0f}" for v in values)]
            for name, values in rates.items()]
    print(table(["configuration", "median puzzles/s", "vs -j 1", "all rounds"], rows, "lrrl"))


def memory(args) -> None:
    """Peak memory of one run over a file of args.memory lines."""
    path = take(args.set, args.memory, cycle=True)
    try:
        done = measure([PUZZLESAT, "sudoku", str(path), "-f", "line", "--no-unique"])
    finally:
        path.unlink()
    lines = done.out.count(b"\n")
    print(f"{lines:,} lines in {done.wall:.1f} s; peak resident memory of the largest process: "
          f"{done.max_rss_mb:.1f} MiB")


def main(argv=None) -> int:
    """Parse the options; the throughput table, or the memory figure with --memory."""
    parser = parser_for(__doc__, 3)
    add_data_option(parser)
    parser.add_argument("--set", type=Path, help="puzzle file (default: DATA/sudoku/puzzles2_17_clue)")
    parser.add_argument("--limit", type=int, default=20000, help="first N puzzles (0: all; default %(default)s)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default %(default)s)")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask LocalCluster column")
    parser.add_argument("--memory", type=int, default=0, metavar="LINES",
                        help="instead: peak memory of one run over this many lines")
    args = parser.parse_args(argv)
    args.set = args.set if args.set else data_file(args.data, "sudoku", "puzzles2_17_clue")
    if not args.set.is_file():
        parser.error(f"--set {args.set}: no such file")
    memory(args) if args.memory else throughput(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())

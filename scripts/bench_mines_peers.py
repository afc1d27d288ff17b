#!/usr/bin/env python3
"""Benchmark: Minesweeper probabilities against ms-toollib's (a Rust engine with Python bindings), same positions.

Positions: the mid-game positions of scripts/bench_mines.py per level (beginner, intermediate, expert: random games of
the package's own Game, where the trivial rules find no safe cell), and dense 30x30 boards with 180 mines whose
safe cells are opened at random, scattered (40% to 60% of them, not by flood fill: many numbers, one large part).

Engines, timed in CPU time (time.process_time, garbage collection off) on the same positions, interleaved per
position (the order rotates), each position's time the least of --rounds runs:
  count     puzzlesat.mines.analyze(board): exact counting (the default)
  check     analyze(board, check=True): counting, then the SAT cross-check of every certain cell
  ms        ms_toollib.cal_probability_onboard(board, mines): JSMinesweeper's engine ported to Rust (floats)
On the dense boards ms-toollib runs in a child process, stopped after --dense-limit seconds (a stop counts as the
limit), and puzzlesat gets the same limit as its budget. ms-toollib's probabilities are compared with the exact
ones on every position both answer (|difference| <= --tolerance); on an inconsistent board ms-toollib raises or
moves the total into the range the numbers allow, so those are counted apart.

ms-toollib is for this benchmark only, never a dependency of the package: `pip install ms-toollib`.

    python scripts/bench_mines_peers.py                                 # 150 positions per level, 8 dense boards
    python scripts/bench_mines_peers.py --positions 20 --dense 2        # seconds
    python scripts/bench_mines_peers.py --levels expert --positions 300 --rounds 5 --dense 0
"""

from __future__ import annotations

import gc
import json
import random
import subprocess
import sys
import time
from typing import Callable, Optional

from bench_mines import add_position_options, p99, play_for_positions
from common import median, parser_for, ratio, table
from puzzlesat.mines import FLAG, HIDDEN, LEVELS, Board, Budget, analyze
from puzzlesat.mines.board import neighbour_table

ENGINES = ("count", "check", "ms")
MS_CODES = {HIDDEN: 10, FLAG: 11}  # ms-toollib: 0-8 numbers, 10 covered, 11 flag
PEER_CHILD = """
import json, sys, time
import ms_toollib
rows, mines = json.loads(sys.stdin.read())
started = time.process_time()
try:
    grid, _ = ms_toollib.cal_probability_onboard(rows, float(mines))
except Exception as error:
    grid = str(error)
print(json.dumps([time.process_time() - started, grid]))
"""


def import_peer():
    """The ms_toollib module, or exit with one line saying how to install it."""
    try:
        import ms_toollib
    except ImportError:
        raise SystemExit("bench_mines_peers.py: ms-toollib is not installed (benchmark only): pip install ms-toollib")
    return ms_toollib


def peer_rows(board: Board) -> list:
    """The board in ms-toollib's encoding."""
    return [[MS_CODES.get(value, value) for value in row] for row in board.cells]


def dense_board(rng: random.Random, width: int = 30, height: int = 30, mines: int = 180) -> Board:
    """A random layout with 40% to 60% of the safe cells opened, chosen at random (scattered, no flood fill)."""
    cells = width * height
    mined = set(rng.sample(range(cells), mines))
    safe = [i for i in range(cells) if i not in mined]
    opened = set(rng.sample(safe, int(rng.uniform(0.4, 0.6) * len(safe))))
    around = neighbour_table(width, height)
    known = [sum(n in mined for n in around[i]) if i in opened else HIDDEN for i in range(cells)]
    return Board.from_rows([known[r * width:(r + 1) * width] for r in range(height)], mines)


def cpu(function: Callable, *args, **kwargs) -> tuple:
    """The function's result and the CPU milliseconds it took."""
    started = time.process_time()
    result = function(*args, **kwargs)
    return result, (time.process_time() - started) * 1000


def peer_in_process(peer, board: Board) -> tuple:
    """ms-toollib's probability grid (or its error message) and its CPU milliseconds."""
    rows = peer_rows(board)
    started = time.process_time()
    try:
        grid, _ = peer.cal_probability_onboard(rows, float(board.total_mines))
    except Exception as error:  # ms-toollib raises a RuntimeError for a board it finds inconsistent
        grid = str(error)
    return grid, (time.process_time() - started) * 1000


def peer_in_child(board: Board, limit: float) -> tuple:
    """The same in a child process stopped after `limit` seconds: (None, limit) when stopped."""
    data = json.dumps([peer_rows(board), board.total_mines])
    try:
        done = subprocess.run([sys.executable, "-c", PEER_CHILD], input=data, capture_output=True, text=True,
                              timeout=limit + 5)
    except subprocess.TimeoutExpired:
        return None, limit * 1000
    seconds, grid = json.loads(done.stdout)
    return (grid, seconds * 1000) if seconds <= limit else (None, limit * 1000)


def disagreement(board: Board, ours, theirs, tolerance: float) -> Optional[float]:
    """The largest |ours - theirs| over the hidden cells when above the tolerance, else None."""
    worst = 0.0
    for r, row in enumerate(ours):
        for c, p in enumerate(row):
            if p is not None:
                worst = max(worst, abs(float(p) - theirs[r][c]))
    return worst if worst > tolerance else None


class Level:
    """Times and agreement figures of one set of positions."""

    def __init__(self, name: str):
        self.name = name
        self.times = {engine: [] for engine in ENGINES}
        self.agree = self.inconsistent = self.stopped = 0
        self.disagree: list = []

    def record(self, board: Board, found: dict, times: dict, tolerance: float) -> None:
        """Add one position's times and compare the answers."""
        for engine in ENGINES:
            self.times[engine].append(times[engine])
        ours, theirs = found["count"], found["ms"]
        if ours.status == "inconsistent" or isinstance(theirs, str):
            self.inconsistent += 1
        elif ours.probabilities is None or theirs is None:
            self.stopped += 1
        elif (worst := disagreement(board, ours.probabilities, theirs, tolerance)) is not None:
            self.disagree.append(worst)
        else:
            self.agree += 1

    def report(self) -> str:
        """The table of times, the ratios and the agreement line."""
        rows = [[engine, f"{median(v):.3f}", f"{p99(v):.3f}", f"{max(v):.3f}"] for engine, v in self.times.items()]
        peer = median(self.times["ms"])
        ratios = ", ".join(f"{engine} {ratio(median(self.times[engine]) / peer)}" for engine in ("count", "check"))
        lines = [table(["engine", "median ms", "p99 ms", "max ms"], rows, "lrrr"),
                 f"median ratio puzzlesat/ms-toollib: {ratios}",
                 f"probabilities agree on {self.agree}, differ on {len(self.disagree)}"
                 + (f" (largest difference {max(self.disagree):.3g})" if self.disagree else "")
                 + f"; inconsistent (either engine) {self.inconsistent}; stopped {self.stopped}"]
        return "\n".join(lines)


def bench_positions(name: str, boards: list, peer, rounds: int, tolerance: float) -> Level:
    """Time the three engines on small positions, interleaved, the least of `rounds` runs per position."""
    level = Level(name)
    runs = {"count": lambda b: cpu(analyze, b), "check": lambda b: cpu(analyze, b, check=True),
            "ms": lambda b: peer_in_process(peer, b)}
    for index, board in enumerate(boards):
        found, best = {}, {engine: float("inf") for engine in ENGINES}
        for round_ in range(rounds):
            shift = (index + round_) % len(ENGINES)
            for engine in ENGINES[shift:] + ENGINES[:shift]:
                found[engine], ms = runs[engine](board)
                best[engine] = min(best[engine], ms)
        level.record(board, found, best, tolerance)
    return level


def bench_dense(boards: list, limit: float, tolerance: float) -> Level:
    """Time the engines once on each dense board (ms-toollib in a child process), all stopped after `limit` s."""
    level = Level("dense 30x30, 180 mines")
    for index, board in enumerate(boards):
        found, times = {}, {}
        for engine in ENGINES[index % 3:] + ENGINES[:index % 3]:
            if engine == "ms":
                found[engine], times[engine] = peer_in_child(board, limit)
            else:
                found[engine], times[engine] = cpu(analyze, board, budget=Budget(seconds=limit),
                                                   check=engine == "check")
                if found[engine].status == "timeout":
                    times[engine] = limit * 1000
        level.record(board, found, times, tolerance)
        print(f"  dense board {index + 1}: " + ", ".join(f"{e} {times[e]:.0f} ms" for e in ENGINES), file=sys.stderr)
    return level


def main(argv=None) -> int:
    """Generate the positions, time the engines on them, print one table per set."""
    parser = parser_for(__doc__, 4)
    add_position_options(parser, "the games and boards")
    parser.add_argument("--rounds", type=int, default=3, help="runs per position, the least counts (default 3)")
    parser.add_argument("--dense", type=int, default=8, help="dense 30x30 boards (default %(default)s)")
    parser.add_argument("--dense-limit", type=float, default=10.0, help="seconds per dense board and engine")
    parser.add_argument("--tolerance", type=float, default=1e-9, help="largest |difference| that agrees")
    args = parser.parse_args(argv)
    peer = import_peer()
    rng = random.Random(args.seed)
    levels = [(level, play_for_positions(level, args.positions, rng, args.seed)) for level in args.levels]
    dense = [dense_board(rng) for _ in range(args.dense)]
    gc.collect()
    gc.freeze()
    gc.disable()  # no collection inside a timing
    for name, boards in levels:
        print(f"\n{name} {LEVELS[name]}: {len(boards)} positions, CPU ms, least of {args.rounds} interleaved runs")
        print(bench_positions(name, boards, peer, args.rounds, args.tolerance).report(), flush=True)
        gc.collect()
    if dense:
        print(f"\ndense 30x30, 180 mines, 40-60% of the safe cells open at random: {len(dense)} boards, CPU ms of "
              f"one run, stopped after {args.dense_limit} s")
        print(bench_dense(dense, args.dense_limit, args.tolerance).report())
    return 0


if __name__ == "__main__":
    sys.exit(main())

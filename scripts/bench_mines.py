#!/usr/bin/env python3
"""Benchmark: Minesweeper analysis as the command line runs it, against ms-toollib's engine on the same positions.

Positions: random games at beginner (9x9, 10), intermediate (16x16, 40) and expert (30x16, 99), the package's own
Game (`zero` first-click rule), played by a small player here: the trivial rules (flagging the mines they find in
half of the games), and the analysis's recommended move when they find nothing. Positions are taken where the
trivial rules find no safe cell (where a solver is needed), while 15% to 90% of the safe cells are open, at most 3 a
game. With --dense N, also dense 30x30 boards with 180 mines whose safe cells are opened at random, scattered (40%
to 60% of them: many numbers, one large part).

Engines, timed in CPU time (time.process_time, garbage collection off) on the same positions, interleaved per
position (the order rotates), each position's time the least of --rounds runs:
  with-p      what `puzzlesat mines BOARD --probabilities` computes per board (puzzlesat.mines.batch.answer_board):
              exact counting, the certain cells, the probabilities, the best move, dead cells and 50/50s
  without-p   the same without --probabilities (the same analysis: the pretty output then leaves the heatmap out)
  ms          ms_toollib.cal_probability_onboard(board, mines): JSMinesweeper's engine ported to Rust (floats only:
              no dead cells, no 50/50s, no best move)
  check       with --check: analyze(board, check=True), counting then the SAT cross-check of every certain cell
Per level: median, p99 and maximum milliseconds, the ratios puzzlesat/ms-toollib of the medians and of the p99s, and
on how many positions ms-toollib's probabilities agree with the exact ones (|difference| <= --tolerance). The first
line says whether this install runs the counting modules compiled (setup.py) or as plain Python.

--naive adds the baseline of the first analysis: every frontier layout enumerated with SAT (Session.models, blocking
clauses), weighed by binomials, stopped after --naive-limit seconds a position, its probabilities compared with the
exact ones. --big adds a 100x100 board with 2,000 mines in mid-game. ms-toollib is for benchmarks and tests only,
never a dependency of the package: `pip install ms-toollib` (the test extra has it).

    python scripts/bench_mines.py                                   # 150 positions per level: about 20 s
    python scripts/bench_mines.py --positions 20 --rounds 1         # a few seconds
    python scripts/bench_mines.py --levels expert --positions 300 --rounds 5 --dense 8 --check
    python scripts/bench_mines.py --levels beginner --naive --big
"""

from __future__ import annotations

import gc
import json
import random
import subprocess
import sys
import time
from fractions import Fraction
from math import comb
from typing import Callable, Dict, List, Optional

from common import REPO, median, parser_for, ratio, table

sys.path.insert(0, str(REPO))

import puzzlesat  # noqa: E402
from puzzlesat.compiled import MYPYC_MODULES, running  # noqa: E402
from puzzlesat.mines import FLAG, HIDDEN, LEVELS, Board, Budget, Game, OutOfBudget, Setup, analyze  # noqa: E402
from puzzlesat.mines.batch import answer_board  # noqa: E402
from puzzlesat.mines.board import neighbour_table  # noqa: E402
from puzzlesat.mines.count import trivial  # noqa: E402
from puzzlesat.mines.encode import encode  # noqa: E402
from puzzlesat.mines.equations import equations  # noqa: E402
from puzzlesat.mines.reader import BoardRecord  # noqa: E402
from puzzlesat.sat import Session  # noqa: E402

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


# ---- positions ----------------------------------------------------------------------------------------------------

def open_all(game: Game, cells) -> bool:
    """Open the cells (indices) still hidden; False when one was a mine."""
    for index in cells:
        if game.known[index] < 0 and not game.open(game.position_of(index)):
            return False
    return True


def progress(game: Game) -> float:
    """The share of the safe cells open."""
    safe = game.setup.cells - game.setup.mines
    return 1 - game.hidden_safe / safe


def flagged_board(game: Game, flags: set) -> Board:
    """The player's view with the flagged cells as FLAG (the total counts them)."""
    width, known = game.setup.width, [FLAG if i in flags else v for i, v in enumerate(game.known)]
    rows = tuple(tuple(known[r * width:(r + 1) * width]) for r in range(game.setup.height))
    return Board(width, game.setup.height, rows, game.setup.mines)


def play_for_positions(level: str, wanted: int, rng: random.Random, seed: int, low=0.15, high=0.9) -> list:
    """Mid-game positions from random games of one level where trivial rules find no safe cell (at most 3 a game)."""
    setup, positions, index = Setup(*LEVELS[level], rules="zero"), [], 0
    while len(positions) < wanted:
        game, index = Game(setup, seed, index), index + 1
        game.open((rng.randrange(setup.height), rng.randrange(setup.width)))
        flagging, flags, taken = rng.random() < 0.5, set(), 0
        while not game.over:
            safe, mines = trivial(game.known, game.neighbours, flags)
            if flagging:
                flags |= mines
            moves = sorted(safe)
            if not moves:
                board = flagged_board(game, flags)
                if low <= progress(game) <= high and taken < 3 and rng.random() < 0.5:
                    positions.append(board)
                    taken += 1
                best = analyze(board).best
                moves = [] if best is None else [board.index_of(best)]
            if not moves or not open_all(game, moves):
                break
    return positions[:wanted]


def dense_board(rng: random.Random, width: int = 30, height: int = 30, mines: int = 180) -> Board:
    """A random layout with 40% to 60% of the safe cells opened, chosen at random (scattered, no flood fill)."""
    cells = width * height
    mined = set(rng.sample(range(cells), mines))
    safe = [i for i in range(cells) if i not in mined]
    opened = set(rng.sample(safe, int(rng.uniform(0.4, 0.6) * len(safe))))
    around = neighbour_table(width, height)
    known = [sum(n in mined for n in around[i]) if i in opened else HIDDEN for i in range(cells)]
    return Board.from_rows([known[r * width:(r + 1) * width] for r in range(height)], mines)


def add_position_options(parser, seeded: str) -> None:
    """--positions, --levels and --seed: which mid-game positions play_for_positions makes (`seeded`: what the
    seed decides, for --help)."""
    parser.add_argument("--positions", type=int, default=150, help="positions per level (default %(default)s)")
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=list(LEVELS))
    parser.add_argument("--seed", type=int, default=2024, help=f"seed of {seeded} (default %(default)s)")


# ---- engines -------------------------------------------------------------------------------------------------------

def import_peer():
    """The ms_toollib module, or exit with one line saying how to install it."""
    try:
        import ms_toollib
    except ImportError:
        raise SystemExit("bench_mines.py: ms-toollib is not installed (benchmarks and tests only): "
                         "pip install ms-toollib")
    return ms_toollib


def peer_rows(board: Board) -> list:
    """The board in ms-toollib's encoding."""
    return [[MS_CODES.get(value, value) for value in row] for row in board.cells]


def cpu(function: Callable, *args, **kwargs) -> tuple:
    """The function's result and the CPU milliseconds it took."""
    started = time.process_time()
    result = function(*args, **kwargs)
    return result, (time.process_time() - started) * 1000


def as_the_cli(board: Board, probabilities: bool):
    """What `puzzlesat mines` computes for one board, with or without --probabilities: its analysis."""
    return answer_board(BoardRecord("bench", 1, board), probabilities, None).analysis


def peer_in_process(peer, rows: list, mines: int) -> tuple:
    """ms-toollib's probability grid (or its error message) and its CPU milliseconds."""
    started = time.process_time()
    try:
        grid, _ = peer.cal_probability_onboard(rows, float(mines))
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


def naive_probabilities(board: Board, limit: float) -> Optional[Dict[int, Fraction]]:
    """Probabilities by listing every frontier layout with SAT (blocking clauses), or None after `limit` s."""
    eq = equations(board)
    frontier, tally, by_mines = list(eq.frontier), {cell: {} for cell in eq.frontier}, {}
    deadline = time.monotonic() + limit
    with Session() as session:
        enc = encode(eq, session.vars)
        base = enc.assumptions()
        session.add_clauses(enc.take_new_clauses())
        try:
            for model in session.models(base, [enc.var[cell] for cell in frontier], budget=Budget(seconds=limit)):
                if time.monotonic() > deadline:
                    return None
                k = sum(1 for lit in model if lit > 0)
                by_mines[k] = by_mines.get(k, 0) + 1
                for cell, lit in zip(frontier, model):
                    if lit > 0:
                        tally[cell][k] = tally[cell].get(k, 0) + 1
        except OutOfBudget:
            return None
    off, left = len(eq.off_frontier), eq.mines_left
    weight = {k: comb(off, left - k) if 0 <= left - k <= off else 0 for k in by_mines}
    total = sum(by_mines[k] * weight[k] for k in by_mines)
    result = {cell: Fraction(sum(n * weight[k] for k, n in tally[cell].items()), total) for cell in frontier}
    if off:
        mines_off = sum(by_mines[k] * weight[k] * (left - k) for k in by_mines)
        result.update(dict.fromkeys(eq.off_frontier, Fraction(mines_off, total * off)))
    return result


# ---- figures -------------------------------------------------------------------------------------------------------

def p99(times: list) -> float:
    """The 99th percentile (nearest rank)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


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

    def __init__(self, name: str, engines: List[str]):
        self.name = name
        self.times: Dict[str, list] = {engine: [] for engine in engines}
        self.agree = self.inconsistent = self.stopped = self.mismatches = 0
        self.disagree: list = []

    def record(self, board: Board, found: dict, times: dict, tolerance: float) -> None:
        """Add one position's times and compare the answers."""
        for engine, spent in times.items():
            self.times[engine].append(spent)
        ours, theirs = found["with-p"], found["ms"]
        if "naive" in found and found["naive"] is not None and ours.probabilities is not None:
            width = board.width
            self.mismatches += any(p != ours.probabilities[i // width][i % width] for i, p in found["naive"].items())
        if ours.status == "inconsistent" or isinstance(theirs, str):
            self.inconsistent += 1
        elif ours.probabilities is None or theirs is None:
            self.stopped += 1
        elif (worst := disagreement(board, ours.probabilities, theirs, tolerance)) is not None:
            self.disagree.append(worst)
        else:
            self.agree += 1

    def ratios(self, engine: str) -> tuple:
        """(median ratio, p99 ratio) of an engine against ms-toollib."""
        peer = self.times["ms"]
        return median(self.times[engine]) / median(peer), p99(self.times[engine]) / p99(peer)

    def report(self) -> str:
        """The table of times, the ratios and the agreement line."""
        rows = [[engine, f"{median(v):.3f}", f"{p99(v):.3f}", f"{max(v):.3f}"] for engine, v in self.times.items()]
        lines = [table(["engine", "median ms", "p99 ms", "max ms"], rows, "lrrr")]
        for engine in self.times:
            if engine != "ms":
                middle, high = self.ratios(engine)
                lines.append(f"{engine} / ms-toollib: median {ratio(middle)}, p99 {ratio(high)}")
        lines.append(f"probabilities agree on {self.agree}, differ on {len(self.disagree)}"
                     + (f" (largest difference {max(self.disagree):.3g})" if self.disagree else "")
                     + f"; inconsistent (either engine) {self.inconsistent}; stopped {self.stopped}"
                     + (f"; naive/exact mismatches {self.mismatches}" if "naive" in self.times else ""))
        return "\n".join(lines)


def bench_positions(name: str, boards: list, peer, args) -> Level:
    """Time the engines on small positions, interleaved, the least of `rounds` runs per position."""
    engines = ["with-p", "without-p", "ms"] + (["check"] if args.check else [])
    level = Level(name, engines + (["naive"] if args.naive else []))
    for index, board in enumerate(boards):
        rows = peer_rows(board)
        runs = {"with-p": lambda: cpu(as_the_cli, board, True), "without-p": lambda: cpu(as_the_cli, board, False),
                "ms": lambda: peer_in_process(peer, rows, board.total_mines),
                "check": lambda: cpu(analyze, board, check=True)}
        found, best = {}, {engine: float("inf") for engine in engines}
        for round_ in range(args.rounds):
            shift = (index + round_) % len(engines)
            for engine in engines[shift:] + engines[:shift]:
                found[engine], spent = runs[engine]()
                best[engine] = min(best[engine], spent)
        if args.naive:
            found["naive"], best["naive"] = cpu(naive_probabilities, board, args.naive_limit)
        level.record(board, found, best, args.tolerance)
    return level


def bench_dense(boards: list, limit: float, tolerance: float) -> Level:
    """Time the engines once on each dense board (ms-toollib in a child process), all stopped after `limit` s."""
    engines = ["with-p", "ms"]
    level = Level("dense 30x30, 180 mines", engines)
    for index, board in enumerate(boards):
        found, times = {}, {}
        for engine in engines[index % 2:] + engines[:index % 2]:
            if engine == "ms":
                found[engine], times[engine] = peer_in_child(board, limit)
            else:
                found[engine], times[engine] = cpu(analyze, board, budget=Budget(seconds=limit), patterns=True)
                if found[engine].status == "timeout":
                    times[engine] = limit * 1000
        level.record(board, found, times, tolerance)
        print(f"  dense board {index + 1}: " + ", ".join(f"{e} {times[e]:.0f} ms" for e in engines), file=sys.stderr)
    return level


def big_board(rng: random.Random, seed: int, limit: float) -> None:
    """A 100x100 board with 2,000 mines opened to mid-game (by a player that knows the mines), analysed."""
    game = Game(Setup(100, 100, 2000, rules="zero"), seed)
    game.open((50, 50))
    while progress(game) < 0.5 and not game.over:
        safe, _ = trivial(game.known, game.neighbours)
        if not safe:
            safe = [rng.choice([i for i, v in enumerate(game.known) if v < 0 and i not in game.mines])]
        open_all(game, sorted(safe))
    board = game.board()
    eq = equations(board)
    print(f"\n100x100, 2000 mines, {progress(game):.0%} of the safe cells open, "
          f"{len(eq.frontier)} frontier cells, {len(eq.constraints)} numbers, time limit {limit} s")
    for check in (True, False):
        result, spent = cpu(analyze, board, budget=Budget(seconds=limit), check=check, patterns=True)
        exact = result.probabilities is not None
        print(f"  analyze(check={check}): {spent:.0f} ms CPU, status {result.status}, "
              f"{'exact probabilities' if exact else 'no probabilities'}, {len(result.safe)} safe, "
              f"{len(result.mines)} mines" + (f"; {result.note}" if result.note else ""))


def build() -> str:
    """Which build of Minesweeper's counting runs here."""
    compiled = [module for module in running() if module in MYPYC_MODULES]
    return f"counting compiled ({', '.join(compiled)})" if compiled else "counting in plain Python"


def main(argv=None) -> int:
    """Generate the positions, time the engines on them, print one table per set."""
    parser = parser_for(__doc__, 3)
    add_position_options(parser, "the games and boards")
    parser.add_argument("--rounds", type=int, default=3, help="runs per position, the least counts (default 3)")
    parser.add_argument("--check", action="store_true", help="also time analyze(check=True)")
    parser.add_argument("--dense", type=int, default=0, help="dense 30x30 boards (default %(default)s)")
    parser.add_argument("--dense-limit", type=float, default=10.0, help="seconds per dense board and engine")
    parser.add_argument("--tolerance", type=float, default=1e-9, help="largest |difference| that agrees")
    parser.add_argument("--naive", action="store_true", help="also the naive SAT enumerator")
    parser.add_argument("--naive-limit", type=float, default=2.0, help="seconds per position for the naive engine")
    parser.add_argument("--big", action="store_true", help="also the 100x100 board")
    parser.add_argument("--big-limit", type=float, default=20.0, help="seconds for the 100x100 board")
    args = parser.parse_args(argv)
    peer = import_peer()
    print(f"puzzlesat {puzzlesat.__version__}, {build()}")
    rng = random.Random(args.seed)
    levels = [(level, play_for_positions(level, args.positions, rng, args.seed)) for level in args.levels]
    dense = [dense_board(rng) for _ in range(args.dense)]
    gc.collect()
    gc.freeze()
    gc.disable()  # no collection inside a timing
    for name, boards in levels:
        print(f"\n{name} {LEVELS[name]}: {len(boards)} positions, CPU ms, least of {args.rounds} interleaved runs")
        print(bench_positions(name, boards, peer, args).report(), flush=True)
        gc.collect()
    if dense:
        print(f"\ndense 30x30, 180 mines, 40-60% of the safe cells open at random: {len(dense)} boards, CPU ms of "
              f"one run, stopped after {args.dense_limit} s")
        print(bench_dense(dense, args.dense_limit, args.tolerance).report())
    if args.big:
        big_board(rng, args.seed, args.big_limit)
    return 0


if __name__ == "__main__":
    sys.exit(main())

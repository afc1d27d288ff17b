#!/usr/bin/env python3
"""Benchmark: Minesweeper analysis on mid-game positions, with and without the SAT cross-check, and a naive SAT enumerator.

Positions: random games at beginner (9x9, 10), intermediate (16x16, 40) and expert (30x16, 99), the package's
own Game (puzzlesat.mines.Game, `zero` first-click rule: no mine around the first click), played by a small
player here: the trivial rules (flagging the mines they find in half of the games), and the analysis's
recommended move when they find nothing. Positions are taken where the trivial rules find no safe cell (where a
solver is needed), while 15% to 90% of the safe cells are open, at most 3 a game.

Engines, timed on the same positions in the same run (the machine is shared and noisy, so medians
and ratios matter, not single times):
  check        analyze(board, check=True): counting, then the SAT cross-check of every certain cell
  count        puzzlesat.mines.analyze(board): exact counting alone (the default)
  naive        the baseline: every frontier layout enumerated with SAT (Session.models, blocking clauses),
               weighed by binomials (stopped after --naive-limit seconds per position; a stop counts as that limit)
Naive results are compared with the exact probabilities whenever it finishes.

Last, a 100x100 board with 2,000 mines in mid-game, analysed with --big-limit seconds. ms-toollib's engine on the
same positions: scripts/bench_mines_peers.py.

    python scripts/bench_mines.py                       # 150 positions per level, a few minutes
    python scripts/bench_mines.py --positions 10 --no-big   # seconds
    python scripts/bench_mines.py --positions 40 --levels expert --seed 7
"""

from __future__ import annotations

import gc
import random
import sys
import time
from fractions import Fraction
from math import comb

from common import median, parser_for
from puzzlesat.mines import FLAG, LEVELS, Board, Budget, Game, OutOfBudget, Setup, analyze
from puzzlesat.mines.count import trivial
from puzzlesat.mines.encode import encode
from puzzlesat.mines.equations import equations
from puzzlesat.sat import Session


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


def naive_probabilities(board: Board, limit: float):
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


def timed(function, *args, **kwargs):
    """The function's result and the milliseconds it took."""
    started = time.perf_counter()
    result = function(*args, **kwargs)
    return result, (time.perf_counter() - started) * 1000


def p99(times: list) -> float:
    """The 99th percentile (nearest rank)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def stats(times: list) -> str:
    """Median, p99 and maximum of a list of milliseconds."""
    return f"median {median(times):8.2f} ms   p99 {p99(times):8.2f} ms   max {max(times):8.2f} ms"


def bench_level(level: str, positions: list, naive_limit: float) -> None:
    """Time the three engines on the positions of one level and print the figures."""
    times = {"check": [], "count": [], "naive": []}
    unknown = naive_stopped = mismatches = 0
    for board in positions:
        result, ms = timed(analyze, board, check=True)
        times["check"].append(ms)
        unknown += result.status != "consistent"
        fast, ms = timed(analyze, board)
        times["count"].append(ms)
        naive, ms = timed(naive_probabilities, board, naive_limit)
        if naive is None:
            naive_stopped += 1
            ms = max(ms, naive_limit * 1000)
        elif any(p != result.probabilities[i // board.width][i % board.width] for i, p in naive.items()):
            mismatches += 1
        times["naive"].append(ms)
        assert fast.probabilities == result.probabilities
    flagged = sum(1 for board in positions if board.flags)
    print(f"\n{level} {LEVELS[level]}: {len(positions)} positions ({flagged} with flags), "
          f"{len(positions) - unknown} analysed exactly, naive stopped on {naive_stopped}, "
          f"naive/exact mismatches {mismatches}")
    for name, values in times.items():
        print(f"  {name:8} {stats(values)}")
    for label, figure in (("median", median), ("p99", p99), ("total", sum)):
        naive = figure(times["naive"])
        print(f"  {label} ratio naive/check {naive / figure(times['check']):6.1f}x, "
              f"naive/count {naive / figure(times['count']):6.1f}x")
    if naive_stopped:
        print("  (naive times include stops at the limit: its figures are lower bounds)")


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
        result, ms = timed(analyze, board, budget=Budget(seconds=limit), check=check)
        exact = result.probabilities is not None
        print(f"  analyze(check={check}): {ms:.0f} ms, status {result.status}, "
              f"{'exact probabilities' if exact else 'no probabilities'}, {len(result.safe)} safe, "
              f"{len(result.mines)} mines" + (f"; {result.note}" if result.note else ""))


def add_position_options(parser, seeded: str) -> None:
    """--positions, --levels and --seed: which mid-game positions play_for_positions makes (`seeded`: what the
    seed decides, for --help)."""
    parser.add_argument("--positions", type=int, default=150, help="positions per level (default %(default)s)")
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=list(LEVELS))
    parser.add_argument("--seed", type=int, default=2024, help=f"seed of {seeded} (default %(default)s)")


def main(argv=None) -> int:
    """Generate the positions of each level, time the engines on them, then the big board."""
    parser = parser_for(__doc__, 3)
    add_position_options(parser, "the games")
    parser.add_argument("--naive-limit", type=float, default=2.0, help="seconds per position for the naive engine")
    parser.add_argument("--big-limit", type=float, default=20.0, help="seconds for the 100x100 board")
    parser.add_argument("--no-big", action="store_true", help="skip the 100x100 board")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    for level in args.levels:
        started = time.perf_counter()
        positions = play_for_positions(level, args.positions, rng, args.seed)
        gc.collect()
        gc.freeze()  # keep full garbage collections of the stored positions out of the timings
        print(f"generated {len(positions)} {level} positions in {time.perf_counter() - started:.1f} s", file=sys.stderr)
        bench_level(level, positions, args.naive_limit)
    if not args.no_big:
        big_board(rng, args.seed, args.big_limit)
    return 0


if __name__ == "__main__":
    sys.exit(main())

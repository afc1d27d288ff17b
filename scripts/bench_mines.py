#!/usr/bin/env python3
"""Benchmark `puzzlesat.mines.analyze` on mid-game positions from random games, against a naive engine.

Positions: random games at beginner (9x9, 10), intermediate (16x16, 40) and expert (30x16, 99), first
click with no mine around it, played by a small self-contained player (trivial rules, flags on the
mines they find in half of the games, and the library's recommended move when they find nothing).
Positions are taken where the trivial rules find no safe cell (where a solver is needed), while 15%
to 90% of the safe cells are open.

Engines, timed on the same positions in the same run (the machine is shared and noisy, so medians
and ratios matter, not single times):
  analyze      puzzlesat.mines.analyze(board): counting, then the SAT check of every certain cell
  count        analyze(board, check=False): exact counting alone
  naive        every frontier layout enumerated with SAT and blocking clauses, weighed by binomials
               (stopped after --naive-limit seconds per position; a stop counts as that limit)
Naive results are compared with the exact probabilities whenever it finishes.

Last, a 100x100 board with 2,000 mines in mid-game, analysed with --big-limit seconds.

    python scripts/bench_mines.py                       # 150 positions per level
    python scripts/bench_mines.py --positions 40 --levels expert --seed 7
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from fractions import Fraction
from math import comb

from puzzlesat.mines import FLAG, HIDDEN, Board, Budget, analyze
from puzzlesat.mines.count import trivial_rules
from puzzlesat.mines.encode import encode, equations
from puzzlesat.sat import BudgetExhausted, Engine

LEVELS = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (30, 16, 99)}


class Game:
    """A hidden mine layout and what the player sees of it."""

    def __init__(self, width: int, height: int, mines: int, rng: random.Random, first: tuple):
        self.width, self.height, self.total = width, height, mines
        cells = [(r, c) for r in range(height) for c in range(width)]
        keep_clear = {first} | set(self.around(first))
        self.mines = set(rng.sample([cell for cell in cells if cell not in keep_clear], mines))
        self.view = {cell: HIDDEN for cell in cells}
        self.safe_total = len(cells) - mines
        self.opened = 0

    def around(self, cell: tuple) -> list:
        r, c = cell
        return [(rr, cc) for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
                if (rr, cc) != cell and 0 <= rr < self.height and 0 <= cc < self.width]

    def open(self, cell: tuple) -> bool:
        """Open a cell (flood-filling zeros); False if it was a mine."""
        if cell in self.mines:
            return False
        stack = [cell]
        while stack:
            here = stack.pop()
            if self.view[here] != HIDDEN:
                continue
            number = sum(1 for other in self.around(here) if other in self.mines)
            self.view[here] = number
            self.opened += 1
            if number == 0:
                stack.extend(other for other in self.around(here) if self.view[other] == HIDDEN)
        return True

    def board(self) -> Board:
        rows = tuple(tuple(self.view[(r, c)] for c in range(self.width)) for r in range(self.height))
        return Board(self.width, self.height, rows, self.total)

    @property
    def progress(self) -> float:
        return self.opened / self.safe_total


def play_for_positions(level: str, wanted: int, rng: random.Random, low=0.15, high=0.9) -> list:
    """Mid-game positions from random games of one level where trivial rules find no safe cell (at most 3 a game)."""
    width, height, mines = LEVELS[level]
    positions = []
    while len(positions) < wanted:
        first = (rng.randrange(height), rng.randrange(width))
        game = Game(width, height, mines, rng, first)
        game.open(first)
        flags = rng.random() < 0.5
        taken = 0
        while game.opened < game.safe_total:
            moves = _trivial_moves(game, flags)
            if not moves:
                board = game.board()
                if low <= game.progress <= high and taken < 3 and rng.random() < 0.5:
                    positions.append(board)
                    taken += 1
                moves = [analyze(board, check=False).best]
            if None in moves or not all(game.open(move) for move in moves):
                break
    return positions[:wanted]


def _trivial_moves(game: Game, flag: bool) -> list:
    """The cells that trivial rules prove safe (flagging the mines they find if asked)."""
    fixed = trivial_rules(equations(game.board())) or {}
    if flag:
        for cell, mine in fixed.items():
            if mine:
                game.view[cell] = FLAG
    return sorted(cell for cell, mine in fixed.items() if not mine)


def naive_probabilities(board: Board, limit: float):
    """Probabilities by listing every frontier layout with SAT (blocking clauses), or None after `limit` s."""
    eq = equations(board)
    enc = encode(eq)
    base = enc.assumptions()
    frontier = list(eq.frontier)
    tally = {cell: {} for cell in frontier}
    by_mines: dict = {}
    deadline = time.monotonic() + limit
    with Engine(enc.clauses, enc.top) as engine:
        try:
            for model in engine.models(base, [enc.var[cell] for cell in frontier], budget=Budget(seconds=limit)):
                if time.monotonic() > deadline:
                    return None
                k = sum(1 for lit in model if lit > 0)
                by_mines[k] = by_mines.get(k, 0) + 1
                for cell, lit in zip(frontier, model):
                    if lit > 0:
                        tally[cell][k] = tally[cell].get(k, 0) + 1
        except BudgetExhausted:
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
    started = time.perf_counter()
    result = function(*args, **kwargs)
    return result, (time.perf_counter() - started) * 1000


def p99(times: list) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def stats(times: list) -> str:
    return f"median {statistics.median(times):8.2f} ms   p99 {p99(times):8.2f} ms   max {max(times):8.2f} ms"


def bench_level(level: str, positions: list, naive_limit: float) -> None:
    """Time the three engines on the positions of one level and print the figures."""
    times = {"analyze": [], "count": [], "naive": []}
    unknown = naive_stopped = mismatches = 0
    for board in positions:
        result, ms = timed(analyze, board)
        times["analyze"].append(ms)
        unknown += result.status != "consistent"
        fast, ms = timed(analyze, board, check=False)
        times["count"].append(ms)
        naive, ms = timed(naive_probabilities, board, naive_limit)
        if naive is None:
            naive_stopped += 1
            ms = max(ms, naive_limit * 1000)
        elif any(result.probabilities[r][c] != p for (r, c), p in naive.items()):
            mismatches += 1
        times["naive"].append(ms)
        assert fast.probabilities == result.probabilities
    exact = len(positions) - unknown
    print(f"\n{level} {LEVELS[level]}: {len(positions)} positions, {exact} analysed exactly, "
          f"naive stopped on {naive_stopped}, naive/exact mismatches {mismatches}")
    for name, values in times.items():
        print(f"  {name:8} {stats(values)}")
    for label, figure in (("median", statistics.median), ("p99", p99), ("total", sum)):
        naive = figure(times["naive"])
        print(f"  {label} ratio naive/analyze {naive / figure(times['analyze']):6.1f}x, "
              f"naive/count {naive / figure(times['count']):6.1f}x")
    if naive_stopped:
        print("  (naive times include stops at the limit: its figures are lower bounds)")


def big_board(rng: random.Random, limit: float) -> None:
    """A 100x100 board with 2,000 mines opened to mid-game (a generator that knows the mines), analysed."""
    game = Game(100, 100, 2000, rng, (50, 50))
    game.open((50, 50))
    while game.progress < 0.5:
        fixed = trivial_rules(equations(game.board())) or {}
        safe = [cell for cell, mine in fixed.items() if not mine]
        if not safe:
            safe = [rng.choice([cell for cell, v in game.view.items() if v == HIDDEN and cell not in game.mines])]
        for cell in safe:
            game.open(cell)
    board = game.board()
    eq = equations(board)
    print(f"\n100x100, 2000 mines, {game.progress:.0%} of the safe cells open, "
          f"{len(eq.frontier)} frontier cells, {len(eq.constraints)} numbers, time limit {limit} s")
    for check in (True, False):
        result, ms = timed(analyze, board, budget=Budget(seconds=limit), check=check)
        exact = result.probabilities is not None
        print(f"  analyze(check={check}): {ms:.0f} ms, status {result.status}, "
              f"{'exact probabilities' if exact else 'no probabilities'}, {len(result.safe)} safe, "
              f"{len(result.mines)} mines" + (f"; {result.note}" if result.note else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=150, help="positions per level")
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=list(LEVELS))
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--naive-limit", type=float, default=2.0, help="seconds per position for the naive engine")
    parser.add_argument("--big-limit", type=float, default=20.0, help="seconds for the 100x100 board")
    parser.add_argument("--no-big", action="store_true", help="skip the 100x100 board")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for level in args.levels:
        started = time.perf_counter()
        positions = play_for_positions(level, args.positions, rng)
        gc.collect()
        gc.freeze()  # keep full garbage collections of the stored positions out of the timings
        print(f"generated {len(positions)} {level} positions in {time.perf_counter() - started:.1f} s", file=sys.stderr)
        bench_level(level, positions, args.naive_limit)
    if not args.no_big:
        big_board(rng, args.big_limit)


if __name__ == "__main__":
    main()

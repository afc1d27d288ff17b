#!/usr/bin/env python3
"""Benchmark: two Minesweeper strategies on the same games (paired), with McNemar's test and games per CPU-second.

Game k of seed s has the same layout for every strategy and every revision of puzzlesat (puzzlesat.mines.Game), so
two strategies can play the very same games: a difference of a few tenths of a point, invisible in unpaired runs of
10,000 games, shows in the games one wins and the other loses (McNemar's exact test on those discordant games).
Each side is a STRATEGY of the working tree, REV:STRATEGY of a git revision (checked out in a temporary worktree,
removed at the end) or DIR:STRATEGY of a source tree, so a new strategy can be measured against the previous one in
the same run. A side may also be David Hill's Java solver (`hill`, or `hill+OPTION` for a driver option such as
`hill+no-long-term-safety`), built as scripts/README.md says (bench_java_solver.py; --hill-build names its classes):
it plays puzzlesat's very layouts (the first click in the corner), its games per CPU-second those of its whole JVM.

Games are played in worker processes (--jobs), in chunks that alternate between the sides, so both see the same
machine load. Each worker times its own CPU per game and per move: the table gives games per CPU-second of each
side and their ratio (> 1: B plays faster), and each side's slowest move.

    python scripts/paired_games.py --a 4f718d6:lookahead --b lookahead --run expert:safe:2000 --jobs 2
    python scripts/paired_games.py --a minprob --b lookahead --run beginner:safe:1000 --run expert:zero:500:3,3
    python scripts/paired_games.py --a HEAD:lookahead --b lookahead --run expert:safe:20000 --json out.jsonl

A run is LEVEL:RULES:GAMES[:ROW,COL] (LEVEL a level name or WIDTHxHEIGHTxMINES; the first move is the corner by
default); --start plays games START.. instead of 0... Prints one JSON line per run (stdout, and to --json) and a
Markdown table at the end. --cache FILE keeps the games of a side given as a git revision (its commit, strategy, run
and seed): a later run reads them from there instead of playing them again and adds the ones it plays, so a baseline
is played once for many experiments (its games per CPU-second are then those of the run that played it). A Hill
side is cached too (keyed by its options and its build). The cache grows as each chunk ends, so an interrupted run
keeps its games.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from common import REPO, measure, parser_for, table

HILL = "hill"  # a side played by Hill's Java solver: hill, or hill+OPTION+OPTION (PuzzlesatBulk's --OPTION flags)


def play_chunk(tree: str, strategy: str, level: str, rules: str, first: str, seed: int, start: int, stop: int) -> None:
    """Worker: play games start..stop-1 with the puzzlesat found in `tree`; one JSON line per game on stdout."""
    sys.path.insert(0, tree)
    import puzzlesat

    if not puzzlesat.__file__.startswith(tree):
        raise SystemExit(f"paired_games.py: puzzlesat came from {puzzlesat.__file__}, not from {tree}")
    from puzzlesat.mines.game import Game, parse_cell, parse_size
    from puzzlesat.mines.strategy import make_player

    setup = parse_size(level, rules)
    cell = parse_cell(first, setup)
    for index in range(start, stop):
        began = time.process_time()
        game = Game(setup, seed, index)
        player = make_player(strategy, game, cell)
        slowest = guesses = 0
        while not game.over:
            tick = time.process_time()
            chosen, probability = player.choose()
            slowest = max(slowest, time.process_time() - tick)
            guesses += probability > 0
            game.open(game.position_of(chosen), probability)
        line = {"index": index, "won": game.won, "cpu": time.process_time() - began, "slowest": slowest,
                "guesses": guesses}
        print(json.dumps(line), flush=True)


def play_hill_chunk(build: str, options: str, level: str, rules: str, first: str, seed: int, start: int,
                    stop: int) -> None:
    """Worker: Hill's solver plays puzzlesat's layouts of games start..stop-1; one JSON line per game on stdout."""
    from bench_java_solver import JAVA_MAIN, RESULT, fail, layouts

    width, height, mines = hill_board(level, rules, first)
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as layout_file:
        layout_file.write(layouts(str(REPO), level, seed, start, stop))
        layout_file.flush()
        flags = [f"--{flag}" for flag in options.split("+") if flag]
        done = measure(["java", "-XX:+UseSerialGC", "-cp", build, JAVA_MAIN, str(width), str(height), str(mines),
                        str(stop - start), str(seed), "--layouts", layout_file.name] + flags)
    found = RESULT.search((done.out or b"").decode("utf-8", "replace"))
    if done.status or not found:
        raise fail(f"Hill's solver failed (exit {done.status}): {done.err.strip()[-300:]}")
    result = json.loads(found.group(1))
    guesses = [int(count) for count in result["guesses_each"].split(",")]
    for index, (outcome, count) in enumerate(zip(result["outcomes"], guesses), start):
        line = {"index": index, "won": outcome == "1", "cpu": done.cpu / (stop - start), "slowest": None,
                "guesses": count}
        print(json.dumps(line), flush=True)


def hill_board(level: str, rules: str, first: str) -> Tuple[int, int, int]:
    """Width, height and mines of a run Hill's driver can play (its first click is the corner), else exit."""
    from puzzlesat.mines.game import parse_size

    setup = parse_size(level, rules)
    if first not in ("corner", "0,0"):
        raise SystemExit(f"paired_games.py: Hill's solver opens the corner first, not {first}")
    return setup.width, setup.height, setup.mines


def is_hill(strategy: str) -> bool:
    """Whether a side's strategy names Hill's solver."""
    return strategy == HILL or strategy.startswith(HILL + "+")


@contextmanager
def checked_out(revision: Optional[str]):
    """The source tree of a revision (a temporary git worktree), a directory as it is, or (None) this repository."""
    if revision is None or Path(revision).is_dir():
        yield str(Path(revision or REPO).resolve())
        return
    where = tempfile.mkdtemp(prefix="paired-")
    subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "-q", where, revision], check=True)
    try:
        yield where
    finally:
        subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", where], check=False)


def parse_side(text: str) -> Tuple[Optional[str], str]:
    """REV:STRATEGY or STRATEGY -> (revision or None, strategy)."""
    revision, _, strategy = text.rpartition(":")
    return (revision or None), strategy


def parse_run(text: str) -> dict:
    """LEVEL:RULES:GAMES[:ROW,COL] as a dict."""
    parts = text.split(":")
    if len(parts) not in (3, 4):
        raise SystemExit(f"paired_games.py: --run {text!r}: expected LEVEL:RULES:GAMES[:ROW,COL]")
    return {"level": parts[0], "rules": parts[1], "games": int(parts[2]), "first": parts[3] if len(parts) == 4 else "corner"}


def worker_argv(tree: str, strategy: str, run: dict, seed: int, start: int, stop: int, hill_build: str) -> List[str]:
    """The command of a worker that plays games start..stop-1 of a side."""
    where = [run["level"], run["rules"], run["first"], str(seed), str(start), str(stop)]
    if is_hill(strategy):
        return [sys.executable, __file__, "--hill-worker", hill_build, strategy[len(HILL) + 1:]] + where
    return [sys.executable, __file__, "--worker", tree, strategy] + where


def play_both(trees: List[Tuple[str, str]], run: dict, seed: int, jobs: int, chunk: int,
              cached: Optional[List[Dict[int, dict]]] = None, first: int = 0, hill_build: str = "",
              keep=None) -> List[Dict[int, dict]]:
    """Every game of the run on both sides (games first.. ; those in `cached` are not played again), chunks
    alternating between the sides, `jobs` workers at a time; `keep(side, games)` is told each chunk's games."""
    results: List[Dict[int, dict]] = [dict(side) for side in cached] if cached else [{}, {}]
    end = first + run["games"]
    work = [(side, start, min(start + chunk, end)) for start in range(first, end, chunk) for side in (0, 1)
            if any(index not in results[side] for index in range(start, min(start + chunk, end)))]
    running: List[Tuple[int, subprocess.Popen, object]] = []
    while work or running:
        while work and len(running) < jobs:
            side, start, stop = work.pop(0)
            tree, strategy = trees[side]
            argv = worker_argv(tree, strategy, run, seed, start, stop, hill_build)
            out = tempfile.TemporaryFile("w+")
            running.append((side, subprocess.Popen(argv, stdout=out, text=True), out))
        finished = [item for item in running if item[1].poll() is not None]
        if not finished:
            time.sleep(0.02)
            continue
        for side, child, out in finished:
            running.remove((side, child, out))
            if child.returncode:
                raise SystemExit(f"paired_games.py: a worker failed (exit {child.returncode})")
            out.seek(0)
            games = [json.loads(line) for line in out.read().splitlines()]
            out.close()
            for game in games:
                results[side][game["index"]] = game
            if keep is not None:
                keep(side, games)
        done = sum(1 for side in results for index in side if first <= index < end)
        print(f"\r{run['level']}:{run['rules']} {done}/{2 * run['games']} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return results


def mcnemar(only_a: int, only_b: int) -> float:
    """McNemar's exact two-sided p-value: the discordant games as a fair coin's tosses."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    k = min(only_a, only_b)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def summarise(names: List[str], run: dict, results: List[Dict[int, dict]], first: int = 0) -> dict:
    """Win rates, intervals, the discordant games, McNemar's p, games per CPU-second and the slowest moves."""
    from puzzlesat.mines.simulation import wilson  # here, not at the top: a worker imports its own tree's puzzlesat

    games = run["games"]
    a, b = ([results[side][i] for i in range(first, first + games)] for side in (0, 1))
    wins = [sum(g["won"] for g in side) for side in (a, b)]
    only_a = sum(x["won"] and not y["won"] for x, y in zip(a, b))
    only_b = sum(y["won"] and not x["won"] for x, y in zip(a, b))
    cpu = [sum(g["cpu"] for g in side) for side in (a, b)]
    return {
        "run": f"{run['level']}:{run['rules']}:{games}:{run['first']}", "a": names[0], "b": names[1], "games": games,
        "start": first,
        "wins": wins, "rates": [w / games for w in wins], "ci95": [wilson(w, games) for w in wins],
        "only_a": only_a, "only_b": only_b, "p_mcnemar": mcnemar(only_a, only_b),
        "games_per_cpu_second": [games / c for c in cpu], "speed_ratio_b_over_a": cpu[0] / cpu[1],
        "slowest_move": [max((g["slowest"] for g in side if g["slowest"] is not None), default=None)
                         for side in (a, b)],
        "guesses": [sum(g["guesses"] for g in side) / games for side in (a, b)],
    }


def markdown(rows: List[dict]) -> str:
    """The runs as one table."""
    header = ["run", "A", "B", "A wins", "B wins", "B-A", "only A / only B", "McNemar p",
              "A games/CPU-s", "B games/CPU-s", "B/A speed", "slowest move A / B"]
    body = []
    for row in rows:
        (la, ha), (lb, hb) = row["ci95"]
        body.append([
            row["run"], row["a"], row["b"],
            f"{row['rates'][0]:.2%} [{la:.2%}, {ha:.2%}]", f"{row['rates'][1]:.2%} [{lb:.2%}, {hb:.2%}]",
            f"{row['rates'][1] - row['rates'][0]:+.2%}", f"{row['only_a']} / {row['only_b']}", f"{row['p_mcnemar']:.3g}",
            f"{row['games_per_cpu_second'][0]:.1f}", f"{row['games_per_cpu_second'][1]:.1f}",
            f"{row['speed_ratio_b_over_a']:.2f}x",
            " / ".join("-" if s is None else f"{s * 1000:.0f}" for s in row["slowest_move"]) + " ms",
        ])
    return table(header, body)


def cache_keys(sides: List[Tuple[Optional[str], str]], run: dict, seed: int, hill_build: str) -> List[Optional[str]]:
    """Per side, the key of its games in the cache: commit:strategy:run:seed for a git revision, the build's
    Solver.class digest and the options for Hill's solver, else None."""
    keys: List[Optional[str]] = []
    where = f"{run['level']}:{run['rules']}:{run['first']}:{seed}"
    for revision, strategy in sides:
        if is_hill(strategy):
            solver = Path(hill_build, "minesweeper", "solver", "Solver.class").read_bytes()
            keys.append(f"{strategy}:{hashlib.sha256(solver).hexdigest()[:12]}:{where}")
            continue
        if revision is None or Path(revision).is_dir():
            keys.append(None)
            continue
        commit = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--verify", revision + "^{commit}"],
                                capture_output=True, text=True)
        if commit.returncode:
            raise SystemExit(f"paired_games.py: {revision!r} is not a git revision")
        keys.append(f"{commit.stdout.strip()}:{strategy}:{where}")
    return keys


def read_cache(path: Optional[Path], keys: List[Optional[str]]) -> List[Dict[int, dict]]:
    """The cached games of each side (none for a side without a key)."""
    found: List[Dict[int, dict]] = [{}, {}]
    if path is None or not path.exists():
        return found
    for line in path.read_text().splitlines():
        if line.strip():
            game = json.loads(line)
            for side, key in enumerate(keys):
                if key is not None and game.get("key") == key:
                    found[side][game["index"]] = game
    return found


def cache_writer(path: Optional[Path], keys: List[Optional[str]]):
    """What play_both calls with each chunk's games: adds those of a side with a key to the cache (None: no cache)."""
    if path is None:
        return None

    def keep(side: int, games: List[dict]) -> None:
        if keys[side] is not None:  # one write: runs sharing the file never interleave their lines
            text = "".join(json.dumps(dict(game, key=keys[side])) + "\n" for game in games)
            with path.open("ab", buffering=0) as out:
                out.write(text.encode())
    return keep


def main(argv=None) -> int:
    """Play every run on both sides, print its JSON line, then the table."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:
        tree, strategy, level, rules, first, seed, start, stop = argv[1:]
        play_chunk(tree, strategy, level, rules, first, int(seed), int(start), int(stop))
        return 0
    if argv[:1] == ["--hill-worker"]:
        build, options, level, rules, first, seed, start, stop = argv[1:]
        play_hill_chunk(build, options, level, rules, first, int(seed), int(start), int(stop))
        return 0
    parser = parser_for(__doc__, 3)
    parser.add_argument("--a", required=True, metavar="[REV:]STRATEGY", help="the baseline side")
    parser.add_argument("--b", required=True, metavar="[REV:]STRATEGY", help="the side measured against it")
    parser.add_argument("--run", action="append", required=True, help="LEVEL:RULES:GAMES[:ROW,COL] (repeatable)")
    parser.add_argument("--seed", type=int, default=0, help="game k of this seed (default 0)")
    parser.add_argument("--start", type=int, default=0, help="the first game's number (default 0)")
    parser.add_argument("--cache", type=Path, metavar="FILE",
                        help="games of REV:STRATEGY sides already played are read from here, new ones added")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: all cores)")
    parser.add_argument("--chunk", type=int, default=100, help="games per worker task (default 100)")
    parser.add_argument("--json", type=Path, help="also append the JSON lines to this file")
    parser.add_argument("--hill-build", type=Path, default=REPO.parent / "hill-solver" / "build", metavar="DIR",
                        help="the classes of Hill's solver and PuzzlesatBulk, for a `hill` side (default: %(default)s)")
    options = parser.parse_args(argv)
    sides = [parse_side(options.a), parse_side(options.b)]
    runs = [parse_run(text) for text in options.run]
    hill_build = str(options.hill_build.resolve())
    if any(is_hill(strategy) for _, strategy in sides):
        from bench_java_solver import check_build

        check_build(options.hill_build.resolve(), "java")
        for run in runs:
            hill_board(run["level"], run["rules"], run["first"])
    rows = []
    with ExitStack() as stack:
        trees = [(stack.enter_context(checked_out(revision)), strategy) for revision, strategy in sides]
        for run in runs:
            keys = cache_keys(sides, run, options.seed, hill_build)
            cached = read_cache(options.cache, keys)
            results = play_both(trees, run, options.seed, options.jobs, options.chunk, cached, options.start,
                                hill_build, cache_writer(options.cache, keys))
            row = summarise([options.a, options.b], run, results, options.start)
            rows.append(row)
            print(json.dumps(row), flush=True)
            if options.json:
                with options.json.open("a") as out:
                    out.write(json.dumps(row) + "\n")
    print(markdown(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())

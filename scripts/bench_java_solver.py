#!/usr/bin/env python3
"""Benchmark: puzzlesat's Minesweeper player against David Hill's Java solver, win rate and games per CPU-second.

Hill's solver (github.com/DavidNHill/Minesweeper, the strongest published one) plays through its own bulk machinery
(BulkController and BulkWorker, one worker thread, SettingsFactory SMALL_ANALYSIS as its bulk runs use, no flags),
driven by scripts/java/PuzzlesatBulk.java; puzzlesat plays with a strategy (default lookahead, the CLI's default)
in the worker of paired_games.py. Both play the same number of games of the standard levels under the `safe` rule
(the first click, in the corner (0,0), is never a mine; the mines uniform over the other cells), in chunks that
alternate between the two (each chunk one process, so both see the same machine load). By default Hill's solver
plays puzzlesat's very layouts (game k of --seed, passed to Java as mine lists), so the games each side wins and the
other loses give McNemar's exact test; `--games-from hill` lets Java draw its own boards (GameStateStandard, the
same rule) instead, unpaired.

    python scripts/bench_java_solver.py --build ../hill-solver/build                          # expert 2,000
    python scripts/bench_java_solver.py --run expert:2000 --run intermediate:2000 --run beginner:5000
    python scripts/bench_java_solver.py --build build --run beginner:300 --chunk 150          # seconds

Reports per run: win rates with Wilson 95% intervals, the difference, the discordant games and McNemar's p (paired
only); games per CPU-second of each side and the ratio puzzlesat / Hill, twice: whole processes (os.wait4 of each
chunk's process: Python start-up and imports, JVM start-up and JIT compilation included, once per chunk) and after
the first --warmup games (100) of each chunk (Java: the process's CPU, every thread, from inside the JVM;
puzzlesat: the CPU of its games); "Hill thread only" is the solver's worker thread after warm-up, without the JIT
compiler, GC and loop-check threads: Java's most favourable number. --strategy picks puzzlesat's strategy, --tree
a git revision or source tree for it (default: this working tree). Hill's solver must be built from its public
sources (scripts/README.md, bench_java_solver.py): --build names the classes directory. One JSON line per run on
stdout (and appended to --json FILE), then the tables; progress on stderr.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Dict, List, Optional

from common import REPO, Measured, kill_running, measure, number, parser_for, ratio, table
from paired_games import checked_out, mcnemar
from puzzlesat.mines.simulation import wilson

LEVELS = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (30, 16, 99)}
JAVA_MAIN = "PuzzlesatBulk"
JAVA_SOURCE = REPO / "scripts" / "java" / f"{JAVA_MAIN}.java"
DEFAULT_BUILD = REPO.parent / "hill-solver" / "build"
PAIRED_GAMES = str(REPO / "scripts" / "paired_games.py")
RESULT = re.compile(r"^PUZZLESAT-BULK (\{.*\})$", re.M)
TROUBLE = re.compile(r"has thrown an exception|is looping|No moves returned|lost on move with probability")


def fail(message: str) -> SystemExit:
    """One line on stderr and exit status 1."""
    return SystemExit(f"bench_java_solver.py: {message}")


def check_build(build: Path, java: str) -> None:
    """Exit with one line when java, Hill's classes or PuzzlesatBulk.class is missing (or older than its source)."""
    if shutil.which(java) is None:
        raise fail(f"no {java!r} on the PATH: install a JDK (17 works) or name it with --java")
    if not (build / "minesweeper" / "solver" / "Solver.class").exists():
        raise fail(f"Hill's solver is not built in {build}: build it as scripts/README.md says (bench_java_solver.py) "
                   "and name the classes directory with --build")
    main_class = build / f"{JAVA_MAIN}.class"
    if not main_class.exists() or main_class.stat().st_mtime < JAVA_SOURCE.stat().st_mtime:
        raise fail(f"{main_class} is missing or older than {JAVA_SOURCE.relative_to(REPO)}: "
                   f"javac -nowarn -cp {build} -d {build} {JAVA_SOURCE}")


def parse_run(text: str) -> dict:
    """LEVEL:GAMES as a dict."""
    level, _, games = text.partition(":")
    if level not in LEVELS or not games.isdigit() or int(games) < 1:
        raise fail(f"--run {text!r}: expected LEVEL:GAMES, LEVEL one of {', '.join(LEVELS)}")
    return {"level": level, "games": int(games)}


def layouts(tree: str, level: str, seed: int, start: int, stop: int) -> str:
    """puzzlesat's layouts of games start..stop-1 (safe rule, first click in the corner), one line of mine cells
    (row * width + col) per game."""
    if tree not in sys.path:
        sys.path.insert(0, tree)
    from puzzlesat.mines.game import Game, parse_size

    setup = parse_size(level, "safe")
    lines = []
    for index in range(start, stop):
        game = Game(setup, seed, index)
        game.open((0, 0))
        lines.append(",".join(map(str, sorted(game.mines))))
    return "\n".join(lines) + "\n"


def run_puzzlesat(tree: str, strategy: str, level: str, seed: int, start: int, stop: int, warmup: int) -> dict:
    """One chunk in paired_games.py's worker: outcomes, the process's CPU, and the CPU of the games after warm-up."""
    done = measure([sys.executable, PAIRED_GAMES, "--worker", tree, strategy, level, "safe", "corner",
                    str(seed), str(start), str(stop)])
    if done.status:
        raise fail(f"puzzlesat's worker failed (exit {done.status}): {done.err.strip()[-300:]}")
    games = [json.loads(line) for line in done.out.decode().splitlines() if line.startswith("{")]
    games.sort(key=lambda g: g["index"])
    return {"outcomes": "".join("1" if g["won"] else "0" for g in games), "process_cpu": done.cpu,
            "wall": done.wall, "games_cpu": sum(g["cpu"] for g in games),
            "after_warmup_cpu": sum(g["cpu"] for g in games[warmup:]) if len(games) > warmup else None,
            "guesses": sum(g["guesses"] for g in games), "trouble": 0}


def run_hill(java: List[str], build: Path, level: str, games: int, seed: int, layout_file: Optional[Path],
             warmup: int) -> dict:
    """One chunk in Hill's solver: outcomes, the process's CPU (os.wait4) and, from inside, after warm-up."""
    width, height, mines = LEVELS[level]
    argv = java + ["-cp", str(build), JAVA_MAIN, str(width), str(height), str(mines), str(games), str(seed),
                   "--warmup", str(warmup)]
    if layout_file is not None:
        argv += ["--layouts", str(layout_file)]
    done: Measured = measure(argv)
    text = (done.out or b"").decode("utf-8", "replace")
    found = RESULT.search(text)
    if done.status or not found:
        raise fail(f"Hill's solver failed (exit {done.status}): {done.err.strip()[-300:] or text[-300:]}")
    inner = json.loads(found.group(1))
    after = inner["process_cpu_at_warmup"]
    return {"outcomes": inner["outcomes"], "process_cpu": done.cpu, "wall": done.wall,
            "inner_cpu": inner["process_cpu"], "worker_cpu": inner["worker_cpu"],
            "worker_after_warmup_cpu": (inner["worker_cpu"] - inner["worker_cpu_at_warmup"]
                                        if inner["worker_cpu_at_warmup"] is not None else None),
            "after_warmup_cpu": inner["process_cpu"] - after if after is not None else None,
            "guesses": inner["guesses"], "trouble": len(TROUBLE.findall(done.err)) + len(TROUBLE.findall(text))}


def play(run: dict, options, tree: str, java: List[str]) -> Dict[str, List[dict]]:
    """Every chunk of a run, puzzlesat then Hill, chunk after chunk."""
    chunks: Dict[str, List[dict]] = {"puzzlesat": [], "hill": []}
    games, size = run["games"], options.chunk
    with tempfile.TemporaryDirectory(prefix="bench-java-") as folder:
        for start in range(0, games, size):
            stop = min(start + size, games)
            print(f"# {run['level']}: games {start}-{stop - 1}: puzzlesat", file=sys.stderr, flush=True)
            chunks["puzzlesat"].append(
                run_puzzlesat(tree, options.strategy, run["level"], options.seed, start, stop, options.warmup))
            layout_file = None
            if options.games_from == "puzzlesat":
                layout_file = Path(folder) / f"{run['level']}-{start}.txt"
                layout_file.write_text(layouts(tree, run["level"], options.seed, start, stop))
            print(f"# {run['level']}: games {start}-{stop - 1}: Hill", file=sys.stderr, flush=True)
            java_seed = options.seed * 1_000_003 + start + 1  # Hill's own boards: a different stream per chunk
            chunks["hill"].append(run_hill(java, options.build, run["level"], stop - start, java_seed, layout_file,
                                           options.warmup))
    return chunks


def side_summary(chunks: List[dict], warmup: int) -> dict:
    """Win count, rate, interval, guesses, games per CPU-second (whole processes, after warm-up)."""
    outcomes = "".join(c["outcomes"] for c in chunks)
    games, wins = len(outcomes), outcomes.count("1")
    after = [c for c in chunks if c["after_warmup_cpu"] is not None]
    after_games = sum(len(c["outcomes"]) - warmup for c in after)
    after_cpu = sum(c["after_warmup_cpu"] for c in after)
    summary = {"games": games, "wins": wins, "rate": wins / games, "ci95": wilson(wins, games),
            "guesses_per_game": sum(c["guesses"] for c in chunks) / games,
            "process_cpu": sum(c["process_cpu"] for c in chunks), "wall": sum(c["wall"] for c in chunks),
            "games_per_cpu_s": games / sum(c["process_cpu"] for c in chunks),
            "games_per_cpu_s_after_warmup": after_games / after_cpu if after and after_cpu > 0 else None,
            "trouble": sum(c["trouble"] for c in chunks), "chunks": len(chunks), "outcomes": outcomes}
    if "worker_cpu" in chunks[0]:  # Hill: its solver thread alone (no JIT compiler, GC or loop-check threads)
        summary["solver_thread_games_per_cpu_s"] = games / sum(c["worker_cpu"] for c in chunks)
        summary["solver_thread_games_per_cpu_s_after_warmup"] = (
            after_games / sum(c["worker_after_warmup_cpu"] for c in after) if after else None)
    return summary


def summarise(run: dict, chunks: Dict[str, List[dict]], options) -> dict:
    """Both sides, the paired comparison (when the layouts were shared) and the speed ratios."""
    ours, theirs = (side_summary(chunks[name], options.warmup) for name in ("puzzlesat", "hill"))
    row = {"run": f"{run['level']}:safe:{run['games']}:corner", "strategy": options.strategy,
           "games_from": options.games_from, "seed": options.seed, "chunk": options.chunk, "warmup": options.warmup,
           "jvm": " ".join(options.jvm_args), "puzzlesat": ours, "hill": theirs,
           "difference": ours["rate"] - theirs["rate"],
           "speed_ratio": ours["games_per_cpu_s"] / theirs["games_per_cpu_s"],
           "speed_ratio_after_warmup": (ours["games_per_cpu_s_after_warmup"] / theirs["games_per_cpu_s_after_warmup"]
                                        if ours["games_per_cpu_s_after_warmup"]
                                        and theirs["games_per_cpu_s_after_warmup"] else None)}
    if options.games_from == "puzzlesat":
        pairs = list(zip(ours["outcomes"], theirs["outcomes"]))
        row["only_puzzlesat"] = sum(a == "1" and b == "0" for a, b in pairs)
        row["only_hill"] = sum(a == "0" and b == "1" for a, b in pairs)
        row["p_mcnemar"] = mcnemar(row["only_puzzlesat"], row["only_hill"])
    for side in (ours, theirs):
        del side["outcomes"]
    return row


def percent(rate: float, interval) -> str:
    """'40.10% [37.98, 42.26]'."""
    return f"{100 * rate:.2f}% [{100 * interval[0]:.2f}, {100 * interval[1]:.2f}]"


def tables(rows: List[dict]) -> str:
    """Win rates, then speed."""
    wins = []
    for row in rows:
        ours, theirs = row["puzzlesat"], row["hill"]
        paired = "only_hill" in row
        wins.append([row["run"], f"{ours['games']:,}", percent(ours["rate"], ours["ci95"]),
                     percent(theirs["rate"], theirs["ci95"]), f"{100 * row['difference']:+.2f}",
                     f"{row['only_puzzlesat']} / {row['only_hill']}" if paired else "- (unpaired)",
                     f"{row['p_mcnemar']:.3g}" if paired else "-",
                     f"{ours['guesses_per_game']:.2f} / {theirs['guesses_per_game']:.2f}",
                     str(theirs["trouble"])])
    def after(side: dict, key: str = "games_per_cpu_s_after_warmup") -> str:
        """A rate after warm-up, or '-' when no chunk was longer than the warm-up."""
        return number(side[key]) if side.get(key) else "-"

    speed = []
    for row in rows:
        ours, theirs = row["puzzlesat"], row["hill"]
        speed.append([row["run"], number(ours["games_per_cpu_s"]), number(theirs["games_per_cpu_s"]),
                      ratio(row["speed_ratio"]), after(ours), after(theirs), ratio(row["speed_ratio_after_warmup"]),
                      after(theirs, "solver_thread_games_per_cpu_s_after_warmup"),
                      f"{ours['process_cpu']:.1f} / {theirs['process_cpu']:.1f}", str(ours["chunks"])])
    warmup = rows[0]["warmup"] if rows else 100
    return "\n\n".join([
        table(["run", "games", "puzzlesat win % [95%]", "Hill win % [95%]", "ps - Hill", "only ps / only Hill",
               "McNemar p", "guesses/game ps / Hill", "Hill errors"], wins, "lrrrrrrrr"),
        table(["run", "ps games/CPU-s", "Hill games/CPU-s", "ps / Hill", f"ps after {warmup}",
               f"Hill after {warmup}", "ps / Hill", "Hill thread only", "CPU s ps / Hill", "chunks"], speed,
              "lrrrrrrrrr"),
    ])


def main(argv=None) -> int:
    """Play every run on both sides, chunks interleaved, then print the tables."""
    parser = parser_for(__doc__, 4)
    parser.add_argument("--build", type=Path, default=DEFAULT_BUILD, metavar="DIR",
                        help="the classes directory of Hill's solver and PuzzlesatBulk (default: %(default)s)")
    parser.add_argument("--run", action="append", help="LEVEL:GAMES (repeatable; default expert:2000)")
    parser.add_argument("--strategy", default="lookahead", help="puzzlesat's strategy (default %(default)s)")
    parser.add_argument("--tree", metavar="REV|DIR", help="puzzlesat's git revision or source tree (default: this "
                        "working tree)")
    parser.add_argument("--games-from", choices=("puzzlesat", "hill"), default="puzzlesat",
                        help="puzzlesat: Java plays puzzlesat's layouts (paired, the default); hill: its own boards")
    parser.add_argument("--seed", type=int, default=0, help="game k of this seed (default 0)")
    parser.add_argument("--chunk", type=int, default=500, help="games per process, alternating sides (default 500)")
    parser.add_argument("--warmup", type=int, default=100,
                        help="games at the start of each chunk left out of the 'after' speed (default 100)")
    parser.add_argument("--java", default="java", help="the java launcher (default: java on the PATH)")
    parser.add_argument("--jvm", default="-XX:+UseSerialGC",
                        help="JVM options (default %(default)s: one GC thread, as puzzlesat has)")
    parser.add_argument("--json", type=Path, help="also append the JSON lines to this file")
    options = parser.parse_args(argv)
    options.build = options.build.resolve()
    check_build(options.build, options.java)
    options.jvm_args = shlex.split(options.jvm)
    runs = [parse_run(text) for text in options.run or ["expert:2000"]]
    rows = []
    try:
        with ExitStack() as stack:
            tree = stack.enter_context(checked_out(options.tree))
            for run in runs:
                row = summarise(run, play(run, options, tree, [options.java] + options.jvm_args), options)
                rows.append(row)
                print(json.dumps(row), flush=True)
                if options.json:
                    with options.json.open("a") as out:
                        out.write(json.dumps(row) + "\n")
    except KeyboardInterrupt:
        kill_running()
        raise
    print(tables(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())

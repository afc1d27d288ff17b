#!/usr/bin/env python3
"""Compare two source trees of puzzlesat in one run: the same answers, and no loss of speed (new against base).

"base" is the code before a change: a git revision (HEAD by default), checked out in a temporary worktree that
is removed at the end, or a directory. "new" is the code now: by default the working tree holding this script.
Both run only through the command line, `PYTHONPATH=TREE python -m puzzlesat ...` (this Python), from a scratch
directory holding a copy of the new tree's puzzles/, so any revision works whatever its internal API.

Answers (on by default; --skip-check): stdout and exit status of every command, compared line by line: Sudoku
solving in each format and mode on every shipped puzzle file, --rate, --explain, --hint, --dimacs, -j 2 against
-j 1, the variant examples, generation; Minesweeper analysis of the shipped boards and of every mid-game position
of games replayed by the base tree, replays, and simulations (the same seeds must win the same games). JSON object
lines are compared without their top-level time_ms and the keys of --ignore-keys (e.g. `--ignore-keys
source,line` for a change that deliberately renames a key). Every difference is listed; any makes the exit status 1.

Speed (on by default; --skip-speed): CPU time (user+sys of the child process) and wall time of whole commands,
base and new interleaved in every round (which goes first alternates), medians over --rounds; the ratios are
oriented so that > 1 always means "new is faster": Sudoku puzzles per CPU-second (17-clue, top1465, 16x16),
Minesweeper analysis CPU time per expert position (and the median of the commands' own time_ms), simulated games
per CPU-second. The machine is shared and noisy: read the ratios and their spread, not one absolute time.

Exit status: 0 answers identical, 1 some answer differs, 2 usage error or a tree that cannot be set up,
130 interrupted. Report on stdout, progress on stderr, --json FILE saves everything.

    python scripts/compare_revisions.py                     # HEAD against the working tree
    python scripts/compare_revisions.py --quick             # smoke run: fewer inputs, 2 rounds
    python scripts/compare_revisions.py --base 80edec0 --new HEAD --quick --skip-speed --only mines --ignore-keys source,line
    python scripts/compare_revisions.py --base /path/to/old/tree --only sudoku --rounds 9
"""

from __future__ import annotations

import itertools
import json
import os
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from common import REPO, add_data_option, kill_running, measure, median, number, parser_for, rounds, spread, table

PZ = ["-m", "puzzlesat"]
MINES = {"beginner": 10, "intermediate": 40, "expert": 99}
SMALL_SUDOKU = ("examples.txt", "top95.txt", "hardest11.txt", "4x4.txt", "6x6.txt")
SOLVE_MODES = (["-f", "jsonl", "-j", "1"], ["-f", "line", "-j", "1"], ["-f", "pretty", "-j", "1"],
               ["--no-unique", "-f", "jsonl"], ["--count", "5", "-f", "jsonl"])
SMALL_MODES = (["--rate", "-f", "jsonl"], ["--explain", "-f", "jsonl"], ["--hint", "-f", "line"],
               ["--explain", "-f", "pretty"])
VARIANTS = ("anti-knight", "anti-king", "diagonal", "windoku", "jigsaw", "killer")
GROUPS = ("sudoku", "mines", "simulate")
VOLATILE = ("seconds", "games_per_second")
SIDES = ("base", "new")


class SetupError(Exception):
    """A tree, revision or input that cannot be used."""


class Context:
    """What every step needs: options, scratch directory, the two trees and findings."""

    def __init__(self, args, tmp: Path):
        self.args, self.tmp, self.work = args, tmp, tmp / "work"
        self.trees, self.worktrees, self.counter = {}, [], itertools.count()
        self.cases, self.workloads, self.differences, self.notes, self.positions = [], [], [], [], {}
        self.ignored = ("time_ms", *args.ignore_keys)


def log(message: str) -> None:
    """Progress on stderr."""
    print(f"[compare] {message}", file=sys.stderr, flush=True)


def git(*argv, cwd=REPO, check=True) -> str:
    """Run git (never taking optional locks) in CWD; its stdout, stripped."""
    done = subprocess.run(["git", "--no-optional-locks", "-C", str(cwd), *argv], capture_output=True, text=True)
    if check and done.returncode:
        raise SetupError(f"git {' '.join(argv)}: {done.stderr.strip()}")
    return done.stdout.strip() if not done.returncode else ""


def describe_dir(path: Path) -> str:
    """The commit a directory is at, and whether it has changes, when it is a git checkout."""
    top = git("rev-parse", "--show-toplevel", cwd=path, check=False)
    if not top or Path(top).resolve() != path:
        return "not a git checkout"
    dirty = git("status", "--porcelain", cwd=path, check=False)
    return git("rev-parse", "--short=10", "HEAD", cwd=path, check=False) + (
        ", with uncommitted changes" if dirty else ", clean")


def make_tree(ctx: Context, name: str, spec: str) -> dict:
    """A directory as it is, or a git revision checked out in a temporary worktree; with its environment."""
    path = Path(spec).expanduser()
    if path.is_dir():
        path = path.resolve()
        label = f"{path} ({describe_dir(path)})"
    else:
        commit = git("rev-parse", "--verify", "--quiet", f"{spec}^{{commit}}", check=False)
        if not commit:
            raise SetupError(f"--{name} {spec}: neither a directory nor a git revision of {REPO}")
        path = ctx.tmp / f"{name}-tree"
        ctx.worktrees.append(path)
        log(f"{name}: git worktree add --detach {path} {commit[:10]}")
        git("worktree", "add", "--detach", str(path), commit)
        label = f"{spec} = {commit[:10]} (temporary worktree)"
    if not (path / "puzzlesat" / "__init__.py").is_file():
        raise SetupError(f"--{name} {spec}: {path} holds no puzzlesat package")
    env = dict(os.environ, PYTHONPATH=str(path), PYTHONHASHSEED="0", PYTHONPYCACHEPREFIX=str(ctx.tmp / "pycache"))
    return {"name": name, "spec": spec, "path": path, "label": label, "env": env}


def run(ctx: Context, tree: dict, argv, stdin=None, keep=True) -> dict:
    """Run `python ARGV` on TREE from the scratch directory: exit status, stdout file, stderr, CPU and wall time."""
    out = ctx.tmp / "out" / f"{next(ctx.counter)}.out" if keep else None
    with open(out or os.devnull, "wb") as fout:
        child = measure([sys.executable, *argv], stdout=fout, stdin=stdin, cwd=ctx.work, env=tree["env"])
    return {"code": child.status, "out": out, "err": child.err[-1500:], "cpu": child.cpu, "wall": child.wall}


def cleanup(ctx: Context) -> None:
    """Kill leftover children, remove the temporary worktrees and the scratch directory."""
    kill_running()
    for path in ctx.worktrees:
        if subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(path)],
                          capture_output=True).returncode:
            shutil.rmtree(path, ignore_errors=True)
            if str(path) in git("worktree", "list", "--porcelain", check=False):
                git("worktree", "prune", check=False)
        log(f"removed the worktree {path}")
    shutil.rmtree(ctx.tmp, ignore_errors=True)


def setup(ctx: Context) -> None:
    """Make both trees, copy the inputs to the scratch directory, check each tree imports its own code."""
    for sub in ("out", "work/positions", "work/speed"):
        (ctx.tmp / sub).mkdir(parents=True)
    for side in SIDES:
        ctx.trees[side] = make_tree(ctx, side, getattr(ctx.args, side))
    source = next((t["path"] / "puzzles" for t in (ctx.trees["new"], ctx.trees["base"])
                   if (t["path"] / "puzzles").is_dir()), None)
    if source is None:
        raise SetupError("neither tree has a puzzles/ directory")
    shutil.copytree(source, ctx.work / "puzzles")
    for tree in ctx.trees.values():
        done = run(ctx, tree, ["-c", "import puzzlesat; print(puzzlesat.__file__)"])
        where = done["out"].read_text().strip()
        if done["code"] or not where.startswith(str(tree["path"]) + os.sep):
            raise SetupError(f"{tree['name']}: puzzlesat imports from {where or done['err']!r}, not {tree['path']}")


# ---------------------------------------------------------------- answers: the commands

def case(group: str, argv, kind="lines", stdin=None) -> dict:
    """One command to run on both trees; KIND says how outputs compare (lines, simulate)."""
    return {"group": group, "name": shlex.join(argv) + (f" < {stdin}" if stdin else ""), "argv": list(argv),
            "kind": kind, "stdin": stdin}


def variant_options(path: Path) -> list:
    """A variant example's options and file: its `# run:` comment, else guessed from its name."""
    for line in path.read_text().splitlines():
        words = shlex.split(line[len("# run:"):]) if line.startswith("# run:") else []
        if words[:2] == ["puzzlesat", "sudoku"]:
            return words[2:]
    options = next((["--variant", name] for name in VARIANTS if path.stem.startswith(name)), [])
    for flag, suffix in (("--regions", ".regions"), ("--cages", ".cages")):
        if path.with_suffix(suffix).exists():
            options += [flag, f"puzzles/sudoku/variants/{path.with_suffix(suffix).name}"]
    return options + [f"puzzles/sudoku/variants/{path.name}"]


def sudoku_cases(ctx: Context) -> list:
    """Solving every shipped file in every mode, ratings and explanations, DIMACS, -j 2, variants, generation."""
    root, cases = ctx.work / "puzzles" / "sudoku", []
    for path in sorted(root.glob("*.txt")):
        cases += [case("sudoku", ["sudoku", f"puzzles/sudoku/{path.name}", *mode]) for mode in SOLVE_MODES]
    for name in (n for n in SMALL_SUDOKU if (root / n).exists()):
        cases += [case("sudoku", ["sudoku", f"puzzles/sudoku/{name}", *mode]) for mode in SMALL_MODES]
    if (root / "examples.txt").exists():  # the first puzzle on stdin, for --dimacs
        first = next((s for s in (root / "examples.txt").read_text().splitlines() if s.strip() and s[0] != "#"), "")
        (ctx.work / "speed" / "first-puzzle.txt").write_text(first.strip() + "\n")
        cases.append(case("sudoku", ["sudoku", "--dimacs"], stdin="speed/first-puzzle.txt"))
    if (root / "17clue-200.txt").exists():
        cases.append(case("sudoku", ["sudoku", "puzzles/sudoku/17clue-200.txt", "-f", "jsonl", "-j", "2"]))
    for path in sorted((root / "variants").glob("*.txt")):
        options = variant_options(path)
        cases += [case("sudoku", ["sudoku", *options, *mode]) for mode in (["-f", "jsonl"], ["--rate", "-f", "jsonl"])]
    generate = ["sudoku", "generate"]
    for size, seed in itertools.product((4, 6, 9), (1, 2, 3)):
        cases.append(case("sudoku", [*generate, "--size", str(size), "--seed", str(seed), "--count", "3", "-f", "jsonl"]))
    for extra in (["--seed", "1", "--count", "3", "--minimal"], ["--seed", "2", "--count", "3", "--symmetric"],
                  ["--seed", "3", "--count", "1", "--difficulty", "reduction"]):
        cases.append(case("sudoku", [*generate, "--size", "9", *extra, "-f", "jsonl"]))
    return cases


def replay_argv(level: str, game: int, strategy=None) -> list:
    """`mines replay` of one game of seed 0 as JSON Lines."""
    extra = ["--strategy", strategy] if strategy else []
    return ["mines", "replay", "--level", level, *extra, "--seed", "0", "--game", str(game), "-f", "jsonl"]


def mines_cases(ctx: Context) -> list:
    """Analysis of every shipped board, replays (their frames become the positions), a few minprob replays."""
    cases = [case("mines", ["mines", "analyze", f"puzzles/mines/{p.name}", "-f", "jsonl", "-p"])
             for p in sorted((ctx.work / "puzzles" / "mines").glob("*.mine"))]
    for level in MINES:
        cases += [case("mines", replay_argv(level, game)) for game in range(ctx.args.positions_games)]
        cases += [case("mines", replay_argv(level, game, "minprob")) for game in range(3)]
    return cases


def simulate_cases(ctx: Context) -> list:
    """Simulations at each level with both strategies (N beginner, 2N/3 intermediate, N/3 expert games)."""
    n = ctx.args.check_games
    games = {"beginner": n, "intermediate": max(1, n * 2 // 3), "expert": max(1, n // 3)}
    return [case("simulate", ["mines", "simulate", "--level", level, "--strategy", strategy, "--games",
                              str(games[level]), "--seed", "0", "-j", "1", "-f", "json"], "simulate")
            for level in MINES for strategy in ("minprob", "lookahead")]


# ---------------------------------------------------------------- answers: running and comparing

def run_cases(ctx: Context, cases: list) -> None:
    """Run every case on both trees, two at a time (the answers do not depend on timing)."""
    pool, total, done = ThreadPoolExecutor(max_workers=2), 2 * len(cases), 0
    try:
        futures = {pool.submit(run, ctx, ctx.trees[side], PZ + c["argv"], c["stdin"] and ctx.work / c["stdin"]):
                   (c, side) for c in cases for side in SIDES}
        for future in as_completed(futures):
            c, side = futures[future]
            c.setdefault("results", {})[side] = future.result()
            done += 1
            if done % 20 == 0 or done == total:
                log(f"answers: {done}/{total} runs")
    finally:
        kill_running()
        pool.shutdown(wait=False, cancel_futures=True)


def without_keys(line: bytes, keys) -> object:
    """A JSON object line with the top-level KEYS left out (key order kept); other lines as they are."""
    if not line.lstrip().startswith(b"{"):
        return line
    try:
        return [pair for pair in json.loads(line, object_pairs_hook=lambda p: p) if pair[0] not in keys]
    except ValueError:
        return line


def show_pair(base, new, width=300) -> str:
    """The two versions of a line, cut to a window around where they first differ."""
    texts = [b.decode("utf-8", "replace").rstrip("\n") if b is not None else None for b in (base, new)]
    column = 0 if None in texts else next((i for i, (x, y) in enumerate(zip(*texts)) if x != y), min(map(len, texts)))
    start = max(0, column - width // 3)
    shown = [f"      {side}: " + ("(no such line)" if text is None else ("..." if start else "")
                                  + text[start:start + width] + ("..." if len(text) > start + width else ""))
             for side, text in zip(("base", "new "), texts)]
    return f"    (column {column + 1})\n" + "\n".join(shown)


def line_difference(path_a: Path, path_b: Path, ignored=()) -> str | None:
    """Where two outputs first differ (JSON object lines without the IGNORED keys), how many lines; None if equal."""
    first, count, total = None, 0, 0
    with open(path_a, "rb") as fa, open(path_b, "rb") as fb:
        for total, (la, lb) in enumerate(itertools.zip_longest(fa, fb), 1):
            if la == lb or (ignored and None not in (la, lb) and without_keys(la, ignored) == without_keys(lb, ignored)):
                continue
            count += 1
            first = first or (total, la, lb)
    if not count:
        return None
    return f"stdout: {count} of {total} lines differ, first at line {first[0]}\n" + show_pair(first[1], first[2])


def load_json(path: Path):
    """The JSON object in a file, or None."""
    try:
        return json.loads(path.read_text())
    except (ValueError, OSError):
        return None


def simulate_difference(base: dict | None, new: dict | None, ignored=()) -> list:
    """Every field of two simulation summaries that differs, apart from the timings and the IGNORED keys."""
    if base is None or new is None:
        return ["not a JSON summary: " + ("base" if base is None else "new")]
    problems = []
    for key in dict.fromkeys([*base, *new]):
        if key not in VOLATILE and key not in ignored and base.get(key, "(none)") != new.get(key, "(none)"):
            why = "  <- the same seeds must win the same games" if key == "wins" else ""
            problems.append(f"{key}: base {base.get(key, '(none)')!r}, new {new.get(key, '(none)')!r}{why}")
    return problems


def compare_case(ctx: Context, c: dict) -> None:
    """Compare one command's two runs; record a difference when stdout or the exit status differ."""
    base, new = c["results"]["base"], c["results"]["new"]
    problems = []
    if base["code"] != new["code"]:
        problems.append(f"exit status: base {base['code']}, new {new['code']}")
        problems += [f"{side} stderr: {r['err'].strip()[-300:]}" for side, r in (("base", base), ("new", new))
                     if r["err"].strip()]
    if c["kind"] == "simulate":
        c["summary"] = {side: load_json(r["out"]) for side, r in (("base", base), ("new", new))}
        problems += simulate_difference(c["summary"]["base"], c["summary"]["new"], ctx.ignored)
    else:
        problems += filter(None, [line_difference(base["out"], new["out"], ctx.ignored)])
    c["identical"] = not problems
    if problems:
        ctx.differences.append({"command": c["name"], "problems": problems})


def cross_check_jobs(ctx: Context) -> None:
    """The new tree's -j 2 output on 17clue-200 must equal its -j 1 output."""
    by_name = {c["name"]: c for c in ctx.cases}
    one = by_name.get("sudoku puzzles/sudoku/17clue-200.txt -f jsonl -j 1")
    two = by_name.get("sudoku puzzles/sudoku/17clue-200.txt -f jsonl -j 2")
    problem = one and two and line_difference(one["results"]["new"]["out"], two["results"]["new"]["out"], ctx.ignored)
    if problem:
        ctx.differences.append({"command": "new tree: 17clue-200 -j 2 against -j 1", "problems": [problem]})


def write_positions(ctx: Context, level: str, frames: list, every=1, limit=None) -> int:
    """Write the base tree's 'playing' frames of replays as one .mine file; return how many boards."""
    boards = []
    for result in frames:
        for line in result["out"].read_bytes().splitlines():
            try:
                frame = json.loads(line)
            except ValueError:
                continue
            if isinstance(frame, dict) and frame.get("state") == "playing":
                rows = frame["board"]
                boards.append(f"{len(rows[0])}x{len(rows)}x{MINES[level]}\n" + "\n".join(rows) + "\n")
    ctx.positions[level] = boards = boards[::every][:limit]
    (ctx.work / "positions" / f"{level}.mine").write_text("\n".join(boards))
    return len(boards)


def position_cases(ctx: Context, replays: list) -> list:
    """Positions from the base tree's replays (all lookahead games of seed 0), analysed per level."""
    cases = []
    for level in MINES:
        argvs = [replay_argv(level, game) for game in range(ctx.args.positions_games)]
        frames = [c["results"]["base"] for c in replays if c["argv"] in argvs and c["results"]["base"]["code"] == 0]
        if write_positions(ctx, level, frames):
            cases.append(case("mines", ["mines", "analyze", f"positions/{level}.mine", "-f", "jsonl", "-p", "-j", "1"]))
    log("positions: " + ", ".join(f"{level} {len(b)}" for level, b in ctx.positions.items()))
    return cases


def check(ctx: Context) -> None:
    """Part 1: run every command on both trees and compare."""
    only = ctx.args.only
    ctx.cases = (simulate_cases(ctx) if "simulate" in only else []) + (mines_cases(ctx) if "mines" in only else []) \
        + (sudoku_cases(ctx) if "sudoku" in only else [])
    log(f"answers: {len(ctx.cases)} commands on both trees")
    run_cases(ctx, ctx.cases)
    if "mines" in only:
        second = position_cases(ctx, [c for c in ctx.cases if c["argv"][:2] == ["mines", "replay"]])
        run_cases(ctx, second)
        ctx.cases += second
    for c in ctx.cases:
        compare_case(ctx, c)
    cross_check_jobs(ctx)


# ---------------------------------------------------------------- speed

def head_file(source: Path, target: Path, lines: int) -> tuple:
    """The first LINES puzzle lines of SOURCE (cycled when it is shorter) written to TARGET; (target, count)."""
    with open(source) as fin:
        content = [line for line in fin if line.strip() and not line.startswith("#")]
    chosen = list(itertools.islice(itertools.cycle(content), lines))
    target.write_text("".join(chosen))
    return target, len(chosen)


def workload(group, name, argv, units, unit, kind) -> dict:
    """One timed command: UNITS of UNIT each run; KIND 'rate' (units per second) or 'per' (ms per unit)."""
    return {"group": group, "name": name, "argv": argv, "units": units, "unit": unit, "kind": kind, "rounds": []}


def sudoku_workloads(ctx: Context) -> list:
    """17-clue, top1465 and 16x16 puzzles, whole command, uniqueness proved; rate = puzzles per CPU-second."""
    data, shipped, speed, a = ctx.args.data / "sudoku", ctx.work / "puzzles" / "sudoku", ctx.work / "speed", ctx.args
    files = []
    for name, public, lines, fallback, fallback_lines in (
            ("17-clue", "puzzles2_17_clue", a.sudoku_lines, "17clue-200.txt", a.sudoku_lines // 2),
            ("top1465", "puzzles3_magictour_top1465", a.top_lines, "top95.txt", 95)):
        if not (data / public).exists():
            ctx.notes.append(f"no {data / public}: the shipped {fallback} instead")
            name, public, lines = fallback[:-4], None, fallback_lines
        files.append((name, *head_file(data / public if public else shipped / fallback, speed / f"{name}.txt", lines)))
    test6 = shipped / "16x16-test6.txt"
    if test6.exists():
        files.append(("16x16-test6", test6, sum(1 for s in test6.read_text().splitlines() if s.strip() and s[0] != "#")))
    return [workload("sudoku", f"sudoku {name} ({count:,})", ["sudoku", str(path.relative_to(ctx.work)), "-f",
                     "jsonl", "-j", "1"], count, "puzzles", "rate") for name, path, count in files]


def mines_workload(ctx: Context) -> list:
    """Analysis of expert positions: part 1's file, evenly thinned; or 150 positions from the base's replays."""
    boards = ctx.positions.get("expert")
    if not boards:
        log("speed: 150 expert positions from the base tree's replays")
        frames = [run(ctx, ctx.trees["base"], PZ + replay_argv("expert", game)) for game in range(8)]
        write_positions(ctx, "expert", [f for f in frames if f["code"] == 0], every=8, limit=150)
        boards = ctx.positions["expert"]
    cap = ctx.args.speed_boards or len(boards)
    chosen = boards[::max(1, -(-len(boards) // cap))][:cap] if boards else []
    (ctx.work / "speed" / "expert.mine").write_text("\n".join(chosen))
    return [workload("mines", f"mines analyze expert ({len(chosen):,} positions)",
                     ["mines", "analyze", "speed/expert.mine", "-f", "jsonl", "-p", "-j", "1"],
                     len(chosen), "board", "per")] if chosen else []


def simulate_workloads(ctx: Context) -> list:
    """Simulations, lookahead at each level and minprob at expert; rate = games per CPU-second."""
    n = ctx.args.speed_games
    plan = [("beginner", "lookahead", n), ("intermediate", "lookahead", n // 2), ("expert", "lookahead", n // 4),
            ("expert", "minprob", n // 4)]
    return [workload("simulate", f"simulate {level} {strategy} ({games:,})",
                     ["mines", "simulate", "--level", level, "--strategy", strategy, "--games", str(games),
                      "--seed", "0", "-j", "1", "-f", "json"], games, "games", "rate")
            for level, strategy, games in plan if games > 0]


def time_ms_median(path: Path):
    """The median of the time_ms fields of an analysis's JSON lines."""
    values = []
    for line in path.read_bytes().splitlines():
        try:
            values.append(json.loads(line)["time_ms"])
        except (ValueError, KeyError, TypeError):
            pass
    return median(values) if values else None


def timed(ctx: Context, w: dict, side: str) -> dict:
    """One timed run of a workload on one tree."""
    result = run(ctx, ctx.trees[side], PZ + w["argv"], keep=w["group"] != "sudoku")
    entry = {"cpu": result["cpu"], "wall": result["wall"], "code": result["code"]}
    if w["group"] == "mines":
        entry["time_ms"] = time_ms_median(result["out"])
    if w["group"] == "simulate":
        entry["summary"] = load_json(result["out"])
    if result["out"]:
        result["out"].unlink()
    return entry


def warm_up(ctx: Context) -> None:
    """One small run of each command per tree, so that bytecode is compiled before any timing."""
    mine = next(iter(sorted((ctx.work / "puzzles" / "mines").glob("*.mine"))), None)
    for tree in ctx.trees.values():
        run(ctx, tree, PZ + ["sudoku", "puzzles/sudoku/4x4.txt", "-f", "jsonl", "-j", "1"], keep=False)
        run(ctx, tree, PZ + ["mines", "simulate", "--games", "2", "-f", "json"], keep=False)
        if mine:
            run(ctx, tree, PZ + ["mines", "analyze", str(mine.relative_to(ctx.work)), "-f", "jsonl", "-p"], keep=False)


def speed(ctx: Context) -> None:
    """Part 2: every workload on both trees in every round, interleaved, the first side alternating by round."""
    builders = {"sudoku": sudoku_workloads, "mines": mines_workload, "simulate": simulate_workloads}
    ctx.workloads = [w for group in GROUPS if group in ctx.args.only for w in builders[group](ctx)]
    warm_up(ctx)
    for number, w in rounds(ctx.args.rounds, ctx.workloads):
        runs = {side: timed(ctx, w, side) for side in (SIDES if number % 2 else SIDES[::-1])}
        w["rounds"].append(runs)
        log(f"speed round {number}/{ctx.args.rounds}: {w['name']}: cpu base {runs['base']['cpu']:.2f} s, "
            f"new {runs['new']['cpu']:.2f} s")
    for w in ctx.workloads:  # timed runs must agree too: exit statuses, and the simulation summaries
        problems = set()
        for runs in w["rounds"]:
            if runs["base"]["code"] != runs["new"]["code"]:
                problems.add(f"exit status: base {runs['base']['code']}, new {runs['new']['code']}")
            if w["group"] == "simulate":
                problems.update(simulate_difference(runs["base"]["summary"], runs["new"]["summary"], ctx.ignored))
        if problems:
            ctx.differences.append({"command": "speed: " + shlex.join(w["argv"]), "problems": sorted(problems)})


def summarise(w: dict) -> dict:
    """Medians per tree, ratios oriented so that > 1 means new is faster, per-round ratios, spread."""
    rate = w["kind"] == "rate"
    value = (lambda r, key: w["units"] / r[key]) if rate else (lambda r, key: 1000 * r[key] / w["units"])
    ratio = (lambda b, n: n / b) if rate else (lambda b, n: b / n)
    out = {}
    for key in ("cpu", "wall"):
        series = {side: [value(r[side], key) for r in w["rounds"]] for side in SIDES}
        medians = {side: median(v) for side, v in series.items()}
        out[key] = {**medians, "ratio": ratio(medians["base"], medians["new"]),
                    "rounds": [ratio(b, n) for b, n in zip(series["base"], series["new"])],
                    "spread": {s: spread(v) for s, v in series.items()}}
    tms = {side: [r[side].get("time_ms") for r in w["rounds"] if r[side].get("time_ms") is not None] for side in SIDES}
    if w["group"] == "mines" and all(tms.values()):
        medians = {side: median(v) for side, v in tms.items()}
        out["time_ms"] = {**medians, "ratio": medians["base"] / medians["new"] if medians["new"] else None}
    return out


def verdict(summary: dict) -> str:
    """'faster'/'SLOWER' when every round (3 or more) agrees and the medians differ by over 3%; else 'noise'."""
    cpu = summary["cpu"]
    if len(cpu["rounds"]) < 3:
        return "- (<3 rounds)"
    if cpu["ratio"] > 1.03 and min(cpu["rounds"]) > 1:
        return "faster"
    return "SLOWER" if cpu["ratio"] < 0.97 and max(cpu["rounds"]) < 1 else "noise"


# ---------------------------------------------------------------- report

def report_answers(ctx: Context) -> None:
    """The answer check: counts, simulation results, differences."""
    print(f"\n== Answers: {len(ctx.cases)} commands, each run on both trees ==")
    groups = {g: sum(1 for c in ctx.cases if c["group"] == g) for g in GROUPS}
    print("commands: " + ", ".join(f"{g} {n}" for g, n in groups.items() if n) + "; positions analysed: "
          + (", ".join(f"{lv} {len(b):,}" for lv, b in ctx.positions.items()) or "none")
          + f"; JSON keys ignored: {', '.join(ctx.ignored)}")
    for c in ctx.cases:
        if c["kind"] == "simulate" and all(c["summary"].values()):
            b, n = c["summary"]["base"], c["summary"]["new"]
            print(f"  {c['argv'][3]:<12} {c['argv'][5]:<9} {b['games']:>4} games: wins base {b['wins']}, "
                  f"new {n['wins']}; mean guesses base {b['mean_guesses']:.4g}, new {n['mean_guesses']:.4g}")
    if not ctx.differences:
        print("identical: every command gives the same stdout and exit status on both trees")
        return
    print(f"DIFFERENT: {len(ctx.differences)} commands")
    for item in ctx.differences:
        print(f"  * {item['command']}\n" + "\n".join("    " + problem for problem in item["problems"]))


def report_speed(ctx: Context) -> None:
    """The speed table: medians, ratios (> 1 = new faster), per-round ratios and spread."""
    print(f"\n== Speed: {ctx.args.rounds} interleaved rounds, medians; ratio > 1 means new is faster ==")
    rows, ratios = [], []
    for w in ctx.workloads:
        s = w["summary"] = summarise(w)
        cpu, rounds_ = s["cpu"], s["cpu"]["rounds"]
        measure_ = f"{w['unit']}/cpu-s" if w["kind"] == "rate" else f"cpu ms/{w['unit']}"
        rows.append([w["name"], measure_, number(cpu["base"]), number(cpu["new"]), f"{cpu['ratio']:.3f}",
                     f"{s['wall']['ratio']:.3f}", f"{min(rounds_):.3f}-{max(rounds_):.3f}",
                     f"{cpu['spread']['base']:.0%}/{cpu['spread']['new']:.0%}", verdict(s)])
        if "time_ms" in s:
            t = s["time_ms"]
            rows.append(["  its own time_ms (median per board)", "ms/board", number(t["base"]), number(t["new"]),
                         f"{t['ratio'] or 0:.3f}", "", "", "", ""])
        ratios.append(cpu["ratio"])
    print(table(["workload", "measure", "base", "new", "ratio", "wall", "rounds (cpu ratio)", "spread b/n", "verdict"],
                rows, "llrrrr"))
    if ratios:
        print(f"geometric mean of the CPU ratios: {statistics.geometric_mean(ratios):.3f}\n"
              "ratio: new/base for rates, base/new for times (CPU, user+sys of the child); wall: the same from "
              "wall-clock time;\nrounds: the range of the per-round ratios; spread: (max - min) / median of each "
              "tree's rounds;\nverdict: faster/SLOWER when every round agrees and the medians differ by over 3%")


def report(ctx: Context, started: float) -> None:
    """The plain-text report on stdout."""
    print("compare_revisions: puzzlesat, the same commands on two trees")
    for name, tree in ctx.trees.items():
        print(f"  {name}: {tree['label']}")
    print(f"  python {sys.version.split()[0]} ({sys.executable}), {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.2f}; data: {ctx.args.data}")
    for note in ctx.notes:
        print(f"  note: {note}")
    if not ctx.args.skip_check:
        report_answers(ctx)
    if not ctx.args.skip_speed:
        report_speed(ctx)
    answers = f"DIFFERENT ({len(ctx.differences)} commands)" if ctx.differences else \
        "not checked (--skip-check)" if ctx.args.skip_check else "identical"
    print(f"\nanswers: {answers}; took {time.perf_counter() - started:.0f} s")


def save_json(ctx: Context, path: str) -> None:
    """Everything measured and compared, as JSON."""
    cases = [{k: c.get(k) for k in ("group", "name", "kind", "identical", "summary")}
             | {"runs": {s: {k: r[k] for k in ("code", "cpu", "wall")} for s, r in c["results"].items()}}
             for c in ctx.cases]
    trees = {n: {"spec": t["spec"], "path": str(t["path"]), "label": t["label"]} for n, t in ctx.trees.items()}
    data = {"trees": trees, "options": {k: str(v) if isinstance(v, Path) else v for k, v in vars(ctx.args).items()},
            "notes": ctx.notes, "ignored_keys": list(ctx.ignored), "identical": not ctx.differences,
            "differences": ctx.differences, "cases": cases, "positions": {lv: len(b) for lv, b in ctx.positions.items()},
            "speed": [{k: w[k] for k in ("name", "argv", "units", "unit", "kind", "rounds", "summary") if k in w}
                      for w in ctx.workloads]}
    Path(path).write_text(json.dumps(data, indent=1) + "\n")


# ---------------------------------------------------------------- main

def parse_args(argv=None):
    """Options; --quick changes the defaults of the sizes not given."""
    parser = parser_for(__doc__, 6)
    parser.add_argument("--base", default="HEAD", help="the code before: a git revision or a directory (HEAD)")
    parser.add_argument("--new", default=str(REPO), help=f"the code now: a directory or revision ({REPO})")
    add_data_option(parser)  # missing: the shipped samples instead
    parser.add_argument("--skip-check", action="store_true", help="do not compare answers")
    parser.add_argument("--skip-speed", action="store_true", help="do not measure speed")
    parser.add_argument("--only", default=",".join(GROUPS), help="groups to run, of sudoku,mines,simulate (all)")
    parser.add_argument("--ignore-keys", default="", metavar="KEY,...",
                        help="top-level JSON keys left out of every JSON line (and simulation summary) before "
                             "comparing, besides time_ms: e.g. source,line")
    parser.add_argument("--quick", action="store_true", help="smoke run: small inputs and 2 rounds")
    parser.add_argument("--rounds", type=int, help="speed rounds per tree (5; quick 2)")
    parser.add_argument("--positions-games", type=int, help="games replayed per level for positions (30; quick 3)")
    parser.add_argument("--check-games", type=int,
                        help="games simulated in the check: N beginner, 2N/3 intermediate, N/3 expert (300; quick 60)")
    parser.add_argument("--speed-games", type=int,
                        help="games timed: N beginner, N/2 intermediate, N/4 expert (400; quick 60)")
    parser.add_argument("--speed-boards", type=int,
                        help="expert positions timed, evenly thinned from the check's; 0 = all (1500; quick 300)")
    parser.add_argument("--json", metavar="FILE", help="also save everything as JSON")
    args = parser.parse_args(argv)
    args.only = [g.strip() for g in args.only.split(",") if g.strip()]
    args.ignore_keys = tuple(k.strip() for k in args.ignore_keys.split(",") if k.strip())
    if not args.only or set(args.only) - set(GROUPS):
        parser.error(f"--only takes groups among {','.join(GROUPS)}")
    if args.skip_check and args.skip_speed:
        parser.error("--skip-check and --skip-speed leave nothing to do")
    for key, full, quick in (("rounds", 5, 2), ("positions_games", 30, 3), ("check_games", 300, 60),
                             ("speed_games", 400, 60), ("speed_boards", 1500, 300)):
        if getattr(args, key) is None:
            setattr(args, key, quick if args.quick else full)
        if getattr(args, key) < (0 if key == "speed_boards" else 1):
            parser.error(f"--{key.replace('_', '-')} must be at least 1")
    args.sudoku_lines, args.top_lines = (2000, 400) if args.quick else (10000, 1465)
    return args


def interrupt(signum, frame):
    """SIGTERM ends the run like Ctrl-C, cleaning up."""
    raise KeyboardInterrupt


def main(argv=None) -> int:
    """Set up the trees, check answers, measure speed, report; always clean up."""
    args, started = parse_args(argv), time.perf_counter()
    ctx = Context(args, Path(tempfile.mkdtemp(prefix="compare-revisions-")))
    signal.signal(signal.SIGTERM, interrupt)
    try:
        setup(ctx)
        if not args.data.is_dir():
            ctx.notes.append(f"no data directory {args.data}: the shipped samples instead")
        if not args.skip_check:
            check(ctx)
        if not args.skip_speed:
            speed(ctx)
        report(ctx, started)
        if args.json:
            save_json(ctx, args.json)
        return 1 if ctx.differences else 0
    except SetupError as error:
        print(f"compare_revisions: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        log("interrupted")
        return 130
    finally:
        cleanup(ctx)


if __name__ == "__main__":
    sys.exit(main())

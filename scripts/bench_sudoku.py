"""Benchmark: puzzlesat's Sudoku throughput as a whole command against four baselines, on the same puzzles.

Measures `puzzlesat sudoku FILE --format jsonl --jobs 1` (plus --no-unique, --solver, --encoding), interpreter
start-up included, against the baseline programs of sudoku_baselines.py, each reading the same file and writing one
line per puzzle to a pipe read here: (a) a fresh CNF and Glucose4 solver per puzzle, (b) Norvig's propagation and
search in Python, (c) one Glucose4 solver for the whole run (the issue's harness), (d) (c) renewed every 500 puzzles.

    python scripts/bench_sudoku.py                      # all sets, 10,000 17-clue puzzles, uniqueness on and off
    python scripts/bench_sudoku.py --full               # all 49,158 17-clue puzzles
    python scripts/bench_sudoku.py --sets 16x16-test6 --repeats 1 --modes unique   # a quick look
    python scripts/bench_sudoku.py --solvers glucose4,cadical195 --encodings extended,minimal
    python scripts/bench_sudoku.py --json results.json  # also write every run as JSON ('-': JSON instead of the table)

With --timing whole (the default) every engine is timed from launch to exit; with --timing solve the baselines time
themselves from opening the file to the last line written, while puzzlesat still pays its start-up. Each run is
capped (--cap): puzzlesat gets SIGINT at the cap, a baseline stops itself after the puzzle that passes it (SIGINT
GRACE seconds later otherwise); a capped rate is the puzzles finished over the time taken, marked '*'. Runs are
interleaved (for each repeat: every mode, every engine); the table shows medians and puzzlesat's ratio to each
baseline. Every engine's answer (unique / multiple / solved / unsat, and the unique solution) is compared with the
others' on every puzzle both finished; a disagreement is listed and makes the exit status 1.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from itertools import combinations, product
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from common import (PUZZLESAT, add_data_option, data_file, measure, median, number, parser_for, ratio, rounds,
                    spread, table)
from sudoku_baselines import LABELS as BASELINES

SETS = {  # name -> file under DATA/sudoku
    "17-clue": "puzzles2_17_clue",
    "top1465": "puzzles3_magictour_top1465",
    "hardest1106": "puzzles6_forum_hardest_1106",
    "16x16-test2": "16x16/test2.16",
    "16x16-test3": "16x16/test3.16",
    "16x16-test4": "16x16/test4.1g",
    "16x16-test6": "16x16/test6.1g",
}
LIMITED_SET, DEFAULT_LIMIT = "17-clue", 10_000
MODES = {"unique": True, "no-unique": False}
GRACE = 3.0  # seconds after SIGINT before SIGKILL
# Seconds per run: puzzlesat, (c) and (d) run the whole 17-clue set even with --full; Norvig in Python finishes at
# most one 16x16 puzzle in any sensible time.
DEFAULT_CAPS = ["6", "puzzlesat:17-clue=90", "c:17-clue=90", "d:17-clue=90", "b:16x16=3"]
ONE_PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
Outcome = Tuple[str, Optional[str]]


@dataclass
class Engine:
    """One program to measure: its key, its label and how to build its command line."""

    key: str
    label: str
    base: List[str]
    is_puzzlesat: bool

    def command(self, path: str, unique: bool, cap: float) -> List[str]:
        """The full command for one file and mode; a baseline stops itself after `cap` seconds."""
        mode = [] if unique else ["--no-unique"]
        if self.is_puzzlesat:
            return self.base[:2] + [path] + self.base[2:] + mode
        return self.base + [path] + mode + ["--cap", str(cap)]


@dataclass
class Run:
    """One measured run of one engine on one set in one mode."""

    set: str
    mode: str
    engine: str
    repeat: int
    puzzles: int
    done: int
    seconds: float
    wall: float
    cpu: float
    max_rss_mb: float
    capped: bool
    exit_status: int
    outcomes: list = field(default_factory=list, repr=False)

    @property
    def rate(self) -> float:
        """Puzzles per second."""
        return self.done / self.seconds if self.seconds > 0 else 0.0


def puzzlesat_engines(solvers: List[str], encodings: List[str]) -> List[Engine]:
    """One engine per solver x encoding asked for; plain `puzzlesat` (its defaults) when none are."""
    base = [PUZZLESAT, "sudoku", "--format", "jsonl", "--jobs", "1"]  # the targets are single-process
    engines = []
    for solver in solvers or [None]:
        for encoding in encodings or [None]:
            extra = (["--solver", solver] if solver else []) + (["--encoding", encoding] if encoding else [])
            tags = ",".join(t for t in (solver, encoding) if t)
            label = f"puzzlesat[{tags}]" if tags else "puzzlesat"
            engines.append(Engine(label, label, base + extra, True))
    return engines


def baseline_engines(keys: Sequence[str]) -> List[Engine]:
    """The baselines, as child programs (scripts/sudoku_baselines.py)."""
    program = str(Path(__file__).resolve().with_name("sudoku_baselines.py"))
    return [Engine(k, BASELINES[k], [sys.executable, program, k], False) for k in keys]


def run_engine(engine: Engine, path: str, puzzles: int, unique: bool, cap: float, timing: str = "whole") -> Run:
    """Run one engine on one file, interrupted after `cap` seconds (+GRACE for a baseline); parse what it wrote."""
    child = measure(engine.command(path, unique, cap), cap=cap if engine.is_puzzlesat else cap + GRACE, grace=GRACE)
    outcomes, seconds, capped = parse_outcomes(child.out.decode(), engine.is_puzzlesat), child.wall, child.capped
    stats = None if engine.is_puzzlesat else baseline_stats(child.err)
    if not (capped or (outcomes if engine.is_puzzlesat else stats)):
        raise SystemExit(f"bench_sudoku: {engine.label} failed (exit {child.status}): {child.err.strip()[-600:]}")
    if stats:
        seconds = stats["seconds"] if timing == "solve" else seconds  # killed before it reported: the wall time
        capped = capped or stats["interrupted"]
    return Run("", "unique" if unique else "no-unique", engine.key, 0, puzzles, len(outcomes), seconds, child.wall,
               child.cpu, child.max_rss_mb, capped, child.status, outcomes)


def baseline_stats(stderr: str) -> Optional[dict]:
    """The stats line a baseline prints last on stderr, or None."""
    return next((json.loads(line) for line in reversed(stderr.splitlines()) if line.startswith("{")), None)


def parse_outcomes(stdout: str, is_puzzlesat: bool) -> List[Outcome]:
    """(status, solution) per puzzle, from a baseline's 'STATUS SOLUTION' lines or puzzlesat's JSON Lines
    (status 'unique' for a proven-unique solve)."""
    outcomes = []
    for line in stdout.splitlines():
        if not is_puzzlesat:
            status, _, solution = line.partition(" ")
            outcomes.append((status, None if solution == "-" else solution))
            continue
        try:
            record = json.loads(line)
        except ValueError:
            break  # a line cut short by the cap
        status = "unique" if record["status"] == "solved" and record.get("unique") is True else record["status"]
        outcomes.append((status, record.get("solution")))
    return outcomes


# ---------------------------------------------------------------- agreement


def answer_class(status: str) -> str:
    """What engines must agree on: unique, multiple, solved (unchecked), none; or '' when there is no answer."""
    if status in ("unsat", "invalid"):
        return "none"
    return status if status in ("unique", "multiple", "solved") else ""  # a timeout is not an answer


def consistent(a: Outcome, b: Outcome) -> bool:
    """Can both answers be true? 'solved' (uniqueness unchecked) fits unique and multiple; a unique solution is the solution."""
    ca, cb = answer_class(a[0]), answer_class(b[0])
    if not ca or not cb:
        return True
    if "unique" in (ca, cb) and "none" not in (ca, cb) and a[1] != b[1]:
        return False
    return ca == cb or (ca == "solved" and cb != "none") or (cb == "solved" and ca != "none")


def disagreements(runs: List[Run]) -> List[str]:
    """Every puzzle on which two engines' finished runs (or two repeats of one engine) differ."""
    firsts: Dict[str, Run] = {}
    pairs = []
    for run in runs:
        first = firsts.setdefault(run.engine, run)
        pairs += [(first, run)] if first is not run else []
    pairs += list(combinations(firsts.values(), 2))
    return [f"{left.set} {left.mode} puzzle {index + 1}: {left.engine} says {a[0]} {a[1]}, "
            f"{right.engine} says {b[0]} {b[1]}"
            for left, right in pairs for index, (a, b) in enumerate(zip(left.outcomes, right.outcomes))
            if not consistent(a, b)]


# ---------------------------------------------------------------- the benchmark


def prepared_sets(args: argparse.Namespace, workdir: str) -> List[Tuple[str, str, int]]:
    """(name, path, puzzle count) per set; the limited set is cut to its first --limit puzzles in a temp file."""
    chosen = [(name, str(data_file(args.data, "sudoku", SETS[name]))) for name in args.sets]
    sets = []
    for name, path in chosen + [(Path(p).name, p) for p in args.extra]:
        with open(path) as stream:
            lines = [line.strip() for line in stream if line.strip() and not line.startswith("#")]
        if name == LIMITED_SET and args.limit and args.limit < len(lines):
            lines = lines[: args.limit]
            path = str(Path(workdir) / f"{name}-first-{args.limit}.txt")
            Path(path).write_text("".join(line + "\n" for line in lines))
            name = f"{name} (first {args.limit})"
        sets.append((name, path, len(lines)))
    return sets


def matches(pattern: str, engine: Engine, set_name: str) -> bool:
    """Does ENGINE, ENGINE:SET or :SET name this engine (puzzlesat, a, b, c, d) and set (by name prefix)?"""
    who, _, where = pattern.partition(":")
    return who in ("", engine.key, engine.label.split("[")[0]) and set_name.startswith(where)


def cap_for(engine: Engine, set_name: str, caps: List[str]) -> float:
    """Seconds allowed to one run: the last --cap rule ('SECONDS' or '[ENGINE][:SET]=SECONDS') that matches."""
    seconds = float("inf")
    for rule in caps:
        pattern, _, value = rule.rpartition("=")
        if not pattern or matches(pattern, engine, set_name):
            seconds = float(value)
    return seconds


def benchmark(args: argparse.Namespace, engines: List[Engine]) -> Tuple[List[Run], List[str]]:
    """Every run, interleaved per set: for each repeat, each mode, each engine; and the disagreements."""
    runs: List[Run] = []
    problems: List[str] = []
    with tempfile.TemporaryDirectory(prefix="bench_sudoku-") as workdir:
        for name, path, count in prepared_sets(args, workdir):
            set_runs = []
            for repeat, (mode, engine) in rounds(args.repeats, product(args.modes, engines)):
                if any(matches(skip, engine, name) for skip in args.skip):
                    continue
                run = run_engine(engine, path, count, MODES[mode], cap_for(engine, name, args.cap), args.timing)
                run.set, run.repeat = name, repeat
                print(f"  {name} {mode} #{repeat} {run.engine}: {run.done}/{count} in {run.seconds:.2f} s "
                      f"= {run.rate:,.1f}/s{' capped' if run.capped else ''}", file=sys.stderr, flush=True)
                set_runs.append(run)
            for mode in args.modes:
                problems += disagreements([r for r in set_runs if r.mode == mode])
            for run in set_runs:
                run.outcomes = []  # keep memory flat across sets
            runs += set_runs
    return runs, problems


@dataclass
class Row:
    """The median of the repeats of one engine on one set in one mode."""

    set: str
    mode: str
    engine: str
    puzzles: int
    done: int
    rate: float
    rates: List[float]
    capped: bool
    spread: float  # (max - min) / 2 / median of the repeats' rates
    ratios: Dict[str, float]
    capped_baselines: List[str] = field(default_factory=list)
    net_rate: Optional[float] = None  # puzzlesat only: puzzles over (wall time - start-up on one puzzle)


def summarize(runs: List[Run], startup: Dict[str, float]) -> List[Row]:
    """Medians per set, mode and engine, puzzlesat's rate net of its start-up, and its ratio to every baseline."""
    groups: Dict[tuple, List[Run]] = {}
    for run in runs:
        groups.setdefault((run.set, run.mode, run.engine), []).append(run)
    rows = []
    for (set_name, mode, engine), group in groups.items():
        rates = [r.rate for r in group]
        row = Row(set_name, mode, engine, group[0].puzzles, min(r.done for r in group), median(rates), rates,
                  any(r.capped for r in group), spread(rates) / 2, {})
        if engine in startup:
            row.net_rate = median(r.done / max(r.wall - startup[engine], 1e-3) for r in group)
        rows.append(row)
    for row in rows:
        for other in rows if row.engine.startswith("puzzlesat") else []:
            if (other.set, other.mode) == (row.set, row.mode) and other.engine in BASELINES and other.rate:
                row.ratios[other.engine] = row.rate / other.rate
                row.capped_baselines += [other.engine] if other.capped else []
    return rows


def report_table(rows: List[Row], baselines: Sequence[str]) -> str:
    """The plain-text table: one line per set, mode and engine, a blank line between sets and modes."""
    lines = []
    for i, row in enumerate(rows):
        if i and (row.set, row.mode) != (rows[i - 1].set, rows[i - 1].mode):
            lines.append(None)
        ratios = [ratio(row.ratios.get(k)) + ("*" if k in row.capped_baselines else " ") if row.ratios else ""
                  for k in baselines]
        lines.append([row.set, row.mode, BASELINES.get(row.engine, row.engine), f"{row.done}/{row.puzzles}",
                      number(row.rate) + ("*" if row.capped else " "), f"{row.spread * 100:.0f}%",
                      "" if row.net_rate is None else number(row.net_rate), *ratios])
    header = ["set", "mode", "engine", "done", "puzzles/s", "+-", "net/s", *(f"vs {k} " for k in baselines)]
    return table(header, lines, "lllrrrr" + "r" * len(baselines))


def startup_seconds(engine: Engine, repeats: int = 3) -> float:
    """Median wall time of the whole command on one 9x9 puzzle: the fixed cost in every puzzlesat run."""
    with tempfile.TemporaryDirectory() as tmp:
        one = Path(tmp) / "one.txt"
        one.write_text(ONE_PUZZLE)
        return median(run_engine(engine, str(one), 1, True, 30).wall for _ in range(repeats))


def parse_args(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    """The benchmark's options."""
    p = parser_for(__doc__)
    add_data_option(p)
    p.add_argument("--sets", default=",".join(SETS), help=f"comma-separated, from: {', '.join(SETS)}")
    p.add_argument("--extra", action="append", default=[], metavar="FILE", help="another puzzle file to measure")
    p.add_argument("--limit", type=int, default=DEFAULT_LIMIT, help=f"first N puzzles of {LIMITED_SET} (default %(default)s)")
    p.add_argument("--full", action="store_true", help=f"all puzzles of {LIMITED_SET}")
    p.add_argument("--modes", default="unique,no-unique", help="unique,no-unique (uniqueness check on / off)")
    p.add_argument("--repeats", type=int, default=3, help="interleaved runs of every engine (default %(default)s)")
    p.add_argument("--cap", action="append", default=[], metavar="[ENGINE][:SET]=SECONDS",
                   help="seconds one run may take: 'SECONDS' for all, 'ENGINE:SET=SECONDS' for an engine on sets whose "
                   f"name starts with SET; the last match wins (defaults: {' '.join(DEFAULT_CAPS)})")
    p.add_argument("--baselines", default="a,b,c,d", help="which baselines to run (default %(default)s; '' for none)")
    p.add_argument("--solvers", default="", help="run puzzlesat once per --solver NAME (comma-separated)")
    p.add_argument("--encodings", default="", help="run puzzlesat once per --encoding NAME (comma-separated)")
    p.add_argument("--skip", action="append", default=[], metavar="ENGINE[:SET]",
                   help="skip an engine (puzzlesat, a, b, c, d), on every set or on sets whose name starts with SET")
    p.add_argument("--timing", choices=("whole", "solve"), default="whole",
                   help="whole: every engine's wall time from launch to exit (default); solve: baselines self-timed, "
                        "start-up and imports excluded")
    p.add_argument("--json", metavar="FILE", help="write every run and the summary as JSON ('-': stdout, no table)")
    args = p.parse_args(argv)
    args.sets, args.modes = names(p, args.sets, SETS), names(p, args.modes, MODES)
    args.baselines = names(p, args.baselines, BASELINES)
    args.solvers, args.encodings = names(p, args.solvers), names(p, args.encodings)
    args.limit = None if args.full else args.limit
    rules = DEFAULT_CAPS + args.cap
    args.cap = [r for r in rules if "=" not in r][-1:] + [r for r in rules if "=" in r]  # one for all, then particular
    for rule in args.cap:
        try:
            float(rule.rpartition("=")[2])
        except ValueError:
            p.error(f"--cap {rule}: expected SECONDS or [ENGINE][:SET]=SECONDS")
    for path in args.extra:
        if not Path(path).is_file():
            p.error(f"no such file: {path}")
    return args


def names(parser: argparse.ArgumentParser, text: str, allowed: Optional[dict] = None) -> List[str]:
    """Comma-separated names, checked against `allowed`."""
    found = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in found if allowed is not None and n not in allowed]
    if unknown:
        parser.error(f"unknown {', '.join(unknown)}; choose from {', '.join(allowed)}")
    return found


def notes(args, argv, startup: Dict[str, float], problems: List[str], minutes: float) -> List[str]:
    """The lines under the table: the command, how to read it, start-up, agreement."""
    return [
        f"command: python scripts/bench_sudoku.py {' '.join(argv)}".strip(),
        f"median of {args.repeats} interleaved runs (+- = half their range, of the median); '*' = capped"
        f" (caps: {', '.join(rule + ' s' for rule in args.cap)}; rate over the puzzles finished; a ratio to a capped"
        f" baseline is marked too); ratios = puzzlesat / baseline; took {minutes:.1f} min",
        "puzzlesat = whole command (start-up included: "
        + (", ".join(f"{k} {v * 1000:.0f} ms" for k, v in startup.items()) or "not run")
        + " on one puzzle; net/s = puzzles over the time beyond that); baselines = "
        + ("whole program too (--timing whole)" if args.timing == "whole" else "solve + file I/O only (--timing solve)"),
        f"agreement: {f'{len(problems)} DISAGREEMENTS' if problems else 'all engines agree on every puzzle they finished'}",
    ]


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the benchmark; print the table (or JSON); exit 1 when engines disagree."""
    argv = sys.argv[1:] if argv is None else list(argv)
    args = parse_args(argv)
    # A shell starts background jobs with SIGINT ignored, and children would inherit that; a handled signal is
    # reset to the default in a child, so the cap's SIGINT reaches every engine even when this runs under nohup.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    started = time.perf_counter()
    mine = [] if "puzzlesat" in args.skip else puzzlesat_engines(args.solvers, args.encodings)
    startup = {e.label: startup_seconds(e) for e in mine}
    runs, problems = benchmark(args, mine + baseline_engines(args.baselines))
    rows = summarize(runs, startup)
    lines = notes(args, argv, startup, problems, (time.perf_counter() - started) / 60)
    if args.json:
        document = {"notes": lines, "startup_seconds": startup, "rows": [asdict(r) for r in rows],
                    "runs": [{k: v for k, v in asdict(r).items() if k != "outcomes"} for r in runs],
                    "disagreements": problems}
        text = json.dumps(document, indent=1)
        print(text) if args.json == "-" else Path(args.json).write_text(text + "\n")
    if args.json != "-":
        print(report_table(rows, args.baselines) + "\n\n" + "\n".join(lines))
        for problem in problems[:20]:
            print("  " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark: rating speed, `puzzlesat sudoku --rate` against Sukaku Explainer's serate, on the same puzzles.

Both rate every puzzle of a sample on SE's scale, one process each, start-up included, in one run, interleaved
(for each round: every set, puzzlesat then SE), so that the machine's load hits both alike. The table gives puzzles
per second (median over rounds), the ratio puzzlesat / SE, the median and the slowest puzzle of each (puzzlesat's
time_ms, SE's %e), and how often the two ER agree (exact, within 0.5). SE (SudokuMonster's fork of Sudoku
Explainer) must be built from its public sources: --se names the classes directory or jar; without it only
puzzlesat runs.

    python scripts/bench_rate.py --se ../SukakuExplainer/build                 # 17-clue 200, top1465 60, hardest 8
    python scripts/bench_rate.py --se build --sets 17-clue --limit 50 --rounds 3

Samples are every K-th puzzle of each file (K chosen to give --limit puzzles, or the set's default count), so that
they spread over the file. puzzlesat's per-puzzle budget is --timeout (a puzzle over it counts, with status
'timeout'); SE has no budget, so each of its runs is capped at --cap seconds (then its puzzles per second is the
puzzles finished over the cap, marked '*').
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from pathlib import Path

from common import PUZZLESAT, add_data_option, data_file, measure, median, number, parser_for, ratio, rounds, table

SETS = {  # name -> (file under DATA/sudoku, default sample size)
    "17-clue": ("puzzles2_17_clue", 200),
    "top1465": ("puzzles3_magictour_top1465", 60),
    "hardest1106": ("puzzles6_forum_hardest_1106", 8),
}


def sample(path: Path, count: int) -> list:
    """`count` puzzles spread over the file (81 characters, '0' blanks, as serate reads them)."""
    found = []
    for line in path.read_text().splitlines():
        field = next((f for f in line.split() if len(f) == 81), None)
        if field:
            found.append(field.replace(".", "0"))
    step = max(1, len(found) // count)
    return found[::step][:count]


def run_puzzlesat(path: Path, timeout: float, cap: float) -> dict:
    """Rate with the CLI: wall seconds, per-puzzle milliseconds, ERs and statuses."""
    done = measure([PUZZLESAT, "sudoku", "--rate", "-f", "jsonl", "-j", "1", "--timeout", str(timeout), str(path)],
                   cap=cap)
    records = [json.loads(line) for line in (done.out or b"").decode().splitlines() if line.startswith("{")]
    return {"wall": done.wall, "capped": done.capped, "ms": [r["time_ms"] for r in records],
            "er": [r["rating"]["er"] if r.get("rating") else None for r in records],
            "timeouts": sum(r["status"] == "timeout" for r in records)}


TIME = re.compile(r"(?:(\d+)m)?(\d+(?:\.\d+)?)s$")


def se_seconds(text: str) -> float:
    """serate's %e ('0.12s', '1m05s') in seconds."""
    match = TIME.search(text)
    return (int(match.group(1) or 0) * 60 + float(match.group(2))) if match else float("nan")


def run_se(se: str, path: Path, cap: float) -> dict:
    """Rate with serate: wall seconds, per-puzzle milliseconds and ERs."""
    done = measure(["java", "-cp", se, "diuf.sudoku.test.serate", "--format=%r %e", f"--input={path}"], cap=cap)
    rows = [line.split() for line in (done.out or b"").decode("latin-1").splitlines() if line.strip()]
    return {"wall": done.wall, "capped": done.capped, "ms": [se_seconds(r[-1]) * 1000 for r in rows],
            "er": [float(r[0]) for r in rows], "timeouts": 0}


def summary(runs: list, count: int) -> dict:
    """Median puzzles per second over rounds (capped runs: puzzles finished over the time), the median and
    slowest puzzle over all rounds."""
    rates = [len(run["ms"]) / run["wall"] for run in runs]
    every = [ms for run in runs for ms in run["ms"]]
    return {"rate": median(rates), "capped": any(run["capped"] or len(run["ms"]) < count for run in runs),
            "median_ms": median(every) if every else float("nan"), "slowest_s": max(every) / 1000 if every else 0.0,
            "timeouts": max(run["timeouts"] for run in runs), "er": runs[-1]["er"]}


def agreement(ours: list, theirs: list) -> str:
    """'exact 71%, within 0.5 93%' over the puzzles both rated."""
    pairs = [(a, b) for a, b in zip(ours, theirs) if a is not None and b is not None]
    if not pairs:
        return "-"
    exact = sum(abs(a - b) < 0.05 for a, b in pairs) / len(pairs)
    close = sum(abs(a - b) <= 0.5 + 1e-9 for a, b in pairs) / len(pairs)
    return f"{100 * exact:.0f}% / {100 * close:.0f}%"


def main(argv=None) -> int:
    """Run the rounds and print the table."""
    parser = parser_for(__doc__, 3)
    add_data_option(parser)
    parser.add_argument("--se", help="Sukaku Explainer's classes directory or jar (java -cp); without it, no SE")
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated: " + ", ".join(SETS))
    parser.add_argument("--limit", type=int, help="puzzles per set (default: the set's own count)")
    parser.add_argument("--rounds", type=int, default=1, help="rounds (medians over them)")
    parser.add_argument("--timeout", type=float, default=60.0, help="puzzlesat's budget per puzzle, seconds")
    parser.add_argument("--cap", type=float, default=1800.0, help="seconds one run may take")
    args = parser.parse_args(argv)
    names = args.sets.split(",")
    with tempfile.TemporaryDirectory() as folder:
        files, counts = {}, {}
        for name in names:
            filename, count = SETS[name]
            puzzles = sample(data_file(args.data, "sudoku", filename), args.limit or count)
            files[name], counts[name] = Path(folder) / f"{name}.txt", len(puzzles)
            files[name].write_text("\n".join(puzzles) + "\n")
        runs = {(name, engine): [] for name in names for engine in ("puzzlesat", "se")}
        for number_, name in rounds(args.rounds, names):
            print(f"# round {number_}: {name}", file=sys.stderr)
            runs[name, "puzzlesat"].append(run_puzzlesat(files[name], args.timeout, args.cap))
            if args.se:
                runs[name, "se"].append(run_se(args.se, files[name], args.cap))
    rows = []
    for name in names:
        count = counts[name]
        ours = summary(runs[name, "puzzlesat"], count)
        theirs = summary(runs[name, "se"], count) if args.se else None
        star = lambda s: "*" if s["capped"] else ""
        rows.append([name, str(count), number(ours["rate"]) + star(ours),
                     number(theirs["rate"]) + star(theirs) if theirs else "-",
                     ratio(ours["rate"] / theirs["rate"]) if theirs else "-",
                     f"{ours['median_ms']:.0f} / {theirs['median_ms']:.0f}" if theirs else f"{ours['median_ms']:.0f}",
                     f"{ours['slowest_s']:.1f} / {theirs['slowest_s']:.1f}" if theirs else f"{ours['slowest_s']:.1f}",
                     str(ours["timeouts"]), agreement(ours["er"], theirs["er"]) if theirs else "-"])
    print(table(["set", "puzzles", "puzzlesat /s", "SE /s", "ratio", "median ms (ps / SE)",
                 "slowest s (ps / SE)", "timeouts", "ER exact / within 0.5"], rows, "lrrrrrrrr"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

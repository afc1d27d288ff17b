#!/usr/bin/env python3
"""Benchmark: win rates of the Minesweeper strategies (puzzlesat.mines.simulate) against the published anchors.

Each run plays GAMES seeded games of one level and reports the win rate with its Wilson 95% interval, against
Tu et al. 2017's minprob baseline ("P") and the best published win rate for that level and first-click rule
(ANCHORS below), saying whether each anchor lies inside, below or above the interval; also mean guesses per game
and games per second per process.

    python scripts/bench_winrate.py                       # the issue's set: minprob and lookahead, all levels (long)
    python scripts/bench_winrate.py --run minprob:beginner:safe:20 --jobs 1    # seconds
    python scripts/bench_winrate.py --run lookahead:expert:zero:5000 --jobs 2

Each run is STRATEGY:LEVEL:RULES:GAMES[:ROW,COL] (the first move; the corner by default). Prints one JSON line per
run as it finishes (to stdout) and a Markdown table at the end.
"""

from __future__ import annotations

import json
import sys

from common import parser_for
from puzzlesat.mines import parse_size, simulate
from puzzlesat.mines.game import parse_cell  # not on the package face

# (level, rules) -> (Tu et al. 2017 minprob "P" baseline, best published rate)
ANCHORS = {
    ("beginner", "safe"): (None, 0.9169),
    ("intermediate", "safe"): (0.7430, 0.7823),
    ("expert", "safe"): (0.3556, 0.4113),
    ("beginner", "zero"): (None, 0.9717),
    ("intermediate", "zero"): (None, 0.8908),
    ("expert", "zero"): (None, 0.543),
}
DEFAULT_RUNS = (
    "minprob:beginner:safe:10000",
    "minprob:intermediate:safe:10000",
    "minprob:expert:safe:5000",
    "lookahead:beginner:safe:10000",
    "lookahead:intermediate:safe:10000",
    "lookahead:expert:safe:5000",
    "lookahead:expert:zero:5000:3,3",
    "minprob:expert:zero:5000:3,3",
)


def main(argv=None) -> int:
    """Play every run, print its JSON line, then the table."""
    parser = parser_for(__doc__, 3)
    parser.add_argument("--run", action="append", help="STRATEGY:LEVEL:RULES:GAMES[:ROW,COL] (repeatable)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default %(default)s)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rows = []
    for spec in args.run or DEFAULT_RUNS:
        strategy, level, rules, games, *first = spec.split(":")
        setup = parse_size(level, rules)
        cell = parse_cell(first[0], setup) if first else (0, 0)
        summary = simulate(setup, strategy, int(games), args.seed, args.jobs, cell)
        record = summary.record()
        record["games_per_second_per_process"] = record["games_per_second"] / args.jobs
        print(json.dumps(record), flush=True)
        rows.append(record)
    print(table(rows))
    return 0


def verdict(anchor, low: float, high: float) -> str:
    """Where a published rate lies relative to our interval."""
    if anchor is None:
        return "—"
    where = "inside" if low <= anchor <= high else ("below" if anchor < low else "above")
    return f"{anchor:.2%} ({where})"


def table(rows) -> str:
    """A Markdown table of the runs."""
    lines = [
        "| strategy | level | rules | first move | games | win rate | 95% CI | Tu et al. minprob | best published | guesses/game | games/s/process |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        low, high = r["ci95"]
        baseline, best = ANCHORS.get((r["level"], r["rules"]), (None, None))
        lines.append(
            f"| {r['strategy']} | {r['level'] or r['size']} | {r['rules']} | {tuple(r['first_move'])} | {r['games']} | {r['win_rate']:.2%} | "
            f"{low:.2%}–{high:.2%} | {verdict(baseline, low, high)} | {verdict(best, low, high)} | "
            f"{r['mean_guesses']:.2f} | {r['games_per_second_per_process']:.1f} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())

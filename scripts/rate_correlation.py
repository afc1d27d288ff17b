"""Benchmark: Spearman correlations of puzzlesat's Sudoku ratings with published difficulty ratings.

Each metric of puzzlesat.sudoku.rate (and the combined score) is correlated with three published ratings; the
baseline metric is the number of open cells left after unit propagation. Spearman's rho is computed here (ranks
with ties averaged, then Pearson on the ranks).

Sets (DATA/sudoku/rated/, see its README; DATA is --data, by default ../shared/data):
  se      diabolical.txt            Sukaku Explainer ratings (SE scale), 160 puzzles
  kaggle  sudoku_curated_5000.csv   the Kaggle 3M set's own 'difficulty' column, 5,000 puzzles
  human   20240415.csv              D_TO: difficulty from human solving times (Cloud Sudoku app), 344 puzzles

    python scripts/rate_correlation.py                  # all three sets, a few minutes
    python scripts/rate_correlation.py --sets se --limit 20     # seconds
    python scripts/rate_correlation.py --every 10 --dump ratings.jsonl;  python scripts/rate_correlation.py --load ratings.jsonl --fit

Held out: each set is split into two halves, the puzzles at even positions (the fit half) and at odd positions (the
held-out half). The score's weights (SCORE_WEIGHTS in puzzlesat/sudoku/rating.py) were chosen with --fit, which
looks only at the fit halves; the table "held-out" rows are the honest numbers. --dump saves the ratings (JSON
Lines) so that --load can refit and re-report without rating again.
"""

from __future__ import annotations

import csv
import json
import math
import sys
import time
from dataclasses import asdict
from pathlib import Path

from common import add_data_option, data_file, parser_for
from puzzlesat.sudoku import parse, rate
from puzzlesat.sudoku.explainer import TECHNIQUES
from puzzlesat.sudoku.rating import LEVELS, SCORE_WEIGHTS, Rating, combined_score, score_terms
METRICS = {
    "baseline: open cells after unit propagation": lambda r: r.open_after_propagation,
    "complexity (Chen)": lambda r: r.complexity,
    "level (singles < reduction < probing < search)": lambda r: LEVELS.index(r.level),
    "hardest technique": lambda r: -1 if r.hardest is None else TECHNIQUES.index(r.hardest),
    "probing steps": lambda r: r.probe_rounds,
    "longest easiest chain": lambda r: r.chain,
    "longest easiest chain (values placed)": lambda r: r.longest_step,
    "failed literals at first stop": lambda r: -r.probes,
    "fewest failed literals at any stop": lambda r: -r.scarcest,
    "waves of singles": lambda r: r.waves,
    "search guesses (whole tree)": lambda r: r.guesses,
    "expected guesses (random digit order)": lambda r: r.expected_guesses,
    "randomized search guesses (random fewest-candidates cell)": lambda r: r.random_guesses,
    "combined score": lambda r: r.score,
}


def ranks(values: list) -> list:
    """1-based ranks, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result


def pearson(xs: list, ys: list) -> float:
    """Pearson's r (nan when either side is constant)."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else float("nan")


def spearman(xs: list, ys: list) -> float:
    """Spearman's rho."""
    return pearson(ranks(xs), ranks(ys))


def _rho(value: float) -> str:
    """'+0.512', or 'n/a' when the metric is constant over the set."""
    return "n/a" if math.isnan(value) else f"{value:+.3f}"


def read_se(path: Path) -> list:
    """(puzzle, rating) from 'hash digits rating' lines."""
    rows = []
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) == 3:
            rows.append((parts[1], float(parts[2])))
    return rows


def read_kaggle(path: Path) -> list:
    """(puzzle, difficulty) from the curated Kaggle CSV."""
    with path.open() as stream:
        return [(row["puzzle"], float(row["difficulty"])) for row in csv.DictReader(stream)]


def read_human(path: Path) -> list:
    """(puzzle, D_TO) from the human-times CSV."""
    with path.open() as stream:
        return [(row["Sudoku Puzzle"], float(row["D_TO"])) for row in csv.DictReader(stream)]


SETS = {
    "se": ("diabolical.txt", read_se, "SE rating"),
    "kaggle": ("sudoku_curated_5000.csv", read_kaggle, "Kaggle difficulty"),
    "human": ("20240415.csv", read_human, "human time (D_TO)"),
}


def rate_set(rows: list) -> tuple:
    """Ratings of every puzzle that rates, with their published values, and seconds per puzzle."""
    started = time.perf_counter()
    ratings, published = [], []
    for text, value in rows:
        rating = rate(parse(text))
        if rating is not None:
            ratings.append(rating)
            published.append(value)
    return ratings, published, (time.perf_counter() - started) / max(1, len(rows))


def rate_sets(args) -> dict:
    """{set: (ratings, published)}, rated now (and dumped if asked) or loaded from a dump."""
    if args.load:
        return load_dump(args.load, args.sets.split(","))
    sets = {}
    for name in args.sets.split(","):
        filename, reader, _ = SETS[name]
        rows = reader(data_file(args.data, "sudoku", "rated", filename))[:: args.every][: args.limit]
        ratings, published, per = rate_set(rows)
        sets[name] = (ratings, published)
        levels = {level: sum(r.level == level for r in ratings) for level in LEVELS}
        print(f"# {name}: {len(ratings)} of {len(rows)} puzzles rated, {per * 1000:.1f} ms each; levels {levels}",
              file=sys.stderr)
        if args.dump:
            with open(args.dump, "a") as out:
                for rating, value in zip(ratings, published):
                    out.write(json.dumps({"set": name, "published": value, **asdict(rating)}) + "\n")
    return sets


def load_dump(path: Path, names: list) -> dict:
    """Ratings saved by --dump (scores recomputed with today's weights)."""
    sets = {name: ([], []) for name in names}
    for line in path.read_text().splitlines():
        record = json.loads(line)
        name, value = record.pop("set"), record.pop("published")
        if name in sets:
            rating = Rating(**{key: record[key] for key in Rating.__dataclass_fields__ if key in record})
            rating.score = combined_score(rating, 9)
            sets[name][0].append(rating)
            sets[name][1].append(value)
    return sets


def half(values: list, part: int) -> list:
    """The fit half (part 0: even positions) or the held-out half (part 1: odd positions)."""
    return values[part::2]


def gain(terms: dict, weights: dict, part: int) -> float:
    """The smallest, over the sets, gain in rho of the blend over the baseline on one half."""
    gains = []
    for name, (rows, published, baseline) in terms.items():
        scores = [sum(w * row[key] for key, w in weights.items()) for row in half(rows, part)]
        gains.append(spearman(scores, half(published, part)) - baseline[part])
    return min(gains)


GRID = (0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0)


def fit(sets: dict, start: dict, anchor: str = "open") -> dict:
    """Coordinate search over GRID for the weights with the largest smallest gain on the fit halves."""
    terms = {}
    for name, (ratings, published) in sets.items():
        rows = [score_terms(r, 9) for r in ratings]
        base = [spearman(half([r.open_after_propagation for r in ratings], p), half(published, p)) for p in (0, 1)]
        terms[name] = (rows, published, base)
    names = list(next(iter(terms.values()))[0][0])
    weights = {key: start.get(key, 0.0) for key in names}
    best = gain(terms, weights, 0)
    for _ in range(3):
        improved = False
        for key in names:
            if key == anchor:
                continue
            for value in GRID:
                trial = {**weights, key: value}
                score = gain(terms, trial, 0)
                if score > best + 1e-4:
                    best, weights, improved = score, trial, True
        if not improved:
            break
    return {key: value for key, value in weights.items() if value}


def print_table(sets: dict) -> None:
    """Every metric against every set."""
    names = list(sets)
    print("| metric | " + " | ".join(f"{SETS[n][2]} (n={len(sets[n][0])})" for n in names) + " |")
    print("|" + "---|" * (len(names) + 1))
    for metric, f in METRICS.items():
        cells = " | ".join(_rho(spearman([f(r) for r in sets[n][0]], sets[n][1])) for n in names)
        print(f"| {metric} | {cells} |")


def print_halves(sets: dict, blends: dict) -> None:
    """Baseline and blends on the fit half and on the held-out half of each set."""
    names = list(sets)
    print()
    print("| half | metric | " + " | ".join(SETS[n][2] for n in names) + " |")
    print("|" + "---|" * (len(names) + 2))
    for part, label in ((0, "fit"), (1, "held-out")):
        rows = {"baseline": lambda r: r.open_after_propagation}
        rows.update({title: (lambda r, w=w: combined_score(r, 9, w)) for title, w in blends.items()})
        for title, f in rows.items():
            cells = []
            for n in names:
                ratings, published = sets[n]
                cells.append(_rho(spearman([f(r) for r in half(ratings, part)], half(published, part))))
            print(f"| {label} | {title} | " + " | ".join(cells) + " |")


def main(argv=None) -> int:
    """Rate (or load) the sets, print the correlation table and the fit / held-out halves."""
    parser = parser_for(__doc__, 4)
    add_data_option(parser)
    parser.add_argument("--limit", type=int, default=None, help="use only the first N puzzles of each set")
    parser.add_argument("--every", type=int, default=1, help="use every K-th puzzle (a quick sample)")
    parser.add_argument("--sets", default="se,kaggle,human", help="comma-separated: se, kaggle, human")
    parser.add_argument("--dump", type=Path, help="also write every rating with its published value (JSON Lines)")
    parser.add_argument("--load", type=Path, help="read ratings written by --dump instead of rating")
    parser.add_argument("--fit", action="store_true", help="refit the score's weights on the fit halves")
    args = parser.parse_args(argv)
    sets = rate_sets(args)
    print_table(sets)
    blends = {"combined score": SCORE_WEIGHTS}
    if args.fit:
        fitted = fit(sets, SCORE_WEIGHTS)
        print(f"# fitted weights: {fitted}", file=sys.stderr)
        blends["refitted blend"] = fitted
    print_halves(sets, blends)
    return 0


if __name__ == "__main__":
    sys.exit(main())

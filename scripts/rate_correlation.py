"""Spearman correlations between puzzlesat's ratings and published difficulty ratings.

Sets (../shared/data/sudoku/rated/, see its README):
  se      diabolical.txt            Sukaku Explainer ratings (SE scale), 160 puzzles
  kaggle  sudoku_curated_5000.csv   the Kaggle 3M set's own 'difficulty' column, 5,000 puzzles
  human   20240415.csv              D_TO: difficulty from human solving times (Cloud Sudoku app), 344 puzzles

Usage:  python scripts/rate_correlation.py [--data DIR] [--sets se,kaggle,human] [--every K] [--limit N]
Spearman's rho is computed here (ranks with ties averaged, then Pearson on the ranks).
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
import time
from pathlib import Path

from puzzlesat.sudoku.grid import parse
from puzzlesat.sudoku.rate import LEVELS, TECHNIQUES, rate

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "sudoku" / "rated"
METRICS = {
    "baseline: open cells after unit propagation": lambda r: r.open_after_propagation,
    "complexity (Chen)": lambda r: r.complexity,
    "level (singles < reduction < probing < search)": lambda r: LEVELS.index(r.level),
    "hardest technique": lambda r: -1 if r.hardest is None else TECHNIQUES.index(r.hardest),
    "probing steps": lambda r: r.probe_rounds,
    "longest easiest chain": lambda r: r.chain,
    "failed literals at first stop": lambda r: -r.probes,
    "search guesses": lambda r: r.guesses,
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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="folder with the rated sets")
    parser.add_argument("--limit", type=int, default=None, help="use only the first N puzzles of each set")
    parser.add_argument("--every", type=int, default=1, help="use every K-th puzzle (a quick sample)")
    parser.add_argument("--sets", default="se,kaggle,human", help="comma-separated: se, kaggle, human")
    args = parser.parse_args(argv)
    results, sizes = {}, {}
    for name in args.sets.split(","):
        filename, reader, label = SETS[name]
        rows = reader(args.data / filename)[:: args.every][: args.limit]
        ratings, published, per = rate_set(rows)
        results[name] = {metric: spearman([f(r) for r in ratings], published) for metric, f in METRICS.items()}
        sizes[name] = len(ratings)
        levels = {level: sum(r.level == level for r in ratings) for level in LEVELS}
        print(f"# {name}: {len(ratings)} of {len(rows)} puzzles rated, {per * 1000:.1f} ms each; levels {levels}",
              file=sys.stderr)
    names = list(results)
    header = "| metric | " + " | ".join(f"{SETS[n][2]} (n={sizes[n]})" for n in names) + " |"
    print(header)
    print("|" + "---|" * (len(names) + 1))
    for metric in METRICS:
        cells = " | ".join(_rho(results[n][metric]) for n in names)
        print(f"| {metric} | {cells} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark: how puzzlesat's two ratings track published ones: SE's scale (ER/EP/ED) and the effort score.

SE's scale: puzzlesat's ER/EP/ED against Sukaku Explainer's (the maintained fork of Sudoku Explainer) on rated
sets, by band of SE's ER: exact agreement, agreement within 0.5, and Spearman's rho over the whole range, plain
and with the bands weighted evenly (each puzzle weighs 1 / its band's size, so that the many easy puzzles do not
decide it). The effort score: Spearman against human solving times and the Kaggle rating, with the open-cells
baseline beside it. Spearman's rho is computed here (weighted mid-ranks, then weighted Pearson).

Sets (see puzzles/sudoku/README.md and DATA/sudoku/rated/README.md; DATA is --data, by default ../shared/data):
  se-train    DATA  se-train.tsv             614 puzzles over SE's whole range, SE's ER/EP/ED (the traces that
                                             the techniques were checked against step by step came from these)
  diabolical  DATA  diabolical.txt           160 puzzles, SE 5.4-9.1
  heldout     puzzles/sudoku/se-heldout.tsv  318 puzzles never used while writing the techniques, drawn at random
                                             from six public collections, rated by Sukaku Explainer for this check
  kaggle      DATA  sudoku_curated_5000.csv  the Kaggle 3M set's 'difficulty' (effort score only)
  human       DATA  20240415.csv             D_TO from human solving times (effort score only)

    python scripts/rate_correlation.py --sets heldout -j 2            # the honest numbers, a few minutes
    python scripts/rate_correlation.py --sets se-train --every 5 --limit 40
    python scripts/rate_correlation.py --sets kaggle,human --every 10 --dump r.jsonl; python scripts/rate_correlation.py --load r.jsonl --fit
    python scripts/rate_correlation.py --sets heldout --engine general -j 2   # the variant engine's scale on SE's

Every puzzle is rated through puzzlesat's own pipeline (`--rate`, -j workers) with a budget per puzzle
(--timeout); a puzzle whose budget runs out counts as a miss in the agreement and is left out of rho (the table
says how many). --dump saves the ratings (JSON Lines) so that --load can re-report and refit the effort score's
weights (--fit, on the even positions of the effort sets; the odd positions are held out).
"""

from __future__ import annotations

import csv
import json
import math
import statistics
import sys
import time
from pathlib import Path

from common import REPO, add_data_option, data_file, parser_for
from puzzlesat.streams import Line
from puzzlesat.sudoku.batch import SolveOptions, answers
from puzzlesat.sudoku.logic.rating import SCORE_WEIGHTS, Rating, combined_score, score_terms
from puzzlesat.sudoku.reading.reader import Reader

BANDS = ((1.0, 2.0), (2.0, 3.0), (3.0, 4.0), (4.0, 5.0), (5.0, 6.0), (6.0, 7.0), (7.0, 8.0), (8.0, 9.0),
         (9.0, 10.0), (10.0, 99.0))


def read_tsv(path: Path) -> list:
    """(puzzle, {er, ep, ed, hardest}) from se-train.tsv's columns."""
    with path.open() as stream:
        return [(row["puzzle"], {"er": float(row["se_er"]), "ep": float(row["se_ep"]), "ed": float(row["se_ed"]),
                                 "hardest": row["se_hardest"]}) for row in csv.DictReader(stream, delimiter="\t")]


def read_hashed(path: Path) -> list:
    """(puzzle, {er}) from 'hash digits rating' lines."""
    rows = []
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) == 3:
            rows.append((parts[1], {"er": float(parts[2])}))
    return rows


def read_kaggle(path: Path) -> list:
    """(puzzle, {effort}) from the curated Kaggle CSV."""
    with path.open() as stream:
        return [(row["puzzle"], {"effort": float(row["difficulty"])}) for row in csv.DictReader(stream)]


def read_human(path: Path) -> list:
    """(puzzle, {effort}) from the human-times CSV."""
    with path.open() as stream:
        return [(row["Sudoku Puzzle"], {"effort": float(row["D_TO"])}) for row in csv.DictReader(stream)]


SETS = {  # name: (where, file, reader)
    "se-train": ("data", "se-train.tsv", read_tsv),
    "diabolical": ("data", "diabolical.txt", read_hashed),
    "heldout": ("repo", "se-heldout.tsv", read_tsv),
    "kaggle": ("data", "sudoku_curated_5000.csv", read_kaggle),
    "human": ("data", "20240415.csv", read_human),
}


def set_rows(name: str, args) -> list:
    """The set's (puzzle, published) rows, sampled by --every and --limit."""
    where, filename, reader = SETS[name]
    path = REPO / "puzzles" / "sudoku" / filename if where == "repo" else \
        data_file(args.data, "sudoku", "rated", filename)
    return reader(path)[:: args.every][: args.limit]


def rate_rows(rows: list, jobs: int, timeout: float, engine: str = None, effort: bool = False) -> tuple:
    """(rating dicts, None for a puzzle whose budget ran out; milliseconds per puzzle) through the pipeline; the
    effort measures only with `effort` (the sets that publish an effort)."""
    reader = Reader()
    records = reader.records(Line("<set>", number, text) for number, (text, _) in enumerate(rows, 1))
    options = SolveOptions(rate=True, effort=effort, timeout=timeout, engine=engine)
    ratings, times = [], []
    for answer in answers(records, options, jobs, chunk_size=2):
        ratings.append(answer.rating.as_dict() if answer.rating is not None else None)
        times.append(answer.milliseconds)
    return ratings, times


def weighted_ranks(values: list, weights: list) -> list:
    """Mid-ranks where each item counts its weight (ties share the middle of their span)."""
    order = sorted(range(len(values)), key=values.__getitem__)
    result = [0.0] * len(values)
    below, i = 0.0, 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        span = sum(weights[order[k]] for k in range(i, j + 1))
        for k in range(i, j + 1):
            result[order[k]] = below + span / 2
        below += span
        i = j + 1
    return result


def weighted_pearson(xs: list, ys: list, ws: list) -> float:
    """Pearson's r with weights (nan when either side is constant)."""
    total = sum(ws)
    mx = sum(w * x for x, w in zip(xs, ws)) / total
    my = sum(w * y for y, w in zip(ys, ws)) / total
    sxy = sum(w * (x - mx) * (y - my) for x, y, w in zip(xs, ys, ws))
    sxx = sum(w * (x - mx) ** 2 for x, w in zip(xs, ws))
    syy = sum(w * (y - my) ** 2 for y, w in zip(ys, ws))
    return sxy / math.sqrt(sxx * syy) if sxx and syy else float("nan")


def spearman(xs: list, ys: list, ws: list = None) -> float:
    """Spearman's rho, weighted when `ws` is given."""
    ws = ws or [1.0] * len(xs)
    return weighted_pearson(weighted_ranks(xs, ws), weighted_ranks(ys, ws), ws)


def band_of(er: float) -> tuple:
    """The band of SE's ER holding `er`."""
    return next(band for band in BANDS if band[0] <= er < band[1])


def _rho(value: float) -> str:
    return "n/a" if math.isnan(value) else f"{value:.3f}"


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def se_table(name: str, rows: list, ratings: list) -> dict:
    """Print the by-band table of one SE-rated set; return its totals."""
    print(f"\n### {name}: puzzlesat's ER against SE's\n")
    print("| SE ER band | n | ER exact | ER within 0.5 | mean abs diff | budget ran out |")
    print("|---|---|---|---|---|---|")
    groups = {}
    for (_, published), rating in zip(rows, ratings):
        groups.setdefault(band_of(published["er"]), []).append((published, rating))
    for band in BANDS:
        pairs = groups.get(band, [])
        if not pairs:
            continue
        rated = [(p, r) for p, r in pairs if r is not None]
        exact = sum(abs(r["er"] - p["er"]) < 0.05 for p, r in rated)
        close = sum(abs(r["er"] - p["er"]) <= 0.5 + 1e-9 for p, r in rated)
        mad = statistics.mean(abs(r["er"] - p["er"]) for p, r in rated) if rated else float("nan")
        label = f"{band[0]:.0f}-{band[1]:.0f}" if band[1] < 99 else f"{band[0]:.0f}+"
        print(f"| {label} | {len(pairs)} | {_share(exact, len(pairs))} | {_share(close, len(pairs))} | "
              f"{mad:.2f} | {len(pairs) - len(rated)} |")
    pairs = [(p, r) for (_, p), r in zip(rows, ratings)]
    rated = [(p, r) for p, r in pairs if r is not None]
    sizes = {band: len(members) for band, members in groups.items()}
    weights = [1.0 / sizes[band_of(p["er"])] for p, _ in rated]
    ours, theirs = [r["er"] for _, r in rated], [p["er"] for p, _ in rated]
    totals = {
        "n": len(pairs), "timeouts": len(pairs) - len(rated),
        "exact": sum(abs(r["er"] - p["er"]) < 0.05 for p, r in rated),
        "close": sum(abs(r["er"] - p["er"]) <= 0.5 + 1e-9 for p, r in rated),
        "rho": spearman(ours, theirs), "rho_bands": spearman(ours, theirs, weights),
    }
    print(f"| all | {totals['n']} | {_share(totals['exact'], totals['n'])} | {_share(totals['close'], totals['n'])} "
          f"| | {totals['timeouts']} |")
    print(f"\nSpearman ER: {_rho(totals['rho'])} (bands weighted evenly: {_rho(totals['rho_bands'])})", end="")
    for key in ("ep", "ed"):
        known = [(p[key], r[key]) for p, r in rated if key in p]
        if known:
            exact = sum(abs(a - b) < 0.05 for a, b in known)
            print(f"; {key.upper()} exact {_share(exact, len(known))}, rho {_rho(spearman(*zip(*known)))}", end="")
    print()
    return totals


def effort_table(sets: dict) -> None:
    """The effort score (and ER, and the open-cells baseline) against the effort sets, whole and by halves."""
    print("\n### effort score against human times and the Kaggle rating (Spearman)\n")
    print("| set | n | open cells (baseline) | ER | effort score | effort score, held-out half |")
    print("|---|---|---|---|---|---|")
    for name, (rows, ratings) in sets.items():
        pairs = [(p["effort"], r) for (_, p), r in zip(rows, ratings) if r is not None]
        published = [p for p, _ in pairs]
        cells = [_rho(spearman([f(r) for _, r in pairs], published))
                 for f in (lambda r: r["open_after_propagation"], lambda r: r["er"], lambda r: r["score"])]
        held = _rho(spearman([r["score"] for _, r in pairs[1::2]], published[1::2]))
        print(f"| {name} | {len(pairs)} | " + " | ".join(cells) + f" | {held} |")


def fit_effort(sets: dict) -> dict:
    """Coordinate search for the score weights with the largest smallest gain over the baseline (even halves)."""
    grid = (0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0)
    data = []
    for rows, ratings in sets.values():
        pairs = [(p["effort"], as_rating(r)) for (_, p), r in zip(rows, ratings) if r is not None][::2]
        terms = [score_terms(r, 9) for _, r in pairs]
        published = [p for p, _ in pairs]
        data.append((terms, published, spearman([r.open_after_propagation for _, r in pairs], published)))

    def gain(weights: dict) -> float:
        return min(spearman([sum(w * t[k] for k, w in weights.items()) for t in terms], published) - base
                   for terms, published, base in data)

    weights = dict(SCORE_WEIGHTS)
    best = gain(weights)
    for _ in range(3):
        for key in list(data[0][0][0]):
            for value in grid:
                trial = {**weights, key: value}
                score = gain(trial)
                if score > best + 1e-4:
                    best, weights = score, trial
    return {k: v for k, v in weights.items() if v}


def as_rating(data: dict) -> Rating:
    """A Rating back from its dict (for refitting)."""
    return Rating(**{key: data[key] for key in Rating.__dataclass_fields__ if key in data})


def main(argv=None) -> int:
    """Rate (or load) the sets and print the tables."""
    parser = parser_for(__doc__, 3)
    add_data_option(parser)
    parser.add_argument("--sets", default="se-train,diabolical,heldout,kaggle,human",
                        help="comma-separated: " + ", ".join(SETS))
    parser.add_argument("--limit", type=int, default=None, help="only the first N puzzles of each set")
    parser.add_argument("--every", type=int, default=1, help="every K-th puzzle (a quick sample)")
    parser.add_argument("-j", "--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds a puzzle's rating may take")
    parser.add_argument("--engine", choices=("se", "general"), default=None,
                        help="the techniques: SE's (the default for classic puzzles) or the general engine of "
                             "variant puzzles, to see that its scale means what SE's means")
    parser.add_argument("--dump", type=Path, help="also write every rating with its published values (JSON Lines)")
    parser.add_argument("--load", type=Path, help="read ratings written by --dump instead of rating")
    parser.add_argument("--fit", action="store_true", help="refit the effort score's weights (effort sets)")
    args = parser.parse_args(argv)
    names = args.sets.split(",")
    sets = {}
    if args.load:
        for line in args.load.read_text().splitlines():
            record = json.loads(line)
            if record["set"] in names:
                rows, ratings = sets.setdefault(record["set"], ([], []))
                rows.append((record["puzzle"], record["published"]))
                ratings.append(record["rating"])
    for name in names:
        if name in sets:
            continue
        rows = set_rows(name, args)
        started = time.perf_counter()
        ratings, times = rate_rows(rows, args.jobs, args.timeout, args.engine, "effort" in rows[0][1])
        print(f"# {name}: {len(rows)} puzzles in {time.perf_counter() - started:.0f} s, median "
              f"{statistics.median(times):.0f} ms, slowest {max(times) / 1000:.1f} s", file=sys.stderr)
        sets[name] = (rows, ratings)
        if args.dump:
            with args.dump.open("a") as out:
                for (puzzle, published), rating in zip(rows, ratings):
                    out.write(json.dumps({"set": name, "puzzle": puzzle, "published": published,
                                          "rating": rating}) + "\n")
    for name, (rows, ratings) in sets.items():
        if "er" in rows[0][1]:
            se_table(name, rows, ratings)
    effort = {name: data for name, data in sets.items() if "effort" in data[0][0][1]}
    if effort:
        for rating in (r for _, rs in effort.values() for r in rs if r is not None):
            rating["score"] = combined_score(as_rating(rating), 9)  # today's weights, also for a loaded dump
        effort_table(effort)
        if args.fit:
            print(f"# refitted weights: {fit_effort(effort)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

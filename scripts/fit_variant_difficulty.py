"""Fit the variant difficulty (puzzlesat/sudoku/logic/variant_difficulty.json) on Cracking the Cryptic's video lengths.

Input: a saved `ctc_catalogue.py --rate --out RUN` run (each puzzle's rating record, its host and minutes). The
puzzles puzzlesat solved uniquely and rated are the data: each gives the features of its path's analysis
(variant_difficulty.FEATURES) and log(minutes). The model is least squares, log(minutes) = host offset + weights .
features, the offsets letting each host keep his own pace (Mark is faster than Simon), fitted on the variants
(classic puzzles keep SE's ER). The scale is then anchored on the classic puzzles (engine 'se', SE's exact ER):
log(minutes) - host offset = a + b * ER (the major axis through their means), so that a variant's difficulty is
the ER of a classic puzzle that takes as long. The minutes' spread is the 10% and 90% quantiles of the held-out errors
(a classic puzzle's minutes come from the anchor line at its ER, with the classic puzzles' errors around it).

Everything reported is held out: K-fold cross-validation (--folds, default 5, seeded), each fold's puzzles ranked
by a model fitted on the others, Spearman's rho against minutes within each host and fold, weighted by puzzles and
averaged over folds and --repeats splits (the same folds for every row, the current rating's too; with 5 folds a
host's fold holds a few puzzles, so these rhos run lower than one over all the puzzles at once, shown last). Beside
it: the current rating (the path's hardest step, `er`), the model with every feature, the ablation (each chosen
feature left out, each other one added) and each feature alone.
The shipped model keeps few features (--features, default CHOSEN): with a few hundred noisy puzzles, more weights
fitted worse held out. With --pencilmark (a cache written by pencilmark_times.py) the same table for pencilmark's
minutes and difficulty and for ours on exactly the puzzles pencilmark answered. With --write the model fitted on all
the data goes into the package's parameters file. Standard library only.

    python scripts/fit_variant_difficulty.py --run rated.jsonl
    python scripts/fit_variant_difficulty.py --run rated.jsonl --pencilmark pencilmark.jsonl --write
"""

from __future__ import annotations

import json
import math
import random
import statistics
import sys
from pathlib import Path

from common import REPO, parser_for, table
from puzzlesat.sudoku.logic.variant_difficulty import FEATURES, PARAMETERS, Model, features

CHOSEN = ("advanced",)  # the shipped model's features: no other one added helps on both hosts held out (--help)
RIDGE = 0.1  # ridge on the weights (not the offsets), in units of each feature's variance: a few hundred noisy
# puzzles and correlated counts; a feature the data never varies stays 0


def load(paths: list) -> list:
    """The rated puzzles of one or more runs (a puzzle in several counts once, as first met): dicts with id, host,
    minutes, classic, er, x (features), seconds."""
    lines, seen = [], set()
    for path in paths:
        try:
            with open(path, encoding="utf-8") as stream:
                for number, text in enumerate(stream, 1):
                    row = json.loads(text)
                    if row["id"] not in seen:
                        seen.add(row["id"])
                        lines.append(row)
        except OSError as error:
            raise SystemExit(f"fit_variant_difficulty.py: {path}: {error.strerror}") from None
        except (ValueError, KeyError, TypeError) as error:
            raise SystemExit(f"fit_variant_difficulty.py: {path}, line {number}: not a catalogue run's row "
                             f"({error})") from None
    rows = []
    for row in lines:
        record, rating = row["record"], row["record"].get("rating")
        if row["outcome"] not in ("right", "unique") or not rating or not row.get("minutes"):
            continue
        techniques = [(t["technique"], t["count"], t["difficulty"]) for t in rating["techniques"]]
        rows.append({"id": row["id"], "host": row.get("host") or "other", "minutes": row["minutes"],
                     "classic": rating["engine"] == "se", "er": rating["er"],
                     "x": features(techniques, record.get("constraints") or {}),
                     "seconds": record.get("seconds")})
    return rows


def ranks(values: list) -> list:
    """Mid-ranks (ties share the mean of their positions)."""
    order = sorted(range(len(values)), key=values.__getitem__)
    found = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            found[order[position]] = (start + end) / 2
        start = end + 1
    return found


def spearman(xs: list, ys: list) -> float:
    """Spearman's rho (Pearson on mid-ranks); nan for fewer than 3 pairs or a constant side."""
    if len(xs) < 3:
        return float("nan")
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx, syy = sum((a - mx) ** 2 for a in rx), sum((b - my) ** 2 for b in ry)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else float("nan")


def solve(matrix: list, vector: list) -> list:
    """x with matrix x = vector (Gaussian elimination with partial pivoting; the matrix is small)."""
    size = len(vector)
    rows = [list(row) + [value] for row, value in zip(matrix, vector)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        if abs(rows[column][column]) < 1e-12:
            continue
        for other in range(size):
            if other != column and rows[other][column]:
                factor = rows[other][column] / rows[column][column]
                rows[other] = [a - factor * b for a, b in zip(rows[other], rows[column])]
    return [row[size] / row[index] if abs(row[index]) > 1e-12 else 0.0 for index, row in enumerate(rows)]


def fit(rows: list, names: tuple, hosts: list) -> tuple:
    """Least squares log(minutes) = offset[host] + sum weight * feature: ({feature: weight}, {host: offset})."""
    size = len(hosts) + len(names)
    gram = [[0.0] * size for _ in range(size)]
    moment = [0.0] * size
    for row in rows:
        vector = [1.0 if row["host"] == host else 0.0 for host in hosts] + [row["x"][name] for name in names]
        target = math.log(row["minutes"])
        for i, a in enumerate(vector):
            if a:
                moment[i] += a * target
                for j, b in enumerate(vector):
                    gram[i][j] += a * b
    for i, name in enumerate(names, len(hosts)):  # ridge in units of each feature's spread
        values = [row["x"][name] for row in rows]
        gram[i][i] += RIDGE * len(rows) * (statistics.pvariance(values) if len(values) > 1 else 1.0)
    solution = solve(gram, moment)
    return dict(zip(names, solution[len(hosts):])), dict(zip(hosts, solution[:len(hosts)]))


def score(row: dict, weights: dict) -> float:
    """The model's prediction short of the host offset."""
    return sum(weight * row["x"][name] for name, weight in weights.items())


def held_out(rows: list, names: tuple, hosts: list, folds: int, seed: int, offsets: bool = False) -> dict:
    """Each row's held-out score, weights . features, by K-fold cross-validation: {id: value}; with `offsets` its
    prediction of log(minutes) (its host's offset added). Ranks within a host compare the scores: the offsets that
    each fold's fit moves up or down would shift one fold's puzzles against another's, which no single model does."""
    order = list(range(len(rows)))
    random.Random(seed).shuffle(order)
    predicted = {}
    for fold in range(folds):
        test = [rows[i] for i in order[fold::folds]]
        train = [rows[i] for position, i in enumerate(order) if position % folds != fold]
        weights, offset = fit(train, names, hosts)
        predicted.update((row["id"], (offset[row["host"]] if offsets else 0.0) + score(row, weights)) for row in test)
    return predicted


def repeated(rows: list, names, hosts: list, folds: int, seeds) -> dict:
    """{host: (held-out rho, n)}: for each split (one per seed) and fold, the model fitted on the other folds ranks
    the fold's puzzles within each host (one model, so no shift between folds' fits enters the ranks); the rho is
    the mean over folds and splits, each weighted by its puzzles."""
    total: dict = {host: [0.0, 0] for host in hosts}
    for seed in seeds:
        order = list(range(len(rows)))
        random.Random(seed).shuffle(order)
        for fold in range(folds):
            test = [rows[i] for i in order[fold::folds]]
            train = [rows[i] for position, i in enumerate(order) if position % folds != fold]
            if callable(names):  # a fixed rating (the current one): nothing fitted, the same folds
                value = names
            else:
                weights = fit(train, names, hosts)[0]
                value = lambda r, w=weights: score(r, w)  # noqa: E731
            for host, (rho, n) in by_host(test, value).items():
                if not math.isnan(rho):
                    total[host][0] += rho * n
                    total[host][1] += n
    n_rows = {host: sum(row["host"] == host for row in rows) for host in hosts}
    return {host: (value / weight if weight else float("nan"), n_rows[host]) for host, (value, weight) in total.items()}


def by_host(rows: list, value) -> dict:
    """Spearman of value(row) against minutes within each host, and n: {host: (rho, n)}."""
    found = {}
    for host in sorted({row["host"] for row in rows}):
        mine = [row for row in rows if row["host"] == host and value(row) is not None]
        found[host] = (spearman([value(row) for row in mine], [row["minutes"] for row in mine]), len(mine))
    return found


def anchor(rows: list, weights: dict, offsets: dict) -> tuple:
    """(a, b) of log(minutes) - offset[host] = a + b * ER on the classic puzzles: the reduced major axis (the line
    through the means with slope sd(log minutes) / sd(ER)), as neither side is the exact one; least squares of
    minutes on ER would flatten the slope by the noise and stretch the variants' scale far past SE's."""
    classic = [row for row in rows if row["classic"]]
    if len({row["er"] for row in classic}) < 2:
        raise SystemExit("fit_variant_difficulty.py: the runs hold too few classic puzzles to anchor the scale "
                         f"({len(classic)}, needing two ERs at least)")
    xs = [row["er"] for row in classic]
    ys = [math.log(row["minutes"]) - offsets[row["host"]] for row in classic]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    if sum((x - mx) * (y - my) for x, y in zip(xs, ys)) <= 0:
        raise SystemExit("fit_variant_difficulty.py: on these classic puzzles minutes do not grow with ER: no anchor")
    slope = statistics.pstdev(ys) / statistics.pstdev(xs)  # both noisy measures of one difficulty: the major axis
    return my - slope * mx, slope


def quantile(values: list, share: float) -> float:
    """The share-quantile of values (linear between order statistics)."""
    ordered = sorted(values)
    position = share * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def rho_cells(found: dict, hosts: list) -> list:
    """Table cells 'rho (n)' per host."""
    return [f"{found[h][0]:.3f} ({found[h][1]})" if h in found else "-" for h in hosts]


def pencilmark_rows(path: Path) -> dict:
    """pencilmark's answers by puzzle id (those with minutes)."""
    with open(path, encoding="utf-8") as stream:
        return {entry["id"]: entry for entry in map(json.loads, stream) if entry.get("time") is not None}


def main(argv=None) -> int:
    """Fit, cross-validate, compare; optionally write the parameters."""
    parser = parser_for(__doc__, 3)
    parser.add_argument("--run", type=Path, nargs="+", required=True,
                        help="ctc_catalogue.py --rate --out runs (a puzzle in several counts once)")
    parser.add_argument("--folds", type=int, default=5, help="cross-validation folds (default: 5)")
    parser.add_argument("--seed", type=int, default=0, help="the first split's seed (default: 0)")
    parser.add_argument("--repeats", type=int, default=5, help="splits averaged in the table (seeds from --seed)")
    parser.add_argument("--features", default=",".join(CHOSEN),
                        help=f"the model's features, comma-separated (default: {','.join(CHOSEN)}; known: "
                             f"{','.join(FEATURES)})")
    parser.add_argument("--pencilmark", type=Path, help="pencilmark's answers (pencilmark_times.py --out)")
    parser.add_argument("--write", action="store_true",
                        help=f"write the fitted model to {PARAMETERS.relative_to(REPO)}")
    args = parser.parse_args(argv)
    rows = load(args.run)
    hosts = sorted({row["host"] for row in rows})
    variants = [row for row in rows if not row["classic"]]
    print(f"{len(rows)} rated puzzles ({len(variants)} variants, {len(rows) - len(variants)} classic); hosts "
          + ", ".join(f"{h} {sum(r['host'] == h for r in rows)}" for h in hosts))

    chosen = tuple(args.features.split(","))
    unknown = set(chosen) - set(FEATURES)
    if unknown:
        raise SystemExit(f"fit_variant_difficulty.py: --features: unknown {sorted(unknown)}; "
                         f"known: {', '.join(FEATURES)}")
    seeds = range(args.seed, args.seed + args.repeats)
    predicted = held_out(variants, chosen, hosts, args.folds, args.seed)
    cells = lambda names: rho_cells(repeated(variants, names, hosts, args.folds, seeds), hosts)  # noqa: E731
    header = [f"on variants, held out (mean of {args.repeats} splits)", *hosts]
    lines = [["current rating (er, hardest step)", *cells(lambda r: r["er"])],
             [f"model: {', '.join(chosen)}", *cells(chosen)],
             ["model: every feature", *cells(FEATURES)],
             ["SE's ER on classic puzzles", *rho_cells(by_host([r for r in rows if r["classic"]],
                                                               lambda r: r["er"]), hosts)]]
    for name in chosen:
        lines.append([f"without {name}", *cells(tuple(other for other in chosen if other != name))])
    for name in FEATURES:
        if name not in chosen:
            lines.append([f"with {name} added", *cells(chosen + (name,))])
    for name in FEATURES:
        lines.append([f"{name} alone (raw, no fit)", *cells(lambda r, n=name: r["x"][n])])
    lines.append(["current rating, all puzzles at once (no folds)",
                  *rho_cells(by_host(variants, lambda r: r["er"]), hosts)])
    lines.append([f"{', '.join(chosen)}, all at once (fitted on all)",
                  *rho_cells(by_host(variants, lambda r, w=fit(variants, chosen, hosts)[0]: score(r, w)), hosts)])
    print(table(header, lines, "l" + "r" * len(hosts)))

    weights, offsets = fit(variants, chosen, hosts)
    intercept = statistics.fmean(offsets.values())
    anchor_intercept, anchor_slope = anchor(rows, weights, offsets)
    logs = held_out(variants, chosen, hosts, args.folds, args.seed, offsets=True)
    errors = [math.log(row["minutes"]) - logs[row["id"]] for row in variants]
    classic_errors = [math.log(row["minutes"]) - offsets[row["host"]] - anchor_intercept - anchor_slope * row["er"]
                      for row in rows if row["classic"]]
    fitted = Model(weights=weights, intercept=intercept, anchor_intercept=anchor_intercept + intercept,
                   anchor_slope=anchor_slope, error_low=quantile(errors, 0.1), error_high=quantile(errors, 0.9),
                   classic_error_low=quantile(classic_errors, 0.1), classic_error_high=quantile(classic_errors, 0.9))
    print("\nweights: " + ", ".join(f"{name} {value:+.3f}" for name, value in weights.items()))
    print("host offsets (log minutes): " + ", ".join(f"{h} {v:.3f}" for h, v in offsets.items()))
    print(f"anchor on {sum(r['classic'] for r in rows)} classic puzzles: log(minutes) - offset = "
          f"{anchor_intercept:.3f} + {anchor_slope:.3f} ER; held-out log errors 10%/90%: "
          f"{fitted.error_low:.3f}/{fitted.error_high:.3f} (x{math.exp(fitted.error_low):.2f} .. "
          f"x{math.exp(fitted.error_high):.2f})")
    report_spread(variants, fitted)

    if args.pencilmark:
        compare(variants, predicted, pencilmark_rows(args.pencilmark), hosts)
    if args.write:
        write(fitted, offsets, rows, variants, predicted, hosts, args)
    return 0


def shipped_difficulty(row: dict, fitted: Model) -> float:
    """The difficulty the CLI would show for a rated row, rounded as shown."""
    return round(fitted.of_features(row["x"]).difficulty, 1)


def report_spread(variants: list, fitted: Model) -> None:
    """Quartiles of the variants' difficulties (the model fitted on all) and the largest share on one value."""
    values = [shipped_difficulty(row, fitted) for row in variants]
    most = max(values.count(v) for v in set(values)) / len(values)
    print(f"variant difficulties: quartiles {quantile(values, 0.25):.1f} / {quantile(values, 0.5):.1f} / "
          f"{quantile(values, 0.75):.1f}, range {min(values):.1f}-{max(values):.1f}, largest share on one value "
          f"{100 * most:.1f}%; old er quartiles {quantile([r['er'] for r in variants], 0.25):.1f} / "
          f"{quantile([r['er'] for r in variants], 0.5):.1f} / {quantile([r['er'] for r in variants], 0.75):.1f}")


def compare(variants: list, predicted: dict, pencil: dict, hosts: list) -> None:
    """Spearman per host on the variants pencilmark answered: ours held out, pencilmark's minutes and difficulty."""
    shared = [row for row in variants if row["id"] in pencil]
    lines = [["puzzlesat, model (held out)", *rho_cells(by_host(shared, lambda r: predicted[r["id"]]), hosts)],
             ["puzzlesat, current er", *rho_cells(by_host(shared, lambda r: r["er"]), hosts)],
             ["pencilmark minutes", *rho_cells(by_host(shared, lambda r: pencil[r["id"]]["time"]), hosts)],
             ["pencilmark difficulty", *rho_cells(by_host(shared, lambda r: pencil[r["id"]]["difficulty"]), hosts)]]
    print(f"\nthe {len(shared)} variants pencilmark gave minutes for:")
    print(table(["on the same puzzles", *hosts], lines, "l" + "r" * len(hosts)))


def write(fitted: Model, offsets: dict, rows: list, variants: list, predicted: dict, hosts: list, args) -> None:
    """The parameters file: the model and a short note of where it came from."""
    data = {"weights": {name: round(value, 5) for name, value in fitted.weights.items()},
            "intercept": round(fitted.intercept, 5), "anchor_intercept": round(fitted.anchor_intercept, 5),
            "anchor_slope": round(fitted.anchor_slope, 5), "error_low": round(fitted.error_low, 5),
            "error_high": round(fitted.error_high, 5), "lowest": fitted.lowest, "highest": fitted.highest,
            "classic_error_low": round(fitted.classic_error_low, 5),
            "classic_error_high": round(fitted.classic_error_high, 5),
            "fit": {"script": "scripts/fit_variant_difficulty.py", "puzzles": len(rows), "variants": len(variants),
                    "host_offsets": {h: round(v, 5) for h, v in offsets.items()},
                    "held_out_spearman": {h: round(rho, 3) for h, (rho, _) in
                                          by_host(variants, lambda r: predicted[r["id"]]).items()},
                    "folds": args.folds, "seed": args.seed}}
    PARAMETERS.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"\nwrote {PARAMETERS.relative_to(REPO)}")


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark: `puzzlesat sudoku --rate` against skfr, champagne's C++ rater the Sudoku forum rates its collections with.

Both rate the same samples, one process each (-j 1), start-up included, in one run, interleaved (each round: every
set, puzzlesat then skfr), so that the machine's load hits both alike. The table gives the CPU seconds of the whole
processes (os.wait4: user + system, median over rounds), their ratio puzzlesat / skfr, and how often the two ER
agree (skfr takes shortcuts, so it agrees with SE on most puzzles, not all; puzzlesat's ratings are SE's own).
skfr must be built from its public sources (scripts/README.md, "bench_skfr.py"): --skfr names the binary; without
it this script says so and rates with puzzlesat only.

    python scripts/bench_skfr.py --skfr ../skfr/skfr                   # 17-clue 200, top1465 60, se-rated 426, hardest 8
    python scripts/bench_skfr.py --skfr ../skfr/skfr --sets top1465 --rounds 1
    python scripts/bench_skfr.py --before ../before/.venv/bin/puzzlesat   # and an older revision, same rounds

--before times another revision's puzzlesat in the same rounds: its CPU, the speed-up, and whether every ER/EP/ED
is the same in every run (the exit status is 1 when one differs).

Samples are spread over each file (every K-th puzzle). The SE-rated sample is taken from se-train, diabolical and
the shipped held-out set together, spread over SE's whole scale.
"""

from __future__ import annotations

import csv
import json
import re
import shutil
import sys
import tempfile
from pathlib import Path

from common import PUZZLESAT, REPO, add_data_option, data_file, measure, median, number, parser_for, ratio, rounds, \
    table

SETS = {  # name -> default sample size
    "17-clue": 200,
    "top1465": 60,
    "se-rated": 426,
    "hardest": 8,
}
FILES = {"17-clue": ("puzzles2_17_clue",), "top1465": ("puzzles3_magictour_top1465",),
         "hardest": ("puzzles6_forum_hardest_1106",)}
RATING = re.compile(r"ED=(\d+(?:\.\d+)?)/(\d+(?:\.\d+)?)/(\d+(?:\.\d+)?)")


def puzzles_of(path: Path) -> list:
    """The 81-character puzzles of a file ('0' blanks), in order."""
    found = []
    if path.suffix in (".tsv", ".csv"):
        with path.open() as stream:
            for row in csv.DictReader(stream, delimiter="\t" if path.suffix == ".tsv" else ","):
                found.append(row["puzzle"].replace(".", "0"))
        return found
    for line in path.read_text().splitlines():
        field = next((f for f in line.split() if len(f) == 81), None)
        if field:
            found.append(field.replace(".", "0"))
    return found


def sample(puzzles: list, count: int) -> list:
    """`count` puzzles spread over the list."""
    step = max(1, len(puzzles) // count)
    return puzzles[::step][:count]


def set_puzzles(name: str, data: Path, count: int) -> list:
    """The sample of one set."""
    if name == "se-rated":
        pool = puzzles_of(data_file(data, "sudoku", "rated", "se-train.tsv"))
        pool += puzzles_of(data_file(data, "sudoku", "rated", "diabolical.txt"))
        pool += puzzles_of(REPO / "puzzles" / "sudoku" / "se-heldout.tsv")
        return sample(pool, count)
    (folder,) = FILES[name]
    path = data_file(data, "sudoku", folder)
    files = sorted(path.glob("*.txt")) if path.is_dir() else [path]
    return sample([p for f in files for p in puzzles_of(f)], count)


def run_puzzlesat(path: Path, timeout: float, program: str = PUZZLESAT) -> dict:
    """Rate with the CLI (`program`: this checkout's, or --before's), one process: CPU seconds, ERs, EPs, EDs."""
    done = measure([program, "sudoku", "--rate", "-f", "jsonl", "-j", "1", "--timeout", str(timeout), str(path)])
    records = [json.loads(line) for line in (done.out or b"").decode().splitlines() if line.startswith("{")]
    numbers = [tuple(r["rating"][k] for k in ("er", "ep", "ed")) if r.get("rating") else None for r in records]
    return {"cpu": done.cpu, "er": [n[0] if n else None for n in numbers], "numbers": numbers}


def run_skfr(skfr: str, path: Path) -> dict:
    """Rate with skfr, one process (it writes NAME_rat.txt beside its input): CPU seconds and the ERs."""
    stem = path.with_suffix("")
    done = measure([skfr, f"-i{stem}"], stdout="discard", cwd=path.parent)
    rated = {}
    for out in (Path(f"{stem}_rat.txt"), Path(f"{stem}_N_rat.txt")):
        if out.exists():
            for line in out.read_text(errors="replace").splitlines():
                match = RATING.search(line)
                if match:
                    rated[line.split()[0]] = float(match.group(1))
            out.unlink()
    return {"cpu": done.cpu, "er": rated}


def main(argv=None) -> int:
    """Rate the samples with both, interleaved, and print the table."""
    parser = parser_for(__doc__, 2)
    add_data_option(parser)
    parser.add_argument("--skfr", default=str(REPO.parent / "skfr" / "skfr"), help="the skfr binary")
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated: " + ", ".join(SETS))
    parser.add_argument("--limit", type=int, default=None, help="puzzles per set (default: the set's own)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (median taken)")
    parser.add_argument("--timeout", type=float, default=600.0, help="puzzlesat's budget per puzzle, seconds")
    parser.add_argument("--before", metavar="PUZZLESAT",
                        help="another revision's puzzlesat console script (e.g. ../before/.venv/bin/puzzlesat), timed "
                             "in the same rounds: its CPU, the speed-up, and whether every ER/EP/ED is the same")
    args = parser.parse_args(argv)
    skfr = args.skfr if Path(args.skfr).exists() or shutil.which(args.skfr) else None
    if skfr is None:
        print(f"bench_skfr.py: skfr not found at {args.skfr}: build it as scripts/README.md says (puzzlesat only)",
              file=sys.stderr)
    names = args.sets.split(",")
    runs = {name: {"puzzlesat": [], "skfr": [], "before": []} for name in names}
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for name in names:
            puzzles = set_puzzles(name, args.data, args.limit or SETS[name])
            paths[name] = Path(folder) / f"{name}.txt"
            paths[name].write_text("\n".join(puzzles) + "\n")
        for round_number, name in rounds(args.rounds, names):
            print(f"round {round_number}: {name}", file=sys.stderr)
            runs[name]["puzzlesat"].append(run_puzzlesat(paths[name], args.timeout))
            if args.before:
                runs[name]["before"].append(run_puzzlesat(paths[name], args.timeout, args.before))
            if skfr:
                runs[name]["skfr"].append(run_skfr(skfr, paths[name]))
        rows, changed = [], False
        for name in names:
            ours, theirs = runs[name]["puzzlesat"], runs[name]["skfr"]
            cpu = median(run["cpu"] for run in ours)
            row = [name, len(paths[name].read_text().split()), number(cpu)]
            if theirs:
                other = median(run["cpu"] for run in theirs)
                puzzles = paths[name].read_text().split()
                agree = sum(1 for puzzle, er in zip(puzzles, ours[0]["er"])
                            if er is not None and abs(theirs[0]["er"].get(puzzle, -1) - er) < 0.05)
                row += [number(other), ratio(cpu / other if other else None), f"{100 * agree / len(puzzles):.0f}%"]
            if args.before:
                earlier = runs[name]["before"]
                before_cpu = median(run["cpu"] for run in earlier)
                same = all(run["numbers"] == ours[0]["numbers"] for run in earlier + ours)
                row += [number(before_cpu), ratio(before_cpu / cpu if cpu else None), "yes" if same else "NO"]
                changed = changed or not same
            rows.append(row)
    header = ["set", "puzzles", "puzzlesat CPU s"] + (["skfr CPU s", "puzzlesat / skfr", "ER equal"] if skfr else []) \
        + (["before CPU s", "speed-up", "ER/EP/ED same"] if args.before else [])
    print(table(header, rows))
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())

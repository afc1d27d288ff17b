#!/usr/bin/env python3
"""Where the CPU time of SE's solving path goes (what `puzzlesat sudoku --rate` walks): per producer and family.

Every producer of the SE engine is wrapped so that the CPU time (time.process_time) of each of its calls is
counted, including the steps it is asked for; the rest of the path (applying steps, the walk itself) is "outside
producers". Puzzles are the samples bench_skfr.py rates (the same sets, the same spreading over each file).

    python scripts/profile_rating.py                                    # top1465 60, se-rated 426, 1 round
    python scripts/profile_rating.py --sets hardest --limit 4
    python scripts/profile_rating.py --before ../before/.venv/bin/python --rounds 3    # and another revision

--before PYTHON runs this same script under another revision's interpreter (its own puzzlesat installed there)
in the same rounds, interleaved, and shows both side by side with the speed-up per producer; the ER/EP/ED of
every puzzle must be the same in both (else the exit status is 1). Medians over rounds, per producer.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

from common import add_data_option, median, number, parser_for, ratio, rounds, table

clock = time.process_time


def timed(name: str, produce, spent: dict, calls: dict, found: dict):
    """`produce` counting the CPU time of every next() into spent[name], its calls and the calls with a step."""
    def run(board, **options):
        calls[name] += 1
        started = clock()
        steps = produce(board, **options)
        first = True
        while True:
            try:
                step = next(steps)
            except StopIteration:
                spent[name] += clock() - started
                return
            spent[name] += clock() - started
            if first:
                found[name] += 1
                first = False
            yield step
            started = clock()
    return run


def profile(paths: dict) -> dict:
    """{set: {"total": CPU s of the paths, "spent": {producer: s}, "calls": ..., "found": ..., "numbers": [...]}}
    for the puzzle files of each set, rated in this process with this interpreter's puzzlesat."""
    from puzzlesat.sudoku.logic import techniques
    from puzzlesat.sudoku.logic.path import solving_path
    from puzzlesat.sudoku import parse

    out = {}
    every = techniques.producers()
    for name, path in paths.items():
        spent, calls, found = defaultdict(float), defaultdict(int), defaultdict(int)
        techniques._PRODUCERS = tuple((label, timed(label, produce, spent, calls, found)) for label, produce in every)
        numbers, total = [], 0.0
        try:
            for line in Path(path).read_text().split():
                puzzle = parse(line)
                started = clock()
                walked = solving_path(puzzle, assume_unique=True)
                total += clock() - started
                numbers.append([walked.er, walked.ep, walked.ed])
        finally:
            techniques._PRODUCERS = every
        out[name] = {"total": total, "spent": dict(spent), "calls": dict(calls), "found": dict(found),
                     "numbers": numbers}
    return out


def family_rows(runs: list, names: list) -> dict:
    """Per producer label and per family ("all: FAMILY"): median CPU seconds over the runs."""
    from puzzlesat.sudoku.logic.techniques import FAMILY_OF

    rows = {}
    for label in names:
        rows[label] = median(run["spent"].get(label, 0.0) for run in runs)
    families = defaultdict(list)
    for label in names:
        families[FAMILY_OF.get(label, "other")].append(label)
    for family, labels in families.items():
        rows["family " + family] = median(sum(run["spent"].get(label, 0.0) for label in labels) for run in runs)
    rows["outside producers"] = median(run["total"] - sum(run["spent"].values()) for run in runs)
    rows["whole path"] = median(run["total"] for run in runs)
    return rows


def main(argv=None) -> int:
    """Profile the samples (and --before's revision, interleaved) and print the table per set."""
    parser = parser_for(__doc__, 2)
    add_data_option(parser)
    parser.add_argument("--sets", default="top1465,se-rated", help="comma-separated: 17-clue, top1465, se-rated, "
                                                                   "hardest (bench_skfr.py's samples)")
    parser.add_argument("--limit", type=int, default=None, help="puzzles per set (default: bench_skfr.py's)")
    parser.add_argument("--rounds", type=int, default=1, help="rounds (medians taken)")
    parser.add_argument("--before", metavar="PYTHON", help="another revision's interpreter, profiled alike")
    parser.add_argument("--worker", metavar="JSON", help=argparse_hidden())
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(profile(json.loads(args.worker))))
        return 0
    import tempfile

    from bench_skfr import SETS, set_puzzles
    from puzzlesat.sudoku.logic.techniques import producers

    names = args.sets.split(",")
    labels = list(dict.fromkeys(label for label, _ in producers()))
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for name in names:
            paths[name] = str(Path(folder) / f"{name}.txt")
            Path(paths[name]).write_text("\n".join(set_puzzles(name, args.data, args.limit or SETS[name])) + "\n")
        runs = {"new": [], "before": []}
        for round_number, who in rounds(args.rounds, ["new"] + (["before"] if args.before else [])):
            print(f"round {round_number}: {who}", file=sys.stderr)
            python = sys.executable if who == "new" else args.before
            done = subprocess.run([python, __file__, "--worker", json.dumps(paths)], capture_output=True, text=True,
                                  cwd=str(Path(__file__).parent))
            if done.returncode:
                raise SystemExit(f"profile_rating.py: the {who} run failed: {done.stderr.strip()[-2000:]}")
            runs[who].append(json.loads(done.stdout))
    changed = False
    for name in names:
        new = family_rows([run[name] for run in runs["new"]], labels)
        header = ["producer", "CPU s", "share"]
        old = None
        if args.before:
            old = family_rows([run[name] for run in runs["before"]], labels)
            same = all(run[name]["numbers"] == runs["new"][0][name]["numbers"] for run in runs["before"] + runs["new"])
            changed = changed or not same
            header = ["producer", "before CPU s", "after CPU s", "speed-up", "share after"]
        calls = runs["new"][0][name]["calls"]
        rows = []
        for label, seconds in new.items():
            if not label.startswith(("family", "outside", "whole")) and not calls.get(label):
                continue
            share = f"{100 * seconds / new['whole path']:.0f}%" if new["whole path"] else "-"
            if old is None:
                rows.append([label, number(seconds), share])
            else:
                rows.append([label, number(old[label]), number(seconds), ratio(old[label] / seconds if seconds else None),
                             share])
        count = len(runs["new"][0][name]["numbers"])
        print(f"\n{name} ({count} puzzles)" + ("" if old is None else f", ER/EP/ED same: {'yes' if same else 'NO'}"))
        print(table(header, rows, "l" + "r" * (len(header) - 1)))
    return 1 if changed else 0


def argparse_hidden() -> str:
    """The help of an internal option (the worker's), hidden from --help."""
    import argparse

    return argparse.SUPPRESS


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark: the general logic engine on published variant puzzles (puzzles/variants/, sources in its PROVENANCE.md).

For each puzzle: whether logic alone explains it to the end (no Search step), how many Search steps it needed
otherwise, its difficulty (the hardest step, on SE's scale), its steps, and the CPU time of the whole path; then the
share finished by logic, the mix of steps by technique, and the median and slowest time, as plain-text tables.

    python scripts/variant_logic.py                      # every shipped puzzle, all cores
    python scripts/variant_logic.py puzzles/variants/hay-fever.txt -j 1
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from common import REPO, parser_for, table
from puzzlesat.budget import Budget
from puzzlesat.streams import read_lines
from puzzlesat.sudoku.logic.path import solving_path
from puzzlesat.sudoku.reading.reader import Reader


def walk(path: str, seconds: float) -> tuple:
    """(file, constraints read, outcome, search steps, difficulty, steps, CPU seconds, technique counts)."""
    record = next(iter(Reader().records(read_lines([path], None))))
    variant = record.puzzle
    if not record.published:
        return Path(path).name, record.error or "not a variant", "invalid", 0, 0.0, 0, 0.0, Counter()
    started = time.process_time()
    found = solving_path(variant, variant.rules, True, budget=Budget(seconds=seconds, cpu=True))
    cpu = time.process_time() - started
    kinds = ", ".join(f"{count} {kind}" for kind, count in variant.kinds().items())
    searches = sum(step.technique == "Search" for step in found.steps)
    return (Path(path).name, kinds, found.outcome, searches, found.er, len(found.steps), cpu,
            Counter(step.technique for step in found.steps))


def main(argv=None) -> int:
    """Walk every puzzle and print the tables."""
    parser = parser_for(__doc__, 2)
    parser.add_argument("files", nargs="*", help="puzzle files (default: every file of puzzles/variants/)")
    parser.add_argument("-j", "--jobs", type=int, default=None, help="worker processes (default: all cores)")
    parser.add_argument("--timeout", type=float, default=120.0, help="CPU seconds a puzzle may take")
    args = parser.parse_args(argv)
    files = args.files or sorted(str(path) for path in (REPO / "puzzles" / "variants").glob("*.txt"))
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(walk, files, [args.timeout] * len(files)))
    print(table(["puzzle", "constraints read", "finished by logic", "difficulty", "steps", "CPU s"],
                [(name, kinds, "yes" if outcome == "solved" and not searches else
                  f"no: {searches} search steps" if outcome == "solved" else outcome, f"{er:.1f}", steps, f"{cpu:.2f}")
                 for name, kinds, outcome, searches, er, steps, cpu, _ in rows]))
    unique = [row for row in rows if row[2] == "solved"]
    logical = [row for row in unique if not row[3]]
    times = [row[6] for row in rows]
    print(f"\nfinished by logic alone: {len(logical)} of {len(unique)} solved puzzles "
          f"({100 * len(logical) / max(len(unique), 1):.0f}%); CPU median {statistics.median(times):.2f} s, "
          f"slowest {max(times):.1f} s, all {sum(times):.0f} s")
    mix = sum((row[7] for row in rows), Counter())
    print("\n" + table(["technique", "steps"], mix.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

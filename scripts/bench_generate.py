"""Benchmark: Sudoku generation speed (puzzles per second) by size, difficulty and --minimal, against `any`.

Each row generates N puzzles (fewer for large sizes) with puzzlesat's generator (seeds 1..K) and reports the median
rate and the grids tried per puzzle (a difficulty is reached by rejection: new grids until the rating's level
matches). The baseline is the same size at difficulty `any` (no rating target) in the same run: the last column is
the rate relative to it.

    python scripts/bench_generate.py                    # sizes 4,6,9,12,16, 3 seeds: a few minutes
    python scripts/bench_generate.py --sizes 4 --seeds 1   # seconds
"""

from __future__ import annotations

import sys
import time

from common import median, parser_for
from puzzlesat.errors import GenerationError
from puzzlesat.sudoku.generator import Generator  # the class behind puzzlesat.sudoku.generate, built untimed

COUNTS = {4: 40, 6: 20, 9: 10, 12: 3, 16: 2}
DIFFICULTIES = ("any", "singles", "reduction", "probing", "search")


def measure(side: int, difficulty: str, minimal: bool, count: int, seed: int, attempts: int):
    """(puzzles per second, grids per puzzle), or None when the difficulty was not reached."""
    generator = Generator(side, seed, difficulty, minimal, attempts=attempts)
    started, grids = time.perf_counter(), 0
    try:
        for _ in range(count):
            grids += generator.generate().attempts
    except GenerationError:
        return None
    finally:
        generator.close()
    return count / (time.perf_counter() - started), grids / count


def wanted(side: int, difficulty: str, minimal: bool) -> bool:
    """Skip rows that cannot finish: 4x4 is always singles, big sizes rate slowly, search is very rare."""
    if difficulty in ("any", "singles"):
        return True
    if side == 4 or side >= 12:
        return False
    return difficulty != "search" or (side == 9 and not minimal)


def main(argv=None) -> int:
    """Print the Markdown table, one row per size, difficulty and --minimal."""
    parser = parser_for(__doc__, 3)
    parser.add_argument("--sizes", default="4,6,9,12,16", help="comma-separated sides (default %(default)s)")
    parser.add_argument("--seeds", type=int, default=3, help="seeds per row, the median is shown (default %(default)s)")
    parser.add_argument("--attempts", type=int, default=300, help="grids tried per puzzle before giving up")
    args = parser.parse_args(argv)
    print("| size | difficulty | --minimal | puzzles/s | grids per puzzle | vs any |")
    print("|---|---|---|---:|---:|---:|")
    for side in map(int, args.sizes.split(",")):
        count = COUNTS.get(side, 2)
        base = {}
        for difficulty in DIFFICULTIES:
            for minimal in (False, True):
                if not wanted(side, difficulty, minimal):
                    continue
                seeds = range(1, (1 if difficulty == "search" else args.seeds) + 1)
                runs = [measure(side, difficulty, minimal, count, seed, args.attempts) for seed in seeds]
                flag = "yes" if minimal else "no"
                if any(run is None for run in runs):
                    print(f"| {side}x{side} | {difficulty} | {flag} | not reached in {args.attempts} grids | | |", flush=True)
                    continue
                speed = median(run[0] for run in runs)
                grids = median(run[1] for run in runs)
                base.setdefault(minimal, speed) if difficulty == "any" else None
                ratio = speed / base[minimal] if minimal in base else float("nan")
                print(f"| {side}x{side} | {difficulty} | {flag} | {speed:.2f} | {grids:.1f} | {ratio:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

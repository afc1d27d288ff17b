"""Benchmark: Sudoku generation speed (puzzles per second) by size, difficulty and --minimal, against `any`.

Each row generates N puzzles (fewer for large sizes) with puzzlesat's generator (seeds 1..K) and reports the median
rate and the grids tried per puzzle (a difficulty is reached by rejection: new grids until the rating's level
matches). The baseline is the same size at difficulty `any` (no rating target) in the same run: the last column is
the rate relative to it.

With --targets (SE's scale, 9x9, as `generate --er`/`--technique`): puzzles per CPU minute for each ER band or
technique. Each round is one seed generating up to --count puzzles within --cap CPU seconds; rounds are interleaved
across targets and the median rate is shown, with the puzzles found and CPU spent over all rounds. One process, one
core: run it alone, or read the rates as rough.

    python scripts/bench_generate.py                    # sizes 4,6,9,12,16, 3 seeds: a few minutes
    python scripts/bench_generate.py --sizes 4 --seeds 1   # seconds
    python scripts/bench_generate.py --targets er:3-3.4,er:6-6.9,er:8-8.9,er:9+,technique:x-wing --rounds 3
"""

from __future__ import annotations

import sys
import time

from common import median, parser_for, rounds
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


def measure_target(target: str, seed: int, count: int, cap: float, symmetric: bool) -> tuple:
    """(puzzles found, CPU seconds, grids dug) for one round: `target` is 'er:BAND' or 'technique:NAME'."""
    kind, _, value = target.partition(":")
    generator = Generator(9, seed, symmetric=symmetric, **{"er" if kind == "er" else "technique": value})
    found, started = 0, time.process_time()
    try:
        while found < count and time.process_time() - started < cap:
            generator.timeout = cap - (time.process_time() - started)
            try:
                generator.generate()
            except GenerationError:
                break
            found += 1
    finally:
        generator.close()
    return found, time.process_time() - started, generator.grids


def target_table(targets: list, count: int, cap: float, rounds_wanted: int, symmetric: bool) -> None:
    """Print the Markdown table of puzzles per CPU minute, one row per target, rounds interleaved."""
    results = {target: [] for target in targets}
    for number, target in rounds(rounds_wanted, targets):
        found, seconds, grids = measure_target(target, number, count, cap, symmetric)
        results[target].append((found, seconds, grids))
        print(f"round {number} {target}: {found} in {seconds:.1f} s CPU ({grids} grids)", file=sys.stderr, flush=True)
    print("| target | puzzles per CPU minute (median of rounds) | puzzles found | CPU seconds | grids dug per puzzle |")
    print("|---|---:|---:|---:|---:|")
    for target, runs in results.items():
        found, seconds = sum(run[0] for run in runs), sum(run[1] for run in runs)
        rate = median(60 * run[0] / run[1] for run in runs)
        grids = f"{sum(run[2] for run in runs) / found:.0f}" if found else f"> {sum(run[2] for run in runs)}"
        shown = f"{rate:.1f}" if found else f"0 (< {60 / seconds:.2f})"
        print(f"| {target} | {shown} | {found} | {seconds:.1f} | {grids} |", flush=True)


def main(argv=None) -> int:
    """Print the Markdown table, one row per size, difficulty and --minimal (or per target with --targets)."""
    parser = parser_for(__doc__, 3)
    parser.add_argument("--sizes", default="4,6,9,12,16", help="comma-separated sides (default %(default)s)")
    parser.add_argument("--seeds", type=int, default=3, help="seeds per row, the median is shown (default %(default)s)")
    parser.add_argument("--attempts", type=int, default=300, help="grids tried per puzzle before giving up")
    parser.add_argument("--targets", help="comma-separated er:BAND or technique:NAME (9x9): puzzles per CPU minute")
    parser.add_argument("--count", type=int, default=10, help="with --targets: puzzles per round (default %(default)s)")
    parser.add_argument("--cap", type=float, default=60.0, help="with --targets: CPU seconds per round (default %(default)s)")
    parser.add_argument("--rounds", type=int, default=3, help="with --targets: rounds, seeds 1.. (default %(default)s)")
    parser.add_argument("--symmetric", action="store_true", help="with --targets: dig symmetric puzzles")
    args = parser.parse_args(argv)
    if args.targets:
        target_table(args.targets.split(","), args.count, args.cap, args.rounds, args.symmetric)
        return 0
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

#!/usr/bin/env python3
"""The performance guard CI runs: each headline path timed against a reference in the same process, failing on a
gross slowdown.

Paths and their references (CPU time of this process, time.process_time, garbage collection off; --rounds
interleaved rounds, the order alternating, each side's median):
  sudoku-solve     solving the shipped 17-clue sample 3 times (uniqueness proven) through the library's pipeline
                   (sudoku.batch.solve_lines) against a plain PySAT loop on the same puzzles: one Glucose4 solver
                   holding the extended encoding, the givens as assumptions, a blocked second solve for uniqueness
                   (scripts/sudoku_baselines.py's harness c)
  mines-analysis   `puzzlesat mines --probabilities` per board (mines.batch.answer_board: counting, probabilities,
                   the best move, dead cells, 50/50s) on mid-game beginner and expert positions, against
                   ms-toollib's cal_probability_onboard on the same boards
  mines-no-guess   no-guess expert boards (mines.generate.generate_board, no_guess=True, a corner first click)
                   against ms-toollib's laymine_solvable from the same click
  sudoku-rate      SE ratings of shipped held-out puzzles (ER 4 to 7.2) and
  mines-simulate   expert games of the default strategy, against Norvig's pure-Python solver on the shipped top95
                   (scripts/norvig_baseline.py): no peer exists in the test environment for these two, so the
                   reference is a fixed Python workload and the guard holds the ratio the release measured
A path fails when its ratio passes its limit in scripts/perf_guard.json: the ratio measured at the last release (per
build: the hot modules compiled, or plain Python) times the margin stored there (3: a machine's noise and load have
been seen to move these ratios by up to 2x, while a 10x slowdown of a path always fails it). --record writes the
ratios measured now as the new release's baseline (run it on a quiet machine, the median of several runs).

    python scripts/perf_guard.py                 # one to two minutes; exit status 1 when a path is too slow
    python scripts/perf_guard.py --paths mines-analysis --rounds 5
    python scripts/perf_guard.py --record        # after a deliberate change of speed, on a quiet machine
"""

from __future__ import annotations

import gc
import json
import random
import sys
import time
from pathlib import Path
from statistics import median
from typing import Callable, Dict, List, Tuple

from common import REPO, parser_for, table

sys.path.insert(0, str(REPO))

from puzzlesat.compiled import MYPYC_MODULES, running  # noqa: E402

BASELINES = Path(__file__).with_name("perf_guard.json")
PUZZLES = REPO / "puzzles" / "sudoku"
Work = Callable[[], object]


# ---- the paths and their references ---------------------------------------------------------------------------

def sudoku_solve() -> Tuple[Work, Work]:
    """The library's pipeline against a plain PySAT loop, on the shipped 17-clue sample."""
    from puzzlesat.sudoku.batch import solve_lines
    from sudoku_baselines import HarnessSolver, Shape

    lines = [line.strip() for line in (PUZZLES / "17clue-200.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    shape = Shape(9)

    def ours() -> object:
        records = list(solve_lines(lines * 3))
        assert all(record["unique"] for record in records), "a 17-clue puzzle was not proven unique"
        return records

    def reference() -> object:
        solver = HarnessSolver(shape)
        return [solver.solve(shape.values(line), True) for line in lines * 3]

    return ours, reference


def norvig_reference() -> Work:
    """Norvig's solver on the shipped top95: a fixed pure-Python workload."""
    from norvig_baseline import solve

    lines = [line.strip() for line in (PUZZLES / "top95.txt").read_text().splitlines() if line.strip()]
    return lambda: [solve(line) for line in lines]


def sudoku_rate() -> Tuple[Work, Work]:
    """SE ratings of 10 held-out puzzles of ER 4 to 7.2, against Norvig on top95."""
    from puzzlesat.sudoku import parse, rate

    rows = [line.split("\t") for line in (PUZZLES / "se-heldout.tsv").read_text().splitlines()[1:]]
    chosen = [(row[0], float(row[1])) for row in rows if 4.0 <= float(row[1]) <= 7.2][:10]

    def ours() -> object:
        for text, er in chosen:
            found = rate(parse(text))
            assert found is not None and abs(found.er - er) < 1e-9, f"ER {er} became {found and found.er}"
        return chosen

    return ours, norvig_reference()


def mine_positions() -> list:
    """Mid-game beginner and expert positions (bench_mines.py's), 80 of each."""
    from bench_mines import play_for_positions

    rng = random.Random(2024)
    return [board for level in ("beginner", "expert") for board in play_for_positions(level, 80, rng, 2024)]


def mines_analysis() -> Tuple[Work, Work]:
    """What the command line computes per board, against ms-toollib's probabilities, on the same boards."""
    import ms_toollib
    from bench_mines import as_the_cli, peer_rows

    boards = mine_positions()
    rows = [(peer_rows(board), float(board.total_mines)) for board in boards]
    return (lambda: [as_the_cli(board, True) for board in boards],
            lambda: [ms_toollib.cal_probability_onboard(cells, mines) for cells, mines in rows])


def mines_no_guess() -> Tuple[Work, Work]:
    """20 no-guess expert boards from a corner click, against ms-toollib's solvable layouts."""
    import ms_toollib
    from puzzlesat.mines import LEVELS
    from puzzlesat.mines.game import Setup
    from puzzlesat.mines.generate import generate_board

    setup = Setup(*LEVELS["expert"], rules="zero")
    counter = iter(range(10 ** 9))

    def ours() -> object:
        start = next(counter) * 20
        return [generate_board(setup, (0, 0), seed=7, index=start + i, no_guess=True) for i in range(20)]

    def reference() -> object:
        return [ms_toollib.laymine_solvable(setup.height, setup.width, setup.mines, 0, 0, 100000) for _ in range(20)]

    return ours, reference


def mines_simulate() -> Tuple[Work, Work]:
    """12 expert games of the default strategy, against Norvig on top95."""
    from puzzlesat.mines import LEVELS
    from puzzlesat.mines.game import Setup
    from puzzlesat.mines.simulation import play_game
    from puzzlesat.mines.strategy import DEFAULT_STRATEGY

    setup = Setup(*LEVELS["expert"], rules="safe")
    return (lambda: [play_game(setup, DEFAULT_STRATEGY, 0, index) for index in range(12)]), norvig_reference()


PATHS: Dict[str, Callable[[], Tuple[Work, Work]]] = {
    "sudoku-solve": sudoku_solve, "sudoku-rate": sudoku_rate, "mines-analysis": mines_analysis,
    "mines-simulate": mines_simulate, "mines-no-guess": mines_no_guess,
}


# ---- measuring ------------------------------------------------------------------------------------------------

def cpu(work: Work) -> float:
    """CPU seconds of one run."""
    started = time.process_time()
    work()
    return time.process_time() - started


def measure(ours: Work, reference: Work, rounds: int) -> Tuple[float, float]:
    """(our median, the reference's median) over interleaved rounds, the order alternating; one warm-up each."""
    ours(), reference()
    mine: List[float] = []
    theirs: List[float] = []
    for round_ in range(rounds):
        pair = [(ours, mine), (reference, theirs)]
        for work, into in pair if round_ % 2 == 0 else reversed(pair):
            into.append(cpu(work))
    return median(mine), median(theirs)


def build() -> str:
    """'compiled' when Minesweeper's counting runs compiled here (and so, in a build that could, the rest), else
    'plain'."""
    return "compiled" if set(MYPYC_MODULES) <= set(running()) else "plain"


def main(argv=None) -> int:
    """Measure the paths, compare with the stored limits; with --record, store the ratios as the new baseline."""
    parser = parser_for(__doc__, 3)
    parser.add_argument("--paths", nargs="+", choices=list(PATHS), default=list(PATHS))
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds per path (default %(default)s)")
    parser.add_argument("--record", action="store_true", help="store the ratios measured now as the baseline")
    parser.add_argument("--baselines", type=Path, default=BASELINES, metavar="FILE",
                        help="the stored ratios and margin (default: %(default)s)")
    args = parser.parse_args(argv)
    stored = json.loads(args.baselines.read_text())
    kind = build()
    print(f"perf_guard: {kind} build, {args.rounds} rounds, CPU seconds of this process")
    rows, failed = [], []
    for name in args.paths:
        ours, reference = PATHS[name]()
        gc.collect()
        gc.disable()
        mine, theirs = measure(ours, reference, args.rounds)
        gc.enable()
        ratio = mine / theirs
        baseline = stored["paths"].get(name, {}).get(kind)
        limit = None if baseline is None else baseline * stored["margin"]
        verdict = "recorded" if args.record else "no baseline" if limit is None else "ok" if ratio <= limit else "SLOW"
        if verdict == "SLOW":
            failed.append(name)
        if args.record:
            stored["paths"].setdefault(name, {})[kind] = round(ratio, 2)
        rows.append([name, f"{mine:.3f}", f"{theirs:.3f}", f"{ratio:.2f}x",
                     "-" if baseline is None else f"{baseline:.2f}x", "-" if limit is None else f"{limit:.2f}x",
                     verdict])
        print(f"  {name}: {ratio:.2f}x ({verdict})", file=sys.stderr, flush=True)
    print(table(["path", "ours s", "reference s", "ratio", "release", "limit", "verdict"], rows, "lrrrrrl"))
    if args.record:
        args.baselines.write_text(json.dumps(stored, indent=2) + "\n")
        print(f"recorded the {kind} build's ratios in {args.baselines}")
        return 0
    if failed:
        print(f"perf_guard: too slow against the release ({stored['margin']}x its ratio): {', '.join(failed)}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

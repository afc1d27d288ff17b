"""How the SAT work of Sudoku solving is set up, measured one piece at a time: SudokuSolver's solve loop with
CaDiCaL's QUICK_QUERIES options and with each of them left out, without any of them, and with the givens always
as assumptions or always under one activation literal (grids below 12x12; larger ones always use assumptions), on
the same puzzles in one run.

CPU seconds (time.process_time) of SudokuSolver.solve over every puzzle of each set (uniqueness proven), in one
process, configurations interleaved round by round, median over --rounds; the ratio is against the configuration
the code uses now ("as shipped"; above 1: that configuration is faster). Each run starts from a fresh solver. The
answers (status, uniqueness, solution of unique puzzles) must be the same in every configuration, else exit 1.
Start-up, reading and output are not in these times: scripts/bench_tdoku_minisat.py measures whole commands.
"""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from pathlib import Path

from common import add_data_option, data_file, median, parser_for, ratio, rounds, table

from puzzlesat import sat
from puzzlesat.sudoku.solving import solver as solver_module
from puzzlesat.sudoku.reading.reader import Reader
from puzzlesat.sudoku.model.rules import classic_rules
from puzzlesat.streams import read_lines

SETS = {  # name: path under DATA/sudoku, how many puzzles by default
    "17-clue": ("puzzles2_17_clue", 3000),
    "top1465": ("puzzles3_magictour_top1465", 0),
    "hardest1106": ("puzzles6_forum_hardest_1106", 0),
    "hardest1905": ("puzzles5_forum_hardest_1905_11+", 1000),
    "16x16-test4": ("16x16/test4.1g", 0),
}


def configurations() -> dict:
    """name: (QUICK_QUERIES to use, SCOPE_AFTER_CONFLICTS to use)."""
    quick, scope = dict(sat.QUICK_QUERIES), solver_module.SCOPE_AFTER_CONFLICTS
    found = {"as shipped": (quick, scope), "no quick options": ({}, scope),
             "givens always assumptions": (quick, float("inf")), "givens always scoped": (quick, 0.0)}
    for name in quick:
        found[f"without {name}"] = ({k: v for k, v in quick.items() if k != name}, scope)
    return found


@contextmanager
def configured(options: dict, scope_after: float):
    """The solver module set up with these options and threshold for the duration."""
    saved = dict(sat.QUICK_QUERIES), solver_module.SCOPE_AFTER_CONFLICTS
    sat.QUICK_QUERIES.clear()
    sat.QUICK_QUERIES.update(options)
    solver_module.SCOPE_AFTER_CONFLICTS = scope_after
    try:
        yield
    finally:
        sat.QUICK_QUERIES.clear()
        sat.QUICK_QUERIES.update(saved[0])
        solver_module.SCOPE_AFTER_CONFLICTS = saved[1]


def puzzles(path: Path, limit: int) -> list:
    """The puzzles of a file, read as `puzzlesat sudoku` reads them (the first `limit`; 0 for all)."""
    found = [record.puzzle for record in Reader().records(read_lines([str(path)])) if record.puzzle is not None]
    return found[:limit] if limit else found


def run(puzzle_list: list) -> tuple:
    """(CPU seconds, answers) of one fresh SudokuSolver over the puzzles."""
    solver = solver_module.SudokuSolver(classic_rules(puzzle_list[0].shape))
    try:
        started = time.process_time()
        results = [solver.solve(puzzle) for puzzle in puzzle_list]
        spent = time.process_time() - started
    finally:
        solver.close()
    return spent, [(r.status, r.unique, r.solution if r.unique else None) for r in results]


def main(argv=None) -> int:
    parser = parser_for(__doc__, 2)
    add_data_option(parser)
    parser.add_argument("--sets", default="17-clue,top1465,hardest1106,16x16-test4",
                        help=f"comma-separated, of: {', '.join(SETS)} (default: %(default)s)")
    parser.add_argument("--limit", type=int, default=None, help="puzzles per set (default: 3,000 of the 17-clue "
                        "set, 1,000 of forum_hardest_1905, all of the others; 0 for all)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default: %(default)s)")
    parser.add_argument("--only", default="", help="comma-separated configuration names to run besides 'as shipped'")
    args = parser.parse_args(argv)
    configs = configurations()
    if args.only:
        configs = {name: configs[name] for name in ["as shipped", *args.only.split(",")] if name in configs}
    problems = 0
    for set_name in args.sets.split(","):
        if set_name not in SETS:
            parser.error(f"unknown set {set_name!r}; choose from {', '.join(SETS)}")
        relative, default_limit = SETS[set_name]
        limit = default_limit if args.limit is None else args.limit
        puzzle_list = puzzles(data_file(args.data, "sudoku", relative), limit)
        times: dict = {name: [] for name in configs}
        answers: dict = {}
        for number, name in rounds(args.rounds, configs):
            with configured(*configs[name]):
                spent, found = run(puzzle_list)
            times[name].append(spent)
            answers.setdefault(name, found)
            if found != answers["as shipped" if "as shipped" in answers else name]:
                problems += 1
                print(f"# {set_name}: {name} answers differently", file=sys.stderr)
            print(f"# {set_name} round {number} {name}: {spent:.3f} s", file=sys.stderr)
        shipped = median(times["as shipped"])
        rows = [[name, f"{median(times[name]):.3f}", ratio(median(times[name]) and shipped / median(times[name]))]
                for name in configs]
        print(f"{set_name}: {len(puzzle_list):,} puzzles, solve loop CPU seconds, medians of {args.rounds} rounds\n")
        print(table(["configuration", "CPU s", "as shipped / this"], rows, "lrr") + "\n")
    print(f"answer problems: {problems}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

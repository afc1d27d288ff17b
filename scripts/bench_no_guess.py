#!/usr/bin/env python3
"""Benchmark: no-guess boards, puzzlesat's generator against ms-toollib's in the same run, and every board checked.

puzzlesat (`puzzlesat.mines.generate.generate_board`, --no-guess: a random layout repaired where the logical solve is
stuck, proven by a whole solve that needs no repair) and ms-toollib (`laymine_solvable(height, width, mines, row,
col, 100000)`: random layouts with the first click opening an area, drawn until its `is_solvable` accepts one) make
--boards boards each per round, in --rounds interleaved rounds whose order alternates, both under the zero rule from
the same first click. Each board is timed on its own (puzzlesat here, ms-toollib inside its own process, so neither
pays for the other's start-up). Reported per side: boards, median, mean and slowest ms per board, boards per second,
and the ratio of the medians.

Every board is checked by engines other than the one that made it: each puzzlesat board by ms-toollib's
`is_solvable` (which never counts the mines left, so a board whose proof needs the total fails it: the table says
how many of them needed it, and that puzzlesat's own solve without the total agrees with ms-toollib on every board)
and by puzzlesat's SAT analysis (`solved_by_sat`: every step decided by a SAT backbone, no counting); each ms-toollib
board by puzzlesat's logical solve. With --no-total puzzlesat makes boards that need no guess without the total
either, which ms-toollib must then accept every time. A board that fails a check makes the exit status 1.

ms-toollib is never a dependency of puzzlesat: install it in a separate virtualenv (`python3 -m venv /tmp/mstl &&
/tmp/mstl/bin/pip install ms-toollib`) and name its interpreter with --toollib-python (by default this interpreter,
if it imports ms_toollib); without it the script says so, measures puzzlesat alone and checks its boards by SAT.

    python scripts/bench_no_guess.py --toollib-python /tmp/mstl/bin/python                  # expert, 3 x 50 boards
    python scripts/bench_no_guess.py --toollib-python /tmp/mstl/bin/python --level intermediate --first-move 8,8
    python scripts/bench_no_guess.py --toollib-python /tmp/mstl/bin/python --no-total --boards 20
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from common import REPO, median, number, parser_for, ratio, table

sys.path.insert(0, str(REPO))

from puzzlesat.mines.game import parse_cell, parse_size  # noqa: E402
from puzzlesat.mines.generate import generate_board  # noqa: E402
from puzzlesat.mines.solve import needs_no_guess, solved_by_sat  # noqa: E402

CHILD = r"""
import json, sys, time
import ms_toollib as ms
for line in sys.stdin:
    ask = json.loads(line)
    if ask["op"] == "lay":
        made = []
        for _ in range(ask["count"]):
            started = time.perf_counter()
            board, ok = ms.laymine_solvable(ask["height"], ask["width"], ask["mines"], ask["row"], ask["col"], 100000)
            ms_taken = (time.perf_counter() - started) * 1000
            mines = [[r, c] for r, row in enumerate(board) for c, value in enumerate(row) if value == -1]
            made.append({"mines": mines, "ok": ok, "ms": ms_taken})
        print(json.dumps(made), flush=True)
    else:
        verdicts = []
        for board in ask["boards"]:
            grid = [[0] * ask["width"] for _ in range(ask["height"])]
            for r, c in board:
                grid[r][c] = -1
            verdicts.append(bool(ms.is_solvable(ms.cal_board_numbers(grid), ask["row"], ask["col"])))
        print(json.dumps(verdicts), flush=True)
"""


class Toollib:
    """ms-toollib in a process of its own (its virtualenv's interpreter), asked one JSON line at a time."""

    def __init__(self, python: str):
        self.child = subprocess.Popen([python, "-c", CHILD], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, question: dict):
        """Send one question, read its answer."""
        self.child.stdin.write(json.dumps(question) + "\n")
        self.child.stdin.flush()
        return json.loads(self.child.stdout.readline())

    def close(self) -> None:
        """End the child."""
        self.child.stdin.close()
        self.child.wait()


def toollib_python(asked: str) -> str:
    """The interpreter that imports ms_toollib, or '' with a note on stderr."""
    python = asked or sys.executable
    found = subprocess.run([python, "-c", "import ms_toollib"], capture_output=True).returncode == 0
    if found:
        return python
    print(f"ms-toollib is not installed for {python}: puzzlesat is measured alone (install it in a separate "
          "virtualenv and give --toollib-python)", file=sys.stderr)
    return ""


def main() -> int:
    parser = parser_for(__doc__, 3)
    parser.add_argument("--level", default="expert", help="beginner, intermediate, expert or WxHxM (default expert)")
    parser.add_argument("--first-move", default="corner", help="corner, center or ROW,COL (default corner)")
    parser.add_argument("--boards", type=int, default=50, help="boards per side per round (default 50)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default 3)")
    parser.add_argument("--seed", type=int, default=0, help="puzzlesat's seed (boards seed:0, seed:1, ...)")
    parser.add_argument("--no-total", action="store_true", help="puzzlesat's boards need no guess without the total")
    parser.add_argument("--toollib-python", default="", metavar="PYTHON",
                        help="an interpreter with ms-toollib installed (default: this one, if it has it)")
    parser.add_argument("--json", type=Path, help="also append the results as one JSON line to this file")
    args = parser.parse_args()
    setup = parse_size(args.level, rules="zero")
    first = parse_cell(args.first_move, setup)
    python = toollib_python(args.toollib_python)
    toollib = Toollib(python) if python else None
    ours, theirs, made, laid = [], [], [], []
    try:
        for number_ in range(args.rounds):
            sides = ["puzzlesat", "ms-toollib"] if number_ % 2 == 0 else ["ms-toollib", "puzzlesat"]
            for side in sides:
                if side == "puzzlesat":
                    for index in range(number_ * args.boards, (number_ + 1) * args.boards):
                        started = time.perf_counter()
                        board = generate_board(setup, first, args.seed, index, True, not args.no_total)
                        ours.append((time.perf_counter() - started) * 1000)
                        made.append(board)
                elif toollib is not None:
                    answer = toollib.ask({"op": "lay", "count": args.boards, "height": setup.height,
                                          "width": setup.width, "mines": setup.mines, "row": first[0], "col": first[1]})
                    theirs += [item["ms"] for item in answer]
                    laid += answer
            print(f"round {number_ + 1}/{args.rounds} done", file=sys.stderr)
        checks = check(setup, first, made, laid, toollib, not args.no_total)
    finally:
        if toollib is not None:
            toollib.close()
    report(args, setup, first, ours, theirs, checks)
    return 0 if checks["failed"] == 0 else 1


def check(setup, first, made, laid, toollib, use_total: bool) -> dict:
    """Every board checked by the engines that did not make it."""
    width, height = setup.width, setup.height
    sat = sum(solved_by_sat(width, height, board.mines, first, use_total) for board in made)
    needs_total = sum(bool(board.needs_total) for board in made)
    checks = {"made": len(made), "sat": sat, "needs_total": needs_total, "failed": len(made) - sat}
    if toollib is None:
        return checks
    verdicts = toollib.ask({"op": "check", "height": height, "width": width, "row": first[0], "col": first[1],
                            "boards": [[list(cell) for cell in board.mines] for board in made]})
    ours_without = [needs_no_guess(width, height, board.mines, first, use_total=False) for board in made]
    checks["toollib"] = sum(verdicts)
    checks["agree"] = sum(a == b for a, b in zip(verdicts, ours_without))
    checks["laid"] = len(laid)
    checks["laid_ok"] = sum(item["ok"] for item in laid)
    checks["laid_solved"] = sum(needs_no_guess(width, height, [tuple(c) for c in item["mines"]], first, use_total=False)
                                for item in laid if item["ok"])
    checks["failed"] += (len(made) - checks["agree"]) + (checks["laid_ok"] - checks["laid_solved"])
    if not use_total:
        checks["failed"] += len(made) - checks["toollib"]
    return checks


def report(args, setup, first, ours, theirs, checks) -> None:
    """The tables on stdout (and one JSON line in --json)."""
    where = f"{setup.level or setup.label()} {setup.label()}, zero rule, first move {first[0]},{first[1]}"
    print(f"no-guess boards: {where}; {args.rounds} rounds x {args.boards} boards a side"
          f"{'; puzzlesat without the total' if args.no_total else ''}\n")
    rows = []
    for name, times in (("puzzlesat", ours), ("ms-toollib", theirs)):
        if times:
            rows.append([name, len(times), number(median(times)), number(sum(times) / len(times)), number(max(times)),
                         number(1000 * len(times) / sum(times))])
    print(table(["generator", "boards", "median ms", "mean ms", "slowest ms", "boards/s"], rows, "lrrrrr"))
    if theirs:
        print(f"\nmedian puzzlesat / ms-toollib: {ratio(median(ours) / median(theirs))}")
    made = checks["made"]
    print(f"\npuzzlesat's boards confirmed by SAT alone (solved_by_sat): {checks['sat']}/{made}; proofs that needed "
          f"the total: {checks['needs_total']}/{made}")
    if "toollib" in checks:
        print(f"confirmed by ms-toollib's is_solvable (never counts the mines left): {checks['toollib']}/{made} "
              f"({checks['toollib'] / made:.1%}); puzzlesat's solve without the total agrees with it on "
              f"{checks['agree']}/{made}")
        print(f"ms-toollib's boards: {checks['laid_ok']}/{checks['laid']} laid as solvable, of which puzzlesat's "
              f"logical solve without the total wins {checks['laid_solved']}")
    if args.json:
        record = {"level": args.level, "first_move": list(first), "boards": args.boards, "rounds": args.rounds,
                  "no_total": args.no_total, "puzzlesat_ms": ours, "toollib_ms": theirs, **checks}
        with open(args.json, "a", encoding="utf-8") as out:
            out.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    sys.exit(main())

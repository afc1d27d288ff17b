#!/usr/bin/env python3
"""Where the CPU time of `puzzlesat sudoku FILE -f line --jobs 1` goes: per puzzle and part, in one process.

The companion of bench_tdoku_minisat.py, which compares whole processes: this splits one set's run into start-up,
reading and writing, the native solver's calls and the Python around them, to show what a change could still win.

    python scripts/profile_solving.py                      # top1465, 5 rounds: about a minute
    python scripts/profile_solving.py --sets top1465,hardest1106 --rounds 3

Parts (CPU seconds, time.process_time; medians of --rounds interleaved rounds):
  whole process     the command as bench_tdoku_minisat.py runs it (user+sys of the child, os.wait4)
  start-up          the same command on the set's first puzzle alone: interpreter, imports, rules, one solve
  in this process   the command run by puzzlesat.cli.main here, warm (imports done, the grid's clauses built) but
                    on a fresh solver, output to memory
  read and write    the same with every answer known in advance (SudokuSolver.solve looks it up): reading the
                    file, records, formatting and writing
  native solve, native model, native clauses, native stats
                    CaDiCaL's calls (pysolvers: cadical195_solve, _model, _add_cl, _acc_stats), timed around each
                    call in a run of their own, less the cost of the timing itself
  Python around     in this process, less read and write, less the native calls: givens to literals, models to
                    values, verification, uniqueness bookkeeping, the answers' plumbing
Every run's output must equal the first one's; a difference makes the exit status 1.
"""

from __future__ import annotations

import io
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Callable, Dict, List

from common import PUZZLESAT, add_data_option, data_file, measure, median, parser_for, rounds, table

import pysolvers

from puzzlesat.cli import main as cli_main
from puzzlesat.cli.common import Env
from puzzlesat.sudoku.solving import solver as solver_module

SETS = {"top1465": "puzzles3_magictour_top1465", "hardest1106": "puzzles6_forum_hardest_1106"}
NATIVE = {"native solve": "cadical195_solve", "native model": "cadical195_model",
          "native clauses": "cadical195_add_cl", "native stats": "cadical195_acc_stats"}
clock = time.process_time


def command(path: Path) -> List[str]:
    """The arguments of the measured command (after `puzzlesat`)."""
    return ["sudoku", str(path), "-f", "line", "--jobs", "1"]


def in_process(path: Path, fresh: bool = True) -> tuple:
    """(CPU seconds, output) of the command run here; `fresh`: on a fresh solver (the pool of this thread emptied
    first, as it is in a new process), else on the solver the last run left."""
    if fresh:
        solver_module.shared_pool().close()
    out, err = io.StringIO(), io.StringIO()
    env = Env(stdin=None, stdout=out, stderr=err, stdin_isatty=False, stdout_isatty=False, stderr_isatty=False,
              quiet=True)
    started = clock()
    status = cli_main(command(path), env)
    spent = clock() - started
    if status not in (0, None):
        raise SystemExit(f"profile_solving.py: puzzlesat exited {status}: {err.getvalue().strip()}")
    return spent, out.getvalue()


def known_answers(path: Path) -> tuple:
    """(CPU seconds, output) of the command with SudokuSolver.solve answering from a table filled beforehand."""
    table_of: Dict[tuple, object] = {}
    real = solver_module.SudokuSolver.solve

    def recording(self, puzzle, *args, **kwargs):
        """Solve, and keep the answer."""
        table_of[puzzle.values] = result = real(self, puzzle, *args, **kwargs)
        return result

    def looked_up(self, puzzle, *args, **kwargs):
        """The answer found before, for this puzzle."""
        return table_of[puzzle.values]._replace(puzzle=puzzle)

    try:
        solver_module.SudokuSolver.solve = recording
        in_process(path)
        solver_module.SudokuSolver.solve = looked_up
        return in_process(path, fresh=False)  # no session to start: that is the native and Python parts' time
    finally:
        solver_module.SudokuSolver.solve = real


def timing_cost() -> float:
    """CPU seconds a timed call adds to the time measured around it (one clock reading), estimated."""
    started, count = clock(), 20_000
    for _ in range(count):
        clock()
    return (clock() - started) / count


def native_parts(path: Path) -> tuple:
    """(CPU seconds per native part, output) of the command with CaDiCaL's calls timed one by one."""
    spent: Dict[str, float] = defaultdict(float)
    calls: Dict[str, int] = defaultdict(int)
    saved = {name: getattr(pysolvers, name) for name in NATIVE.values()}

    def timed(part: str, call: Callable) -> Callable:
        """`call`, with its CPU time added to `part`."""
        def run(*args):
            started = clock()
            try:
                return call(*args)
            finally:
                spent[part] += clock() - started
                calls[part] += 1
        return run

    try:
        for part, name in NATIVE.items():
            setattr(pysolvers, name, timed(part, saved[name]))
        _, output = in_process(path)
    finally:
        for name, call in saved.items():
            setattr(pysolvers, name, call)
    cost = timing_cost()
    return {part: max(0.0, spent[part] - calls[part] * cost) for part in NATIVE}, output


def profile(path: Path, count: int, rounds_wanted: int) -> tuple:
    """(rows of the table, number of runs whose output differed from the first)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as single:
        single.write(next(line for line in path.read_text().splitlines() if line.strip() and line[0] != "#") + "\n")
    first = Path(single.name)  # the set's first puzzle alone, for start-up
    times: Dict[str, list] = defaultdict(list)
    outputs: list = []
    try:
        in_process(path)  # warm: lazy imports, the rules' clauses
        for number, part in rounds(rounds_wanted, ["whole", "start", "inproc", "known", "native"]):
            if part == "whole":
                times["whole process"].append(measure([PUZZLESAT, *command(path)], stdout="discard").cpu)
            elif part == "start":
                times["start-up"].append(measure([PUZZLESAT, *command(first)], stdout="discard").cpu)
            elif part == "inproc":
                spent, output = in_process(path)
                times["in this process"].append(spent)
                outputs.append(output)
            elif part == "known":
                spent, output = known_answers(path)
                times["read and write"].append(spent)
                outputs.append(output)
            else:
                found, output = native_parts(path)
                for name, seconds in found.items():
                    times[name].append(seconds)
                outputs.append(output)
            print(f"# {path.name} round {number} {part} done", file=sys.stderr)
    finally:
        first.unlink()
    medians = {name: median(values) for name, values in times.items()}
    medians["Python around"] = medians["in this process"] - medians["read and write"] - sum(
        medians[name] for name in NATIVE)
    order = ["whole process", "start-up", "in this process", "read and write", *NATIVE, "Python around"]
    whole = medians["in this process"]
    rows = [[name, f"{medians[name] * 1000:,.1f}", f"{medians[name] / count * 1e6:,.1f}",
             "" if name in ("whole process", "start-up", "in this process") else f"{medians[name] / whole:.0%}"]
            for name in order]
    return rows, sum(output != outputs[0] for output in outputs)


def main(argv=None) -> int:
    parser = parser_for(__doc__, 2)
    add_data_option(parser)
    parser.add_argument("--sets", default="top1465", help=f"comma-separated, of: {', '.join(SETS)} "
                        "(default: %(default)s)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default: %(default)s)")
    args = parser.parse_args(argv)
    problems = 0
    for name in args.sets.split(","):
        if name not in SETS:
            parser.error(f"unknown set {name!r}; choose from {', '.join(SETS)}")
        path = data_file(args.data, "sudoku", SETS[name])
        count = sum(1 for line in path.read_text().splitlines() if line.strip() and line[0] != "#")
        rows, differing = profile(path, count, args.rounds)
        problems += differing
        print(f"{name}: {count:,} puzzles, `puzzlesat sudoku FILE -f line --jobs 1`, CPU, medians of {args.rounds} "
              f"rounds\n")
        print(table(["part", "ms", "us per puzzle", "share of in this process"], rows, "lrrr") + "\n")
    print(f"runs whose output differed from the first: {problems}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

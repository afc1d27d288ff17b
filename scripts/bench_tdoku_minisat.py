#!/usr/bin/env python3
"""Benchmark: puzzlesat's Sudoku solving against tdoku's C++ MiniSat harness, CPU time of whole processes.

tdoku (github.com/t-dillon/tdoku) measures MiniSat through its harness other/other_minisat.cc; this compares
`puzzlesat sudoku FILE -f line --jobs 1` with that harness's `minisat_complete` configuration as tdoku's
run_benchmark calls it with uniqueness checked: OtherSolverMiniSat(puzzle, limit 2, config 2), i.e. the complete
encoding (cells and groups exactly-one, pairwise), the clues as assumptions, solutions counted up to 2 by blocking
each one under a fresh activation literal, the solver renewed after every 21 puzzles. The harness runs unchanged
inside a small command-line driver (this script's --driver-source), built from the public sources as
scripts/README.md says (bench_tdoku_minisat.py). The harness is 9x9 only: for the 16x16 sets a second binary
compiles a copy whose constants 9, 81 and 3 are made NN, NN*NN and BB by sed (the same encoding and method, nothing
else changed; at NN=9 it makes exactly the original's decisions); without it those sets say "no harness".

    python scripts/bench_tdoku_minisat.py                          # every set, 3 rounds: about 1.5 minutes
    python scripts/bench_tdoku_minisat.py --sets top1465 --rounds 1
    python scripts/bench_tdoku_minisat.py --harness ../tdoku-minisat/tdoku_minisat --harness16 none
    python scripts/bench_tdoku_minisat.py --driver-source > ../tdoku-minisat/main.cc    # the driver, for the build

Sets: the first --limit (10,000) puzzles of the 17-clue set, top1465, forum_hardest_1106 and the 16x16 sets of
DATA/sudoku/16x16; both programs read the same file of puzzle lines. Rounds are interleaved (every set, every
program, round after round, the programs' order alternating). Reported per set: medians of CPU seconds (user+sys
of the whole process, os.wait4) and wall seconds, and the ratio harness / puzzlesat (above 1: puzzlesat faster).
Answers: every puzzlesat solution is checked (a full grid keeping the givens), every run's answer per puzzle
(unique, multiple, none) is compared with the other program's and with its own other rounds; after the timed rounds
the harness runs once more, untimed, with limit 1 (tdoku's first-solution mode, which returns the solution), and
its solutions must equal puzzlesat's unique ones. --jobs2 adds a row of puzzlesat --jobs 2 against --jobs 1 (wall
time, the same rounds) for the sets named (default the 17-clue set). A mismatch makes the exit status 1. Without
any harness binary the script prints one line saying so and exits 0 (skipped).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from common import (PUZZLESAT, REPO, add_data_option, data_file, kill_running, measure, median, parser_for,
                    rounds, spread, table)

SETS = {  # name -> (file under DATA/sudoku, side)
    "17-clue": ("puzzles2_17_clue", 9),
    "top1465": ("puzzles3_magictour_top1465", 9),
    "hardest1106": ("puzzles6_forum_hardest_1106", 9),
    "16x16-test2": ("16x16/test2.16", 16),
    "16x16-test3": ("16x16/test3.16", 16),
    "16x16-test4": ("16x16/test4.1g", 16),
    "16x16-test6": ("16x16/test6.1g", 16),
}
LIMITED_SET, DEFAULT_LIMIT = "17-clue", 10_000
BUILD = REPO.parent / "tdoku-minisat"
DEFAULT_HARNESS = {9: BUILD / "tdoku_minisat", 16: BUILD / "tdoku_minisat_16"}
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"

# The driver: our code, not tdoku's. It links tdoku's other/other_minisat.cc (or the NxN copy) and MiniSat 2.2.
DRIVER = r"""// Command-line driver for tdoku's MiniSat harness (other/other_minisat.cc unchanged, or its NN x NN copy):
// reads NN x NN puzzles one per line ('.' or '0' blank; 1-9 then A, B, ... for 10 and up; '#' lines and blank lines
// skipped) and calls OtherSolverMiniSat(puzzle, 2, 2, ...) on each, as tdoku's run_benchmark does with uniqueness
// checked (config 2 = minisat_complete, limit 2 solutions), printing one line per puzzle: unique, multiple, none or
// invalid. With -1 it calls the harness with limit 1 (tdoku's -f, first solution) and prints the solution instead.
// Written for puzzlesat's scripts/bench_tdoku_minisat.py.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#ifndef NN
#define NN 9
#endif
extern "C" size_t OtherSolverMiniSat(const char *input, size_t limit, uint32_t config, char *solution,
                                     size_t *num_guesses);

int main(int argc, char **argv) {
    bool first = argc == 3 && std::strcmp(argv[1], "-1") == 0;
    if (argc != 2 + first) {
        std::fprintf(stderr, "usage: %s [-1] FILE   (%dx%d puzzles, one per line)\n", argv[0], NN, NN);
        return 2;
    }
    std::ifstream in(argv[1 + first]);
    if (!in) {
        std::fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[1 + first]);
        return 2;
    }
    std::string line;
    char puzzle[NN * NN + 1], solution[NN * NN + 1];
    size_t guesses = 0, total_guesses = 0, puzzles = 0;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        bool ok = line.size() >= NN * NN;
        for (int i = 0; ok && i < NN * NN; i++) {
            char c = line[i];
            int v = c == '.' || c == '0' ? 0 : c >= '1' && c <= '9' ? c - '0' : c >= 'A' && c <= 'Z' ? c - 'A' + 10
                  : c >= 'a' && c <= 'z' ? c - 'a' + 10 : -1;
            ok = v >= 0 && v <= NN;
            puzzle[i] = v ? char('0' + v) : '.';  // the harness reads value v as the character '0' + v
        }
        puzzle[NN * NN] = solution[NN * NN] = '\0';
        puzzles++;
        if (!ok) {
            std::fputs("invalid\n", stdout);
            continue;
        }
        size_t count = OtherSolverMiniSat(puzzle, first ? 1 : 2, 2, solution, &guesses);
        total_guesses += guesses;
        if (first && count) {
            for (int i = 0; i < NN * NN; i++) {
                int v = solution[i] - '0';
                solution[i] = v <= 9 ? char('0' + v) : char('A' + v - 10);
            }
            std::fputs(solution, stdout);
            std::fputc('\n', stdout);
        } else {
            std::fputs(count == 0 ? "none\n" : count == 1 ? (first ? "solved\n" : "unique\n") : "multiple\n", stdout);
        }
    }
    std::fprintf(stderr, "{\"puzzles\": %zu, \"guesses\": %zu}\n", puzzles, total_guesses);
    return 0;
}
"""

Answer = Tuple[str, Optional[str]]  # (unique | multiple | none | other status, the unique solution or None)


def fail(message: str) -> SystemExit:
    """One line on stderr and exit status 1."""
    return SystemExit(f"bench_tdoku_minisat.py: {message}")


def prepared_sets(args: argparse.Namespace, workdir: Path) -> List[dict]:
    """Per chosen set: its name, side, puzzle lines (first field of each line) and the file both programs read."""
    sets = []
    for name in args.sets:
        relative, side = SETS[name]
        with open(data_file(args.data, "sudoku", relative)) as stream:
            puzzles = [line.split()[0] for line in stream if line.strip() and not line.startswith("#")]
        if name == LIMITED_SET and args.limit and args.limit < len(puzzles):
            puzzles, name = puzzles[: args.limit], f"{name} (first {args.limit:,})"
        bad = next((p for p in puzzles if len(p) != side * side), None)
        if bad is not None:
            raise fail(f"{relative}: a puzzle line of {len(bad)} cells, expected {side * side}: {bad[:40]}...")
        path = workdir / f"{relative.replace('/', '-')}.txt"
        path.write_text("".join(p + "\n" for p in puzzles))
        sets.append({"name": name, "side": side, "puzzles": puzzles, "path": str(path)})
    return sets


def solution_ok(puzzle: str, solution: str, side: int) -> bool:
    """Is `solution` a full grid of this side (rows, columns, boxes each a permutation) keeping the givens?"""
    symbols, box = set(SYMBOLS[:side]), int(side ** 0.5)
    if len(solution) != side * side or set(solution) - symbols:
        return False
    if any(g not in ".0" and g != s for g, s in zip(puzzle, solution)):
        return False
    rows = [solution[r * side:(r + 1) * side] for r in range(side)]
    groups = rows + ["".join(row[c] for row in rows) for c in range(side)]
    groups += ["".join(rows[r][c] for r in range(br, br + box) for c in range(bc, bc + box))
               for br in range(0, side, box) for bc in range(0, side, box)]
    return all(set(group) == symbols for group in groups)


def puzzlesat_answers(out: str, puzzles: List[str], side: int) -> List[Answer]:
    """puzzlesat -f line: a solution (unique: uniqueness is on) or a status word; a wrong solution is 'WRONG'."""
    answers = []
    for puzzle, line in zip(puzzles, out.splitlines()):
        if len(line) == side * side:
            answers.append(("unique", line) if solution_ok(puzzle, line, side) else ("WRONG", line))
        else:
            answers.append(("none" if line in ("invalid", "unsat") else line, None))
    return answers


def harness_answers(out: str) -> List[Answer]:
    """The driver: unique, multiple, none or invalid (none: no solution under the givens)."""
    return [("none" if line == "invalid" else line, None) for line in out.splitlines()]


def differences(a: List[Answer], b: List[Answer]) -> int:
    """Puzzles on which two answer lists differ (status, and the solution when both give one)."""
    return sum(x[0] != y[0] or (x[1] is not None and y[1] is not None and x[1] != y[1]) for x, y in zip(a, b))


def run(argv: List[str], count: int, parse) -> dict:
    """One whole process: CPU and wall seconds, and its answers (all of them, or a failure)."""
    done = measure(argv)
    answers = parse(done.out.decode())
    if len(answers) != count:
        raise fail(f"{' '.join(argv[:2])}... wrote {len(answers)} answers for {count} puzzles "
                   f"(exit {done.status}): {done.err.strip()[-300:]}")
    return {"cpu": done.cpu, "wall": done.wall, "answers": answers}


def benchmark(args: argparse.Namespace, sets: List[dict], harness: Dict[int, Optional[Path]]) -> List[dict]:
    """The timed rounds, the answer checks and the untimed first-solution run of the harness, per set."""
    results = {s["name"]: {"set": s["name"], "puzzles": len(s["puzzles"]), "runs": {}} for s in sets}
    for number, s in rounds(args.rounds, sets):
        engines = {"puzzlesat": [PUZZLESAT, "sudoku", s["path"], "-f", "line", "--jobs", "1", "--quiet"]}
        if harness[s["side"]]:
            engines["harness"] = [str(harness[s["side"]]), s["path"]]
        if any(s["name"].startswith(name) for name in args.jobs2):
            engines["puzzlesat -j 2"] = [PUZZLESAT, "sudoku", s["path"], "-f", "line", "--jobs", "2", "--quiet"]
        order = list(engines) if number % 2 else list(reversed(engines))
        for engine in order:
            parse = harness_answers if engine == "harness" else (
                lambda out, s=s: puzzlesat_answers(out, s["puzzles"], s["side"]))
            measured = run(engines[engine], len(s["puzzles"]), parse)
            results[s["name"]]["runs"].setdefault(engine, []).append(measured)
            print(f"# {s['name']} round {number} {engine}: {measured['cpu']:.2f} s CPU, {measured['wall']:.2f} s wall",
                  file=sys.stderr, flush=True)
    for s in sets:
        result = results[s["name"]]
        runs = result["runs"]
        first = {engine: group[0]["answers"] for engine, group in runs.items()}
        ours = first["puzzlesat"]
        result["wrong"] = sum(a[0] == "WRONG" for group in runs.values() for r in group for a in r["answers"])
        result["unstable"] = sum(differences(first[engine], r["answers"]) for engine, group in runs.items()
                                 for r in group[1:])
        result["j2_mismatches"] = differences(ours, first["puzzlesat -j 2"]) if "puzzlesat -j 2" in first else 0
        result["counts"] = {status: sum(a[0] == status for a in ours) for status in sorted({a[0] for a in ours})}
        if "harness" in first:
            theirs = first["harness"]
            result["mismatches"] = sum(a[0] != b[0] for a, b in zip(ours, theirs))
            result["same_solution"] = result["solution_mismatches"] = 0
            if args.check:  # the harness's limit-1 solutions against puzzlesat's unique ones, untimed
                out = measure([str(harness[s["side"]]), "-1", s["path"]]).out.decode().splitlines()
                for a, b, line in zip(ours, theirs, out + [""] * len(ours)):
                    if a[0] == b[0] == "unique":
                        same = line == a[1]
                        result["same_solution"] += same
                        result["solution_mismatches"] += not same
        for engine, group in runs.items():
            result[engine] = {"cpu": median(r["cpu"] for r in group), "wall": median(r["wall"] for r in group),
                              "cpu_spread": spread([r["cpu"] for r in group]),
                              "cpus": [round(r["cpu"], 3) for r in group],
                              "walls": [round(r["wall"], 3) for r in group]}
        del result["runs"]
    return list(results.values())


def problems(results: List[dict]) -> int:
    """Wrong solutions, and answers differing between the programs, between rounds or with --jobs 2."""
    return sum(r.get("mismatches", 0) + r.get("solution_mismatches", 0) + r["wrong"] + r["unstable"]
               + r["j2_mismatches"] for r in results)


def report(results: List[dict], rounds_: int, check: bool) -> str:
    """The comparison table, then the --jobs 2 rows."""
    rows = []
    for r in results:
        ours, theirs = r["puzzlesat"], r.get("harness")
        answers = ", ".join(f"{n:,} {k}" for k, n in r["counts"].items())
        if theirs is None:
            rows.append([r["set"], f"{r['puzzles']:,}", f"{ours['cpu']:.2f}", "no harness", "-",
                         f"{ours['wall']:.2f}", "-", "-", f"{ours['cpu_spread'] * 100:.0f}%", answers, "-"])
            continue
        agree = f"{r['mismatches']} mismatches"
        if check:
            agree += f"; {r['same_solution']:,} same solutions, {r['solution_mismatches']} differ"
        rows.append([r["set"], f"{r['puzzles']:,}", f"{ours['cpu']:.2f}", f"{theirs['cpu']:.2f}",
                     f"{theirs['cpu'] / ours['cpu']:.2f}x", f"{ours['wall']:.2f}", f"{theirs['wall']:.2f}",
                     f"{theirs['wall'] / ours['wall']:.2f}x",
                     f"{max(ours['cpu_spread'], theirs['cpu_spread']) * 100:.0f}%", answers, agree])
    text = [f"puzzlesat (--jobs 1) against tdoku's MiniSat harness (minisat_complete, limit 2), whole processes, "
            f"medians of {rounds_} interleaved rounds; ratio = harness / puzzlesat (above 1: puzzlesat faster)", "",
            table(["set", "puzzles", "puzzlesat CPU s", "harness CPU s", "CPU ratio", "puzzlesat wall s",
                   "harness wall s", "wall ratio", "spread", "puzzlesat answers", "agreement"], rows,
                  "lrrrrrrrrll")]
    j2 = [[r["set"], f"{r['puzzlesat']['wall']:.2f}", f"{r['puzzlesat -j 2']['wall']:.2f}",
           f"{r['puzzlesat']['wall'] / r['puzzlesat -j 2']['wall']:.2f}x", f"{r['puzzlesat']['cpu']:.2f}",
           f"{r['puzzlesat -j 2']['cpu']:.2f}", f"{r['j2_mismatches']} mismatches"]
          for r in results if "puzzlesat -j 2" in r]
    if j2:
        text += ["", "puzzlesat --jobs 2 against --jobs 1 (wall ratio above 1: --jobs 2 faster)", "",
                 table(["set", "-j 1 wall s", "-j 2 wall s", "wall ratio", "-j 1 CPU s", "-j 2 CPU s", "answers"],
                       j2, "lrrrrrl")]
    text += ["", f"answer problems: {problems(results)} (wrong solutions, answers differing between the programs, "
                 "their rounds or --jobs 2)"]
    return "\n".join(text)


def harness_path(text: str) -> Optional[Path]:
    """--harness/--harness16: a path, or None for 'none' or a file that is not there."""
    if text.lower() == "none":
        return None
    path = Path(text)
    return path if path.is_file() else None


def parse_args(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    parser = parser_for(__doc__, 3)
    add_data_option(parser)
    parser.add_argument("--harness", default=str(DEFAULT_HARNESS[9]), metavar="PATH",
                        help="the 9x9 harness binary (default: %(default)s)")
    parser.add_argument("--harness16", default=str(DEFAULT_HARNESS[16]), metavar="PATH",
                        help="the 16x16 (NxN copy) binary, or 'none' (default: %(default)s)")
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated, of: " + ", ".join(SETS))
    parser.add_argument("--limit", type=int, default=DEFAULT_LIMIT,
                        help="puzzles of the 17-clue set, from its start; 0 for all (default: %(default)s)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default: %(default)s)")
    parser.add_argument("--jobs2", default=LIMITED_SET, metavar="SETS",
                        help="sets that also get a puzzlesat --jobs 2 row, '' for none (default: %(default)s)")
    parser.add_argument("--no-check", dest="check", action="store_false",
                        help="skip the untimed run comparing the harness's solutions with puzzlesat's")
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    parser.add_argument("--driver-source", action="store_true", help="print the driver's C++ source and exit")
    args = parser.parse_args(argv)
    args.sets = [name.strip() for name in args.sets.split(",") if name.strip()]
    unknown = [name for name in args.sets if name not in SETS]
    if unknown:
        parser.error(f"unknown set {unknown[0]!r}; known: {', '.join(SETS)}")
    args.jobs2 = [name.strip() for name in args.jobs2.split(",") if name.strip()]
    return args


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = parse_args(argv)
    if args.driver_source:
        sys.stdout.write(DRIVER)
        return 0
    harness = {9: harness_path(args.harness), 16: harness_path(args.harness16)}
    if not any(harness[SETS[name][1]] for name in args.sets):
        print(f"bench_tdoku_minisat.py: skipped: tdoku's MiniSat harness is not built ({args.harness} not found): "
              "build it as scripts/README.md says (bench_tdoku_minisat.py) or name it with --harness", file=sys.stderr)
        return 0
    try:
        with tempfile.TemporaryDirectory(prefix="bench-tdoku-") as workdir:
            results = benchmark(args, prepared_sets(args, Path(workdir)), harness)
    except KeyboardInterrupt:
        kill_running()
        return 130
    text = report(results, args.rounds, args.check)
    print(text)
    if args.json:
        Path(args.json).write_text(json.dumps({"harness": {str(k): str(v) if v else None for k, v in harness.items()},
                                               "rounds": args.rounds, "results": results}, indent=1) + "\n")
    return 1 if problems(results) else 0


if __name__ == "__main__":
    sys.exit(main())

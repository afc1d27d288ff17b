"""Record Sudoku Explainer's solving path: every step SE takes, with the grid and candidates before it.

Runs Sukaku Explainer's `serate` (SudokuMonster's fork of Sudoku Explainer, the program behind the published SE
ratings) on puzzles and writes one JSON object per puzzle:

    {"puzzle": "...", "er": 7.2, "ep": 1.2, "ed": 1.2, "hardest": "Forcing Chain",
     "steps": [{"grid": "<81 values, '.' blank>", "marks": "<729 candidates>", "text": "Hidden Single: r8c9: 8 in block"}, ...]}

These traces are what puzzlesat's techniques are checked against step by step (the same first step from the same
candidates) and what the rating's agreement with SE is measured on. SE is not a dependency: build it once, e.g.

    git clone https://github.com/SudokuMonster/SukakuExplainer && cd SukakuExplainer
    find . -name '*.java' > sources.txt && mkdir build && javac -nowarn -encoding ISO-8859-1 -d build @sources.txt

    python scripts/se_trace.py --se SukakuExplainer/build puzzles.txt > traces.jsonl
    python scripts/se_trace.py --se SukakuExplainer/build --no-steps --jobs 2 puzzles.txt > ratings.jsonl

Puzzles are read one per line: the first field of 81 characters ('.' or '0' blank); other fields are ignored.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from common import parser_for

FINAL = "F"


def puzzles_in(paths: list) -> list:
    """The 81-character puzzles of the files, '0' for blank (what serate reads)."""
    found = []
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            fields = [field for field in line.replace(",", " ").split() if len(field) == 81]
            if fields and not line.startswith("#"):
                found.append(fields[0].replace(".", "0"))
    return found


def serate(se: str, puzzles: list, steps: bool, timeout: float) -> list:
    """Run serate on the puzzles; one record per puzzle (None for a puzzle it did not finish)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write("\n".join(puzzles) + "\n")
        name = handle.name
    command = ["java", "-Xss64m", "-cp", se, "diuf.sudoku.test.serate", f"--input={name}",
               f"--format={FINAL} %g %r/%p/%d %R"]
    if steps:
        command += ["--before=B %i %m", "--after=A %r %s"]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, encoding="latin-1")
        output = done.stdout
    except subprocess.TimeoutExpired as expired:
        output = expired.stdout.decode("latin-1") if isinstance(expired.stdout, bytes) else (expired.stdout or "")
    finally:
        Path(name).unlink()
    return parse(output)


def parse(output: str) -> list:
    """Records from serate's output (B/A lines per step, an F line per puzzle)."""
    records, steps, pending = [], [], None
    for line in output.splitlines():
        kind, _, rest = line.partition(" ")
        if kind == "B":
            grid, _, marks = rest.partition(" ")
            pending = {"grid": grid, "marks": marks}
        elif kind == "A" and pending is not None:
            difficulty, _, text = rest.partition(" ")
            pending["difficulty"], pending["text"] = float(difficulty), text
            steps.append(pending)
            pending = None
        elif kind == FINAL:
            puzzle, rating, *name = rest.split(" ")
            er, ep, ed = (float(x) for x in rating.split("/"))
            records.append({"puzzle": puzzle, "er": er, "ep": ep, "ed": ed, "hardest": " ".join(name),
                            "steps": steps})
            steps = []
    return records


def main() -> int:
    parser = parser_for(__doc__)
    parser.add_argument("files", nargs="+", help="puzzle files")
    parser.add_argument("--se", required=True, help="the SE build directory or jar (classpath)")
    parser.add_argument("--no-steps", action="store_true", help="ratings only, no step records")
    parser.add_argument("--jobs", type=int, default=1, help="serate processes at once")
    parser.add_argument("--chunk", type=int, default=20, help="puzzles per serate run")
    parser.add_argument("--timeout", type=float, default=3600, help="seconds a serate run may take")
    args = parser.parse_args()
    puzzles = puzzles_in(args.files)
    chunks = [puzzles[i:i + args.chunk] for i in range(0, len(puzzles), args.chunk)]
    with ThreadPoolExecutor(args.jobs) as pool:
        for records in pool.map(lambda chunk: serate(args.se, chunk, not args.no_steps, args.timeout), chunks):
            for record in records:
                print(json.dumps(record), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

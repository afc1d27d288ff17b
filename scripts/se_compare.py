"""Check puzzlesat's techniques against Sudoku Explainer, step by step, on SE's own solving paths.

Reads traces written by se_trace.py (SE's every step, with the grid and candidates before it). At each step it
builds the same candidate grid, asks puzzlesat for its next step, and compares it with SE's: the same technique
name, and the same effect (the placement SE made, or the candidates SE removed). The report counts agreements per
SE technique and shows the first disagreements, with the candidates, so that each can be reproduced.

    python scripts/se_compare.py traces.jsonl                          # every step, all producers in SE's order
    python scripts/se_compare.py traces.jsonl --producer "X-Wing" --names "X-Wing"   # one producer on its own steps
    python scripts/se_compare.py traces.jsonl --show 5 --names "Forcing Chain"

SE's step text is its hint's toString(), which for chains differs from the name SE rates by (no 'Dynamic ', no
'(+...)' level, 'Nishio Forcing Chain'): our names are put in that form before comparing. Traces that record each
step's difficulty (se_trace.py's 'difficulty') must agree on it too.

With --producer, only that producer runs (SE's steps of its kind, chosen with --names, a regular expression on
SE's technique name): its first step must be SE's. Without it, every producer runs in order, as in the rating.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections import Counter, defaultdict

from common import parser_for

from puzzlesat.sudoku.logic.candidates import CandidateGrid, layout
from puzzlesat.sudoku.model.grid import Shape, cell_name
from puzzlesat.sudoku.model.rules import classic_rules
from puzzlesat.sudoku.logic.techniques import first_step, producers


def board_of(grid: str, marks: str) -> CandidateGrid:
    """The candidate grid of a trace state: values from `grid`, candidates from the 729-character marks."""
    rules = classic_rules(Shape.of_side(9))
    values = [0 if ch in ".0" else int(ch) for ch in grid]
    cands = []
    for cell in range(81):
        chunk = marks[cell * 9:cell * 9 + 9]
        mask = sum(1 << (int(ch) - 1) for ch in chunk if ch not in ".0")
        cands.append(1 << (values[cell] - 1) if values[cell] else mask)
    return CandidateGrid(rules, values, cands, layout(rules), assume_unique=True)


def effect(before: dict, after: dict) -> tuple:
    """What SE's step did: (placements, eliminations) between two trace states (a placement's own removals
    of its digit from the cell's peers are not counted)."""
    placed = tuple((c, int(after["grid"][c])) for c in range(81)
                   if before["grid"][c] in ".0" and after["grid"][c] not in ".0")
    if placed:
        return placed, ()
    gone = []
    for cell in range(81):
        if before["grid"][cell] not in ".0":
            continue
        had, has = before["marks"][cell * 9:cell * 9 + 9], after["marks"][cell * 9:cell * 9 + 9]
        gone.extend((cell, d + 1) for d in range(9) if had[d] not in ".0" and has[d] in ".0")
    return (), tuple(sorted(gone))


def our_effect(step) -> tuple:
    """The same for a puzzlesat Step."""
    if step.placements:
        return tuple(sorted(step.placements)), ()
    return (), tuple(sorted(step.eliminations))


def se_name(text: str) -> str:
    """SE's technique name from its step text ('Hidden Single: r8c9: 8 in block' -> 'Hidden Single')."""
    return text.split(":")[0].strip()


TRACE_FORMS = (
    (re.compile(r"^Dynamic "), ""),
    (re.compile(r" \(\+.*\)$"), ""),
    (re.compile(r"^(Nishio|Contradiction|Double) Forcing Chains$"), r"\1 Forcing Chain"),
)


def trace_form(name: str) -> str:
    """Our technique name as SE's step text writes it: SE's trace shows a chaining hint's toString(), which drops
    'Dynamic ' and the '(+...)' level and says 'Nishio Forcing Chain' ('Dynamic Cell Forcing Chains (+)' ->
    'Cell Forcing Chains')."""
    for pattern, replacement in TRACE_FORMS:
        name = pattern.sub(replacement, name)
    return name


def show(effect_pair: tuple) -> str:
    placed, gone = effect_pair
    if placed:
        return "place " + " ".join(f"{cell_name(c, 9)}={d}" for c, d in placed)
    return "remove " + " ".join(f"{cell_name(c, 9)}-{d}" for c, d in gone)


def main() -> int:
    parser = parser_for(__doc__)
    parser.add_argument("traces", nargs="+", help="JSON Lines from se_trace.py")
    parser.add_argument("--producer", help="run only this producer (a family name of puzzlesat.sudoku.logic.techniques)")
    parser.add_argument("--names", default="", help="check only SE steps whose technique matches this regex")
    parser.add_argument("--show", type=int, default=3, help="disagreements to show per technique")
    parser.add_argument("--limit", type=int, default=0, help="puzzles to read from each file (0: all)")
    args = parser.parse_args()
    chosen = None
    if args.producer:
        chosen = [pair for pair in producers() if pair[0] == args.producer]
        if not chosen:
            parser.error(f"no producer {args.producer!r}; one of: {', '.join(name for name, _ in producers())}")
    wanted = re.compile(args.names)
    agree, differ, seconds = Counter(), Counter(), defaultdict(float)
    shown = Counter()
    for path in args.traces:
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if args.limit and number > args.limit:
                    break
                record = json.loads(line)
                steps = record["steps"]
                for index in range(len(steps) - 1):
                    name = se_name(steps[index]["text"])
                    if not wanted.search(name):
                        continue
                    board = board_of(steps[index]["grid"], steps[index]["marks"])
                    started = time.perf_counter()
                    ours = first_step(board, chosen)
                    seconds[name] += time.perf_counter() - started
                    theirs = effect(steps[index], steps[index + 1])
                    if ours is not None and trace_form(ours.technique) == name and our_effect(ours) == theirs \
                            and abs(ours.difficulty - steps[index].get("difficulty", ours.difficulty)) < 0.05:
                        agree[name] += 1
                        continue
                    differ[name] += 1
                    if shown[name] < args.show:
                        shown[name] += 1
                        print(f"--- {record['puzzle']} step {index + 1}: SE {steps[index]['text']}")
                        print(f"    SE   : {show(theirs)}")
                        print(f"    ours : {'nothing' if ours is None else ours.technique + ', ' + show(our_effect(ours))}")
                        print(f"    marks: {steps[index]['marks']}")
                        print(f"    grid : {steps[index]['grid']}")
    print(f"{'SE technique':40s} {'agree':>7s} {'differ':>7s}  {'ms/step':>8s}")
    for name in sorted(set(agree) | set(differ), key=lambda n: -(agree[n] + differ[n])):
        total = agree[name] + differ[name]
        print(f"{name:40s} {agree[name]:7d} {differ[name]:7d}  {1000 * seconds[name] / total:8.2f}")
    print(f"{'all':40s} {sum(agree.values()):7d} {sum(differ.values()):7d}")
    return 0 if not differ else 1


if __name__ == "__main__":
    sys.exit(main())

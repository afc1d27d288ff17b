"""Benchmark helper: pencilmark's difficulty and minutes for the puzzles of a catalogue run, cached in a JSONL file.

pencilmark (PyPI; a variant grader that estimates solving minutes for SudokuPad links) is not a dependency of
puzzlesat: install it in your own virtualenv (`pip install pencilmark`) to run this. Each puzzle of a saved
`ctc_catalogue.py --out` run that puzzlesat solved uniquely (or a sample of them, drawn per host) is given to
pencilmark as the SudokuPad link the catalogue payload makes, in a process of its own stopped after --limit
seconds. The cache (--out) gets one line per puzzle: id, difficulty, time (minutes), band, or error; puzzles
already in it are not run again, so an interrupted run goes on where it stopped. fit_variant_difficulty.py reads
the cache and compares pencilmark with puzzlesat on the same puzzles.

    python scripts/pencilmark_times.py --run rated.jsonl --out pencilmark.jsonl --sample 40 --limit 30
"""

from __future__ import annotations

import json
import random
import sys
import time
from multiprocessing import Process, Queue
from pathlib import Path
from itertools import zip_longest
from queue import Empty

from common import add_data_option, data_file, parser_for
from ctc_catalogue import link_of, load_rows


def _grade(payload: str, answers: Queue) -> None:
    """pencilmark's card for one catalogue payload, put on `answers` (or the error)."""
    try:
        import pencilmark
        from pencilmark.sources import sudokupad

        card = pencilmark.rate(sudokupad.to_puzzle(link_of(payload), fetch=False))
        answers.put({"difficulty": card.get("difficulty"), "time": card.get("time"), "band": card.get("band")})
    except Exception as error:  # pencilmark's refusals (unsupported, not unique) are results to count
        answers.put({"error": f"{type(error).__name__}: {str(error)[:120]}"})


def grade(payload: str, limit: float) -> dict:
    """pencilmark's answer for one payload, in a process of its own stopped after `limit` seconds."""
    answers: Queue = Queue()
    started = time.perf_counter()
    process = Process(target=_grade, args=(payload, answers), daemon=True)
    process.start()
    try:
        found = answers.get(timeout=limit)
    except Empty:
        found = {"error": f"timeout after {limit:.0f} s"}
    process.join(timeout=1)
    if process.is_alive():
        process.kill()  # the process started above
        process.join()
    found["seconds"] = round(time.perf_counter() - started, 2)
    return found


def chosen(rows: list, sample: int, seed: int) -> list:
    """The uniquely solved rows, or up to `sample` of each host's, drawn at random, the hosts taking turns (so that
    a run cut short still has each host's)."""
    unique = [row for row in rows if row["outcome"] in ("right", "unique")]
    if not sample:
        return unique
    drawn = []
    for host in sorted({row.get("host") or "other" for row in unique}):
        mine = [row for row in unique if (row.get("host") or "other") == host]
        drawn.append(random.Random(seed).sample(mine, min(sample, len(mine))))
    return [row for turn in zip_longest(*drawn) for row in turn if row is not None]  # hosts in turn


def main(argv=None) -> int:
    """Grade the chosen puzzles with pencilmark, appending to the cache."""
    parser = parser_for(__doc__, 2)
    add_data_option(parser)
    parser.add_argument("--run", type=Path, required=True, help="a ctc_catalogue.py --out run")
    parser.add_argument("--out", type=Path, required=True, help="the cache of pencilmark's answers (JSONL)")
    parser.add_argument("--file", type=Path, help="the catalogue file (default: DATA/variants/ctc-dev.jsonl)")
    parser.add_argument("--sample", type=int, default=0, help="at most this many puzzles per host (0: all)")
    parser.add_argument("--seed", type=int, default=0, help="the sample's seed")
    parser.add_argument("--limit", type=float, default=30.0, help="seconds pencilmark may take a puzzle")
    args = parser.parse_args(argv)
    catalogue = args.file or data_file(args.data, "variants", "ctc-dev.jsonl")
    with open(catalogue, encoding="utf-8") as stream:
        payloads = {entry["id"]: entry["payload"] for entry in map(json.loads, stream) if entry}
    done = {row["id"] for row in load_rows(args.out)} if args.out.exists() else set()
    todo = [row for row in chosen(load_rows(args.run), args.sample, args.seed) if row["id"] not in done]
    with open(args.out, "a", encoding="utf-8") as cache:
        for count, row in enumerate(todo, 1):
            found = {"id": row["id"], **grade(payloads[row["id"]], args.limit)}
            cache.write(json.dumps(found) + "\n")
            cache.flush()
            print(f"\r{count}/{len(todo)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

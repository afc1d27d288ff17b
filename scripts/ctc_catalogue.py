"""Benchmark: Cracking the Cryptic's SudokuPad catalogue, each puzzle read and solved as a user would.

Each payload of the catalogue file (DATA/variants/ctc-dev.jsonl: SudokuPad's puzzle data as its API returns it) is
given as the SudokuPad link it makes (`https://sudokupad.app/scl...`, `.../fpuz...`; a plain `{id:...}` object as
`scl` + lz-string's compressToBase64 of it) and goes through the command line's own path: the link as a line of
input, read by the Reader, answered by `puzzlesat.sudoku.answers` (unique checked, --timeout LIMIT), the JSON
record made by `to_record`. Each answer is then sorted into one outcome:

  right    solved uniquely, equal to the solution the puzzle states
  unique   solved uniquely, no stated solution
  wrong    unsat, or a unique solution other than the stated one
  silent   several solutions, and nothing reported as not understood, misread or left unused
  honest   several solutions (or not solved) with what was not understood named
  other    invalid, or timed out (the budget ran out, or the worker was stopped LIMIT + 30 s in)

The table gives them overall, on the puzzles whose tags are all families puzzlesat reads (READ_TAGS), and by
tag (each puzzle counts under each of its tags; tags read are starred).

    python scripts/ctc_catalogue.py                          # the whole dev file, all cores, 60 s a puzzle
    python scripts/ctc_catalogue.py --sample 100 --seed 1 -j 2 --out after.jsonl
    python scripts/ctc_catalogue.py --compare before.jsonl --out after.jsonl
    python scripts/ctc_catalogue.py --report after.jsonl     # the tables again from a saved run, nothing solved
    python scripts/ctc_catalogue.py --rate --out rated.jsonl # rated too (fit_variant_difficulty.py reads it)

Each record also says the seconds it took and the worker's resident memory after it (worker_mb, worker_answered):
a worker rates puzzle after puzzle as one process would, so its memory over the run shows whether rating grows.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from collections import Counter
from multiprocessing import Pipe, Process
from multiprocessing.connection import wait
from pathlib import Path
from typing import Iterable, Optional

from common import add_data_option, data_file, parser_for, table

OUTCOMES = ("right", "unique", "wrong", "silent", "honest", "other")
GRACE = 30.0  # seconds past the limit before a worker still busy with one puzzle is stopped
# The catalogue's tags for the families puzzlesat reads: each names a constraint puzzlesat models (grid sizes
# and irregular regions included). Tags that name several rules at once ('Sums', 'Count') are not in it.
READ_TAGS = frozenset({
    "Classic", "Killer", "Arrow", "Double Arrow", "Thermo", "Slow Thermo", "Kropki", "Consecutive",
    "Non-Consecutive", "Anti-Kropki", "Difference", "Ratio", "Anti-Ratio", "German Whispers", "Dutch Whispers",
    "Whispers", "Renban", "O/E", "XV", "Anti-XV", "Region Sum Lines", "Anti-Knight", "Anti-King", "Diagonal",
    "Little Killer", "Palindrome", "Quadruple", "Sandwich", "X-Sums", "Skyscraper", "Extra Regions", "Irregular",
    "Disjoint Groups", "Windoku", "Between Lines", "Entropic Lines", "Zipper Lines", "Modular Lines", "Nabner",
    "Lockout Lines", "Parity Lines", "Clone", "Min/Max", "159", "Taxicab", "4x4", "6x6", "8x8", "12x12",
})


def link_of(payload: str) -> str:
    """The SudokuPad link a payload makes: its prefixed data after the host; a plain object as scl + lz-string."""
    from puzzlesat.sudoku.reading.links.lzstring import compress_to_base64

    if payload.lstrip().startswith("{"):
        return "https://sudokupad.app/scl" + compress_to_base64(payload)
    return "https://sudokupad.app/" + payload


def answer(link: str, limit: float, rate: bool = False) -> dict:
    """The JSON record `puzzlesat sudoku --timeout LIMIT -f jsonl LINK` (with `rate`: `--rate`) writes for one
    link."""
    from puzzlesat.streams import Line
    from puzzlesat.sudoku.batch import SolveOptions, answers
    from puzzlesat.sudoku.reading.reader import Reader
    from puzzlesat.sudoku.report import to_record

    options = SolveOptions(timeout=limit, rate=rate)
    records = Reader().records([Line("<link 1>", 1, link)])
    found = [to_record(one, options) for one in answers(records, options)]
    if len(found) != 1:
        return {"status": "invalid", "error": f"{len(found)} records from one link"}
    return found[0]


def outcome(record: dict) -> str:
    """One of OUTCOMES for a JSON record."""
    status = record.get("status")
    if status == "solved" and record.get("unique"):
        stated = record.get("matches_stated")
        return "right" if stated is True else "wrong" if stated is False else "unique"
    if status == "unsat":
        return "wrong"
    if status in ("multiple", "solved"):
        named = any(record.get(key) for key in ("unknown", "ignored", "misread"))
        return "honest" if named else "silent"
    return "other"


def resident_mb() -> float:
    """This process's resident memory now, in MB (0.0 where /proc is not there)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as stream:
            return int(stream.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return 0.0


def _work(connection, limit: float, rate: bool) -> None:
    """A worker: answers (index, link) tasks until it gets None; each record says the seconds it took, the worker's
    resident memory after it and how many puzzles the worker had answered."""
    answered = 0
    while True:
        task = connection.recv()
        if task is None:
            return
        index, link = task
        started = time.perf_counter()
        try:
            record = answer(link, limit, rate)
        except Exception as error:  # a crash is an outcome to count, not the end of the run
            record = {"status": "invalid", "error": f"crash: {type(error).__name__}: {error}"}
        answered += 1
        record["seconds"] = round(time.perf_counter() - started, 3)
        record["worker_mb"], record["worker_answered"] = round(resident_mb(), 1), answered
        connection.send((index, record))


class _Worker:
    """One worker process, its end of the pipe, and the task it is on."""

    def __init__(self, limit: float, rate: bool = False):
        self.connection, theirs = Pipe()
        self.process = Process(target=_work, args=(theirs, limit, rate), daemon=True)
        self.process.start()
        theirs.close()
        self.task: Optional[int] = None
        self.since = 0.0

    def give(self, index: int, link: str) -> None:
        self.task, self.since = index, time.perf_counter()
        self.connection.send((index, link))

    def stop(self) -> None:
        self.process.kill()  # this worker's own process, started above
        self.process.join()


def run_all(links: list, limit: float, jobs: int, rate: bool = False) -> Iterable[tuple]:
    """(index, record) for every link, as they finish; a worker busy past limit + GRACE is replaced."""
    todo = list(enumerate(links))[::-1]
    workers = [_Worker(limit, rate) for _ in range(min(jobs, len(links)))]
    try:
        for worker in workers:
            if todo:
                worker.give(*todo.pop())
        while any(worker.task is not None for worker in workers):
            ready = wait([w.connection for w in workers if w.task is not None], timeout=1.0)
            for worker in workers:
                if worker.connection in ready:
                    yield worker.connection.recv()
                    worker.task = None
                elif worker.task is not None and time.perf_counter() - worker.since > limit + GRACE:
                    yield worker.task, {"status": "timeout", "error": f"stopped after {limit + GRACE:.0f} s",
                                        "seconds": round(time.perf_counter() - worker.since, 3)}
                    worker.stop()
                    workers[workers.index(worker)] = worker = _Worker(limit, rate)
                if worker.task is None and todo:
                    worker.give(*todo.pop())
    finally:
        for worker in workers:
            if worker.process.is_alive():
                worker.connection.send(None)
                worker.process.join(timeout=5)
                if worker.process.is_alive():
                    worker.stop()


def summary_row(name: str, outcomes: list) -> list:
    """A table row: name, puzzles, each outcome as a count, then right+unique and wrong as shares."""
    counts, total = Counter(outcomes), len(outcomes)
    share = lambda n: f"{100 * n / total:.1f}%" if total else "-"  # noqa: E731
    return [name, total, *(counts[key] for key in OUTCOMES), share(counts["right"] + counts["unique"]),
            share(counts["wrong"])]


def tables(rows: list, min_tag: int) -> str:
    """The overall, families-read and by-tag tables of finished rows (each with tags and outcome)."""
    header = ["puzzles", "count", *OUTCOMES, "right+unique", "wrong"]
    read = [row for row in rows if row["tags"] and set(row["tags"]) <= READ_TAGS]
    head = [summary_row("all", [row["outcome"] for row in rows]),
            summary_row("families read", [row["outcome"] for row in read])]
    by_tag: dict = {}
    for row in rows:
        for tag in row["tags"]:
            by_tag.setdefault(tag, []).append(row["outcome"])
    tags = sorted((tag for tag, found in by_tag.items() if len(found) >= min_tag), key=lambda t: (-len(by_tag[t]), t))
    body = [summary_row(("* " if tag in READ_TAGS else "  ") + tag, by_tag[tag]) for tag in tags]
    return (table(header, head, "lrrrrrrrrr") + "\n\n"
            + table(["tag (* read)", *header[1:]], body, "lrrrrrrrrr"))


def changes(rows: list, before: dict) -> str:
    """How outcomes moved against an earlier run (by puzzle id): a count per (before, after) pair that differs."""
    moved = Counter((before[row["id"]]["outcome"], row["outcome"]) for row in rows
                    if row["id"] in before and before[row["id"]]["outcome"] != row["outcome"])
    if not moved:
        return "no outcome changed"
    return table(["before", "after", "puzzles"], [(a, b, n) for (a, b), n in moved.most_common()], "llr")


def memory_line(rows: list) -> str:
    """The workers' resident memory: after their first puzzle (median), at the end and at most."""
    seen = [(row["record"]["worker_answered"], row["record"]["worker_mb"]) for row in rows
            if "worker_mb" in row["record"]]
    if not seen:
        return "worker memory: not measured"
    first = [mb for answered, mb in seen if answered == 1]
    last = max(seen)
    return (f"worker memory: {first[len(first) // 2] if first else 0:.0f} MB after one puzzle, "
            f"{last[1]:.0f} MB after {last[0]}, at most {max(mb for _, mb in seen):.0f} MB")


def load_rows(path: Path) -> list:
    """The rows of a saved run (--out)."""
    with open(path, encoding="utf-8") as stream:
        return [json.loads(line) for line in stream if line.strip()]


def main(argv=None) -> int:
    """Run the catalogue (or re-read a saved run) and print the tables."""
    parser = parser_for(__doc__, 3)
    add_data_option(parser)
    parser.add_argument("--file", type=Path, help="the catalogue file (default: DATA/variants/ctc-dev.jsonl)")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds a puzzle may take (default: 60)")
    parser.add_argument("--rate", action="store_true", help="rate each puzzle too (--rate), within the same limit")
    parser.add_argument("--sample", type=int, help="only this many puzzles, drawn at random (--seed)")
    parser.add_argument("--seed", type=int, default=0, help="the sample's seed (default: 0)")
    parser.add_argument("--ids", help="only the puzzles with these ids (comma-separated)")
    parser.add_argument("--out", type=Path, help="write one JSON line per puzzle (id, tags, outcome, record) here")
    parser.add_argument("--compare", type=Path, help="a saved run (--out) to show changed outcomes against")
    parser.add_argument("--report", type=Path, help="print the tables of a saved run (--out) and stop")
    parser.add_argument("--min-tag", type=int, default=5, help="tags with fewer puzzles are left out of the table")
    args = parser.parse_args(argv)
    if args.report:
        print(tables(load_rows(args.report), args.min_tag))
        return 0
    path = args.file or data_file(args.data, "variants", "ctc-dev.jsonl")
    with open(path, encoding="utf-8") as stream:
        puzzles = [json.loads(line) for line in stream if line.strip()]
    if args.ids:
        wanted = set(args.ids.split(","))
        puzzles = [puzzle for puzzle in puzzles if puzzle["id"] in wanted]
    if args.sample is not None and args.sample < len(puzzles):
        puzzles = random.Random(args.seed).sample(puzzles, args.sample)
    started = time.perf_counter()
    rows: list = [None] * len(puzzles)
    out = open(args.out, "w", encoding="utf-8") if args.out else None  # a line per puzzle as it finishes
    for done, (index, record) in enumerate(run_all([link_of(p["payload"]) for p in puzzles], args.limit,
                                                   args.jobs, args.rate), 1):
        puzzle = puzzles[index]
        record.pop("puzzle", None)
        rows[index] = {"id": puzzle["id"], "title": puzzle["title"], "tags": puzzle["tags"],
                       "minutes": puzzle.get("minutes"), "host": puzzle.get("host"),
                       "outcome": outcome(record), "record": record}
        if out:
            out.write(json.dumps(rows[index], ensure_ascii=False) + "\n")
            out.flush()
        print(f"\r{done}/{len(puzzles)} {time.perf_counter() - started:.0f} s", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    elapsed = time.perf_counter() - started
    if out:
        out.close()
    print(tables(rows, args.min_tag))
    seconds = sorted(row["record"].get("seconds", 0.0) for row in rows)
    print(f"\n{len(rows)} puzzles in {elapsed:.0f} s with {args.jobs} workers, limit {args.limit:.0f} s; per puzzle "
          f"median {seconds[len(seconds) // 2]:.2f} s, slowest {seconds[-1]:.1f} s")
    print(memory_line(rows))
    if args.compare:
        print("\n" + changes(rows, {row["id"]: row for row in load_rows(args.compare)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

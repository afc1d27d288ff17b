"""What the benchmark scripts share: --help and --data, timing a child command, medians, interleaved rounds, a table.
Imported as `from common import ...` (scripts/ is on sys.path when a script runs as `python scripts/NAME.py`)."""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator, Optional, Sequence

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATA = REPO.parent / "shared" / "data"
PUZZLESAT = str(Path(sys.executable).with_name("puzzlesat"))  # the console script of this virtualenv
_running, _lock = set(), threading.Lock()  # children started by measure() that have not ended


def parser_for(doc: str, paragraphs: int = 2) -> argparse.ArgumentParser:
    """An option parser whose --help starts with the first paragraphs of a script's docstring (what, against what)."""
    return argparse.ArgumentParser(description="\n\n".join(doc.split("\n\n")[:paragraphs]),
                                   formatter_class=argparse.RawDescriptionHelpFormatter)


def add_data_option(parser: argparse.ArgumentParser) -> None:
    """--data DIR: the shared public data (sudoku/, mines/), by default next to the repository."""
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, metavar="DIR",
                        help="the shared data folder holding sudoku/ and mines/ (default: %(default)s)")


def data_file(data: Path, *parts: str) -> Path:
    """DATA/PARTS..., or exit with one line naming --data when it does not exist."""
    path = Path(data).joinpath(*parts)
    if not path.exists():
        raise SystemExit(f"{Path(sys.argv[0]).name}: {path} not found: point --data at the shared data folder")
    return path


@dataclass
class Measured:
    """One finished child: exit status, wall and CPU seconds (user+sys), peak memory, what it wrote."""

    status: int
    wall: float
    cpu: float
    max_rss_mb: float
    out: Optional[bytes]  # stdout, when captured
    err: str  # the end of stderr
    capped: bool  # interrupted at the cap


def measure(argv: Sequence[str], stdout="capture", stdin=None, cwd=None, env=None,
            cap: Optional[float] = None, grace: float = 3.0) -> Measured:
    """Run a command to its end: stdout 'capture'd (read from a pipe), 'discard'ed or into an open binary file.

    With `cap` seconds the child gets SIGINT at the cap and SIGKILL `grace` seconds later.
    CPU time and memory are the child's own, from os.wait4. A Python child may write its bytecode whatever
    PYTHONDONTWRITEBYTECODE says: else each run would compile every module of an editable install again.
    """
    env = dict(os.environ if env is None else env, PYTHONDONTWRITEBYTECODE="")
    target = subprocess.PIPE if stdout == "capture" else subprocess.DEVNULL if stdout == "discard" else stdout
    with tempfile.TemporaryFile() as err, open(stdin or os.devnull, "rb") as fin:
        start = time.perf_counter()
        child = subprocess.Popen(list(argv), stdin=fin, stdout=target, stderr=err, cwd=cwd, env=env)
        with _lock:
            _running.add(child)
        capped = threading.Event()
        if cap is not None and cap != float("inf"):
            threading.Thread(target=_stop_after, args=(child, cap, grace, capped), daemon=True).start()
        try:
            out = child.stdout.read() if stdout == "capture" else None
            _, status, usage = os.wait4(child.pid, 0)
        except BaseException:
            child.kill()
            child.wait()
            raise
        finally:
            with _lock:
                _running.discard(child)
        wall, was_capped = time.perf_counter() - start, capped.is_set()
        capped.set()  # tells the stopper the child is gone
        err.seek(0)
        text = err.read()[-4000:].decode("utf-8", "replace")
    child.returncode, cpu = os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime
    return Measured(child.returncode, wall, cpu, usage.ru_maxrss / 1024, out, text, was_capped)


def _stop_after(child: subprocess.Popen, cap: float, grace: float, done: threading.Event) -> None:
    """SIGINT the child after `cap` seconds and SIGKILL it `grace` seconds later, unless it ended first."""
    if done.wait(cap):
        return
    done.set()  # from now on the run counts as capped
    for sig, wait in ((signal.SIGINT, grace), (signal.SIGKILL, 0)):
        try:
            os.kill(child.pid, sig)  # never poll(): that would reap the child before os.wait4 sees it
        except ProcessLookupError:
            return
        time.sleep(wait)


def kill_running() -> None:
    """Kill every child measure() started that still runs (after Ctrl-C, say)."""
    with _lock:
        for child in list(_running):
            child.kill()


def rounds(count: int, items: Iterable) -> Iterator[tuple]:
    """(round from 1, item) for every item in every round: runs interleaved, so that drifts in load hit all alike."""
    items = list(items)
    return ((number, item) for number in range(1, count + 1) for item in items)


def median(values: Iterable[float]) -> float:
    """The median (of any iterable)."""
    return statistics.median(list(values))


def spread(values: Sequence[float]) -> float:
    """(max - min) / median: how far the rounds of one measurement lie apart (0 for one round)."""
    middle = statistics.median(values)
    return (max(values) - min(values)) / middle if middle else 0.0


def ratio(value: Optional[float]) -> str:
    """'1.53x', '615x', or '-'."""
    return "-" if value is None else f"{value:.2f}x" if value < 100 else f"{value:,.0f}x"


def number(value: float) -> str:
    """A rate or time with a sensible number of digits: '1,234', '12.3', '1.23', '0.123'."""
    return f"{value:,.0f}" if value >= 100 else f"{value:.{1 if value >= 10 else 2 if value >= 1 else 3}f}"


def table(header: Sequence[str], rows: Iterable[Optional[Sequence]], align: str = "") -> str:
    """A plain-text table: header, a rule, rows (None: a blank line); `align` per column, 'l' (default) or 'r'."""
    rows = [None if row is None else [str(cell) for cell in row] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in rows if r is not None]) for i, h in enumerate(header)]

    def line(cells: Sequence[str]) -> str:
        """One row, padded to the column widths."""
        return "  ".join(c.rjust(w) if align[i:i + 1] == "r" else c.ljust(w)
                        for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    return "\n".join([line(header), "-" * len(line(header))] + ["" if r is None else line(r) for r in rows])

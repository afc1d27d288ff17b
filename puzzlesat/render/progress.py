"""A progress bar on stderr for long runs: puzzles done, rate, elapsed, and input lines read of the total."""

from __future__ import annotations

import time
from typing import IO, Optional

from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from puzzlesat.render import make_console

REFRESH_EVERY = 0.1  # seconds between updates, so the bar costs nothing per puzzle


class ProgressBar:
    """Shows how far a run has come; `total_lines` is None when reading a pipe."""

    def __init__(self, stream: IO[str], total_lines: Optional[int], unit: str = "puzzles"):
        self.unit = unit
        self.started = time.monotonic()
        self.next_refresh = 0.0
        self.progress = Progress(
            TextColumn("[bold]{task.fields[done]:,} " + unit),
            BarColumn(),
            TextColumn("{task.fields[lines]}"),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            console=make_console(stream, True),
            transient=False,
        )
        self.total = total_lines
        self.task = self.progress.add_task("", total=total_lines, done=0, lines="", rate="")
        self.progress.start()

    def update(self, done: int, lines_read: int) -> None:
        """Record that `done` items are finished and `lines_read` input lines consumed."""
        now = time.monotonic()
        if now < self.next_refresh:
            return
        self.next_refresh = now + REFRESH_EVERY
        self._show(done, lines_read, now)

    def _show(self, done: int, lines_read: int, now: float) -> None:
        rate = done / max(now - self.started, 1e-9)
        lines = f"line {lines_read:,}/{self.total:,}" if self.total else f"line {lines_read:,}"
        self.progress.update(self.task, completed=lines_read, done=done, lines=lines, rate=f"{rate:,.0f}/s")

    def say(self, message: str) -> None:
        """A diagnostic line above the bar."""
        self.progress.console.print(f"puzzlesat: {message}", markup=False, highlight=False)

    def close(self, done: int, lines_read: int) -> None:
        """Show the final figures and stop."""
        self._show(done, lines_read, time.monotonic())
        self.progress.stop()

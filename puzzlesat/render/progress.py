"""The one progress bar, on stderr, for long runs of puzzles or games: how many are done, how far through
the input, the rate, and the time so far. It redraws at most every REFRESH_EVERY seconds, so it costs nothing
per item, and it is cleared when the run ends so that it does not litter the screen.
"""

from __future__ import annotations

import time
from typing import Optional

from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

REFRESH_EVERY = 0.1  # seconds between redraws


class ProgressBar:
    """Shows how far a run has come; `total` (of whatever `update` counts as completed) may be unknown (None)."""

    def __init__(self, console, total: Optional[int], unit: str, label: str = ""):
        self.started = time.monotonic()
        self.next_refresh = 0.0
        self.progress = Progress(
            TextColumn("[bold]{task.description}"),
            TextColumn("{task.fields[done]:,} " + unit),
            BarColumn(),
            TextColumn("{task.fields[note]}"),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            console=console,
            transient=True,
        )
        self.task = self.progress.add_task(label, total=total, done=0, note="", rate="")
        self.progress.start()

    def update(self, done: int, completed: int, note: str = "") -> None:
        """`done` items finished, `completed` units of the total (lines read, games played), and a note."""
        now = time.monotonic()
        if now < self.next_refresh:
            return
        self.next_refresh = now + REFRESH_EVERY
        rate = done / max(now - self.started, 1e-9)
        self.progress.update(self.task, completed=completed, done=done, note=note, rate=f"{rate:,.0f}/s")

    def say(self, message: str) -> None:
        """A diagnostic line above the bar."""
        self.progress.console.print(f"puzzlesat: {message}", markup=False, highlight=False)

    def close(self) -> None:
        """Stop and clear the bar."""
        self.progress.stop()

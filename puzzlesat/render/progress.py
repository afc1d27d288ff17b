"""The one progress bar, on stderr, for long runs of puzzles or games: how many are done (of how many, when that is
known), how far through the input, the rate, the time so far and the time left. It appears only once a run has gone
on for SHOW_AFTER seconds (quick runs, and what a pager shows of them, never see it, nor pay for counting the total),
redraws at most every REFRESH_EVERY seconds, so it costs nothing per item, and is cleared when the run ends so that
it does not litter the screen. `run_summary` is the one line that closes a long (or interrupted) run.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Callable, Optional, Union

from puzzlesat.render import plural

SHOW_AFTER = 1.0  # seconds a run goes before its bar appears
REFRESH_EVERY = 0.1  # seconds between redraws

Total = Union[int, None, Callable[[], Optional[int]]]


class ProgressBar:
    """Shows how far a run has come, counting `unit`s ('puzzle'). `total` (of whatever `update` counts as completed) may be unknown (None), or a
    function that finds it, called once the bar shows. Without `measure`, completed units are the items themselves
    ('1,200/5,000 games'); with it, they are something else the total counts ('line 48,000/200,000')."""

    def __init__(self, console, total: Total, unit: str, label: str = "", measure: Optional[str] = None):
        self.console, self.total, self.unit, self.label, self.measure = console, total, unit, label, measure
        self.started = time.monotonic()
        self.next_refresh = self.started + SHOW_AFTER
        self.progress = None  # the rich Progress, once shown
        self.task = None

    def _show(self) -> None:
        """Find the total and start drawing (rich's progress machinery is loaded only now)."""
        from rich.progress import BarColumn, Progress, TextColumn
        from rich.table import Column

        if callable(self.total):
            self.total = self.total()
        self.progress = Progress(
            TextColumn("[bold]{task.description}", table_column=Column(no_wrap=True)),
            TextColumn("{task.fields[done]}", table_column=Column(no_wrap=True)),
            BarColumn(bar_width=None),
            TextColumn("{task.fields[note]}", table_column=Column(no_wrap=True)),
            TextColumn("{task.fields[rate]}", table_column=Column(no_wrap=True)),
            _times(),
            console=self.console,
            transient=True,
        )
        self.task = self.progress.add_task(self.label, total=self.total, done="", note="", rate="",
                                           started=self.started, left=None)
        self.progress.start()

    def update(self, done: int, completed: int, note: str = "") -> None:
        """`done` items finished, `completed` units of the total (lines read, games played), and a note."""
        now = time.monotonic()
        if now < self.next_refresh:
            return
        self.next_refresh = now + REFRESH_EVERY
        if self.progress is None:
            self._show()
        rate = done / max(now - self.started, 1e-9)
        left = _left(self.total, completed, now - self.started)
        of = "" if self.total is None else f"/{self.total:,}"
        if self.measure is None and of:
            items, where = f"{done:,}{of} {self.unit}s", note
        elif self.measure is None:
            items, where = plural(done, self.unit), note
        else:
            items, where = plural(done, self.unit), " ".join(filter(None, [f"{self.measure} {completed:,}{of}", note]))
        self.progress.update(self.task, completed=completed, done=items, note=where, rate=_rate(rate), left=left,
                             refresh=True)

    def say(self, message: str) -> None:
        """A diagnostic line (above the bar, when it shows)."""
        self.console.print(f"puzzlesat: {message}", markup=False, highlight=False, soft_wrap=True)

    def close(self) -> None:
        """Stop and clear the bar."""
        if self.progress is not None:
            self.progress.stop()


def _left(total: Optional[int], completed: int, elapsed: float) -> Optional[float]:
    """Seconds left at the pace of the whole run so far (steady, though results come in bursts of a chunk), or
    None without a total or before the first unit."""
    if total is None or completed <= 0:
        return None
    return max(0, total - completed) * elapsed / completed


def _times():
    """A rich column: the time since the run began and, once there is a total and a pace, the time left
    ('0:00:12, 0:01:40 left')."""
    from rich.progress import ProgressColumn
    from rich.table import Column
    from rich.text import Text

    class Times(ProgressColumn):
        max_refresh = 0.5  # steadier than every redraw

        def render(self, task) -> Text:
            text = Text(_clock(time.monotonic() - task.fields["started"]), style="progress.elapsed")
            left = task.fields["left"]
            if left is not None:
                text.append(f", {_clock(left)} left", style="progress.remaining")
            return text

    return Times(table_column=Column(no_wrap=True))


def _clock(seconds: Optional[float]) -> str:
    """Seconds as h:mm:ss."""
    minutes, seconds = divmod(int(seconds or 0), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}"


class Waiting:
    """While pretty output waits on a terminal for an answer that takes a while (an explanation, a rating), one line
    on stderr says so and counts the seconds of work; it shows after SHOW_AFTER seconds of work and is cleared when
    the answer comes, so quick answers never see it. `typed` (standard input on a terminal, cli.common.TypedInput)
    says when the user is the one being waited for: that time is not work, and no line shows then."""

    def __init__(self, console, unit: str, typed=None):
        self.console, self.unit, self.typed = console, unit, typed
        self.number, self.since = 0, 0.0
        self.live = None  # rich's Live while the line shows
        self.timer = None

    def start(self, number: int) -> None:
        """Answer `number` is being waited for."""
        self.number, self.since = number, time.monotonic()
        self._arm(SHOW_AFTER)

    def _arm(self, delay: float) -> None:
        import threading

        self.timer = threading.Timer(delay, self._show)
        self.timer.daemon = True
        self.timer.start()

    def _work_started(self) -> Optional[float]:
        """When the work on the answer began (after its input was typed), or None while the input is awaited."""
        if self.typed is None:
            return self.since
        return None if self.typed.waiting else max(self.since, self.typed.last)

    def _show(self) -> None:
        from rich.live import Live

        started = self._work_started()
        if started is None or time.monotonic() - started < SHOW_AFTER:
            self._arm(0.1)  # the user is typing, or the work has only begun: look again
            return
        self.since = started
        self.live = Live(self, console=self.console, transient=True, refresh_per_second=4)
        self.live.start()

    def __rich__(self):
        from rich.text import Text

        return Text(f"puzzlesat: working on {self.unit} {self.number:,}: {time.monotonic() - self.since:.0f} s "
                    "(Ctrl-C stops)", style="dim")

    def stop(self) -> None:
        """The answer came (or the run ends): clear the line."""
        while self.timer is not None:
            timer = self.timer
            timer.cancel()
            timer.join()
            if self.timer is timer:
                self.timer = None
        if self.live is not None:
            self.live.stop()
            self.live = None


def _rate(per_second: float) -> str:
    """A rate as people read it: '4,983/s', '2.5/s', or '12 s each' when slower than one a second."""
    if per_second >= 10:
        return f"{per_second:,.0f}/s"
    if per_second >= 1:
        return f"{per_second:.1f}/s"
    return f"{1 / per_second:,.1f} s each"


def run_summary(unit: str, tally: Counter, seconds: float, interrupted: bool = False) -> str:
    """'1,200 puzzles in 2.5 s (480/s): 1,199 solved, 1 invalid', or 'interrupted after ...'."""
    done = sum(tally.values())
    line = f"{'interrupted after ' if interrupted else ''}{plural(done, unit)} in {seconds:.1f} s"
    if done and seconds > 0:
        line += f" ({_rate(done / seconds)})"
    parts = ", ".join(f"{count:,} {status}" for status, count in tally.items() if count)
    return f"{line}: {parts}" if parts else line

"""The one output loop: every command's answers, written in order as pretty (rich), jsonl, json or line.

A command hands `write_all` its answers and a Presenter that knows how to show them: one method per format
(the loop calls the method named like the format; None shows nothing), what counts as a failure, what to
report on stderr, and the summary under pretty output. The loop tallies, reports and returns the exit status.
"""

from __future__ import annotations

import io
import os
import signal
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Iterable, Iterator, Optional, Tuple

from puzzlesat.cli.common import Env, ExitStatus, Interrupted, TypedInput
from puzzlesat.errors import PuzzlesatError

LONG_RUN = 1.0  # seconds: a run at least this long says on stderr what it did
BATCH_CHARS = 1 << 16  # plain output goes out in pieces this large, one system call each (PYTHONUNBUFFERED too)
BATCH_SECONDS = 0.5  # or sooner: with the first line that comes this long after the last write


class Presenter:
    """How one command shows its answers. Subclasses write the formats they offer."""

    flush_each = False  # flush stdout after every answer (small, slow streams) or only at the end (big runs)
    unit = "record"  # what one answer is called in summaries ('puzzle', 'board', 'game')

    def jsonl(self, answer) -> str:
        """One JSON line."""
        raise NotImplementedError

    def json(self, answer) -> str:
        """One JSON document (the jsonl line unless a command writes it otherwise)."""
        return self.jsonl(answer)

    def line(self, answer) -> str:
        """The plain-text line(s)."""
        raise NotImplementedError

    def pretty(self, answer):
        """A rich renderable."""
        raise NotImplementedError

    def status(self, answer) -> str:
        """The word the summary counts the answer under."""
        return "done"

    def failed(self, answer) -> bool:
        """True when the answer makes the run fail (exit status 1)."""
        return False

    def problem(self, answer) -> Optional[str]:
        """A line for stderr about a failed answer ('file:line: what is wrong'), or None."""
        return None

    def summary(self, tally: Counter):
        """A renderable closing pretty output, or None."""
        return None

    def svg(self, answer) -> str:
        """The answer's picture, one SVG document."""
        raise NotImplementedError

    def section(self, answer):
        """The answer's section of the HTML page (puzzlesat.render.svg.page.Section)."""
        raise NotImplementedError

    def page(self, sections: list, tally: Counter) -> str:
        """The HTML page of the whole run."""
        from puzzlesat.render.svg.page import page

        return page(f"puzzlesat: {sum(tally.values())} {self.unit}s", sections)

    def file_name(self, answer, number: int) -> str:
        """The name of the answer's SVG file in an output folder."""
        return f"{self.unit}-{number:04d}.svg"

    def progress(self, answer, done: int) -> Tuple[int, str]:
        """(units of the progress bar's total completed, a note) after `done` answers."""
        return done, ""


def write_all(env: Env, answers: Iterable, fmt: str, presenter: Presenter, progress=None,
              output_dir: Optional[Path] = None) -> Optional[ExitStatus]:
    """Write each answer as it comes; the exit status for the run, or None when there was no answer.

    A run that lasts LONG_RUN seconds or more ends with a one-line summary on stderr (pretty output has its own,
    on stdout). Ctrl-C, or an error that ends the run (a PuzzlesatError, such as a lost cluster), writes what was
    answered before it (a `json` array closed, the `html` page of the answers so far) and says so before it goes
    on (Ctrl-C as Interrupted). -q keeps the summaries, and the progress, quiet.
    Pictures: `svg` writes each answer's SVG to stdout, or with `output_dir` to a file of its own there (stdout
    then lists the files); `html` writes one page for the whole run at the end.
    """
    started = time.monotonic()
    console = env.console() if fmt == "pretty" else None
    show, finish = _shower(presenter, fmt, output_dir)
    report = progress.say if progress is not None else env.error
    tally: Counter = Counter()  # answers by status
    seen = failed = 0
    out = Batched(env.stdout, 0 if presenter.flush_each else BATCH_CHARS)
    waiting = _waiting(env, fmt, presenter)
    with WholeWrites() as guard:
        try:
            for answer in _awaited(answers, waiting):
                seen += 1
                guard.writing = True  # from here to the tally, Ctrl-C waits: the answer is written whole
                if presenter.failed(answer):
                    failed += 1
                    problem = presenter.problem(answer)
                    if problem:
                        report(problem)
                shown = show(answer)
                if shown is None:
                    pass  # nothing to show in this format (the problem line said it all)
                elif console is not None:
                    console.print(shown)
                else:
                    out.write(shown + "\n")
                tally[presenter.status(answer)] += 1
                guard.done()
                if progress is not None:
                    progress.update(seen, *presenter.progress(answer, seen))
        except KeyboardInterrupt:
            _close(progress)
            if finish is not None and seen:  # the JSON array closed, the page of what was done
                out.write(finish(tally) + "\n")
            out.flush()
            env.note(_summary(presenter, tally, started, interrupted=True))
            raise Interrupted() from None
        except PuzzlesatError:  # the run cannot go on (a lost cluster): what was answered is written, and said
            _close(progress)
            if finish is not None and seen:
                out.write(finish(tally) + "\n")
            out.flush()
            if seen:
                env.note(_summary(presenter, tally, started, interrupted=True))
            raise
        finally:
            _close(progress)
    if finish is not None and seen:
        out.write(finish(tally) + "\n")
    out.flush()
    if console is not None and seen and not env.quiet:
        closing = presenter.summary(tally)
        if closing is not None:
            console.print(closing)
    env.stdout.flush()
    if console is None and seen and time.monotonic() - started >= LONG_RUN:
        env.note(_summary(presenter, tally, started))
    if not seen:
        return None
    return ExitStatus.FAILED if failed else ExitStatus.OK


def _waiting(env: Env, fmt: str, presenter: Presenter):
    """A line on stderr for answers that keep pretty output on a terminal waiting, or None."""
    if fmt != "pretty" or env.quiet or not (env.stdout_isatty and env.stderr_isatty):
        return None
    from puzzlesat.render.progress import Waiting

    typed = env.stdin if isinstance(env.stdin, TypedInput) else None
    return Waiting(env.console(stderr=True), presenter.unit, typed)


def _awaited(answers: Iterable, waiting) -> Iterator:
    """The answers; while each is awaited, `waiting` (if any) says so."""
    if waiting is None:
        yield from answers
        return
    answers = iter(answers)
    number = 0
    while True:
        number += 1
        waiting.start(number)
        try:
            answer = next(answers)
        except StopIteration:
            return
        finally:
            waiting.stop()
        yield answer


def _shower(presenter: Presenter, fmt: str, output_dir: Optional[Path]) -> tuple:
    """(what to do with each answer, what to write once at the end or None): the presenter's method for the
    format; for `html`, collect each answer's section for the page; for `svg` into a folder, write each file."""
    if fmt == "html":
        sections: list = []

        def collect(answer) -> None:
            sections.append(presenter.section(answer))

        return collect, lambda tally: presenter.page(sections, tally)
    if fmt == "svg" and output_dir is not None:
        output_dir.mkdir(parents=True, exist_ok=True)
        written = [0]

        def save(answer) -> str:
            written[0] += 1
            path = output_dir / presenter.file_name(answer, written[0])
            path.write_text(presenter.svg(answer), encoding="utf-8")
            return str(path)

        return save, None
    if fmt == "json":
        return _json_array(presenter)
    return getattr(presenter, fmt), None


def _json_array(presenter: Presenter) -> tuple:
    """(show, finish) for `json`: one answer is its JSON object; several are one JSON array, written as they come
    (each object once the next one arrives, so that the commas fall right), so memory stays flat."""
    held: list = []  # the last answer's JSON, not written yet
    count = [0]

    def show(answer) -> Optional[str]:
        count[0] += 1
        previous = held[:1]
        held[:] = [presenter.json(answer)]
        if not previous:
            return None
        return ("[\n" if count[0] == 2 else "") + _indented(previous[0]) + ","

    def finish(tally) -> str:
        return held[0] if count[0] == 1 else _indented(held[0]) + "\n]"

    return show, finish


def _indented(text: str) -> str:
    """A JSON document as an element of an array: each line two spaces in."""
    return "  " + text.replace("\n", "\n  ")


class Batched:
    """Lines for a stream, written together once `size` characters are waiting or BATCH_SECONDS have passed
    since the last write (size 0: each line at once, flushed)."""

    def __init__(self, stream, size: int):
        self.stream, self.size = stream, size
        self.waiting: list = []
        self.chars, self.last = 0, time.monotonic()

    def write(self, text: str) -> None:
        """Add text; write what waits when it is enough, or old enough."""
        self.waiting.append(text)
        self.chars += len(text)
        if self.chars >= self.size or time.monotonic() - self.last >= BATCH_SECONDS:
            self.flush()

    def flush(self) -> None:
        """Write and flush everything waiting."""
        if self.waiting:
            text, self.waiting, self.chars = "".join(self.waiting), [], 0
            _write_whole(self.stream, text)
        self.stream.flush()
        self.last = time.monotonic()


def _write_whole(stream, text: str) -> None:
    """stream.write(text); but an unbuffered text stream (PYTHONUNBUFFERED) has a raw binary layer that may take
    only part of a large write (a full pipe, a signal), and TextIOWrapper drops the rest: there the bytes go to
    the raw layer until all are written."""
    raw = getattr(stream, "buffer", None)
    if not isinstance(raw, io.RawIOBase) or os.linesep != "\n":
        stream.write(text)
        return
    stream.flush()
    view = memoryview(text.encode(stream.encoding or "utf-8", stream.errors or "strict"))
    while view:
        written = raw.write(view)
        if written is None:  # a non-blocking stream that is full: wait a moment
            time.sleep(0.001)
            continue
        view = view[written:]


class WholeWrites:
    """While writing, Ctrl-C waits until the answer is written and counted (a write cut in the middle loses
    buffered lines); at any other moment it does what the handler before did. One handler for the whole loop."""

    def __init__(self):
        self.writing = self.pending = False
        self.previous = None

    def __enter__(self) -> "WholeWrites":
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGINT, self._interrupt)
        return self

    def __exit__(self, *exc) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)

    def _interrupt(self, number, frame) -> None:
        if self.writing:
            self.pending = True
        elif callable(self.previous):  # the handler in force before (puzzlesat.interrupts': at a safe point)
            self.previous(number, frame)
        else:
            raise KeyboardInterrupt

    def done(self) -> None:
        """The answer is out: a Ctrl-C that came meanwhile interrupts now."""
        self.writing = False
        if self.pending:
            raise KeyboardInterrupt


def _close(progress) -> None:
    """Clear the progress bar, if any (closing twice is harmless)."""
    if progress is not None:
        progress.close()


def _summary(presenter: Presenter, tally: Counter, started: float, interrupted: bool = False) -> str:
    """The closing line of a run: how many, how fast, by status."""
    from puzzlesat.render.progress import run_summary

    return run_summary(presenter.unit, tally, time.monotonic() - started, interrupted)

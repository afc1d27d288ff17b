"""Ctrl-C never inside compiled arithmetic: there it waits for the next call, where any call may fail.

CPython checks for Ctrl-C inside the multiplication and division of large integers. Code compiled by mypyc (the
Minesweeper counting group, puzzlesat.compiled) treats a failure of integer arithmetic as running out of memory and
aborts the process ("fatal: out of memory", SIGABRT). So while `safe_interrupts()` is active, a Ctrl-C that comes
while the code of the compiled group's package is running only takes note, and KeyboardInterrupt is raised at the
next call the interpreter sees (a profile hook; compiled code returns to Python within milliseconds). Anywhere else
(waiting on a lock, a pipe, a worker) it interrupts at once, as Python's own handler does; so does a second Ctrl-C.
"""

from __future__ import annotations

import signal
import sys
import threading
from contextlib import contextmanager
from typing import Any, Iterator, Optional

from puzzlesat.compiled import MYPYC_MODULES

# where Python code calls into the compiled group: the group's own package
CALLERS = tuple(sorted({module.rsplit(".", 1)[0] + "." for module in MYPYC_MODULES}))


class _SafePoint:
    """The SIGINT handler that defers KeyboardInterrupt to the next call (one per process)."""

    def __init__(self) -> None:
        self.pending = False
        self.profile: Optional[Any] = None

    def handle(self, number: int, frame: Any) -> None:
        """Ctrl-C: in the compiled group's callers, raise at the next call; elsewhere, or a second one, now."""
        if self.pending or not _calls_compiled(frame):
            if self.pending:  # (no call of ours before this one: the hook would take it)
                sys.setprofile(self.profile)
            self.pending, self.profile = False, None
            raise KeyboardInterrupt
        self.pending = True
        self.profile = sys.getprofile()
        sys.setprofile(self._hook)

    def _hook(self, frame: Any, event: str, arg: Any) -> None:
        """Raise at the first call after Ctrl-C (before the callee has done anything), past the handler's own."""
        if event in ("call", "c_call") and frame.f_code is not _HANDLER_CODE:
            self.clear()
            raise KeyboardInterrupt

    def clear(self) -> None:
        """Nothing pending any more: the profiler in place before is back."""
        if self.pending:
            sys.setprofile(self.profile)
        self.pending, self.profile = False, None


def _calls_compiled(frame: Any) -> bool:
    """Whether Python was running code of the compiled group's package (so maybe inside compiled code)."""
    return frame is not None and str(frame.f_globals.get("__name__", "")).startswith(CALLERS)


_SAFE = _SafePoint()
_HANDLER_CODE = _SafePoint.handle.__code__


@contextmanager
def safe_interrupts() -> Iterator[None]:
    """Within the block, Ctrl-C never lands inside compiled arithmetic; nothing changes where Python's own handler
    is not the one installed (ignored, or someone else's) or off the main thread."""
    if threading.current_thread() is not threading.main_thread() or \
            signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return
    signal.signal(signal.SIGINT, _SAFE.handle)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        _SAFE.clear()

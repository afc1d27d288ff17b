"""Ctrl-C never inside compiled arithmetic: there it waits for the next call, where any call may fail.

CPython checks for Ctrl-C inside the multiplication and division of large integers. Code compiled by mypyc (the
Minesweeper counting group, puzzlesat.compiled) treats a failure of integer arithmetic as running out of memory and
aborts the process ("fatal: out of memory", SIGABRT). So while `safe_interrupts()` is active, a Ctrl-C that comes
while the code of the compiled group's package is running only takes note, and KeyboardInterrupt is raised at the
next call the interpreter sees (a profile hook; compiled code returns to Python within milliseconds). Anywhere else
(waiting on a lock, a pipe, a worker) it interrupts at once, as Python's own handler does; so does a second Ctrl-C.
`interrupt_safe` makes a function run so (the library's counting entry points are decorated with it).
"""

from __future__ import annotations

import functools
import signal
import sys
import threading
from typing import Any, Callable, Optional, TypeVar, cast

from puzzlesat.compiled import MYPYC_MODULES

try:  # signal's own functions without the module's enum conversions (about 5 us a call there, 0.4 us here)
    import _signal as _raw_signal
except ImportError:  # pragma: no cover (an interpreter without it)
    _raw_signal = signal  # type: ignore[no-redef]

F = TypeVar("F", bound=Callable[..., Any])
SIGINT = int(signal.SIGINT)

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
            self.clear()
            raise KeyboardInterrupt
        self.pending = True
        self.profile = sys.getprofile()
        sys.setprofile(self._hook)

    def _hook(self, frame: Any, event: str, arg: Any) -> None:
        """Raise at the first call after Ctrl-C (before the callee has done anything), past this module's own."""
        if event in ("call", "c_call") and frame.f_globals.get("__name__") != __name__:
            self.clear()
            raise KeyboardInterrupt

    def clear(self) -> bool:
        """Nothing pending any more: the profiler in place before is back; whether one was pending."""
        pending = self.pending
        if pending:
            sys.setprofile(self.profile)
        self.pending, self.profile = False, None
        return pending


def _calls_compiled(frame: Any) -> bool:
    """Whether Python was running code of the compiled group's package, or a guard of this module around a call
    (so maybe inside compiled code)."""
    return frame is not None and (str(frame.f_globals.get("__name__", "")).startswith(CALLERS)
                                  or frame.f_code is _GUARDED_CODE)


_SAFE = _SafePoint()


def _take_over() -> bool:
    """The deferring handler in place of Python's own (main thread only); whether it was put there."""
    if _raw_signal.getsignal(SIGINT) is not signal.default_int_handler or \
            threading.current_thread() is not threading.main_thread():
        return False
    _raw_signal.signal(SIGINT, _SAFE.handle)
    return True


def _give_back() -> None:
    """Python's own handler back; a Ctrl-C still deferred is raised now (the hook first, so that no call on the way
    raises it)."""
    pending = _SAFE.clear()
    _raw_signal.signal(SIGINT, signal.default_int_handler)
    if pending:
        raise KeyboardInterrupt


class safe_interrupts:  # noqa: N801 (used as a function: `with safe_interrupts():`)
    """Within the block, Ctrl-C never lands inside compiled arithmetic; nothing changes where Python's own handler
    is not the one installed (ignored, someone else's, or this guard's already) or off the main thread."""

    def __enter__(self) -> None:
        self.owner = _take_over()

    def __exit__(self, *exception: Any) -> None:
        if self.owner:
            _give_back()


def interrupt_safe(function: F) -> F:
    """`function` run within `safe_interrupts()`."""

    @functools.wraps(function)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        with safe_interrupts():
            return function(*args, **kwargs)

    return cast(F, guarded)


_GUARDED_CODE = interrupt_safe(len).__code__  # every guard's wrapper runs this code

"""Ctrl-C never inside big-integer arithmetic of the compiled counting, where it would abort the process."""

import collections
import operator
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from puzzlesat import interrupts
from puzzlesat.interrupts import safe_interrupts


def _multiply_while_ctrl_c_comes() -> collections.deque:
    """About a second of big-integer products in C, with Ctrl-C sent from another process meanwhile (a thread of
    ours would wait for the lock that C code holds throughout); the products made before the interrupt."""
    draw = random.Random(1).getrandbits
    left, right = ([draw(1500) | 1 for _ in range(200_000)] for _ in range(2))
    products: collections.deque = collections.deque()
    with pytest.raises(KeyboardInterrupt):
        with safe_interrupts():
            subprocess.Popen(["sh", "-c", f"sleep 0.2; kill -INT {os.getpid()}"])
            # CPython checks for Ctrl-C inside each multiplication; Python's own handler makes it fail there
            products.extend(map(operator.mul, left, right))
            time.sleep(5)  # the next call: interrupted here at the latest
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler and sys.getprofile() is None
    return products


def test_ctrl_c_inside_big_integer_arithmetic_called_from_the_compiled_package_waits_for_the_next_call(monkeypatch):
    monkeypatch.setattr(interrupts, "CALLERS", (__name__,))  # this module stands for puzzlesat.mines
    assert len(_multiply_while_ctrl_c_comes()) == 200_000


def test_ctrl_c_anywhere_else_interrupts_at_once_as_python_does():
    assert len(_multiply_while_ctrl_c_comes()) < 200_000


def test_the_callers_are_the_compiled_groups_package():
    assert interrupts.CALLERS == ("puzzlesat.mines.",)


def test_a_second_ctrl_c_before_the_next_call_interrupts_at_once(monkeypatch):
    monkeypatch.setattr(interrupts, "CALLERS", (__name__,))
    here = sys._getframe()
    deferred = False
    with pytest.raises(KeyboardInterrupt) as raised:
        with safe_interrupts():
            handler = signal.getsignal(signal.SIGINT)
            handler(signal.SIGINT, here)  # the first: deferred to the next call ...
            deferred = True  # (no call here)
            handler(signal.SIGINT, here)  # ... but the second, in the handler: raised there
    assert deferred and raised.traceback[-1].name == "handle"
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler and sys.getprofile() is None


def test_without_ctrl_c_nothing_changes_and_a_profiler_in_place_stays():
    import sys

    def profiler(frame, event, arg):
        return None

    sys.setprofile(profiler)
    try:
        with safe_interrupts():
            assert sum(range(10)) == 45
        assert sys.getprofile() is profiler
    finally:
        sys.setprofile(None)


def test_an_ignored_ctrl_c_stays_ignored():
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with safe_interrupts():
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)

"""Ctrl-C never inside big-integer arithmetic of the compiled counting, where it would abort the process."""

import collections
import itertools
import operator
import os
import random
import signal
import subprocess
import sys
import time
from typing import Iterator

import pytest

from puzzlesat import interrupts
from puzzlesat.interrupts import interrupt_safe, safe_interrupts


def _products(count: int) -> Iterator[int]:
    """Up to `count` big-integer products made in C (200,000 take about a second), as an iterator."""
    draw = random.Random(1).getrandbits
    left, right = ([draw(1500) | 1 for _ in range(1000)] for _ in range(2))
    return itertools.starmap(operator.mul, itertools.islice(zip(itertools.cycle(left), itertools.cycle(right)), count))


def _ctrl_c_soon() -> None:
    """Ctrl-C sent from another process in 0.2 s (a thread of ours would wait for the lock that C code holds)."""
    subprocess.Popen(["sh", "-c", f"sleep 0.2; kill -INT {os.getpid()}"])


def _multiply_while_ctrl_c_comes(count: int) -> int:
    """Up to `count` products with Ctrl-C coming meanwhile, within safe_interrupts(); how many were made before the
    interrupt."""
    last: collections.deque = collections.deque([(-1, None)], maxlen=1)  # memory stays flat however many
    with pytest.raises(KeyboardInterrupt):
        with safe_interrupts():
            _ctrl_c_soon()
            # CPython checks for Ctrl-C inside each multiplication; Python's own handler makes it fail there
            last.extend(enumerate(_products(count)))
            time.sleep(60)  # the next call: interrupted here at the latest
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler and sys.getprofile() is None
    return last[0][0] + 1


def test_ctrl_c_inside_big_integer_arithmetic_called_from_the_compiled_package_waits_for_the_next_call(monkeypatch):
    monkeypatch.setattr(interrupts, "CALLERS", (__name__,))  # this module stands for puzzlesat.mines
    assert _multiply_while_ctrl_c_comes(200_000) == 200_000


def test_ctrl_c_anywhere_else_interrupts_at_once_as_python_does():
    # far more work than the signal needs to come on a loaded machine: were it deferred, all of it would be done
    assert _multiply_while_ctrl_c_comes(50_000_000) < 50_000_000


def test_a_guarded_call_of_compiled_code_finishes_and_the_ctrl_c_is_raised_as_it_returns():
    # a C function called straight from code outside the package, as `count_layouts` may be from a notebook
    last: collections.deque = collections.deque([(-1, None)], maxlen=1)
    guarded = interrupt_safe(last.extend)
    _ctrl_c_soon()
    with pytest.raises(KeyboardInterrupt):
        guarded(enumerate(_products(200_000)))  # (no call after the products before the guard returns)
    assert last[0][0] + 1 == 200_000
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler and sys.getprofile() is None


def test_the_librarys_counting_entry_points_guard_themselves():
    from puzzlesat.mines import analyze, mine_probabilities, parse_board, play_game

    for function in (analyze, mine_probabilities, play_game):
        assert function.__code__ is interrupts._GUARDED_CODE and function.__wrapped__.__doc__ == function.__doc__
    seen = []
    inner = interrupt_safe(lambda: seen.append(signal.getsignal(signal.SIGINT)))
    interrupt_safe(inner)()  # nested: the outer guard's handler stays for the inner call
    assert seen == [interrupts._SAFE.handle] and signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert analyze(parse_board("# mines: 1\n1?\n??")).status == "consistent"
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler and sys.getprofile() is None


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

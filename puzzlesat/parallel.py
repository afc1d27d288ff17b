"""The one pipeline for batches: an order-preserving, memory-bounded map over a stream, in this process,
in worker processes or on any Executor. Sudoku solving and rating, Minesweeper analysis and simulation all
run through `ordered_map`, and it is the only place that starts a process pool.

The first `warm_up` seconds of work are done in this process, item by item, so that small inputs never pay
for starting workers; what is left then goes to the workers. Items are cut into chunks (1, 2, 4, ... up to
`chunk_size` items, so the first results come at once); at most `window` chunks are in flight, so memory
stays flat whatever the length of the input. Results come back in input order. When a worker dies, the pool
is replaced and the chunk is run again alone, then item by item, so that only the item that kills its worker
is lost: its result is `on_failure(item, message)`, and everything else is done. An executor that is not ours
(a Dask cluster) says a worker died by failing the chunk with WorkerLost: it carries on, so the chunk's items
are run again one by one on it, with the same outcome.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections import deque
from itertools import islice
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Optional

if TYPE_CHECKING:  # concurrent.futures costs ~10 ms to import: only runs that start workers pay for it
    from concurrent.futures import Executor, Future

DEFAULT_CHUNK = 256
WARM_UP_SECONDS = 0.25  # work done in this process before worker processes are started
WORKER_DIED = "a worker process died while working on this record"
PR_SET_PDEATHSIG = 1  # linux/prctl.h


class WorkerLost(Exception):
    """A chunk's worker died, but the executor that ran it carries on (what a cluster's futures fail with)."""


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def chunks(items: Iterable, largest: int = DEFAULT_CHUNK) -> Iterator[list]:
    """Lists of 1, 2, 4, ... items, then `largest` at a time."""
    iterator = iter(items)
    size = 1
    while True:
        chunk = list(islice(iterator, size))
        if not chunk:
            return
        yield chunk
        size = min(size * 2, largest)


def _worker_init() -> None:
    """Workers leave Ctrl-C to the parent, which stops them, and die with the parent however it ends."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent()


def _die_with_parent() -> None:
    """On Linux, ask the kernel to kill this process when its parent dies (even by SIGKILL)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass  # no prctl: workers still end when they next read from the closed pool


def process_pool(jobs: int) -> Executor:
    """A pool of `jobs` worker processes that ignore Ctrl-C (imported here: a single process never pays for it)."""
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=jobs, initializer=_worker_init)


def stop_pool(executor: Executor) -> None:
    """Stop a process pool at once, workers included, without waiting for their work."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)


def ordered_map(
    function: Callable[[list], list],
    items: Iterable,
    jobs: int = 1,
    executor: Optional[Executor] = None,
    chunk_size: int = DEFAULT_CHUNK,
    on_failure: Optional[Callable[[object, str], object]] = None,
    warm_up: Optional[float] = None,
) -> Iterator:
    """Yield function(chunk)'s results item by item, in input order.

    With jobs <= 1 and no executor, everything runs in this process, one item at a time; otherwise the first
    `warm_up` seconds too (WARM_UP_SECONDS unless given; 0 sends everything to the workers). `function` must be picklable (a module-level function or a functools.partial of one) and return one
    result per item.
    """
    items = iter(items)
    warm_up = WARM_UP_SECONDS if warm_up is None else warm_up
    in_process = executor is None and jobs <= 1
    if in_process or (warm_up > 0 and executor is None):
        started = time.monotonic()
        for item in items:  # one at a time: a stream read from a pipe is answered as it comes
            yield function([item])[0]
            if not in_process and time.monotonic() - started > warm_up:
                break
        else:
            return
    yield from _in_workers(function, items, jobs, executor, chunk_size, on_failure)


def _in_workers(function, items, jobs: int, executor: Optional[Executor], chunk_size: int, on_failure) -> Iterator:
    """ordered_map's work done by worker processes (or the given executor)."""
    own = executor is None
    state = _Pool(executor or process_pool(jobs), jobs, own)
    window = 2 * max(jobs, 2)
    pending: deque = deque()
    finished = False
    try:
        for chunk in chunks(items, chunk_size):
            pending.append((chunk, state.submit(function, chunk)))
            while len(pending) >= window:
                yield from _drain_one(pending, state, function, on_failure)
        while pending:
            yield from _drain_one(pending, state, function, on_failure)
        finished = True
    finally:
        if own:
            if finished:
                state.pool.shutdown(wait=True)
            else:  # interrupted, closed early or failed: do not wait for work nobody will read
                stop_pool(state.pool)


class _Pool:
    """The executor in use, replaced by a fresh one when a worker dies (only when we own it)."""

    def __init__(self, pool: Executor, jobs: int, own: bool):
        self.pool, self.jobs, self.own = pool, jobs, own

    def submit(self, function, chunk) -> "Future":
        """Submit; a pool already broken gives a future that fails the same way, to be recovered later."""
        from concurrent.futures import BrokenExecutor, Future

        try:
            return self.pool.submit(function, chunk)
        except BrokenExecutor as error:
            if not self.own:
                raise
            failed: Future = Future()
            failed.set_exception(error)
            return failed

    def restart(self) -> None:
        """Stop the broken pool and start a fresh one."""
        stop_pool(self.pool)
        self.pool = process_pool(self.jobs)


def _drain_one(pending: deque, state: _Pool, function, on_failure) -> Iterator:
    """Yield the oldest chunk's results; when its worker died, recover it and resubmit the rest."""
    from concurrent.futures import BrokenExecutor

    chunk, future = pending.popleft()
    try:
        results = future.result()
    except WorkerLost:
        results = _one_by_one(chunk, state.pool, function, on_failure)
    except BrokenExecutor:
        if not state.own:
            raise
        results = _recover(chunk, state, function, on_failure)
        for index, (other, other_future) in enumerate(list(pending)):
            if not (other_future.done() and other_future.exception() is None):
                pending[index] = (other, state.submit(function, other))
    yield from results


def _one_by_one(chunk: list, executor: Executor, function, on_failure) -> list:
    """Run a chunk whose worker died on an executor that carries on: each item alone, all at once; an item whose
    worker died again ran beside others that may have killed it, so it runs once more on its own."""
    futures = [executor.submit(function, [item]) for item in chunk]
    results = []
    for item, future in zip(chunk, futures):
        try:
            results.extend(future.result())
        except WorkerLost:
            try:
                results.extend(executor.submit(function, [item]).result())
            except WorkerLost:
                if on_failure is None:
                    raise
                results.append(on_failure(item, WORKER_DIED))
    return results


def _recover(chunk: list, state: _Pool, function, on_failure) -> list:
    """Run a chunk whose worker died: alone in a fresh pool, then item by item to find the culprit."""
    from concurrent.futures import BrokenExecutor

    state.restart()
    try:
        return state.pool.submit(function, chunk).result()
    except BrokenExecutor:
        pass
    results = []
    for item in chunk:
        state.restart()
        try:
            results.extend(state.pool.submit(function, [item]).result())
        except BrokenExecutor:
            if on_failure is None:
                raise
            results.append(on_failure(item, WORKER_DIED))
    return results

"""The pipeline on a Dask cluster: connect to a scheduler, check once that its workers run this puzzlesat, and an
Executor for puzzlesat.parallel whose failures are said in words (ClusterError). The only module that imports dask.

A worker that dies is Dask's to replace; when Dask gives up on a task (KilledWorker), its future fails with
parallel.WorkerLost, so the pipeline finds the record that killed it as it does with local workers. A scheduler that
goes away, or a cluster left without workers for NO_WORKERS_SECONDS, ends the run with a ClusterError.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
import warnings
from concurrent.futures import Executor, Future, InvalidStateError
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Optional

from puzzlesat import __version__
from puzzlesat.errors import ClusterError
from puzzlesat.parallel import WorkerLost

CONNECT_SECONDS = 5.0  # to reach the scheduler, and for a first worker to be there
HANDSHAKE_SECONDS = 2.0  # after connecting, for the scheduler to answer Dask's handshake
CHECK_SECONDS = 2.0  # how often a wait for a result checks that the cluster still has workers
NO_WORKERS_SECONDS = 30.0  # a cluster without a worker this long fails the run (nothing would ever finish)
RECENT_MESSAGES = 10  # messages to the scheduler the client keeps for debugging (Dask keeps 1,000: chunks of puzzles)
INSTALL = "pip install 'puzzlesat[dask]'"


def worker_version() -> str:
    """The puzzlesat version where this runs (on every worker, once, to compare with ours)."""
    import puzzlesat

    return puzzlesat.__version__


def _distributed():
    """dask.distributed, or a ClusterError that says how to install it."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(f"running on a Dask cluster needs dask.distributed, which is not installed: {INSTALL}") \
            from None
    return distributed


def quiet_dask_logs() -> None:
    """Keep Dask's log lines (reconnection attempts, a lost scheduler's traceback) off stderr in this process: a
    command says what matters in a line of its own."""
    _distributed()  # its import sets up its loggers, with levels of their own
    for name in list(logging.root.manager.loggerDict):
        if name.split(".")[0] in ("distributed", "tornado", "bokeh"):
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)


class Cluster:
    """A connection to the Dask scheduler at `address` whose workers all run this version of puzzlesat."""

    def __init__(self, address: str, timeout: Optional[float] = None):
        distributed = _distributed()
        timeout = CONNECT_SECONDS if timeout is None else timeout
        self.address = address
        _probe(address, timeout)
        with warnings.catch_warnings(), _few_messages_kept():
            warnings.simplefilter("ignore")  # Dask's own version table: the check below says what matters here
            try:
                self.client = distributed.Client(address, timeout=timeout, set_as_default=False)
            except Exception as error:  # noqa: BLE001 - anything a client that cannot start raises
                raise ClusterError(f"cannot connect to the Dask scheduler at {address}: {_reason(error)}") from None
        self.empty_since: Optional[float] = None
        try:
            self._check_workers(timeout)
        except BaseException:
            self.close()
            raise

    def _check_workers(self, timeout: float) -> None:
        """At least one worker, every one running our puzzlesat: else a ClusterError that says which and how."""
        try:
            self.client.wait_for_workers(1, timeout=timeout)
        except Exception:  # noqa: BLE001 - Dask's TimeoutError, or a scheduler gone meanwhile
            raise ClusterError(f"the Dask scheduler at {self.address} has no workers (start some with "
                               f"`dask worker {self.address}`)") from None
        versions = _worker_versions(self.client)
        missing = sorted(worker for worker, found in versions.items() if isinstance(found, BaseException))
        if missing:
            reason = _reason(versions[missing[0]])
            raise ClusterError(f"{_workers(missing, versions)} of the Dask scheduler at {self.address} cannot run "
                               f"puzzlesat ({reason}): install puzzlesat {__version__} on every worker")
        other = sorted(worker for worker, found in versions.items() if found != __version__)
        if other:
            have = "has" if len(versions) == 1 else "have"
            raise ClusterError(f"{_workers(other, versions)} of the Dask scheduler at {self.address} {have} "
                               f"puzzlesat {versions[other[0]]}, this is {__version__}: install the same version on "
                               f"every worker")

    @property
    def threads(self) -> int:
        """The threads of all the workers now: how many chunks run at once."""
        return max(1, sum(self.client.nthreads().values()))

    def executor(self) -> Executor:
        """A concurrent.futures Executor that runs on the cluster; its futures fail with a ClusterError when the
        cluster cannot finish, and with WorkerLost when Dask gave up on a task whose workers kept dying."""
        return _ClusterExecutor(self)

    def check(self) -> None:
        """Raise a ClusterError when the scheduler is gone, or when no worker has been there for
        NO_WORKERS_SECONDS (called while waiting for a result)."""
        try:
            workers = self.client.nthreads() if self.client.status == "running" else None
        except Exception:  # noqa: BLE001 - whatever a lost connection raises
            workers = None
        if workers is None:
            raise self.lost()
        if workers:
            self.empty_since = None
            return
        now = time.monotonic()
        self.empty_since = self.empty_since or now
        if now - self.empty_since >= NO_WORKERS_SECONDS:
            raise ClusterError(f"the Dask scheduler at {self.address} has had no workers for "
                               f"{NO_WORKERS_SECONDS:.0f} s: nothing can finish")

    def lost(self) -> ClusterError:
        """The error of a run whose scheduler went away."""
        return ClusterError(f"lost the Dask scheduler at {self.address} in the middle of the run")

    def close(self) -> None:
        """Leave the cluster; work still queued for this run is dropped by the scheduler."""
        client = getattr(self, "client", None)
        if client is not None:
            try:
                client.close(timeout=CONNECT_SECONDS)
            except Exception:  # noqa: BLE001 - a scheduler already gone: nothing to tell it
                pass

    def __enter__(self) -> "Cluster":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _few_messages_kept():
    """Dask's configuration while a client starts: it keeps only its last RECENT_MESSAGES messages."""
    import dask

    return dask.config.set({"distributed.admin.low-level-log-length": RECENT_MESSAGES})


def _probe(address: str, timeout: float) -> None:
    """Reach the scheduler once before a Client does (a Client that fails to start leaves a connection behind
    that complains when it is collected): a ClusterError naming the address and why, when it cannot."""
    from distributed.comm import connect

    async def handshake() -> None:
        comm = await connect(address, timeout=timeout)
        await comm.close()

    try:
        _run_alone(lambda: asyncio.wait_for(handshake(), timeout + HANDSHAKE_SECONDS))
    except asyncio.TimeoutError:  # connected, but no Dask handshake came back (another kind of server)
        raise ClusterError(f"{address} does not answer as a Dask scheduler") from None
    except ValueError as error:
        raise ClusterError(f"{address} is not a Dask scheduler address ({_reason(error)}); it looks like "
                           f"tcp://host:8786") from None
    except OSError as error:
        raise ClusterError(f"cannot reach the Dask scheduler at {address} within {timeout:g} s: "
                           f"{_network_reason(error)}") from None
    except MemoryError:  # what Dask's handshake makes of another protocol's first bytes (an HTTP port)
        raise ClusterError(f"{address} does not answer as a Dask scheduler (is it the dashboard's port? the "
                           f"scheduler's is 8786 by default)") from None
    except Exception as error:  # noqa: BLE001 - a server that is not a Dask scheduler answers anything
        raise ClusterError(f"{address} does not answer as a Dask scheduler ({_reason(error)})") from None


def _run_alone(coroutine) -> None:
    """Run `coroutine()` to its end on an event loop of its own, in a thread of its own: the calling thread may be
    running a loop already (Jupyter, Playwright), where asyncio.run refuses to start."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as thread:
        thread.submit(lambda: asyncio.run(coroutine())).result()


def _worker_versions(client) -> dict:
    """Each worker's puzzlesat version, or the exception it raised trying to tell."""
    try:
        return client.run(worker_version, on_error="return")
    except TypeError:  # a Dask older than on_error: ask the workers one by one
        versions: dict = {}
        for worker in client.nthreads():
            try:
                versions.update(client.run(worker_version, workers=[worker]))
            except Exception as error:  # noqa: BLE001 - what the worker raised
                versions[worker] = error
        return versions


def _network_reason(error: BaseException) -> str:
    """Why a connection failed, from the innermost system error behind Dask's 'Timed out trying to connect'."""
    reason = "no answer"
    while error is not None:
        if isinstance(error, OSError) and error.strerror:
            reason = error.strerror
        error = error.__cause__ or error.__context__
    return reason


def _reason(error: BaseException) -> str:
    """An exception in a few words: its message on one line, or its type; a worker's exception that Dask passes on
    as its repr ('ModuleNotFoundError("No module named ...")') as 'ModuleNotFoundError: No module named ...'."""
    text = " ".join(str(error).split())
    wrapped = re.fullmatch(r"""(\w+)\((["'])(.*)\2\)""", text)
    if wrapped:
        return f"{wrapped[1]}: {wrapped[3]}"
    return text or type(error).__name__


def _workers(names: list, every: dict) -> str:
    """'worker tcp://...' or '2 of 3 workers'."""
    if len(every) == 1:
        return f"the worker {names[0]}"
    return f"{len(names)} of {len(every)} workers"


class _ClusterExecutor(Executor):
    """Dask's Executor (pure=False: every chunk is its own task), its outcomes said the pipeline's way."""

    def __init__(self, cluster: Cluster):
        self.cluster = cluster
        self.inner = cluster.client.get_executor(pure=False)

    def submit(self, fn, /, *args, **kwargs) -> Future:
        outer = _ClusterFuture(self.cluster)
        try:
            inner = self.inner.submit(fn, *args, **kwargs)
        except Exception as error:  # noqa: BLE001 - a client whose scheduler is gone refuses new work
            raise self.cluster.lost() from error
        inner.add_done_callback(lambda done: _settle(outer, done, self.cluster))
        return outer

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.inner.shutdown(wait=wait)


class _ClusterFuture(Future):
    """A result from the cluster; waiting for it checks every CHECK_SECONDS that the cluster can still give it."""

    def __init__(self, cluster: Cluster):
        super().__init__()
        self.cluster = cluster

    def result(self, timeout: Optional[float] = None):
        if timeout is not None:
            return super().result(timeout)
        while True:
            try:
                return super().result(CHECK_SECONDS)
            except FutureTimeout:
                self.cluster.check()


def _settle(outer: Future, inner: Future, cluster: Cluster) -> None:
    """Pass Dask's outcome on: a task cancelled by a lost scheduler, a worker killed again and again, a worker that
    cannot import puzzlesat become ClusterError or WorkerLost; a result or our own error goes as it is."""
    if inner.cancelled():
        outcome: Optional[BaseException] = cluster.lost()
    else:
        outcome = inner.exception()
        if type(outcome).__name__ == "KilledWorker":
            outcome = WorkerLost(str(outcome))
        elif isinstance(outcome, ImportError):
            outcome = ClusterError(f"a worker of the Dask scheduler at {cluster.address} cannot run puzzlesat "
                                   f"({_reason(outcome)}): install puzzlesat {__version__} on every worker")
    try:
        if outcome is None:
            outer.set_result(inner.result())
        else:
            outer.set_exception(outcome)
    except InvalidStateError:
        pass

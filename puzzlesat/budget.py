"""One budget for every long computation: seconds (wall-clock, or CPU time of the thread), SAT conflicts and
search nodes.

A Budget is a plan until it is started: `start()` fixes the deadline and returns the running budget that every
step of one computation shares and spends (starting a running budget gives it back unchanged, so a computation
can hand its budget to the steps it calls). When a running budget is spent, the step that notices raises
puzzlesat.errors.OutOfBudget; callers that report instead of raising (a Sudoku 'timeout', a Minesweeper 'timeout')
catch it. Conflicts are deterministic, the same on every machine; seconds are not. CPU seconds (`cpu=True`, the
thread's own time) do not shrink when the machine is busy: they bound the work, where wall-clock seconds bound the
wait.

    >>> budget = Budget(conflicts=100).start()
    >>> budget.spend(conflicts=60); budget.spent()
    False
    >>> probe = budget.within(conflicts=50)   # at most 50 more, and never past the 40 the whole budget has left
    >>> probe.conflicts, probe.spend(conflicts=40), budget.spent()
    (40, None, True)
"""

from __future__ import annotations

import time
from typing import Optional

from puzzlesat.errors import OutOfBudget


class Budget:
    """Limits on one computation (None: no limit); once started, what is left of them."""

    __slots__ = ("seconds", "conflicts", "nodes", "cpu", "deadline", "running", "_parent")

    def __init__(self, seconds: Optional[float] = None, conflicts: Optional[int] = None, nodes: Optional[int] = None,
                 cpu: bool = False):
        self.seconds = seconds
        self.conflicts = conflicts
        self.nodes = nodes
        self.cpu = cpu  # seconds of this thread's CPU time, not of the wall clock
        self.deadline: Optional[float] = None  # on clock()
        self.running = False
        self._parent: Optional[Budget] = None

    def __repr__(self) -> str:
        state = "running" if self.running else "planned"
        clock = ", cpu=True" if self.cpu else ""
        return f"Budget(seconds={self.seconds}, conflicts={self.conflicts}, nodes={self.nodes}{clock}, {state})"

    def clock(self) -> float:
        """The time its seconds are counted in: the thread's CPU time, or the monotonic wall clock."""
        return time.thread_time() if self.cpu else time.monotonic()

    def left(self) -> Optional[float]:
        """Seconds left before the deadline (never below 0), or None without one."""
        return None if self.deadline is None else max(0.0, self.deadline - self.clock())

    @property
    def unlimited(self) -> bool:
        """True when nothing limits it."""
        return self.seconds is None and self.conflicts is None and self.nodes is None and self._parent is None

    def start(self) -> "Budget":
        """The running budget: this one if already running, else a copy whose clock starts now."""
        if self.running:
            return self
        started = Budget(self.seconds, self.conflicts, self.nodes, self.cpu)
        started.deadline = None if self.seconds is None else started.clock() + self.seconds
        started.running = True
        return started

    def within(self, conflicts: Optional[int] = None, nodes: Optional[int] = None) -> "Budget":
        """A running budget for one step: at most `conflicts`/`nodes` more, spent from this one too."""
        mine = self.start()
        child = Budget(None, _least(conflicts, mine.conflicts), _least(nodes, mine.nodes), mine.cpu)
        child.deadline, child.running, child._parent = mine.deadline, True, mine
        return child

    def spend(self, conflicts: int = 0, nodes: int = 0) -> None:
        """Count conflicts and search nodes used (here and in every budget this one is part of)."""
        budget: Optional[Budget] = self
        while budget is not None:
            if budget.conflicts is not None:
                budget.conflicts -= conflicts
            if budget.nodes is not None:
                budget.nodes -= nodes
            budget = budget._parent

    def spent(self) -> bool:
        """True when no conflict, no node or no time is left (here or in a budget this one is part of)."""
        budget: Optional[Budget] = self
        while budget is not None:
            if (budget.conflicts is not None and budget.conflicts <= 0) or (budget.nodes is not None and budget.nodes <= 0):
                return True
            budget = budget._parent
        return self.deadline is not None and self.clock() >= self.deadline

    def check(self, doing: str = "") -> None:
        """Raise OutOfBudget when spent; `doing` says what stopped ('counting', 'the endgame search')."""
        if self.spent():
            raise OutOfBudget(f"the budget ran out{' during ' + doing if doing else ''}")


def _least(a: Optional[int], b: Optional[int]) -> Optional[int]:
    """The smaller limit, None meaning no limit."""
    if a is None:
        return b
    return a if b is None else min(a, b)

"""One budget for every long computation: planned, started, shared, spent."""

from __future__ import annotations

import time

import pytest

from puzzlesat.budget import Budget
from puzzlesat.errors import OutOfBudget


def test_a_planned_budget_starts_afresh_each_time():
    plan = Budget(seconds=0.05, conflicts=10)
    first = plan.start()
    first.spend(conflicts=10)
    assert first.spent() and not plan.start().spent()
    assert plan.conflicts == 10 and not plan.running


def test_starting_a_running_budget_gives_it_back():
    running = Budget(nodes=5).start()
    assert running.start() is running


def test_seconds_run_out():
    budget = Budget(seconds=0.5).start()
    assert not budget.spent()  # (a budget of 0.01 s could be spent here on a loaded machine)
    time.sleep(0.6)
    assert budget.spent()
    with pytest.raises(OutOfBudget, match="during counting"):
        budget.check("counting")


def test_a_step_within_a_budget_spends_from_both():
    whole = Budget(conflicts=100, nodes=10).start()
    step = whole.within(conflicts=30)
    assert step.conflicts == 30 and step.nodes == 10
    step.spend(conflicts=30, nodes=2)
    assert step.spent() and not whole.spent() and (whole.conflicts, whole.nodes) == (70, 8)
    whole.spend(nodes=8)
    assert whole.within(conflicts=5).spent()


def test_unlimited_and_repr():
    assert Budget().unlimited and not Budget(nodes=1).unlimited
    assert "planned" in repr(Budget(seconds=1)) and "running" in repr(Budget(seconds=1).start())


def test_cpu_seconds_are_not_spent_while_the_thread_waits():
    wall, cpu = Budget(seconds=0.05).start(), Budget(seconds=0.05, cpu=True).start()
    time.sleep(0.1)  # a busy machine: the clock runs, this thread does no work
    assert wall.spent() and not cpu.spent() and cpu.left() > 0.04
    started = time.thread_time()
    while time.thread_time() - started < 0.06:  # work
        pass
    assert cpu.spent() and cpu.within(conflicts=5).spent() and cpu.left() == 0.0

"""The PySAT layer: solver names, the session (solve, values, models, backbone, core), cardinality, DIMACS."""

from __future__ import annotations

import io

import pytest

from puzzlesat.budget import Budget
from puzzlesat.errors import OutOfBudget, SolverUnavailable
from puzzlesat.sat import DECISION_EXACT, Session, available_solvers, cardinality, check_solver, write_dimacs


def test_available_solvers_include_the_default():
    names = available_solvers()
    assert "cadical195" in names and "glucose4" in names


def test_unknown_solver_is_refused_with_the_list():
    with pytest.raises(SolverUnavailable, match="choose one of"):
        check_solver("nosuchsolver")


def test_projected_models_do_not_count_auxiliary_variables():
    # x1 or x2, with an auxiliary x3 free: 3 projected models, 6 full ones
    with Session([[1, 2]], top=3) as session:
        models = list(session.models([], [1, 2]))
        assert len(models) == 3 and len({tuple(m) for m in models}) == 3
        # the session stays usable afterwards, with no clause of the enumeration left switched on
        assert session.solve([-1]) is True and session.retired == 1


def test_models_under_assumptions_with_a_limit_and_a_shorter_blocking_clause():
    with Session([[1, 2, 3]], top=3) as session:
        assert len(list(session.models([], [1, 2, 3], limit=2))) == 2
        assert all(m[0] == 1 for m in session.models([1], [1, 2, 3]))
    # exactly one of three: blocking on the true literal alone is enough, and finds each model once
    with Session([[1, 2, 3], [-1, -2], [-1, -3], [-2, -3]], top=3) as session:
        found = list(session.models([], range(1, 4), block=lambda values: [-lit for lit in values if lit > 0]))
        assert sorted(sorted(m) for m in found) == [[-3, -2, 1], [-3, -1, 2], [-2, -1, 3]]


def test_models_stop_with_the_budget_and_say_how_many_were_found():
    with Session(pigeonhole(), top=72) as session:
        with pytest.raises(OutOfBudget) as stopped:
            list(session.models([], [1, 2], budget=Budget(conflicts=50)))
        assert stopped.value.found == 0


def test_scoped_clauses_hold_while_their_literal_is_assumed_and_go_when_it_is_retired():
    with Session([[1, 2]], top=2) as session:
        scope = session.scope([[-1], [-2]])
        assert scope == 3 and session.solve([scope]) is False and session.solve() is True
        session.retire(scope)
        assert session.solve([-1]) is True and session.retired == 1


def test_models_hang_their_blocking_clauses_on_a_given_scope_and_leave_it_to_its_owner():
    with Session([[1, 2, 3]], top=3) as session:
        scope = session.scope([[-3]])
        found = list(session.models([scope], [1, 2], scope=scope))
        assert sorted(map(sorted, found)) == [[-2, 1], [-1, 2], [1, 2]]
        assert session.retired == 0 and session.new_var() == 5  # no activation literal of its own
        assert session.solve([scope]) is False  # the blocking clauses hold while the scope does
        session.retire(scope)
        assert session.solve([-1, -2]) is True


def test_effort_counts_decisions_and_conflicts():
    with Session(pigeonhole(), top=72) as session:
        assert session.effort() == (0, 0)
        assert session.solve([], Budget(conflicts=20)) is None
        decisions, conflicts = session.effort()
        assert decisions > 0 and conflicts >= 20


@pytest.mark.parametrize("quick", [False, True])
def test_quick_sessions_give_the_same_answers(quick):
    with Session(pigeonhole(), top=72, quick=quick) as session:
        assert session.solve() is False
    with Session([[1, 2, 3], [-1, -2]], top=3, quick=quick) as session:
        assert len(list(session.models([], [1, 2, 3]))) == 5


def test_values_pads_variables_no_clause_mentions():
    with Session([[1]], top=5) as session:
        assert session.solve() is True
        assert session.values(range(1, 6))[0] == 1 and session.values([5, 1]) == [-5, 1]


def test_backbone_and_what_it_sees():
    # x1 forced, x2 -> x3, x4 free
    with Session([[1], [-2, 3]], top=4) as session:
        seen = []
        assert session.backbone([], [1, -1, 2, 3, 4, -4], seen=seen.append) == {1}
        assert seen and all(len(model) == 4 for model in seen)
        assert session.backbone([2], [1, 2, 3, 4]) == {1, 2, 3}
        assert session.backbone([-1], [1]) is None


def test_a_backbone_cut_short_says_what_it_had_proven(monkeypatch):
    solve = Session.solve
    calls = []

    def fourth_call_runs_out(self, assumptions=(), budget=None):
        calls.append(1)
        return None if len(calls) == 4 else solve(self, assumptions, budget)

    monkeypatch.setattr(Session, "solve", fourth_call_runs_out)
    with Session([[1], [2], [3]], top=3) as session:  # a model, then one check per literal: 1 and 2 proven
        with pytest.raises(OutOfBudget) as stop:
            session.backbone([], [1, 2, 3])
    assert stop.value.proven == {1, 2}


def test_core_names_the_clashing_assumptions():
    with Session([[-1, -2]], top=3) as session:
        assert session.solve([1, 2, 3]) is False
        assert set(session.core()) <= {1, 2, 3} and {1, 2} <= set(session.core())


def pigeonhole(pigeons: int = 9, holes: int = 8) -> list:
    """Unsatisfiable and hard for resolution."""
    var = lambda p, h: p * holes + h + 1  # noqa: E731
    clauses = [[var(p, h) for h in range(holes)] for p in range(pigeons)]
    return clauses + [[-var(p, h), -var(q, h)] for h in range(holes) for p in range(pigeons) for q in range(p)]


def test_conflict_and_time_budgets_stop_a_hard_instance():
    with Session(pigeonhole(), top=72) as session:
        assert session.solve([], Budget(conflicts=50)) is None
    with Session(pigeonhole(), top=72) as session:
        assert session.solve([], Budget(seconds=0.05)) is None


def test_a_running_budget_is_shared_by_several_solves():
    budget = Budget(conflicts=120).start()
    with Session(pigeonhole(), top=72) as session:
        assert session.solve([], budget.within(conflicts=100)) is None
        assert budget.conflicts <= 20  # the step's conflicts came off the whole budget too
        assert session.solve([], budget) is None and budget.spent()


def test_new_variables_come_from_the_pool_and_cardinality_uses_it():
    with Session([[1, 2, 3]], top=3) as session:
        assert session.new_var() == 4
        clauses = cardinality([1, 2, 3], 1, "<=", session.vars)
        session.add_clauses(clauses)
        assert session.vars.top >= 4
        assert session.solve([1, 2]) is False and session.solve([1]) is True
    assert cardinality([1, 2], 3, ">=", None) == [[]] and cardinality([1, 2], 2, "<=", None) == []


def test_dimacs_through_pysat_writer():
    out = io.StringIO()
    write_dimacs(out, [[1, -2], [3]], top=4, comments=["c hello"])
    assert out.getvalue() == "c hello\np cnf 4 2\n1 -2 0\n3 0\n"


@pytest.mark.parametrize("name", sorted(DECISION_EXACT))
def test_decision_counter_moves_when_a_guess_is_needed(name):
    # x1 xor x2, x3 free: with an assumption on x3 only, a model needs a decision
    with Session([[1, 2], [-1, -2], [3, -3, 1]], top=3, solver=name) as session:
        for _ in range(3):
            before = session.effort()[0]
            assert session.solve([3]) is True
            assert session.effort()[0] > before
            # forced by propagation from an assumption: no decision
            before = session.effort()[0]
            assert session.solve([1, 3]) is True
            assert session.effort()[0] == before


def test_cadical_straight_from_the_native_module_answers_as_pysat_does():
    from pysat.solvers import Solver

    from puzzlesat.sat import _native_solver

    clauses = pigeonhole(4, 3) + [[73, 74]]
    ours, theirs = _native_solver("cadical195"), Solver(name="cadical195", bootstrap_with=clauses)
    try:
        for clause in clauses:
            ours.add_clause(clause)
        assert ours.solve([]) is theirs.solve() is False  # four pigeons, three holes
        ours_free = _native_solver("cadical195")
        theirs_free = Solver(name="cadical195", bootstrap_with=[[1, 2], [-1, 3]])
        ours_free.add_clause([1, 2])
        ours_free.add_clause([-1, 3])
        assert ours_free.solve([1]) is theirs_free.solve(assumptions=[1]) is True
        assert ours_free.get_model()[::2] == theirs_free.get_model()[::2] == [1, 3]  # x2 is free
        assert ours_free.solve([1, -3]) is theirs_free.solve(assumptions=[1, -3]) is False
        assert sorted(ours_free.get_core()) == sorted(theirs_free.get_core())
        assert ours_free.propagate([1])[0] is True and 3 in ours_free.propagate([1])[1]
        ours_free.delete()
        theirs_free.delete()
    finally:
        ours.delete()
        theirs.delete()

"""The PySAT layer: solver names, budgets, projected enumeration, backbones, cores."""

from __future__ import annotations

import pytest

from puzzlesat.sat import DECISION_EXACT, Budget, Engine, SolverUnavailable, available_solvers, check_solver


def test_available_solvers_include_the_default():
    names = available_solvers()
    assert "cadical195" in names and "glucose4" in names


def test_unknown_solver_is_refused_with_the_list():
    with pytest.raises(SolverUnavailable, match="choose one of"):
        check_solver("nosuchsolver")


def test_projected_models_do_not_count_auxiliary_variables():
    # x1 or x2, with an auxiliary x3 free: 3 projected models, 6 full ones
    with Engine([[1, 2]], nvars=3) as engine:
        assert len(list(engine.models([], [1, 2]))) == 3
        # the engine stays usable afterwards
        assert engine.solve([-1]) is True


def test_model_limit():
    with Engine([[1, 2, 3]], nvars=3) as engine:
        assert len(list(engine.models([], [1, 2, 3], limit=2))) == 2


def test_backbone():
    # x1 forced, x2 -> x3, x4 free
    with Engine([[1], [-2, 3]], nvars=4) as engine:
        assert engine.backbone([], [1, -1, 2, 3, 4, -4]) == {1}
        assert engine.backbone([2], [1, 2, 3, 4]) == {1, 2, 3}
        assert engine.backbone([-1], [1]) is None


def test_core_names_the_clashing_assumptions():
    with Engine([[-1, -2]], nvars=3) as engine:
        assert engine.solve([1, 2, 3]) is False
        assert set(engine.core()) <= {1, 2, 3} and {1, 2} <= set(engine.core())


def test_conflict_budget_stops_a_hard_instance():
    # pigeonhole: 9 pigeons into 8 holes is unsatisfiable and hard for resolution
    pigeons, holes = 9, 8
    var = lambda p, h: p * holes + h + 1
    clauses = [[var(p, h) for h in range(holes)] for p in range(pigeons)]
    clauses += [[-var(p, h), -var(q, h)] for h in range(holes) for p in range(pigeons) for q in range(p)]
    with Engine(clauses, nvars=pigeons * holes) as engine:
        assert engine.solve([], Budget(conflicts=50)) is None
    with Engine(clauses, nvars=pigeons * holes) as engine:
        assert engine.solve([], Budget(seconds=0.05)) is None


@pytest.mark.parametrize("name", sorted(DECISION_EXACT))
def test_decision_counter_moves_when_a_guess_is_needed(name):
    # x1 xor x2, x3 free: with an assumption on x3 only, a model needs a decision
    with Engine([[1, 2], [-1, -2], [3, -3, 1]], nvars=3, solver=name) as engine:
        for _ in range(3):
            before = engine.decisions()
            assert engine.solve([3]) is True
            assert engine.decisions() > before
            # forced by propagation from an assumption: no decision
            before = engine.decisions()
            assert engine.solve([1, 3]) is True
            assert engine.decisions() == before

"""Solving through the public API: statuses, uniqueness, counting, budgets, every size."""

from __future__ import annotations

import pytest

from puzzlesat import sudoku
from puzzlesat.sudoku.model.grid import is_solution

WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
WIKI_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def lines(path):
    return [line.strip() for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]


def test_solve_a_string():
    result = sudoku.solve(WIKI)
    assert (result.status, result.unique, result.text) == ("solved", True, WIKI_SOLUTION)


@pytest.mark.parametrize("solver", ["cadical195", "glucose4", "minisat22"])
@pytest.mark.parametrize("encoding", ["extended", "minimal"])
def test_every_solver_and_encoding_agree(solver, encoding, puzzles_dir):
    for line in lines(puzzles_dir / "sudoku" / "top95.txt")[:10]:
        result = sudoku.solve(line, solver=solver, encoding=encoding)
        assert result.status == "solved" and result.unique
        assert is_solution(sudoku.parse(line), result.solution)


@pytest.mark.parametrize("name", ["17clue-200.txt", "top95.txt", "hardest11.txt", "hardest1106-20.txt"])
def test_collections_are_solved_and_unique(name, puzzles_dir):
    for line in lines(puzzles_dir / "sudoku" / name):
        result = sudoku.solve(line)
        assert result.status == "solved" and result.unique is True, line
        assert is_solution(sudoku.parse(line), result.solution)


@pytest.mark.parametrize("solver", ["cadical195", "glucose4"])
def test_puzzles_with_several_solutions_are_never_called_unique(solver, puzzles_dir):
    for line in lines(puzzles_dir / "sudoku" / "serg-multiple-20.txt"):
        result = sudoku.solve(line, solver=solver)
        assert result.status == "multiple" and result.unique is False, line
        assert is_solution(sudoku.parse(line), result.solution)


def test_count_solutions_up_to_a_limit():
    empty4 = "." * 16
    assert sudoku.solve(empty4, count=1000).solutions == 288
    capped = sudoku.solve(empty4, count=5)
    assert (capped.status, capped.solutions, capped.unique) == ("multiple", 5, False)
    one = sudoku.solve(WIKI, count=10)
    assert (one.status, one.solutions, one.unique) == ("solved", 1, True)
    assert sudoku.solve(WIKI, count=1).unique is None


def test_counts_are_exact_for_small_cases():
    # 4x4 with the first row given: 288 / 4! = 12 completions
    assert sudoku.solve("1234" + "." * 12, count=100).solutions == 12


def test_unsat_puzzle():
    # no clash among givens, but cell r1c9 can hold nothing
    text = "12345678." + "........9" + "." * 63
    result = sudoku.solve(text)
    assert result.status == "unsat" and result.solution is None and result.error is None


def test_clashing_givens_are_invalid_with_a_reason():
    result = sudoku.solve("5" + "." * 7 + "5" + "." * 72)
    assert result.status == "invalid"
    assert result.error == "two 5s in row 1"


def test_no_unique_skips_the_check():
    result = sudoku.solve("." * 81, unique=False)
    assert result.status == "solved" and result.unique is None


def test_empty_grid_is_multiple():
    assert sudoku.solve("." * 81).status == "multiple"


def test_conflict_budget_gives_timeout(puzzles_dir):
    hard = lines(puzzles_dir / "sudoku" / "16x16-test6.txt")[0]
    result = sudoku.solve("." * 200 + hard[200:], conflicts=1)
    assert result.status in ("timeout", "multiple", "solved")
    # an empty 25x25 grid with uniqueness and a 1-conflict budget cannot finish both solves
    result = sudoku.solve("." * 625, conflicts=1, count=3)
    assert result.status == "timeout"


@pytest.mark.parametrize("name, side", [("4x4.txt", 4), ("6x6.txt", 6), ("12x12.txt", 12), ("16x16-test6.txt", 16), ("25x25.txt", 25)])
def test_each_size(name, side, puzzles_dir):
    for line in lines(puzzles_dir / "sudoku" / name)[:3]:
        puzzle = sudoku.parse(line)
        assert puzzle.shape.side == side
        result = sudoku.solve(puzzle)
        assert result.status == "solved" and result.unique
        assert is_solution(puzzle, result.solution)
        assert len(result.text) == side * side


def test_solve_many_keeps_order_and_reports_bad_lines():
    out = list(sudoku.solve_many([WIKI, "53..7", "# comment", WIKI]))
    assert [(record.line, result.status) for record, result in out] == [(1, "solved"), (2, "invalid"), (4, "solved")]


def test_bad_text_raises_puzzle_error():
    with pytest.raises(sudoku.PuzzleError):
        sudoku.solve("12345")


def test_verification_catches_a_wrong_model(monkeypatch):
    import importlib

    solve_module = importlib.import_module("puzzlesat.sudoku.solving.solver")

    monkeypatch.setattr(solve_module, "is_solution", lambda *args: False)
    with pytest.raises(sudoku.VerificationError):
        solve_module.SudokuSolver(sudoku.Rules(sudoku.parse(WIKI).shape)).solve(sudoku.parse(WIKI))


def test_solver_is_recycled_without_changing_answers(puzzles_dir):
    pool = sudoku.SolverPool()
    solver = pool.for_rules(sudoku.Rules(sudoku.parse("." * 16).shape))
    solver._recycle_after = 3
    sessions = set()
    for _ in range(10):
        sessions.add(id(solver.session))
        assert pool.solve(sudoku.parse("1234" + "." * 12), count=20).solutions == 12
    assert len(sessions) > 1


@pytest.mark.slow
def test_fresh_solver_fallback_agrees_with_assumptions(puzzles_dir, monkeypatch):
    import importlib

    solve_module = importlib.import_module("puzzlesat.sudoku.solving.solver")
    puzzles = lines(puzzles_dir / "sudoku" / "16x16-test6.txt")[:4]
    ambiguous = "." * 40 + puzzles[0][40:]  # fewer givens: several solutions
    unsat = "12" + puzzles[1][2:] if puzzles[1][:2] == ".." else None
    texts = puzzles + [ambiguous] + ([unsat] if unsat else [])
    plain = [sudoku.SolverPool().solve(sudoku.parse(text)) for text in texts]
    monkeypatch.setattr(solve_module, "FALLBACK_CONFLICTS", 1)  # every puzzle that needs a conflict falls back
    used = []
    original = solve_module.SudokuSolver._solve_with_units
    monkeypatch.setattr(solve_module.SudokuSolver, "_solve_with_units",
                        lambda self, *args: used.append(1) or original(self, *args))
    fallback = [sudoku.SolverPool().solve(sudoku.parse(text)) for text in texts]
    assert len(used) >= 4
    assert [(r.status, r.unique) for r in fallback] == [(r.status, r.unique) for r in plain]
    assert plain[4].status == "multiple"
    for text, result in zip(texts, fallback):
        if result.solution:
            assert is_solution(sudoku.parse(text), result.solution)


def test_hard_puzzles_under_one_literal_get_the_same_answers(puzzles_dir, monkeypatch):
    """Once recent puzzles were hard, the givens go under one activation literal, retired after each puzzle;
    unique, multiple, unsat and clashing puzzles get the same answers as under assumptions."""
    import importlib

    solve_module = importlib.import_module("puzzlesat.sudoku.solving.solver")
    hard = lines(puzzles_dir / "sudoku" / "hardest1106-20.txt")[:6]
    multiple = lines(puzzles_dir / "sudoku" / "serg-multiple-20.txt")[:3]
    texts = hard + multiple + ["12345678." + "........9" + "." * 63, "11" + "." * 79]
    plain = [sudoku.SolverPool().solve(sudoku.parse(text)) for text in texts]
    monkeypatch.setattr(solve_module, "SCOPE_AFTER_CONFLICTS", 0.0)  # every puzzle goes under one literal
    pool = sudoku.SolverPool()
    solver = pool.for_rules(sudoku.Rules(sudoku.parse(hard[0]).shape))
    scoped = [pool.solve(sudoku.parse(text)) for text in texts]
    assert solver.session.retired >= len(texts)  # a literal per puzzle, each retired
    assert [(r.status, r.unique) for r in scoped] == [(r.status, r.unique) for r in plain]
    assert [r.status for r in scoped[6:]] == ["multiple"] * 3 + ["unsat", "invalid"]
    for text, result in zip(texts, scoped):
        if result.solution:
            assert is_solution(sudoku.parse(text), result.solution)
    assert scoped[:6] == plain[:6]  # a unique puzzle's solution is the solution

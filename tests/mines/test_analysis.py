"""The analysis: published positions, inconsistent boards of several kinds, budgets, and properties checked
against brute-force enumeration of every layout on small boards."""

from __future__ import annotations

import json
import time
from fractions import Fraction
from pathlib import Path

import pytest
from boards import SETTINGS, arbitrary_boards, brute_force, layouts, mostly_open_boards, played_boards
from hypothesis import assume, given
from hypothesis import strategies as st

from puzzlesat.mines import Board, Budget, OutOfBudget, analyze, best_move, mine_probabilities, parse_board
from puzzlesat.mines.report import to_record

PUZZLES = Path(__file__).resolve().parents[2] / "puzzles" / "mines"


def published(name: str) -> tuple:
    """A shipped position and its JSON answer sheet."""
    board = parse_board((PUZZLES / f"{name}.mine").read_text())
    return board, json.loads((PUZZLES / f"{name}.json").read_text())


def as_rows(board: Board, by_xy: dict) -> dict:
    """{"x,y": value} from the answer sheets as {(row, col): value}."""
    return {(int(key.split(",")[1]), int(key.split(",")[0])): value for key, value in by_xy.items()}


@pytest.mark.parametrize("name", ["minesweepr_readme_10x10", "tu2017_table3_6x1", "problem_reductions_3x3"])
def test_published_probabilities(name):
    board, sheet = published(name)
    result = analyze(board)
    assert result.status == "consistent"
    for (r, c), expected in as_rows(board, sheet["expected"]["mine_probability_exact"]).items():
        assert float(result.probabilities[r][c]) == pytest.approx(expected, abs=5e-9)


def test_minesweepr_example_exactly():
    board, _ = published("minesweepr_readme_10x10")
    result = analyze(board)
    assert result.mines == [(1, 3), (2, 3), (3, 3)]
    assert result.safe == [(0, 3), (4, 3), (5, 2)]
    assert result.probabilities[9][9] == Fraction(6, 77)
    assert result.probabilities[5][1] == Fraction(71, 77)


def test_tu_example_exact_thirds_and_halves():
    board, _ = published("tu2017_table3_6x1")
    row = analyze(board).probabilities[0]
    assert row == [Fraction(1, 2), None, Fraction(1, 2), Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)]


def test_problem_reductions_has_two_layouts_with_or_without_total():
    board, sheet = published("problem_reductions_3x3")
    for total in (board.total_mines, None):
        result = analyze(board.with_total(total))
        assert result.layouts == sheet["expected"]["solution_count"]
        assert result.mines == [(0, 1)] and result.safe == [(0, 2)]


def test_no_total_gives_certain_cells_but_no_probabilities():
    result = analyze(parse_board("1??\n12?\n.1?"))
    assert result.probabilities is None and "total number of mines" in result.note
    assert result.best == (0, 2)


def test_cells_off_the_frontier_share_what_the_total_leaves():
    result = analyze(parse_board("# mines: 3\n????\n????\n????"))
    assert {p for row in result.probabilities for p in row} == {Fraction(1, 4)}
    assert result.best == (0, 0)  # a corner: fewest neighbours, likeliest zero


def test_best_move_takes_the_lowest_probability_first():
    board = parse_board("# mines: 3\n????\n????\n????")
    chances = {(r, c): Fraction(1, 4) for r in range(3) for c in range(4)}
    chances[1, 2] = Fraction(1, 5)
    assert best_move(board, [], chances) == (1, 2)
    assert best_move(board, [(2, 3), (1, 1)], chances) == (1, 1)


def test_total_decides_cells_off_the_frontier():
    # The 1 takes the only mine: every cell away from it is safe.
    result = analyze(parse_board("# mines: 1\n1???\n????"))
    assert (1, 3) in result.safe and (0, 3) in result.safe
    # Four mines for four hidden cells: all mines.
    assert analyze(parse_board("# mines: 4\n????")).mines == [(0, 0), (0, 1), (0, 2), (0, 3)]


@pytest.mark.parametrize(
    "text, conflict, total",
    [
        ("1.\n..", [(0, 0)], False),  # a number with no hidden neighbour
        ("?1?\n111\n???", [(0, 1), (1, 0), (1, 1), (1, 2)], False),  # numbers that contradict each other
        ("# mines: 4\n1??\n12?\n.1?", [(1, 1)], True),  # the total is too large for the numbers
        ("# mines: 0\n1?", [(0, 0)], True),  # the total is too small
        ("# mines: 4\n1???", [], True),  # the total alone: more mines than hidden cells
        ("# mines: 2\nF1F\n???", [(0, 1)], False),  # a flag next to a number that is already satisfied
    ],
)
def test_inconsistent_boards_and_their_conflicts(text, conflict, total):
    for check in (True, False):
        result = analyze(parse_board(text), check=check)
        assert result.status == "inconsistent"
        assert result.conflict == conflict and result.conflict_total is total
        assert result.safe == [] and result.probabilities is None and result.best is None


def test_best_guess_prefers_the_likeliest_zero_then_the_edge():
    board, _ = published("tu2017_table3_6x1")
    assert analyze(board).best == (0, 5)  # the edge cell among the three at 1/3 (also Tu et al.'s choice)


def test_probabilities_without_the_sat_check_are_the_same():
    board, _ = published("minesweepr_readme_10x10")
    assert mine_probabilities(board) == analyze(board).probabilities == analyze(board, check=True).probabilities


def test_record_has_the_documented_keys():
    board, _ = published("problem_reductions_3x3")
    record = to_record(board, analyze(board))
    assert record["exact"][0] == [None, "1/1", "0/1"]
    assert record["probabilities"][1] == [None, None, 0.5]
    assert record["best"] == [0, 2] and record["safe"] == [[0, 2]] and record["mines"] == [[0, 1]]
    assert {"status", "width", "height", "total_mines", "conflict"} <= set(record)


def big_open_board() -> Board:
    """100x100, 2,000 mines: a border of 1s around nothing but hidden cells, a hard count."""
    rows = []
    for r in range(100):
        rows.append("".join("?" if (r % 3 and c % 3) else "1" if (r + c) % 2 else "?" for c in range(100)))
    return Board.from_rows(rows, 2000)


def test_a_tiny_budget_stops_cleanly():
    board = big_open_board()
    with pytest.raises(OutOfBudget):
        mine_probabilities(board, Budget(seconds=0.001))
    result = analyze(board, budget=Budget(seconds=0.05))
    assert result.status in ("timeout", "inconsistent", "consistent")
    if result.status != "inconsistent":
        assert result.probabilities is None and "time limit" in result.note


def test_a_timeout_keeps_the_cells_single_numbers_force():
    board = Board.from_rows([row for row in big_open_board().cells] + [[0] * 100], 2000)  # zeros under the last row
    result = analyze(board, budget=Budget(nodes=0, conflicts=0))  # no node for counting, no conflict for SAT
    assert result.status == "timeout" and result.consistent is None and result.probabilities is None
    assert result.safe == [(99, c) for c in range(1, 100, 2)] and result.mines == [] and result.best == (99, 1)
    assert "time limit" in result.note and "whether any layout fits is unknown" in result.note
    record = to_record(board, result)
    assert (record["status"], record["consistent"], record["safe"][0]) == ("timeout", None, [99, 1])


def test_a_timeout_after_sat_found_a_layout_says_the_board_is_consistent(monkeypatch):
    import puzzlesat.mines.analysis as analysis

    def counting_runs_out(board, budget):
        raise OutOfBudget("the budget ran out during counting")

    monkeypatch.setattr(analysis, "_count", counting_runs_out)
    board, _ = published("minesweepr_readme_10x10")
    result = analyze(board, budget=Budget(conflicts=1))  # SAT finds layouts, then the backbone runs out
    assert result.status == "timeout" and result.consistent is True and "a layout fits" in result.note
    assert set(result.safe) <= {(0, 3), (4, 3), (5, 2)} and set(result.mines) <= {(1, 3), (2, 3), (3, 3)}


def test_a_timeout_in_the_backbone_keeps_the_cells_sat_had_proven(monkeypatch):
    import puzzlesat.mines.analysis as analysis
    from puzzlesat.sat import Session

    def counting_runs_out(board, budget):
        raise OutOfBudget("the budget ran out during counting")

    monkeypatch.setattr(analysis, "_count", counting_runs_out)
    board = Board.from_rows(["121", "???"], 2)  # no single number forces anything: SAT finds all three cells
    solve = Session.solve
    reports = []
    for solves in range(1, 12):  # the budget runs out at the solves-th SAT call
        calls = []

        def limited(self, assumptions=(), budget=None):
            calls.append(1)
            return None if len(calls) >= solves else solve(self, assumptions, budget)

        monkeypatch.setattr(Session, "solve", limited)
        result = analyze(board, budget=Budget(seconds=60))
        assert set(result.safe) <= {(1, 1)} and set(result.mines) <= {(1, 0), (1, 2)}
        reports.append((result.note, len(result.safe) + len(result.mines)))
    stopped = [found for note, found in reports if "SAT proved before it stopped" in note]
    assert stopped and 0 < max(stopped) < 3  # the backbone had proven some cells when it stopped
    assert reports[-1][1] == 3 and "complete" in reports[-1][0]


def test_a_timeout_in_counting_reports_the_certain_cells_sat_finds():
    board, _ = published("minesweepr_readme_10x10")
    result = analyze(board, budget=Budget(nodes=1))  # counting stops at its first sweep; SAT has no limit
    assert result.status == "timeout" and result.consistent is True and result.probabilities is None
    assert result.mines == [(1, 3), (2, 3), (3, 3)]
    assert result.safe == [(0, 3), (4, 3), (5, 2)]  # (5, 2) from SAT: no single number forces it
    assert (5, 2) not in analyze(board, budget=Budget(nodes=1, conflicts=0)).safe
    assert "no probabilities" in result.note and "complete" in result.note and result.best == (0, 3)


@SETTINGS
@given(played_boards())
def test_a_timeout_in_counting_reports_exactly_the_certain_cells(board):
    count, safe, mines, _ = brute_force(board)
    result = analyze(board, budget=Budget(nodes=1))
    assert result.status in ("consistent", "timeout")  # timeout when counting needed a sweep
    assert (result.safe, result.mines, result.consistent) == (safe, mines, True)


def test_sat_keeps_its_share_of_the_seconds_when_counting_runs_out(monkeypatch):
    import puzzlesat.mines.analysis as analysis

    def counting_spends_all_it_may(known, neighbours, total, mines, budget):
        while not budget.spent():
            time.sleep(0.005)
        raise OutOfBudget("the budget ran out during counting")

    monkeypatch.setattr(analysis, "count_layouts", counting_spends_all_it_may)
    board, _ = published("minesweepr_readme_10x10")
    result = analyze(board, budget=Budget(seconds=1.0))  # SAT keeps 0.2 s: its backbone here takes milliseconds
    assert result.status == "timeout" and result.consistent is True
    assert result.safe == [(0, 3), (4, 3), (5, 2)] and result.mines == [(1, 3), (2, 3), (3, 3)]


def test_a_board_the_simple_rules_refute_stays_inconsistent_when_time_runs_out():
    board = Board.from_rows(big_open_board().cells[:99] + ((3,) + (0,) * 99,), 2000)  # a 3 with two neighbours
    result = analyze(board, budget=Budget(nodes=0))
    assert result.status == "inconsistent" and result.consistent is False


def test_the_status_says_whether_a_layout_fits():
    assert analyze(parse_board("# mines: 2\n1??\n12?\n.1?")).consistent is True
    assert analyze(parse_board("?1?\n111\n???")).consistent is False


# ---- properties against brute force ------------------------------------------------------------

def assert_matches_brute_force(board: Board, check: bool) -> None:
    count, safe, mines, chances = brute_force(board)
    result = analyze(board, check=check)
    assert result.status == ("consistent" if count else "inconsistent")
    if not count:
        return
    assert result.safe == safe
    assert result.mines == mines
    if board.total_mines is not None:
        assert result.layouts == count
        for (r, c), p in chances.items():
            assert result.probabilities[r][c] == p
        assert result.best == best_move(board, safe, chances)  # the documented rule, on brute force's chances
    else:
        assert result.probabilities is None


@SETTINGS
@given(played_boards())
def test_played_boards_match_brute_force(board):
    assert_matches_brute_force(board, check=True)


@SETTINGS
@given(played_boards(with_flags=False))
def test_counting_alone_matches_brute_force(board):
    assert_matches_brute_force(board, check=False)


@SETTINGS
@given(mostly_open_boards())
def test_mostly_open_boards_match_brute_force(board):
    assert_matches_brute_force(board, check=True)


@SETTINGS
@given(arbitrary_boards(), st.booleans())
def test_arbitrary_boards_match_brute_force(board, check):
    assert_matches_brute_force(board, check=check)


@SETTINGS
@given(arbitrary_boards())
def test_conflict_is_an_irreducible_contradiction(board):
    result = analyze(board)
    assume(result.status == "inconsistent")
    kept = set(result.conflict)
    assert all(board.cells[r][c] >= 0 for r, c in kept)
    assert not any(True for _ in layouts(board, kept, result.conflict_total))
    for number in kept:
        assert any(True for _ in layouts(board, kept - {number}, result.conflict_total))
    if result.conflict_total:
        assert any(True for _ in layouts(board, kept, total=False))


def test_patterns_are_looked_for_only_when_asked_and_only_with_a_total():
    board = parse_board("# mines: 1\n?1\n?1")
    assert analyze(board).dead is None and analyze(board).fifty_fifties is None
    found = analyze(board, patterns=True)
    assert found.dead == [(0, 0), (1, 0)] and found.fifty_fifties == [((0, 0), (1, 0))]
    assert analyze(board.with_total(None), patterns=True).dead is None


def test_a_budget_spent_while_looking_for_patterns_leaves_them_out_with_a_note(monkeypatch):
    def spent(*args, **kwargs):
        raise OutOfBudget("spent")

    monkeypatch.setattr("puzzlesat.mines.patterns.find_patterns", spent)
    found = analyze(parse_board("# mines: 1\n?1\n?1"), patterns=True, budget=Budget(seconds=60))
    assert found.status == "consistent" and found.dead is None and found.fifty_fifties is None
    assert "stopped the search for dead cells" in found.note

"""Rules on cells a step apart (chess moves, taxicab, self-taxicab, diagonal non-consecutive): every encoding
counted against brute force over its own `holds` on 4x4 and 6x6 grids, the plain rules checked by hand."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from constraint_brute import GRIDS_4X4, agreed_count, brute_count
from puzzlesat.sudoku.model.constraints.apart import (Chess, DiagonalNonconsecutive, SelfTaxicab, Taxicab, anti_king,
                                                       anti_knight)
from puzzlesat.sudoku.model.grid import Shape
from puzzlesat.sudoku.model.rules import constrained_rules

FOUR, SIX, NINE = Shape.of_side(4), Shape.of_side(6), Shape.of_side(9)
ROWS_A = (1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3) + (0,) * 24  # top two rows of a 6x6: 1408 grids keep them
ROWS_B = (1, 2, 3, 4, 5, 6, 6, 4, 5, 2, 3, 1) + (0,) * 24  # 1408 grids
ROWS_C = (4, 6, 1, 2, 3, 5, 2, 3, 5, 1, 6, 4) + (0,) * 24  # 1088 grids (rows a self-taxicab grid starts with)
# Rangsk's SudokuTests/SolverTests.cs, SolveDiagonalNonconsecutive: its givens and the one solution it asserts
DNC_GIVENS = "500000000000000000004000000000080000010200000000956000000000080008304000000000290"
DNC_SOLUTION = "572869431981432765634175829365781942819243657427956318246597183198324576753618294"


def digits(text: str) -> tuple:
    return tuple(int(ch) for ch in text)


@pytest.mark.parametrize("constraint, count", [
    (anti_knight(4), 24),
    (Chess(4, ((1, 1),), (1, 2)), 4),
    (Chess(4, ((2, 2), (3, 1)), (3,)), 36),
    (Taxicab(4, 3), 24),
    (Taxicab(4, 5), 48),
    (DiagonalNonconsecutive(4), 8),
], ids=repr)
def test_each_rule_counts_as_brute_force_on_4x4(constraint, count):
    assert agreed_count(FOUR, [constraint]) == count < GRIDS_4X4


@pytest.mark.parametrize("constraint", [anti_king(4), Chess(4, ((1, 3),)), Taxicab(4, 2), Taxicab(4, 4),
                                        SelfTaxicab(4)], ids=repr)
def test_rules_no_4x4_grid_obeys_count_none_either_way(constraint):
    assert agreed_count(FOUR, [constraint]) == 0


@pytest.mark.parametrize("constraint, givens", [
    (anti_king(6), ROWS_A),
    (Chess(6, ((2, 3),)), ROWS_A),
    (Chess(6, ((1, 1), (2, 2)), (1, 2, 3)), ROWS_A),
    (Chess(6, ((1, 2),), (2, 5)), ROWS_A),
    (Chess(6, ((1, 3),)), ROWS_B),
    (Taxicab(6, 4), ROWS_B),
    (Taxicab(6, 3), ROWS_C),
    (Taxicab(6, 5), ROWS_C),
    (SelfTaxicab(6), ROWS_C),
    (DiagonalNonconsecutive(6), ROWS_A),
], ids=repr)
def test_each_rule_counts_as_brute_force_on_6x6(constraint, givens):
    assert 0 < agreed_count(SIX, [constraint], givens) < brute_count(SIX, [], givens)


def test_rules_together_count_as_brute_force():
    zebra = Chess(6, ((2, 3),))
    assert 0 < agreed_count(SIX, [zebra, Taxicab(6, 5)], ROWS_A) < agreed_count(SIX, [zebra], ROWS_A)
    assert agreed_count(FOUR, [anti_knight(4), DiagonalNonconsecutive(4), Chess(4, ((1, 1),), (1, 2))]) == 0


def test_rangsk_diagonal_nonconsecutive_puzzle_has_his_answer_only():
    grid = digits(DNC_SOLUTION)
    assert DiagonalNonconsecutive(9).holds(grid, None) and not anti_king(9).holds(grid, None)
    assert agreed_count(NINE, [DiagonalNonconsecutive(9)], grid[:45] + digits(DNC_GIVENS)[45:]) == 1


# ---- the plain rules --------------------------------------------------------------------------------------

SHIFTED = digits("1234" "3412" "2143" "4321")  # rows shifted by two: equal digits a knight's move apart
MIRRORED = digits("1234" "4321" "3412" "2143")  # a grid with no repeat a knight's move apart


def test_chess_moves_for_every_digit_or_some():
    # SHIFTED: the 1s at r1c1 and r2c3 are a knight's move apart, and so are the 2s, 3s and 4s of rows 1 and 2
    assert not anti_knight(4).holds(SHIFTED, None) and not Chess(4, ((2, 1),), (1,)).holds(SHIFTED, None)
    assert anti_knight(4).holds(MIRRORED, None) and Chess(4, ((1, 2),), (1, 3)).holds(MIRRORED, None)
    # SHIFTED: the 2s at r2c4 and r3c1 are a camel's move (1, 3) apart, and the 3s at r2c1 and r3c4; no 1s or 4s
    assert not Chess(4, ((1, 3),), (2,)).holds(SHIFTED, None) and not Chess(4, ((3, 1),), (3,)).holds(SHIFTED, None)
    assert Chess(4, ((1, 3),), (1, 4)).holds(SHIFTED, None) and not Chess(4, ((1, 3),)).holds(SHIFTED, None)
    assert Chess(4, ((3, 1),)).forbids(-1, 3, 2, 2) and not Chess(4, ((3, 1),)).forbids(1, 3, 2, 3)
    assert Chess(4, ((1, 2),), (2,)).forbids(2, -1, 2, 2) and not Chess(4, ((1, 2),), (2,)).forbids(2, 1, 3, 3)


def test_taxicab_and_self_taxicab_count_steps_along_rows_and_columns():
    # SHIFTED: the 1s at r1c1 and r2c3 are 1 + 2 = 3 steps apart; the 3s at r1c3 and r2c1 too (self-taxicab 3)
    assert not Taxicab(4, 3).holds(SHIFTED, None) and not SelfTaxicab(4).holds(SHIFTED, None)
    # MIRRORED: equal digits are 1 + 3 = 4 steps apart (r1c1, r2c4) or 2 (r1c2, r2c3: the 2s, self-taxicab 2)
    assert Taxicab(4, 3).holds(MIRRORED, None) and not Taxicab(4, 4).holds(MIRRORED, None)
    assert not SelfTaxicab(4).holds(MIRRORED, None)
    assert Taxicab(4, 4).forbids(-2, 2, 1, 1) and not Taxicab(4, 4).forbids(1, 2, 1, 1)
    assert SelfTaxicab(4).forbids(1, 1, 2, 2) and not SelfTaxicab(4).forbids(1, 1, 3, 3)
    assert SelfTaxicab(4).forbids(-1, 2, 3, 3) and not SelfTaxicab(4).forbids(1, 2, 2, 3)


def test_diagonal_nonconsecutive():
    rule = DiagonalNonconsecutive(4)
    assert rule.forbids(1, -1, 2, 3) and rule.forbids(-1, 1, 4, 3) and not rule.forbids(1, 1, 2, 4)
    assert not rule.forbids(0, 1, 2, 3) and not rule.forbids(2, 2, 2, 3)
    assert not rule.holds(SHIFTED, None)  # r1c2 = 2 and r2c1 = 3
    assert rule.holds(MIRRORED, None)


# ---- encodings: groups and clauses ------------------------------------------------------------------------

def test_anti_king_and_anti_knight_are_chess_moves_and_groups_of_two():
    king, knight = anti_king(9), anti_knight(9)
    assert king == Chess(9, ((1, 1),)) == Chess(9, ((-1, 1),)) and knight == Chess(9, ((2, -1),))
    assert (king.name, king.kind, knight.name, knight.kind) == ("anti-king", "anti-king", "anti-knight", "anti-knight")
    assert len(king.groups()) == 2 * 8 * 8 and len(knight.groups()) == 4 * 8 * 7
    assert all(abs(a // 9 - b // 9) == 1 and abs(a % 9 - b % 9) == 1 for a, b in king.groups())
    assert king.only_groups and knight.only_groups and list(constrained_rules(NINE, [king]).extra_clauses) == []
    assert set(Taxicab(9, 3).groups()) == set(knight.groups())  # off rows and columns, taxicab 3 is the knight


def test_some_digits_only_are_clauses_not_groups():
    rule = Chess(9, ((1, 3),), (5, 1))
    assert rule.digits == (1, 5) and rule.groups() == () and not rule.only_groups
    rules = constrained_rules(NINE, [rule])
    assert len(rules.extra_clauses) == 2 * 4 * 8 * 6 and all(len(clause) == 2 for clause in rules.extra_clauses)


def test_steps_along_rows_and_columns_forbid_no_repeat():
    assert len(Taxicab(9, 2).groups()) == 2 * 8 * 8  # the diagonal neighbours; two apart in a row adds nothing
    assert len(constrained_rules(NINE, [SelfTaxicab(9)]).extra_groups) == 0


def test_names_and_labels():
    geometry = constrained_rules(NINE).geometry
    rules = constrained_rules(NINE, [Chess(9, ((1, 3), (2, 2), (1, 1)))])
    assert set(rules.names) >= {"camel's move r1c1-r2c4", "chess move r1c1-r3c3", "king's move r1c1-r2c2"}
    assert Chess(9, ((1, 3), (2, 2)), (3, 1)).label(geometry) == "chess 1,3;2,2;v1,3"
    assert Chess(9, ((1, 3),), (3, 1)).rule == "no 1 or 3 repeated a camel's move apart"
    assert anti_king(9).rule == "no repeat a king's move apart"
    assert constrained_rules(NINE, [Taxicab(9, 4)]).names[0].startswith("taxicab 4 r1c")
    assert (SelfTaxicab(9).label(geometry), DiagonalNonconsecutive(9).label(geometry)) == (
        "self-taxicab", "diagonal non-consecutive")


def test_a_violation_names_the_move():
    from puzzlesat.sudoku.model.grid import Puzzle

    values = [0] * 81
    values[0] = values[12] = 3
    rules = constrained_rules(NINE, [Chess(9, ((1, 3),))])
    assert rules.violation(Puzzle(NINE, tuple(values))) == "two 3s in camel's move r1c1-r2c4"


@pytest.mark.parametrize("make, message", [
    (lambda: Chess(9, ((1, 9),)), "chess offset 1,9 reaches beyond a 9x9 grid"),
    (lambda: Chess(9, ((0, 2),)), "chess offset 0,2 runs along a row or column"),
    (lambda: Chess(9, ()), "needs at least one offset"),
    (lambda: Chess(9, ((1, 2),), (10,)), "chess digit 10 is not a digit of a 9x9 grid"),
    (lambda: Chess(9, ((1, 2),), ()), "digit list is empty"),
    (lambda: Taxicab(9, 17), "taxicab 17 links no two cells of a 9x9 grid outside a row or column"),
    (lambda: Taxicab(9, 1), "taxicab 1 links no two cells"),
])
def test_rules_that_link_nothing_are_refused(make, message):
    with pytest.raises(ValueError, match=message):
        make()


# ---- random moves and digits ------------------------------------------------------------------------------

offsets = st.lists(st.sampled_from([(1, 1), (1, 2), (2, 1), (1, 3), (2, 2), (2, 3), (3, 3)]), min_size=1, max_size=3)
digit_sets = st.one_of(st.none(), st.lists(st.integers(1, 4), min_size=1, max_size=4, unique=True).map(tuple))


@settings(max_examples=80, deadline=None)
@given(offsets, digit_sets)
def test_random_chess_moves_count_as_brute_force_on_4x4(moves, only):
    agreed_count(FOUR, [Chess(4, tuple(moves), only)])


@settings(max_examples=25, deadline=None)
@given(offsets, st.one_of(st.none(), st.lists(st.integers(1, 6), min_size=1, max_size=3, unique=True).map(tuple)),
       st.sampled_from([ROWS_A, ROWS_B, ROWS_C]))
def test_random_chess_moves_count_as_brute_force_on_6x6(moves, only, givens):
    agreed_count(SIX, [Chess(6, tuple(moves), only)], givens)


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 10), st.sampled_from([ROWS_A, ROWS_B, ROWS_C]), st.booleans())
def test_random_taxicab_distances_count_as_brute_force_on_6x6(distance, givens, with_self):
    agreed_count(SIX, [Taxicab(6, distance)] + [SelfTaxicab(6)] * with_self, givens)

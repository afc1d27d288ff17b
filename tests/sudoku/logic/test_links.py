"""Each constraint's own logic (logic/links.py) against brute force: on small grids, the candidates no filling of a
constraint uses, the digits every filling holds and the weak links (two candidates no filling holds together) are
exactly those that listing every filling by hand gives."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.sudoku.logic import links as links_module
from puzzlesat.sudoku.logic.candidates import CandidateGrid
from puzzlesat.sudoku.logic.links import ConstraintLogic, LinkMap, rules_peers
from puzzlesat.sudoku.model.constraints import (XV, Arrow, Between, Clone, DoubleArrow, Entropic, Extremum, Indexer,
                                                Killer, Kropki, LittleKiller, Lockout, Modular, Nabner, Negative,
                                                Palindrome, Parity, PencilMarks, Quadruple, RegionSumLine, Renban,
                                                Sandwich, Skyscraper, Thermometer, Whisper, XSum, Zipper)
from puzzlesat.sudoku.model.grid import Puzzle, Shape
from puzzlesat.sudoku.model.rules import constrained_rules

FOUR, SIX = Shape.of_side(4), Shape.of_side(6)
ROW = (0, 1, 2, 3)

# One or two of every kind of constraint, on a 4x4 grid unless the kind needs a side divisible by three.
EVERY_KIND = [
    (FOUR, Killer((0, 1, 4), 7)), (FOUR, Killer((5, 6), 3)), (FOUR, LittleKiller((1, 6, 11), 5)),
    (FOUR, Sandwich(ROW, 0)), (FOUR, XSum(ROW, 10)), (FOUR, Skyscraper(ROW, 2)), (FOUR, Arrow((0,), (1, 4))),
    (FOUR, Arrow((0, 1), (4, 5, 8, 9))), (FOUR, DoubleArrow((0, 4, 5, 6, 2))),
    (FOUR, Quadruple((5, 6, 9, 10), (1, 2, 3))), (FOUR, Thermometer((0, 1, 2))),
    (FOUR, Thermometer((0, 6, 9, 15), slow=True)), (FOUR, Between((0, 1, 2, 3))), (FOUR, Whisper((0, 1, 5, 6), 2)),
    (FOUR, Renban((0, 5, 10, 15))), (FOUR, RegionSumLine((1, 5, 6, 11))), (FOUR, Palindrome((0, 5, 10, 15))),
    (FOUR, Zipper((0, 1, 2, 6, 5))), (FOUR, Modular((0, 1, 2, 6))), (FOUR, Nabner((0, 15))),
    (FOUR, Lockout((0, 5, 10, 15), 2)), (FOUR, Kropki(0, 1, "white")), (FOUR, Kropki(0, 4, "black")),
    (FOUR, XV(0, 1, 5)), (FOUR, Negative("white", ((0, 1), (1, 2), (4, 8)))), (FOUR, Parity(0, True)),
    (FOUR, PencilMarks(6, (1, 3, 4))), (FOUR, Extremum(5, True)), (FOUR, Clone((0, 1), (10, 11))),
    (FOUR, Indexer((0, 4), "column")), (SIX, Entropic((6, 7, 13, 14))),
]


def brute(rules, constraint, cells: tuple, cands: list) -> tuple:
    """(impossible, must contain, links) of a constraint over `cells`, by listing every filling of them."""
    side, peers, geometry = rules.shape.side, rules_peers(rules), rules.geometry
    fillings = []
    for digits in product(*[[d for d in range(1, side + 1) if cands[cell] >> (d - 1) & 1] for cell in cells]):
        if any(digits[i] == digits[j] and cells[j] in peers[cells[i]]
               for i in range(len(cells)) for j in range(i + 1, len(cells))):
            continue
        values = [0] * rules.shape.cells
        for cell, digit in zip(cells, digits):
            values[cell] = digit
        if constraint.holds(values, geometry):
            fillings.append({cell * side + digit - 1 for cell, digit in zip(cells, digits)})
    present = {cell * side + d for cell in cells for d in range(side) if cands[cell] >> d & 1}
    used = set().union(*fillings) if fillings else set()
    digits = [{cand % side + 1 for cand in filling} for filling in fillings]
    must = set.intersection(*digits) if digits else set()
    links = {a: {b for b in used if b != a and not any(a in f and b in f for f in fillings)} for a in used}
    return present - used, must, links


def answers_of(shape, constraint, givens=()):
    """The rules, the start board (with `givens`), the constraint's one piece and its answers there."""
    rules = constrained_rules(shape, [constraint])
    values = [0] * shape.cells
    for cell, digit in givens:
        values[cell] = digit
    board = CandidateGrid.start(Puzzle(shape, tuple(values)), rules)
    logic = ConstraintLogic(rules)
    [piece] = logic.pieces
    try:
        return rules, board, piece, logic.answers(board, piece)
    finally:
        logic.close()


def as_masks(links: dict) -> dict:
    """Links as the engine keeps them: candidate -> mask."""
    return {a: sum(1 << b for b in others) for a, others in links.items()}


@pytest.mark.parametrize("shape, constraint", EVERY_KIND, ids=lambda value: repr(value) if not isinstance(value, Shape)
                         else str(value.side))
def test_each_constraint_says_exactly_what_listing_its_fillings_says(shape, constraint):
    rules, board, piece, answers = answers_of(shape, constraint)
    impossible, must, links = brute(rules, constraint, piece.cells, board.cands)
    assert set(answers.impossible) == impossible
    if not piece.houses(rules):
        assert set(answers.must_contain) == must
    assert answers.links == as_masks(links)


@pytest.mark.parametrize("shape, constraint", [entry for entry in EVERY_KIND if len(entry[1].footprint()) >= 3][:12],
                         ids=lambda value: repr(value) if not isinstance(value, Shape) else str(value.side))
def test_beyond_the_listing_limit_the_links_are_the_sound_ones_propagation_finds(shape, constraint, monkeypatch):
    monkeypatch.setattr(links_module, "FILLINGS", 0)
    rules, board, piece, answers = answers_of(shape, constraint)
    impossible, must, links = brute(rules, constraint, piece.cells, board.cands)
    assert set(answers.impossible) == impossible  # still a complete check
    if not piece.houses(rules):
        assert set(answers.must_contain) == must
    for cand, mask in answers.links.items():
        assert mask & ~as_masks(links)[cand] == 0  # never a link no brute force shows


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(EVERY_KIND), st.lists(st.tuples(st.integers(0, 15), st.integers(1, 4)), max_size=3))
def test_with_givens_the_answers_still_match_brute_force(entry, givens):
    shape, constraint = entry
    if shape is not FOUR:
        return
    cells = {}
    for cell, digit in givens:
        cells.setdefault(cell, digit)
    rules, board, piece, answers = answers_of(shape, constraint, cells.items())
    if board.broken:
        return
    impossible, must, links = brute(rules, constraint, piece.cells, board.cands)
    assert set(answers.impossible) == impossible
    assert answers.links == as_masks(links)


def test_a_constraint_spread_over_the_grid_is_cut_into_its_independent_parts():
    shape = Shape.of_side(9)
    pairs = tuple((cell, cell + 1) for cell in range(0, 80) if cell % 9 < 8)[:20]
    rules = constrained_rules(shape, [Negative("white", pairs), Killer((0, 1, 9), 24)])
    logic = ConstraintLogic(rules)
    try:
        kinds = [piece.kind for piece in logic.pieces]
        assert kinds.count("negative") == 20 and kinds.count("killer") == 1
        assert all(len(piece.cells) == 2 for piece in logic.pieces if piece.kind == "negative")
    finally:
        logic.close()


def test_the_link_map_joins_houses_cells_and_constraints_both_ways():
    rules = constrained_rules(FOUR, [Kropki(0, 1, "black")])  # r1c1 and r1c2: one twice the other
    board = CandidateGrid.start(Puzzle(FOUR, (0,) * 16), rules)
    links = LinkMap(board)
    one_at_a = 0 * 4 + 0  # r1c1=1
    four_at_b = 1 * 4 + 3  # r1c2=4: possible beside a 2, never beside a 1
    assert links.excludes[one_at_a] >> four_at_b & 1 and links.excludes[four_at_b] >> one_at_a & 1
    assert links.excludes[one_at_a] >> (4 * 4 + 0) & 1  # the same digit below it, in its column
    assert links.excludes[one_at_a] >> 1 & 1  # r1c1=2: the same cell


def test_a_house_combined_with_the_constraints_across_it_finds_the_45_rule():
    # Box 1 of a 4x4 holds 1-4 (sum 10); a cage of three of its cells sums to 9, so the fourth cell is 1: the killer
    # cage alone cannot say it (its cells may be 2, 3, 4 in any order, and the fourth cell is not in it).
    rules = constrained_rules(FOUR, [Killer((0, 1, 4), 9)])
    board = CandidateGrid.start(Puzzle(FOUR, (0,) * 16), rules)
    logic = ConstraintLogic(rules)
    try:
        [cage] = logic.pieces
        assert not [cand for cand in logic.impossible(board, cage) if cand // 4 == 5]
        box = next(piece for piece in logic.combinations if piece.name.startswith("box 1"))
        assert box.name == "box 1 with a killer cage" and box.parts == 1
        assert sorted(cand % 4 + 1 for cand in logic.impossible(board, box) if cand // 4 == 5) == [2, 3, 4]
        assert set(logic.refuted(board, cage)) <= set(logic.impossible(board, cage))
    finally:
        logic.close()

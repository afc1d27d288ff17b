"""The rules a solution obeys: which group a clash is in, checks with variant groups and cage sums."""

from __future__ import annotations

from puzzlesat.sudoku import Rules, Shape, parse
from puzzlesat.sudoku.model.constraints import Killer
from puzzlesat.sudoku.model.grid import Puzzle
from puzzlesat.sudoku.model.rules import constrained_rules

WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
WIKI_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def test_rules_violation_names_the_group():
    puzzle = parse("55" + "." * 79)
    assert Rules(puzzle.shape).violation(puzzle) == "two 5s in row 1"
    puzzle = parse("5" + "." * 8 + "5" + "." * 71)
    assert Rules(puzzle.shape).violation(puzzle) == "two 5s in column 1"
    puzzle = parse("5" + "." * 9 + "5" + "." * 70)
    assert Rules(puzzle.shape).violation(puzzle) == "two 5s in box 1"
    assert Rules(Shape.of_side(9)).violation(parse(WIKI)) is None


def test_extra_groups_and_cage_sums_are_checked():
    shape = Shape.of_side(4)
    solution = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    puzzle = Puzzle(shape, (0,) * 16)
    diagonal = Rules(shape, extra_groups=((0, 5, 10, 15),), names=("diagonal 1",))
    assert not diagonal.is_solution(puzzle, solution)  # 1, 4, 4, 1 on the diagonal
    assert diagonal.violation(Puzzle(shape, (1,) + (0,) * 14 + (1,))) == "two 1s in diagonal 1"
    assert constrained_rules(shape, [Killer((0, 1), 3)]).is_solution(puzzle, solution)
    assert not constrained_rules(shape, [Killer((0, 1), 4)]).is_solution(puzzle, solution)


def test_groups_are_named_when_some_cells_are_in_no_region():
    shape = Shape.of_side(4)
    rules = Rules(shape, extra_groups=((3, 6, 9, 12),), regions=((0, 1, 4, 5),), names=("diagonal 2",))
    assert rules.grid_groups == 9
    assert rules.violation(Puzzle(shape, (1,) + (0,) * 4 + (1,) + (0,) * 10)) == "two 1s in region 1"
    assert rules.violation(Puzzle(shape, (0,) * 3 + (2,) + (0,) * 5 + (2,) + (0,) * 6)) == "two 2s in diagonal 2"

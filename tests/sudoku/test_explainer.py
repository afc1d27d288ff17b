"""The explainer: each technique on a puzzle that needs it, soundness of every step, outcomes and hints."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlesat import sudoku
from puzzlesat.sudoku import Rules, Shape, explain, hint, parse
from puzzlesat.sudoku.candidates import CandidateGrid, layout
from puzzlesat.sudoku.explainer import FINDERS, TECHNIQUES, deduce

PUZZLES = Path(__file__).resolve().parents[2] / "puzzles" / "sudoku"
WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

# Puzzles from the shipped sets (top95.txt, hardest11.txt) on which the simpler techniques get stuck
# and this one moves on (found by scanning the sets).
NEEDS = {
    "naked single": ".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8...",
    "pointing": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "claiming": ".524.........7.1..............8.2...3.....6...9.5.....1.6.3...........897........",
    "naked pair": "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.",
    "x-wing": "....7..2.8.......6.1.2.5...9.54....8.........3....85.1...3.2.8.4.......9.7..6....",
    "hidden pair": "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
    "naked triple": "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...",
    "swordfish": "..8.9.1...6.5...2......6....3.1.7.5.........9..4...3...5....2...7...3.8.2..7....4",
    "hidden triple": "..84...3....3.....9....157479...8........7..514.....2...9.6...2.5....4......9..56",
    "xy-wing": "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
}


def lines(name: str) -> list:
    return [l.strip() for l in (PUZZLES / name).read_text().splitlines() if l.strip() and not l.startswith("#")]


def assert_sound(step, solution) -> None:
    """A step never places a wrong digit and never removes the right one."""
    for cell, digit in step.placements:
        assert solution[cell] == digit, step
    for cell, digit in step.eliminations:
        assert solution[cell] != digit, step


@pytest.mark.parametrize("technique", sorted(NEEDS))
def test_technique_on_a_puzzle_that_needs_it(technique):
    puzzle = parse(NEEDS[technique])
    solution = sudoku.solve(puzzle).solution
    board = CandidateGrid.start(puzzle)
    simpler = TECHNIQUES[: TECHNIQUES.index(technique)]
    for step in deduce(board, simpler):
        assert_sound(step, solution)
    assert not board.solved  # the simpler techniques are stuck here
    step = next(iter(FINDERS[technique](board)), None)
    assert step is not None and step.technique == technique
    assert step.placements or step.eliminations
    assert_sound(step, solution)


DESCRIBED = {  # the first step of each technique on its puzzle in NEEDS, as a person reads it
    "claiming": "claiming: in row 1, 3 lies only in r1c7, r1c8, r1c9; remove 3 from r2c8, r2c9, r3c7, r3c8, r3c9",
    "hidden pair": "hidden pair: in box 3, 4, 8 fit only in r3c8, r3c9; remove 3 from r3c8, r3c9; 5 from r3c8, r3c9; "
                   "6 from r3c9; 9 from r3c8, r3c9",
    "hidden triple": "hidden triple: in column 3, 1, 4, 7 fit only in r2c3, r8c3, r9c3; remove 2 from r2c3, r8c3, r9c3; "
                     "3 from r8c3, r9c3; 6 from r2c3, r8c3",
    "naked pair": "naked pair: in box 7, r8c3, r9c3 hold only 8, 9; remove 8 from r7c3, r9c1; "
                  "9 from r7c2, r7c3, r8c2, r9c1, r9c2",
    "naked single": "naked single: r2c2 can only be 2",
    "naked triple": "naked triple: in box 8, r7c4, r7c5, r7c6 hold only 3, 6, 9; remove 3 from r8c4, r8c6; 6 from r9c5; "
                    "9 from r8c6, r9c5",
    "pointing": "pointing: in box 3, 7 lies only in r2c7, r2c9; remove 7 from r2c1, r2c3",
    "swordfish": "swordfish: in rows 1, 6, 7, 7 lies only in r1c1, r1c8, r1c9, r6c1, r6c8, r6c9, r7c8, r7c9; "
                 "remove 7 from r2c1, r3c1, r5c1, r3c8, r5c8, r2c9, r3c9",
    "x-wing": "x-wing: in columns 1, 9, 2 lies only in r5c1, r5c9, r9c1, r9c9; "
              "remove 2 from r5c2, r5c3, r5c5, r5c7, r9c3, r9c7",
    "xy-wing": "xy-wing: pivot r7c1 with pincers r2c1 and r8c3; remove 9 from r2c3, r9c1",
}


@pytest.mark.parametrize("technique", sorted(NEEDS))
def test_each_technique_describes_its_step_in_words(technique):
    puzzle = parse(NEEDS[technique])
    board = CandidateGrid.start(puzzle)
    list(deduce(board, TECHNIQUES[: TECHNIQUES.index(technique)]))
    step = next(iter(FINDERS[technique](board)))
    text = step.describe(puzzle)
    assert text == DESCRIBED[technique]
    assert text.startswith(f"{technique}: ") and (step.unit is None or step.unit in text)
    assert all(puzzle.shape.cell_name(cell) in text for cell in step.cells)
    assert all(puzzle.shape.cell_name(cell) in text for cell, _ in (*step.placements, *step.eliminations))
    assert step.as_dict(puzzle)["text"] == text


def blank_board(side: int = 9) -> CandidateGrid:
    rules = Rules(Shape.of_side(side))
    full = (1 << side) - 1
    return CandidateGrid(rules, [0] * side * side, [full] * side * side, layout(rules))


def without(board: CandidateGrid, cells, digits) -> None:
    for cell in cells:
        for digit in digits:
            board.eliminate(cell, digit)


def test_naked_quad():
    board = blank_board()
    without(board, range(4), range(5, 10))  # r1c1-r1c4 hold only 1-4
    step = next(iter(FINDERS["naked quad"](board)))
    assert step.unit == "row 1" and step.cells == (0, 1, 2, 3) and step.digits == (1, 2, 3, 4)
    assert step.describe(parse("." * 81)).startswith("naked quad: in row 1, r1c1, r1c2, r1c3, r1c4 hold only 1, 2, 3, 4; "
                                                    "remove 1 from r1c5,")
    assert {cell for cell, _ in step.eliminations} == set(range(4, 9))
    assert all(next(iter(FINDERS[t](board)), None) is None for t in TECHNIQUES[: TECHNIQUES.index("naked quad")])


def test_hidden_quad():
    board = blank_board()
    without(board, range(4, 9), range(1, 5))  # 1-4 fit only in r1c1-r1c4
    step = next(iter(FINDERS["hidden quad"](board)))
    assert step.unit == "row 1" and step.cells == (0, 1, 2, 3) and step.digits == (1, 2, 3, 4)
    assert step.describe(parse("." * 81)).startswith("hidden quad: in row 1, 1, 2, 3, 4 fit only in r1c1, r1c2, r1c3, "
                                                    "r1c4; remove 5 from r1c1,")
    assert set(step.eliminations) == {(cell, d) for cell in range(4) for d in range(5, 10)}
    assert all(next(iter(FINDERS[t](board)), None) is None for t in TECHNIQUES[: TECHNIQUES.index("hidden quad")])


def test_jellyfish():
    board = blank_board()
    rows, cols = (0, 1, 3, 6), (0, 1, 3, 6)
    without(board, [r * 9 + c for r in rows for c in range(9) if c not in cols], [1])
    step = next(iter(FINDERS["jellyfish"](board)))
    assert step.digits == (1,) and step.unit == "rows 1, 2, 4, 7"
    assert step.describe(parse("." * 81)).startswith("jellyfish: in rows 1, 2, 4, 7, 1 lies only in r1c1, r1c2,")
    assert set(step.eliminations) == {(r * 9 + c, 1) for r in range(9) if r not in rows for c in cols}
    assert all(next(iter(FINDERS[t](board)), None) is None for t in TECHNIQUES[: TECHNIQUES.index("jellyfish")])


@pytest.mark.parametrize("name, count", [("top95.txt", 25), ("17clue-200.txt", 25), ("hardest11.txt", 11)])
def test_every_step_is_sound(name, count):
    for line in lines(name)[:count]:
        puzzle = parse(line)
        solution = sudoku.solve(puzzle).solution
        for step in explain(puzzle).steps:
            assert_sound(step, solution)


def test_easy_puzzle_is_explained_to_the_end():
    puzzle = parse(WIKI)
    explanation = explain(puzzle)
    assert explanation.outcome == "solved" and explanation.finished_by_solver == []
    assert len([s for s in explanation.steps if s.placements]) == WIKI.count(".")
    assert explanation.steps[0].describe(puzzle) == "hidden single: 8 fits only r1c6 in box 2"


def test_hard_puzzle_stops_and_the_solver_finishes():
    line = lines("hardest1106-20.txt")[0]
    puzzle = parse(line)
    solution = sudoku.solve(puzzle).solution
    explanation = explain(puzzle, solution=solution)
    assert explanation.outcome == "stuck"
    rest = explanation.finished_by_solver
    assert rest and all(solution[cell] == value for cell, value in rest)
    data = explanation.as_dict()
    assert data["outcome"] == "stuck" and len(data["finished_by_solver"]) == data["open_cells"] == len(rest)


def test_hint_is_the_first_step():
    puzzle = parse(WIKI)
    step = hint(puzzle)
    assert step == explain(puzzle).steps[0]
    data = step.as_dict(puzzle)
    assert data == {"technique": "hidden single", "unit": "box 2", "cells": ["r1c6"], "digits": ["8"],
                    "place": [["r1c6", "8"]], "eliminate": [], "text": "hidden single: 8 fits only r1c6 in box 2"}


def test_hint_on_a_solved_grid_is_none():
    solution = sudoku.solve(WIKI).text
    assert hint(parse(solution)) is None


def test_variant_units_take_part():
    from puzzlesat.sudoku.variants import make_variant

    path = PUZZLES / "variants" / "diagonal-sudopedia.txt"
    text = path.read_text().splitlines()
    answer = next(l.split(":", 1)[1].strip() for l in text if l.startswith("# answer:"))
    puzzle = parse(text[-1])
    rules = make_variant(["diagonal"]).rules(puzzle.shape)
    explanation = explain(puzzle, rules)
    assert explanation.outcome == "solved"
    assert puzzle.format_values(explanation.values) == answer
    assert any(step.unit and step.unit.startswith("diagonal") for step in explanation.steps)


def test_cli_explain_jsonl(run_cli):
    import json

    result = run_cli(["sudoku", "--explain", "-f", "jsonl", "-"], input=WIKI + "\n")
    assert result.exit_code == 0
    record = json.loads(result.output)
    assert record["status"] == "solved" and record["explanation"]["outcome"] == "solved"
    assert record["explanation"]["steps"][0]["text"] == "hidden single: 8 fits only r1c6 in box 2"


def test_cli_explain_line_and_pretty_say_how_the_solver_finishes(run_cli):
    hard = lines("hardest1106-20.txt")[0]
    result = run_cli(["sudoku", "--explain", "-f", "line", "-"], input=hard + "\n")
    assert result.exit_code == 0 and "only search remains" in result.output and "the solver finishes" in result.output
    result = run_cli(["sudoku", "--explain", "-f", "pretty", "-"], input=hard + "\n")
    assert "only search remains" in result.output and "the solver finishes" in result.output


def test_cli_hint(run_cli):
    import json

    result = run_cli(["sudoku", "--hint", "-f", "jsonl", "-"], input=WIKI + "\n")
    assert json.loads(result.output)["hint"]["text"] == "hidden single: 8 fits only r1c6 in box 2"
    result = run_cli(["sudoku", "--hint", "-f", "line", "-"], input=WIKI + "\n")
    assert result.output == "hidden single: 8 fits only r1c6 in box 2\n"
    result = run_cli(["sudoku", "--hint", "-f", "pretty", "-"], input=WIKI + "\n")
    assert "hint: hidden single" in result.output


def test_cli_explain_and_hint_together_is_a_usage_error(run_cli):
    result = run_cli(["sudoku", "--hint", "--explain", "-"], input=WIKI + "\n")
    assert result.exit_code == 2

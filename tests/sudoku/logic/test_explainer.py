"""The explainer: SE's path to the end, every step sound, outcomes, hints, pencil-mark positions, the CLI.

The techniques themselves are tested one module each in tests/sudoku/logic/techniques/.
"""

from __future__ import annotations

import json

import pytest
from conftest import ROOT

from puzzlesat import sudoku
from puzzlesat.sudoku import explain, hint, parse
from puzzlesat.sudoku.logic.candidates import CandidateGrid
from puzzlesat.sudoku.reading.pencil import marks_grid, marks_line
from puzzlesat.sudoku.logic.steps import Step

PUZZLES = ROOT / "puzzles" / "sudoku"
WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
WIKI_FIRST = "Hidden Single: 8 fits only r1c6 in box 2"


def lines(name: str) -> list:
    return [l.strip() for l in (PUZZLES / name).read_text().splitlines() if l.strip() and not l.startswith("#")]


def assert_sound(step, solution) -> None:
    """A step never places a wrong digit and never removes the right one."""
    for cell, digit in step.placements:
        assert solution[cell] == digit, step
    for cell, digit in step.eliminations:
        assert solution[cell] != digit, step


@pytest.mark.parametrize("name, count", [("top95.txt", 6), ("17clue-200.txt", 12), ("hardest11.txt", 2)])
def test_every_step_is_sound_and_the_path_ends_solved(name, count):
    for line in lines(name)[:count]:
        puzzle = parse(line)
        solution = sudoku.solve(puzzle).solution
        explanation = explain(puzzle, solution=solution, assume_unique=True)
        assert explanation.outcome == "solved", line
        assert explanation.values == tuple(solution)
        for step in explanation.steps:
            assert_sound(step, solution)
            assert step.placements or step.eliminations


@pytest.mark.slow
@pytest.mark.parametrize("name, count", [("top95.txt", 20), ("hardest1106-20.txt", 2)])
def test_every_step_is_sound_on_hard_sets(name, count):
    for line in lines(name)[:count]:
        puzzle = parse(line)
        solution = sudoku.solve(puzzle).solution
        explanation = explain(puzzle, solution=solution, assume_unique=True)
        assert explanation.outcome == "solved", line
        for step in explanation.steps:
            assert_sound(step, solution)


def test_easy_puzzle_is_explained_with_singles():
    puzzle = parse(WIKI)
    explanation = explain(puzzle)
    assert explanation.outcome == "solved" and explanation.finished_by_solver == []
    assert {step.technique for step in explanation.steps} <= {"Hidden Single", "Naked Single"}
    assert len(explanation.steps) == WIKI.count(".")
    assert explanation.steps[0].describe(puzzle) == WIKI_FIRST
    assert explanation.ending == "solved by these steps alone"


def test_a_limit_stops_the_steps_and_the_solver_finishes():
    puzzle = parse(WIKI)
    solution = sudoku.solve(puzzle).solution
    explanation = explain(puzzle, solution=solution, limit=5)
    assert explanation.outcome == "more" and len(explanation.steps) == 5
    rest = explanation.finished_by_solver
    assert len(rest) == WIKI.count(".") - 5 and all(solution[cell] == value for cell, value in rest)
    assert explanation.ending.startswith("stopped after 5 steps") and "the solver finishes" in explanation.ending
    data = explanation.as_dict()
    assert data["outcome"] == "more" and len(data["finished_by_solver"]) == data["open_cells"] == len(rest)


def test_a_puzzle_with_several_solutions_gets_stuck_at_once():
    explanation = explain(parse("." * 81))
    assert explanation.outcome == "stuck" and explanation.open_cells == 81
    assert "more than one solution" in explanation.ending
    assert hint(parse("." * 81)) is None
    several = parse(lines("top95.txt")[0][:-20] + "." * 20)  # givens removed: several solutions, singles first
    steps = explain(several).steps
    assert steps and explain(several).outcome == "stuck"


def test_contradicting_givens_are_broken():
    assert explain(parse("11" + "." * 79)).outcome == "broken"


def test_uniqueness_techniques_only_when_asked():
    """A puzzle whose SE path (ER 4.5, se-train.tsv) takes a Unique Rectangle: only when uniqueness is assumed."""
    puzzle = parse("000000001000002030004050000000001000006000500070800600000060800020000007310000000")
    uniqueness = ("Unique", "BUG")
    assert not any(step.technique.startswith(uniqueness) for step in explain(puzzle).steps)
    steps = explain(puzzle, assume_unique=True).steps
    assert any(step.technique == "Unique Rectangle type 1" for step in steps)
    assert max(step.difficulty for step in steps) == 4.5


def test_hint_is_the_first_step():
    puzzle = parse(WIKI)
    step = hint(puzzle)
    assert step == explain(puzzle).steps[0]
    data = step.as_dict(puzzle)
    assert data == {"technique": "Hidden Single", "difficulty": 1.2, "unit": "box 2", "cells": ["r1c6"],
                    "digits": ["8"], "place": [["r1c6", "8"]], "eliminate": [], "text": WIKI_FIRST}


def test_hint_never_answers_no_step_on_a_hard_puzzle():
    for line in lines("hardest11.txt")[:3]:
        puzzle = parse(line)
        step = hint(puzzle, assume_unique=True)
        assert step is not None and (step.placements or step.eliminations)
        assert_sound(step, sudoku.solve(puzzle).solution)


def test_hint_on_a_solved_grid_is_none():
    assert hint(parse(sudoku.solve(WIKI).text)) is None


def test_hint_from_pencil_marks_uses_the_marks():
    """A position a person is stuck at, as pencil marks after eliminations: the hint is taken there."""
    puzzle = parse(lines("top95.txt")[1])
    solution = sudoku.solve(puzzle).solution
    board = CandidateGrid.start(puzzle)
    for step in explain(puzzle, assume_unique=True).steps:
        board.apply(step)
        if step.eliminations:
            break
    position = parse(marks_line(board, puzzle.alphabet))
    assert position.candidates is not None
    again = CandidateGrid.start(position)
    step = hint(position)
    assert step is not None and step != hint(parse("".join(str(v or ".") for v in position.values)))
    assert all(again.cands[cell] >> (digit - 1) & 1 for cell, digit in step.eliminations)
    assert_sound(step, solution)
    assert explain(position, solution=solution).values == tuple(solution)


def test_pencil_mark_grid_reads_back():
    """The grid --candidates prints is read back as the same position (cells with one candidate as givens)."""
    puzzle = parse(lines("top95.txt")[0])
    board = CandidateGrid.start(puzzle)
    again = CandidateGrid.start(parse("\n".join(marks_grid(board, puzzle.alphabet))))
    for cell, (value, mask) in enumerate(zip(board.values, board.cands)):
        if value or mask & (mask - 1):
            assert (again.values[cell], again.cands[cell]) == (value, mask)
        else:
            assert again.values[cell] == mask.bit_length()


def test_variant_units_take_part():
    from puzzlesat.sudoku.model.variants import make_variant

    path = PUZZLES / "variants" / "diagonal-sudopedia.txt"
    text = path.read_text().splitlines()
    answer = next(l.split(":", 1)[1].strip() for l in text if l.startswith("# answer:"))
    puzzle = parse(text[-1])
    rules = make_variant(["diagonal"]).rules(puzzle.shape)
    explanation = explain(puzzle, rules)
    assert explanation.outcome == "solved"
    assert puzzle.format_values(explanation.values) == answer
    assert any(step.unit and step.unit.startswith("diagonal") for step in explanation.steps)


def test_other_sizes_are_explained_to_the_end():
    for name in ("4x4.txt", "6x6.txt", "16x16-test6.txt"):
        puzzle = parse(lines(name)[0])
        solution = sudoku.solve(puzzle).solution
        explanation = explain(puzzle, solution=solution)
        assert explanation.outcome == "solved" and explanation.values == tuple(solution)
        for step in explanation.steps:
            assert_sound(step, solution)


def test_cli_explain_jsonl(run_cli):
    result = run_cli(["sudoku", "--explain", "-f", "jsonl", "-"], input=WIKI + "\n")
    assert result.exit_code == 0
    record = json.loads(result.stdout)
    assert record["status"] == "solved" and record["explanation"]["outcome"] == "solved"
    assert record["explanation"]["steps"][0]["text"] == WIKI_FIRST
    assert "candidates" not in record


def test_cli_explain_goes_to_the_end_of_a_hard_puzzle(run_cli):
    hard = lines("hardest11.txt")[0]
    result = run_cli(["sudoku", "--explain", "-f", "line", "-"], input=hard + "\n")
    ending = result.stdout.rstrip().splitlines()[-1]
    assert result.exit_code == 0 and ending.startswith("solved")
    result = run_cli(["sudoku", "--explain", "-f", "pretty", "-"], input=hard + "\n")
    assert result.exit_code == 0 and ending in result.stdout


def test_cli_hint(run_cli):
    result = run_cli(["sudoku", "--hint", "-f", "jsonl", "-"], input=WIKI + "\n")
    assert json.loads(result.stdout)["hint"]["text"] == WIKI_FIRST
    result = run_cli(["sudoku", "--hint", "-f", "line", "-"], input=WIKI + "\n")
    assert result.output == WIKI_FIRST + "\n"
    result = run_cli(["sudoku", "--hint", "-f", "pretty", "-"], input=WIKI + "\n")
    assert "hint: Hidden Single" in result.output


def test_cli_vague_hints_reveal_the_technique_then_the_cells_never_the_digit(run_cli):
    def hinted(reveal: str, fmt: str = "jsonl"):
        return run_cli(["sudoku", "--reveal", reveal, "-f", fmt, "-"], input=WIKI + "\n")

    technique = json.loads(hinted("technique").stdout)["hint"]
    assert technique == {"technique": "Hidden Single", "difficulty": 1.2, "text": "Hidden Single"}
    cells = json.loads(hinted("cells").stdout)["hint"]
    assert cells["cells"] == ["r1c6"] and cells["unit"] == "box 2" and "place" not in cells
    assert hinted("cells", "line").stdout == "Hidden Single in box 2: look at r1c6\n"
    assert hinted("step", "line").stdout == WIKI_FIRST + "\n"
    pretty = hinted("cells", "pretty").stdout
    assert "hint: Hidden Single in box 2: look at r1c6" in pretty and "8 fits" not in pretty
    # a chain names no pattern cells: the cells it passes through are where to look
    chained = Step("Forcing Chain", 7.0, eliminations=((3, 5),), chains=(((3, 5, True), (12, 5, False), (10, 2, True)),))
    assert chained.vague(parse(WIKI), "cells")["cells"] == ["r1c4", "r2c2", "r2c4"]


def test_cli_hint_with_candidates(run_cli):
    puzzle = parse(WIKI)
    grid_lines = marks_grid(CandidateGrid.start(puzzle), puzzle.alphabet)
    result = run_cli(["sudoku", "--hint", "--candidates", "-f", "line", "-"], input=WIKI + "\n")
    assert result.stdout.splitlines() == [*grid_lines, WIKI_FIRST]
    result = run_cli(["sudoku", "--hint", "--candidates", "-f", "jsonl", "-"], input=WIKI + "\n")
    record = json.loads(result.stdout)
    assert record["candidates"] == marks_line(CandidateGrid.start(puzzle), puzzle.alphabet)
    result = run_cli(["sudoku", "--hint", "--candidates", "-f", "pretty", "-"], input=WIKI + "\n")
    assert grid_lines[1] in result.output


def test_cli_candidates_alone_and_explain_with_hint_are_usage_errors(run_cli):
    assert run_cli(["sudoku", "--hint", "--explain", "-"], input=WIKI + "\n").exit_code == 2
    result = run_cli(["sudoku", "--candidates", "-"], input=WIKI + "\n")
    assert result.exit_code == 2 and "--candidates goes with --hint or --explain" in result.output

"""puzzlesat.sudoku.reading.links.stated, and what clashes in an unsat puzzle (solving.setter.conflict): a link's
reading held to the solution it states; a constraint no grid can obey named; the culprits of no solution named."""

from __future__ import annotations

import json

import pytest

from puzzlesat.errors import VariantError
from puzzlesat.sudoku.model.constraints import Killer, Whisper, XV
from puzzlesat.sudoku.reading.links import read_link
from puzzlesat.sudoku.reading.links.lzstring import compress_to_base64
from puzzlesat.sudoku.solving.solver import SudokuSolver

SOLUTION = "1234341221434321"


def pad(rules: str, solution: str = SOLUTION, **keys) -> str:
    """A 4x4 SudokuPad link of our own with these rules, stated solution and extra keys."""
    regions = [[[r, c] for r in range(br, br + 2) for c in range(bc, bc + 2)] for br in (0, 2) for bc in (0, 2)]
    cages = [{"value": f"rules: {rules}"}] + ([{"value": f"solution: {solution}"}] if solution else [])
    data = {"cells": [[{} for _ in range(4)] for _ in range(4)], "regions": regions, "cages": cages + keys.pop(
        "cages", [])}
    data.update(keys)
    return "https://sudokupad.app/scl" + compress_to_base64(json.dumps(data))


def line(*cells, colour="#67F067") -> dict:
    """A SudokuPad line through cell centres ((row, col) pairs)."""
    return {"wayPoints": [[r + 0.5, c + 0.5] for r, c in cells], "color": colour, "thickness": 10}


def test_a_constraint_the_stated_solution_breaks_is_left_out_and_named():
    # r1c1-r1c2 hold 1 2: whispers of gap 2 (4x4 German) break there; r3c1-r4c1 hold 2 4: they hold there
    variant = read_link(pad("Digits along a green line differ by at least 2.",
                            lines=[line((0, 0), (0, 1)), line((2, 0), (3, 0))]))
    assert variant.constraints == (Whisper((8, 12), 2),)
    assert variant.misread == ("whisper r1c1-r1c2: the stated solution has 1 and 2 next to each other on it; "
                               "read as whispers, neighbours at least 2 apart",)
    result = SudokuSolver(variant.rules).solve(variant, count=2)
    assert "".join(map(str, result.solution)) == SOLUTION or result.solutions > 1  # never a wrong answer


@pytest.mark.parametrize("cells, total, reason", [
    ([[0, 0], [0, 1]], 4, "the stated solution's digits there add up to 3, not 4"),  # r1c1 1, r1c2 2
    ([[0, 0], [2, 1]], 2, "the stated solution repeats 1 in it (read as a cage of distinct digits)"),  # r3c2 1
])
def test_misread_cages_say_why(cells, total, reason):
    variant = read_link(pad("Digits in cages sum to the total.", cages=[{"cells": cells, "value": total}]))
    assert variant.constraints == () and variant.misread[0].endswith(": " + reason)


def test_a_stated_solution_that_breaks_the_grid_refuses_the_puzzle():
    with pytest.raises(VariantError, match=r"repeats 1 in row 1: its grid follows other rules"):
        read_link(pad("Normal sudoku rules apply.", solution="1134341221434321"))
    given = json.loads(json.dumps({"cells": [[{"value": 4}, {}, {}, {}]] + [[{}] * 4] * 3}))
    with pytest.raises(VariantError, match=r"has 1 in r1c1, where the grid gives 4"):
        read_link(pad("Normal sudoku rules apply.", **given))


def test_without_a_stated_solution_a_constraint_no_grid_obeys_is_named():
    variant = read_link(pad("Digits in cages sum to the total.", solution="",
                            cages=[{"cells": [[0, 0], [0, 1]], "value": 2}, {"cells": [[3, 3], [3, 2]], "value": 5}]))
    assert variant.constraints == (Killer((15, 14), 5),)
    assert variant.misread == ("killer cage r1c1-r1c2: no 2 distinct digits of 1-4 add up to 2",)


def test_an_unsat_puzzle_names_what_clashes(run_cli):
    link = pad("Digits in cages sum to the total. Cells joined by a V sum to 5.", solution="",
               cages=[{"cells": [[0, 0], [0, 1]], "value": 3}, {"cells": [[2, 2], [2, 3]], "value": 7}],
               overlays=[{"center": [0.5, 1.0], "width": 0.3, "height": 0.3, "text": "V"}])
    variant = read_link(link)
    assert XV(0, 1, 5) in variant.constraints
    record = json.loads(run_cli(["sudoku", "-f", "jsonl", link]).stdout)
    assert record["status"] == "unsat" and record["conflict"] == ["killer cage r1c1-r1c2", "xv r1c1-r1c2"]
    pretty = run_cli(["sudoku", "-f", "pretty", link], terminal=True).stdout
    assert "no solution; these clash: killer cage r1c1-r1c2; xv r1c1-r1c2" in pretty


def test_givens_that_clash_with_a_constraint_are_named_with_it(run_cli):
    cells = [[{"value": 1}, {"value": 3}, {}, {}]] + [[{}] * 4] * 3
    link = pad("Digits in cages sum to the total.", solution="", cells=cells,
               cages=[{"cells": [[0, 0], [0, 1]], "value": 3}])
    record = json.loads(run_cli(["sudoku", "-f", "jsonl", link]).stdout)
    assert record["status"] == "unsat" and record["conflict"] == ["killer cage r1c1-r1c2", "the givens r1c2"]


def test_the_misread_list_is_in_every_output(run_cli):
    link = pad("Digits along a green line differ by at least 2.", lines=[line((0, 0), (0, 1))])
    record = json.loads(run_cli(["sudoku", "-f", "jsonl", link]).stdout)
    assert record["misread"] == [read_link(link).misread[0]]
    assert "misread, left out: whisper r1c1-r1c2" in run_cli(["sudoku", "-f", "pretty", link], terminal=True).stdout
    assert "misread, left out: whisper r1c1-r1c2" in run_cli(["sudoku", "-f", "svg", link]).stdout


def test_no_solution_to_a_reading_known_to_fall_short_is_no_unsat(run_cli):
    link = pad("Digits in cages sum to the total. Cells joined by a V sum to 5. One clue in the grid is a lie.",
               solution="", cages=[{"cells": [[0, 0], [0, 1]], "value": 3}],
               overlays=[{"center": [0.5, 1.0], "width": 0.3, "height": 0.3, "text": "V"}])
    run = run_cli(["sudoku", "-f", "jsonl", link])
    record = json.loads(run.stdout)
    assert record["status"] == "invalid" and record["conflict"] == ["killer cage r1c1-r1c2", "xv r1c1-r1c2"]
    assert record["error"].startswith("not solvable as read: what was read has no solution (these clash: killer "
                                      "cage r1c1-r1c2; xv r1c1-r1c2), and part of the rules was not understood")
    assert run.exit_code == 1


def test_several_solutions_with_everything_read_are_not_passed_in_silence(run_cli):
    link = pad("Normal sudoku rules apply.")
    record = json.loads(run_cli(["sudoku", "-f", "jsonl", link]).stdout)
    assert record["status"] == "multiple" and record["unknown"] == [
        "several solutions, though every rule and mark in the link was read: the link lacks a given or a rule kept "
        "elsewhere (a video, the puzzle's page), or the puzzle is not unique"]
    assert "not understood, left out: several solutions" in run_cli(["sudoku", "-f", "pretty", link],
                                                                    terminal=True).stdout
    assert read_link(link).not_understood(several=False) == ()

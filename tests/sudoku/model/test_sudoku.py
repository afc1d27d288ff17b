"""puzzlesat.sudoku.model.sudoku: one Sudoku that keeps its rules, from every reader to every verb."""

from __future__ import annotations

import json
import pickle

import pytest

from conftest import run_main
from published import FILES
from puzzlesat import sudoku
from puzzlesat.sudoku import Sudoku
from puzzlesat.sudoku.model.rules import classic_rules
from puzzlesat.sudoku.reading.reader import Reader, read_text

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.fixture(scope="module")
def cli_answers() -> dict:
    """The command line's JSON record for every shipped variant file, read in one run."""
    lines = run_main(["sudoku", "-f", "jsonl", *map(str, FILES)]).stdout.splitlines()
    records = [json.loads(line) for line in lines]
    assert len(records) == len(FILES)
    return {record["source"]: record for record in records}


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_the_library_answers_a_link_as_the_command_line_does(path, cli_answers):
    puzzle = sudoku.parse(path.read_text(encoding="utf-8"))
    result = sudoku.solve(path.read_text(encoding="utf-8"))
    expected = cli_answers[str(path)]
    assert puzzle.published
    assert (result.status, result.unique) == (expected["status"], expected["unique"])
    assert (None if result.solution is None else puzzle.format_values(result.solution)) == expected["solution"]
    assert result.error == expected.get("error")


def test_every_reader_returns_a_sudoku_and_a_classic_one_has_no_constraints():
    layouts = [CLASSIC, "\n".join(CLASSIC[row:row + 9] for row in range(0, 81, 9)),
               "puzzle,id\n" + CLASSIC + ",1", json.dumps({"puzzle": CLASSIC})]
    for text in layouts:
        (record,) = read_text(text)
        assert isinstance(record.puzzle, Sudoku) and record.puzzle.classic and not record.published
        assert record.puzzle.rules is classic_rules(record.puzzle.shape)


def test_variant_rules_are_applied_when_records_are_read():
    variant = sudoku.make_variant(["diagonal"])
    (record,) = Reader(variant=variant).records(read_text_lines(CLASSIC))
    assert len(record.puzzle.constraints) == 2 and not record.published
    assert record.puzzle.rules == variant.rules(record.puzzle.shape)
    ((_, ours),) = sudoku.solve_many([CLASSIC], variant=variant)
    assert sudoku.solve(record.puzzle).status == ours.status == "unsat"  # the classic answer breaks a diagonal


def test_variant_rules_that_do_not_fit_make_the_record_invalid_and_the_rest_go_on():
    variant = sudoku.make_variant(["jigsaw"], regions=sudoku.Shape.of_side(9).boxes)
    records = list(Reader(variant=variant).records(read_text_lines("4...1.3.2..3.1..\n" + CLASSIC)))
    assert records[0].puzzle is None and records[0].error == "the region map is 9x9, the puzzle 4x4"
    assert records[1].puzzle.regions == sudoku.Shape.of_side(9).boxes


def test_the_verbs_as_methods_equal_the_module_functions():
    puzzle = sudoku.parse(CLASSIC)
    assert puzzle.solve() == sudoku.solve(puzzle)
    assert puzzle.rate() == sudoku.rate(puzzle)
    assert puzzle.hint() == sudoku.hint(puzzle)
    assert puzzle.explain().steps == sudoku.explain(puzzle).steps
    assert puzzle.candidate_grid().cands == sudoku.candidates(puzzle).cands


def test_a_link_keeps_its_rules_through_every_verb():
    path = next(path for path in FILES if path.stem == "behemoth-16x16")
    puzzle = sudoku.parse(path.read_text(encoding="utf-8"))
    classic = puzzle.grid
    assert sudoku.candidates(puzzle).cands != sudoku.candidates(classic).cands  # its own regions
    assert sudoku.hint(puzzle) is not None


def test_str_is_the_grid_as_text_and_reads_back():
    puzzle = sudoku.parse(CLASSIC)
    assert str(puzzle).splitlines()[0] == "53..7...."
    assert sudoku.parse(str(puzzle)) == puzzle


def test_a_sudoku_travels_without_its_encoded_rules():
    puzzle = Reader(variant=sudoku.make_variant(["anti-knight"])).records(read_text_lines(CLASSIC)).__next__().puzzle
    assert "_rules" in puzzle.__dict__
    copy = pickle.loads(pickle.dumps(puzzle))
    assert copy == puzzle and "_rules" not in copy.__dict__ and copy.rules == puzzle.rules


def read_text_lines(text: str):
    """Numbered lines of a text, as the reader takes them."""
    from puzzlesat.streams import read_text_lines as lines

    return lines(text)

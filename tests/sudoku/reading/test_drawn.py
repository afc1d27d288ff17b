"""sudoku/drawn.py through the reader: every grid puzzlesat draws reads back as the grid of its digits (in its drawn
regions), whatever marks stand around them; a drawing with a character that is not ours is not taken for one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import PUZZLES
from puzzlesat.render.sudoku_grid import grid
from puzzlesat.sudoku.model.constraints import (XV, Arrow, Between, Clone, Difference, Entropic, Extremum, Indexer, Killer,
                                          Kropki, LittleKiller, Lockout, Parity, Quadruple, Ratio, Renban, Sandwich,
                                          Skyscraper, Thermometer, Whisper, XSum, diagonals)
from puzzlesat.sudoku.model.grid import Puzzle, Shape
from puzzlesat.sudoku.reading.links import read_link
from puzzlesat.sudoku.reading.reader import read_text
from puzzlesat.sudoku.model.rules import constrained_rules
from puzzlesat.sudoku.reading.variant_files import read_regions
from puzzlesat.sudoku.model.variants import make_variant
from puzzlesat.streams import read_lines

VARIANTS = sorted((PUZZLES / "variants").glob("*.txt"))
NINE = Shape.of_side(9)


def cell(row: int, col: int, side: int = 9) -> int:
    return (row - 1) * side + col - 1


def published(path: Path):
    """(the variant puzzle of a shipped file, the solution it states)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    payload = next(line.strip() for line in lines if line.strip() and not line.startswith("#"))
    stated = next(line.split(":", 1)[1].strip() for line in lines if line.startswith("# solution:"))
    return read_link(payload), tuple(int(n) for n in (stated.split(",") if "," in stated else stated))


def read_back(text: str) -> list:
    return list(read_text(text))


# ---- the shipped variant puzzles, drawn and read back ---------------------------------------

@pytest.mark.parametrize("path", VARIANTS, ids=[path.stem for path in VARIANTS])
def test_a_drawn_variant_reads_back_as_its_digits_in_its_regions(path):
    variant, solution = published(path)
    for values in (None, solution):  # the puzzle (blanks '·'), then its solution
        drawing = grid(variant, values, variant.rules).plain
        text = f"puzzles/variants/{path.name}:11  solved, unique\n{drawing}\nMy title by Me\nread: 3 thermometer\n"
        [record] = read_back(text)
        assert record.error is None, record.error
        assert record.puzzle.values == (values or variant.values)
        regions = record.puzzle.regions
        assert regions == variant.regions


def test_the_command_reads_its_own_pretty_output_back(run_cli, tmp_path):
    """The report of issue 24: a thermometer grid written to a file read back as 11 invalid records."""
    source = PUZZLES / "variants" / "slow-thermo.txt"
    first = run_cli(["sudoku", "-f", "pretty", source])
    out = tmp_path / "out.txt"
    out.write_text(first.stdout)
    again = run_cli(["sudoku", "-f", "jsonl", out])
    [record] = [json.loads(line) for line in again.stdout.splitlines()]
    solved = json.loads(run_cli(["sudoku", "-f", "jsonl", source]).stdout)
    assert again.exit_code == 0 and record["status"] == "solved" and record["puzzle"] == solved["solution"]
    assert "invalid" not in again.stdout and "skipped line 1" in again.stderr


def test_clues_beside_above_and_below_a_grid_are_its_own():
    variant, solution = published(PUZZLES / "variants" / "killer-blister.txt")
    drawing = grid(variant, solution, variant.rules).plain
    lines = drawing.splitlines()
    assert lines[0].startswith("   ┏") and lines[7].startswith("20 ┃") and lines[19].startswith("54 ")
    records = read_back(drawing)
    assert [r.puzzle.values for r in records] == [solution]
    variant, solution = published(PUZZLES / "variants" / "minimax-sandwich.txt")
    drawing = grid(variant, solution, variant.rules).plain
    assert drawing.splitlines()[0].strip()[0].isdigit()  # the clues above it
    assert [r.puzzle.values for r in read_back(drawing)] == [solution]


def test_a_line_of_numbers_before_a_grid_without_clues_is_read_as_it_is():
    drawing = grid(Puzzle(NINE, (1,) + (0,) * 80), rules=make_variant(["diagonal"]).rules(NINE)).plain
    records = read_back("1 2 3 4\n" + drawing)
    assert records[0].error is not None and records[0].line == 1  # four cells: not a puzzle, said where it is
    assert records[1].puzzle.values == (1,) + (0,) * 80


def test_lines_of_numbers_held_a_moment_are_read_as_they_were():
    wiki = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    spaced = "1 2 3 4\n3 4 1 2\n\n2 1 4 3\n4 3 2 1\n25\n" + " ".join(wiki.replace(".", "0")) + "\n"
    records = read_back(spaced)
    assert [r.puzzle.to_line() for r in records] == ["1234341221434321", wiki.replace(".", "0")]
    assert [r.line for r in records] == [1, 7]


# ---- every kind of mark ----------------------------------------------------------------------

POOL = (
    Thermometer((cell(1, 1), cell(1, 2), cell(1, 3), cell(2, 4))), Thermometer((cell(9, 9), cell(8, 8)), slow=True),
    Arrow((cell(3, 3), cell(3, 4)), (cell(4, 3), cell(5, 3))), Kropki(cell(2, 1), cell(2, 2), "white"),
    Kropki(cell(3, 1), cell(4, 1), "black"), XV(cell(5, 5), cell(5, 6), 10), XV(cell(6, 5), cell(7, 5), 5),
    Difference(cell(7, 1), cell(7, 2), 3), Ratio(cell(8, 1), cell(9, 1), 3), Difference(cell(1, 8), cell(1, 9), 12),
    Whisper((cell(2, 6), cell(2, 7), cell(3, 8)), 5), Renban((cell(6, 1), cell(7, 2))), Entropic((cell(4, 7), cell(4, 8))),
    Between((cell(5, 1), cell(5, 2), cell(5, 3))), Lockout((cell(8, 4), cell(8, 5), cell(8, 6))),
    Parity(cell(6, 6), True), Parity(cell(6, 7), False), Extremum(cell(7, 7), True), Extremum(cell(7, 8), False),
    Indexer((cell(9, 2),), "column"), Indexer((cell(9, 3),), "row"), Killer((cell(4, 5), cell(4, 6)), 9),
    Killer((cell(5, 8), cell(5, 9), cell(6, 9)), 23), Quadruple((cell(8, 7), cell(8, 8), cell(9, 7), cell(9, 8)), (1, 2)),
    Sandwich(tuple(range(18, 27)), 15), XSum(tuple(cell(r, 4) for r in range(9, 0, -1)), 22),
    Skyscraper(tuple(cell(1, c) for c in range(1, 10)), 3), LittleKiller(tuple(cell(1 + i, 2 + i) for i in range(8)), 40),
    Clone((cell(1, 5),), (cell(3, 6),)), *diagonals(9),
)
VALUES = st.lists(st.integers(0, 9), min_size=81, max_size=81).map(tuple)


@settings(max_examples=120, deadline=None)
@given(st.lists(st.sampled_from(POOL), unique_by=id, max_size=12), VALUES, VALUES)
def test_any_marks_around_any_digits_read_back(constraints, givens, filled):
    rules = constrained_rules(NINE, constraints)
    puzzle = Puzzle(NINE, givens)
    values = tuple(given or fill for given, fill in zip(givens, filled))
    [record] = read_back(grid(puzzle, values, rules).plain)
    assert record.error is None, record.error
    assert record.puzzle.values == values


@pytest.mark.parametrize("side", [4, 6, 16, 25])
def test_other_sizes_read_back(side):
    shape = Shape.of_side(side)
    values = tuple((cell % side + cell // side * shape.box_cols + cell // side // shape.box_rows) % side + 1
                   for cell in range(shape.cells))
    rules = constrained_rules(shape, [Thermometer((0, 1, side + 2)), Kropki(side, side + 1, "black"),
                                      Killer((shape.cells - 1,), values[-1])])
    [record] = read_back(grid(Puzzle(shape, values[:side] + (0,) * (shape.cells - side)), values, rules).plain)
    assert record.puzzle.values == values and not record.published


def test_jigsaw_regions_come_back_from_the_heavy_walls():
    regions = read_regions(read_lines([str(PUZZLES / "sudoku" / "variants" / "jigsaw-janko108.regions")]))
    jigsaw = make_variant(["jigsaw"], regions=regions).rules(NINE)
    [record] = read_back(grid(Puzzle(NINE, (0,) * 81), rules=jigsaw).plain)
    assert record.puzzle.regions == tuple(sorted(tuple(sorted(region)) for region in jigsaw.regions))


# ---- not ours: read the ordinary way ---------------------------------------------------------

def drawing_with(change) -> str:
    rules = constrained_rules(NINE, [Thermometer((cell(1, 1), cell(1, 2))), Kropki(cell(5, 5), cell(5, 6), "white")])
    lines = grid(Puzzle(NINE, (5,) + (0,) * 80), rules=rules).plain.splitlines()
    change(lines)
    return "\n".join(lines)


@pytest.mark.parametrize("row, col, ch", [(1, 3, "?"), (2, 12, "$"), (9, 21, "@"), (9, 20, "Q")])
def test_a_character_that_is_not_ours_is_not_taken_for_a_drawing(row, col, ch):
    def change(lines):
        lines[row] = lines[row][:col] + ch + lines[row][col + 1:]

    records = read_back(drawing_with(change))
    assert records and all(record.puzzle is None for record in records)
    assert all(record.error for record in records)


def test_a_symbol_that_does_not_fit_is_reported_at_its_line_and_column():
    def change(lines):
        lines[3] = lines[3][:6] + "Z" + lines[3][7:]  # the digit of r2c2

    [record] = read_back(drawing_with(change))
    assert record.error.startswith("line 4, column 7: unknown symbol 'Z'")


def test_our_status_line_about_a_file_named_sudokupad_is_text_not_a_link():
    reader_records = read_back("puzzles/variants/counting-circles-4x4-sudokupad.txt:10  multiple\n")
    assert reader_records == []


def _drawn_fragments() -> list:
    """Lines of drawings of every kind: walled grids with clues beside them, a pair, a mini-grid, legends."""
    from puzzlesat.sudoku.logic.candidates import CandidateGrid
    from puzzlesat.sudoku.reading.pencil import marks_grid

    lines = []
    for stem in ("killer-blister", "minimax-sandwich", "hay-fever", "return-of-the-revenge-of-the-hash",
                 "irregular-7x7-kropki", "slow-thermo"):
        variant, solution = published(PUZZLES / "variants" / f"{stem}.txt")
        lines += grid(variant, solution, variant.rules, frozenset(range(0, 81, 7))).plain.splitlines()
    sixteen = next(iter(read_text((PUZZLES / "sudoku" / "16x16-test6.txt").read_text().split()[0]))).puzzle
    lines += marks_grid(CandidateGrid.start(sixteen), sixteen.alphabet)
    return lines


DRAWN = _drawn_fragments()


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(DRAWN), st.sampled_from(DRAWN).map(lambda line: line[: len(line) // 2]),
                          st.sampled_from(["", "12 3   45", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6"
                                                             "....28....419..5....8..79"])), max_size=60))
def test_no_mix_of_drawn_lines_makes_the_reader_fail(lines):
    for record in read_text("\n".join(lines)):
        assert (record.puzzle is None) != (record.error is None)
        assert record.line >= 1


def test_a_puzzle_line_right_after_a_grid_with_clues_is_read_and_so_are_numbers_after_it():
    variant, solution = published(PUZZLES / "variants" / "killer-blister.txt")
    drawing = grid(variant, solution, variant.rules, legend=False).plain.splitlines()[:19]  # no clues below
    wiki = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    records = read_back("\n".join(["Killer Blister by Rangsk", *drawing, wiki, "1 2 3 4"]))
    assert [r.puzzle.values for r in records[:2]] == [solution, parse_values(wiki)]
    assert records[2].error is not None  # '1 2 3 4' is no clue row of the grid two lines up


def parse_values(text: str) -> tuple:
    return tuple(0 if ch == "." else int(ch) for ch in text)

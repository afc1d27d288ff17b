"""Every input layout, on a real file of its kind, and everything puzzlesat writes, read back in.

The files are in puzzles/formats/sudoku (PROVENANCE.md says where each comes from); expected.json holds the
puzzles each must yield (1-9A-P, '.' blank), its solution counts, and some cells' candidates for pencil marks.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.streams import decode_lines, read_lines
from puzzlesat.sudoku import parse
from puzzlesat.sudoku.model.grid import default_alphabet
from puzzlesat.sudoku.reading.reader import INPUT_FORMATS, Reader, read_text

from conftest import PUZZLES

FORMATS = PUZZLES / "formats" / "sudoku"
EXPECTED = json.loads((FORMATS / "expected.json").read_text(encoding="utf-8"))
PENCIL_MARKS = ["hodoku_pm_grid.txt", "sudopedia_pm_grid.txt"]


def standard(puzzle) -> str:
    """The puzzle in 1-9A-P with '.' blanks, as expected.json writes them."""
    symbols = default_alphabet(puzzle.shape.side)
    return "".join(symbols[value - 1] if value else "." for value in puzzle.values)


def read(name: str, **options) -> list:
    return list(Reader(**options).records(read_lines([str(FORMATS / name)])))


def jsonl(text: str) -> list:
    return [json.loads(line) for line in text.splitlines()]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_real_file_of_each_format_yields_its_puzzles(name):
    records = read(name)
    assert [record.error for record in records] == [None] * len(records)
    assert [standard(record.puzzle) for record in records] == EXPECTED[name]["puzzles"]


@pytest.mark.parametrize("name", PENCIL_MARKS)
def test_pencil_marks_are_read_as_the_candidates_they_state(name):
    [record] = read(name)
    puzzle = record.puzzle
    for cell, digits in EXPECTED[name]["candidates"].items():
        row, col = map(int, cell[1:].split("c"))
        mask = puzzle.candidates[(row - 1) * 9 + col - 1]
        assert "".join(str(d) for d in range(1, 10) if mask >> (d - 1) & 1) == digits, cell


def test_every_file_solves_as_its_source_says(run_cli):
    names = sorted(EXPECTED)
    result = run_cli(["sudoku", "-f", "jsonl", "--count", "2", *[FORMATS / name for name in names]])
    counted = {}
    for record in jsonl(result.stdout):
        counted.setdefault(record["source"].rsplit("/", 1)[-1], []).append(record["solutions"])
    assert counted == {name: EXPECTED[name]["solution_counts"] for name in names}


@pytest.mark.parametrize("name, first_symbols", [
    ("16x16_0-F_star_blanks.txt", "*5**6**E*F*C*0**"),  # 0-F stays 0-F, '*' stays the blank
    ("16x16_A-P_se16_readme.txt", ".F..G..O.P.M.A.."),
    ("25x25_numbers.txt", "11 . 16 10 . 15 "),  # numbers in, numbers out
])
def test_answers_keep_the_alphabet_of_the_input(run_cli, name, first_symbols):
    [record] = jsonl(run_cli(["sudoku", "-f", "jsonl", FORMATS / name]).stdout)
    assert record["puzzle"].startswith(first_symbols)
    solution = record["solution"]
    assert set(solution.split() if " " in solution else solution) == set(
        (record["puzzle"].split() if " " in solution else record["puzzle"])) - {".", "*", "_"}


def test_a_pencil_mark_grid_is_solved_and_explained_from_its_candidates(run_cli):
    path = FORMATS / "hodoku_pm_grid.txt"
    [record] = jsonl(run_cli(["sudoku", "-f", "jsonl", "--explain", path]).stdout)
    assert record["status"] == "solved" and len(record["puzzle"]) == 729
    first = record["explanation"]["steps"][0]
    assert first["technique"] == "Hidden Single"
    # the same grid with a candidate the solution needs struck out has no solution
    text = path.read_text().replace("| 1   78    38  |", "| 1   7     38  |")
    assert jsonl(run_cli(["sudoku", "-f", "jsonl"], input=text).stdout)[0]["status"] == "unsat"


@pytest.mark.parametrize("output", ["jsonl", "line", "pretty"])
def test_what_puzzlesat_sudoku_writes_reads_back(run_cli, output):
    names = ["sudocue_snow2005.sdm", "16x16_0-F_star_blanks.txt", "25x25_numbers.txt", "hodoku_pm_grid.txt"]
    first = run_cli(["sudoku", "-f", output, "--rate", *[FORMATS / name for name in names]])
    back = jsonl(run_cli(["sudoku", "-f", "jsonl"], input=first.stdout).stdout)
    solved = jsonl(run_cli(["sudoku", "-f", "jsonl", *[FORMATS / name for name in names]]).stdout)
    if output in ("jsonl", "line"):  # a rated line starts with its puzzle, as the forum's raters write them
        assert [r["puzzle"] for r in back] == [r["puzzle"] for r in solved]
        assert [r["solution"] for r in back] == [r["solution"] for r in solved]
    else:  # pretty shows solutions: they read back as full grids, solved as they are
        assert [r["puzzle"] for r in back] == [r["solution"] for r in solved]
    assert all(r["status"] == "solved" for r in back)


@pytest.mark.parametrize("output", ["jsonl", "line", "pretty"])
def test_what_puzzlesat_generate_writes_reads_back(run_cli, output):
    made = run_cli(["sudoku", "generate", "-n", "2", "--seed", "5", "-f", output])
    puzzles = [r["puzzle"] for r in jsonl(run_cli(["sudoku", "generate", "-n", "2", "--seed", "5", "-f", "jsonl"]).stdout)]
    back = jsonl(run_cli(["sudoku", "-f", "jsonl"], input=made.stdout).stdout)
    assert [parse(r["puzzle"]).values for r in back] == [parse(p).values for p in puzzles]


def test_forcing_a_format():
    sixteen_lines = "\n".join(["1234" + "." * 12] * 3)
    assert all(r.puzzle.shape.side == 4 for r in read_text(sixteen_lines, input_format="line"))
    assert all("16x16 grid stops" in r.error for r in read_text(sixteen_lines, input_format="grid"))
    records = list(read_text('{"puzzle": "4...1.3.2..3.1.."}\n4...1.3.2..3.1..\n', input_format="jsonl"))
    assert records[0].puzzle is not None and records[1].error.startswith("not a JSON record")
    records = list(read_text("a;b;c\nx;4...1.3.2..3.1..;y\n", input_format="csv"))
    assert [r.line for r in records] == [2] and records[0].puzzle.shape.side == 4


def test_utf16_as_powershell_writes_it(run_cli, tmp_path):
    path = tmp_path / "ps.txt"
    lines = EXPECTED["sudocue_snow2005.sdm"]["puzzles"]
    path.write_bytes("\r\n".join(lines).encode("utf-16"))  # PowerShell 5's `>`: UTF-16 LE with a BOM, CRLF
    assert [r["puzzle"] for r in jsonl(run_cli(["sudoku", "-f", "jsonl", path]).stdout)] == lines


def test_records_keep_their_file_and_line():
    records = read("sadman.sdk") + read("hardest_database_110626_crlf.txt")
    assert [r.line for r in records] == [11, 3, 4, 5, 6, 7]
    assert all(r.source.endswith((".sdk", ".txt")) for r in records)


def _fragments() -> list:
    """Lines of every sample file, the raw material the fuzz test recombines."""
    lines = []
    for path in sorted(FORMATS.iterdir()):
        if path.suffix != ".md" and path.name != "expected.json":
            with open(path, "rb") as stream:
                lines.extend(line.text for line in decode_lines(path.name, stream))
    return lines


FRAGMENTS = _fragments()
LINE = st.one_of(
    st.sampled_from(FRAGMENTS),
    st.sampled_from(FRAGMENTS).map(lambda text: text[: len(text) // 2]),
    st.text(alphabet=st.sampled_from("0123456789.|-+:*_x#[]{},;\" \tABCGPabc┃━·"), max_size=40),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(LINE, max_size=40), st.sampled_from(INPUT_FORMATS))
def test_no_text_makes_any_reader_fail(lines, input_format):
    for record in read_text("\n".join(lines), input_format=input_format):
        assert (record.puzzle is None) != (record.error is None)
        assert record.line >= 1

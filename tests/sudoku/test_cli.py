"""`puzzlesat sudoku` through the CLI (in-process, as a pipe or a terminal): formats, statuses, exit codes, bad
input, DIMACS."""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import PUZZLES

from puzzlesat.sat import available_solvers
from puzzlesat.streams import to_json
from puzzlesat.sudoku import STATUSES, Record, Result, parse
from puzzlesat.sudoku.batch import Answer, SolveOptions
from puzzlesat.sudoku.report import json_line, to_record

WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
WIKI_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def jsonl(output: str) -> list:
    return [json.loads(line) for line in output.splitlines()]


def test_jsonl_record_per_puzzle_in_order(run_cli, puzzles_dir):
    result = run_cli(["sudoku", puzzles_dir / "sudoku" / "examples.txt", "--format", "jsonl"])
    assert result.exit_code == 0, result.output
    records = jsonl(result.stdout)
    assert [r["line"] for r in records] == [5, 7, 19, 20]
    assert records[1]["solution"] == WIKI_SOLUTION
    for record in records:
        assert {"line", "puzzle", "status", "solution", "unique"} <= set(record)
        assert record["status"] == "solved" and record["unique"] is True
        assert "." not in record["solution"]


def test_stdin_and_dash(run_cli):
    for args in (["sudoku"], ["sudoku", "-"]):
        result = run_cli(args + ["-f", "line"], input=WIKI + "\n")
        assert result.exit_code == 0
        assert result.stdout == WIKI_SOLUTION + "\n"


def test_line_format_prints_status_word_without_solution(run_cli):
    unsat = "12345678." + "........9" + "." * 63
    result = run_cli(["sudoku", "-f", "line"], input=f"{WIKI}\n{unsat}\n")
    assert result.stdout.splitlines() == [WIKI_SOLUTION, "unsat"]
    assert result.exit_code == 1


def test_bad_line_is_an_invalid_record_and_the_rest_is_solved(run_cli):
    result = run_cli(["sudoku", "-f", "jsonl"], input=f"{WIKI}\n{WIKI[:-2]}\n{WIKI}\n")
    records = jsonl(result.stdout)
    assert [r["status"] for r in records] == ["solved", "invalid", "solved"]
    assert records[1]["line"] == 2 and "79 cells" in records[1]["error"]
    assert "<stdin>:2:" in result.stderr and "Traceback" not in result.stderr
    assert result.exit_code == 1


def test_clashing_givens_say_which(run_cli):
    result = run_cli(["sudoku", "-f", "jsonl"], input="55" + "." * 79 + "\n")
    [record] = jsonl(result.stdout)
    assert record["status"] == "invalid" and record["error"] == "two 5s in row 1"
    assert record["solution"] is None and result.exit_code == 1


def test_multiple_solutions(run_cli, puzzles_dir):
    result = run_cli(["sudoku", "-f", "jsonl", puzzles_dir / "sudoku" / "serg-multiple-20.txt"])
    records = jsonl(result.stdout)
    assert len(records) == 20
    assert all(r["status"] == "multiple" and r["unique"] is False and r["solution"] for r in records)
    assert result.exit_code == 1


def test_a_puzzle_with_no_solution_has_no_uniqueness(run_cli):
    unsat = "12345678." + "........9" + "." * 63
    for extra in ([], ["--count", "5"]):
        [record] = jsonl(run_cli(["sudoku", "-f", "jsonl", *extra], input=unsat + "\n").stdout)
        assert record["status"] == "unsat" and record["solution"] is None and record["unique"] is None


def test_count(run_cli):
    result = run_cli(["sudoku", "-f", "jsonl", "--count", "20"], input="1234" + "." * 12 + "\n" + WIKI + "\n")
    records = jsonl(result.stdout)
    assert [(r["status"], r["solutions"]) for r in records] == [("multiple", 12), ("solved", 1)]


def test_no_unique(run_cli):
    result = run_cli(["sudoku", "-f", "jsonl", "--no-unique"], input="." * 81 + "\n")
    [record] = jsonl(result.stdout)
    assert record["status"] == "solved" and record["unique"] is None
    assert result.exit_code == 0


def test_conflict_budget_times_out_and_the_rest_goes_on(puzzles_dir):
    # In a process of its own: a solver pooled by earlier tests may have solved this very puzzle (its saved phases
    # then find the solution again without a conflict).
    hard = (puzzles_dir / "sudoku" / "hardest11.txt").read_text().split()[0][:81]
    for counting in ([], ["--count", "2"]):
        done = subprocess.run([sys.executable, "-m", "puzzlesat", "sudoku", "-f", "jsonl", "-j", "1", "--conflicts",
                               "1", *counting], input=f"{hard}\n{WIKI}\n", capture_output=True, text=True)
        assert [r["status"] for r in jsonl(done.stdout)] == ["timeout", "solved"]
        assert done.returncode == 1


def test_pretty_output_draws_a_grid_with_status(run_cli):
    result = run_cli(["sudoku", "-f", "pretty"], input=WIKI + "\n")
    assert "solved, unique" in result.stdout
    assert "┃ 5 3 4 ┃ 6 7 8 ┃ 9 1 2 ┃" in result.stdout
    assert "1 puzzle: 1 solved" in result.stdout


def test_every_solver_option_value_in_help_works(run_cli):
    result = run_cli(["sudoku", "-f", "line", "--solver", "glucose4", "--encoding", "minimal"], input=WIKI + "\n")
    assert result.stdout.strip() == WIKI_SOLUTION
    help_text = " ".join(run_cli(["sudoku", "solve", "--help"]).stdout.split())
    offered = re.search(r"--solver NAME The PySAT solver: ([a-z0-9, ]+) \(those that work", help_text).group(1).split(", ")
    assert offered == available_solvers()  # what this install has, and nothing else (minisatgh is often missing)
    for name in offered:
        assert run_cli(["sudoku", "-f", "line", "--solver", name], input=WIKI + "\n").stdout.strip() == WIKI_SOLUTION


def test_unknown_solver_is_a_usage_error(run_cli):
    result = run_cli(["sudoku", "--solver", "nosuch"], input=WIKI + "\n")
    assert result.exit_code == 2
    assert "choose one of" in result.output


def test_missing_file(run_cli, tmp_path):
    result = run_cli(["sudoku", tmp_path / "nope.txt"])
    assert result.exit_code == 2
    assert "nope.txt: no such file" in result.stderr


def test_directory_given_as_file(run_cli, tmp_path):
    result = run_cli(["sudoku", tmp_path])
    assert result.exit_code == 2 and "is a directory" in result.stderr


def test_empty_input(run_cli, tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("# only a comment\n\n")
    result = run_cli(["sudoku", empty])
    assert result.exit_code == 1
    assert f"{empty}: no puzzles found" in result.stderr


def test_a_line_in_another_encoding_is_read_and_the_rest_goes_on(run_cli, tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_bytes(WIKI.encode() + b"\n\xff\xfe\n" + WIKI.replace(".", "\xb7").encode("latin-1") + b"\r\n")
    records = jsonl(run_cli(["sudoku", "-f", "jsonl", path]).stdout)
    assert [r["status"] for r in records] == ["solved", "invalid", "solved"]
    assert records[1]["error"].startswith("2 cells")  # read as Windows-1252: 'ÿþ', not a puzzle
    assert records[2]["puzzle"] == WIKI.replace(".", "·")


def test_dimacs(run_cli):
    result = run_cli(["sudoku", "--dimacs"], input=WIKI + "\n")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert any(line.startswith("p cnf 729 ") for line in lines)
    assert "c var 729 r9c9 9" in lines


def test_dimacs_refuses_several_puzzles(run_cli):
    result = run_cli(["sudoku", "--dimacs"], input=WIKI + "\n" + WIKI + "\n")
    assert result.exit_code == 2 and "--dimacs takes one puzzle" in result.stderr


@pytest.mark.parametrize("args", [["--help"], ["sudoku", "--help"], ["sudoku", "solve", "--help"], ["mines", "--help"]])
def test_help(run_cli, args):
    result = run_cli(args)
    assert result.exit_code == 0 and "Usage" in result.stdout


def test_solve_help_lists_solvers(run_cli):
    assert "cadical195" in run_cli(["sudoku", "solve", "--help"]).stdout


def test_version_and_python_dash_m():
    import puzzlesat

    out = subprocess.run([sys.executable, "-m", "puzzlesat", "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and puzzlesat.__version__ in out.stdout


def test_version_does_not_import_heavy_modules():
    code = "import sys; from puzzlesat.cli import main; print('pysat' in sys.modules, 'rich' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.split() == ["False", "False"]


def test_pipe_closed_early_ends_quietly(puzzles_dir):
    command = [sys.executable, "-m", "puzzlesat", "sudoku", str(puzzles_dir / "sudoku" / "17clue-200.txt")]
    producer = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = producer.stdout.readline()
    producer.stdout.close()
    stderr = producer.stderr.read().decode()
    producer.wait(timeout=60)
    assert json.loads(first)["status"] == "solved"
    assert "Traceback" not in stderr


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=20), st.integers(1, 10**9), st.sampled_from(STATUSES), st.sampled_from([True, False, None]),
       st.booleans(), st.booleans(), st.one_of(st.none(), st.text(max_size=10)))
def test_fast_json_line_matches_the_generic_record(source, line, status, unique, has_solution, counting, error):
    puzzle = parse(WIKI)
    solution = tuple(int(ch) for ch in WIKI_SOLUTION)
    answer = Answer(Record(source, line, WIKI, puzzle),
                    Result(status, solution if has_solution else None, unique, 3 if counting else None, error, puzzle))
    options = SolveOptions(count=3 if counting else None)
    assert json_line(answer, options) == to_json(to_record(answer, options))


def test_the_timeout_bounds_rating_and_explanation_too(run_cli, monkeypatch):
    from puzzlesat.errors import OutOfBudget

    seen = []

    def out_of_time(puzzle, variant, result, options, budget):
        seen.append(budget)
        raise OutOfBudget("the budget ran out during rating")

    monkeypatch.setattr("puzzlesat.sudoku.batch._extras", out_of_time)
    result = run_cli(["sudoku", "-f", "jsonl", "--rate", "--timeout", "5"], input=WIKI + "\n")
    [record] = jsonl(result.stdout)
    assert record["status"] == "timeout" and record["solution"] == WIKI_SOLUTION and result.exit_code == 1
    assert seen[0].running and seen[0].seconds == 5  # the puzzle's own budget, already running


VARIANTS = PUZZLES / "sudoku" / "variants"
OPTIONS = [[], ["--no-unique"], ["--count", "3"], ["--encoding", "minimal"], ["--solver", "glucose4"],
           ["--timeout", "5"], ["--conflicts", "1000"], ["--input-format", "line"], ["--size", "9"],
           ["--alphabet", "123456789"], ["-j", "2"], ["--dimacs"], ["--rate"], ["--explain"], ["--hint"], ["-q"],
           ["--variant", "diagonal"], ["--variant", "killer", "--cages", VARIANTS / "killer-ukpa.cages"],
           ["--variant", "jigsaw", "--regions", VARIANTS / "jigsaw-janko108.regions"]]


@pytest.mark.slow
@pytest.mark.parametrize("output", ["pretty", "jsonl", "line"])
def test_every_option_works_with_every_other_or_says_why(run_cli, output):
    for first, second in itertools.combinations(OPTIONS, 2):
        args = ["sudoku", "-f", output, *first, *second]
        result = run_cli(args, input=WIKI + "\n", terminal=output == "pretty")
        assert result.exit_code in (0, 1, 2) and "Traceback" not in result.output, args
        if result.exit_code == 2:  # a usage error says why, in one line
            assert result.stderr.strip().splitlines()[-1].startswith("Error: "), args
        elif not ({"--dimacs", "-q"} & set(map(str, args))):
            assert result.stdout.strip(), args


def test_a_puzzle_with_several_solutions_has_no_rating_and_says_why(run_cli, puzzles_dir):
    several = (puzzles_dir / "sudoku" / "serg-multiple-20.txt").read_text().splitlines()[0] + "\n"
    for flags in ([], ["--no-unique"]):  # a rating proves uniqueness even when solving was told not to
        [record] = jsonl(run_cli(["sudoku", "--rate", "-f", "jsonl", *flags], input=several).stdout)
        assert record["status"] == "multiple" and record["rating"] is None
        assert record["rating_note"].startswith("no SE rating: the puzzle has more than one solution")
    pretty = run_cli(["sudoku", "--rate", "--no-unique", "-f", "pretty"], input=several)
    assert "no SE rating" in pretty.stdout and pretty.exit_code == 1
    [rated] = jsonl(run_cli(["sudoku", "--rate", "--no-unique", "-f", "jsonl"], input=WIKI + "\n").stdout)
    assert rated["unique"] is True and rated["rating"]["er"] == 1.2 and "rating_note" not in rated


def test_true_candidates_in_the_line_format_are_a_pencil_mark_line_that_reads_back(run_cli, puzzles_dir):
    several = (puzzles_dir / "sudoku" / "serg-multiple-20.txt").read_text().splitlines()[0] + "\n"
    [line] = run_cli(["sudoku", "--true-candidates", "-f", "line"], input=several).stdout.splitlines()
    [record] = jsonl(run_cli(["sudoku", "--true-candidates", "-f", "jsonl"], input=several).stdout)
    assert len(line) == 729
    assert ["".join(ch for ch in line[cell * 9:cell * 9 + 9] if ch != ".") for cell in range(81)] \
        == record["true_candidates"]
    [back] = jsonl(run_cli(["sudoku", "-f", "jsonl"], input=line + "\n").stdout)
    assert back["status"] == "multiple" and back["puzzle"] == line
    [unique] = run_cli(["sudoku", "--true-candidates", "-f", "line"], input=WIKI + "\n").stdout.splitlines()
    assert run_cli(["sudoku", "-f", "line"], input=unique + "\n").stdout.strip() == WIKI_SOLUTION


def test_json_is_one_indented_document_for_one_puzzle_and_an_array_for_more(run_cli, puzzles_dir):
    one = run_cli(["sudoku", "-f", "json"], input=WIKI + "\n")
    assert one.exit_code == 0 and one.stdout.startswith("{\n") and json.loads(one.stdout)["solution"] == WIKI_SOLUTION
    several = run_cli(["sudoku", "-f", "json", puzzles_dir / "sudoku" / "examples.txt"])
    records = json.loads(several.stdout)
    assert several.exit_code == 0 and several.stdout.startswith("[\n  {") and several.stdout.endswith("}\n]\n")
    assert [record["line"] for record in records] == [5, 7, 19, 20]
    lines = [record["line"] for record in jsonl(run_cli(["sudoku", "-f", "jsonl", puzzles_dir / "sudoku" / "examples.txt"]).stdout)]
    assert lines == [5, 7, 19, 20]
    made = run_cli(["sudoku", "generate", "--seed", "3", "-f", "json", "--solution"])
    assert made.exit_code == 0 and json.loads(made.stdout)["givens"] > 17
    two = run_cli(["sudoku", "generate", "-n", "2", "-f", "json"])
    assert two.exit_code == 0 and len(json.loads(two.stdout)) == 2


def test_a_rated_line_starts_with_its_puzzle(run_cli, puzzles_dir):
    rated = run_cli(["sudoku", "--rate", "-f", "line"], input=WIKI + "\n" + "12345678." + "........9" + "." * 63 + "\n")
    first, second = rated.stdout.splitlines()
    assert first.split("\t") == [WIKI, WIKI_SOLUTION, "1.2/1.2/1.2"]
    assert second.split("\t") == ["12345678." + "........9" + "." * 63, "unsat"]
    effort = run_cli(["sudoku", "--effort", "-f", "line"], input=WIKI + "\n").stdout.rstrip("\n").split("\t")
    assert effort[:3] == [WIKI, WIKI_SOLUTION, "1.2/1.2/1.2"] and float(effort[3]) > 0


def test_generated_line_with_its_solution_reads_back_as_the_puzzle(run_cli):
    [line] = run_cli(["sudoku", "generate", "--seed", "3", "-f", "line", "--solution"]).stdout.splitlines()
    puzzle, solution = line.split("\t")
    [back] = jsonl(run_cli(["sudoku", "-f", "jsonl"], input=line + "\n").stdout)
    assert back["puzzle"] == puzzle and back["solution"] == solution and back["unique"] is True


def test_a_4x4_pencil_mark_line_is_not_taken_for_an_8x8_puzzle_of_as_many_characters(run_cli):
    [line] = run_cli(["sudoku", "--true-candidates", "-f", "line"], input="..1.............\n").stdout.splitlines()
    assert len(line) == 64  # = 8 x 8: read back as 4x4 candidates, each in its digit's slot, not as an 8x8 grid
    [back] = jsonl(run_cli(["sudoku", "-f", "jsonl", "--count", "1000"], input=line + "\n").stdout)
    [again] = jsonl(run_cli(["sudoku", "-f", "jsonl", "--count", "1000"], input="..1.............\n").stdout)
    assert back["status"] == "multiple" and back["solutions"] == again["solutions"] == 72
    eight = "12345678" + "." * 56  # a real 8x8 line of as many characters still reads as 8x8
    assert len(jsonl(run_cli(["sudoku", "-f", "jsonl", "--no-unique"], input=eight + "\n").stdout)[0]["solution"]) == 64

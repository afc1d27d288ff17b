"""render/sudoku.py: the plain grid as it always was, variant grids with their regions, cages and marks, a
legend, honest counts and plurals."""

from __future__ import annotations

import hashlib
import io
import re
from collections import Counter
from pathlib import Path

import pytest
from conftest import PUZZLES, run_main
from rich.cells import cell_len
from rich.console import Console

from puzzlesat.render import plural
from puzzlesat.render.sudoku import generated_view, rating_text, status_text, summary
from puzzlesat.render.sudoku_grid import DIAGONAL_STYLE, JUNCTIONS, WINDOW_STYLE, grid
from puzzlesat.sudoku import Result, Rules, make_variant, parse, solve
from puzzlesat.sudoku.model.grid import Puzzle, Shape
from puzzlesat.sudoku.reading.reader import Record
from puzzlesat.sudoku.reading.variant_files import read_cages, read_regions
from puzzlesat.streams import read_lines, read_text_lines

VARIANTS_DIR = Path(__file__).resolve().parents[2] / "puzzles" / "sudoku" / "variants"
WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
PLAIN_WIKI_GRID = """\
┏━━━━━━━┳━━━━━━━┳━━━━━━━┓
┃ 5 3 4 ┃ 6 7 8 ┃ 9 1 2 ┃
┃ 6 7 2 ┃ 1 9 5 ┃ 3 4 8 ┃
┃ 1 9 8 ┃ 3 4 2 ┃ 5 6 7 ┃
┣━━━━━━━╋━━━━━━━╋━━━━━━━┫
┃ 8 5 9 ┃ 7 6 1 ┃ 4 2 3 ┃
┃ 4 2 6 ┃ 8 5 3 ┃ 7 9 1 ┃
┃ 7 1 3 ┃ 9 2 4 ┃ 8 5 6 ┃
┣━━━━━━━╋━━━━━━━╋━━━━━━━┫
┃ 9 6 1 ┃ 5 3 7 ┃ 2 8 4 ┃
┃ 2 8 7 ┃ 4 1 9 ┃ 6 3 5 ┃
┃ 3 4 5 ┃ 2 8 6 ┃ 1 7 9 ┃
┗━━━━━━━┻━━━━━━━┻━━━━━━━┛
"""
# sha256 of grid(WIKI, its solution).markup as drawn before variant grids existed (styles included)
PLAIN_WIKI_MARKUP_SHA256 = "c564aa6d88a4374fad57b5aded14f1e3ab84422d5a9f3fc6085c6361e85cd876"  # givens bold, not bold and dim
ESCAPES = re.compile(r"\x1b\[[0-9;]*m")
EXAMPLES = {  # example -> its options (puzzles/sudoku/variants/README.md)
    "diagonal-sudopedia": ["--variant", "diagonal"],
    "windoku-oceans18": ["--variant", "windoku"],
    "jigsaw-janko108": ["--variant", "jigsaw", "--regions", VARIANTS_DIR / "jigsaw-janko108.regions"],
    "anti-king-6x6": ["--variant", "anti-king"],
    "anti-knight-ctc": ["--variant", "anti-knight"],
    "anti-knight-fwp": ["--variant", "anti-knight"],
    "killer-ukpa": ["--variant", "killer", "--cages", VARIANTS_DIR / "killer-ukpa.cages"],
    "killer-kso": ["--variant", "killer", "--cages", VARIANTS_DIR / "killer-kso.cages"],
    "diagonal-nonconsecutive-rangsk": ["--variant", "diagonal-nonconsecutive"],
}


def pretty(stem: str, terminal: bool = True) -> str:
    """The pretty output of a variant example on an 80-column terminal (or in a pipe), escape codes stripped."""
    run = run_main(["sudoku", "-f", "pretty", *EXAMPLES[stem], VARIANTS_DIR / f"{stem}.txt"], terminal=terminal,
                   width=80)
    assert run.exit_code == 0, run.output
    return ESCAPES.sub("", run.stdout)


def grid_lines(output: str, side: int) -> list:
    """The lines of the walled grid in a pretty output: 2 * side + 1 lines from the top border on."""
    lines = output.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("┏"))
    return lines[top:top + 2 * side + 1]


def wiki_grid(rules=None):
    puzzle = parse(WIKI)
    return grid(puzzle, solve(WIKI).solution, rules)


# ---- the plain grid --------------------------------------------------------------------------

def test_plain_9x9_grid_is_unchanged():
    text = wiki_grid()
    assert text.plain == PLAIN_WIKI_GRID
    assert hashlib.sha256(text.markup.encode()).hexdigest() == PLAIN_WIKI_MARKUP_SHA256


def test_classic_rules_draw_the_plain_grid():
    assert wiki_grid(Rules(Shape.of_side(9))) == wiki_grid()


@pytest.mark.parametrize("stem, piece", [("anti-king-6x6", "king"), ("anti-knight-ctc", "knight")])
def test_anti_king_and_knight_keep_the_plain_grid_and_say_they_are_not_drawn(stem, piece):
    lines = VARIANTS_DIR.joinpath(f"{stem}.txt").read_text().splitlines()
    answer = next(line.split(":", 1)[1].strip() for line in lines if line.startswith("# answer:"))
    puzzle = parse(lines[-1])
    plain = grid(puzzle, tuple(int(ch) for ch in answer)).plain
    output = pretty(stem)
    assert plain + f"anti-{piece}: no repeat a {piece}'s move apart (not drawn)\n" in output


# ---- variant grids ---------------------------------------------------------------------------

@pytest.mark.parametrize("stem", sorted(EXAMPLES))
def test_variant_grids_fit_80_columns(stem):
    output = pretty(stem)
    assert all(cell_len(line) <= 80 for line in output.splitlines())


@pytest.mark.parametrize("stem", sorted(EXAMPLES))
def test_no_escape_codes_in_a_pipe(stem):
    run = run_main(["sudoku", "-f", "pretty", *EXAMPLES[stem], VARIANTS_DIR / f"{stem}.txt"], terminal=False)
    assert "\x1b" not in run.stdout and "┃" in run.stdout


def test_jigsaw_walls_are_heavy_exactly_between_regions():
    regions = read_regions(read_lines([str(VARIANTS_DIR / "jigsaw-janko108.regions")]))
    region = {cell: index for index, cells in enumerate(regions) for cell in cells}
    lines = grid_lines(pretty("jigsaw-janko108"), 9)
    for row in range(9):
        cells = lines[2 * row + 1]
        for col in range(1, 9):
            apart = region[row * 9 + col - 1] != region[row * 9 + col]
            assert cells[4 * col] == ("┃" if apart else "│"), (row, col)
    for row in range(1, 9):
        walls = lines[2 * row]
        for col in range(9):
            apart = region[(row - 1) * 9 + col] != region[row * 9 + col]
            assert walls[4 * col + 2] == ("━" if apart else "─"), (row, col)
    assert "━ regions" in pretty("jigsaw-janko108")


@pytest.mark.parametrize("stem", ["killer-ukpa", "killer-kso"])
def test_killer_cages_are_outlined_with_their_sums_on_the_first_cell(stem):
    cages = read_cages(read_lines([str(VARIANTS_DIR / f"{stem}.cages")]))
    cage = {(r - 1) * 9 + c - 1: index for index, found in enumerate(cages) for r, c in found.positions}
    output = pretty(stem)
    lines = grid_lines(output, 9)
    for found in cages:
        row, col = divmod(min((r - 1) * 9 + c - 1 for r, c in found.positions), 9)
        label = str(found.total)
        assert lines[2 * row][4 * col + 1:4 * col + 1 + len(label)] == label, found
    for row in range(9):
        for col in range(1, 9):
            same = cage[row * 9 + col - 1] == cage[row * 9 + col]
            box_wall = col % 3 == 0
            expected = ("┇" if box_wall else " ") if same else ("┃" if box_wall else "│")
            assert lines[2 * row + 1][4 * col] == expected, (row, col)
    assert "cage sum" in output and "box wall inside a cage" in output


def test_diagonals_and_windows_are_marked():
    diagonal = grid_lines(pretty("diagonal-sudopedia"), 9)
    marks = Counter(ch for line in diagonal for ch in line if ch in "╲╱╳")
    assert marks == {"╲": 16, "╱": 16, "╳": 2}  # both sides of each cell; the centre is on both diagonals
    assert diagonal[1].startswith("┃╲3╲│") and diagonal[9][17:20] == "╳7╳"
    assert "╲ ╱ diagonals" in pretty("diagonal-sudopedia")
    windoku = pretty("windoku-oceans18")
    assert windoku.count("[") == 4 * 9 + 1 and "[ ] windows" in windoku  # the legend has one more
    assert "┃ 2 │[6]│[1]┃[3]│ 5 │[7]┃[8]│[4]│ 9 ┃" in windoku


def test_marked_cells_get_a_background():
    puzzle = Puzzle(Shape.of_side(9), (0,) * 81)
    rules = make_variant(["diagonal", "windoku"]).rules(puzzle.shape)
    styles = {str(span.style) for span in grid(puzzle, rules=rules).spans}
    assert any(DIAGONAL_STYLE in style for style in styles) and any(WINDOW_STYLE in style for style in styles)
    stream = io.StringIO()
    Console(file=stream, force_terminal=True, color_system="256", width=80).print(grid(puzzle, rules=rules))
    assert "\x1b[48;5;" in stream.getvalue()  # a background colour on a colour terminal


@pytest.mark.parametrize("side", [4, 6, 16])
def test_walled_grids_of_other_sizes_are_rectangles_with_their_marks(side):
    shape = Shape.of_side(side)
    puzzle = Puzzle(shape, (0,) * shape.cells)
    names = ["diagonal"] + (["windoku"] if shape.box_rows == shape.box_cols else [])
    rest = side * (side + 1) // 2 - 3  # the first row: a cage of two cells adding up to 3, one of the rest
    cage_file = f"3 r1c1 r1c2\n{rest} " + " ".join(f"r1c{col}" for col in range(3, side + 1))
    killer = make_variant(["killer"], cages=read_cages(read_text_lines(cage_file, "cages.txt")))
    for rules in (make_variant(names).rules(shape), killer.rules(shape)):
        lines = grid(puzzle, rules=rules).plain.splitlines()
        board = lines[:2 * side + 1]
        assert {cell_len(line) for line in board} == {4 * side + 1}
        assert len(lines) == 2 * side + 2  # and the legend
    killer_top = grid(puzzle, rules=killer.rules(shape)).plain.splitlines()[0]
    assert killer_top[:8] == "┏3━━━━━━" and killer_top[9:9 + len(str(rest))] == str(rest)


def test_junction_table():
    def junction(up, right, down, left):
        return JUNCTIONS[27 * up + 9 * right + 3 * down + left]

    assert junction(0, 2, 2, 0) == "┏" and junction(2, 2, 2, 2) == "╋" and junction(1, 1, 1, 1) == "┼"
    assert junction(0, 2, 1, 2) == "┯" and junction(2, 1, 2, 1) == "╂" and junction(2, 0, 0, 2) == "┛"
    assert len(JUNCTIONS) == 81 and len(set(JUNCTIONS)) == 81


# ---- words -----------------------------------------------------------------------------------

def record():
    return Record("p.txt", 3, WIKI, parse(WIKI))


@pytest.mark.parametrize("result, count, words", [
    (Result("multiple", unique=False, solutions=5), 5, "multiple, at least 5 solutions"),
    (Result("multiple", unique=False, solutions=3), 5, "multiple, 3 solutions counted"),
    (Result("solved", unique=True, solutions=1), 5, "solved, unique, 1 solution counted"),
    (Result("timeout", solutions=2), 5, "timeout, at least 2 solutions"),
    (Result("unsat", unique=None, solutions=0), 5, "unsat, 0 solutions counted"),
    (Result("solved", unique=True), None, "solved, unique"),
])
def test_status_counts_honestly(result, count, words):
    assert status_text(record(), result, count).plain == f"p.txt:3  {words}"


def test_cli_pretty_count_at_its_limit_says_at_least():
    run = run_main(["sudoku", "-f", "pretty", "--count", "5"], input="1234" + "." * 12 + "\n", terminal=True)
    assert "multiple, at least 5 solutions" in ESCAPES.sub("", run.stdout)


def test_plurals():
    assert plural(1, "puzzle") == "1 puzzle" and plural(2, "puzzle") == "2 puzzles"
    assert plural(1, "guess", "guesses") == "1 guess" and plural(0, "guess", "guesses") == "0 guesses"
    assert summary(Counter(solved=1)).plain == "1 puzzle: 1 solved"
    assert summary(Counter(solved=2, multiple=1)).plain == "3 puzzles: 2 solved, 1 multiple"


def test_rating_and_generated_plurals():
    from types import SimpleNamespace

    rating = SimpleNamespace(engine="se", er=9.2, ep=9.2, ed=9.2, steps=60, score=9.0, level="search", hardest=None, complexity=1.5, open_after_propagation=50,
                             probe_rounds=0, guesses=1, conflicts=1)
    assert "search 1 guess, 1 conflict" in rating_text(rating).plain
    generated = SimpleNamespace(givens=1, rating=None, puzzle=Puzzle(Shape.of_side(4), (1,) + (0,) * 15), solution=None)
    assert generated_view(1, generated).renderables[0].plain.startswith("#1  1 given  ")


# ---- two grids: a puzzle and its solution, two solutions ---------------------------------------

def read_back_jsonl(text: str) -> list:
    import json

    run = run_main(["sudoku", "-f", "jsonl", "--no-unique"], input=text)
    return [json.loads(line) for line in run.stdout.splitlines()]


@pytest.mark.parametrize("size, terminal, width, beside", [(9, False, None, True), (9, True, 80, True),
                                                           (16, True, 80, False), (16, True, 120, True),
                                                           (16, False, None, True)])
def test_generate_with_its_solution_shows_the_puzzle_and_the_solution_without_colour(size, terminal, width, beside):
    import json

    made = run_main(["sudoku", "generate", "-n", "2", "--seed", "3", "--size", size, "--solution", "-f", "pretty"],
                    terminal=terminal, width=width)
    shown = ESCAPES.sub("", made.stdout)
    records = [json.loads(line) for line in run_main(["sudoku", "generate", "-n", "2", "--seed", "3", "--size", size,
                                                      "--solution", "-f", "jsonl"]).stdout.splitlines()]
    assert [(parse(r["puzzle"]).values, r["status"]) for r in read_back_jsonl(shown)] == [
        (parse(grid_text).values, "solved") for r in records for grid_text in (r["puzzle"], r["solution"])]
    assert ("puzzle   " in shown) == beside and ("\nsolution\n" in shown) == (not beside)
    if width:
        assert all(cell_len(line) <= width for line in shown.splitlines())


def multiple_kropki(tmp_path) -> Path:
    """A 9x9 with two Kropki dots, a black one and a thermometer: many solutions."""
    import json

    data = {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)],
            "difference": [{"cells": ["R1C1", "R1C2"]}, {"cells": ["R5C5", "R5C6"]}],
            "ratio": [{"cells": ["R3C3", "R4C3"]}], "thermometer": [{"lines": [["R7C7", "R7C8", "R8C9"]]}]}
    path = tmp_path / "kropki.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("source", ["classic", "variant"])
def test_two_solutions_mark_where_they_differ_in_text_and_say_the_legend_once(tmp_path, source):
    import json

    args = ["-"] if source == "classic" else [multiple_kropki(tmp_path)]
    wiki_less = "." * 9 + WIKI[9:]  # the first row open: several solutions
    run = run_main(["sudoku", "-f", "pretty", "--true-candidates", *args], input=wiki_less)  # as in a file
    shown = ESCAPES.sub("", run.stdout)
    record = json.loads(run_main(["sudoku", "-f", "jsonl", "--true-candidates", *args], input=wiki_less).stdout)
    differences = record["differences"]
    assert f"they differ in {len(differences)} cells (marked ›): {', '.join(differences)}" in shown
    lines = shown.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("┏"))
    walled = source == "variant"
    pitch = 4 if walled else 2
    for pane in (0, 1):
        start = lines[top].index("┏", 1) if pane else 0
        marked = set()
        for row in range(9):
            line = lines[top + 1 + (2 * row if walled else row + row // 3)][start:]
            for col in range(9):
                at = 1 + pitch * col + (0 if walled else 2 * (col // 3))
                if line[at] == "›":
                    marked.add(f"r{row + 1}c{col + 1}")
        assert marked == set(differences)
    if walled:
        assert shown.count("○ consecutive") == 1 and shown.count("thermometer (r7c7)") == 1
    solutions = [r["puzzle"] for r in read_back_jsonl(shown)[:2]]
    assert solutions == [record["solution"], record["second_solution"]]


# ---- pencil marks of a 16x16 -------------------------------------------------------------------

SIXTEEN = (Path(__file__).resolve().parents[2] / "puzzles" / "sudoku" / "16x16-test6.txt").read_text().split()[0]
SIXTEEN_OPEN = "".join("." if i % 3 == 0 else ch for i, ch in enumerate(SIXTEEN))  # several solutions


def pencil_grid_lines(shown: str) -> list:
    """The lines of the mini-grid in an output: from its top border to its bottom border."""
    lines = shown.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("━━━━┯"))
    bottom = next(i for i, line in enumerate(lines) if line.startswith("━━━━┷"))
    return lines[top:bottom + 1]


@pytest.mark.parametrize("options, puzzle", [(["--hint", "--candidates"], SIXTEEN),
                                             (["--explain", "--candidates"], SIXTEEN),
                                             (["--true-candidates"], SIXTEEN_OPEN)])
@pytest.mark.parametrize("terminal, width", [(True, 80), (True, 120), (False, None)])
def test_a_16x16_pencil_mark_grid_fits_80_columns_unwrapped(options, puzzle, terminal, width):
    run = run_main(["sudoku", "-f", "pretty", *options], input=puzzle, terminal=terminal, width=width)
    shown = ESCAPES.sub("", run.stdout)
    grid_part = pencil_grid_lines(shown)
    assert len(grid_part) == 16 * 5 + 1 and {cell_len(line) for line in grid_part} == {79}
    if width == 80:  # and the rest fits too (sentences wrapped, two solution grids one above the other)
        assert all(cell_len(line) <= 80 for line in shown.splitlines())
    marks = [r for r in read_back_jsonl("\n".join(grid_part))]
    assert len(marks) == 1 and len(marks[0]["puzzle"]) == 16 ** 3  # read back as the candidates it shows


def test_a_16x16_variant_in_numbers_fits_80_columns_as_letters_and_says_so(run_cli):
    link = PUZZLES / "variants" / "behemoth-16x16.txt"
    def shown(width: int) -> str:
        return re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", run_cli(["sudoku", "-f", "pretty", link], terminal=True,
                                                               width=width).stdout)

    narrow = shown(80)
    assert max(map(len, narrow.splitlines())) <= 80
    assert "(numbers 10-16 drawn as A-G to fit 80 columns)" in narrow
    wide = shown(120)
    assert "drawn as" not in wide and "│ 15 │" in wide


def test_an_explanation_cut_short_marks_the_cells_the_solver_filled_in_text(run_cli):
    inkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    shown = run_cli(["sudoku", "--explain", "--timeout", "0.5", "-f", "pretty"], input=inkala + "\n").stdout
    assert "› filled by the solver, not by the steps" in shown
    last_grid = shown.split("the time ran out")[1]
    assert last_grid.count("›") - 1 >= 40  # most of the 60 open cells, each marked beside its digit


SGR = re.compile(r"\x1b\[([0-9;]*)m")


def styled_cells(text: str) -> list:
    """(the SGR codes in force, the character) for every character of a terminal's output."""
    found, codes = [], ""
    for piece in re.split(r"(\x1b\[[0-9;]*m)", text):
        match = SGR.fullmatch(piece)
        if match:
            codes = match.group(1) if match.group(1) != "0" else ""
            continue
        found.extend((codes, ch) for ch in piece)
    return found


def test_on_a_terminal_givens_are_bold_and_not_dim_and_blanks_dim():
    shown = run_main(["sudoku"], input=WIKI + "\n", terminal=True, width=100).stdout
    grid_line = next(line for line in shown.splitlines() if "5" in line and "3" in line and "┃" in line)
    cells = [(codes, ch) for codes, ch in styled_cells(grid_line) if ch.strip() and ch != "┃"]
    givens = [codes for codes, ch in cells if ch in "53" and ch in WIKI[:2]]
    assert givens and all(set(codes.split(";")) == {"1"} for codes in givens)  # bold, not bold and dim
    assert all("2" not in codes.split(";") for codes, ch in cells if ch.isdigit())


def test_a_hint_on_a_terminal_marks_its_cells_in_text_readable_without_colour():
    shown = run_main(["sudoku", "--hint"], input=WIKI + "\n", terminal=True, width=100).stdout  # colour off
    plain = SGR.sub("", shown)
    assert "┃ · 7›8 ┃" in plain  # Hidden Single: 8 in r1c6, after the mark, filled in
    assert "› the step's cells, its placed digits filled in" in plain
    header = next(line for line in shown.splitlines() if "hint:" in line).split(" (")[0]  # its difficulty is dim
    assert SGR.sub("", header).endswith("Hidden Single: 8 fits only r1c6 in box 2")
    assert not any("2" in codes.split(";") for codes, _ in styled_cells(header))


def test_a_hint_on_the_candidates_underlines_its_cells_and_strikes_what_it_removes():
    chain = (PUZZLES / "sudoku" / "chain-position.txt").read_text().splitlines()[0]
    shown = run_main(["sudoku", "--hint", "--candidates", "--disable", "uniqueness"], input=chain + "\n",
                     terminal=True, width=120).stdout
    record = run_main(["sudoku", "--hint", "--disable", "uniqueness", "-f", "json"], input=chain + "\n").stdout
    import json

    hint = json.loads(record)["hint"]
    struck = [ch for codes, ch in styled_cells(shown) if "9" in codes.split(";")]
    assert struck == [digit for _, digit in hint["eliminate"]]
    assert sum(1 for codes, _ in styled_cells(shown) if "4" in codes.split(";")) >= len(hint["cells"])
    assert "struck through: the candidates removed" in SGR.sub("", shown)

"""Sudoku pictures (render/svg/sudoku*.py) through the CLI and the library: every kind drawn, checked as SVG and in
a real browser (not blank, givens darker than empty cells, big grids inside their viewBox, pencil marks legible,
the walk-through of an explanation moving with the keyboard, a link's title shown as text, never run)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from xml.etree.ElementTree import Element, fromstring

import pytest
from browser import browser, darkness, load, not_blank  # noqa: F401 - browser is a fixture
from conftest import PUZZLES, ROOT, run_main
from hypothesis import given
from hypothesis import strategies as st

from puzzlesat.render.svg.sudoku import grid_svg, pair_svg
from puzzlesat.render.svg.sudoku_answers import rating_line
from puzzlesat.render.svg.sudoku_board import PENCIL_MIN
from puzzlesat.render.svg.sudoku_marks import DRAWERS
from puzzlesat.render.svg.wrap import text_width, wrap
from puzzlesat.sudoku import parse, solve
from puzzlesat.sudoku.logic.rating import rate
from puzzlesat.sudoku.model import constraints as k
from puzzlesat.sudoku.model.constraints import HOMES, Constraint
from puzzlesat.sudoku.model.rules import Rules

NS = "{http://www.w3.org/2000/svg}"
WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CHAIN = PUZZLES / "sudoku" / "chain-position.txt"
VARIANTS = PUZZLES / "variants"


def cell(row: int, col: int) -> int:
    """A 9x9 cell from its 1-based row and column."""
    return (row - 1) * 9 + col - 1


def cells(*places) -> tuple:
    """9x9 cells from (row, col) pairs."""
    return tuple(cell(r, c) for r, c in places)


EVERY = (  # one constraint of every kind puzzlesat reads (drawn, not solved)
    k.Killer(cells((1, 1), (1, 2), (2, 1)), 15), k.Killer(cells((1, 3), (1, 4)), None),
    k.MultiSumKiller(cells((2, 2), (2, 3)), (9, 12)),
    k.Thermometer(cells((3, 1), (4, 1), (5, 2))), k.Thermometer(cells((3, 3), (3, 4), (4, 5)), slow=True),
    k.Arrow(cells((6, 1), (6, 2)), cells((7, 3), (8, 3))), k.DoubleArrow(cells((5, 4), (5, 5), (5, 6), (5, 7))),
    k.Between(cells((9, 1), (9, 2), (9, 3))), k.Whisper(cells((6, 5), (7, 5), (7, 6)), 5),
    k.Renban(cells((1, 9), (2, 9), (3, 9))), k.RegionSumLine(cells((4, 8), (4, 9), (5, 9))),
    k.Palindrome(cells((8, 5), (8, 6), (8, 7))), k.Zipper(cells((9, 4), (9, 5), (9, 6))),
    k.Entropic(cells((6, 7), (6, 8), (6, 9))), k.Modular(cells((7, 7), (7, 8), (7, 9))),
    k.Nabner(cells((8, 8), (8, 9))), k.Lockout(cells((9, 7), (9, 8), (9, 9)), 4),
    k.Kropki(cell(4, 2), cell(4, 3), "white"), k.Kropki(cell(4, 3), cell(4, 4), "black"),
    k.XV(cell(2, 4), cell(2, 5), 10), k.XV(cell(2, 5), cell(3, 5), 5),
    k.Difference(cell(3, 6), cell(3, 7), 3), k.Ratio(cell(4, 6), cell(4, 7), 3), k.Negative("white", ((0, 1),)),
    k.Parity(cell(5, 1), True), k.Parity(cell(5, 3), False), k.PencilMarks(cell(7, 1), (1, 4, 7)),
    k.Extremum(cell(7, 2), True), k.Extremum(cell(8, 1), False),
    k.Quadruple(cells((5, 5), (5, 6), (6, 5), (6, 6)), (1, 2, 3)), k.Clone(cells((8, 2),), cells((3, 2),)),
    k.Indexer(cells((1, 5),), "column"), k.Distinct(tuple(i * 9 + i for i in range(9)), "diagonal 1"),
    k.Distinct(cells((6, 3), (6, 4)), "extra region"), k.Distinct(cells((2, 6), (2, 7), (3, 6), (3, 7)), "window 1"),
    k.LittleKiller(cells((1, 2), (2, 3), (3, 4)), 20), k.Sandwich(tuple(range(9)), 10),
    k.XSum(tuple(cell(r, 9) for r in range(1, 10)), 25), k.Skyscraper(tuple(cell(9, c) for c in range(9, 0, -1)), 4),
    k.Taxicab(9, 3), k.Chess(9, ((1, 1),)), k.SelfTaxicab(9), k.DiagonalNonconsecutive(9),
    k.CageSum(cells((7, 4), (8, 4)), 9), k.ParityLine(cells((2, 8), (3, 8))),
)
IN_WORDS = {"Negative": "no white dot: not consecutive", "Taxicab": "taxicab 3: no repeat at taxicab distance 3",
            "Chess": "anti-king: no repeat a king's move apart", "SelfTaxicab": "self-taxicab",
            "DiagonalNonconsecutive": "diagonal non-consecutive"}


def svg_tree(svg: str) -> Element:
    """The parsed SVG (it must be well-formed)."""
    assert svg.startswith("<svg")
    return fromstring(svg)


def titles(svg: str) -> list:
    """The tooltips of the drawn elements (every <title> but the picture's own)."""
    root = svg_tree(svg)
    return [title.text for group in root.iter(f"{NS}g") for title in group.findall(f"{NS}title")]


def texts(svg: str) -> list:
    """Every <text>'s content."""
    return [element.text or "" for element in svg_tree(svg).iter(f"{NS}text")]


def of_class(svg: str, name: str) -> list:
    """The elements of a class on the grids (not in the legend's samples)."""
    boards = [group for group in svg_tree(svg).iter(f"{NS}g") if group.get("class") == "board"]
    return [element for board in boards for element in board.iter() if element.get("class") == name]


def cli_svg(*args, input=None) -> str:
    """The SVG `puzzlesat ARGS -f svg` writes (it must succeed)."""
    run = run_main([*args, "-f", "svg"], input=input)
    assert run.exit_code == 0, run.output
    return run.stdout


# ---- every constraint drawn --------------------------------------------------------------------------------


def test_every_constraint_class_has_a_drawing():
    classes = {name for name in HOMES if isinstance(getattr(k, name), type) and issubclass(getattr(k, name),
                                                                                         Constraint)}
    assert classes - {"Constraint"} == set(DRAWERS)
    assert {type(constraint).__name__ for constraint in EVERY} == set(DRAWERS)


def test_every_kind_is_drawn_where_it_is_and_named():
    puzzle = parse("." * 81)
    svg = grid_svg(puzzle, None, Rules(puzzle.shape, constraints=EVERY))
    drawn = titles(svg)
    words = " ".join(texts(svg))
    for constraint in EVERY:
        kind = type(constraint).__name__
        if kind in IN_WORDS:
            assert IN_WORDS[kind] in words, kind
        elif kind == "PencilMarks":
            assert "given pencil marks" in words and texts(svg).count("4") >= 1
        elif kind == "Distinct":
            assert constraint.name in drawn
        else:
            assert any(title.startswith(constraint.kind) for title in drawn), constraint.kind
    assert {"15", "9/12", "20", "10", "25", "4"} <= set(texts(svg))  # cage sums and clues beside the grid


@pytest.mark.parametrize("name", ["hay-fever", "clipped", "blitz", "tiny-scar", "renban-skyscrapers"])
def test_published_variants_draw_each_constraint(name):
    path = VARIANTS / f"{name}.txt"
    read = json.loads(run_main(["sudoku", "-f", "json", path]).stdout)["constraints"]
    svg = cli_svg("sudoku", path)
    drawn = Counter(title.rsplit(" ", 1)[0] if title.split(" ")[-1].isdigit() else title
                    for title in (t.split(" r")[0].split(" (")[0] for t in titles(svg)))
    for kind, count in read.items():
        if kind == "anti-king":
            assert "anti-king: no repeat a king's move apart (not drawn)" in " ".join(texts(svg))
        else:
            assert sum(n for title, n in drawn.items() if title.startswith(kind)) >= count, (kind, drawn)
    assert len(of_class(svg, "found")) == 81 - len(of_class(svg, "given"))


def test_cage_sums_sit_in_the_corner_of_their_first_cell():
    svg = cli_svg("sudoku", VARIANTS / "blitz.txt")
    root = svg_tree(svg)
    wall = next(rect for rect in root.iter(f"{NS}rect") if rect.get("class") == "border")
    left, top, size = (float(wall.get(name)) for name in ("x", "y", "width"))
    placed = {}
    for group in (group for board in root.iter(f"{NS}g") if board.get("class") == "board" for group in board.iter()):
        label = group.find(f"{NS}text[@class='cage-sum']")
        if label is not None:
            first = group.find(f"{NS}title").text.split(": ")[1].split()[0]  # 'killer 3 16: r2c2 r2c3 ...'
            col, row = (float(label.get(name)) for name in ("x", "y"))
            placed[first] = (label.text, f"r{int((row - top) / size * 9) + 1}c{int((col - left) / size * 9) + 1}",
                             (col - left) / size * 9 % 1 < 0.5 and (row - top) / size * 9 % 1 < 0.5)
    assert {"r2c2": ("16", "r2c2", True), "r1c8": ("11", "r1c8", True)}.items() <= placed.items()
    assert len(placed) == 8 and all(cell == first and corner for first, (_, cell, corner) in placed.items())


def test_pencil_marks_keep_clear_of_a_cages_dashes_and_its_sum():
    puzzle = parse("." * 81)
    cages = (k.Killer(cells((1, 1), (1, 2), (2, 1)), 15), k.MultiSumKiller(cells((5, 5), (5, 6)), (9, 12)))
    svg = grid_svg(puzzle, None, Rules(puzzle.shape, constraints=cages), pencil=[0b111111111] * 81)
    root = svg_tree(svg)
    wall = next(rect for rect in root.iter(f"{NS}rect") if rect.get("class") == "border")
    left, top, c = float(wall.get("x")), float(wall.get("y")), float(wall.get("width")) / 9
    halos = {}  # a labelled cell: the bottom of the white under its sum, from the cell's top
    board = next(group for group in root.iter(f"{NS}g") if group.get("class") == "board")
    for group in board.iter(f"{NS}g"):
        if group.find(f"{NS}text[@class='cage-sum']") is not None:
            halo = group.find(f"{NS}rect")
            bottom = float(halo.get("y")) + float(halo.get("height")) - top
            halos[int(bottom // c) * 9 + int((float(halo.get("x")) - left) // c)] = bottom % c
    assert set(halos) == {cell(1, 1), cell(5, 5)}
    caged = {place for cage in cages for place in cage.cells}
    marks = of_class(svg, "marks")[0]
    size, seen = float(marks.get("font-size")), 0
    for line in marks:
        baseline = float(line.get("y")) - top
        for x in map(float, line.get("x").split()):
            place = int(baseline // c) * 9 + int((x - left) // c)
            if place in caged:
                across, down = (x - left) % c, baseline % c
                glyph = (across - 0.3 * size, down - 0.72 * size, across + 0.3 * size, down)
                assert all(0.11 * c < edge < 0.89 * c for edge in glyph), (place, glyph)  # dashes 0.08 c in
                assert glyph[1] > halos.get(place, 0.0), place
                seen += 1
    assert seen == 9 * len(caged)


def test_a_quadruples_legend_sample_sits_beside_its_words():
    puzzle = parse("." * 81)
    svg = grid_svg(puzzle, None, Rules(puzzle.shape, constraints=(k.Quadruple(cells((5, 5), (5, 6), (6, 5), (6, 6)),
                                                                                      (1, 2, 3)),)))
    root = svg_tree(svg)
    sample = next(group for group in root.iter(f"{NS}g") if group.findtext(f"{NS}title") == "quadruple")
    circle = sample.find(f"{NS}circle")
    words = [text for text in root.iter(f"{NS}text") if text.get("text-anchor") == "start"]
    first = next(i for i, text in enumerate(words) if text.text.startswith("circle on a corner"))
    lines = [float(text.get("y")) for text in words[first:first + 2]]
    middle = (lines[0] + lines[-1]) / 2 - 0.36 * 13
    assert abs(float(circle.get("cy")) - middle) < 5, (circle.get("cy"), lines)


# ---- steps -------------------------------------------------------------------------------------------------


def test_a_hint_strikes_its_eliminations_and_draws_its_chain():
    svg = cli_svg("sudoku", "--hint", "--disable", "uniqueness", CHAIN)
    assert "hint: Forcing Chain: r7c6=9 → r7c6≠3 → r7c2=3" in " ".join(texts(svg))
    assert len(of_class(svg, "struck")) == 1  # remove 9 from r7c6
    assert len(of_class(svg, "link")) == 7  # 8 nodes
    chain = of_class(svg, "chain")[0]
    rings = chain.findall(f"{NS}circle")
    assert len(rings) == 8 and sum(1 for ring in rings if ring.get("stroke-dasharray")) == 4  # off nodes dashed
    dashed = [link for link in of_class(svg, "link") if link.get("stroke-dasharray")]
    assert len(dashed) == 4  # each link into an off node


def test_a_vague_hint_shows_only_where_to_look():
    svg = cli_svg("sudoku", "--reveal", "cells", "--disable", "uniqueness", CHAIN)
    assert of_class(svg, "pattern") and not of_class(svg, "struck") and not of_class(svg, "link")
    svg = cli_svg("sudoku", "--reveal", "technique", "--disable", "uniqueness", CHAIN)
    assert not of_class(svg, "pattern") and "hint: Forcing Chain" in " ".join(texts(svg))


def test_a_placement_is_drawn_large_in_its_cell():
    svg = cli_svg("sudoku", "--hint", input=WIKI)
    placed = of_class(svg, "placed")
    assert len(placed) == 1 and placed[0].find(f"{NS}text").text == "8"  # Hidden Single: 8 fits only r1c6


def test_an_explanation_numbers_the_cells_its_steps_fill():
    svg = cli_svg("sudoku", "--explain", PUZZLES / "sudoku" / "4x4.txt")
    words = texts(svg)
    assert sorted(element.text for element in of_class(svg, "corner")) == sorted(map(str, range(1, 11)))
    assert "1. Hidden Single: 3 fits only r4c1 in column 1 (1.0)" in words


# ---- two solutions, candidates -----------------------------------------------------------------------------


def test_two_solutions_side_by_side_with_their_differences_marked():
    svg = cli_svg_status("sudoku", VARIANTS / "counting-circles-4x4-sudokupad.txt")
    assert {"one solution", "another"} <= set(texts(svg))
    assert len(of_class(svg, "marked")) == 2 * 4  # r1c1, r1c3, r2c1, r2c3 in both grids
    assert "they differ in 4 cells: r1c1, r1c3, r2c1, r2c3" in texts(svg)


def cli_svg_status(*args) -> str:
    """The SVG of a run that may end with status 1 (a puzzle with several solutions)."""
    run = run_main([*args, "-f", "svg"])
    assert run.exit_code in (0, 1) and "Traceback" not in run.output, run.output
    return run.stdout


def test_true_candidates_are_pencil_marks():
    first = (PUZZLES / "sudoku" / "serg-multiple-20.txt").read_text().splitlines()[0]
    run = run_main(["sudoku", "--true-candidates", "-f", "svg"], input=first)
    assert run.exit_code == 1
    svg = run.stdout
    assert "true candidates: 47 cells still open" in texts(svg)
    marks = [element for group in of_class(svg, "marks") for element in group]
    assert len(marks) > 47 * 2


def test_the_library_draws_a_pair():
    first = solve(WIKI).solution
    second = list(first)
    second[0], second[1] = second[1], second[0]
    assert len(of_class(pair_svg(parse(WIKI), first, second), "marked")) == 4


# ---- the command line ----------------------------------------------------------------------------------------


def test_svg_of_several_records_needs_an_output_folder():
    run = run_main(["sudoku", "-f", "svg", PUZZLES / "sudoku" / "examples.txt"])
    assert run.exit_code == 2 and "--output-dir DIR for one file per puzzle" in run.stderr
    run = run_main(["sudoku", "generate", "-n", "2", "-f", "svg"])
    assert run.exit_code == 2 and "--output-dir DIR" in run.stderr


def test_an_output_folder_gets_one_file_per_record_listed(tmp_path):
    folder = tmp_path / "pictures"
    source = PUZZLES / "sudoku" / "4x4.txt"
    run = run_main(["sudoku", "-f", "svg", "-o", folder, "-"], input=source.read_text() * 3)
    assert run.exit_code == 0, run.output
    listed = run.stdout.split()
    assert listed == [str(folder / f"000{n}-stdin-line{n}.svg") for n in (1, 2, 3)]
    assert all(svg_tree(open(name).read()).tag == f"{NS}svg" for name in listed)
    run = run_main(["sudoku", "generate", "-n", "2", "--seed", "1", "-f", "svg", "-o", folder / "new"])
    assert run.exit_code == 0 and len(list((folder / "new").iterdir())) == 2


def test_an_output_folder_goes_with_svg_only(tmp_path):
    run = run_main(["sudoku", "-f", "jsonl", "-o", tmp_path], input=WIKI)
    assert run.exit_code == 2 and "--output-dir goes with --format svg" in run.stderr
    run = run_main(["sudoku", "--dimacs", "-o", tmp_path], input=WIKI)
    assert run.exit_code == 2 and "--output-dir" in run.stderr


def test_a_generated_puzzle_and_its_solution():
    svg = cli_svg("sudoku", "generate", "--seed", "3", "--solution")
    boards = [group for group in svg_tree(svg).iter(f"{NS}g") if group.get("class") == "board"]
    assert {"puzzle", "solution"} <= set(texts(svg)) and len(boards) == 2
    assert len(of_class(svg, "found")) == 81 - len(of_class(svg, "given")) // 2


def test_a_rated_collection_gets_a_histogram_of_its_ratings():
    lines = (PUZZLES / "sudoku" / "17clue-200.txt").read_text().splitlines()[:6]
    run = run_main(["sudoku", "--rate", "-f", "html", "-j", "1"], input="\n".join(lines) + "\n")
    assert run.exit_code == 0, run.output
    assert "difficulty (ER) (6 puzzles rated)" in run.stdout and run.stdout.count("<section>") == 6
    run = run_main(["sudoku", "generate", "-n", "2", "--seed", "1", "-f", "html"])
    assert run.exit_code == 0 and "difficulty (ER) (2 puzzles rated)" in run.stdout


def test_a_rating_is_written_with_the_parts_it_has():
    rating = replace(rate(parse(WIKI)), score=1.5, level="singles")
    full = rating_line(rating)
    assert full.startswith("SE 1.2/1.2/1.2 (Hidden Single, ") and full.endswith(" steps), effort 1.5, level singles")
    assert rating_line(replace(rating, score=None, complexity=None, level=None)) == full.split(", effort")[0]
    assert rating_line(replace(rating, er=None, ep=None, ed=None)) == "effort 1.5, level singles"


def test_an_unreadable_record_is_a_picture_of_its_error():
    run = run_main(["sudoku", "-f", "svg"], input="12345\n")
    assert run.exit_code == 1 and "invalid" in " ".join(texts(run.stdout))


GALLERY = re.compile(r"^(.*puzzlesat sudoku .*) > (sudoku-[\w-]+\.svg)$")


def test_the_gallery_is_what_its_commands_draw(tmp_path):
    made = [GALLERY.match(line).groups() for line in (ROOT / "docs" / "pictures.md").read_text().splitlines()
            if GALLERY.match(line)]
    assert len(made) == 4
    env = {**os.environ, "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")}
    for command, name in made:
        done = subprocess.run(["bash", "-o", "pipefail", "-c", f"{command} > {tmp_path / name}"], cwd=ROOT, env=env,
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert (tmp_path / name).read_text() == (ROOT / "docs" / "gallery" / name).read_text(), name


def test_the_pictures_leave_rich_alone():
    code = "import sys, puzzlesat.render.svg.sudoku_answers; print('rich' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc"))), st.floats(8, 20), st.floats(60, 600))
def test_wrapped_lines_fit_and_keep_every_word(text, size, width):
    lines = wrap(text, size, width)
    for line in lines:
        assert text_width(line, size) <= width or len(line) <= max(1, int(width / (size * 0.62)))
    assert "".join("".join(lines).split()) == "".join(text.split())


# ---- in a real browser ---------------------------------------------------------------------------------------


def shown(browser, tmp_path, svg: str, name: str = "picture.svg"):  # noqa: F811
    """The picture loaded in the browser."""
    path = tmp_path / name
    path.write_text(svg, encoding="utf-8")
    return load(browser, path, 1600, 1600)


INSIDE = """() => {
  const svg = document.querySelector('svg');
  const box = svg.getBBox(), view = svg.viewBox.baseVal;
  return [box.x >= view.x - 0.5, box.y >= view.y - 0.5, box.x + box.width <= view.x + view.width + 0.5,
          box.y + box.height <= view.y + view.height + 0.5];
}"""


PICTURES = {  # a picture of each kind: its command line
    "classic": ["sudoku", PUZZLES / "sudoku" / "4x4.txt"],
    "thermometers": ["sudoku", VARIANTS / "hay-fever.txt"],
    "killer": ["sudoku", VARIANTS / "blitz.txt"],
    "hint": ["sudoku", "--hint", "--disable", "uniqueness", CHAIN],
    "pair": ["sudoku", VARIANTS / "counting-circles-4x4-sudokupad.txt"],
    "25x25": ["sudoku", PUZZLES / "sudoku" / "25x25.txt"],
    "generated": ["sudoku", "generate", "--seed", "2", "--solution"],
}


@pytest.mark.parametrize("kind", PICTURES)
def test_each_picture_renders_inside_its_view_box(kind, browser, tmp_path):  # noqa: F811
    loaded = shown(browser, tmp_path, cli_svg_status(*PICTURES[kind]))
    assert not_blank(loaded.image("svg")) and not loaded.errors
    assert loaded.page.evaluate(INSIDE) == [True] * 4


def grid_box(loaded) -> dict:
    """The grid's outer wall in the picture's pixels, and the picture's size."""
    return loaded.page.evaluate("""() => {
      const svg = document.querySelector('svg').getBoundingClientRect();
      const wall = document.querySelector('rect.border').getBoundingClientRect();
      return {x: wall.x - svg.x, y: wall.y - svg.y, size: wall.width, width: svg.width, height: svg.height};
    }""")


def cell_box(box: dict, side: int, index: int) -> tuple:
    """A cell's inner part (a margin left for the walls) as fractions of the picture."""
    size = box["size"] / side
    row, col = divmod(index, side)
    left, top = box["x"] + col * size + size * 0.15, box["y"] + row * size + size * 0.15
    return (left / box["width"], top / box["height"], (left + size * 0.7) / box["width"],
            (top + size * 0.7) / box["height"])


def test_givens_are_darker_than_empty_and_found_cells(browser, tmp_path):  # noqa: F811
    puzzle = json.loads(run_main(["sudoku", "generate", "--seed", "4", "-f", "json"]).stdout)["puzzle"]
    loaded = shown(browser, tmp_path, cli_svg("sudoku", "generate", "--seed", "4"))
    image, box = loaded.image("svg"), grid_box(loaded)
    given_cell, empty_cell = puzzle.index(next(ch for ch in puzzle if ch != ".")), puzzle.index(".")
    assert darkness(image, cell_box(box, 9, given_cell)) > darkness(image, cell_box(box, 9, empty_cell)) + 20
    loaded = shown(browser, tmp_path, cli_svg("sudoku", input=puzzle), "solved.svg")
    image, box = loaded.image("svg").convert("L").convert("RGB"), grid_box(loaded)  # in black and white
    assert darkness(image, cell_box(box, 9, given_cell)) > darkness(image, cell_box(box, 9, empty_cell)) + 20


def test_a_16x16_with_pencil_marks_stays_legible(browser, tmp_path):  # noqa: F811
    first = (PUZZLES / "sudoku" / "16x16-test6.txt").read_text().splitlines()[0]
    loaded = shown(browser, tmp_path, cli_svg("sudoku", "--hint", input=first))
    heights = loaded.page.evaluate("() => Array.from(document.querySelectorAll('g.marks text'))"
                                   ".map(t => t.getBBox().height)")
    assert len(heights) > 200 and min(heights) >= PENCIL_MIN
    assert loaded.page.evaluate(INSIDE) == [True] * 4 and not_blank(loaded.image("svg"))


def test_the_walk_through_of_an_explanation(browser, tmp_path):  # noqa: F811
    run = run_main(["sudoku", "--explain", "-f", "html", PUZZLES / "sudoku" / "4x4.txt"])
    assert run.exit_code == 0, run.output
    path = tmp_path / "page.html"
    path.write_text(run.stdout, encoding="utf-8")
    loaded = load(browser, path)
    walk, counter = loaded.page.locator(".walk"), loaded.page.locator(".counter")
    assert counter.inner_text() == "1 / 11"
    caption = loaded.page.locator(".step.shown figcaption")
    assert "1. Hidden Single: 3 fits only r4c1 in column 1" in caption.inner_text()
    for _ in range(3):
        loaded.page.keyboard.press("ArrowRight")
    assert walk.get_attribute("data-step") == "3" and counter.inner_text() == "4 / 11"
    loaded.page.keyboard.press("p")
    assert "3. Hidden Single" in loaded.page.locator(".step.shown figcaption").inner_text()
    assert loaded.page.locator(".step.shown svg .board .placed").count() == 1
    assert not_blank(loaded.image(".step.shown svg")) and not loaded.errors


def test_a_script_in_a_link_is_shown_as_text(browser, tmp_path):  # noqa: F811
    grid = [[{} for _ in range(4)] for _ in range(4)]
    for (row, col), value in {(0, 0): 4, (1, 0): 1, (1, 2): 3, (2, 0): 2, (2, 3): 3, (3, 1): 1}.items():
        grid[row][col] = {"value": value, "given": True}
    hostile = "<script>alert(1)</script>"
    link = tmp_path / "hostile.json"
    link.write_text(json.dumps({"size": 4, "grid": grid, "title": hostile, "author": "<b>me</b>",
                                "ruleset": "<img src=x onerror=alert(2)>"}))
    svg = cli_svg("sudoku", link)
    assert f"{hostile} by <b>me</b>" in texts(svg) and "Rules: <img src=x onerror=alert(2)>" in texts(svg)
    run = run_main(["sudoku", "-f", "html", link])
    path = tmp_path / "page.html"
    path.write_text(run.stdout, encoding="utf-8")
    dialogs = []
    page = browser.new_page()
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(path.resolve().as_uri())
    assert page.locator("h2").first.inner_text() == f"{link}:1: {hostile}"
    assert hostile in page.locator("svg").first.text_content()
    assert not dialogs and page.locator("script").count() == 0

"""puzzlesat.render.notebook: every public result type draws itself for a notebook (`_repr_svg_`, `_repr_html_`),
and the picture parses as SVG or HTML."""

from __future__ import annotations

import pickle
import xml.etree.ElementTree as ElementTree

import pytest

from published import FILES
from puzzlesat import mines, sudoku

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SVG = "{http://www.w3.org/2000/svg}svg"


def svg_root(picture: str) -> ElementTree.Element:
    """The parsed picture, checked to be an SVG document."""
    root = ElementTree.fromstring(picture)
    assert root.tag == SVG
    return root


def texts(root: ElementTree.Element) -> str:
    """Every text the picture shows, joined."""
    return " ".join("".join(element.itertext()) for element in root.iter("{http://www.w3.org/2000/svg}text"))


@pytest.fixture(scope="module")
def puzzle():
    return sudoku.parse(CLASSIC)


def test_a_sudoku_draws_its_givens(puzzle):
    shown = texts(svg_root(puzzle._repr_svg_()))
    assert shown.count("5") >= CLASSIC.count("5")


def test_a_link_draws_its_title_and_its_rules(puzzle):
    path = next(path for path in FILES if path.stem == "behemoth-16x16")
    linked = sudoku.parse(path.read_text(encoding="utf-8"))
    picture = linked._repr_svg_()
    assert linked.title in texts(svg_root(picture))
    assert picture != sudoku.Sudoku.of(linked.grid)._repr_svg_()  # the regions are drawn


def test_a_result_draws_its_solution_and_status(puzzle):
    result = sudoku.solve(puzzle)
    shown = texts(svg_root(result._repr_svg_()))
    assert "solved, unique" in shown and shown.count("9") >= 9
    broken = sudoku.solve("11" + CLASSIC[2:])
    assert broken.status == "invalid" and "invalid" in texts(svg_root(broken._repr_svg_()))


def test_a_hint_draws_itself_on_its_position_and_travels_without_it(puzzle):
    step = sudoku.hint(puzzle)
    assert step.describe(puzzle) in texts(svg_root(step._repr_svg_()))
    assert pickle.loads(pickle.dumps(step))._repr_svg_() is None  # the position stays home: the text shows


def test_a_rating_draws_its_numbers(puzzle):
    rating = sudoku.rate(puzzle)
    assert "SE 1.2/1.2/1.2" in texts(svg_root(rating._repr_svg_()))


def test_an_explanation_is_html_with_its_grid_and_steps(puzzle):
    explanation = sudoku.explain(puzzle)
    root = ElementTree.fromstring(explanation._repr_html_())
    assert root.find(f"figure/{SVG}") is not None
    assert len(root.findall("ol/li")) == len(explanation.steps)


def test_a_minesweeper_analysis_draws_its_board():
    analysis = mines.analyze(mines.parse_board("# mines: 2\n1??\n12?\n.1?"))
    shown = texts(svg_root(analysis._repr_svg_()))
    assert "consistent" in shown
    assert pickle.loads(pickle.dumps(analysis))._repr_svg_() is None

"""puzzlesat.sudoku.reading.links.export: puzzles written as f-puzzles links and read back to the same rules."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from conftest import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from published import FILES, published
from puzzlesat import sudoku
from puzzlesat.errors import VariantError
from puzzlesat.sudoku.model.constraints import (XV, Arrow, Distinct, Extremum, Killer, Kropki, LittleKiller, Lockout,
                                          MultiSumKiller, Negative, Parity, PencilMarks, Renban, Sandwich, Thermometer,
                                          Whisper)
from puzzlesat.sudoku.model.constraints.apart import (Chess, DiagonalNonconsecutive, SelfTaxicab, Taxicab, anti_king,
                                                       anti_knight)
from puzzlesat.sudoku.model.grid import Puzzle, Shape
from puzzlesat.sudoku.reading.links import read_link
from puzzlesat.sudoku.reading.links.export import LINK, fpuzzles_export, to_fpuzzles
from puzzlesat.sudoku.reading.links.lzstring import compress_to_base64, decompress_from_base64
from puzzlesat.sudoku.model.rules import constrained_rules
from puzzlesat.sudoku.solving.solver import SudokuSolver

FOUR = Shape.of_side(4)


def rules_of(constraints) -> Counter:
    """The constraints as a multiset (a distinct group by its set of cells: its name says where it came from)."""
    return Counter(frozenset(c.cells) if isinstance(c, Distinct) else c for c in constraints)


def values(text: str) -> tuple:
    """The values of a solution string in any alphabet ('9 15 10 ...' or '9FA...')."""
    return sudoku.parse(text).values


def answer(variant) -> tuple:
    """(status, first solution, solutions up to 2) of a published Sudoku."""
    solver = SudokuSolver(variant.rules)
    try:
        result = solver.solve(variant, count=2)
    finally:
        solver.close()
    return result.status, result.solution, result.solutions


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_every_published_puzzle_reads_back_with_the_same_rules(path):
    payload, stated = published(path)
    variant = read_link(payload)
    export = to_fpuzzles(variant, solution=stated)
    again = read_link(export.link)
    assert export.link.startswith(LINK) and export.left_out == ()
    assert (again.grid, again.regions, again.title, again.author) == (
        variant.grid, variant.regions, variant.title, variant.author)
    assert rules_of(again.constraints) == rules_of(variant.constraints) and again.kinds() == variant.kinds()
    assert answer(again) == answer(variant) and again.solution == stated


def test_classic_and_variant_puzzles_go_out_and_back_through_the_cli(run_cli, puzzles_dir, tmp_path):
    sources = [
        [puzzles_dir / "sudoku" / "examples.txt"],
        [puzzles_dir / "formats" / "sudoku" / "16x16_0-F_star_blanks.txt"],
        [puzzles_dir / "formats" / "sudoku" / "hodoku_pm_grid.txt"],
        ["--variant", "jigsaw", "--regions", puzzles_dir / "sudoku" / "variants" / "jigsaw-janko108.regions",
         puzzles_dir / "sudoku" / "variants" / "jigsaw-janko108.txt"],
        ["--variant", "killer", "--cages", puzzles_dir / "sudoku" / "variants" / "killer-ukpa.cages",
         puzzles_dir / "sudoku" / "variants" / "killer-ukpa.txt"],
        ["--variant", "diagonal", "--variant", "windoku", "--no-unique", "-"],
        ["--variant", "anti-king", "--variant", "chess:1,2", "--variant", "disjoint-offset:5", "--no-unique", "-"],
    ]
    for args in sources:
        stdin = "." * 81 + "\n"
        first = [json.loads(line) for line in run_cli(["sudoku", "-f", "jsonl", *args], input=stdin).stdout.splitlines()]
        out = run_cli(["sudoku", "-f", "fpuzzles", *args], input=stdin)
        links = out.stdout.splitlines()
        assert len(links) == len(first) and all(line.startswith(LINK) for line in links), args
        (tmp_path / "links.txt").write_text(out.stdout)
        unique = "--no-unique" not in args
        back = run_cli(["sudoku", "-f", "jsonl", *([] if unique else ["--no-unique"]), tmp_path / "links.txt"]).stdout
        for before, after in zip(first, map(json.loads, back.splitlines())):
            assert (after["status"], after["unique"]) == (before["status"], before["unique"]), args
            if before["unique"]:  # one solution: the same, and stated in the link
                assert values(after["solution"]) == values(before["solution"]) and after["matches_stated"], args
        assert "leaves out" not in out.stderr


def test_a_pencil_mark_puzzle_keeps_its_candidates():
    puzzle = sudoku.parse(ROOT.joinpath("puzzles", "formats", "sudoku", "hodoku_pm_grid.txt")
                          .read_text())
    variant = read_link(to_fpuzzles(puzzle).link)
    marks = {c.cell: c.digits for c in variant.constraints}
    assert all(tuple(d for d in range(1, 10) if mask >> (d - 1) & 1) == marks.get(cell, tuple(range(1, 10)))
               for cell, mask in enumerate(puzzle.candidates) if not puzzle.values[cell])


def test_the_link_is_fpuzzles_json():
    puzzle = Puzzle(FOUR, (1,) + (0,) * 15)
    data = json.loads(decompress_from_base64(to_fpuzzles(puzzle, solution=[1, 2, 3, 4] * 4).payload))
    assert data["size"] == 4 and data["grid"][0][0] == {"value": 1, "given": True} and data["grid"][0][1] == {}
    assert data["solution"] == [1, 2, 3, 4] * 4


def test_regions_that_leave_cells_out_are_written_as_null():
    regions = ((0, 5, 10, 15),)
    export = fpuzzles_export(Puzzle(FOUR, (0,) * 16), (), regions)
    assert export.data["grid"][0][0]["region"] == 0 and export.data["grid"][0][1]["region"] is None
    assert read_link(export.link).regions == regions


@pytest.mark.parametrize("constraint, reason", [
    (Lockout((0, 1, 2)), "f-puzzles has no lockout line"),
    (XV(0, 1, 7), "X (10) and V (5)"),
    (LittleKiller((5, 10), 5), "from the edge of the grid"),
    (MultiSumKiller((0, 1), (3, 7)), "digital root"),
    (Negative("white", ((0, 1),)), "every pair of neighbours without a mark"),
    (Negative("sum:7", ((0, 1),)), "negates only"),
    (Extremum(5, True, exempt=(6,)), "every neighbour that is no min/max cell"),
    (Chess(4, ((1, 3),)), "f-puzzles has only anti-king and anti-knight (Rangsk's solver: -c chess:1,3)"),
    (Chess(4, ((1, 1), (1, 2)), (1,)), "only anti-king and anti-knight (Rangsk's solver: -c chess:1,1;1,2;v1)"),
    (Taxicab(4, 3), "f-puzzles has no taxicab rule (Rangsk's solver: -c taxi:3)"),
    (SelfTaxicab(4), "f-puzzles has no self-taxicab rule (Rangsk's solver: -c selftaxi)"),
    (DiagonalNonconsecutive(4), "f-puzzles has no diagonal non-consecutive rule (Rangsk's solver: -c dnc)"),
])
def test_what_fpuzzles_cannot_express_is_named(constraint, reason):
    export = fpuzzles_export(Puzzle(FOUR, (0,) * 16), (constraint,))
    assert len(export.left_out) == 1 and reason in export.left_out[0]
    assert export.left_out[0].startswith(constraint.label(constrained_rules(FOUR).geometry))


def test_anti_king_and_anti_knight_go_out_as_flags_and_come_back_as_their_moves():
    both = fpuzzles_export(Puzzle(Shape.of_side(9), (0,) * 81), (Chess(9, ((1, 2), (1, 1))),))
    assert both.left_out == () and both.data["antiking"] is True and both.data["antiknight"] is True
    again = read_link(both.link)
    assert again.constraints == (anti_king(9), anti_knight(9))
    together = constrained_rules(Shape.of_side(9), [Chess(9, ((1, 1), (1, 2)))])
    assert set(again.rules.extra_groups) == set(together.extra_groups)


def test_cli_writes_what_fpuzzles_has_and_names_the_rest(run_cli):
    result = run_cli(["sudoku", "-f", "fpuzzles", "--variant", "knight", "--variant", "taxicab:4", "--no-unique", "-"],
                     input="." * 81 + "\n")
    data = json.loads(decompress_from_base64(result.stdout.strip()[len(LINK):]))
    assert data["antiknight"] is True and "taxicab" not in json.dumps(data) and result.exit_code == 1
    assert result.stderr.strip() == ("puzzlesat: <stdin>:1: the f-puzzles link leaves out taxicab 4: f-puzzles has no "
                                     "taxicab rule (Rangsk's solver: -c taxi:4)")


def test_what_a_link_did_not_read_is_named_and_the_run_fails(run_cli):
    boxes = [[[r, c] for r in range(top, top + 2) for c in range(left, left + 2)] for top in (0, 2) for left in (0, 2)]
    cages = [{"value": "rules: Killer cages."}, {"cells": [[0, 0], [0, 1]], "value": "N", "unique": True}]
    data = {"cells": [[{} for _ in range(4)] for _ in range(4)], "regions": boxes, "cages": cages}
    result = run_cli(["sudoku", "-f", "fpuzzles", "--no-unique", "scl" + compress_to_base64(json.dumps(data))])
    assert result.stdout.startswith(LINK) and result.exit_code == 1
    assert result.stderr.strip() == ("puzzlesat: <link 1>:1: the f-puzzles link leaves out 1 cage whose value is not a number "
                                     "('N') (not read from the link)")


def test_unreadable_records_are_their_status_word(run_cli):
    result = run_cli(["sudoku", "-f", "fpuzzles"], input="12345\n" + "." * 16 + "\n")
    lines = result.stdout.splitlines()
    assert lines[0] == "invalid" and lines[1].startswith(LINK) and result.exit_code == 1


def test_the_face_offers_the_round_trip():
    puzzle = sudoku.parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    solution = sudoku.solve(puzzle).solution
    variant = sudoku.read_link(sudoku.to_fpuzzles(puzzle, solution=solution).link)
    assert variant.grid == puzzle.grid and variant.solution == solution


# ---- any constraints on a 4x4, out and back ---------------------------------------------------------------

cells = st.integers(0, 15)
lines = st.lists(cells, min_size=2, max_size=4, unique=True).map(tuple)
neighbours = st.sampled_from([(a, a + 1) for a in range(16) if a % 4 < 3] + [(a, a + 4) for a in range(12)])
edge_diagonals = st.sampled_from([(0, 5, 10, 15), (12, 9, 6, 3), (1, 6, 11), (4, 9, 14), (2, 7), (13, 10, 7)])
constraint = st.one_of(
    st.builds(Killer, st.lists(cells, min_size=1, max_size=4, unique=True).map(tuple), st.one_of(st.none(), st.integers(1, 10))),
    st.builds(Thermometer, lines, st.booleans()),
    st.builds(Whisper, lines, st.integers(1, 2)),
    st.builds(Renban, lines),
    st.builds(Arrow, cells.map(lambda cell: (cell,)), lines).filter(lambda arrow: arrow.circle[0] not in arrow.shaft),
    neighbours.flatmap(lambda pair: st.builds(Kropki, st.just(pair[0]), st.just(pair[1]), st.sampled_from(["white", "black"]))),
    neighbours.flatmap(lambda pair: st.builds(XV, st.just(pair[0]), st.just(pair[1]), st.sampled_from([5, 10]))),
    st.builds(Parity, cells, st.booleans()),
    st.builds(PencilMarks, cells, st.lists(st.integers(1, 4), min_size=1, max_size=3, unique=True).map(lambda d: tuple(sorted(d)))),
    st.builds(LittleKiller, edge_diagonals, st.integers(1, 16)),
    st.builds(Sandwich, st.sampled_from([(0, 1, 2, 3), (15, 11, 7, 3), (4, 5, 6, 7)]), st.integers(0, 5)),
    st.builds(Distinct, st.lists(cells, min_size=2, max_size=4, unique=True).map(tuple), st.just("extra region")),
    st.sampled_from([anti_king(4), anti_knight(4)]),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(constraint, max_size=5), st.lists(st.integers(0, 4), min_size=16, max_size=16))
def test_any_constraints_read_back_as_written(found, givens):
    marked = {c.cell: c for c in found if isinstance(c, PencilMarks)}  # one set of marks per cell, as f-puzzles has
    found = [c for c in found if not isinstance(c, PencilMarks) or marked[c.cell] is c]
    found = [c for i, c in enumerate(found) if not isinstance(c, Chess) or c not in found[:i]]  # a flag says it once
    puzzle = Puzzle(FOUR, tuple(givens))
    export = fpuzzles_export(puzzle, found)
    again = read_link(export.link)
    assert export.left_out == () and again.grid == puzzle and again.unknown == ()
    possible = [c for c in found if holds_somewhere(c)]  # a cage total no grid can make is left out, and named
    assert len(again.misread) == len(found) - len(possible)
    assert rules_of(again.constraints) == rules_of(possible)


def holds_somewhere(constraint) -> bool:
    """False for a constraint whose encoding refuses it on a 4x4 grid (a cage total no digits make)."""
    try:
        constrained_rules(FOUR, [constraint])
    except VariantError:
        return False
    return True

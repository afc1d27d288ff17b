"""SudokuPad puzzles read by their rules text (sudokupad.py with rules_text.py and pad_lines.py): lines by the colours
the rules give them, pieces joined into lines and figures, rules over the grid stated in words, marks all given,
dots, odd/even shapes, quadruple digits, shaded regions, cages whose digits repeat; and what is named when the
rules are not read. Every puzzle here is a small one of our own."""

from __future__ import annotations

import json

import pytest

from puzzlesat.sudoku.model.constraints import (Between, CageSum, Clone, Distinct, DoubleArrow, Indexer, Kropki,
                                                Negative, Palindrome, ParityLine, Parity, Quadruple, RegionSumLine,
                                                Renban, Thermometer, Whisper)
from puzzlesat.sudoku.model.constraints.apart import Chess
from puzzlesat.sudoku.reading.links import read_link
from puzzlesat.sudoku.reading.links.lzstring import compress_to_base64
from puzzlesat.sudoku.reading.links.pad_lines import Drawn, branches, figures, joined, kind_of, line_constraints
from puzzlesat.sudoku.reading.links.rules_text import LineKind


def pad(rules: str, side: int = 4, title: str = "", **keys):
    """The published Sudoku of a SudokuPad puzzle of our own with this rules text and these keys."""
    rows = 2 if side == 4 else 3
    regions = [[[r, c] for r in range(br, br + rows) for c in range(bc, bc + rows)]
               for br in range(0, side, rows) for bc in range(0, side, rows)]
    cages = [{"value": f"rules: {rules}"}] + ([{"value": f"title: {title}"}] if title else [])
    data = {"cells": [[{} for _ in range(side)] for _ in range(side)], "regions": regions,
            "cages": cages + keys.pop("cages", [])}
    data.update(keys)
    return read_link("https://sudokupad.app/scl" + compress_to_base64(json.dumps(data)))


def line(*cells, colour="#67F067", thickness=10) -> dict:
    """A line through the centres of these (row, col) cells."""
    return {"wayPoints": [[r + 0.5, c + 0.5] for r, c in cells], "color": colour, "thickness": thickness}


def circle(row: float, col: float, fill="#CFCFCF", size=0.7, text="") -> dict:
    """A circle centred at (row, col) in grid units."""
    return {"center": [row, col], "width": size, "height": size, "rounded": True, "backgroundColor": fill,
            "text": text}


def test_lines_go_to_the_family_whose_colour_the_rules_name():
    variant = pad("Neighbours on an orange line differ by at least 2. The lavender line is a renban.",
                  lines=[line((0, 0), (0, 1)), line((3, 0), (3, 1), colour="#EB7532"),
                         line((2, 2), (2, 3), colour="#c8a2e8")])
    assert set(variant.constraints) == {Whisper((12, 13), 2), Renban((10, 11))}
    assert variant.ignored == ("line (#67F067) not identified from the rules",)


def test_pieces_of_a_line_are_one_line_and_a_piece_drawn_twice_counts_once():
    variant = pad("Digits along a purple line are a set of consecutive digits in any order.",
                  lines=[line((0, 0), (0, 1), colour="#D23BE7"), line((0, 1), (1, 1), colour="#D23BE7"),
                         line((0, 1), (1, 1), colour="#D23BE7")])
    assert variant.constraints == (Renban((0, 1, 5)),)


def test_a_thermometer_branches_from_its_filled_bulb():
    variant = pad("Digits along a thermometer increase from the bulb.",
                  lines=[line((1, 0), (1, 1), (1, 2), colour="#CFCFCF"), line((1, 1), (2, 1), colour="#CFCFCF"),
                         line((0, 3), (1, 3), (2, 3), (3, 3), colour="#CFCFCF")],
                  underlays=[circle(1.5, 0.5), circle(1.5, 3.5), circle(3.5, 3.5, fill="#FFFFFF")])
    assert set(variant.constraints) == {Thermometer((4, 5, 6)), Thermometer((4, 5, 9)), Thermometer((7, 3)),
                                        Thermometer((7, 11, 15))}


def test_a_region_sum_loop_is_read_whole():
    variant = pad("Box borders divide each blue line into segments with the same sum.",
                  lines=[line((0, 1), (0, 2), (1, 2), (1, 1), (0, 1), colour="#34BBE6")])
    assert variant.constraints == (RegionSumLine((1, 2, 6, 5), ((1, 2), (2, 6), (5, 6), (1, 5))),)


def test_rules_over_the_grid_in_words():
    variant = pad("Cells a knight's move apart must contain different digits. Orthogonally adjacent cells "
                  "cannot be consecutive. Digits on the main diagonals do not repeat.", side=9)
    kinds = [constraint.kind for constraint in variant.constraints]
    assert "anti-knight" in kinds and kinds.count("distinct") == 2 and "negative" in kinds
    assert variant.unknown == ()


def test_dots_all_given_and_sums_neighbours_do_not_make():
    dots = [circle(0.5, 1.0, fill="#000000", size=0.25), circle(2.0, 0.5, fill="#FFFFFF", size=0.25)]
    variant = pad("A black dot joins digits in a 1:2 ratio. A white dot joins consecutive digits. All dots are "
                  "given. No two orthogonally adjacent cells sum to 5.", overlays=dots)
    assert Kropki(0, 1, "black") in variant.constraints and Kropki(4, 8, "white") in variant.constraints
    negatives = {constraint.relation for constraint in variant.constraints if isinstance(constraint, Negative)}
    assert negatives == {"white", "black", "v"}


def test_dots_of_another_meaning_and_colour():
    variant = pad("Cells separated by a blue dot have a 1-to-3 ratio.",
                  overlays=[circle(0.5, 1.0, fill="#34BBE6", size=0.25)])
    assert [constraint.kind for constraint in variant.constraints] == ["ratio"]
    assert variant.constraints[0].value == 3


def test_odd_and_even_shapes_and_cells_the_rules_name():
    shapes = [circle(0.5, 0.5), {"center": [1.5, 1.5], "width": 0.7, "height": 0.7, "backgroundColor": "#CFCFCF"}]
    variant = pad("Digits in grey circles are odd. Digits in grey squares are even.", underlays=shapes)
    assert set(variant.constraints) == {Parity(0, True), Parity(5, False)}
    named = pad("The digit in r4c4 is even.", underlays=shapes)
    assert named.constraints == (Parity(15, False),) and named.ignored == ("2 shapes (circles, squares or "
                                                                          "highlights)",)


def test_quadruple_digits_written_apart_from_their_circle():
    overlays = [circle(1, 1, fill="#FFFFFF", size=0.6), {"center": [0.9, 0.9], "width": 0.1, "height": 0.1,
                                                          "text": 1}, {"center": [1.1, 1.1], "text": "3"}]
    variant = pad("Digits in a white circle appear in at least one of the four surrounding cells.",
                  overlays=overlays)
    assert variant.constraints == (Quadruple((0, 1, 4, 5), (1, 3)),) and variant.ignored == ()


def test_extra_regions_drawn_as_shaded_cells():
    shaded = [{"center": [r + 0.5, c + 0.5], "width": 1, "height": 1, "backgroundColor": "#AAFFAA"}
              for r, c in ((0, 1), (1, 1), (1, 2), (2, 2))]
    variant = pad("Digits may not repeat in a shaded region.", underlays=shaded)
    assert variant.constraints == (Distinct((1, 5, 6, 10), "extra region 1"),)


def test_an_extra_region_drawn_cell_by_cell_apart_is_its_colour():
    def shade(cells, colour):
        return [{"center": [r + 0.5, c + 0.5], "width": 1, "height": 1, "backgroundColor": colour} for r, c in cells]

    variant = pad("Each coloured region contains the digits 1-4.",
                  underlays=shade(((0, 0), (1, 1), (2, 2), (3, 3)), "#F7D038") + shade(((0, 3), (1, 3)), "#34BBE6")
                  + shade(((2, 0), (3, 1), (3, 2)), "#E6261F"))
    assert set(variant.constraints) == {Distinct((0, 5, 10, 15), "extra region 1"), Distinct((3, 7), "extra region 2"),
                                        Distinct((8, 13, 14), "extra region 3")}


def test_cages_whose_digits_may_repeat_are_plain_sums():
    variant = pad("Digits in cages sum to the total. Digits may repeat in cages.",
                  cages=[{"cells": [[0, 0], [2, 1]], "value": 2}])
    assert variant.constraints == (CageSum((0, 9), 2),)


def test_indexer_columns_from_the_rules():
    variant = pad("Each digit in column 1 indicates the position of the 1 in its row.", side=9)
    assert variant.constraints == (Indexer(tuple(range(0, 81, 9)), "column"),)


def test_a_puzzle_without_rules_text_is_read_by_convention_and_says_so():
    variant = pad("", cages=[{"cells": [[0, 0], [0, 1]], "value": 3}],
                  lines=[line((0, 3), (1, 3), colour="#CFCFCF")], underlays=[circle(0.5, 3.5)])
    assert {constraint.kind for constraint in variant.constraints} == {"killer", "thermometer"}
    assert variant.unknown[0].startswith("no rules text: the drawing is read by its conventions alone")


def test_cages_a_convention_cannot_explain_are_taken_back():
    variant = pad("", cages=[{"cells": [[0, 0], [0, 1]], "value": 3}, {"cells": [[3, 3], [3, 2]], "value": 1}])
    assert variant.constraints == () and "2 cages without a rule" in variant.ignored


def test_what_the_rules_ask_that_is_not_read_is_named():
    variant = pad("Neighbours on a green line differ by at least 2. The grid is covered in fog.",
                  lines=[line((0, 0), (1, 0))])
    assert variant.unknown == ('rules text not read: "The grid is covered in fog."',)


# pad_lines on its own

def test_joined_pieces_figures_and_branches():
    pieces = [Drawn((1, 2), "#f00", 1), Drawn((2, 3), "#f00", 1), Drawn((2, 6), "#f00", 1), Drawn((9, 10), "#0f0", 1)]
    assert [drawn.cells for drawn in joined(pieces[:2] + pieces[3:])] == [(1, 2, 3), (9, 10)]
    assert [drawn.cells for drawn in joined(pieces[:3])] == [(1, 2), (2, 3), (2, 6)]  # three meet at r1c3: apart
    assert [len(figure) for figure in figures(pieces)] == [3, 1]
    assert branches(((1, 2), (2, 3), (2, 6)), 1) == [(1, 2, 3), (1, 2, 6)]


def test_kind_of_a_colour_and_loops():
    kinds = [LineKind("whisper", 5, ("green",)), LineKind("parity line", None, ())]
    assert kind_of("#67F067", kinds).family == "whisper" and kind_of("#E6261F", kinds).family == "parity line"
    assert kind_of("#34BBE6", kinds) is None
    assert line_constraints(LineKind("parity line", None, ()), (0, 1, 5, 4, 0)) == [ParityLine((0, 1, 5, 4, 0))]
    assert line_constraints(LineKind("renban", None, ()), (0, 1, 5, 4, 0)) == [Renban((0, 1, 5, 4))]


def test_a_chess_rule_from_the_text_is_one_chess_move():
    variant = pad("Cells a king's move apart cannot contain the same digit.")
    assert variant.constraints == (Chess(4, ((1, 1),)),)


def test_a_line_of_another_familys_colour_through_a_bulb_is_no_thermometer():
    variant = pad("Digits along a thermometer increase from the bulb. Digits on a purple line are a set of "
                  "consecutive digits in any order.",
                  lines=[line((0, 0), (0, 1), (0, 2), colour="#CFCFCF"),
                         line((0, 0), (1, 0), (2, 0), colour="#D23BE7")],
                  underlays=[circle(0.5, 0.5)])
    assert set(variant.constraints) == {Thermometer((0, 1, 2)), Renban((0, 4, 8))}


def test_lines_between_two_circles_as_double_arrows_or_between_lines_by_colour():
    ends = [circle(0.5, 0.5, fill="#FFFFFF"), circle(0.5, 3.5, fill="#FFFFFF"), circle(3.5, 0.5, fill="#FFFFFF"),
            circle(3.5, 3.5, fill="#FFFFFF")]
    rows = [line((0, 0), (0, 1), (0, 2), (0, 3), colour="#CFCFCF"),
            line((3, 0), (3, 1), (3, 2), (3, 3), colour="#E6261F")]
    variant = pad("The digits on each line sum to the sum of the digits in the circles on the line's ends.",
                  lines=rows[:1], overlays=ends[:2])
    assert variant.constraints == (DoubleArrow((0, 1, 2, 3)),) and variant.unknown == ()
    variant = pad("Digits along grey lines lie between the digits in the circles at its ends. The sum of the digits "
                  "along each red line is equal to the sum of the digits in the attached circles.",
                  lines=rows, overlays=ends)
    assert set(variant.constraints) == {Between((0, 1, 2, 3)), DoubleArrow((12, 13, 14, 15))}
    assert variant.unknown == ()


def test_without_rules_a_plain_grey_line_is_a_palindrome_when_it_can_be_one():
    variant = pad("", lines=[line((0, 0), (0, 1), (1, 1), colour="#CFCFCF"), line((3, 0), (3, 1), colour="#CFCFCF")])
    assert variant.constraints == (Palindrome((0, 1, 5)),)
    assert "line (#CFCFCF) not identified from the rules" in variant.ignored


def test_a_renban_rule_over_every_run_of_cells_along_a_line():
    variant = pad("Every run of three cells along a purple line must be a set of consecutive digits in any order. "
                  "Shorter purple lines are a set of consecutive digits in any order.",
                  lines=[line((0, 0), (0, 1), (0, 2), (0, 3), colour="#D23BE7"),
                         line((2, 0), (2, 1), colour="#D23BE7")])
    assert set(variant.constraints) == {Renban((0, 1, 2)), Renban((1, 2, 3)), Renban((8, 9))}
    assert variant.unknown == ()


def test_clones_drawn_as_shaded_groups_of_one_shape():
    shaded = [{"center": [r + 0.5, c + 0.5], "width": 1, "height": 1, "backgroundColor": colour}
              for (r, c), colour in (((0, 0), "#CFCFCF"), ((0, 1), "#CFCFCF"), ((3, 2), "#CFCFCF"), ((3, 3), "#CFCFCF"),
                                     ((1, 0), "#F7D038"), ((2, 0), "#F7D038"), ((1, 3), "#F7D038"))]
    variant = pad("Grey cell groups are clones: they contain the same digits in the same positions.", underlays=shaded)
    assert variant.constraints == (Clone((0, 1), (14, 15)),)  # the yellow groups differ in shape: no clones
    assert variant.ignored == ("3 shapes (circles, squares or highlights)",)


def test_a_region_drawn_twice_is_read_once_and_the_cells_in_none_make_the_last():
    boxes = [[[r, c] for r in range(br, br + 2) for c in range(bc, bc + 2)] for br in (0, 2) for bc in (0, 2)]
    variant = pad("Normal sudoku rules apply.", regions=boxes[:3] + [boxes[1][::-1], []])
    assert variant.regions is None  # the last box, from the cells in no region drawn: the standard boxes
    assert variant.ignored == ("a region drawn twice: read once, the cells in no region drawn as the last one",)


def test_line_breaks_written_as_backslash_n_cut_the_rules():
    variant = pad(r"Normal sudoku rules apply.\nFog covers the grid")
    assert variant.unknown == ('rules text not read: "Fog covers the grid"',)


def test_an_arrow_without_way_points_draws_nothing_and_passes_quietly():
    variant = pad("Digits along an arrow sum to the digit in its circle.", arrows=[{"color": "#CFCFCF"}])
    assert variant.ignored == ()  # no arrow drawn: nothing left unused (the rule is named as not read)

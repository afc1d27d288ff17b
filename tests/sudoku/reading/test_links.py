"""puzzlesat.sudoku.reading.links: lz-string, f-puzzles and SudokuPad payloads read into Sudokus."""

import json
from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.errors import VariantError
from constraint_brute import brute_count
from puzzlesat.sudoku.model.constraints.apart import Chess
from puzzlesat.sudoku.model.constraints.cells import Clone, Extremum, Parity, PencilMarks
from puzzlesat.sudoku.model.constraints.groups import Distinct
from puzzlesat.sudoku.model.sudoku import SEVERAL_AS_GIVEN
from puzzlesat.sudoku.model.constraints.lines import (Between, Entropic, Modular, Nabner, Palindrome, RegionSumLine, Renban,
                                                Thermometer, Whisper, Zipper)
from puzzlesat.sudoku.model.constraints.pairs import XV, Difference, Kropki, Negative, Ratio
from puzzlesat.sudoku.model.constraints.sums import (Arrow, DoubleArrow, Killer, LittleKiller, MultiSumKiller, Quadruple,
                                               Sandwich, Skyscraper, XSum)
from puzzlesat.sudoku.reading.links import looks_like_link, read_link
from puzzlesat.sudoku.reading.links.common import orthogonal_pairs
from puzzlesat.sudoku.reading.links.lzstring import (compress_to_base64, compress_to_encoded_uri_component,
                                             decompress_from_base64, decompress_from_encoded_uri_component)
from puzzlesat.sudoku.solving.solver import SudokuSolver

# "Clipped" by glum_hippo (anti-king, thermometers, arrows), as f-puzzles exports it, and its solution.
CLIPPED = (
    "N4IgzglgXgpiBcBOANCALhNAbO8QGEsIAHYmAExFQEMBXNACwHsAnBEABQYiNIAIAQlloBbGH2oBranwDmwkQH1upJlRAtaOMDDTsAyrXJN"
    "JtPgFo+MAG4wWATz4smAd2R8AxkwUA7d9R9yPgBmAA9gvgAjJlC+EVowNE8mHzRqCB8JLCw+RnFyCFlMMD4AM2cRPgBGc0QAOj59JjE+AqK0"
    "EuoWcWosbupyRyLbHzqAHR8JgEFUiHMAaQzZCysAR1pe1sLiuOpHHyYktCZaDwYt6lkU3qx7ccmfABUGOxFm3TsVtp34xL5ElgQDzYRwZDz9"
    "HRlCpRLSRXJMXIke7TFjOFwrPKeCAsDw4ILfJJeHyJTD0GAlTFgUR8JilXIvLbtTpYFLLTFdNH3dSyQGUeAAbX5wAAvsgRWLReKpZKZRKALr"
    "IIWy6US1UqkUKpVq5Ugay9Wi4ABsqGGMB8CDQmhgyptmvVNu12rtOr1wlwAFYTRARharS79bgql6ffBLQb/W6EAAWYNm33hp2K+2O5MapMOq"
    "W6gMIYKx82hv0pmXOoul6Ul1MZ4sKkABDCSJbxmCoPIsN5iNB2BBCkBEHzk7v8kAAJUN+Hd6mHAHZ8FHJwAOfDBBf4ABMIDlcslvYyA4FQ+H"
    "7rXk6jS8nwVnk9Xl83277e8FI9PE9Qw4vhqv+Cnn/nG63Yp3fswEHEcj1/V8x2/V8Zw/V9Fw/W8aw5Vxu1Ae9gP3UDL1fU9l1fC911fa91"
    "03VAPBgbIMIPI853/NDdyo6j8FgkdIMnGdwJHRdf1IkByMo7ssIQu8GJA4dFxfEcZznCCz1kkia34rAqK48cNxEoCxOvSS32Yk8v30njFIo5"
    "TBOHbT1IA9CxJnPDVJkkdEDU3ilJU6czy3LcgA=")
CLIPPED_SOLUTION = "867452931342891675519763284984327156635918427721645398498536712276189543153274869"


def grid(side=9, givens=None, regions=None):
    """An f-puzzles grid: givens {(row, col): digit}, regions {(row, col): region} (0-based)."""
    givens, regions = givens or {}, regions or {}
    rows = []
    for r in range(side):
        row = []
        for c in range(side):
            cell = {"value": givens[(r, c)], "given": True} if (r, c) in givens else {}
            if (r, c) in regions:
                cell["region"] = regions[(r, c)]
            row.append(cell)
        rows.append(row)
    return rows


def fpuzzles(side=9, **keys):
    """An f-puzzles puzzle dict with these extra keys ('diagonal_plus' stands for 'diagonal+')."""
    data = {"size": side, "grid": grid(side)}
    data.update({key.replace("_plus", "+").replace("_minus", "-"): value for key, value in keys.items()})
    return data


def link(data: dict) -> str:
    """An f-puzzles link for a puzzle dict."""
    return "https://www.f-puzzles.com/?load=" + compress_to_base64(json.dumps(data))


def read(side=9, **keys):
    """The published Sudoku of an f-puzzles puzzle with these keys."""
    return read_link(link(fpuzzles(side, **keys)))


# lz-string

@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_lzstring_round_trip(text):
    if text:
        assert decompress_from_base64(compress_to_base64(text)) == text
        assert decompress_from_encoded_uri_component(compress_to_encoded_uri_component(text)) == text


def test_lzstring_known_output():
    assert compress_to_base64("") == "Q==="
    assert compress_to_base64('{"size":9}').startswith("N4Ig")


@pytest.mark.parametrize("payload", ["!!!!", "N4Ig", "AAAA", "Q===", "N4IgzglgXgpiBcBOAv"])
def test_corrupt_payload_is_a_variant_error(payload):
    with pytest.raises(VariantError, match="not an lz-string payload|not a puzzle|does not parse"):
        read_link("https://www.f-puzzles.com/?load=" + payload)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=%!", max_size=80))
def test_corrupt_lzstring_never_raises_from_inside(payload):
    try:
        assert isinstance(decompress_from_base64(payload), str)
    except VariantError as error:
        assert str(error).startswith("not an lz-string payload")


# real payloads

def test_real_fpuzzles_payload_solves_to_its_solution():
    variant = read_link(CLIPPED)
    assert variant.title == "Clipped" and variant.author.startswith("Philipp Blume")
    kinds = {constraint.kind for constraint in variant.constraints}
    assert {"thermometer", "arrow", "anti-king"} <= kinds
    result = SudokuSolver(variant.rules).solve(variant)
    assert "".join(map(str, result.solution)) == CLIPPED_SOLUTION and result.unique


@pytest.mark.parametrize("text", [
    "https://www.f-puzzles.com/?load=" + CLIPPED,
    "f-puzzles.com/?load=" + CLIPPED,
    "https://f-puzzles.com/?load=" + quote(CLIPPED, safe=""),
    "https://sudokupad.app/fpuzzles" + CLIPPED,
    "sudokupad.app/fpuz" + quote(CLIPPED, safe=""),
    "https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles" + quote(CLIPPED, safe=""),
    "fpuzzles" + CLIPPED,
    CLIPPED,
    "  <" + CLIPPED + ">  ",
])
def test_link_forms(text):
    assert looks_like_link(text)
    assert read_link(text).title == "Clipped"


def test_fpuzzles_json_text():
    text = json.dumps(fpuzzles(killercage=[{"cells": ["R1C1", "R1C2"], "value": "3"}]))
    assert looks_like_link(text)
    assert read_link(text).constraints == (Killer((0, 1), 3),)


# f-puzzles keys, one by one

LINE = ["R1C1", "R1C2", "R1C3"]
CELLS = (0, 1, 2)


@pytest.mark.parametrize("key, value, expected", [
    ("killercage", [{"cells": ["R1C1", "R2C1"], "value": "7"}], [Killer((0, 9), 7)]),
    ("killercage", [{"cells": ["R1C1", "R2C1"]}], [Killer((0, 9), None)]),
    ("littlekillersum", [{"cell": "R0C0", "direction": "DR", "value": "9"}], [LittleKiller((0, 10, 20, 30, 40, 50, 60, 70, 80), 9)]),
    ("littlekillersum", [{"cell": "R10C3", "direction": "UL", "value": "6"}], [LittleKiller((73, 63), 6)]),
    ("littlekillersum", [{"cell": "R4C10", "direction": "DL", "value": "14"}], [LittleKiller((44, 52, 60, 68, 76), 14)]),
    ("sandwichsum", [{"cell": "R0C2", "value": "12"}], [Sandwich(tuple(range(1, 81, 9)), 12)]),
    ("sandwichsum", [{"cell": "R3C0", "value": "0"}], [Sandwich(tuple(range(18, 27)), 0)]),
    ("xsum", [{"cell": "R2C10", "value": "15"}], [XSum(tuple(range(17, 8, -1)), 15)]),
    ("skyscraper", [{"cell": "R10C1", "value": "3"}], [Skyscraper(tuple(range(72, -1, -9)), 3)]),
    ("thermometer", [{"lines": [LINE, ["R9C9", "R8C8"]]}], [Thermometer(CELLS), Thermometer((80, 70))]),
    ("slowthermometer", [{"lines": [LINE]}], [Thermometer(CELLS, slow=True)]),
    ("arrow", [{"lines": [["R1C1", "R1C2", "R1C3"], ["R1C1", "R2C1"]], "cells": ["R1C1"]}],
     [Arrow((0,), (1, 2)), Arrow((0,), (9,))]),
    ("arrow", [{"lines": [["R1C2", "R1C3", "R1C4"]], "cells": ["R1C1", "R1C2"]}], [Arrow((0, 1), (2, 3))]),
    ("betweenline", [{"lines": [LINE]}], [Between(CELLS)]),
    ("whispers", [{"lines": [LINE]}], [Whisper(CELLS, 5)]),
    ("whispers", [{"lines": [LINE], "value": "4"}], [Whisper(CELLS, 4)]),
    ("dutchwhispers", [{"lines": [LINE]}], [Whisper(CELLS, 4)]),
    ("renban", [{"lines": [LINE]}], [Renban(CELLS)]),
    ("regionsumline", [{"lines": [LINE]}], [RegionSumLine(CELLS)]),
    ("palindrome", [{"lines": [LINE]}], [Palindrome(CELLS)]),
    ("zipperline", [{"lines": [LINE]}], [Zipper(CELLS)]),
    ("entropicline", [{"lines": [LINE]}], [Entropic(CELLS)]),
    ("modularline", [{"lines": [LINE, ["R2C1", "R2C2"]]}], [Modular(CELLS), Modular((9, 10))]),
    ("nabner", [{"lines": [LINE]}], [Nabner(CELLS)]),
    ("doublearrow", [{"lines": [["R1C1", "R1C2", "R1C3", "R2C3"]]}], [DoubleArrow((0, 1, 2, 11))]),
    ("cage", [{"cells": ["R1C1", "R1C2"], "value": "DR5"}], [MultiSumKiller((0, 1), (5, 14))]),
    ("cage", [{"cells": ["R1C1", "R1C2", "R1C3"], "value": " DR9 "}], [MultiSumKiller(CELLS, (9, 18))]),
    ("difference", [{"cells": ["R1C1", "R1C2"]}], [Kropki(0, 1, "white")]),
    ("difference", [{"cells": ["R1C1", "R1C2"], "value": "3"}], [Difference(0, 1, 3)]),
    ("ratio", [{"cells": ["R1C1", "R2C1"]}], [Kropki(0, 9, "black")]),
    ("ratio", [{"cells": ["R1C1", "R2C1"], "value": "3"}], [Ratio(0, 9, 3)]),
    ("xv", [{"cells": ["R1C1", "R1C2"], "value": "X"}, {"cells": ["R2C1", "R2C2"], "value": "v"}],
     [XV(0, 1, 10), XV(9, 10, 5)]),
    ("odd", [{"cell": "R2C3"}], [Parity(11, odd=True)]),
    ("even", [{"cell": "R2C3"}], [Parity(11, odd=False)]),
    ("minimum", [{"cell": "R5C5"}], [Extremum(40, maximum=False)]),
    ("maximum", [{"cell": "R5C5"}], [Extremum(40, maximum=True)]),
    ("quadruple", [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [3, 1, 3]}], [Quadruple((0, 1, 9, 10), (1, 3, 3))]),
    ("clone", [{"cells": ["R1C1", "R1C2"], "cloneCells": ["R9C8", "R9C9"]}], [Clone((0, 1), (79, 80))]),
    ("extraregion", [{"cells": ["R1C1", "R1C2", "R2C1"]}], [Distinct((0, 1, 9), "extra region")]),
])
def test_each_key_maps_to_its_constraint(key, value, expected):
    variant = read(**{key: value})
    assert list(variant.constraints) == expected
    assert variant.unknown == () and variant.ignored == ()


@pytest.mark.parametrize("key, count, first", [
    ("diagonal_plus", 1, Distinct(tuple(i * 9 + 8 - i for i in range(9)), "diagonal 2")),
    ("diagonal_minus", 1, Distinct(tuple(i * 10 for i in range(9)), "diagonal 1")),
    ("disjointgroups", 9, Distinct((0, 3, 6, 27, 30, 33, 54, 57, 60), "disjoint group 1")),
])
def test_flags(key, count, first):
    constraints = read(**{key: True}).constraints
    assert len(constraints) == count and all(isinstance(c, Distinct) for c in constraints)
    assert constraints[0] == first


@pytest.mark.parametrize("key, offset, pairs", [("antiking", (1, 1), 128), ("antiknight", (1, 2), 224)])
def test_anti_king_and_knight_flags_are_one_chess_move_each(key, offset, pairs):
    variant = read(**{key: True})
    assert variant.constraints == (Chess(9, (offset,)),) and variant.kinds() == {key.replace("anti", "anti-"): 1}
    assert len(variant.rules.extra_groups) == pairs


def test_negative_constraints_leave_out_marked_pairs():
    variant = read(4, difference=[{"cells": ["R1C1", "R1C2"]}], ratio=[{"cells": ["R2C1", "R2C2"]}],
                   xv=[{"cells": ["R3C1", "R3C2"], "value": "X"}], nonconsecutive=True, negative=["ratio", "xv"])
    negatives = {c.relation: set(c.pairs) for c in variant.constraints if isinstance(c, Negative)}
    every = set(orthogonal_pairs(4))
    assert set(negatives) == {"white", "black", "x", "v"}
    assert negatives["white"] == negatives["black"] == every - {(0, 1), (4, 5)}
    assert negatives["x"] == negatives["v"] == every - {(8, 9)}


def test_givens_regions_and_texts():
    regions = {(r, c): (0 if c == 0 else 1 if c < 4 else None) for r in range(4) for c in range(4)}
    regions = {(r, c): [0, 0, 1, 1][r] * 2 + [0, 0, 1, 1][c] for r in range(4) for c in range(4)}
    regions[(0, 1)], regions[(2, 0)] = 2, 0  # swap two cells between region 0 and 2
    data = {"size": 4, "grid": grid(4, {(0, 0): 1, (3, 3): 4}, regions), "title": "T", "author": "A",
            "ruleset": "R", "solution": [int(digit) for digit in "1243431224313124"]}
    variant = read_link(link(data))
    assert variant.values[0] == 1 and variant.values[15] == 4 and sum(map(bool, variant.values)) == 2
    assert variant.regions is not None and (0, 4, 5, 8) in variant.regions
    assert (variant.title, variant.author, variant.rules_text) == ("T", "A", "R")
    assert variant.solution == tuple(map(int, "1243431224313124"))


def test_partial_or_missing_solution_is_none():
    assert read(4, solution=[1, 2, 0, 4] * 4).solution is None
    assert read(4).solution is None


def test_boxes_as_region_fields_are_no_irregular_regions():
    regions = {(r, c): r // 3 * 3 + c // 3 for r in range(9) for c in range(9)}
    assert read_link(link({"size": 9, "grid": grid(9, regions=regions)})).regions is None


def test_unknown_keys_are_named_with_counts():
    variant = read(lockout=[{"lines": [LINE]}, {"lines": [LINE]}], sumdot=[{"cells": ["R1C1", "R1C2"]}],
                   negative=["foglight"])
    assert set(variant.unknown) == {"lockout (2)", "sumdot (1)", "negative foglight"}


def test_indexer_cells_are_read_along_their_axis():
    variant = read(columnindexer=[{"cells": ["R1C1", "R2C1"]}], boxindexer=[{"cells": ["R5C5"]}])
    assert [(c.kind, c.cells) for c in variant.constraints] == [("column indexer", (0, 9)), ("box indexer", (40,))]


def test_drawn_elements_are_reported():
    variant = read(line=[{"lines": [LINE]}, {"lines": [["R5C5", "R5C6"]]}], circle=[{"cells": ["R1C1"]}],
                   rectangle=[{"cells": ["R2C2"]}], cage=[{"cells": ["R3C3"], "outlineC": "#000000"},
                                                          {"value": "msgcorrect: well done"}],
                   text=[{"cells": ["R4C4"], "value": "?"}])
    assert variant.ignored == ("2 lines", "1 rectangle", "1 circle", "1 cage without a rule", "text '?' at R4C4")


def test_drawings_of_constraints_read_are_not_reported():
    variant = read(renban=[{"lines": [LINE]}], line=[{"lines": [LINE], "fromConstraint": "Renban"},
                                                     {"lines": [LINE[::-1]], "outlineC": "#B0B0B0"}])
    assert variant.ignored == () and variant.constraints == (Renban(CELLS),)


def test_drawings_of_double_arrows_and_digital_root_cages_are_not_reported():
    drawn = {"fromConstraint": "Double Arrow"}
    variant = read(doublearrow=[{"lines": [LINE]}], line=[{"lines": [LINE], **drawn}],
                   circle=[{"cells": ["R1C1"], **drawn}, {"cells": ["R1C3"], **drawn}],
                   cage=[{"cells": ["R5C5"], "value": "DR7"}, {"cells": ["R6C6"], "value": "7"}])
    assert variant.constraints == (DoubleArrow(CELLS), MultiSumKiller((40,), (7,)))
    assert variant.ignored == ("1 cage without a rule",)


def test_metadata_cages_give_title_and_rules():
    variant = read(cage=[{"value": "title: Hidden"}, {"value": "rules: Be nice"}])
    assert (variant.title, variant.rules_text, variant.ignored) == ("Hidden", "Be nice", ())


# errors

def test_size_without_boxes_needs_regions():
    with pytest.raises(VariantError, match=r"size 7x7 has no boxes and the puzzle gives no regions"):
        read(7)
    with pytest.raises(VariantError, match=r"size 40x40: puzzlesat solves sizes 3x3 to 35x35"):
        read(40)


def test_a_region_short_of_cells_is_an_error_naming_it():
    data = {"size": 4, "grid": grid(4, regions={(0, 0): None})}  # box 1 loses r1c1: three cells
    with pytest.raises(VariantError, match=r"the region of r1c2 holds 3 cells, not 4"):
        read_link(link(data))


def test_bad_cell_name_is_an_error():
    with pytest.raises(VariantError, match="'R1X1' is not a cell name"):
        read(killercage=[{"cells": ["R1X1"]}])


@pytest.mark.parametrize("text, message", [
    ("https://sudokupad.app/abc123", "SudokuPad short link 'abc123' is not in the cache"),
    ("sudokupad.app/sven/my-puzzle", "SudokuPad short link 'sven/my-puzzle' is not in the cache"),
    ("https://app.crackingthecryptic.com/sudoku/HJ3Rpm6fnP", "SudokuPad short link 'sudoku/HJ3Rpm6fnP' is not"),
    ("https://f-puzzles.com/?id=y7zjdtq5", r"f-puzzles short link \(\?id=y7zjdtq5\)"),
    ("https://tinyurl.com/y7zjdtq5", "tinyurl.com short link must be resolved online"),
    ("https://example.com/puzzle", "not an f-puzzles or SudokuPad link"),
    ("hello there", "not a puzzle link or payload"),
    ('{"foo": 1}', "neither an f-puzzles puzzle"),
])
def test_link_errors(text, message, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # an empty cache, and offline: no test goes online
    with pytest.raises(VariantError, match=message):
        read_link(text, offline=True)


@pytest.mark.parametrize("text, expected", [
    ("https://sudokupad.app/abc123", True), ("sclN4IgzglgXgpiBcBOANCALhNAbO8QGEsI", True), ("N4Ig" + "A" * 20, True),
    ("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", False),
    ("hello", False), ("", False), ('{"puzzle": "1234"}', False),
])
def test_looks_like_link(text, expected):
    assert looks_like_link(text) is expected


# SudokuPad

def scl(data: dict) -> str:
    """A SudokuPad link holding puzzle JSON."""
    return "https://sudokupad.app/scl" + compress_to_base64(json.dumps(data))


def pad(side=4, rules="Normal sudoku rules apply.", **keys) -> dict:
    """SudokuPad puzzle JSON: empty cells, box regions, these extra keys and rules text (cages given join the
    metadata cages)."""
    rows, cols = (2, 2) if side == 4 else (3, 3)
    regions = [[[r, c] for r in range(br, br + rows) for c in range(bc, bc + cols)]
               for br in range(0, side, rows) for bc in range(0, side, cols)]
    data = {"cells": [[{} for _ in range(side)] for _ in range(side)], "regions": regions,
            "cages": [{"value": "title: Pad"}, {"value": f"rules: {rules}"}, {"value": "author: Me"}]}
    data["cages"] += keys.pop("cages", [])
    data.update(keys)
    return data


def test_sudokupad_givens_regions_cages_and_metadata():
    data = pad(4, "Cages show their sums.", cages=[{"value": "title: Pad"}, {"value": "solution: 1234341221434321"},
                                                   {"cells": [[0, 0], [0, 1]], "value": 3, "unique": True}])
    data["cells"][0][2] = {"value": 3}
    variant = read_link(scl(data))
    assert variant.title == "Pad" and variant.values[2] == 3
    assert variant.constraints == (Killer((0, 1), 3),) and variant.regions is None
    assert variant.solution == tuple(map(int, "1234341221434321"))


def test_sudokupad_zipped_json():
    zipped = ("{ce:[[{v:1},,,],[,,,],[,,,],[,,,]],re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],"
              "[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],"
              "o:[{ct:[0.5,1],w:0.3,h:0.3,r:t,c2:#F,c1:#0},{ct:[1,0.5],w:0.3,h:0.3,r:t,c2:#0,c1:#0}],"
              "ca:[{v:'title: Zipped'}]}")
    variant = read_link("ctc" + compress_to_base64(zipped))
    assert variant.title == "Zipped" and variant.values[0] == 1
    assert variant.constraints == (Kropki(0, 1, "white"), Kropki(0, 4, "black"))


def test_sudokupad_marks_on_edges_and_corners():
    overlays = [{"center": [0.5, 1], "width": 0.25, "height": 0.25, "text": "X"},
                {"center": [2, 2], "width": 0.6, "height": 0.6, "rounded": True, "text": "1 2",
                 "backgroundColor": "#FFFFFF"},
                {"center": [3.5, 2], "width": 0.3, "height": 0.3, "rounded": True, "backgroundColor": "#FFFFFF",
                 "text": "2"}]
    variant = read_link(scl(pad(overlays=overlays)))
    assert variant.constraints == (XV(0, 1, 10), Quadruple((5, 6, 9, 10), (1, 2)), Difference(13, 14, 2))


def test_sudokupad_thermometer_and_arrow_need_bulbs():
    bulb = {"center": [0.5, 0.5], "width": 0.8, "height": 0.8, "rounded": True, "backgroundColor": "#CFCFCF"}
    bulb2 = dict(bulb, center=[3.5, 0.5])
    lines = [{"wayPoints": [[0.5, 0.5], [0.5, 3.5]], "color": "#CFCFCF", "thickness": 20}]
    arrows = [{"wayPoints": [[3.1, 0.9], [3.5, 2.5]], "color": "#a1a1a1", "headLength": 0.3}]
    variant = read_link(scl(pad(4, "Digits increase along thermometers. Arrows sum to the circle.",
                                underlays=[bulb, bulb2], lines=lines, arrows=arrows)))
    assert variant.constraints == (Arrow((12,), (13, 14)), Thermometer((0, 1, 2, 3)))
    assert variant.ignored == ()


def test_sudokupad_lines_by_rules_and_colour():
    lines = [{"wayPoints": [[0.5, 0.5], [1.5, 0.5]], "color": "#67F067", "thickness": 10},
             {"wayPoints": [[3.5, 0.5], [3.5, 3.5]], "color": "#F067F0", "thickness": 10},
             {"wayPoints": [[2.5, 0.5], [2.5, 1.5]], "color": "#123456", "thickness": 10}]
    variant = read_link(scl(pad(4, "Green lines are whispers. Renban lines hold consecutive digits.",
                                lines=lines)))
    assert variant.constraints == (Whisper((0, 4), 2), Renban((12, 13, 14, 15)))
    assert variant.ignored == ("line (#123456) not identified from the rules",)


def test_sudokupad_little_killer_and_outside_clues():
    overlays = [{"center": [-0.5, 0.5], "width": 0.3, "height": 0.3, "text": "7"},
                {"center": [1.5, -0.5], "width": 0.3, "height": 0.3, "text": "5"}]
    arrows = [{"wayPoints": [[-0.2, 0.8], [-0.02, 0.98]], "color": "#000000"}]
    variant = read_link(scl(pad(4, "Little killer: digits along the diagonal add up to the clue. Sandwich clues "
                                   "outside the grid.", overlays=overlays, arrows=arrows)))
    assert variant.constraints == (LittleKiller((1, 6, 11), 7), Sandwich((4, 5, 6, 7), 5))


def test_sudokupad_global_and_diagonals():
    lines = [{"wayPoints": [[0, 0], [4, 4]], "color": "#34BBE6", "thickness": 2}]
    variant = read_link(scl(pad(4, "Digits may not repeat on the diagonal.", lines=lines,
                                **{"global": ["antiknight", "nonconsecutive", "spooky"]})))
    kinds = [constraint.kind for constraint in variant.constraints]
    assert {"anti-knight", "negative", "distinct"} == set(kinds)
    assert Distinct((0, 5, 10, 15), "diagonal 1") in variant.constraints
    assert variant.unknown == ("global spooky",)


def test_sudokupad_leftovers_are_named():
    overlays = [{"center": [1.5, 1.5], "width": 1, "height": 1, "backgroundColor": "#ffa0a0"},
                {"center": [2.5, 2.5], "width": 0.5, "height": 0.5, "text": "hi"}]
    variant = read_link(scl(pad(overlays=overlays, cages=[{"cells": [[0, 0]], "unique": False}])))
    assert variant.ignored == ("1 cage without a rule", "1 shape (circle, square or highlight)", "text 'hi' at r3c3")


def test_sudokupad_errors():
    with pytest.raises(VariantError, match="size 5x5 has no boxes"):
        read_link(scl({"cells": [[{}] * 5] * 5}))
    with pytest.raises(VariantError, match="the region of r1c1 holds 1 cells, not 4"):
        read_link(scl(pad(regions=[[[0, 0]]])))
    with pytest.raises(VariantError, match="not an lz-string payload"):
        read_link("https://sudokupad.app/scl!!!!")


def test_scf_classic_with_diagonals_and_title():
    digits = "5" + "0" * 80
    code = "".join("5" if d == "5" else "0" for d in digits)  # plain digits are valid scf characters
    variant = read_link("https://sudokupad.app/scf" + code + "*xtMy**title")
    assert variant.values[0] == 5 and variant.title == "My*title"
    assert [c.name for c in variant.constraints] == ["diagonal 1", "diagonal 2"]


def test_size_without_boxes_reads_its_regions():
    columns = {(row, col): col for row in range(7) for col in range(7)}  # regions need not be boxes
    variant = read_link(link({"size": 7, "grid": grid(7, regions=columns)}))
    assert variant.shape.side == 7 and len(variant.regions) == 7


def test_rules_kept_on_cells_are_read_and_unknown_cell_keys_named():
    data = fpuzzles()
    data["grid"][0][0]["parity"] = "Odd"
    data["grid"][0][1]["parity"] = "Even"
    data["grid"][0][2]["mystery"] = 1
    variant = read_link(link(data))
    assert [(c.kind, c.cell) for c in variant.constraints] == [("odd cell", 0), ("even cell", 1)]
    assert variant.unknown == ("cell mystery (1)",)


def test_an_fpuzzles_json_file_over_several_lines_is_one_puzzle(run_cli, tmp_path):
    data = fpuzzles(killercage=[{"cells": ["R1C1", "R1C2"], "value": "3"}])
    path = tmp_path / "puzzle.json"
    path.write_text(json.dumps(data, indent=2))
    result = run_cli(["sudoku", "-f", "jsonl", "--no-unique", str(path)])
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == 1 and records[0]["status"] == "solved" and records[0]["constraints"] == {"killer": 1}


def test_a_file_of_bare_payloads_reads_every_prefix_form(run_cli, tmp_path):
    """Sudoku-Bench stores f-puzzles payloads as 'fpuzN4Ig...': a file line of that form is a puzzle, not text."""
    path = tmp_path / "payloads.txt"
    path.write_text("\n".join(["fpuz" + CLIPPED, "fpuzzles" + CLIPPED, CLIPPED]) + "\n")
    result = run_cli(["sudoku", "-f", "jsonl", str(path)])
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["line"], r["status"], r["solution"]) for r in records] == [
        (1, "solved", CLIPPED_SOLUTION), (2, "solved", CLIPPED_SOLUTION), (3, "solved", CLIPPED_SOLUTION)]


def test_an_unclosed_json_object_is_one_error(run_cli, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{\n  "size": 9,\n  "grid": [\n')
    result = run_cli(["sudoku", "-f", "jsonl", str(path)])
    assert [json.loads(line)["error"] for line in result.stdout.splitlines()] == ["JSON object never closed"]
    assert result.exit_code == 1


# given pencil marks (issue 24)

def test_given_pencil_marks_restrict_their_cell(run_cli):
    data = fpuzzles(4)
    data["grid"][0][0]["givenPencilMarks"] = [2]
    result = run_cli(["sudoku", "-f", "jsonl", "--true-candidates", link(data)])
    record = json.loads(result.stdout)
    assert record["true_candidates"][0] == "2" and record["constraints"] == {"given pencil marks": 1}
    assert record["solution"][0] == "2" and record["status"] == "multiple"
    assert record["unknown"] == [SEVERAL_AS_GIVEN]  # everything read, several solutions: said


def test_given_pencil_marks_are_listed_in_pretty_output(run_cli):
    data = fpuzzles(4)
    data["grid"][1][2]["givenPencilMarks"] = [4, 1]
    result = run_cli(["sudoku", "-f", "pretty", link(data)])  # pretty, without colour codes between the words
    assert "given pencil marks r2c3: 1 4" in result.stdout and "read: 1 given pencil marks" in result.stdout


@pytest.mark.parametrize("marks, expected", [
    ([3, 1], [PencilMarks(0, (1, 3))]),
    (["2"], [PencilMarks(0, (2,))]),
    ([], []),  # none stated
    (None, []),
    ([1, 2, 3, 4], []),  # every digit: no rule
])
def test_given_pencil_marks_read_as_a_rule(marks, expected):
    data = fpuzzles(4)
    data["grid"][0][0]["givenPencilMarks"] = marks
    variant = read_link(link(data))
    assert list(variant.constraints) == expected and variant.unknown == ()


@pytest.mark.parametrize("marks", [[0], [5], ["x"], [1, "x"], "12", [None, 2]])
def test_given_pencil_marks_that_are_not_digits_are_an_error(marks):
    data = fpuzzles(4)
    data["grid"][3][1]["givenPencilMarks"] = marks
    with pytest.raises(VariantError, match=r"given pencil marks .* in R4C2 are not digits 1-4"):
        read_link(link(data))


# keys that carry no rule (issue 24)

@pytest.mark.parametrize("key, value", [
    ("activeConstraints", ["Killer Cage", "Thermometer"]),  # f-puzzles' interface state
    ("successMessage", "Well done!"),  # the text shown on solving
    ("highlightConflicts", True),
    ("disabledlogic", ["tuples"]),
    ("truecandidatesoptions", ["colored"]),
    ("metadata", {"msgcorrect": "Yes!"}),
    ("version", 2),
])
def test_fpuzzles_interface_keys_are_no_rules(key, value):
    variant = read(4, **{key: value})
    assert variant.unknown == () and variant.constraints == ()


def test_an_interface_key_is_not_reported_as_a_rule(run_cli):
    data = fpuzzles(4, activeConstraints=["Killer Cage"], successMessage="Solved!")
    record = json.loads(run_cli(["sudoku", "-f", "jsonl", "--no-unique", link(data)]).stdout)
    assert record["unknown"] == [] and record["status"] == "solved"


def test_sudokupad_keys_without_rules_pass_and_unknown_keys_are_named():
    data = pad(4, id="abc", cellSize=50, settings={}, videos=["x"], metadata={"msgcorrect": "Yes!", "source": "me"},
               sudokupad_plugin=[1, 2])
    variant = read_link(scl(data))
    assert variant.unknown == ("sudokupad_plugin (2)",)


def test_sudokupad_metadata_cages_with_cells_are_texts_not_cages():
    cages = [{"cells": [[0, 0], [0, 1]], "value": "msgcorrect: Well done", "unique": True}]
    variant = read_link(scl(pad(4, cages=cages)))
    assert variant.constraints == () and variant.unknown == () and variant.ignored == ()


def test_sudokupad_anti_knight_kept_in_metadata_is_read():
    variant = read_link(scl(pad(4, "Cells a knight's move apart differ.", metadata={"antiknight": True})))
    assert variant.constraints == (Chess(4, ((1, 2),)),) and variant.unknown == ()


# cages whose value is text, fog lights (issue 24)

def test_sudokupad_cage_valued_by_text_is_not_a_killer_cage(run_cli):
    cages = [{"cells": [[0, 0], [0, 1]], "value": "N", "unique": True},
             {"cells": [[2, 0], [3, 0]], "value": "(4+8)x2", "unique": True},
             {"cells": [[3, 3], [3, 2]], "value": 5, "unique": True}]
    payload = scl(pad(4, "Killer cages.", cages=cages))
    variant = read_link(payload)
    assert variant.constraints == (Killer((15, 14), 5),)
    assert variant.unknown == ("2 cages whose value is not a number ('N', '(4+8)x2')",)
    record = json.loads(run_cli(["sudoku", "-f", "jsonl", payload]).stdout)
    assert record["unknown"] == list(variant.unknown) and record["constraints"] == {"killer": 1}
    pretty = run_cli(["sudoku", "-f", "pretty", payload], terminal=True).stdout
    assert "not understood, left out: 2 cages whose value is not a number ('N', '(4+8)x2')" in pretty


def test_fpuzzles_killer_cage_valued_by_text_is_not_a_killer_cage():
    variant = read(4, killercage=[{"cells": ["R1C1", "R1C2"], "value": "A"}, {"cells": ["R2C1"], "value": "3"},
                                  {"cells": ["R4C4", "R4C3"]}])
    assert variant.constraints == (Killer((4,), 3), Killer((15, 14), None))
    assert variant.unknown == ("1 cage whose value is not a number ('A')",)


def test_sudokupad_fog_lights_are_no_cages():
    cages = [{"cells": [[0, 0], [1, 1]], "value": "FOGLIGHT"}]
    variant = read_link(scl(pad(4, "Fog of war.", cages=cages, foglight=[[3, 3]])))
    assert variant.constraints == ()
    assert variant.unknown == ("fog of war (3 fog lights)", 'rules text not read: "Fog of war."')


def test_fpuzzles_fog_is_named_once():
    variant = read(4, fogofwar=["R1C1"], cage=[{"cells": ["R2C2"], "value": "FOGLIGHT"}])
    assert variant.unknown == ("fog of war (2 fog lights)",) and variant.ignored == ()


# regions that leave cells out, grids in a frame (issue 24)

def test_fpuzzles_cells_in_no_region_are_in_no_box(run_cli):
    regions = {(r, c): (0 if r == c else None) for r in range(4) for c in range(4)}  # one region: the diagonal
    data = {"size": 4, "grid": grid(4, regions=regions)}
    variant = read_link(link(data))
    assert variant.regions == ((0, 5, 10, 15),)
    solver = SudokuSolver(variant.rules)
    try:
        count = solver.solve(variant, count=1000).solutions
    finally:
        solver.close()
    assert count == brute_count(variant.shape, (), regions=variant.regions) not in (288, 576)  # 576 Latin sq.
    record = json.loads(run_cli(["sudoku", "-f", "jsonl", "--count", "2", link(data)]).stdout)
    assert record["status"] == "multiple" and record["irregular_regions"] is True


def test_fpuzzles_ten_by_ten_with_a_ring_of_cells_in_no_region():
    side = 10
    regions = {(r, c): None for r in range(side) for c in range(side)}  # nine regions of ten cells, ten cells in none
    inner = [(r, c) for r in range(side) for c in range(side) if r != c]
    for index, place in enumerate(inner):
        regions[place] = index // side
    variant = read_link(link({"size": side, "grid": grid(side, regions=regions)}))
    assert len(variant.regions) == 9 and variant.shape.side == 10


def test_sudokupad_grid_drawn_in_a_frame_is_cut_to_its_regions():
    inner = pad(4, cages=[{"value": "rules: Sandwich clues outside the grid."}, {"value": "solution: 1234341221434321"},
                          {"cells": [[0, 0], [0, 1]], "value": 3, "unique": True}],
                overlays=[{"center": [0.5, -0.5], "width": 0.3, "height": 0.3, "text": "5"}])
    inner["cells"][0][2] = {"value": 3}
    framed = json.loads(json.dumps(inner))
    framed["cells"] = [[{} for _ in range(6)] for _ in range(6)]
    framed["cells"][1][3] = {"value": 3}
    framed["regions"] = [[[r + 1, c + 1] for r, c in region] for region in inner["regions"]]
    next(cage for cage in framed["cages"] if cage.get("cells"))["cells"] = [[1, 1], [1, 2]]
    next(cage for cage in framed["cages"] if "solution" in str(cage["value"]))["value"] = "solution: ......" + "".join(
        "." + row + "." for row in ("1234", "3412", "2143", "4321")) + "......"
    framed["overlays"][0]["center"] = [1.5, 0.5]
    plain, cut = read_link(scl(inner)), read_link(scl(framed))
    assert (cut.grid, cut.constraints, cut.regions, cut.solution) == (
        plain.grid, plain.constraints, plain.regions, plain.solution)
    assert cut.constraints == (Killer((0, 1), 3), Sandwich((0, 1, 2, 3), 5))
    assert cut.ignored == ("the grid is the 4x4 its regions cover, inside 6x6 cells",)


def test_sudokupad_regions_leaving_cells_out_of_every_region():
    data = pad(4)
    data["regions"] = data["regions"][:2]  # the two top boxes; the bottom half in no region
    data["cages"].append({"cells": [[r, c] for r in (2, 3) for c in range(4)], "unique": False, "hidden": True})
    variant = read_link(scl(data))
    assert variant.regions == ((0, 1, 4, 5), (2, 3, 6, 7)) and variant.constraints == ()


# numbers on larger grids (issue 24)

def test_a_sixteen_by_sixteen_link_is_answered_in_numbers(run_cli, puzzles_dir):
    path = puzzles_dir / "variants" / "behemoth-16x16.txt"
    line = run_cli(["sudoku", "-f", "line", path]).stdout.strip()
    stated = next(text for text in path.read_text().splitlines() if text.startswith("# solution:"))
    assert line == stated.split(":", 1)[1].strip().replace(",", " ")
    record = json.loads(run_cli(["sudoku", "-f", "jsonl", path]).stdout)
    assert record["solution"] == line and record["status"] == "solved" and record["unique"]
    again = run_cli(["sudoku", "-f", "line"], input=line + "\n")  # the answer reads back as a 16x16
    assert again.stdout.strip() == line and again.exit_code == 0


def test_a_sixteen_by_sixteen_link_shows_numbers_in_pretty_output(run_cli, puzzles_dir):
    pretty = run_cli(["sudoku", "-f", "pretty", puzzles_dir / "variants" / "behemoth-16x16.txt"], terminal=True,
                     width=200).stdout
    assert " 16 " in pretty and " G " not in pretty


# Two real f-puzzles exports from Rangsk's solver tests ("add pencilmarks into an empty cell",
# dclamage/SudokuSolver SudokuTests/SolverTests.cs, commit 226e55bba25e522ce0c1824f9187f8c866383d44): the same 6x6,
# the second with given pencil marks 2 3 in R6C1, which "only restricts the solution".
RANGSK_NO_MARKS = ("N4IgzglgXgpiBcA2ANCA5gJwgEwQbT2AF9ljSSzKiBdZQih0kANwEMAbAVzngCZU0EZjAB2CAC4ZujYrXpM2XHgEYBQ0RKkwZ"
                   "OuVXIHQi7ggDMa4WPiTp5PTJYcT8ACwWN1rTrt19fhtTUREA===")
RANGSK_MARKS = ("N4IgzglgXgpiBcA2ANCA5gJwgEwQbT2AF9ljSSzKiBdZQih0kANwEMAbAVzngCZU0EZjAB2CAC4ZujYrXpM2XHgEYBQ0RKkwZOu"
                "VXIHQi7ggDMa4WPiTp5PTJYcT8ACwWN1rTrt1QgywAKogDGEOwAsqwYANZg+Pym1N76sklAA=")


def test_real_given_pencil_marks_restrict_the_solutions(run_cli):
    plain, marked = read_link(RANGSK_NO_MARKS), read_link(RANGSK_MARKS)
    assert plain.grid == marked.grid and plain.constraints == ()
    assert marked.constraints == (PencilMarks(30, (2, 3)),)
    records = [json.loads(run_cli(["sudoku", "-f", "jsonl", "--true-candidates", payload]).stdout)
               for payload in (RANGSK_NO_MARKS, RANGSK_MARKS)]
    assert records[0]["true_candidates"][30] == "12356" and records[1]["true_candidates"][30] == "23"

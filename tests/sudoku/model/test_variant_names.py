"""--variant names: canonical names and aliases, the parameters of chess, taxicab and disjoint-offset, and the rules
each name builds on grids of several sizes."""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from puzzlesat.sudoku import VariantError, make_variant
from puzzlesat.sudoku.model.constraints.apart import (Chess, DiagonalNonconsecutive, SelfTaxicab, Taxicab, anti_king,
                                                       anti_knight)
from puzzlesat.sudoku.model.constraints.groups import disjoint_groups
from puzzlesat.sudoku.model.grid import Shape
from puzzlesat.sudoku.model.variant_names import canonical_name, split_name
from puzzlesat.sudoku.reading.variant_files import regions_from_labels

NINE = Shape.of_side(9)


@pytest.mark.parametrize("name, canonical", [
    ("anti-knight", "anti-knight"), ("knight", "anti-knight"), ("King", "anti-king"),
    ("chess:1,2", "chess:1,2"), ("chess:2,1", "chess:1,2"), ("CHESS: -1, 3 ; 2,2 ;", "chess:1,3;2,2"),
    ("chess:1,3;v5,1;v3;1,3", "chess:1,3;v1,3,5"), ("chess:v2;1,1", "chess:1,1;v2"),
    ("taxicab:3", "taxicab:3"), ("taxi: 4", "taxicab:4"),
    ("selftaxi", "self-taxicab"), ("selftaxicab", "self-taxicab"), ("self-taxicab", "self-taxicab"),
    ("dnc", "diagonal-nonconsecutive"), ("diagonal-non-consecutive", "diagonal-nonconsecutive"),
    ("djg", "disjoint-groups"), ("disjoint", "disjoint-groups"),
    ("disjointoffset:5", "disjoint-offset:5"), ("disjoint-offset:9,1,5,1", "disjoint-offset:1,5,9"),
])
def test_names_are_written_the_one_way(name, canonical):
    assert canonical_name(name) == canonical
    assert canonical_name(canonical) == canonical


def test_parameters_are_parsed():
    assert split_name("chess:1,3;2,2;v1,3") == ("chess", (((1, 3), (2, 2)), (1, 3)))
    assert split_name("chess:1,1") == ("chess", (((1, 1),), None))
    assert split_name("taxicab:3") == ("taxicab", (3,))
    assert split_name("disjoint-offset:1,5") == ("disjoint-offset", (1, 5))
    assert split_name("self-taxicab") == ("self-taxicab", ())


@pytest.mark.parametrize("name, message", [
    ("chess", "variant chess needs parameters, as chess:1,3"),
    ("chess:", "variant chess needs parameters"),
    ("chess:1", "chess: '1' is neither an offset (1,2) nor digits (v1,3,5)"),
    ("chess:1,2,3", "neither an offset"),
    ("chess:x,2", "chess offset 'x' in 'x,2' is not a whole number"),
    ("chess:0,2", "chess offset '0,2' runs along a row or column"),
    ("chess:0,0", "runs along a row or column"),
    ("chess:v1,2", "variant chess needs at least one offset"),
    ("chess:1,2;v", "chess: 'v' lists no digits"),
    ("chess:1,2;v0", "chess digit '0' in 'v0' is not a positive whole number"),
    ("chess:1,2;r1c1", "cell lists ('r1c1') are not supported"),
    ("taxicab", "variant taxicab needs parameters, as taxicab:3"),
    ("taxicab:1", "taxicab 1 joins only orthogonal neighbours"),
    ("taxicab:0", "taxicab distance '0' is not a positive whole number"),
    ("taxicab:2,3", "taxicab takes one distance"),
    ("disjoint-offset", "needs parameters, as disjoint-offset:5"),
    ("disjoint-offset:a", "disjoint-offset position 'a' is not a positive whole number"),
    ("anti-king:2", "variant anti-king takes no parameters (got 'anti-king:2')"),
    ("dnc:1", "variant diagonal-nonconsecutive takes no parameters"),
    ("taxicab3", "unknown variant 'taxicab3'"),
])
def test_bad_names_say_what_is_wrong(name, message):
    with pytest.raises(VariantError) as error:
        canonical_name(name)
    assert message in str(error.value) and "\n" not in str(error.value)


@given(st.text(max_size=30))
@example("taxicab:\u00b2").via("superscript two: a digit to str.isdigit, not to int")
@example("chess:1,\u0662")
@example("disjoint-offset:\uff13")
def test_any_text_is_a_name_or_a_variant_error(text):
    try:
        canonical = canonical_name(text)
    except VariantError:
        return
    assert canonical_name(canonical) == canonical


offset = st.tuples(st.integers(-8, 8), st.integers(-8, 8)).filter(lambda o: 0 not in o)


@given(st.lists(offset, min_size=1, max_size=4),
       st.one_of(st.none(), st.lists(st.integers(1, 9), min_size=1, max_size=5)))
def test_chess_parameters_read_back_to_the_same_moves(offsets, digits):
    text = ";".join(f"{r},{c}" for r, c in offsets) + ("" if digits is None else ";v" + ",".join(map(str, digits)))
    word, (moves, only) = split_name(canonical_name("chess:" + text))
    assert word == "chess" and set(moves) == {tuple(sorted((abs(r), abs(c)))) for r, c in offsets}
    assert only == (None if digits is None else tuple(sorted(set(digits))))
    rule = make_variant(["chess:" + text]).rules(NINE).constraints
    assert rule == (Chess(9, tuple(offsets), None if digits is None else tuple(digits)),)


# ---- the rules each name builds -------------------------------------------------------------------------------

@pytest.mark.parametrize("names, constraints", [
    (["anti-king"], (anti_king(9),)),
    (["knight", "antiknight"], (anti_knight(9),)),
    (["chess:1,1", "anti-king"], (anti_king(9),)),  # the same rule once
    (["chess:1,3;v1,2"], (Chess(9, ((1, 3),), (1, 2)),)),
    (["taxicab:4"], (Taxicab(9, 4),)),
    (["self-taxicab", "dnc"], (SelfTaxicab(9), DiagonalNonconsecutive(9))),
    (["disjoint-groups"], disjoint_groups(NINE.boxes)),
    (["disjoint-offset:5,1"], (disjoint_groups(NINE.boxes)[0], disjoint_groups(NINE.boxes)[4])),
])
def test_names_build_their_constraints(names, constraints):
    assert make_variant(names).rules(NINE).constraints == constraints


def test_disjoint_offset_is_the_same_place_of_every_region():
    centres = make_variant(["disjoint-offset:5"]).rules(NINE).extra_groups
    assert centres == (tuple(r * 9 + c for r in (1, 4, 7) for c in (1, 4, 7)),)
    regions = regions_from_labels("aaab" "abbb" "ccdd" "ccdd")
    groups = make_variant(["jigsaw", "disjoint-offset:4"], regions).rules(Shape.of_side(4)).extra_groups
    assert groups == ((4, 7, 13, 15),)  # region a is r1c1 r1c2 r1c3 r2c1: its 4th cell is r2c1


@pytest.mark.parametrize("name, side, message", [
    ("chess:1,2;v10", 9, "chess digit 10 is not a digit of a 9x9 grid"),
    ("chess:1,9", 9, "chess offset 1,9 reaches beyond a 9x9 grid"),
    ("chess:1,4", 4, "chess offset 1,4 reaches beyond a 4x4 grid"),
    ("taxicab:17", 9, "taxicab 17 links no two cells of a 9x9 grid"),
    ("disjoint-offset:10", 9, "disjoint group 10: the regions have at most 9 cells"),
])
def test_what_does_not_fit_the_grid_is_a_variant_error(name, side, message):
    variant = make_variant([name])
    with pytest.raises(VariantError, match=message):
        variant.rules(Shape.of_side(side))


def test_what_fits_a_larger_grid_works_there():
    assert make_variant(["chess:1,2;v10"]).rules(Shape.of_side(16)).constraints == (Chess(16, ((1, 2),), (10,)),)
    assert make_variant(["taxicab:17"]).rules(Shape.of_side(16)).extra_groups


# ---- on the command line -------------------------------------------------------------------------------------

DNC_PUZZLE = "500000000000000000004000000000080000010200000000956000000000080008304000000000290"  # Rangsk's test


def test_cli_solves_with_a_named_rule_and_says_which(run_cli):
    result = run_cli(["sudoku", "--variant", "dnc", "-f", "jsonl", "-"], input=DNC_PUZZLE + "\n")
    record = json.loads(result.stdout)
    assert result.exit_code == 0 and record["status"] == "solved" and record["unique"]
    assert record["solution"].startswith("572869431") and record["variant"] == "diagonal-nonconsecutive"


@pytest.mark.parametrize("names", [["taxicab:3"], ["taxicab:5"], ["chess:1,1;v1,2"], ["dnc"], ["selftaxi"],
                                   ["knight", "dnc"], ["disjoint-groups"], ["disjoint-offset:1,4"]], ids=str)
def test_cli_counts_as_brute_force_on_4x4(run_cli, names):
    from constraint_brute import GRIDS_4X4, brute_count

    args = [arg for name in names for arg in ("--variant", name)]
    result = run_cli(["sudoku", *args, "--count", "300", "-f", "jsonl", "-"], input="." * 16 + "\n")
    count = brute_count(Shape.of_side(4), make_variant(names).rules(Shape.of_side(4)).constraints)
    assert json.loads(result.stdout)["solutions"] == count < GRIDS_4X4


def test_cli_names_the_move_a_given_breaks(run_cli):
    givens = "3" + "." * 11 + "3" + "." * 68  # 3s at r1c1 and r2c4
    result = run_cli(["sudoku", "--variant", "chess:1,3", "-f", "jsonl", "-"], input=givens + "\n")
    assert result.exit_code == 1 and json.loads(result.stdout)["error"] == "two 3s in camel's move r1c1-r2c4"


def test_cli_a_rule_that_does_not_fit_a_puzzle_makes_it_invalid(run_cli):
    blanks = "." * 16 + "\n" + "." * 81 + "\n"  # a 4x4 and a 9x9
    result = run_cli(["sudoku", "--variant", "chess:1,2;v7", "-f", "jsonl", "-"], input=blanks)
    first, second = map(json.loads, result.stdout.splitlines())
    assert first["status"] == "invalid" and first["error"] == "chess digit 7 is not a digit of a 4x4 grid"
    assert second["status"] == "multiple" and result.exit_code == 1


@pytest.mark.parametrize("name, message", [
    ("chess", "puzzlesat: variant chess needs parameters, as chess:1,3 or chess:1,1;1,2;v1,3,5"),
    ("chess:0,2", "puzzlesat: chess offset '0,2' runs along a row or column, which never repeats a digit anyway"),
    ("taxicab:x", "puzzlesat: taxicab distance 'x' is not a positive whole number"),
    ("self-taxicab:2", "puzzlesat: variant self-taxicab takes no parameters (got 'self-taxicab:2')"),
])
def test_cli_bad_parameters_are_one_line_usage_errors(run_cli, name, message):
    result = run_cli(["sudoku", "--variant", name, "-"], input="." * 81 + "\n")
    assert result.exit_code == 2 and result.stderr.strip() == message


def test_cli_pretty_output_names_the_rules_in_the_legend(run_cli):
    result = run_cli(["sudoku", "--variant", "taxicab:4", "--variant", "dnc", "--no-unique", "-f", "pretty", "-"],
                     input="." * 81 + "\n", width=120)
    assert "taxicab 4, diagonal non-consecutive: not drawn" in result.stdout
    alone = run_cli(["sudoku", "--variant", "chess:1,3;v1,2", "--no-unique", "-f", "pretty", "-"],
                    input="." * 81 + "\n", width=120)
    assert "chess 1,3;v1,2: no 1 or 2 repeated a camel's move apart (not drawn)" in alone.stdout


def test_cli_dimacs_holds_the_rule(run_cli):
    plain = run_cli(["sudoku", "--dimacs", "-"], input="." * 16 + "\n").stdout
    rule = run_cli(["sudoku", "--variant", "dnc", "--dimacs", "-"], input="." * 16 + "\n").stdout
    header = lambda text: next(line for line in text.splitlines() if line.startswith("p cnf"))
    assert int(header(rule).split()[3]) == int(header(plain).split()[3]) + 2 * 3 * 3 * 6  # 18 pairs, 6 digit pairs

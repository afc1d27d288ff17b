"""render/variant_marks.py through sudoku_grid.grid: each variant constraint's marks in their place on the walled
grid (cages, dots on walls, lines as paths, cell clues, clues beside the grid) and its legend entry."""

from __future__ import annotations

import io

import pytest
from rich.cells import cell_len
from rich.console import Console

from puzzlesat.render.sudoku_grid import grid, variant_look
from puzzlesat.render.variant_marks import LINE_STYLES
from puzzlesat.sudoku.model.constraints import (XV, Arrow, Between, Clone, Difference, Distinct, Entropic, Extremum,
                                          Indexer, Killer, Kropki, LittleKiller, Lockout, Modular, Nabner, Negative,
                                          Palindrome, Parity, Quadruple, Ratio, RegionSumLine, Renban, Sandwich,
                                          Skyscraper, Thermometer, Whisper, XSum, Zipper, anti_king)
from puzzlesat.sudoku.model.constraints.sums import DoubleArrow, MultiSumKiller
from puzzlesat.sudoku.model.grid import Puzzle, Shape
from puzzlesat.sudoku.model.rules import constrained_rules

SHAPE = Shape.of_side(9)


def cell(row: int, col: int, side: int = 9) -> int:
    """The index of r{row}c{col} (1-based)."""
    return (row - 1) * side + col - 1


def drawn(*constraints, side: int = 9):
    """(the grid's lines, the legend) of an empty grid of `side` with `constraints`."""
    shape = Shape.of_side(side)
    text = grid(Puzzle(shape, (0,) * shape.cells), rules=constrained_rules(shape, constraints)).plain
    lines = text.splitlines()
    return lines[:2 * side + 1], "\n".join(lines[2 * side + 1:])


def at(lines: list, row: int, col: int, where: str = "digit") -> str:
    """A character of cell r{row}c{col} on the walled grid (cells 3 wide): 'left', 'digit' or 'right' of it,
    the wall 'before' it (left), the middle of the wall 'above' it, or the 'corner' at its top left."""
    line = 2 * row - 1 if where in ("left", "digit", "right", "before") else 2 * row - 2
    offset = {"left": 1, "digit": 2, "right": 3, "before": 0, "above": 2, "corner": 0}[where]
    return lines[line][4 * (col - 1) + offset]


def styles_of(*constraints) -> set:
    """The styles of every span of an empty 9x9 grid with `constraints`."""
    rules = constrained_rules(SHAPE, constraints)
    return {str(span.style) for span in grid(Puzzle(SHAPE, (0,) * 81), rules=rules).spans}


# ---- cages -----------------------------------------------------------------------------------

def test_killer_cages_with_and_without_a_sum_are_outlined():
    lines, legend = drawn(Killer((cell(1, 1), cell(1, 2)), 3), Killer((cell(5, 5), cell(6, 5), cell(6, 6))))
    assert lines[0].startswith("┏3━━━━━━┯") and at(lines, 1, 2, "before") == " " and at(lines, 1, 3, "before") == "│"
    assert at(lines, 6, 5, "above") == " " and at(lines, 6, 6, "before") == " " and at(lines, 5, 6, "before") == "│"
    assert lines[8][16:20] == "┼───"  # no number on the sumless cage's top wall
    assert "12─ cage sum" in legend


def test_a_multi_sum_cage_is_outlined_with_its_totals_in_the_legend():
    lines, legend = drawn(MultiSumKiller((cell(2, 2), cell(2, 3)), (5, 14)))
    assert at(lines, 2, 3, "before") == " " and at(lines, 2, 2, "before") == "│"
    assert "multi-sum killer r2c2-r2c3: 5, 14" in legend


def test_a_cage_without_any_sum_has_no_sum_in_the_legend():
    lines, legend = drawn(Killer((cell(2, 2), cell(2, 3))))
    assert at(lines, 2, 3, "before") == " " and "cage sum" not in legend


def test_a_vertical_mark_under_a_cage_sum_keeps_both():
    lines, _ = drawn(Killer((cell(3, 3), cell(3, 4)), 12), Kropki(cell(2, 3), cell(3, 3), "white"))
    assert lines[4][9:12] == "12○"


# ---- dots and pair clues on walls ------------------------------------------------------------

def test_kropki_dots_sit_on_the_wall_between_their_cells():
    lines, legend = drawn(Kropki(cell(1, 1), cell(1, 2), "white"), Kropki(cell(3, 4), cell(4, 4), "black"))
    assert at(lines, 1, 2, "before") == "○" and at(lines, 4, 4, "above") == "●"
    assert lines[6][12:17] == "━━●━━" or lines[6][13:16] == "━●━"
    assert "○ consecutive" in legend and "● one twice the other" in legend


def test_xv_difference_and_ratio_marks():
    lines, legend = drawn(XV(cell(2, 2), cell(2, 3), 10), XV(cell(5, 5), cell(6, 5), 5),
                          Difference(cell(7, 1), cell(7, 2), 3), Ratio(cell(8, 8), cell(9, 8), 3))
    assert at(lines, 2, 3, "before") == "X" and at(lines, 6, 5, "above") == "V"
    assert at(lines, 7, 2, "before") == "3" and at(lines, 9, 8, "above") == "³"
    for words in ("X sum 10", "V sum 5", "3 difference", "³ ratio 3"):
        assert words in legend


def test_a_number_too_long_for_a_wall_is_named_in_the_legend():
    lines, legend = drawn(Difference(cell(1, 1, 16), cell(1, 2, 16), 12), side=16)
    assert at(lines, 1, 2, "before") == "◆" and "◆ difference 12 r1c1-r1c2" in legend


def test_negative_constraints_are_said_in_the_legend():
    lines, legend = drawn(Negative("white", ((cell(1, 1), cell(1, 2)),)), Kropki(cell(5, 5), cell(5, 6), "white"))
    assert "no ○: not consecutive" in legend
    _, legend = drawn(Negative("ratio:3", ((cell(1, 1), cell(1, 2)),)), Kropki(cell(5, 5), cell(5, 6), "white"))
    assert "negative ratio:3: not drawn" in legend


def test_negative_constraints_alone_keep_the_compact_grid():
    puzzle = Puzzle(SHAPE, (0,) * 81)
    text = grid(puzzle, rules=constrained_rules(SHAPE, [Negative("x", ((0, 1),))])).plain
    assert text.splitlines()[0] == "┏━━━━━━━┳━━━━━━━┳━━━━━━━┓" and text.endswith("no X: not adding to 10\n")


# ---- lines -----------------------------------------------------------------------------------

def test_a_thermometer_is_its_bulb_and_inequalities_along_its_path():
    thermo = Thermometer((cell(1, 1), cell(1, 2), cell(2, 2), cell(3, 3), cell(3, 2)))
    lines, legend = drawn(thermo)
    assert at(lines, 1, 1, "left") == "(" and at(lines, 1, 1, "right") == ")"
    assert at(lines, 1, 2, "before") == "<"  # r1c1 < r1c2
    assert at(lines, 2, 2, "above") == "∧"  # r1c2 above, lower
    assert at(lines, 3, 3, "corner") == "╲"  # r2c2 to r3c3 through their shared corner
    assert at(lines, 3, 3, "before") == ">"  # r3c2 (left) higher than r3c3
    assert "(·)<· thermometer (r1c1)→r1c2→r2c2→r3c3→r3c2" in legend  # where it starts and turns


def test_a_thermometer_going_up_points_down_and_slow_ones_allow_equal():
    lines, legend = drawn(Thermometer((cell(9, 9), cell(8, 9))), Thermometer((cell(5, 5), cell(5, 6)), slow=True))
    assert at(lines, 9, 9, "above") == "∨" and at(lines, 5, 6, "before") == "≤"
    assert "thermometer (r9c9)→r8c9" in legend and "slow thermometer (r5c5)→r5c6" in legend


def test_several_lines_of_a_kind_are_numbered_and_get_their_own_backgrounds():
    one, two = Thermometer((cell(1, 1), cell(1, 2))), Thermometer((cell(5, 1), cell(5, 2)))
    _, legend = drawn(one, two)
    assert "thermometer 1 (r1c1)→r1c2" in legend and "thermometer 2 (r5c1)→r5c2" in legend
    styles = styles_of(one, two)
    assert any(LINE_STYLES[0] in style for style in styles) and any(LINE_STYLES[1] in style for style in styles)


def test_an_arrow_is_its_circle_and_a_shaft_pointing_away():
    lines, legend = drawn(Arrow((cell(3, 3),), (cell(3, 4), cell(4, 4), cell(5, 5))))
    assert at(lines, 3, 3, "left") + at(lines, 3, 3, "right") == "()"
    assert at(lines, 3, 4, "before") == "→" and at(lines, 4, 4, "above") == "↓" and at(lines, 5, 5, "corner") == "╲"
    assert "(·)→· arrow (r3c3)→r3c4→r4c4→r5c5" in legend


def test_a_two_cell_circle_is_marked_and_the_shaft_starts_beside_it():
    lines, legend = drawn(Arrow((cell(1, 1), cell(1, 2)), (cell(2, 2), cell(2, 3))))
    assert at(lines, 1, 1, "left") == "(" and at(lines, 1, 2, "left") == "("
    assert at(lines, 2, 2, "above") == "↓" and at(lines, 2, 3, "before") == "→"
    assert "arrow (r1c1 r1c2)→r2c2→r2c3" in legend


PATH = (cell(2, 2), cell(2, 3), cell(3, 3), cell(4, 2))  # right, down, then down-left through a corner


@pytest.mark.parametrize("line", [Whisper(PATH, 5), Renban(PATH), Palindrome(PATH), Zipper(PATH), Entropic(PATH),
                                  RegionSumLine(PATH), Modular(PATH), Nabner(PATH), Between(PATH), DoubleArrow(PATH),
                                  Lockout(PATH)])
def test_lines_are_drawn_as_their_path(line):
    lines, legend = drawn(line)
    assert at(lines, 2, 3, "before") == "═" and at(lines, 3, 3, "above") == "║" and at(lines, 4, 3, "corner") == "╱"
    ends = {"between line": "()", "double arrow": "()", "lockout line": "◇◇"}.get(line.kind, "  ").strip() or "  "
    first, last = f"{ends[0]}r2c2{ends[1]}".strip(), f"{ends[0]}r4c2{ends[1]}".strip()
    assert f" {line.kind} {first}→r2c3→r3c3→{last}" in legend
    assert at(lines, 2, 2, "left") + at(lines, 4, 2, "right") == ends
    assert any(LINE_STYLES[0] in style for style in styles_of(line))


def test_lines_crossing_on_a_corner_make_a_cross_and_dots_win_a_shared_wall():
    one, two = Renban((cell(1, 1), cell(2, 2))), Renban((cell(1, 2), cell(2, 1)))
    lines, _ = drawn(one, two, Whisper((cell(5, 5), cell(5, 6)), 5), Kropki(cell(5, 5), cell(5, 6), "black"))
    assert at(lines, 2, 2, "corner") == "╳" and at(lines, 5, 6, "before") == "●"


# ---- cell clues ------------------------------------------------------------------------------

def test_parity_and_extremum_cells_are_marked_left_of_the_digit():
    lines, legend = drawn(Parity(cell(1, 1), True), Parity(cell(1, 2), False), Extremum(cell(5, 5), True),
                          Extremum(cell(9, 9), False))
    assert [at(lines, r, c, "left") for r, c in ((1, 1), (1, 2), (5, 5), (9, 9))] == ["◯", "□", "▲", "▼"]
    for words in ("◯ odd", "□ even", "▲ higher than its neighbours", "▼ lower than its neighbours"):
        assert words in legend


def test_indexer_cells_are_marked_by_the_line_they_index():
    lines, legend = drawn(Indexer((cell(1, 1), cell(5, 1)), "column"), Indexer((cell(3, 3),), "row"))
    assert [at(lines, r, c, "left") for r, c in ((1, 1), (5, 1), (3, 3))] == ["↔", "↔", "↕"]
    assert "↔ column indexer" in legend and "↕ row indexer" in legend


def test_a_cell_clue_moves_right_of_the_digit_when_the_left_is_taken():
    lines, _ = drawn(Clone((cell(1, 1),), (cell(5, 5),)), Parity(cell(1, 1), True), Extremum(cell(5, 5), True))
    assert at(lines, 1, 1, "left") + at(lines, 1, 1, "digit") + at(lines, 1, 1, "right") == "≡·◯"
    assert at(lines, 5, 5, "right") == "▲"
    lines, _ = drawn(Thermometer((cell(1, 1), cell(1, 2))), Parity(cell(1, 1), True))
    assert at(lines, 1, 1, "left") + at(lines, 1, 1, "right") == "◯)"  # both sides taken: the clue wins the left


def test_clones_are_marked_on_a_background_of_their_own():
    clone = Clone((cell(1, 1), cell(1, 2)), (cell(5, 5), cell(5, 6)))
    lines, legend = drawn(clone)
    assert [at(lines, r, c, "left") for r, c in ((1, 1), (1, 2), (5, 5), (5, 6))] == ["≡"] * 4
    assert "≡· clone r1c1 r1c2 = r5c5 r5c6" in legend
    assert any(LINE_STYLES[0] in style for style in styles_of(clone))


def test_a_quadruple_sits_on_its_corner_and_lists_its_digits():
    lines, legend = drawn(Quadruple((cell(4, 4), cell(4, 5), cell(5, 4), cell(5, 5)), (1, 2, 2)))
    assert at(lines, 5, 5, "corner") == "◎" and "◎ quadruple r4c4-r5c5: 1 2 2" in legend


def test_marks_on_a_diagonal_cell_keep_the_diagonal_where_they_leave_room():
    from puzzlesat.sudoku.model.constraints import diagonals

    lines, _ = drawn(*diagonals(9, "-"), Parity(cell(1, 1), True))
    assert at(lines, 1, 1, "left") == "◯" and at(lines, 1, 1, "right") == "╲" and at(lines, 2, 2, "left") == "╲"


# ---- clues beside the grid -------------------------------------------------------------------

def test_outside_clues_sit_in_a_margin_and_are_named_in_the_legend():
    row3 = tuple(cell(3, col) for col in range(1, 10))
    column5_up = tuple(cell(row, 5) for row in range(9, 0, -1))
    column2_down = tuple(cell(row, 2) for row in range(1, 10))
    text = grid(Puzzle(SHAPE, (0,) * 81), rules=constrained_rules(SHAPE, [
        Sandwich(row3, 15), XSum(tuple(reversed(row3)), 11), Skyscraper(column2_down, 3), XSum(column5_up, 12),
        LittleKiller(tuple(cell(1 + i, 2 + i) for i in range(8)), 40)])).plain
    lines = text.splitlines()
    margin = 3  # the longest clue and a space
    assert lines[0][margin + 4 * 1 + 2] == "3"  # above column 2, over its digits
    assert lines[0][margin:margin + 4].strip() == "40"  # above column 1, diagonally before r1c2
    assert lines[6].startswith("15 ┃") and lines[6].endswith("┃ 11")
    assert lines[20].strip() == "12" and lines[20].index("12") in (margin + 4 * 4 + 1, margin + 4 * 4 + 2)
    legend = "\n".join(lines[21:])
    for words in ("sandwich 15 on row 3", "x-sum 11 on row 3 from the right", "skyscraper 3 on column 2 from the top",
                  "x-sum 12 on column 5 from the bottom", "little killer 40 r1c2↘r8c9"):
        assert words in legend
    assert all(cell_len(line) <= 80 for line in lines)


# ---- not drawn, sizes, cache, colour -------------------------------------------------------

def test_groups_drawn_and_not_drawn():
    extra = Distinct((cell(1, 1), cell(1, 2), cell(2, 1)), "extra region")
    lines, legend = drawn(extra, anti_king(9))
    assert at(lines, 1, 1, "left") + at(lines, 1, 1, "right") == "{}" and "{ } extra regions" in legend
    assert "anti-king: no repeat a king's move apart (not drawn)" in legend


def test_unknown_constraints_are_named_as_not_drawn():
    class Odd(Parity):
        pass

    lines, legend = drawn(Odd(cell(1, 1), True), Kropki(cell(5, 5), cell(5, 6), "white"))
    assert "odd cell: not drawn" in legend


EVERYTHING = (
    Thermometer((cell(1, 1), cell(1, 2), cell(1, 3), cell(2, 4))), Arrow((cell(3, 3),), (cell(4, 3), cell(5, 3))),
    Kropki(cell(2, 1), cell(2, 2), "white"), XV(cell(5, 5), cell(5, 6), 10), Whisper((cell(2, 6), cell(2, 7)), 5),
    Parity(cell(6, 6), True), Extremum(cell(7, 7), True), Killer((cell(4, 5), cell(4, 6)), 9),
    Quadruple((cell(8, 7), cell(8, 8), cell(9, 7), cell(9, 8)), (1, 2)), Sandwich(tuple(range(18, 27)), 15),
    Clone((cell(1, 8),), (cell(3, 8),)), Negative("white", ()))


@pytest.mark.parametrize("side", [4, 6, 9, 16])
def test_grids_with_marks_are_rectangles_within_80_columns(side):
    shape = Shape.of_side(side)
    constraints = (Thermometer((0, 1, side + 2)), Kropki(side, side + 1, "black"), Killer((side * side - 1,), 4))
    text = grid(Puzzle(shape, (0,) * shape.cells), rules=constrained_rules(shape, constraints)).plain
    board = text.splitlines()[:2 * side + 1]
    assert {cell_len(line) for line in board} == {4 * side + 1}
    assert all(cell_len(line) <= 80 for line in text.splitlines())


def test_everything_at_once_fits_80_columns_and_is_drawn_once_per_rules():
    rules = constrained_rules(SHAPE, EVERYTHING)
    text = grid(Puzzle(SHAPE, (0,) * 81), rules=rules).plain
    assert all(cell_len(line) <= 80 for line in text.splitlines())
    assert variant_look(rules) is variant_look(constrained_rules(SHAPE, EVERYTHING))


def test_marks_are_characters_so_a_pipe_shows_them_and_a_terminal_colours_them():
    rules = constrained_rules(SHAPE, EVERYTHING)
    for colour in (False, True):
        stream = io.StringIO()
        Console(file=stream, force_terminal=colour, color_system="256" if colour else None, width=80).print(
            grid(Puzzle(SHAPE, (0,) * 81), rules=rules))
        output = stream.getvalue()
        assert ("\x1b" in output) == colour and all(mark in output for mark in "(<→○X═◯▲◎≡")


# ---- lines without colour, colours with contrast -------------------------------------------------

import re  # noqa: E402
from collections import Counter  # noqa: E402
from pathlib import Path  # noqa: E402

from rich.color import Color  # noqa: E402
from rich.style import Style  # noqa: E402

from puzzlesat.sudoku.reading.links import read_link  # noqa: E402

CROWDED = ["hay-fever", "jumbled-joy", "tangled-arrows", "159-arrows", "cloneways-game-of-life", "slow-thermo"]
VARIANTS = Path(__file__).resolve().parents[2] / "puzzles" / "variants"
PATHED = ("Thermometer", "Arrow", "Clone", "Between", "DoubleArrow", "Lockout", "Whisper", "Renban", "RegionSumLine",
          "Palindrome", "Zipper", "Entropic", "Modular", "Nabner")


def crowded(stem: str):
    """(the variant of a shipped crowded puzzle, its stated solution)."""
    lines = (VARIANTS / f"{stem}.txt").read_text(encoding="utf-8").splitlines()
    payload = next(line.strip() for line in lines if line.strip() and not line.startswith("#"))
    stated = next(line.split(":", 1)[1].strip() for line in lines if line.startswith("# solution:"))
    return read_link(payload), tuple(int(n) for n in stated)


def legend_names(constraints) -> list:
    """(the legend's name of each line-like constraint, the constraint): 'thermometer 2' when its kind comes more
    than once."""
    counts, seen, named = Counter(c.kind for c in constraints), Counter(), []
    for constraint in constraints:
        seen[constraint.kind] += 1
        if type(constraint).__name__ in PATHED:
            number = f" {seen[constraint.kind]}" if counts[constraint.kind] > 1 else ""
            named.append((constraint.kind + number, constraint))
    return named


def cells_of_path(text: str) -> list:
    """The cells (0-based (row, col)) a legend path names: its ends and turns, the straight stretches between them
    filled in; a circle '(r1c1 r1c2)' as its cells."""
    cells = []
    for stop in text.split("→"):
        found = [(int(r) - 1, int(c) - 1) for r, c in re.findall(r"r(\d+)c(\d+)", stop)]
        if cells and len(found) == 1:
            (r0, c0), (r1, c1) = cells[-1], found[0]
            steps = max(abs(r1 - r0), abs(c1 - c0))
            assert r1 == r0 or c1 == c0 or abs(r1 - r0) == abs(c1 - c0), f"not straight: {stop} in {text}"
            cells.extend((r0 + (r1 - r0) * i // steps, c0 + (c1 - c0) * i // steps) for i in range(1, steps))
        cells.extend(found)
    return cells


@pytest.mark.parametrize("stem", CROWDED)
def test_without_colour_every_line_in_the_legend_can_be_located(stem):
    variant, solution = crowded(stem)
    text = grid(variant, solution, variant.rules).plain  # what a file or NO_COLOR shows: no colour at all
    legend = "\n".join(text.splitlines()[19:]).replace("\n   ", " ")  # (a long entry goes on indented)

    def cell(position):
        return position[0] * 9 + position[1]

    for name, constraint in legend_names(variant.rules.constraints):
        found = re.search(re.escape(f" {name} ") + r"(.+?)(?=   |$)", legend, re.MULTILINE)
        assert found, f"{name} is not in the legend"
        where = found.group(1)
        kind = type(constraint).__name__
        if kind == "Arrow":
            circle, _, shaft = where.partition(")→")
            assert [cell(p) for p in cells_of_path(circle)] == list(constraint.circle)
            start = min(constraint.circle, key=lambda c: abs(c // 9 - constraint.shaft[0] // 9) +
                        abs(c % 9 - constraint.shaft[0] % 9))
            path = cells_of_path(f"r{start // 9 + 1}c{start % 9 + 1}→{shaft}")
            assert [cell(p) for p in path[1:]] == list(constraint.shaft), name
        elif kind == "Clone":
            cells, _, copy = where.partition(" = ")
            assert [cell(p) for p in cells_of_path(cells)] == list(constraint.cells)
            assert [cell(p) for p in cells_of_path(copy)] == list(constraint.copy)
        else:
            assert [cell(p) for p in cells_of_path(where)] == list(constraint.cells), name
        if kind == "Thermometer":
            assert where.startswith("(r"), "the bulb is marked"


def backgrounds(variant, solution) -> dict:
    """Each cell's background in the colour grid (None: none) and its digit's colour."""
    rendered = grid(variant, solution, variant.rules)
    console = Console(color_system="256", width=80)
    lines = [[]]
    for segment in rendered.render(console):
        for ch in segment.text:
            if ch == "\n":
                lines.append([])
            else:
                lines[-1].append((ch, segment.style or Style()))
    return {row * 9 + col: lines[2 * row + 1][4 * col + 2][1] for row in range(9) for col in range(9)}


def contrast(style: Style) -> float:
    """The WCAG 2 contrast ratio between a style's colour and its background (0 when either is the terminal's
    own, which may be anything)."""
    if style.color is None or style.bgcolor is None:
        return 0.0

    def luminance(color: Color) -> float:
        def channel(value: int) -> float:
            value /= 255
            return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

        red, green, blue = map(channel, color.get_truecolor())
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue

    light, dark = sorted((luminance(style.color), luminance(style.bgcolor)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("stem", CROWDED)
def test_digits_on_a_line_keep_a_contrast_of_4_5_and_touching_lines_differ(stem):
    variant, solution = crowded(stem)
    for values in (solution, None):  # filled digits (cyan) and givens (bold)
        styles = backgrounds(variant, values)
        low = {cell: round(contrast(style), 2) for cell, style in styles.items()
               if style.bgcolor is not None and (values or variant.values[cell]) and contrast(style) < 4.5}
        assert not low, f"digits with too little contrast: {low}"
    styles = backgrounds(variant, solution)
    named = [constraint for _, constraint in legend_names(variant.rules.constraints)]
    cells = [set(getattr(c, "circle", ())) | set(getattr(c, "shaft", ())) | set(getattr(c, "cells", ()))
             | set(getattr(c, "copy", ())) for c in named]
    owners = Counter(cell for group in cells for cell in group)
    for a, b in [(a, b) for a in range(len(named)) for b in range(a + 1, len(named))]:
        touching = any(abs(x // 9 - y // 9) <= 1 and abs(x % 9 - y % 9) <= 1 for x in cells[a] for y in cells[b])
        own_a = [styles[cell].bgcolor for cell in cells[a] if owners[cell] == 1]
        own_b = [styles[cell].bgcolor for cell in cells[b] if owners[cell] == 1]
        if touching and own_a and own_b:
            assert own_a[0] != own_b[0], f"{named[a]} and {named[b]} touch and share a colour"

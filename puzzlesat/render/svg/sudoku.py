"""Sudoku pictures as SVG: a grid (givens and found digits told apart without colour, pencil marks, regions, every
variant constraint as SudokuPad draws it), a step of a hint or an explanation on the candidates it starts from (as
HoDoKu draws it), two solutions side by side with the cells where they differ marked; each with its text above and
a legend under it. Every digit, number and word is `<text>`: selectable, searchable, read by screen readers.

>>> from puzzlesat.sudoku import parse
>>> puzzle = parse("4...1.3.2..3.1..")
>>> svg = grid_svg(puzzle, values=(4, 3, 2, 1, 1, 2, 3, 4, 2, 4, 1, 3, 3, 1, 4, 2), lines=["a 4x4"])
>>> svg.count('class="given"'), svg.count('class="found"'), "a 4x4" in svg
(6, 10, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, FrozenSet, Optional, Sequence, Tuple

from puzzlesat.render.svg.sheet import LINE_GAP, PAD, SMALL_SIZE, TEXT_SIZE, Sheet
from puzzlesat.render.svg.sudoku_board import (FAINT, FOUND_INK, GIVEN_FILL, HEAVY_WIDTH, INK, GridPlan, Pen,
                                               board_for, digits, marks_group, pencil_marks, walls)
from puzzlesat.render.svg.sudoku_marks import Legend, draw_constraints, margins
from puzzlesat.render.svg.sudoku_steps import draw_step, placed_cells, skipped
from puzzlesat.render.svg.wrap import wrap

MIN_WIDTH = 480.0  # a small grid's picture is at least this wide, for its text
GAP = 36.0  # between two grids side by side
SAMPLE_CELL = 34.0  # the cells a legend's samples are drawn in
DIFFER = "#d06000"
CAGE_INSET = 0.1  # pencil marks this far (in cells) inside a cell on a grid with killer cages


@dataclass(frozen=True)
class Frame:
    """One grid to draw: the puzzle, `values` filling its blanks, its `rules` (regions and constraints),
    `pencil` marks (a bit mask per cell) and what they mean, a `heading` above it, `marked` cells (outlined: where
    two solutions differ, or what the solver filled) and what the marks mean, a `step` drawn on it (as much as
    `reveal` shows), a small `corner` label per cell (the step that filled it), and `doubtful` candidates (left by
    logic, in no solution)."""

    puzzle: object
    values: Optional[Sequence[int]] = None
    rules: object = None
    pencil: Optional[Sequence[int]] = None
    pencil_words: str = "small digits: the candidates"
    heading: Optional[str] = None
    marked: FrozenSet[int] = frozenset()
    marked_words: str = "thick outline: where the two solutions differ"
    step: object = None
    reveal: str = "step"
    corner: Dict[int, str] = field(default_factory=dict)
    corner_words: str = ""
    doubtful: FrozenSet[Tuple[int, int]] = frozenset()

    @property
    def constraints(self) -> tuple:
        """The rules' variant constraints."""
        return self.rules.constraints if self.rules is not None else ()

    @property
    def regions(self) -> tuple:
        """The irregular regions, or the boxes."""
        if self.rules is not None and self.rules.regions is not None:
            return self.rules.regions
        return self.puzzle.shape.boxes

    def shown_pencil(self) -> Optional[list]:
        """The pencil marks to draw: the frame's, or a link's given pencil marks; a placed cell's left out."""
        pencil = list(self.pencil) if self.pencil is not None else given_pencil_marks(self.constraints,
                                                                                       self.puzzle.shape.cells)
        if pencil is None:
            return None
        for cell in placed_cells(self.step, self.reveal) if self.step is not None else ():
            pencil[cell] = 0
        return pencil


def cage_room(constraints: Sequence) -> tuple:
    """The pencil marks' inset and the cells with a cage sum in their corner (none without cages)."""
    cages = [c for c in constraints if type(c).__name__ in ("Killer", "MultiSumKiller")]
    if not cages:
        return ()
    labelled = frozenset(min(c.cells) for c in cages if getattr(c, "total", None) is not None or
                         getattr(c, "totals", None))
    return CAGE_INSET, labelled


def given_pencil_marks(constraints: Sequence, cells: int) -> Optional[list]:
    """A link's given pencil marks as a mask per cell (None: it has none)."""
    marks = [c for c in constraints if type(c).__name__ == "PencilMarks"]
    if not marks:
        return None
    pencil = [0] * cells
    for constraint in marks:
        pencil[constraint.cell] = sum(1 << (digit - 1) for digit in constraint.digits)
    return pencil


def draw_frame(canvas, frame: Frame, board: GridPlan, legend: Legend) -> None:
    """One grid and everything on it."""
    puzzle = frame.puzzle
    pen = Pen.on(canvas, board, alphabet=puzzle.alphabet, class_="board")
    walls(pen, frame.regions)
    draw_constraints(pen, frame.constraints, legend)
    pencil = frame.shown_pencil()
    skip = set(frame.doubtful)
    if frame.step is not None:
        skip |= skipped(frame.step, frame.reveal)
    digits(pen, puzzle, frame.values, pencil, skip)
    for cell, digit in sorted(frame.doubtful):
        doubt(pen, cell, digit)
    if frame.step is not None:
        draw_step(pen, frame.step, legend, pencil or (), frame.reveal)
    for cell in sorted(frame.marked):
        mark(pen, cell)
    for cell, label in frame.corner.items():
        corner(pen, cell, label)


def doubt(pen: Pen, cell: int, digit: int) -> None:
    """A candidate logic leaves but no solution has: grey, in a dashed ring."""
    from puzzlesat.render.svg.sudoku_steps import mark_text, slot_radius

    pen.canvas.circle(pen.board.slot(cell, digit), slot_radius(pen), parent=pen.group("over", class_="doubtful"),
                      fill="none", stroke=INK, stroke_width=0.025 * pen.c,
                      stroke_dasharray=f"{0.05 * pen.c:.2f} {0.04 * pen.c:.2f}")
    mark_text(pen, pen.group("digits"), cell, digit, fill="#8a8a8a")


def mark(pen: Pen, cell: int) -> None:
    """A cell outlined thick (and its corners cut), to be told apart."""
    c = pen.c
    x, y = pen.board.origin(cell)
    inset = 0.07 * c
    group = pen.group("over", class_="marked")
    pen.canvas.rect(x + inset, y + inset, c - 2 * inset, c - 2 * inset, parent=group, fill="none", stroke=DIFFER,
                    stroke_width=0.09 * c)
    pen.canvas.polygon([(x, y), (x + 0.3 * c, y), (x, y + 0.3 * c)], parent=group, fill=DIFFER)


def corner(pen: Pen, cell: int, label: str) -> None:
    """A small label in a cell's top right corner."""
    c = pen.c
    x, y = pen.board.origin(cell)
    size = 0.22 * c
    pen.canvas.text(x + c - 0.06 * c, y + size + 0.04 * c, label, size, anchor="end", parent=pen.group("over"),
                    fill=FAINT, class_="corner")


# ---- the legend's own entries ----------------------------------------------------------------------------


def key_entries(frames: Sequence[Frame], legend: Legend) -> None:
    """What the digits, regions and marks themselves mean, before the constraints' entries."""
    frame = frames[0]
    puzzle = frame.puzzle
    founds = any(f.values and any(v and not g for v, g in zip(f.values, puzzle.values)) for f in frames)
    pencil = any(any(f.shown_pencil() or ()) for f in frames)
    if any(puzzle.values) and (founds or pencil):
        legend.add("bold upright on grey: a given", lambda mini: sample_digit(mini, True))
    if founds:
        legend.add("blue italic: a digit found", lambda mini: sample_digit(mini, False))
    if pencil and frame.pencil is not None:
        legend.add(frame.pencil_words, sample_marks)
    if frame.rules is not None and frame.rules.regions is not None:
        legend.add("heavy lines: the regions, each holding every digit once", sample_wall)
    if any(f.marked for f in frames):
        legend.add(frame.marked_words, lambda mini: mark(mini, 0))
    if any(f.doubtful for f in frames):
        legend.add("grey in a dashed ring: left by logic, though no solution has it")
    if frame.corner_words and any(f.corner for f in frames):
        legend.add(frame.corner_words)


def sample_digit(pen: Pen, given: bool) -> None:
    """A given or a found digit in a cell, for the legend."""
    c = pen.c
    x, y = pen.board.origin(0)
    pen.canvas.rect(x, y, c, c, parent=pen.layer("fills"), fill=GIVEN_FILL if given else "#ffffff",
                    stroke="#8c8c8c", stroke_width=1.0)
    size = pen.board.digit_size
    style = {"fill": INK, "font_weight": "bold"} if given else {"fill": FOUND_INK, "font_style": "italic"}
    pen.canvas.text(x + c / 2, y + c / 2 + size * 0.36, "5", size, parent=pen.layer("digits"), **style)


def sample_marks(pen: Pen) -> None:
    """Pencil marks in a cell, for the legend."""
    pencil_marks(pen, marks_group(pen), pen.alphabet, 0, 0b111)


def sample_wall(pen: Pen) -> None:
    """A heavy wall between two cells, for the legend."""
    x, y = pen.board.origin(1)
    pen.canvas.line((x, y), (x, y + pen.c), parent=pen.layer("walls"), stroke=INK, stroke_width=HEAVY_WIDTH * pen.c)


def draw_legend(sheet: Sheet, legend: Legend, alphabet) -> None:
    """Each entry on a line (or more): its sample in two small cells, then its words."""
    indent = 2 * SAMPLE_CELL + 10
    for words, sample in legend.entries.items():
        lines = wrap(words, SMALL_SIZE, sheet.width - 2 * PAD - indent)
        height = max(SAMPLE_CELL + 6, len(lines) * SMALL_SIZE * LINE_GAP + 6)

        def draw(canvas, top, lines=lines, sample=sample, height=height):
            if sample is not None:
                mini = GridPlan(2, SAMPLE_CELL, PAD, top + (height - SAMPLE_CELL) / 2 - 3)
                sample(Pen.on(canvas, mini, alphabet=alphabet, class_="sample"))
            first = top + (height - len(lines) * SMALL_SIZE * LINE_GAP) / 2 - 3
            for index, text in enumerate(lines):
                canvas.text(PAD + indent, first + SMALL_SIZE + index * SMALL_SIZE * LINE_GAP, text, SMALL_SIZE,
                            anchor="start", fill=INK)

        sheet.add(height, draw)


# ---- whole pictures --------------------------------------------------------------------------------------


def sheet_of(frames: Sequence[Frame], lines: Sequence[str] = (), notes: Sequence[str] = (),
             title: str = "Sudoku") -> Sheet:
    """Frames side by side under `lines` of text (the first in bold), the legend and `notes` under them."""
    puzzle = frames[0].puzzle
    side = puzzle.shape.side
    chars = max(len(str(symbol)) for symbol in puzzle.alphabet)
    pencil = any(frame.shown_pencil() is not None or frame.step is not None for frame in frames)
    board = board_for(side, chars, pencil, *cage_room(frames[0].constraints) if pencil else ())
    top, right, bottom, left = (m * board.cell + HEAVY_WIDTH * board.cell for m in margins(frames[0].constraints,
                                                                                          side))
    frame_width = left + board.size + right
    width = max(MIN_WIDTH, len(frames) * frame_width + (len(frames) - 1) * GAP + 2 * PAD)
    sheet = Sheet(width, title)
    for index, text in enumerate(lines):
        sheet.text(text, TEXT_SIZE if index == 0 else SMALL_SIZE, bold=index == 0)
    sheet.space(6)
    start = (width - (len(frames) * frame_width + (len(frames) - 1) * GAP)) / 2
    if any(frame.heading for frame in frames):
        sheet.add(TEXT_SIZE * LINE_GAP, lambda canvas, y: [
            canvas.text(start + i * (frame_width + GAP) + left, y + TEXT_SIZE, frame.heading or "", TEXT_SIZE,
                        anchor="start", font_weight="bold") for i, frame in enumerate(frames)])
    legend = Legend()
    key_entries(frames, legend)

    def draw(canvas, y):
        for i, frame in enumerate(frames):
            draw_frame(canvas, frame, board.at(start + i * (frame_width + GAP) + left, y + top), legend)

    sheet.add(top + board.size + bottom + 8, draw)
    draw_legend(sheet, legend, puzzle.alphabet)
    for note in notes:
        sheet.space(4)
        sheet.text(note, SMALL_SIZE)
    return sheet


def grid_svg(puzzle, values: Optional[Sequence[int]] = None, rules=None, pencil: Optional[Sequence[int]] = None,
             lines: Sequence[str] = (), notes: Sequence[str] = (), title: str = "Sudoku", **more) -> str:
    """One grid as an SVG document: `lines` of text above it, the grid (`values` filling the blanks, `pencil`
    marks in the open cells, the `rules`' regions and constraints; `more` as Frame takes it), the legend and
    `notes` under it."""
    return sheet_of([Frame(puzzle, values, rules, pencil, **more)], lines, notes, title).finish()


def pair_svg(puzzle, first: Sequence[int], second: Sequence[int], rules=None, lines: Sequence[str] = (),
             notes: Sequence[str] = (), title: str = "Sudoku: two solutions",
             headings: Tuple[str, str] = ("one solution", "another")) -> str:
    """Two solutions side by side, the cells where they differ outlined in both."""
    differ = frozenset(cell for cell, (a, b) in enumerate(zip(first, second)) if a != b)
    frames = [Frame(puzzle, first, rules, heading=headings[0], marked=differ),
              Frame(puzzle, second, rules, heading=headings[1], marked=differ)]
    return sheet_of(frames, lines, notes, title).finish()


def step_svg(puzzle, values: Sequence[int], candidates: Sequence[int], step, rules=None, lines: Sequence[str] = (),
             notes: Sequence[str] = (), title: str = "Sudoku step", reveal: str = "step") -> str:
    """A step drawn on the position it starts from: the values placed so far, the candidates (a mask per cell) in
    every open cell."""
    pencil = [0 if value else mask for value, mask in zip(values, candidates)]
    frame = Frame(puzzle, values, rules, pencil, step=step, reveal=reveal)
    return sheet_of([frame], lines, notes, title).finish()

"""Minesweeper boards as SVG pictures: an analysed position with its mine chances, and a move of a replayed game;
and their sections of an HTML page.

Nothing is told by colour alone, so that a picture reads printed in black and white:
- a revealed number is its digit as text, bold, in its classic colour (1 blue, 2 green, 3 red, 4 navy, ...); an
  empty revealed cell is flat, light and bare;
- a hidden cell is raised (a light top-left edge, a dark bottom-right one); when the total is known its mine chance
  is written in it (`12` for 12%, or `1/3` on a small board whose chances all have small denominators) and its fill
  comes from one scale, light yellow to dark red, whose lightness falls as the chance grows (greyscale keeps the
  order; the legend shows the scale), with dark ink on light fills and white on dark ones;
- certainly safe: a check mark; certainly a mine: a mine, white on the darkest fill; a flag: a flag;
- the recommended move (the strategy's, with advice; in a replay, the cell just opened): a thick outline and a star;
- conflicting numbers: a dashed ring on a pink fill;
- once a game is over its mines are shown, the one that went off on red.
Each hidden cell of an analysis has a tooltip (its <title>) with its exact chance. Sizes are in the viewBox, CELL
units a cell, so an expert board (30x16) is 960 units of cells wide and a 30x24 board as wide. How each cell is
drawn is render.svg.mines_cells; this module lays out the pictures, their legends and the page's sections.

>>> from puzzlesat.mines import analyze, parse_board
>>> board = parse_board("# mines: 2\\n1??\\n12?\\n.1?")
>>> svg = board_picture(board, analyze(board), "a 3x3 board")
>>> ">1/2<" in svg and "certainly safe" in svg and svg.startswith("<svg")
True
"""

from __future__ import annotations

import textwrap
from typing import Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple
from xml.etree.ElementTree import SubElement

from puzzlesat.mines.analysis import Analysis
from puzzlesat.mines.board import FLAG, HIDDEN, MINE, Board, Position
from puzzlesat.mines.simulation import Frame
from puzzlesat.render.mines_text import DETAIL, MOVE, NOTE, Advised, move_words, summary_texts
from puzzlesat.render.svg.canvas import Canvas
from puzzlesat.render.svg.mines_cells import (
    CELL,
    CERTAIN_MINE,
    EXPLODED_FILL,
    FAINT,
    FLAGGED,
    GRID,
    HIDDEN_FILL,
    NUMBER,
    RAISED,
    REVEALED_FILL,
    SAFE,
    SHADOW,
    SHOWN_MINE,
    Look,
    chance_fill,
    chance_label,
    corner,
    draw_cells,
    ink_on,
    short,
)
from puzzlesat.render.svg.page import Section, Slide

MARGIN = 16.0
LABEL = 22.0  # room for the row and column numbers
MIN_WIDTH = 640.0  # a small board's picture still has room for its legend and its lines of text
TITLE_SIZE, TEXT_SIZE, LEGEND_SIZE, LABEL_SIZE = 16.0, 13.0, 12.0, 10.0
CHAR_WIDTH = 0.6  # a character's width in ems, on the wide side, to wrap lines of text before they overflow
LEGEND_CHANCES = tuple(range(0, 101, 10))  # the swatches of the scale, in %
FRACTION_CELLS, FRACTION_DENOMINATOR = 100, 12  # chances as fractions on boards this small, when all are this plain
SMALL_BOARD_COLUMNS, LARGEST_SCALE = 8, 2.0  # a narrower board is drawn larger: as wide as this many cells, at most 2x



DEAD_MARK, FIFTY_MARK = "-", "="  # after a chance, as the terminal writes them (render.mines)
SPOT_WORDS = {DEAD_MARK: ", dead: opening it teaches nothing", FIFTY_MARK: ", one of an unavoidable 50/50 (one mine)"}


class Grid(NamedTuple):
    """Where the board's cells are: the top-left corner of cell (0, 0) and the board's size in cells."""

    left: float
    top: float
    columns: int
    rows: int
    scale: float = 1.0  # the cells' size against CELL (small boards are drawn larger: board_scale)

    @property
    def width(self) -> float:
        return self.columns * CELL * self.scale

    @property
    def height(self) -> float:
        return self.rows * CELL * self.scale


def board_scale(columns: int) -> float:
    """How much larger than CELL a board's cells are drawn: a board narrower than SMALL_BOARD_COLUMNS as wide as
    that many cells (at most LARGEST_SCALE times), so that a 3x3 is not a thumbnail beside its legend."""
    return min(LARGEST_SCALE, max(1.0, SMALL_BOARD_COLUMNS / columns))


def uses_fractions(board: Board, analysis: Analysis) -> bool:
    """Chances as fractions: on a small board whose chances all have small denominators."""
    if analysis.probabilities is None or board.width * board.height > FRACTION_CELLS:
        return False
    return all(p is None or p.denominator <= FRACTION_DENOMINATOR for row in analysis.probabilities for p in row)


# ---- the pictures ----------------------------------------------------------------------------------------------


def board_picture(board: Board, analysis: Analysis, heading: Optional[str] = None,
                  advised: Optional[Advised] = None) -> str:
    """An analysed board: its cells with their chances and marks, the recommended move (the strategy's with
    `advised`), the summary in words and a legend."""
    fractions = uses_fractions(board, analysis)
    looks = analysis_looks(board, analysis, fractions)
    move = analysis.best if advised is None else advised.marked(analysis)
    said = [line.text for line in summary_texts(board, analysis, advised=advised)]
    legend = _legend_entries(looks, move, "recommended move")
    scale = _scale_note(fractions) if analysis.probabilities is not None else None
    return _picture(Grid(0, 0, board.width, board.height), looks, move, heading, said, legend, scale)


def move_picture(frame: Frame, heading: Optional[str] = None) -> str:
    """A move of a replayed game: the board after it, the cell opened marked, the move in words; once the game is
    over, its mines."""
    looks = frame_looks(frame)
    said = ["".join(text for text, _ in move_words(frame.record()))]
    legend = _legend_entries(looks, frame.move.cell, "the cell this move opened")
    return _picture(Grid(0, 0, len(frame.rows[0]), len(frame.rows)), looks, frame.move.cell, heading, said, legend)


def error_picture(message: str, heading: Optional[str] = None) -> str:
    """A record that could not be read or answered: what is wrong, in words."""
    lines = _wrap(message, MIN_WIDTH - 2 * MARGIN, TEXT_SIZE)
    height = MARGIN * 2 + (TITLE_SIZE * 1.5 if heading else 0) + TEXT_SIZE * 1.5 * len(lines)
    canvas = Canvas(MIN_WIDTH, height, title=heading or message)
    canvas.rect(0, 0, MIN_WIDTH, height, fill="#ffffff")
    y = MARGIN
    if heading:
        canvas.text(MARGIN, y + TITLE_SIZE, heading, size=TITLE_SIZE, anchor="start", font_weight="bold")
        y += TITLE_SIZE * 1.5
    for line in lines:
        canvas.text(MARGIN, y + TEXT_SIZE, line, size=TEXT_SIZE, anchor="start")
        y += TEXT_SIZE * 1.5
    return canvas.to_string()


# ---- sections of the HTML page -----------------------------------------------------------------------------


def board_section(heading: str, board: Board, analysis: Analysis, advised: Optional[Advised] = None) -> Section:
    """An analysed board on the page: its picture (the page gives its heading) and what the analysis found, as
    facts."""
    return Section(heading, board_picture(board, analysis, None, advised), analysis_facts(board, analysis, advised))


def game_section(heading: str, frames: Sequence[Frame]) -> Section:
    """A replayed game on the page: a walk-through, one picture a move."""
    last = frames[-1] if frames else None
    facts = () if last is None else (("state", f"{last.state} after {last.number} moves"),
                                     ("guesses", str(sum(frame.guess for frame in frames))))
    steps = tuple(Slide("".join(text for text, _ in move_words(frame.record())), move_picture(frame))
                  for frame in frames)
    return Section(heading, facts=facts, steps=steps)


def analysis_facts(board: Board, analysis: Analysis, advised: Optional[Advised] = None) -> Tuple[Tuple[str, str], ...]:
    """What the analysis found, as (name, value) pairs of plain text."""
    said = summary_texts(board, analysis, advised=advised)
    names = {MOVE: "conflict" if analysis.conflict is not None else "move", DETAIL: "details", NOTE: "note"}
    facts = [("status", said[0].text)]
    facts += [("certain safe", _cells(analysis.safe)), ("certain mines", _cells(analysis.mines))]
    facts += [(names[line.kind], line.text.strip()) for line in said[1:] if line.kind in names]
    if analysis.layouts is not None:
        facts.append(("layouts", str(analysis.layouts)))
    return tuple(facts)


def _cells(cells: Iterable[Position]) -> str:
    return " ".join(f"({r}, {c})" for r, c in cells) or "none"


# ---- what each cell is -----------------------------------------------------------------------------------------


def analysis_looks(board: Board, analysis: Analysis, fractions: bool) -> Dict[Position, Look]:
    """How each cell of an analysed board is drawn."""
    safe, mines, conflict = set(analysis.safe), set(analysis.mines), set(analysis.conflict or ())
    spots = dict.fromkeys(analysis.dead or (), DEAD_MARK)  # as the terminal marks them: a 50/50's mark wins
    for pair in analysis.fifty_fifties or ():
        spots.update(dict.fromkeys(pair, FIFTY_MARK))
    looks = {}
    for r in range(board.height):
        for c in range(board.width):
            cell, value = (r, c), board[r, c]
            where = f"row {r}, column {c}"
            if value == FLAG:
                looks[cell] = Look(FLAGGED, fill=HIDDEN_FILL, tip=f"{where}: a flag (counted as a mine)")
            elif value >= 0:
                tip = f"{where}: {value}" + (", one of the numbers that cannot all be true" if cell in conflict else "")
                looks[cell] = Look(NUMBER, value, conflict=cell in conflict, tip=tip)
            elif cell in safe:
                looks[cell] = Look(RAISED, fill=chance_fill(0.0), mark=SAFE, tip=f"{where}: certainly safe")
            elif cell in mines:
                looks[cell] = Look(RAISED, fill=chance_fill(1.0), mark=CERTAIN_MINE, tip=f"{where}: certainly a mine")
            elif analysis.probabilities is not None:
                p, spot = analysis.probabilities[r][c], spots.get(cell, "")
                looks[cell] = Look(RAISED, fill=chance_fill(float(p)), label=chance_label(p, fractions) + spot,
                                   tip=f"{where}: mine chance {p.numerator}/{p.denominator} ≈ {float(p):.1%}"
                                       + SPOT_WORDS.get(spot, ""))
            else:
                looks[cell] = Look(RAISED, fill=HIDDEN_FILL, tip=f"{where}: hidden, undecided")
    return looks


def frame_looks(frame: Frame) -> Dict[Position, Look]:
    """How each cell of a replayed game's board is drawn (no tooltips: a game has many pictures)."""
    looks = {}
    for r, row in enumerate(frame.rows):
        for c, value in enumerate(row):
            if value == HIDDEN:
                looks[r, c] = Look(RAISED, fill=HIDDEN_FILL)
            elif value == MINE:
                went_off = frame.move.exploded and frame.move.cell == (r, c)
                looks[r, c] = Look(SHOWN_MINE, fill=EXPLODED_FILL if went_off else REVEALED_FILL)
            else:
                looks[r, c] = Look(NUMBER, value)
    return looks


# ---- drawing ---------------------------------------------------------------------------------------------------


class LegendEntry(NamedTuple):
    """A sample cell and what it means."""

    look: Look
    moved: bool  # the sample carries the move's outline and star
    meaning: str


def _picture(grid: Grid, looks: Dict[Position, Look], move: Optional[Position], heading: Optional[str],
             said: Sequence[str], legend: Sequence[LegendEntry], scale: Optional[str] = None) -> str:
    """The whole picture, top to bottom: the heading, the first line of `said`, the board with its row and column
    numbers, the other lines of `said`, the scale (with `scale`, what its numbers are) and the legend."""
    grid = grid._replace(scale=board_scale(grid.columns))
    width = max(MIN_WIDTH, 2 * MARGIN + LABEL * grid.scale + grid.width)
    text_width = width - 2 * MARGIN
    head = ([(heading, TITLE_SIZE, "bold")] if heading else []) + [(line, TEXT_SIZE, "bold") for line in said[:1]]
    tail = [(line, TEXT_SIZE, _indent(text)) for text in said[1:]
            for line in _wrap(text, text_width - _indent(text), TEXT_SIZE)]
    head = [(line, size, weight) for text, size, weight in head for line in _wrap(text, text_width, size)]
    board_top = MARGIN + sum(size * 1.5 for _, size, _ in head) + LABEL * grid.scale
    grid = grid._replace(left=MARGIN + LABEL * grid.scale, top=board_top)
    rows = _legend_rows(legend, text_width)
    scale_height = 0.0 if scale is None else LEGEND_SIZE * 1.5 + CELL * 0.75 + LEGEND_SIZE * 2.2
    height = (board_top + grid.height + MARGIN * 0.75 + TEXT_SIZE * 1.5 * len(tail) + scale_height
              + (CELL + 8) * len(rows) + MARGIN)
    canvas = Canvas(width, height, title=heading or (said[0] if said else "Minesweeper board"),
                    description=" ".join(said) or None)
    canvas.rect(0, 0, width, height, fill="#ffffff")
    y = MARGIN
    for line, size, weight in head:
        canvas.text(MARGIN, y + size, line, size=size, anchor="start", font_weight=weight)
        y += size * 1.5
    _draw_board(canvas, grid, looks, move)
    y = grid.top + grid.height + MARGIN * 0.75
    for line, size, indent in tail:
        canvas.text(MARGIN + indent, y + size, line, size=size, anchor="start")
        y += size * 1.5
    if scale is not None:
        y = _draw_scale(canvas, MARGIN, y, scale)
    for row in rows:
        _draw_legend_row(canvas, MARGIN, y, row)
        y += CELL + 8
    return canvas.to_string()


def _wrap(text: str, width: float, size: float) -> List[str]:
    """A line of text broken at spaces into lines that fit `width` units."""
    return textwrap.wrap(text, max(10, int(width / (CHAR_WIDTH * size)))) or [""]


def _indent(text: str) -> float:
    """A line that starts with spaces (a detail of the line before) is drawn that far in (SVG drops them)."""
    return (len(text) - len(text.lstrip(" "))) * CHAR_WIDTH * TEXT_SIZE


def _draw_board(canvas: Canvas, grid: Grid, looks: Dict[Position, Look], move: Optional[Position]) -> None:
    """The board where `grid` puts it, with its row and column numbers."""
    zoom = f" scale({short(grid.scale)})" if grid.scale != 1 else ""
    board = canvas.group(class_="board", transform=f"translate({short(grid.left)} {short(grid.top)}){zoom}")
    grid = grid._replace(scale=1.0)  # (inside the group, cells are CELL units a side)
    canvas.rect(0, 0, grid.width, grid.height, parent=board, fill=REVEALED_FILL)
    draw_cells(canvas, board, looks, move)
    _draw_grid_lines(canvas, board, grid)
    _draw_tips(canvas, board, looks)
    _draw_numbers(canvas, board, grid)


def _draw_grid_lines(canvas: Canvas, parent, grid: Grid) -> None:
    lines = [f"M{short(c * CELL)} 0v{short(grid.height)}" for c in range(grid.columns + 1)]
    lines += [f"M0 {short(r * CELL)}h{short(grid.width)}" for r in range(grid.rows + 1)]
    canvas.path("".join(lines), parent=parent, fill="none", stroke=GRID, stroke_width=1.0)


def _draw_tips(canvas: Canvas, parent, looks: Dict[Position, Look]) -> None:
    """A tooltip over each cell that has one (what a screen reader says of it)."""
    tips = None
    for cell, look in looks.items():
        if not look.tip:
            continue
        if tips is None:
            tips = canvas.group(parent, fill="none", pointer_events="all")
        spot = canvas.group(tips)
        canvas.title(spot, look.tip)
        canvas.rect(*corner(cell), CELL, CELL, parent=spot)


def _draw_numbers(canvas: Canvas, parent, grid: Grid) -> None:
    """The column numbers above the board, the row numbers to its left (0-based, as JSON gives cells)."""
    columns = canvas.group(parent, fill=FAINT, font_size=LABEL_SIZE, text_anchor="middle")
    for c in range(grid.columns):
        SubElement(columns, "text", {"x": short((c + 0.5) * CELL), "y": "-6"}).text = str(c)
    rows = canvas.group(parent, fill=FAINT, font_size=LABEL_SIZE, text_anchor="end")
    for r in range(grid.rows):
        SubElement(rows, "text", {"x": "-5", "y": short((r + 0.5) * CELL + LABEL_SIZE * 0.36)}).text = str(r)


# ---- the legend ------------------------------------------------------------------------------------------------


def _scale_note(fractions: bool) -> str:
    return ("mine chance of each hidden cell, written in it as a fraction; the fill by its %:" if fractions else
            "mine chance of each hidden cell in %, written in it and shown by its fill:")


def _draw_scale(canvas: Canvas, x: float, y: float, note: str) -> float:
    """The scale of fills: a swatch for every tenth, each written like a cell; returns the y below it."""
    canvas.text(x, y + LEGEND_SIZE, note, size=LEGEND_SIZE, anchor="start")
    y += LEGEND_SIZE * 1.5
    side = CELL * 0.75
    for index, percent in enumerate(LEGEND_CHANCES):
        left = x + index * (side + 12)
        fill = chance_fill(percent / 100)
        canvas.rect(left, y, side + 12, side, class_="swatch", fill=fill, stroke=SHADOW, stroke_width=1.0)
        canvas.text(left + (side + 12) / 2, y + side / 2 + LEGEND_SIZE * 0.36, str(percent), size=LEGEND_SIZE,
                    fill=ink_on(fill))
    canvas.text(x, y + side + LEGEND_SIZE * 1.3, "0 and 100 only for certain cells, which carry a mark instead",
                size=LEGEND_SIZE * 0.9, anchor="start", fill=FAINT)
    return y + side + LEGEND_SIZE * 2.2


def _legend_entries(looks: Dict[Position, Look], move: Optional[Position], move_meaning: str) -> List[LegendEntry]:
    """A sample of every kind of cell the picture holds, and of the move's mark."""
    present = list(looks.values())
    entries = []
    if any(look.kind == NUMBER and look.value > 0 for look in present):
        entries.append(LegendEntry(Look(NUMBER, 1), False, "revealed number"))
    if any(look.kind == RAISED and not look.label and not look.mark for look in present):
        entries.append(LegendEntry(Look(RAISED, fill=HIDDEN_FILL), False, "hidden"))
    if any(look.mark == SAFE for look in present):
        entries.append(LegendEntry(Look(RAISED, fill=chance_fill(0.0), mark=SAFE), False, "certainly safe"))
    if any(look.mark == CERTAIN_MINE for look in present):
        entries.append(LegendEntry(Look(RAISED, fill=chance_fill(1.0), mark=CERTAIN_MINE), False,
                                   "certainly a mine"))
    for spot, words in SPOT_WORDS.items():
        spotted = next((look for look in present if look.label.endswith(spot)), None)
        if spotted is not None:  # its sample written as the board writes it: '50-', or '1/2-' where chances are fractions
            sample = "1/2" + spot if "/" in spotted.label else "50" + spot
            entries.append(LegendEntry(Look(RAISED, fill=chance_fill(0.5), label=sample), False, words[2:]))
    if any(look.kind == FLAGGED for look in present):
        entries.append(LegendEntry(Look(FLAGGED, fill=HIDDEN_FILL), False, "flag"))
    if any(look.conflict for look in present):
        entries.append(LegendEntry(Look(NUMBER, 3, conflict=True), False, "numbers that cannot all be true"))
    if any(look.kind == SHOWN_MINE and look.fill == REVEALED_FILL for look in present):
        entries.append(LegendEntry(Look(SHOWN_MINE), False, "mine (the game is over)"))
    if any(look.kind == SHOWN_MINE and look.fill == EXPLODED_FILL for look in present):
        entries.append(LegendEntry(Look(SHOWN_MINE, fill=EXPLODED_FILL), False, "the mine that went off"))
    if move is not None:
        entries.append(LegendEntry(Look(RAISED, fill=HIDDEN_FILL), True, move_meaning))
    return entries


def _legend_rows(entries: Sequence[LegendEntry], width: float) -> List[List[LegendEntry]]:
    """The entries in rows that fit `width`."""
    rows: List[List[LegendEntry]] = [[]]
    used = 0.0
    for entry in entries:
        size = _entry_width(entry)
        if rows[-1] and used + size > width:
            rows.append([])
            used = 0.0
        rows[-1].append(entry)
        used += size
    return [row for row in rows if row]


def _entry_width(entry: LegendEntry) -> float:
    return CELL + 8 + len(entry.meaning) * CHAR_WIDTH * LEGEND_SIZE + 20


def _draw_legend_row(canvas: Canvas, x: float, y: float, row: Sequence[LegendEntry]) -> None:
    """One row of the legend: each sample cell drawn as on the board, with a border, then its meaning."""
    for entry in row:
        sample = canvas.group(transform=f"translate({short(x)} {short(y)})")
        canvas.rect(0, 0, CELL, CELL, parent=sample, fill=REVEALED_FILL)
        draw_cells(canvas, sample, {(0, 0): entry.look}, (0, 0) if entry.moved else None)
        canvas.rect(0, 0, CELL, CELL, parent=sample, fill="none", stroke=GRID, stroke_width=1.0)
        canvas.text(x + CELL + 8, y + CELL / 2 + LEGEND_SIZE * 0.36, entry.meaning, size=LEGEND_SIZE, anchor="start")
        x += _entry_width(entry)

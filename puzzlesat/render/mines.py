"""Minesweeper analyses for the terminal: the board with certain cells, a probability heatmap, a legend.

Cells are drawn with the board's own symbols (puzzlesat.mines.board.SYMBOLS: `?` hidden, `F` flag, `.`
empty, digits), so a drawn row reads back in the friendly format; only the analysis adds marks of its own
(`S` certain safe, `M` certain mine, percentages, the recommended move, conflicting numbers, `-` a dead cell and
`=` a cell of an unavoidable 50/50 in place of `?` or of the `%` of its chance), and the legend says what they are. With a strategy's advice (`mines analyze --strategy`, the hints of `mines play`) the
marked move is the strategy's and the summary says why; a game's cursor is drawn as `<12>` (and underlined).
The summary comes as kinded lines (summary_lines), so that a screen short of room can leave some out.

Two layouts: the roomy one (3 columns a cell, 4 with the heatmap: `12%`, the move as `[12]`) when the
board fits the width, else a compact one, so that an expert board (30 columns) with its heatmap fits in 80
columns: 2 columns a cell, a space then one character, every fifth column numbered; a hidden cell's chance is a
letter for its tenth (HEAT_LETTERS: `a` under 10%, `b` under 20%, ... `j` under 100%), and the marks go into the
spaces around a cell (`[c]` the move, `<c>` the cursor, `(3)` conflicting numbers), so the text reads without
colour (`-` and `=` go into the space before a cell). Every mark has one meaning: `?` is a hidden cell only, never
the move.
"""

from __future__ import annotations

from fractions import Fraction
from typing import List, NamedTuple, Optional, Sequence, Tuple

from rich.color import Color
from rich.style import Style
from rich.text import Text

from puzzlesat.mines.analysis import Analysis
from puzzlesat.mines.board import FLAG, HIDDEN, Board, symbol
from puzzlesat.render.mines_text import (  # noqa: F401 - Advised and the kinds of lines are used from here too
    CERTAIN,
    DETAIL,
    MOVE,
    NOTE,
    STATUS,
    Advised,
    summary_texts,
)

NUMBER_STYLES = {1: "bold blue", 2: "bold green", 3: "bold red", 4: "bold magenta", 5: "bold dark_red",
                 6: "bold cyan", 7: "bold white", 8: "bold grey50"}
SAFE_STYLE = "bold black on green3"
MINE_STYLE = "bold white on red3"
FLAG_STYLE = "bold red"
CONFLICT_STYLE = "bold underline white on red"
BEST_STYLE = "bold reverse"
CURSOR_STYLE = "underline"
DEAD_STYLE = "strike"  # added to a dead cell's own style
STATUS_STYLES = {"consistent": "bold green", "inconsistent": "bold red", "timeout": "bold magenta"}
LEGEND_STOPS = (0.02, 0.1, 0.25, 0.5, 0.75, 0.98)
HEAT_LETTERS = "abcdefghij"  # the compact heatmap: the letter of a hidden cell's tenth of mine chance
ROW_LABEL = 4  # columns before the first cell: the row number and a space
COMPACT_CELL = 2
BEST, CURSOR, CONFLICT = "best", "cursor", "conflict"  # the marks of the compact layout, strongest last
DEAD, FIFTY = "dead", "fifty"  # weaker still: one character in the space before the cell
BRACKETS = {CONFLICT: "()", BEST: "[]", CURSOR: "<>"}
SPOTS = {DEAD: "-", FIFTY: "="}  # the mark of a dead cell and of a cell of an unavoidable 50/50


class Layout(NamedTuple):
    """How wide a cell is drawn, and whether that is the compact layout."""

    cell: int
    compact: bool


def layout_for(board: Board, heatmap: bool, width: Optional[int]) -> Layout:
    """The roomy layout when the board fits in `width` columns (or no width is given), else the compact one."""
    roomy = 4 if heatmap else 3
    if width is None or ROW_LABEL + roomy * board.width <= width:
        return Layout(roomy, False)
    return Layout(COMPACT_CELL, True)


class AnalysisView:
    """The board drawn with what the analysis found, then a legend and a summary, laid out for the width
    it is given (or, when none is, for the console it is printed on)."""

    def __init__(self, board: Board, analysis: Analysis, heatmap: bool, title: Optional[str], width: Optional[int],
                 advised: Optional[Advised] = None, cursor: Optional[Tuple[int, int]] = None):
        self.board, self.analysis, self.title, self.width = board, analysis, title, width
        self.heatmap = heatmap and analysis.probabilities is not None
        self.advised, self.cursor = advised, cursor

    def __rich_console__(self, console, options):
        width = self.width or options.max_width
        layout = layout_for(self.board, self.heatmap, width)
        if self.title:
            yield Text(self.title, style="bold")
        best = self.analysis.best if self.advised is None else self.advised.marked(self.analysis)
        yield board_text(self.board, self.analysis, self.heatmap, layout, best, self.cursor)
        coloured = console.color_system is not None and not console.no_color
        shown = shown_marks(self.board, self.analysis, self.heatmap, best)
        drawn = legend(self.heatmap and (coloured or layout.compact), layout, spots_of(self.analysis), shown,
                       self.heatmap)
        if drawn.plain:
            yield drawn
        yield summary(self.board, self.analysis, width, self.advised)


def shown_marks(board: Board, analysis: Analysis, heatmap: bool, best: Optional[Tuple[int, int]]) -> set:
    """The marks of marks_legend that the board drawn shows: 'safe', 'mine', 'flag', 'undecided', 'best',
    'conflict'."""
    shown = {name for name, cells in (("safe", analysis.safe), ("mine", analysis.mines),
                                      ("conflict", analysis.conflict)) if cells}
    hidden = [(r, c) for r in range(board.height) for c in range(board.width) if board[(r, c)] == HIDDEN]
    if any(board[(r, c)] == FLAG for r in range(board.height) for c in range(board.width)):
        shown.add("flag")
    decided = set(analysis.safe) | set(analysis.mines) | set(spots_of(analysis))
    if not heatmap and any(cell not in decided for cell in hidden):
        shown.add("undecided")
    if best is not None:
        shown.add(BEST)
    return shown


def analysis_view(board: Board, analysis: Analysis, heatmap: bool, title: Optional[str] = None,
                  width: Optional[int] = None, advised: Optional[Advised] = None,
                  cursor: Optional[Tuple[int, int]] = None) -> AnalysisView:
    """The board drawn with what the analysis found, then a legend and a summary, in `width` columns
    (None: the console's); with `advised`, the strategy's move marked and explained; a game's `cursor` drawn."""
    return AnalysisView(board, analysis, heatmap, title, width, advised, cursor)


def board_text(board: Board, analysis: Analysis, heatmap: bool, layout: Layout = Layout(3, False),
               best: Optional[Tuple[int, int]] = None, cursor: Optional[Tuple[int, int]] = None) -> Text:
    """Column numbers on top, row numbers on the left, then one cell every `layout.cell` columns; the move `best`
    (or none) marked, and the `cursor` if any."""
    safe, mines = set(analysis.safe), set(analysis.mines)
    conflict = set(analysis.conflict or ())
    spots = spots_of(analysis)
    text = Text()
    text.append(" " * ROW_LABEL + column_numbers(board.width, layout) + "\n", style="dim")
    for r in range(board.height):
        text.append(f"{r:>{ROW_LABEL - 1}} ", style="dim")
        cells, marks = [], []
        for c in range(board.width):
            label, style = _cell(board, analysis, (r, c), safe, mines, conflict, heatmap, layout.compact)
            spot = spots.get((r, c))
            if spot is not None:
                label, style = _spotted(label, style, spot, heatmap, layout.compact)
            if (r, c) == best:
                label, style = _best(label, style, layout.compact)
            if (r, c) == cursor:
                label, style = _cursor(label, style, layout.compact)
            cells.append((label, style))
            marks.append(CURSOR if (r, c) == cursor else BEST if (r, c) == best else
                         CONFLICT if (r, c) in conflict else spot)
        if layout.compact:
            text.append_text(compact_row(cells, marks))
        else:
            for label, style in cells:
                text.append(label.center(layout.cell), style=style)
        text.append("\n")
    return text


def spots_of(analysis: Analysis) -> dict:
    """The cells marked as dead (DEAD) or as part of an unavoidable 50/50 (FIFTY), by position."""
    spots = dict.fromkeys(analysis.dead or (), DEAD)
    for pair in analysis.fifty_fifties or ():
        spots.update(dict.fromkeys(pair, FIFTY))
    return spots


def _spotted(label: str, style, spot: str, heatmap: bool, compact: bool) -> tuple:
    """A dead or 50/50 cell: its mark in place of `?` or of the `%` of its chance (the compact layout puts the mark
    in the space before the cell instead); a dead cell struck through."""
    if spot == DEAD:
        style = Style.parse(str(style or "")) + Style.parse(DEAD_STYLE)
    if compact:
        return label, style
    return (label[:-1] if heatmap else "") + SPOTS[spot], style


def compact_row(cells: Sequence[Tuple[str, object]], marks: Sequence[Optional[str]]) -> Text:
    """One row of the compact layout: each cell a space then its one character; a marked cell (BEST, CURSOR,
    CONFLICT; None for none) in the brackets of its mark, put in the spaces around it (a run of conflicting
    numbers in one pair), the stronger mark winning a space two marks want; a dead cell (DEAD) or one of an
    unavoidable 50/50 (FIFTY) has its character in the space before it, where any bracket wins."""
    spaces = [" "] * (len(cells) + 1)
    for c, mark in enumerate(marks):
        if mark in SPOTS:
            spaces[c] = SPOTS[mark]
    for kind in BRACKETS:  # weakest first: a stronger mark overwrites
        opening, closing = BRACKETS[kind]
        for c, mark in enumerate(marks):
            if mark != kind:
                continue
            if kind != CONFLICT or c == 0 or marks[c - 1] != kind:
                spaces[c] = opening
            if kind != CONFLICT or c + 1 == len(marks) or marks[c + 1] != kind:
                spaces[c + 1] = closing
    text = Text()
    for space, (label, style) in zip(spaces, cells):
        text.append(space, style="bold" if space != " " else None)
        text.append(label, style=style)
    if spaces[-1] != " ":
        text.append(spaces[-1], style="bold")
    return text


def column_numbers(columns: int, layout: Layout) -> str:
    """Every column's number over it; in the compact layout every fifth one, ending where its cell ends."""
    if not layout.compact:
        return "".join(str(c).center(layout.cell) for c in range(columns))
    line = [" "] * (columns * layout.cell + 2)
    for c in range(0, columns, 5):
        label = str(c)
        end = (c + 1) * layout.cell
        line[end - len(label):end] = label
    return "".join(line).rstrip()


def _cell(board: Board, analysis: Analysis, cell: tuple, safe, mines, conflict, heatmap: bool, compact: bool) -> tuple:
    """The label and style of one cell."""
    value = board[cell]
    if value == FLAG:
        return symbol(FLAG), FLAG_STYLE
    if value >= 0:
        if cell in conflict:
            return (symbol(value) if compact else f"({value})"), CONFLICT_STYLE
        return symbol(value), NUMBER_STYLES.get(value, "dim")
    if cell in safe:
        return "S", SAFE_STYLE
    if cell in mines:
        return "M", MINE_STYLE
    if heatmap:
        p = analysis.probabilities[cell[0]][cell[1]]
        if compact:
            return heat_letter(p), _heat(p)
        return f"{min(99, max(1, round(100 * p)))}%", _heat(p)
    return symbol(HIDDEN), "dim"


def heat_letter(p: Fraction) -> str:
    """The compact heatmap's letter for a mine chance strictly between 0 and 1: `a` under 10%, ... `j` from 90%."""
    return HEAT_LETTERS[min(9, int(10 * p))]


def _best(label: str, style, compact: bool) -> tuple:
    """The recommended cell: its label (a chance without its %) in brackets (the compact layout puts them in the
    spaces around it), reversed."""
    marked = Style.parse(str(style or "")) + Style.parse(BEST_STYLE)
    return (label if compact else f"[{_bare(label)}]"), marked


def _cursor(label: str, style, compact: bool) -> tuple:
    """The cell under a game's cursor: its label (a chance without its %) in angle brackets (the compact layout puts
    them in the spaces around it), underlined."""
    marked = Style.parse(str(style or "")) + Style.parse(CURSOR_STYLE)
    return (label if compact else f"<{_bare(label.strip('[]'))}>"), marked


def _bare(label: str) -> str:
    """A label to put in brackets: a chance without its % or its dead/50-50 mark; a mark alone kept."""
    return label.rstrip("%-=") or label


def _heat(p: Fraction) -> Style:
    """Black text on a background from green (safe) through yellow to red (a mine)."""
    x = float(p)
    red, green = (int(255 * min(1, 2 * x)), 200) if x < 0.5 else (255, int(200 * min(1, 2 * (1 - x))))
    return Style(color="black", bgcolor=Color.from_rgb(red, green, 0))


def legend(heatmap: bool, layout: Layout = Layout(3, False), spots: Optional[dict] = None,
           shown: Optional[set] = None, chances: Optional[bool] = None) -> Text:
    """What the marks (and colours) mean: the marks (those `shown`, see shown_marks; None: all), those of dead and
    50/50 cells when `spots` has any, then with the `heatmap` the scale of chances (`chances`: whether the cells
    hold chances rather than `?`, by default `heatmap`)."""
    text = marks_legend(heatmap if chances is None else chances, shown=shown)
    if spots:
        text.append("\n" if text.plain else "").append_text(spots_legend(spots))
    if heatmap:
        text.append("\n" if text.plain else "").append_text(chance_scale(layout))
    return text


def marks_legend(heatmap: bool, narrow: bool = False, shown: Optional[set] = None) -> Text:
    """What the marks mean (those `shown`; None: every one), one line, or two when `narrow` (the same in both
    layouts: the compact one puts the brackets in the spaces around a cell)."""
    entries = [("safe", " S ", SAFE_STYLE, " safe  "), ("mine", " M ", MINE_STYLE, " mine  "),
               ("flag", f" {symbol(FLAG)} ", FLAG_STYLE, " flag  ")]
    if not heatmap:
        entries.append(("undecided", f" {symbol(HIDDEN)} ", "dim", " undecided  "))
    second = [(BEST, "[ ]", BEST_STYLE, " recommended  "), ("conflict", "(n)", CONFLICT_STYLE, " conflict")]
    text = Text()
    for number, part in enumerate((entries, second)):
        if number and narrow and text.plain:
            text.rstrip()
            text.append("\n")
        for name, mark, style, words in part:
            if shown is None or name in shown:
                text.append(mark, style=style).append(words)
    text.rstrip()
    return text


def spots_legend(spots: dict) -> Text:
    """What `-` and `=` mean, for the kinds `spots` (spots_of) holds: one line within 80 columns."""
    text = Text()
    if DEAD in spots.values():
        text.append(" - ", style=DEAD_STYLE).append(" dead: opening it teaches nothing  ")
    if FIFTY in spots.values():
        text.append(" = ").append(" an unavoidable 50/50 (one mine)")
    text.rstrip()
    return text


def chance_scale(layout: Layout = Layout(3, False)) -> Text:
    """The heatmap's scale: a few chances in %, or in the compact layout every letter and the tenth it stands for."""
    text = Text("mine chance:")
    if layout.compact:
        for tenth, letter in enumerate(HEAT_LETTERS):
            text.append(" ").append(letter, style=_heat(Fraction(2 * tenth + 1, 20))).append(f"<{10 * tenth + 10}%")
        return text
    for stop in LEGEND_STOPS:
        text.append(" ").append(f"{round(100 * stop):>3}%", style=_heat(Fraction(stop)))
    return text


class Line(NamedTuple):
    """One line of a summary, and what it says (STATUS, CERTAIN, MOVE, DETAIL or NOTE), so that a screen short of
    room can leave out the least needed."""

    kind: str
    text: Text


def summary(board: Board, analysis: Analysis, width: Optional[int] = None, advised: Optional[Advised] = None) -> Text:
    """Status, counts, the recommended move (a strategy's, with `advised`) and any note, a few short lines."""
    return Text("\n").join(line.text for line in summary_lines(board, analysis, width, advised))


def summary_lines(board: Board, analysis: Analysis, width: Optional[int] = None,
                  advised: Optional[Advised] = None) -> List[Line]:
    """The lines of the summary (render.mines_text.summary_texts), each with its kind: the status word in its
    colour, notes in yellow."""
    lines = []
    for kind, said in summary_texts(board, analysis, width, advised):
        text = Text(said, style="yellow" if kind == NOTE else "")
        if kind == STATUS:
            text.stylize(STATUS_STYLES.get(analysis.status, "bold"), 0, len(analysis.status))
        lines.append(Line(kind, text))
    return lines

"""Rich output of simulations, replays and games played by hand: the result table, boards move by move, the
screen of `puzzlesat mines play`.

Boards are drawn with the symbols of puzzlesat.mines.board.SYMBOLS (`?` hidden, `*` a mine once the game is
over, `.` empty, digits), as `puzzlesat mines analyze` draws them, so a drawn board reads back as a board. The
game's screen fits the terminal it is given (GameScreen), and a simulation stopped by Ctrl-C is one line
(interrupted_line).
"""

from __future__ import annotations

from typing import Optional, Sequence, Tuple

from rich.console import Group
from rich.table import Table
from rich.text import Text

from puzzlesat.mines.board import FLAG, HIDDEN, MINE, symbol
from puzzlesat.mines.session import KEYS_HELP
from puzzlesat.render import plural
from puzzlesat.render.mines import (
    CERTAIN,
    COMPACT_CELL,
    CURSOR,
    DETAIL,
    FLAG_STYLE,
    MINE_STYLE,
    ROW_LABEL,
    STATUS,
    Advised,
    Layout,
    board_text as hint_board,
    chance_scale,
    column_numbers,
    compact_row,
    layout_for,
    marks_legend,
    shown_marks,
    spots_legend,
    spots_of,
    summary_lines,
)
from puzzlesat.render.mines_text import CERTAINLY, EXPLODED, GUESSED, WON, move_words

MOVE_STYLES = {GUESSED: "yellow", CERTAINLY: "green", EXPLODED: "bold red", WON: "bold green"}
NUMBER_STYLES = {1: "blue", 2: "green", 3: "red", 4: "magenta", 5: "dark_red", 6: "cyan", 7: "white", 8: "grey50"}


def summary_table(record: dict) -> Table:
    """The result of a simulation (a Summary.record()) as a table."""
    where = record["level"] or record["size"]
    title = f"{record['strategy']} on {where} ({record['size']}), {record['rules']} rules, seed {record['seed']}"
    table = Table(title=title, show_header=True, header_style="bold")
    for name in ("games", "wins", "win rate", "95% CI (Wilson)", "guesses/game", "games/s"):
        table.add_column(name, justify="right")
    low, high = record["ci95"]
    table.add_row(
        str(record["games"]),
        str(record["wins"]),
        f"{record['win_rate']:.2%}",
        f"{low:.2%} – {high:.2%}",
        f"{record['mean_guesses']:.2f}",
        f"{record['games_per_second']:.1f}",
    )
    return table


def interrupted_line(record: dict) -> str:
    """What a simulation stopped by Ctrl-C had played (a Summary.record()): games, wins, the win rate and its
    interval."""
    line = f"interrupted after {plural(record['games'], 'game')} in {record['seconds']:.1f} s"
    if not record["games"]:
        return line
    low, high = record["ci95"]
    return f"{line}: {record['wins']:,} won, win rate {record['win_rate']:.2%} (95% CI {low:.2%} – {high:.2%})"


def board_text(rows: Sequence[Sequence[int]], last: Optional[Tuple[int, int]] = None) -> Text:
    """A board: '?' hidden, '.' empty, digits, '*' mines (shown only when the game is over), one space between
    cells; the last opened cell reversed."""
    text = Text()
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            char, style = _cell(value)
            if last == (r, c):
                style = f"{style} reverse".strip()
            text.append(char, style=style)
            text.append(" " if c + 1 < len(row) else "")
        text.append("\n")
    return text


def generated_view(generated, show_mines: bool = False) -> Group:
    """A generated board (puzzlesat.mines.generate.Generated): which one, the board as the player first sees it (the
    first move opened, the rest covered; with `show_mines` the whole layout, mines `*`, the first move reversed),
    what was proven, and how to play it."""
    setup = generated.setup
    level = f"{setup.level} " if setup.level else ""
    row, col = generated.first_click
    title = Text(f"board {generated.index} of seed {generated.seed}: {level}{setup.size}, "
                 f"{plural(setup.mines, 'mine')}, {setup.rules} rules, first move ({row}, {col})", style="bold")
    if not generated.no_guess:
        proof = Text("a random layout (--no-guess for one that needs no guess)", style="dim")
    else:
        counting = "with the total of mines" if generated.needs_total else "without counting the mines left"
        proof = Text(f"no guess needed from ({row}, {col}): a logical player wins it {counting}", style="green")
    if show_mines:
        return Group(title, board_text(generated.rows(), generated.first_click), proof)
    play = Text(f"mines hidden (--show-mines draws them); play it: {_play_command(generated)}", style="dim")
    return Group(title, board_text(_first_view(generated), generated.first_click), proof, play)


def _first_view(generated) -> tuple:
    """The board as the player first sees it: the first move and its flood fill open, every other cell covered."""
    from puzzlesat.mines.generate import opening

    setup, rows = generated.setup, generated.rows()
    shown = opening(setup.width, setup.height, generated.mines, generated.first_click)
    return tuple(tuple(rows[r][c] if (r, c) in shown else HIDDEN for c in range(setup.width))
                 for r in range(setup.height))


def _play_command(generated) -> str:
    """The `mines play` command that plays this board."""
    setup, (row, col) = generated.setup, generated.first_click
    if not generated.no_guess:
        return "-f mine > board.mine, then puzzlesat mines play board.mine"
    size = f"--level {setup.level}" if setup.level else f"--size {setup.label()}"
    rules = " --first-click safe" if setup.rules == "safe" else ""
    return (f"puzzlesat mines play --no-guess {size}{rules} --first-move {row},{col} --seed {generated.seed} "
            f"-g {generated.index}")


def _cell(value: int) -> Tuple[str, str]:
    """The character and style of one cell."""
    if value == HIDDEN or value == 0:
        return symbol(value), "dim"
    if value == MINE:
        return symbol(MINE), "bold red"
    return symbol(value), NUMBER_STYLES.get(value, "")


def move_line(move: dict) -> Text:
    """One line per move: number, cell, certain or guess (with its mine probability), what it revealed."""
    text = Text()
    for said, kind in move_words(move):
        text.append(said, style=MOVE_STYLES.get(kind))
    return text


def game_screen(session, width: Optional[int] = None, height: Optional[int] = None) -> "GameScreen":
    """What `puzzlesat mines play` shows after each key (a puzzlesat.mines.session.Session): the game, the board
    with the cursor (or, while a hint is shown, the analysis drawn as `mines analyze` draws it, with the strategy's
    move), the last message and the keys; fitted to `height` lines when given (see GameScreen)."""
    return GameScreen(session, width, height)


GAP, MARKS, KEYS = "gap", "marks", "keys"
LEFT_OUT = (GAP, STATUS, MARKS, CERTAIN, DETAIL, KEYS)  # what a screen short of lines leaves out, first to last
# (STATUS, CERTAIN, DETAIL: the lines of the hint's summary so named; the title, board, scale and move always stay)
SIDE_GAP = 3  # columns between the board and the hint's text beside it
SIDE_TEXT = 34  # the fewest columns the hint's text beside the board may have


class GameScreen:
    """The screen of `puzzlesat mines play`, `width` columns wide (None: the console's). With a `height` it fits in
    that many lines: a hint's text goes beside the board when under it is too long and there is room beside, and
    otherwise the least needed lines are left out (LEFT_OUT), so that the title and the board never scroll away."""

    def __init__(self, session, width: Optional[int] = None, height: Optional[int] = None):
        self.session, self.width, self.height = session, width, height
        self._boards: dict = {}  # the hint's board in each layout, drawn once
        self._marks: Optional[tuple] = None  # the hint's (marked move, marks its board shows), found once

    def __rich_console__(self, console, options):
        width = self.width or options.max_width
        screen = None
        for left_out in (set(LEFT_OUT[:n]) for n in range(len(LEFT_OUT) + 1)):
            for beside in (False, True):
                screen = self._screen(width, left_out, beside) or screen
                if screen is not None and self._fits(console, options.update_width(width), screen):
                    yield screen
                    return
        yield screen  # nothing fits: the screen with the most left out

    def _fits(self, console, options, screen) -> bool:
        """Whether a screen fits in the height (any screen does when there is none)."""
        return self.height is None or len(console.render_lines(screen, options, pad=False)) <= self.height

    def _screen(self, width: int, left_out: set, beside: bool) -> Optional[Group]:
        """The screen without the parts `left_out`, the hint's text `beside` the board; None when that cannot be."""
        session = self.session
        parts = [Text(_title(session, width), style="bold"), Text(_status(session))]
        if session.hint is None:
            if beside:
                return None
            parts.append(_trimmed(game_board(session.rows(), session.cursor, session.exploded, width), GAP in left_out))
        else:
            hint = self._hint(width, left_out, beside)
            if hint is None:
                return None
            parts.append(hint)
        style = {"won": "bold green", "lost": "bold red"}.get(session.game.state, "")
        parts.append(Text(session.message, style=style))
        if KEYS not in left_out:
            parts.append(Text(f"keys: {KEYS_HELP}", style="dim"))
        return Group(*parts)

    def _hint(self, width: int, left_out: set, beside: bool):
        """The hint: the board as `mines analyze -p` draws it, then (or beside it) the legend and the summary."""
        session, hint = self.session, self.session.hint
        board = session.board()
        advised = Advised(hint.strategy, hint.advice, hint.note)
        layout = Layout(COMPACT_CELL, True) if beside else layout_for(board, True, width)
        text_width = width - (ROW_LABEL + COMPACT_CELL * board.width + 1) - SIDE_GAP
        if beside and text_width < SIDE_TEXT:
            return None
        if self._marks is None:
            marked = advised.marked(hint.analysis)
            self._marks = (marked, shown_marks(board, hint.analysis, True, marked))
        marked, shown = self._marks
        if layout not in self._boards:
            self._boards[layout] = hint_board(board, hint.analysis, True, layout, marked, session.cursor)
        drawn = self._boards[layout]
        marks = marks_legend(True, narrow=beside, shown=shown)
        lines = [] if MARKS in left_out or not marks.plain else [marks]
        spots = spots_of(hint.analysis)
        if MARKS not in left_out and spots:
            lines.append(spots_legend(spots))
        lines.append(chance_scale(layout))
        summary = summary_lines(board, hint.analysis, width, advised)
        notes = Text("\n").join(lines + [line.text for line in summary if line.kind not in left_out])
        if not beside:
            return Group(_trimmed(drawn, GAP in left_out), notes)
        grid = Table.grid(padding=(0, SIDE_GAP, 0, 0))
        grid.add_column(no_wrap=True)
        grid.add_column(width=text_width)
        grid.add_row(_trimmed(drawn, True), notes)
        return grid


def _trimmed(board: Text, tight: bool) -> Text:
    """A drawn board, with the empty line under it unless `tight`."""
    board = board.copy()
    board.rstrip()
    if not tight:
        board.append("\n")
    return board


def _title(session, width: Optional[int] = None) -> str:
    """The game: which one, its size, and (when they fit in `width`) its rules and the strategy hints come from."""
    setup = session.setup
    level = f"{setup.level} " if setup.level else ""
    title = f"puzzlesat mines play: {session.name}, {level}{setup.size}, " \
            f"{plural(setup.mines, 'mine')}"
    more = f"{title}, {setup.rules} rules, hints by {session.strategy}"
    return more if width is None or len(more) <= width else title


def _status(session) -> str:
    """Moves, mines left to flag, the state, the cursor."""
    row, col = session.cursor
    return (f"move {session.moves} · {plural(session.mines_left, 'mine')} left to flag · {session.game.state} · "
            f"cursor ({row}, {col})")


def game_board(rows: Sequence[Sequence[int]], cursor: Tuple[int, int], exploded: Optional[Tuple[int, int]] = None,
               width: Optional[int] = None) -> Text:
    """A game's board with row and column numbers, the cursor reversed in angle brackets (put in the spaces around
    it when the board is drawn two columns a cell to fit `width`) and the mine that exploded in red."""
    columns = len(rows[0]) if rows else 0
    layout = Layout(3, False) if width is None or ROW_LABEL + 3 * columns <= width else Layout(COMPACT_CELL, True)
    text = Text()
    text.append(" " * ROW_LABEL + column_numbers(columns, layout) + "\n", style="dim")
    for r, row in enumerate(rows):
        text.append(f"{r:>{ROW_LABEL - 1}} ", style="dim")
        cells = []
        for c, value in enumerate(row):
            label, style = _game_cell(value, (r, c) == exploded)
            if (r, c) == cursor:
                label, style = (label if layout.compact else f"<{label}>"), f"{style} reverse"
            cells.append((label, style.strip()))
        if layout.compact:
            text.append_text(compact_row(cells, [CURSOR if (r, c) == cursor else None for c in range(columns)]))
        else:
            for label, style in cells:
                text.append(label.center(layout.cell), style=style)
        text.append("\n")
    return text


def _game_cell(value: int, exploded: bool) -> Tuple[str, str]:
    """The character and style of one cell of a game."""
    if exploded:
        return symbol(MINE), MINE_STYLE
    if value == FLAG:
        return symbol(FLAG), FLAG_STYLE
    return _cell(value)

"""Rich output of simulations, replays and games played by hand: the result table, boards move by move, the
screen of `puzzlesat mines play`.

Boards are drawn with the symbols of puzzlesat.mines.board.SYMBOLS (`?` hidden, `*` a mine once the game is
over, `.` empty, digits), as `puzzlesat mines analyze` draws them, so a drawn board reads back as a board.
"""

from __future__ import annotations

from typing import Optional, Sequence, Tuple

from rich.console import Group
from rich.table import Table
from rich.text import Text

from puzzlesat.mines.board import FLAG, HIDDEN, MINE, symbol
from puzzlesat.mines.session import KEYS_HELP
from puzzlesat.render import plural
from puzzlesat.render.mines import FLAG_STYLE, MINE_STYLE, ROW_LABEL, Advised, Layout, analysis_view, column_numbers

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


def _cell(value: int) -> Tuple[str, str]:
    """The character and style of one cell."""
    if value == HIDDEN or value == 0:
        return symbol(value), "dim"
    if value == MINE:
        return symbol(MINE), "bold red"
    return symbol(value), NUMBER_STYLES.get(value, "")


def move_line(move: dict) -> Text:
    """One line per move: number, cell, certain or guess (with its mine probability), what it revealed."""
    row, col = move["cell"]
    text = Text(f"move {move['move']}: open ({row}, {col}) ")
    if move["guess"]:
        text.append(f"guess, mine chance {move['probability']:.3f}", style="yellow")
    else:
        text.append("certain" if move["move"] > 1 else "first click", style="green")
    if move["exploded"]:
        text.append(" — mine!", style="bold red")
    else:
        text.append(f" → {move['revealed']} cell{'s' if move['revealed'] != 1 else ''}")
    if move["state"] == "won":
        text.append(" — won", style="bold green")
    return text


def game_screen(session, width: Optional[int] = None) -> Group:
    """What `puzzlesat mines play` shows after each key (a puzzlesat.mines.session.Session): the game, the board
    with the cursor (or, while a hint is shown, the analysis drawn as `mines analyze` draws it, with the strategy's
    move), the last message and the keys."""
    parts = [Text(_title(session), style="bold"), Text(_status(session))]
    hint = session.hint
    if hint is not None:
        advised = Advised(hint.strategy, hint.advice, hint.note)
        parts.append(analysis_view(session.board(), hint.analysis, True, None, width, advised, session.cursor))
    else:
        parts.append(game_board(session.rows(), session.cursor, session.exploded, width))
    style = {"won": "bold green", "lost": "bold red"}.get(session.game.state, "")
    parts += [Text(session.message, style=style), Text(f"keys: {KEYS_HELP}", style="dim")]
    return Group(*parts)


def _title(session) -> str:
    """The game: which one, its size, rules and the strategy hints come from."""
    setup = session.setup
    level = f"{setup.level} " if setup.level else ""
    return (f"puzzlesat mines play: game {session.index} of seed {session.seed}, {level}{setup.size} with "
            f"{plural(setup.mines, 'mine')}, {setup.rules} rules, hints by {session.strategy}")


def _status(session) -> str:
    """Moves, mines left to flag, the state, the cursor."""
    row, col = session.cursor
    return (f"move {session.moves} · {plural(session.mines_left, 'mine')} left to flag · {session.game.state} · "
            f"cursor ({row}, {col})")


def game_board(rows: Sequence[Sequence[int]], cursor: Tuple[int, int], exploded: Optional[Tuple[int, int]] = None,
               width: Optional[int] = None) -> Text:
    """A game's board with row and column numbers, the cursor in angle brackets (underlined and reversed when the
    board is drawn two columns a cell to fit `width`) and the mine that exploded in red."""
    columns = len(rows[0]) if rows else 0
    layout = Layout(3, False) if width is None or ROW_LABEL + 3 * columns <= width else Layout(2, True)
    text = Text()
    text.append(" " * ROW_LABEL + column_numbers(columns, layout) + "\n", style="dim")
    for r, row in enumerate(rows):
        text.append(f"{r:>{ROW_LABEL - 1}} ", style="dim")
        for c, value in enumerate(row):
            label, style = _game_cell(value, (r, c) == exploded)
            if (r, c) == cursor:
                label, style = (label, f"{style} underline reverse") if layout.compact else (f"<{label}>", f"{style} reverse")
            text.append(label.rjust(layout.cell) if layout.compact else label.center(layout.cell), style=style.strip())
        text.append("\n")
    return text


def _game_cell(value: int, exploded: bool) -> Tuple[str, str]:
    """The character and style of one cell of a game."""
    if exploded:
        return symbol(MINE), MINE_STYLE
    if value == FLAG:
        return symbol(FLAG), FLAG_STYLE
    return _cell(value)

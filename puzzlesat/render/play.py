"""Rich output of simulations and replays: the result table, boards move by move.

Boards are drawn with the symbols of puzzlesat.mines.board.SYMBOLS (`?` hidden, `*` a mine once the game is
over, `.` empty, digits), as `puzzlesat mines analyze` draws them, so a drawn board reads back as a board.
"""

from __future__ import annotations

from typing import Optional, Sequence, Tuple

from rich.table import Table
from rich.text import Text

from puzzlesat.mines.board import HIDDEN, MINE, symbol

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

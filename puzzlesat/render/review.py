"""A reviewed game for the terminal (puzzlesat.mines.review): a table of its moves, then the summary."""

from __future__ import annotations

from fractions import Fraction
from typing import Optional

from rich.console import Group
from rich.table import Table
from rich.text import Text

from puzzlesat.mines.review import AVOIDABLE, CERTAIN, FIRST, FLAGGED, FORCED, MISTAKE, Review
from puzzlesat.render import plural

LABEL_STYLES = {FIRST: "dim", CERTAIN: "green", FORCED: "yellow", AVOIDABLE: "bold magenta", MISTAKE: "bold red",
                FLAGGED: "dim"}
WORDS = {FIRST: "first click", CERTAIN: "certain", FORCED: "forced guess", AVOIDABLE: "avoidable risk",
         MISTAKE: "mistake", FLAGGED: "flag"}


def review_view(review: Review, title: Optional[str] = None, guesses_only: bool = False) -> Group:
    """The game's title, its moves as a table (only those not certain with `guesses_only`), and the summary."""
    game = review.game
    heading = f"{title + ': ' if title else ''}{game.width}x{game.height}, {plural(len(game.mines), 'mine')}"
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for name, justify in (("move", "right"), ("action", "left"), ("cell", "left"), ("judged", "left"),
                          ("chance", "right"), ("safest cell", "left"), ("result", "left")):
        table.add_column(name, justify=justify)
    for move in review.moves:
        if guesses_only and move.label in (FIRST, CERTAIN, FLAGGED):
            continue
        table.add_row(str(move.number), move.action, _cell(move.cell), Text(WORDS[move.label],
                      style=LABEL_STYLES[move.label]), _chance(move.chance), _best(move), _result(move))
    return Group(Text(heading, style="bold"), table, summary_text(review))


def summary_text(review: Review) -> Text:
    """The summary: how it ended, the moves, the guesses of each kind, the mistakes, the luck needed."""
    counts = review.summary()
    text = Text()
    text.append(f"{review.state}", style={"won": "bold green", "lost": "bold red"}.get(review.state, "bold"))
    text.append(f" after {plural(counts['moves'], 'move')} ({plural(counts['flags'], 'flag')}): "
                f"{counts['certain']} certain, {plural(counts['guesses'], 'guess', 'guesses')} "
                f"({counts['forced']} forced, {counts['forced_safest']} of them on the safest cell; "
                f"{counts['avoidable']} avoidable), {plural(counts['mistakes'], 'mistake')}")
    text.append(f"\nluck the game needed: {_percent(review.luck)} (the product of its guesses' chances)")
    return text


def _cell(cell) -> str:
    """'(row, col)'."""
    return f"({cell[0]}, {cell[1]})"


def _chance(chance: Optional[Fraction]) -> str:
    """A chance in %, or '-'."""
    return "-" if chance is None else _percent(chance)


def _percent(value: Fraction) -> str:
    """A chance as a percentage with one decimal (100% and 0% exact)."""
    if value in (0, 1):
        return f"{int(value) * 100}%"
    return f"{float(value):.1%}"


def _best(move) -> str:
    """The safest cell there was, for a guess: where, and its chance."""
    if move.best is None:
        return ""
    return f"{_cell(move.best)} {_percent(move.best_chance)}"


def _result(move) -> str:
    """What the move did: cells revealed, a mine, the end."""
    if move.exploded:
        return "mine: lost"
    if move.label == FLAGGED:
        return ""
    words = f"{plural(move.revealed, 'cell')} opened" if move.revealed else ""
    return f"{words}, won" if move.state == "won" else words

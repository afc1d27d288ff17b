"""Minesweeper analyses in plain words, no rich here: the summary under a drawn board (status, certain cells, the
recommended move and why, notes) and the strategy's advice, shared by the terminal drawing (render.mines, which
styles them) and the SVG pictures (render.svg.mines).

>>> from puzzlesat.mines import analyze, parse_board
>>> board = parse_board("# mines: 2\\n1??\\n12?\\n.1?")
>>> [said.text for said in summary_texts(board, analyze(board))]
['consistent: 3x3, 2 mines, 2 layouts', 'certain: 1 safe, 1 mine', 'recommended: open (0, 2), certainly safe']
"""

from __future__ import annotations

from typing import List, NamedTuple, Optional, Tuple

from puzzlesat.mines.advice import Advice
from puzzlesat.mines.analysis import CONSISTENT, Analysis
from puzzlesat.mines.board import Board

STATUS, CERTAIN, MOVE, DETAIL, NOTE = "status", "certain", "move", "detail", "note"
GUESSED, CERTAINLY, EXPLODED, WON = "guessed", "certainly", "exploded", "won"  # the parts of a replayed move


class Advised(NamedTuple):
    """A strategy's advice on a board: the move (None when there is none) and why there is none."""

    strategy: str
    advice: Optional[Advice]
    note: Optional[str] = None

    def marked(self, analysis: Analysis) -> Optional[Tuple[int, int]]:
        """The move to mark: the strategy's on a consistent board, else the analysis's own."""
        if analysis.status != CONSISTENT:
            return analysis.best
        return None if self.advice is None else self.advice.cell


class Said(NamedTuple):
    """One line of a summary, and what it says (STATUS, CERTAIN, MOVE, DETAIL or NOTE)."""

    kind: str
    text: str


def summary_texts(board: Board, analysis: Analysis, width: Optional[int] = None,
                  advised: Optional[Advised] = None) -> List[Said]:
    """The lines of the summary, each with its kind: the status line starts with the status word, a note with
    'note:' or the strategy's name."""
    total = "unknown number of" if board.total_mines is None else str(board.total_mines)
    status = f"{analysis.status}: {board.width}x{board.height}, {total} mines"
    lines = []
    if analysis.status in ("consistent", "timeout"):
        if analysis.layouts is not None:
            status += f", {big_count(analysis.layouts)} layouts"
        mines = len(analysis.mines)
        how = "certain" if analysis.status == "consistent" else "certain by single numbers"
        certain = f"{how}: {len(analysis.safe)} safe, {mines} mine{'' if mines == 1 else 's'}"
        lines.append(Said(CERTAIN, certain + patterns_words(analysis)))
        if advised is None or analysis.status != CONSISTENT:
            lines.append(Said(MOVE, best_line(analysis, width)))
        else:
            move, *detail = advice_lines(advised, width).split("\n")
            lines += [Said(MOVE, move), *(Said(DETAIL, line) for line in detail)]
    elif analysis.status == "inconsistent" and analysis.conflict is not None:
        cells = ", ".join(f"({r}, {c})" for r, c in analysis.conflict) or "none"
        lines.append(Said(MOVE, f"these numbers cannot all be true: {cells}"))
        if analysis.conflict_total:
            lines.append(Said(DETAIL, f"(together with the total of {board.total_mines} mines)"))
    if analysis.note:
        lines.append(Said(NOTE, f"note: {analysis.note}"))
    if advised is not None and analysis.status != CONSISTENT and advised.note:
        lines.append(Said(NOTE, f"{advised.strategy}: {advised.note}"))
    return [Said(STATUS, status), *lines]


def patterns_words(analysis: Analysis) -> str:
    """'; 3 dead, 1 unavoidable 50/50' when the analysis found any, else ''."""
    dead, pairs = len(analysis.dead or ()), len(analysis.fifty_fifties or ())
    words = ([f"{dead} dead"] if dead else []) + ([f"{pairs} unavoidable 50/50{'' if pairs == 1 else 's'}"] if pairs else [])
    return "; " + ", ".join(words) if words else ""


def advice_lines(advised: Advised, width: Optional[int] = None) -> str:
    """The strategy's move and why; for a guess, a second line: why it is forced, its exact chance of being safe,
    and the safest cell when the strategy chose another."""
    advice = advised.advice
    if advice is None:
        return f"{advised.strategy}: {advised.note or 'no move to recommend'}"
    line = f"recommended ({advised.strategy}): {advice.why()}"
    detail = advice.detail()
    return line if detail is None else f"{line}\n  {detail}"


def best_line(analysis: Analysis, width: Optional[int] = None) -> str:
    """The recommended move in words, with its exact chance when that fits in `width` columns."""
    if analysis.best is None:
        return "no move to recommend"
    r, c = analysis.best
    if analysis.best in analysis.safe:
        return f"recommended: open ({r}, {c}), certainly safe"
    if analysis.probabilities is None:
        return f"recommended guess: ({r}, {c})"
    p = analysis.probabilities[r][c]
    exact = f"recommended guess: ({r}, {c}), mine chance {p.numerator}/{p.denominator} ≈ {float(p):.1%}"
    if width is None or len(exact) <= width:
        return exact
    return f"recommended guess: ({r}, {c}), mine chance ≈ {float(p):.1%}"


def big_count(n: int) -> str:
    """A count, in scientific notation when long."""
    digits = str(n)
    return digits if len(digits) < 10 else f"{digits[0]}.{digits[1:4]}e{len(digits) - 1}"


def move_words(move: dict) -> List[Tuple[str, Optional[str]]]:
    """A replayed move (a simulation Frame.record()) in words, as (text, kind) parts: the number and cell, then a
    guess with its mine chance (GUESSED) or certain (CERTAINLY), then what it revealed or the mine (EXPLODED),
    and WON when it won the game. Joined, one line."""
    row, col = move["cell"]
    parts: List[Tuple[str, Optional[str]]] = [(f"move {move['move']}: open ({row}, {col}) ", None)]
    if move["guess"]:
        parts.append((f"guess, mine chance {move['probability']:.3f}", GUESSED))
    else:
        parts.append(("certain" if move["move"] > 1 else "first click", CERTAINLY))
    if move["exploded"]:
        parts.append((" — mine!", EXPLODED))
    else:
        parts.append((f" → {move['revealed']} cell{'s' if move['revealed'] != 1 else ''}", None))
    if move["state"] == "won":
        parts.append((" — won", WON))
    return parts

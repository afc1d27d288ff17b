"""Sudoku for the terminal: grids with box borders (givens bold, filled cells in colour), statuses, ratings,
explanations, hints and generated puzzles."""

from __future__ import annotations

from collections import Counter
from typing import Optional, Sequence

from rich.console import Group
from rich.text import Text

from puzzlesat.sudoku.solver import Status

STATUS_STYLES = {
    Status.SOLVED: "bold green",
    Status.MULTIPLE: "bold yellow",
    Status.UNSAT: "bold red",
    Status.INVALID: "bold red",
    Status.TIMEOUT: "bold magenta",
}
GIVEN_STYLE = "bold"
FILLED_STYLE = "cyan"
BORDER_STYLE = "dim"
LEVEL_STYLES = {"singles": "green", "reduction": "yellow", "probing": "magenta", "search": "bold red"}
TECHNIQUE_STYLE = "bold cyan"
ENDING_STYLES = {"solved": "bold green", "broken": "bold red"}


def grid(puzzle, values: Optional[Sequence[int]] = None) -> Text:
    """The puzzle drawn with box borders; `values` fills the blanks (givens stay bold)."""
    shape = puzzle.shape
    width = max(len(ch) for ch in puzzle.alphabet)
    segment = "━" * ((width + 1) * shape.box_cols + 1)
    boxes_across = shape.side // shape.box_cols

    def rule(left: str, middle: str, right: str) -> Text:
        return Text(left + middle.join([segment] * boxes_across) + right + "\n", style=BORDER_STYLE)

    text = rule("┏", "┳", "┓")
    for row in range(shape.side):
        if row and row % shape.box_rows == 0:
            text.append_text(rule("┣", "╋", "┫"))
        for col in range(shape.side):
            if col % shape.box_cols == 0:
                text.append("┃ ", style=BORDER_STYLE)
            cell = row * shape.side + col
            given = puzzle.values[cell]
            value = given or (values[cell] if values else 0)
            symbol = puzzle.alphabet[value - 1] if value else "·"
            style = GIVEN_STYLE if given else (FILLED_STYLE if value else BORDER_STYLE)
            text.append(symbol.rjust(width), style=style)
            text.append(" ")
        text.append("┃\n", style=BORDER_STYLE)
    text.append_text(rule("┗", "┻", "┛"))
    return text


def status_text(record, result, counting: bool = False) -> Text:
    """'puzzles.txt:3  solved, unique' with the status coloured."""
    text = Text(f"{record.where}  ", style="bold")
    text.append(result.status, style=STATUS_STYLES.get(result.status, ""))
    if result.status == Status.SOLVED:
        text.append({True: ", unique", False: "", None: ", uniqueness not checked"}[result.unique])
    if counting and result.solutions is not None:
        text.append(f", {result.solutions} solution{'s' if result.solutions != 1 else ''} counted")
    if result.error:
        text.append(f": {result.error}")
    return text


def result_view(record, result, counting: bool = False) -> Group:
    """The status line, then the grid (solved where there is a solution)."""
    parts = [status_text(record, result, counting)]
    if record.puzzle is not None:
        parts.append(grid(record.puzzle, result.solution))
    return Group(*parts)


def summary(tally: Counter) -> Text:
    """'12 puzzles: 11 solved, 1 multiple'."""
    total = sum(tally.values())
    parts = [f"{tally[status]} {status}" for status in STATUS_STYLES if tally[status]]
    return Text(f"{total} puzzle{'s' if total != 1 else ''}: " + ", ".join(parts), style="bold")


def rating_text(rating) -> Text:
    """'score 7.3  level probing (hardest: hidden pair)  complexity 1.63  ...' on one line."""
    if rating is None:
        return Text("no rating (the givens contradict each other)", style="red")
    text = Text("score ", style="bold")
    text.append(f"{rating.score:.1f}", style="bold")
    text.append("  level ")
    text.append(rating.level, style=LEVEL_STYLES.get(rating.level, ""))
    if rating.hardest:
        text.append(f" (hardest: {rating.hardest})")
    text.append(f"  complexity {rating.complexity:.3f}  open after propagation {rating.open_after_propagation}",
                style=BORDER_STYLE)
    if rating.probe_rounds:
        text.append(f"  probing steps {rating.probe_rounds}", style=BORDER_STYLE)
    if rating.guesses:
        text.append(f"  search {rating.guesses} guesses, {rating.conflicts} conflicts", style=BORDER_STYLE)
    return text


def step_text(number: Optional[int], step, puzzle) -> Text:
    """'12. hidden single: 8 fits only r1c6 in box 2' with the technique highlighted."""
    text = Text(f"{number:>3}. " if number is not None else "", style=BORDER_STYLE)
    description = step.describe(puzzle)
    name, _, rest = description.partition(": ")
    text.append(name, style=TECHNIQUE_STYLE)
    text.append(": " + rest)
    return text


def explanation_view(record, explanation) -> Group:
    """The header, every step, how it ends, and the finished grid (solver-filled cells marked)."""
    puzzle = explanation.puzzle
    parts = [Text(f"{record.where}  explanation", style="bold"), grid(puzzle)]
    parts.extend(step_text(i, step, puzzle) for i, step in enumerate(explanation.steps, 1))
    parts.append(Text(explanation.ending, style=ENDING_STYLES.get(explanation.outcome, "bold yellow")))
    if explanation.outcome != "solved" and explanation.solution is not None:
        parts.append(grid(puzzle, explanation.solution))
    return Group(*parts)


def hint_view(record, step, puzzle) -> Group:
    """One step, or a note that none is left."""
    header = Text(f"{record.where}  hint: ", style="bold")
    if step is None:
        header.append("no technique applies (solved, or only search remains)", style="yellow")
        return Group(header)
    header.append_text(step_text(None, step, puzzle))
    return Group(header, grid(puzzle))


def generated_view(number: int, generated, show_solution: bool = False) -> Group:
    """'#3  24 givens' + rating, then the grid."""
    header = Text(f"#{number}  {generated.givens} givens  ", style="bold")
    header.append_text(rating_text(generated.rating))
    values: Optional[Sequence[int]] = generated.solution if show_solution else None
    return Group(header, grid(generated.puzzle, values))


def answer_view(answer, options) -> Group:
    """One answer of `puzzlesat sudoku`: the status and grid, or the explanation or hint, and the rating."""
    record, result = answer.record, answer.result
    counting = options.count is not None
    if answer.explanation is not None:
        parts = [status_text(record, result, counting), explanation_view(record, answer.explanation)]
    elif options.hint and record.puzzle is not None:
        parts = [status_text(record, result, counting), hint_view(record, answer.hint, record.puzzle)]
    else:
        parts = [result_view(record, result, counting)]
    if options.rate and record.puzzle is not None and result.status == Status.SOLVED:
        parts.append(rating_text(answer.rating))
    return Group(*parts)

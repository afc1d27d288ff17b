"""Rich views of ratings, explanations, hints and generated puzzles."""

from __future__ import annotations

from typing import Optional, Sequence

from rich.console import Group
from rich.text import Text

from puzzlesat.render.sudoku import BORDER_STYLE, grid

LEVEL_STYLES = {"singles": "green", "reduction": "yellow", "probing": "magenta", "search": "bold red"}
TECHNIQUE_STYLE = "bold cyan"
PLACED_STYLE = "bold green"
REMOVED_STYLE = "red"


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
    parts.append(_ending(explanation))
    if explanation.outcome != "solved" and explanation.solution is not None:
        parts.append(grid(puzzle, explanation.solution))
    return Group(*parts)


def _ending(explanation) -> Text:
    """How the explanation ends."""
    if explanation.outcome == "solved":
        return Text("solved by these steps alone", style="bold green")
    if explanation.outcome == "broken":
        return Text("the givens contradict each other", style="bold red")
    rest = explanation.finished_by_solver
    text = Text(f"only search remains: {explanation.board.open_cells} cells open; ", style="bold yellow")
    if rest:
        side = explanation.puzzle.shape.side
        alphabet = explanation.puzzle.alphabet
        cells = ", ".join(f"r{c // side + 1}c{c % side + 1}={alphabet[v - 1]}" for c, v in rest)
        text.append(f"the SAT solver finishes with {cells}", style="")
    else:
        text.append("no solution to finish with", style="")
    return text


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

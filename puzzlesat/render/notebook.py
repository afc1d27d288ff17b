"""Pictures for notebooks: the drawers puzzlesat.pictures finds for `_repr_svg_` and `_repr_html_`.

A Sudoku draws its grid with its rules' regions and marks; a Result its solution (or why there is none); a hint's
Step the candidates it starts from with the step marked; a Rating its numbers and SE's analysis; an Explanation
its finished grid and the steps in order (HTML); a Minesweeper Analysis its board with the chances. Each uses what
render/svg already draws for `-f svg`.
"""

from __future__ import annotations

from html import escape
from typing import Optional

from puzzlesat.pictures import register
from puzzlesat.render.sudoku import drawn_rules
from puzzlesat.render.svg.sheet import Sheet
from puzzlesat.render.svg.sudoku import grid_svg, step_svg
from puzzlesat.render.svg.sudoku_answers import explained_svg, rating_line, step_caption

WIDTH = 480.0  # a text card's width (units)


@register("svg", "Sudoku")
def sudoku_picture(puzzle) -> str:
    """The puzzle's grid with its regions and constraints; a published one's title and author above it."""
    said = " ".join(filter(None, [puzzle.title, puzzle.author and f"by {puzzle.author}"]))
    return grid_svg(puzzle, None, drawn_rules(puzzle), lines=[said] if said else [], title=puzzle.title or "Sudoku")


@register("svg", "Result")
def result_picture(result) -> str:
    """The solved grid under its status line; the status and error alone when there is no puzzle."""
    unique = {True: ", unique", False: ", not unique", None: ""}[result.unique]
    lines = [f"{result.status}{unique}"] + ([result.error] if result.error else [])
    if result.puzzle is None:
        return text_card(lines, "Sudoku result")
    return grid_svg(result.puzzle, result.solution, drawn_rules(result.puzzle), lines=lines, title="Sudoku result")


@register("svg", "Step")
def step_picture(step) -> Optional[str]:
    """A hint drawn on the candidates it starts from; None for a step that does not know its position."""
    position = step.__dict__.get("_position")
    if position is None:
        return None
    puzzle, values, candidates = position
    return step_svg(puzzle, values, candidates, step, drawn_rules(puzzle),
                    [f"{step.describe(puzzle)} ({step.difficulty:.1f})"], title="Sudoku hint")


@register("svg", "Rating")
def rating_picture(rating) -> str:
    """SE's numbers and the hardest technique (and the effort when measured), then SE's analysis."""
    lines = [rating_line(rating) or "no rating"]
    lines += [f"{times} x {name} ({hardest:.1f})" for name, times, hardest in rating.techniques]
    return text_card(lines, "Sudoku rating")


@register("html", "Explanation")
def explanation_page(explanation) -> str:
    """The finished grid, each filled cell numbered by its step, then the steps as a numbered list."""
    puzzle = explanation.puzzle
    picture = explained_svg(explanation, puzzle, drawn_rules(puzzle), [f"explanation: {explanation.ending}"], [],
                            "Sudoku explanation", steps_listed=False)
    steps = "".join(f"<li>{escape(step_caption(None, step, puzzle))}</li>" for step in explanation.steps)
    return f"<div><figure>{picture}</figure><ol>{steps}</ol><p>{escape(explanation.ending)}</p></div>"


@register("svg", "Analysis")
def analysis_picture(analysis) -> Optional[str]:
    """The analysed Minesweeper board with its chances and marks; None when the board is not known."""
    from puzzlesat.render.svg.mines import board_picture

    board = analysis.__dict__.get("_board")
    return None if board is None else board_picture(board, analysis)


def text_card(lines, title: str) -> str:
    """Lines of text as a small picture, the first in bold."""
    sheet = Sheet(WIDTH, title)
    for index, line in enumerate(lines):
        sheet.text(line, bold=index == 0)
    return sheet.finish()

"""Sudoku answers for the terminal: statuses, ratings, explanations, hints and generated puzzles, each around
its grid (drawn by render.sudoku_grid)."""

from __future__ import annotations

import re
from collections import Counter
from typing import Optional

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text

from puzzlesat.errors import VariantError
from puzzlesat.render import plural
from puzzlesat.render.sudoku_grid import BORDER_STYLE, Fitted, grid_legend
from puzzlesat.sudoku.reading.glyphs import BLANK, BOX_DRAWING, DIFFERS
from puzzlesat.sudoku.report import beyond_logic, candidates_grid, count_complete, no_rating_reason
from puzzlesat.sudoku.solving.solver import Status

STATUS_STYLES = {
    Status.SOLVED: "bold green",
    Status.MULTIPLE: "bold yellow",
    Status.UNSAT: "bold red",
    Status.INVALID: "bold red",
    Status.TIMEOUT: "bold magenta",
}
LEVEL_STYLES = {"singles": "green", "reduction": "yellow", "probing": "magenta", "search": "bold red"}
TECHNIQUE_STYLE = "bold cyan"
DIMMED_MARKS = frozenset(".-:+|'" + BLANK)  # of a pencil-mark grid: its frame, and places of digits ruled out
ENDING_STYLES = {"solved": "bold green", "broken": "bold red"}


def status_text(record, result, count: Optional[int] = None) -> Text:
    """'puzzles.txt:3  solved, unique' with the status coloured; with `count` (the --count limit) how many
    solutions were counted: 'multiple, 3 solutions counted', or 'multiple, at least 5 solutions' when the count
    stopped at the limit or ran out of time."""
    text = Text(f"{record.where}  ", style="bold")
    text.append(result.status, style=STATUS_STYLES.get(result.status, ""))
    if result.status == Status.SOLVED:
        text.append({True: ", unique", False: "", None: ", uniqueness not checked"}[result.unique])
    complete = count_complete(result, count)
    if complete is not None:
        counted = plural(result.solutions, "solution")
        text.append(f", {counted} counted" if complete else f", at least {counted}")
    if result.error:
        text.append(f": {result.error}")
    return text


class Pair:
    """Two titled grids side by side when the console is wide enough, else one above the other: either way they
    read back first then second, and neither is cut or wrapped."""

    GAP = 3

    def __init__(self, first: tuple, second: tuple):
        self.first, self.second = first, second  # (title, Text)

    def __rich_console__(self, console, options):
        from rich.table import Table

        (title, left), (other, right) = self.first, self.second
        left, right = (side.text(options.max_width) if isinstance(side, Fitted) else side.copy() for side in (left, right))
        left.rstrip()
        right.rstrip()
        width = max(map(cell_len, left.plain.splitlines()), default=0)
        if width + self.GAP + max(map(cell_len, right.plain.splitlines()), default=0) > options.max_width:
            yield Group(Text(title, style="bold"), left, Text(other, style="bold"), right)
            return
        pair = Table.grid(padding=(0, self.GAP))
        pair.add_column(no_wrap=True, width=width)
        pair.add_column(no_wrap=True)
        pair.add_row(Text(title, style="bold"), Text(other, style="bold"))
        pair.add_row(left, right)
        yield pair


def result_view(record, result, count: Optional[int] = None, rules=None, setter=None) -> Group:
    """The status line, then the grid (solved where there is a solution); with a second solution, both (side by
    side when they fit), the cells where they differ marked and named, the legend once under them."""
    parts = [status_text(record, result, count)]
    if record.puzzle is None:
        return Group(*parts)
    if setter is None or setter.second is None:
        parts.append(Fitted(record.puzzle, result.solution, rules))
        return Group(*parts)
    differ = frozenset(setter.differences(result.solution))
    parts.append(Pair(("one solution", Fitted(record.puzzle, result.solution, rules, differ, legend=False)),
                      ("another", Fitted(record.puzzle, setter.second, rules, differ, legend=False))))
    legend = grid_legend(rules)
    if legend is not None:
        parts.append(legend)
    names = ", ".join(record.puzzle.shape.cell_name(cell) for cell in sorted(differ))
    parts.append(Text(f"they differ in {plural(len(differ), 'cell')} (marked {DIFFERS[0]}): {names}",
                      style=BORDER_STYLE))
    return Group(*parts)


def summary(tally: Counter) -> Text:
    """'12 puzzles: 11 solved, 1 multiple'."""
    parts = [f"{tally[status]} {status}" for status in STATUS_STYLES if tally[status]]
    return Text(f"{plural(sum(tally.values()), 'puzzle')}: " + ", ".join(parts), style="bold")


def rating_text(rating) -> Text:
    """'SE 7.2/1.2/1.2 (Forcing Chain, 64 steps)  effort 9.1  level probing  complexity 1.63 ...' on one line; a
    variant's 'difficulty 6.1 (about 48 minutes, 31-80)  hardest step 3.4/3.2/1.8 (Combination, 130 steps)'."""
    if rating is None:
        return Text("no rating (the givens contradict each other)", style="red")
    text = Text()
    if rating.er is not None:
        if rating.engine != "se" and rating.difficulty is not None:
            text.append("difficulty ", style="bold")
            text.append(f"{rating.difficulty:.1f}", style="bold")
            text.append(f" (about {rating.minutes:.0f} minutes, {rating.minutes_low:.0f}-{rating.minutes_high:.0f})"
                        f"  hardest step {rating.er:.1f}")
        else:
            text.append("SE " if rating.engine == "se" else "difficulty ", style="bold")
            text.append(f"{rating.er:.1f}", style="bold")
        text.append(f"/{rating.ep:.1f}/{rating.ed:.1f}")
        if rating.hardest:
            text.append(f" ({rating.hardest}, {plural(rating.steps, 'step')})")
        text.append("  ")
    if rating.score is None:
        text.rstrip()
        return text
    text.append("effort ", style="bold")
    text.append(f"{rating.score:.1f}", style="bold")
    text.append("  level ")
    text.append(rating.level, style=LEVEL_STYLES.get(rating.level, ""))
    text.append(f"  complexity {rating.complexity:.3f}  open after propagation {rating.open_after_propagation}",
                style=BORDER_STYLE)
    if rating.probe_rounds:
        text.append(f"  probing steps {rating.probe_rounds}", style=BORDER_STYLE)
    if rating.guesses:
        search = f"{plural(rating.guesses, 'guess', 'guesses')}, {plural(rating.conflicts, 'conflict')}"
        text.append(f"  search {search}", style=BORDER_STYLE)
    return text


def analysis_view(rating):
    """SE's analysis under the rating: '38 × Hidden Single (1.5)' for each technique of the path, easiest first,
    laid out in columns that fit the width; None when there is no path."""
    if rating is None or not rating.techniques:
        return None
    from rich.columns import Columns

    entries = [Text.assemble((f"{times:>3} × ", BORDER_STYLE), (name, TECHNIQUE_STYLE), (f" ({hardest:.1f})", BORDER_STYLE))
               for name, times, hardest in rating.techniques]
    return Columns(entries, padding=(0, 2))


def step_text(number: Optional[int], step, puzzle) -> Text:
    """'12. Hidden Single: 8 fits only r1c6 in box 2 (1.2)' with the technique highlighted."""
    text = Text()
    text.append(f"{number:>3}. " if number is not None else "", style=BORDER_STYLE)
    description = step.describe(puzzle)
    name, _, rest = description.partition(": ")
    text.append(name, style=TECHNIQUE_STYLE)
    text.append(": " + rest)
    text.append(f" ({step.difficulty:.1f})", style=BORDER_STYLE)
    return text


def explanation_view(record, explanation, rules=None, marks=None) -> Group:
    """The header, the grid (or the candidate grid `marks`), every step, how it ends, and the finished grid
    (solver-filled cells marked)."""
    puzzle = explanation.puzzle
    parts = [Text(f"{record.where}  explanation", style="bold"), marks_view(marks) or Fitted(puzzle, rules=rules)]
    parts.extend(step_text(i, step, puzzle) for i, step in enumerate(explanation.steps, 1))
    parts.append(Text(explanation.ending, style=ENDING_STYLES.get(explanation.outcome, "bold yellow")))
    if explanation.outcome != "solved" and explanation.solution is not None:
        solver = frozenset(cell for cell, _ in explanation.finished_by_solver)
        parts.append(Fitted(puzzle, explanation.solution, rules, solver))
        parts.append(Text(f"{DIFFERS[0]} filled by the solver, not by the steps", style=BORDER_STYLE))
    return Group(*parts)


def hint_view(record, step, puzzle, rules=None, marks=None, reveal: str = "step") -> Group:
    """One step (or as much of it as `reveal` shows: its technique, or also its cells, marked on the grid), or a
    note that none is left, over the grid (or the candidate grid `marks`). The whole step is marked in text too,
    readable without colour: on the grid its cells after a '›' and its placed digits filled in; on the candidate
    grid its cells underlined, its placed digits bold and reversed, the candidates it removes struck through."""
    header = Text(f"{record.where}  hint: ", style="bold")
    if step is None:
        header.append("no step can be proved: the puzzle is solved, contradicts itself or has more than one solution",
                      style="yellow")
        return Group(header)
    if reveal == "step":
        header.append_text(step_text(None, step, puzzle))
    else:
        header.append(step.vague_text(puzzle, reveal), style=TECHNIQUE_STYLE)
        header.append(f" ({step.difficulty:.1f})", style=BORDER_STYLE)
    if reveal == "technique":
        return Group(header, marks_view(marks) or Fitted(puzzle, rules=rules))
    if reveal == "cells":
        return Group(header, marks_view(marks) or Fitted(puzzle, rules=rules, marked=frozenset(step.where())))
    if marks:
        styles = _step_styles(marks, step, puzzle)
        if styles is None:  # (the mini-grid of a larger puzzle: drawn as it is, the sentence says the step)
            return Group(header, marks_view(marks))
        return Group(header, marks_view(marks, styles), Text(STEP_ON_MARKS, style=BORDER_STYLE))
    values = list(puzzle.values)
    for cell, digit in step.placements:
        values[cell] = digit
    cells = frozenset(step.where()) | {cell for cell, _ in (*step.placements, *step.eliminations)}
    return Group(header, Fitted(puzzle, values, rules, cells), Text(STEP_ON_GRID, style=BORDER_STYLE))


STEP_ON_GRID = f"{DIFFERS[0]} the step's cells, its placed digits filled in"
STEP_ON_MARKS = "underlined: the step's cells; reversed: the digit placed; struck through: the candidates removed"
PATTERN_STYLE, PLACED_STYLE, REMOVED_STYLE = "underline", "bold reverse green", "strike red"
MARK_TOKEN = re.compile(r"[^\s|.:'+-]+")  # a cell's candidates on a row of the HoDoKu pencil-mark grid


def marks_view(marks: Optional[list], styles: Optional[dict] = None) -> Optional[Text]:
    """The pencil-mark grid's lines, frame and ruled-out places dimmed, and the `styles` of a step's candidates
    ((line, column) -> style, see _step_styles); None without marks."""
    if not marks:
        return None
    styles = styles or {}
    text = Text()
    for number, line in enumerate(marks):
        for column, ch in enumerate(line):
            style = BORDER_STYLE if ch in DIMMED_MARKS or ch in BOX_DRAWING else ""
            text.append(ch, style=styles.get((number, column), style))
        text.append("\n")
    text.rstrip()
    return text


def _step_styles(marks: list, step, puzzle) -> Optional[dict]:
    """(line, column) -> style for the step's candidates on a HoDoKu pencil-mark grid; None when the grid is not
    one (the mini-grid of larger puzzles, numbers written apart)."""
    side = puzzle.shape.side
    rows = [line for line in marks if line.startswith("|")]
    if puzzle.numeric or len(rows) != side:
        return None
    places = {}
    for row, line in zip(range(side), (n for n, line in enumerate(marks) if line.startswith("|"))):
        tokens = list(MARK_TOKEN.finditer(marks[line]))
        if len(tokens) != side:
            return None
        for col, token in enumerate(tokens):
            places[row * side + col] = (line, token)
    styles = {}
    pattern = set(step.where())
    for cell in pattern:
        line, token = places[cell]
        styles.update({(line, column): PATTERN_STYLE for column in range(token.start(), token.end())})
    for changes, style in ((step.eliminations, REMOVED_STYLE), (step.placements, PLACED_STYLE)):
        for cell, digit in changes:
            line, token = places[cell]
            at = token.group().find(puzzle.alphabet[digit - 1])
            if at >= 0:
                styles[line, token.start() + at] = f"{style} underline" if cell in pattern else style
    return styles


def generated_view(number: int, generated, show_solution: bool = False) -> Group:
    """'#3  24 givens' + rating, then the grid; with `show_solution` the puzzle and its solution, side by side when
    they fit (so that the puzzle survives where bold does not)."""
    header = Text(f"#{number}  {plural(generated.givens, 'given')}  ", style="bold")
    header.append_text(rating_text(generated.rating))
    if not show_solution:
        return Group(header, Fitted(generated.puzzle))
    return Group(header, Pair(("puzzle", Fitted(generated.puzzle)),
                              ("solution", Fitted(generated.puzzle, generated.solution))))


def answer_view(answer, options) -> Group:
    """One answer of `puzzlesat sudoku`: the status and grid (drawn with the variant's rules), or the explanation
    or hint, and the rating."""
    record, result = answer.record, answer.result
    rules = drawn_rules(record.puzzle)
    marks = candidates_grid(answer, options) if options.candidates and record.puzzle is not None else None
    if answer.explanation is not None:
        parts = [status_text(record, result, options.count),
                 explanation_view(record, answer.explanation, rules, marks)]
    elif options.hint and record.puzzle is not None:
        parts = [status_text(record, result, options.count),
                 hint_view(record, answer.hint, record.puzzle, rules, marks, options.reveal)]
    else:
        parts = [result_view(record, result, options.count, rules, answer.setter)]
    if options.rate and record.puzzle is not None and result.status != Status.INVALID:
        parts.append(rating_text(answer.rating) if answer.rating else Text(no_rating_reason(result), style="yellow"))
        parts.extend(filter(None, [analysis_view(answer.rating)]))
    if record.published:
        parts.extend(variant_lines(record.puzzle, result))
    if answer.setter is not None:
        parts.extend(setter_view(record.puzzle, answer.setter, bool(rules is not None and rules.constraints)))
    return Group(*parts)


def variant_lines(variant, result) -> list:
    """Title and author, the constraints read, what could not be read, and whether the stated solution is ours."""
    lines = []
    if variant.title or variant.author:
        lines.append(Text(" ".join(filter(None, [variant.title, variant.author and f"by {variant.author}"])),
                          style="bold"))
    read = ", ".join(f"{count} {kind}" for kind, count in variant.kinds().items()) or "no constraints"
    lines.append(Text(f"read: {read}" + (", irregular regions" if variant.regions is not None else ""),
                      style=BORDER_STYLE))
    for what in variant.not_understood(result.status == Status.MULTIPLE):
        lines.append(Text(f"not understood, left out: {what}", style="bold yellow"))
    for what in variant.misread:
        lines.append(Text(f"misread, left out: {what}", style="bold yellow"))
    if variant.ignored:
        lines.append(Text(f"ignored (drawn, no rule read): {'; '.join(variant.ignored)}", style="yellow"))
    same = variant.matches_stated(result.solution)
    if same is not None:
        lines.append(Text("the solution the puzzle states: " + ("the same" if same else "DIFFERENT from the one found"),
                          style="green" if same else "bold red"))
    return lines


def setter_view(puzzle, report, constrained: bool) -> list:
    """What clashes when there is no solution, true candidates as a pencil-mark grid, and the redundant givens and
    constraints."""
    from puzzlesat.sudoku.reading.pencil import masks_grid

    parts = []
    if report.conflict:
        parts.append(Text(f"no solution; these clash: {'; '.join(report.conflict)}", style="bold yellow"))
    if report.candidates is not None:
        open_cells = sum(1 for mask in report.candidates if mask & (mask - 1))
        if open_cells:
            parts.append(Text(f"true candidates ({plural(open_cells, 'cell')} still open):", style="bold"))
            parts.append(marks_view(masks_grid(report.candidates, puzzle.shape, puzzle.alphabet)))
        else:
            parts.append(Text("true candidates: one per cell, the solution's", style="bold"))
    if report.logical is not None:
        parts.extend(logic_view(puzzle, report))
    if report.redundancy is not None:
        shape = puzzle.shape
        givens = ", ".join(shape.cell_name(cell) for cell in report.redundancy.givens) or "none"
        constraints = ", ".join(report.redundancy.constraints) or "none"
        parts.append(Text(f"redundant givens (each could go, the solution stays unique): {givens}"))
        if constrained:
            parts.append(Text(f"redundant constraints: {constraints}"))
    return parts


def logic_view(puzzle, report) -> list:
    """What the techniques alone leave beyond the true candidates: their count and the pencil-mark grid of what
    logic leaves, or that they remove every candidate no solution has."""
    from puzzlesat.sudoku.reading.pencil import masks_grid

    extra = beyond_logic(report)
    if not extra:
        return [Text("logic alone removes every candidate no solution has", style="green")]
    cells = len({cell for cell, _ in extra})
    return [Text(f"logic alone leaves {plural(len(extra), 'candidate')} in {plural(cells, 'cell')} that no solution "
                 "has; the candidates it leaves:", style="bold yellow"),
            marks_view(masks_grid(report.logical, puzzle.shape, puzzle.alphabet))]


def drawn_rules(puzzle):
    """The rules a puzzle was solved with, to draw: None for a classic one, no puzzle, or rules that cannot hold on
    its grid (its answer says why)."""
    if puzzle is None or puzzle.classic:
        return None
    try:
        return puzzle.rules
    except VariantError:
        return None

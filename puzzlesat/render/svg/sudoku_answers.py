"""The answers of `puzzlesat sudoku` and `puzzlesat sudoku generate` as pictures: each answer's SVG (its solved grid
with the givens, a hint drawn on the position it starts from, the true candidates, two solutions side by side, an
explanation's finished grid with its steps), its section of the HTML page (the picture, its data, an explanation as
a walk-through with a drawing per step), and the page of a run (with a histogram of the ratings of a rated
collection). Everything a link brings (title, author, rules) is text in the picture and the page.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import List, Optional, Sequence

from puzzlesat.render import plural
from puzzlesat.render.svg.chart import histogram
from puzzlesat.render.svg.page import Section, Slide, page
from puzzlesat.render.svg.sheet import SMALL_SIZE, Sheet
from puzzlesat.render.svg.sudoku import Frame, grid_svg, pair_svg, sheet_of, step_svg
from puzzlesat.sudoku.report import beyond_logic, count_complete, hint_sentence, no_rating_reason, start_board
from puzzlesat.sudoku.solving.solver import Status

STATUS_ORDER = (Status.SOLVED, Status.MULTIPLE, Status.UNSAT, Status.INVALID, Status.TIMEOUT)
KEY = ("Givens are bold and upright on grey, digits found blue and italic; the legend under each grid says what "
       "its marks mean.")
NO_STEP = "no step can be proved: the puzzle is solved, contradicts itself or has more than one solution"


# ---- words ------------------------------------------------------------------------------------------------


def status_line(answer, options) -> str:
    """'puzzles.txt:3  solved, unique', with a count and an error as the terminal says them."""
    record, result = answer.record, answer.result
    text = f"{record.where}  {result.status}"
    if result.status == Status.SOLVED:
        text += {True: ", unique", False: "", None: ", uniqueness not checked"}[result.unique]
    complete = count_complete(result, options.count)
    if complete is not None:
        counted = plural(result.solutions, "solution")
        text += f", {counted} counted" if complete else f", at least {counted}"
    if result.error:
        text += f": {result.error}"
    return text


def rating_line(rating) -> str:
    """'SE 7.2/1.2/1.2 (Forcing Chain, 64 steps), effort 9.1, level probing' (each part only when rated)."""
    parts = []
    if rating.er is not None:
        name = "SE" if rating.engine == "se" else "difficulty"
        hardest = f" ({rating.hardest}, {plural(rating.steps, 'step')})" if rating.hardest else ""
        parts.append(f"{name} {rating.er:.1f}/{rating.ep:.1f}/{rating.ed:.1f}{hardest}")
    if rating.score is not None:
        parts.append(f"effort {rating.score:.1f}, level {rating.level}")
    return ", ".join(parts)


def variant_lines(variant, result) -> List[str]:
    """Title and author, the constraints read, what could not be read, and whether the stated solution is ours."""
    lines = []
    if variant.title or variant.author:
        lines.append(" ".join(filter(None, [variant.title, variant.author and f"by {variant.author}"])))
    read = ", ".join(f"{count} {kind}" for kind, count in variant.kinds().items()) or "no constraints"
    lines.append(f"read: {read}" + (", irregular regions" if variant.regions is not None else ""))
    several = result.status == Status.MULTIPLE
    lines.extend(f"not understood, left out: {what}" for what in variant.not_understood(several))
    lines.extend(f"misread, left out: {what}" for what in variant.misread)
    if variant.ignored:
        lines.append(f"ignored (drawn, no rule read): {'; '.join(variant.ignored)}")
    same = variant.matches_stated(result.solution)
    if same is not None:
        lines.append("the solution the puzzle states: " + ("the same" if same else "DIFFERENT from the one found"))
    return lines


def answer_lines(answer, options) -> List[str]:
    """The text above an answer's grid."""
    record, result = answer.record, answer.result
    lines = [status_line(answer, options)]
    if record.published:
        lines.extend(variant_lines(record.puzzle, result))
    if options.rate and record.puzzle is not None and result.status != Status.INVALID:
        lines.append(rating_line(answer.rating) if answer.rating else no_rating_reason(result))
    report = answer.setter
    if report is not None and report.redundancy is not None:
        shape = record.puzzle.shape
        lines.append("redundant givens (each could go, the solution stays unique): "
                     + (", ".join(shape.cell_name(cell) for cell in report.redundancy.givens) or "none"))
        if rules_of(answer, options) is not None and rules_of(answer, options).constraints:
            lines.append("redundant constraints: " + (", ".join(report.redundancy.constraints) or "none"))
    return lines


def rules_notes(answer) -> List[str]:
    """A link's rules text, under the grid."""
    variant = answer.record.puzzle
    return [f"Rules: {variant.rules_text}"] if answer.record.published and variant.rules_text.strip() else []


def title_of(answer) -> str:
    """The picture's title: what it shows and where from."""
    record = answer.record
    name = f" {record.puzzle.title}" if record.published and record.puzzle.title else ""
    return f"Sudoku{name}: {record.where} {answer.result.status}"


# ---- the rules an answer was solved with ------------------------------------------------------------------


def rules_of(answer, options):
    """The rules of the answer's grid: its puzzle's own (a link's, --variant's), or None (classic, or rules that do
    not fit)."""
    from puzzlesat.render.sudoku import drawn_rules

    return drawn_rules(answer.record.puzzle)


# ---- one answer's picture ---------------------------------------------------------------------------------


def answer_svg(answer, options, steps_listed: bool = True) -> str:
    """The answer's picture: its status, the grid it calls for, the legend; an explanation's steps listed under
    its finished grid (unless `steps_listed` is false: the page walks through them instead)."""
    record, result = answer.record, answer.result
    lines, notes, title = answer_lines(answer, options), rules_notes(answer), title_of(answer)
    if record.puzzle is None:
        sheet = Sheet(480.0, title)
        for index, line in enumerate(lines):
            sheet.text(line, bold=index == 0)
        return sheet.finish()
    puzzle, rules = record.puzzle, rules_of(answer, options)
    if answer.explanation is not None:
        return explanation_svg(answer, rules, lines, notes, title, steps_listed)
    if options.hint:
        return hint_svg(answer, options, rules, lines, notes, title)
    report = answer.setter
    if report is not None and report.candidates is not None:
        return candidates_svg(answer, options, rules, lines, notes, title)
    if report is not None and report.second is not None:
        return pair_svg(puzzle, result.solution, report.second, rules, lines, notes + [differences(answer)], title)
    return grid_svg(puzzle, result.solution, rules, lines=lines, notes=notes, title=title)


def differences(answer) -> str:
    """'they differ in 4 cells: r1c1, ...'."""
    puzzle, report = answer.record.puzzle, answer.setter
    differ = report.differences(answer.result.solution)
    return f"they differ in {plural(len(differ), 'cell')}: " + ", ".join(puzzle.shape.cell_name(c) for c in differ)


def explanation_svg(answer, rules, lines: List[str], notes: List[str], title: str, steps_listed: bool) -> str:
    """An answer's explanation: its finished grid (explained_svg) under the answer's lines."""
    return explained_svg(answer.explanation, answer.record.puzzle, rules, lines, notes, title, steps_listed)


def explained_svg(explanation, puzzle, rules, lines: List[str], notes: List[str], title: str,
                  steps_listed: bool) -> str:
    """The finished grid, each cell a step filled numbered in its corner, the cells the solver finished marked;
    the steps listed under it, and how they end."""
    corner = {}
    for number, step in enumerate(explanation.steps, 1):
        corner.update((cell, str(number)) for cell, _ in step.placements)
    values = explanation.solution if explanation.outcome != "solved" and explanation.solution else explanation.values
    solver = frozenset(cell for cell, _ in explanation.finished_by_solver)
    listed = [step_caption(number, step, puzzle) for number, step in enumerate(explanation.steps, 1)] \
        if steps_listed else []
    return grid_svg(puzzle, values, rules, lines=lines + [f"explanation: {explanation.ending}"],
                    notes=notes + listed, title=title, corner=corner,
                    corner_words="small number in a corner: the step that filled the cell", marked=solver,
                    marked_words="thick outline: filled by the solver, not by the steps")


def step_caption(number: Optional[int], step, puzzle) -> str:
    """'12. Hidden Single: 8 fits only r1c6 in box 2 (1.2)'."""
    prefix = f"{number}. " if number is not None else ""
    return f"{prefix}{step.describe(puzzle)} ({step.difficulty:.1f})"


def hint_svg(answer, options, rules, lines: List[str], notes: List[str], title: str) -> str:
    """The hint drawn on the candidates it starts from (as much as --reveal shows), its sentence above."""
    puzzle, step = answer.record.puzzle, answer.hint
    board = start_board(answer, options)
    sentence = hint_sentence(step, puzzle, options.reveal) if step is not None else NO_STEP
    if step is not None and options.reveal == "step":
        sentence += f" ({step.difficulty:.1f})"
    lines = lines + [f"hint: {sentence}"]
    if board is None:
        return grid_svg(puzzle, None, rules, lines=lines, notes=notes, title=title)
    if step is None:
        return grid_svg(puzzle, board.values, rules, pencil=open_marks(board), lines=lines, notes=notes,
                        title=title)
    return step_svg(puzzle, board.values, board.cands, step, rules, lines, notes, title, options.reveal)


def open_marks(board) -> list:
    """A candidate grid's masks, none in a placed cell."""
    return [0 if value else mask for value, mask in zip(board.values, board.cands)]


def candidates_svg(answer, options, rules, lines: List[str], notes: List[str], title: str) -> str:
    """The true candidates as pencil marks (a cell with one of them shows it as found); with --logical the
    candidates logic leaves, those of them no solution has grey in a dashed ring."""
    puzzle, report = answer.record.puzzle, answer.setter
    masks = report.logical if options.logical and report.logical is not None else report.candidates
    values = [digit_of(mask) if not given else given for mask, given in zip(masks, puzzle.values)]
    doubtful = frozenset(beyond_logic(report)) if options.logical else frozenset()
    pencil = [0 if value else mask for value, mask in zip(values, masks)]
    words = "small digits: what logic alone leaves" if masks is report.logical else \
        "small digits: the digits some solution puts in the cell (true candidates)"
    open_cells = sum(1 for mask in report.candidates if mask & (mask - 1))
    lines = lines + [f"true candidates: {plural(open_cells, 'cell')} still open" if open_cells else
                     "true candidates: one per cell, the solution's"]
    return grid_svg(puzzle, values, rules, pencil, lines, notes, title, pencil_words=words, doubtful=doubtful)


def digit_of(mask: int) -> int:
    """The digit of a mask with one bit, else 0."""
    return mask.bit_length() if mask and not mask & (mask - 1) else 0


# ---- the page ---------------------------------------------------------------------------------------------


def answer_section(answer, options) -> Section:
    """The answer's part of the page: its picture, its data, and an explanation's walk-through."""
    record = answer.record
    heading = record.where + (f": {record.puzzle.title}" if record.published and record.puzzle.title
                              else "")
    steps = walk(answer, options) if answer.explanation is not None else ()
    return Section(heading, answer_svg(answer, options, steps_listed=not steps), tuple(facts(answer, options)),
                   steps)


def facts(answer, options) -> list:
    """The answer's data as (name, value) pairs."""
    from puzzlesat.sudoku.report import to_record

    record = to_record(answer, options)
    if answer.record.puzzle is not None:
        record["puzzle"] = answer.record.puzzle.to_line()  # a link's grid, not the whole link
    shown = []
    for name in ("puzzle", "status", "solution", "unique", "solutions", "error", "title", "author", "constraints",
                 "matches_stated", "second_solution", "differences", "redundant_givens", "redundant_constraints",
                 "unknown", "ignored", "misread", "conflict"):
        if name in record and record[name] not in (None, [], {}, ""):
            shown.append((name, plain(record[name])))
    if answer.rating is not None:
        shown.append(("rating", rating_line(answer.rating)))
    elif record.get("rating_note"):
        shown.append(("rating", record["rating_note"]))
    if answer.explanation is not None:
        shown.append(("explanation", f"{plural(len(answer.explanation.steps), 'step')}; "
                                     f"{answer.explanation.ending}"))
    if options.hint and record.get("hint") is not None:
        shown.append(("hint", record["hint"]["text"]))
    shown.append(("time", f"{record['time_ms']:.0f} ms"))
    return shown


def plain(value) -> str:
    """A record's value as plain text."""
    if isinstance(value, dict):
        return ", ".join(f"{count} {kind}" for kind, count in value.items())
    if isinstance(value, list):
        return ", ".join(map(plain, value))
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def walk(answer, options) -> tuple:
    """An explanation a step at a time: each step drawn on the position it starts from."""
    explanation, puzzle = answer.explanation, answer.record.puzzle
    board = start_board(answer, options)
    if board is None:
        return ()
    rules = rules_of(answer, options)
    frames = []
    for number, step in enumerate(explanation.steps, 1):
        caption = step_caption(number, step, puzzle)
        picture = step_svg(puzzle, board.values, board.cands, step, rules, title=f"step {number}")
        frames.append(Slide(caption, picture))
        board.apply(step)
    frames.append(Slide(f"the end: {explanation.ending}", grid_svg(puzzle, board.values, rules,
                                                                   pencil=open_marks(board), title="the end")))
    return tuple(frames)


def run_page(sections: Sequence[Section], tally: Counter, ratings: Sequence[float] = ()) -> str:
    """The page of a run: what it holds, a histogram of the ratings when the puzzles were rated, every section."""
    parts = [f"{tally[status]} {status}" for status in STATUS_ORDER if tally[status]]
    summary = f"{plural(sum(tally.values()), 'puzzle')}: {', '.join(parts)}. {KEY}"
    chart = ratings_chart(ratings) if ratings else ""
    return page(f"puzzlesat sudoku: {plural(sum(tally.values()), 'puzzle')}", sections, summary, chart)


def ratings_chart(ratings: Sequence[float]) -> str:
    """A histogram of the ERs, one bar per whole number from the lowest to the highest."""
    low, high = int(min(ratings)), int(max(ratings))
    bins = [(n, n + 1) for n in range(low, high + 1)]
    return histogram(list(ratings), bins, "difficulty (ER)", "puzzles rated")


def file_name(answer, number: int) -> str:
    """'0003-examples-line19.svg': the record's number, its file's name and its line."""
    source = answer.record.source
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", source.rsplit("/", 1)[-1].rsplit(".", 1)[0]).strip("-") or "input"
    return f"{number:04d}-{stem}-line{answer.record.line}.svg"


# ---- generated puzzles ------------------------------------------------------------------------------------


def generated_lines(number: int, generated) -> List[str]:
    """'#3  24 givens' and the rating."""
    lines = [f"#{number}  {plural(generated.givens, 'given')}"]
    if generated.rating is not None:
        lines.append(rating_line(generated.rating))
    return lines


def generated_svg(number: int, generated, show_solution: bool = False) -> str:
    """A new puzzle; with `show_solution` the puzzle and its solution side by side."""
    lines, title = generated_lines(number, generated), f"Sudoku: new puzzle {number}"
    if not show_solution:
        return grid_svg(generated.puzzle, lines=lines, title=title)
    frames = [Frame(generated.puzzle, heading="puzzle"), Frame(generated.puzzle, generated.solution,
                                                               heading="solution")]
    return sheet_of(frames, lines, title=title).finish()


def generated_section(number: int, generated, show_solution: bool = False) -> Section:
    """A new puzzle's part of the page."""
    puzzle = generated.puzzle
    shown = [("puzzle", puzzle.to_line()), ("givens", str(generated.givens))]
    if generated.rating is not None:
        shown.append(("rating", rating_line(generated.rating)))
    if show_solution:
        shown.append(("solution", puzzle.format_values(generated.solution)))
    return Section(f"puzzle {number}", generated_svg(number, generated, show_solution), tuple(shown))


def generated_page(sections: Sequence[Section], ratings: Sequence[float] = ()) -> str:
    """The page of new puzzles, with a histogram of their ratings."""
    chart = ratings_chart(ratings) if ratings else ""
    return page(f"puzzlesat sudoku generate: {plural(len(sections), 'puzzle')}", sections, KEY, chart)

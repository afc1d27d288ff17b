"""A link's reading held to the solution the puzzle states, and to what can hold at all.

SudokuPad stores drawings, not rules, so a reader infers each constraint from a line's colour, a shape, the rules
text: it can infer wrong. When the puzzle states its solution, that solution is the oracle of the reading: every
constraint read is checked against it before anything is solved, and one it breaks was misread. It is left out,
named with why (`whisper r1c1-r1c4: the stated solution has 3 and 6 adjacent; read as whispers with a difference of
at least 5`), and the rest goes on. So a puzzle whose solution is stated is never answered wrong: what is left still
admits that solution. Without a stated solution, a constraint that can hold on no grid (a cage of three cells
totalling 2) is left out and named the same way; clashes between constraints that can each hold are the solver's
to name (puzzlesat.sudoku.solving.setter.conflict).

A stated solution that breaks the grid itself (two 5s in a row, a given changed) says the grid follows rules other
than a Sudoku's (regions the solver builds, repeated digits): such a puzzle is refused with that reason.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Optional, Sequence

from puzzlesat.errors import VariantError
from puzzlesat.sudoku.model.constraints import Geometry
from puzzlesat.sudoku.model.sudoku import Sudoku

MAX_DIGITS_SHOWN = 12  # digits of a long constraint quoted in a reason


def held_to_stated(variant: Sudoku) -> Sudoku:
    """The puzzle without the constraints its stated solution breaks, or that can hold on no grid (each named in
    `misread`); VariantError when the stated solution breaks the givens or the grid's rows, columns and regions."""
    geometry = Geometry(variant.shape, variant.regions)
    solution = variant.solution
    if solution is not None:
        _check_grid(variant, solution, geometry)
    kept, misread = [], list(variant.misread)
    for constraint in variant.constraints:
        reason = _broken(constraint, solution, geometry) if solution is not None else _impossible(constraint, geometry)
        if reason is None:
            kept.append(constraint)
        else:
            misread.append(f"{constraint.label(geometry)}: {reason}")
    if len(kept) == len(variant.constraints):
        return variant
    return replace(variant, constraints=tuple(kept), misread=tuple(misread))


def _check_grid(variant: Sudoku, solution: Sequence[int], geometry: Geometry) -> None:
    """A VariantError when the stated solution changes a given or repeats a digit in a row, column or region."""
    shape = variant.shape
    for cell, (given, stated) in enumerate(zip(variant.values, solution)):
        if given and given != stated:
            raise VariantError(f"the solution the puzzle states has {stated} in {shape.cell_name(cell)}, where "
                               f"the grid gives {given}: the puzzle's givens or its solution are not read right")
    houses = [("row", shape.rows), ("column", shape.columns), ("region", geometry.regions)]
    for name, groups in houses:
        for index, group in enumerate(groups, 1):
            digits = [solution[cell] for cell in group]
            twice = next((d for d in digits if digits.count(d) > 1), None)
            if twice is not None:
                raise VariantError(
                    f"the solution the puzzle states repeats {twice} in {name} {index}: its grid follows other rules "
                    f"than rows, columns and {'regions' if variant.regions is not None else 'boxes'} of distinct "
                    "digits (regions to be found, digits that repeat), which puzzlesat does not read")


def _broken(constraint, solution: Sequence[int], geometry: Geometry) -> Optional[str]:
    """Why the stated solution breaks the constraint, or None when it holds."""
    try:
        if constraint.holds(solution, geometry):
            return None
    except (ValueError, IndexError) as error:
        return f"cannot be checked on this grid ({error})"
    describe = REASONS.get(type(constraint).__name__, _digits_on)
    return describe(constraint, solution, geometry)


def _impossible(constraint, geometry: Geometry) -> Optional[str]:
    """Why the constraint can hold on no grid of this shape (its encoding refuses it), or None."""
    from puzzlesat.sudoku.model.constraints.encodings import Encoder

    try:
        for _ in constraint.clauses(Encoder(geometry)):
            pass
    except ValueError as error:
        return str(error).split(": ", 1)[-1] if ": " in str(error) else str(error)
    return None


def _shown(digits: Sequence[int]) -> str:
    """'3 6 8 1', cut after MAX_DIGITS_SHOWN digits."""
    text = " ".join(map(str, digits[:MAX_DIGITS_SHOWN]))
    return text + (" ..." if len(digits) > MAX_DIGITS_SHOWN else "")


def _digits_on(constraint, solution: Sequence[int], geometry: Geometry) -> str:
    """The general reason: the digits the stated solution puts on the constraint's cells."""
    cells = constraint.footprint()
    if len(cells) >= geometry.shape.cells:
        return "the stated solution breaks it"
    return f"the stated solution breaks it (its cells hold {_shown([solution[cell] for cell in cells])})"


def _repeat(cells: Sequence[int], solution: Sequence[int]) -> Optional[int]:
    """A digit the solution repeats among `cells`, or None."""
    digits = [solution[cell] for cell in cells]
    return next((d for d in digits if digits.count(d) > 1), None)


def _cage(constraint, solution: Sequence[int], geometry: Geometry) -> str:
    """A cage: a repeated digit, or its sum."""
    twice = _repeat(constraint.cells, solution)
    if twice is not None:
        return f"the stated solution repeats {twice} in it (read as a cage of distinct digits)"
    total = sum(solution[cell] for cell in constraint.cells)
    return f"the stated solution's digits there add up to {total}, not {constraint.total}"


def _first_step(constraint, solution: Sequence[int], geometry: Geometry, what: str) -> str:
    """A line whose neighbours obey a step rule: the first two neighbours that do not."""
    cells = constraint.cells
    for a, b in zip(cells, cells[1:]):
        if not constraint.step(solution[a], solution[b]):
            return f"the stated solution has {solution[a]} and {solution[b]} next to each other on it; {what}"
    return _digits_on(constraint, solution, geometry)


def _whisper(constraint, solution: Sequence[int], geometry: Geometry) -> str:
    """Whispers: the first neighbours too close."""
    return _first_step(constraint, solution, geometry, f"read as whispers, neighbours at least {constraint.gap} apart")


def _thermometer(constraint, solution: Sequence[int], geometry: Geometry) -> str:
    """A thermometer: the first neighbours out of order."""
    rule = "never decreasing" if constraint.slow else "increasing"
    bulb = geometry.cell_name(constraint.cells[0])
    return _first_step(constraint, solution, geometry, f"read as a thermometer from {bulb}, digits {rule}")


def _arrow(constraint, solution: Sequence[int], geometry: Geometry) -> str:
    """An arrow: the circle's number and the shaft's sum."""
    circle = "".join(str(solution[cell]) for cell in constraint.circle)
    total = sum(solution[cell] for cell in constraint.shaft)
    return f"the stated solution has {circle} in the circle and {total} along the shaft"


def _pair(constraint, solution: Sequence[int], geometry: Geometry) -> str:
    """A mark between two cells: their digits."""
    return f"the stated solution has {solution[constraint.a]} and {solution[constraint.b]} there"


def _cell(constraint, solution: Sequence[int], geometry: Geometry) -> str:
    """A mark on one cell: its digit."""
    return f"the stated solution has {solution[constraint.cell]} there"


def _group(constraint, solution: Sequence[int], geometry: Geometry) -> str:
    """A rule of distinct digits: the first group with a repeat."""
    for group in constraint.groups():
        twice = _repeat(group, solution)
        if twice is not None:
            return (f"the stated solution repeats {twice} in {geometry.cell_name(group[0])}-"
                    f"{geometry.cell_name(group[-1])}")
    return _digits_on(constraint, solution, geometry)


REASONS: "dict[str, Callable]" = {
    "Killer": _cage, "Whisper": _whisper, "Thermometer": _thermometer, "Arrow": _arrow, "Kropki": _pair,
    "XV": _pair, "Difference": _pair, "Ratio": _pair, "Parity": _cell, "PencilMarks": _cell, "Extremum": _cell,
    "Distinct": _group, "Chess": _group, "Taxicab": _group,
}  # by class name: the reasons that say more than the digits on the cells

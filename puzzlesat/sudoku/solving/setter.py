"""What a setter asks of a puzzle beyond its solution: a second solution and where it differs, the true
candidates of every cell, and which givens and constraints could go without losing uniqueness.

All of it runs on incremental SAT sessions with the givens as assumptions:
  second_solution    one more solve with the first solution blocked (behind an activation literal)
  true_candidates    Session.possible over each empty cell's literals: one solve per cell, plus one per
                     digit found, instead of one per candidate
  redundancy         one session where every constraint's clauses hang on a selector literal; dropping a given
                     (or switching a selector off) with the known solution blocked is UNSAT exactly when the
                     puzzle stays unique without it
  conflict           the same selectors on a puzzle without a solution: the UNSAT core over the selectors and the
                     givens names what clashes, shrunk until no part of it can go
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from puzzlesat.budget import Budget
from puzzlesat.sat import Session
from puzzlesat.sudoku.solving.encode import clauses, group_clauses
from puzzlesat.sudoku.model.grid import Puzzle
from puzzlesat.sudoku.model.literals import literals
from puzzlesat.sudoku.model.rules import Rules
from puzzlesat.sudoku.solving.solver import SudokuSolver


@dataclass(frozen=True)
class Redundancy:
    """Givens (cells) and constraints (their labels) each of which the puzzle could lose and stay unique."""

    givens: tuple
    constraints: tuple


@dataclass(frozen=True)
class SetterReport:
    """A setter's answers for one puzzle; None for what was not asked (or does not apply)."""

    second: Optional[tuple] = None  # a second solution, when the puzzle has more than one
    candidates: Optional[tuple] = None  # per cell, the bit mask of the digits some solution puts there
    redundancy: Optional[Redundancy] = None
    logical: Optional[tuple] = None  # per cell, the digits the techniques alone leave (with --logical)
    conflict: Optional[tuple] = None  # what clashes when there is no solution (see `conflict`)

    def differences(self, first: Sequence[int]) -> tuple:
        """The cells where the second solution differs from `first`."""
        if self.second is None:
            return ()
        return tuple(cell for cell, (a, b) in enumerate(zip(first, self.second)) if a != b)


def second_solution(solver: SudokuSolver, puzzle: Puzzle, first: Sequence[int],
                    budget: Optional[Budget] = None) -> Optional[tuple]:
    """Another solution than `first`, verified, or None when `first` is the only one."""
    table, session = solver.literals, solver.session
    activation = session.new_var()
    session.add_clause([-activation, *(-table.var(cell, value) for cell, value in enumerate(first)
                                       if not puzzle.values[cell])])
    try:
        found = session.solve([*table.stated(puzzle), activation], budget)
        if not found:
            return None
        return solver.checked(puzzle, table.values(session.values(table.variables)))
    finally:
        session.retire(activation)


def true_candidates(solver: SudokuSolver, puzzle: Puzzle, budget: Optional[Budget] = None) -> Optional[tuple]:
    """Per cell, the bit mask (bit d-1: digit d) of the digits at least one solution puts there; None when
    there is no solution."""
    table = solver.literals
    empty = [cell for cell, value in enumerate(puzzle.values) if not value]
    possible = solver.session.possible(table.stated(puzzle), [list(table.of_cell(cell)) for cell in empty], budget)
    if possible is None:
        return None
    masks = [0 if value == 0 else 1 << (value - 1) for value in puzzle.values]
    for cell, value in table.placed(possible):
        masks[cell] |= 1 << (value - 1)
    return tuple(masks)


def redundancy(rules: Rules, puzzle: Puzzle, solution: Sequence[int], solver_name: str,
               budget: Optional[Budget] = None) -> Optional[Redundancy]:
    """The givens and constraints each of which can go with `solution` staying the only one; None when the
    budget ran out."""
    table, geometry = literals(rules.shape), rules.geometry
    with _Selected(rules, solver_name) as selected:
        session, selectors = selected.session, selected.selectors
        other = session.new_var()
        session.add_clause([-other, *(-table.var(cell, value) for cell, value in enumerate(solution))])
        stated = table.stated(puzzle)
        givens, marks = [lit for lit in stated if lit > 0], [lit for lit in stated if lit < 0]
        spare_givens = []
        for index, given in enumerate(givens):
            found = session.solve([*givens[:index], *givens[index + 1:], *marks, *selectors, other], budget)
            if found is None:
                return None
            if not found:
                spare_givens.append(table.cell_of(given))
        spare = []
        for index, constraint in enumerate(rules.constraints):
            found = session.solve([*stated, *selectors[:index], -selectors[index], *selectors[index + 1:], other],
                                  budget)
            if found is None:
                return None
            if not found:
                spare.append(constraint.label(geometry))
    return Redundancy(tuple(spare_givens), tuple(spare))


def conflict(rules: Rules, puzzle: Puzzle, solver_name: str, budget: Optional[Budget] = None) -> Optional[tuple]:
    """What clashes in a puzzle without a solution: the labels of constraints (and 'the givens r1c1 r2c5 ...', or
    'the grid' when rows, columns and regions alone clash) that together have no solution, none of which could go
    with the rest still clashing; None when the budget ran out, () when the puzzle has a solution after all."""
    table, geometry = literals(rules.shape), rules.geometry
    stated = table.stated(puzzle)
    with _Selected(rules, solver_name) as selected:
        session, selectors = selected.session, selected.selectors
        parts = selectors + stated  # assumptions: a selector per constraint, then the givens
        found = session.solve(parts, budget)
        if found is not False:
            return None if found is None else ()
        kept = _shrunk(session, [part for part in parts if part in set(session.core())], budget)
    index = {selector: position for position, selector in enumerate(selectors)}
    clashing = [rules.constraints[index[part]].label(geometry) for part in kept if part in index]
    givens = sorted({table.cell_of(abs(part)) for part in kept if part not in index})
    if givens:
        clashing.append("the givens " + " ".join(rules.shape.cell_name(cell) for cell in givens))
    return tuple(clashing) or ("the grid",)


def _shrunk(session: Session, core: list, budget: Optional[Budget]) -> list:
    """An UNSAT core without the parts the rest still clashes without (each tried once; as it stands when the
    budget runs out)."""
    kept = list(core)
    for part in core:
        if part not in kept:
            continue
        trial = [other for other in kept if other != part]
        found = session.solve(trial, budget)
        if found is None:
            return kept
        if found is False:
            smaller = set(session.core())
            kept = [other for other in trial if other in smaller] or trial
    return kept


class _Selected:
    """A session holding the grid's own clauses and every constraint's clauses under a selector literal of its own
    (`selectors[i]` switches on `rules.constraints[i]`)."""

    def __init__(self, rules: Rules, solver_name: str):
        from puzzlesat.sudoku.model.constraints.encodings import Encoder

        encoder = Encoder(rules.geometry)
        guarded = []
        for constraint in rules.constraints:
            own = [clause for group in constraint.groups() for clause in group_clauses(group, rules)]
            own.extend(list(clause) for clause in constraint.clauses(encoder))
            guarded.append(own)
        definitions = encoder.ge_clauses()
        base = Rules(rules.shape, regions=rules.regions)
        self.session = Session([*clauses(base), *definitions], encoder.top, solver_name)
        self.selectors = [self.session.new_var() for _ in rules.constraints]
        for selector, own in zip(self.selectors, guarded):
            self.session.add_clauses([-selector, *clause] for clause in own)

    def __enter__(self) -> "_Selected":
        return self

    def __exit__(self, *exc) -> None:
        self.session.close()

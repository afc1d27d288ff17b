"""What a setter asks of a puzzle beyond its solution: a second solution and where it differs, the true
candidates of every cell, and which givens and constraints could go without losing uniqueness.

All of it runs on incremental SAT sessions with the givens as assumptions:
  second_solution    one more solve with the first solution blocked (behind an activation literal)
  true_candidates    Session.possible over each empty cell's literals: one solve per cell, plus one per
                     digit found, instead of one per candidate
  redundancy         one session where every constraint's clauses hang on a selector literal; dropping a given
                     (or switching a selector off) with the known solution blocked is UNSAT exactly when the
                     puzzle stays unique without it
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
    from puzzlesat.sudoku.model.constraints.encodings import Encoder

    table, geometry = literals(rules.shape), rules.geometry
    base = Rules(rules.shape, regions=rules.regions)
    encoder = Encoder(geometry)
    guarded = []
    for constraint in rules.constraints:
        own = [clause for group in constraint.groups() for clause in group_clauses(group, rules)]
        own.extend(list(clause) for clause in constraint.clauses(encoder))
        guarded.append(own)
    definitions = encoder.ge_clauses()
    with Session([*clauses(base), *definitions], encoder.top, solver_name) as session:
        selectors = [session.new_var() for _ in rules.constraints]
        for selector, own in zip(selectors, guarded):
            session.add_clauses([-selector, *clause] for clause in own)
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

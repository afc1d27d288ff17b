"""Sudoku as CNF over the variables of puzzlesat.sudoku.model.literals (x(cell, v): the cell holds v).

Encodings (Lynce & Ouaknine, "Sudoku as a SAT problem", 2006):
  minimal  - each cell holds at least one value; each group holds each value at most once.
  extended - minimal plus: each cell holds at most one value; each group holds each value
             at least once. Redundant, but unit propagation then finds naked and hidden singles.
Givens are not clauses here: they are passed as assumptions (or, for DIMACS, unit clauses).
"""

from __future__ import annotations

from itertools import combinations
from typing import IO, Iterator, Sequence

from puzzlesat.sat import write_dimacs
from puzzlesat.sudoku.model.grid import Puzzle
from puzzlesat.sudoku.model.literals import literals
from puzzlesat.sudoku.model.rules import Rules

ENCODINGS = ("extended", "minimal")
DEFAULT_ENCODING = "extended"


def _at_most_one(lits: Sequence[int]) -> Iterator[list]:
    """Pairwise: no two of `lits` are true."""
    for a, b in combinations(lits, 2):
        yield [-a, -b]


def clauses(rules: Rules, encoding: str = DEFAULT_ENCODING) -> Iterator[list]:
    """The rule clauses of the chosen encoding."""
    yield from grid_clauses(rules, encoding)
    yield from variant_clauses(rules, encoding)


def grid_clauses(rules: Rules, encoding: str = DEFAULT_ENCODING) -> Iterator[list]:
    """The clauses of the grid alone: cells, rows, columns and regions (the same for every variant)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r}; choose one of {', '.join(ENCODINGS)}")
    shape, table = rules.shape, literals(rules.shape)
    extended = encoding == "extended"
    for cell in range(shape.cells):
        lits = list(table.of_cell(cell))
        yield lits
        if extended:
            yield from _at_most_one(lits)
    yield from _groups_clauses(rules.groups[:len(rules.groups) - len(rules.extra_groups)], rules, extended)


def variant_clauses(rules: Rules, encoding: str = DEFAULT_ENCODING) -> Iterator[list]:
    """The clauses a variant adds: its extra groups and its constraints' CNF."""
    yield from _groups_clauses(rules.extra_groups, rules, encoding == "extended")
    for clause in rules.extra_clauses:
        yield list(clause)


def group_clauses(group: Sequence[int], rules: Rules, extended: bool = True) -> Iterator[list]:
    """No value twice in `group`; extended, and the group as large as the side: every value once."""
    return _groups_clauses([group], rules, extended)


def _groups_clauses(groups: Sequence[Sequence[int]], rules: Rules, extended: bool) -> Iterator[list]:
    """group_clauses of many groups, in one generator (the grid has hundreds of them)."""
    side, table = rules.shape.side, literals(rules.shape)
    for group in groups:
        full = extended and len(group) == side
        for value in range(1, side + 1):
            lits = table.of_value(group, value)
            yield from _at_most_one(lits)
            if full:
                yield lits


def write_cnf(stream: IO[str], puzzle: Puzzle, rules: Rules, encoding: str = DEFAULT_ENCODING) -> None:
    """The puzzle in DIMACS CNF: comments mapping variables to (row, column, symbol), rules, givens (and ruled-out
    candidates) as units."""
    shape, table = puzzle.shape, literals(puzzle.shape)
    units = [[lit] for lit in table.stated(puzzle)]
    comments = [
        f"c puzzlesat {shape.name} Sudoku, {encoding} encoding, {len(units)} {_unit_words(puzzle)} as unit clauses",
        f"c puzzle {puzzle.to_line()}",
        "c variable v = (row - 1) * %d + (column - 1) * %d + symbol index; rows, columns from 1" % (shape.cells, shape.side),
    ]
    for variable in table.variables:
        cell, value = table.cell_value(variable)
        comments.append(f"c var {variable} {shape.cell_name(cell)} {puzzle.alphabet[value - 1]}")
    if rules.aux_vars:
        comments.append(f"c variables {rules.cell_vars + 1} to {rules.top} are auxiliary (cage sums)")
    write_dimacs(stream, [*clauses(rules, encoding), *units], rules.top, comments)


def _unit_words(puzzle: Puzzle) -> str:
    """What the unit clauses state."""
    return "givens" if puzzle.candidates is None else "givens and ruled-out candidates"

"""Sudoku as CNF: variable x(cell, v) = cell * side + v is true when the cell holds symbol v.

Encodings (Lynce & Ouaknine, "Sudoku as a SAT problem", 2006):
  minimal  - each cell holds at least one symbol; each group holds each symbol at most once.
  extended - minimal plus: each cell holds at most one symbol; each group holds each symbol
             at least once. Redundant, but unit propagation then finds naked and hidden singles.
Givens are not clauses here: they are passed as assumptions (or, for DIMACS, unit clauses).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Iterator, Sequence

from puzzlesat.sudoku.grid import Puzzle, Shape

ENCODINGS = ("extended", "minimal")
DEFAULT_ENCODING = "extended"


@dataclass(frozen=True)
class Rules:
    """What a solution must obey: the shape's rows, columns and boxes plus any extra groups."""

    shape: Shape
    extra_groups: tuple = ()

    @property
    def groups(self) -> tuple:
        """Every group in which no symbol may repeat."""
        return self.shape.groups + self.extra_groups

    @property
    def cell_vars(self) -> int:
        """Number of cell-symbol variables (the highest one)."""
        return self.shape.cells * self.shape.side


def var(shape: Shape, cell: int, value: int) -> int:
    """The variable 'cell holds value' (value from 1)."""
    return cell * shape.side + value


def decode_var(shape: Shape, variable: int) -> tuple:
    """(row, column, value), all 0-based except value, for a cell-symbol variable."""
    cell, value = divmod(variable - 1, shape.side)
    return cell // shape.side, cell % shape.side, value + 1


def givens_literals(puzzle: Puzzle) -> list:
    """One positive literal per given."""
    side = puzzle.shape.side
    return [cell * side + value for cell, value in enumerate(puzzle.values) if value]


def _at_most_one(lits: Sequence[int]) -> Iterator[list]:
    """Pairwise: no two of `lits` are true."""
    for a, b in combinations(lits, 2):
        yield [-a, -b]


def clauses(rules: Rules, encoding: str = DEFAULT_ENCODING) -> Iterator[list]:
    """The rule clauses of the chosen encoding."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r}; choose one of {', '.join(ENCODINGS)}")
    shape = rules.shape
    n = shape.side
    extended = encoding == "extended"
    for cell in range(shape.cells):
        lits = [cell * n + v for v in range(1, n + 1)]
        yield lits
        if extended:
            yield from _at_most_one(lits)
    for group in rules.groups:
        for v in range(1, n + 1):
            lits = [cell * n + v for cell in group]
            yield from _at_most_one(lits)
            if extended and len(group) == n:
                yield lits


def to_dimacs(puzzle: Puzzle, rules: Rules, encoding: str = DEFAULT_ENCODING) -> Iterator[str]:
    """DIMACS CNF lines: comments mapping variables to (row, column, symbol), header, rules, givens."""
    shape = puzzle.shape
    rule_clauses = list(clauses(rules, encoding))
    units = [[lit] for lit in givens_literals(puzzle)]
    yield f"c puzzlesat {shape.name} Sudoku, {encoding} encoding, {len(units)} givens as unit clauses"
    yield f"c puzzle {puzzle.to_line()}"
    yield "c variable v = (row - 1) * %d + (column - 1) * %d + symbol index; rows, columns from 1" % (shape.cells, shape.side)
    for variable in range(1, rules.cell_vars + 1):
        row, column, value = decode_var(shape, variable)
        yield f"c var {variable} r{row + 1}c{column + 1} {puzzle.alphabet[value - 1]}"
    yield f"p cnf {rules.cell_vars} {len(rule_clauses) + len(units)}"
    for clause in rule_clauses + units:
        yield " ".join(map(str, clause)) + " 0"

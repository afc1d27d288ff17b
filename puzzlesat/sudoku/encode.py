"""Sudoku as CNF: variable x(cell, v) = cell * side + v is true when the cell holds symbol v.

Encodings (Lynce & Ouaknine, "Sudoku as a SAT problem", 2006):
  minimal  - each cell holds at least one symbol; each group holds each symbol at most once.
  extended - minimal plus: each cell holds at most one symbol; each group holds each symbol
             at least once. Redundant, but unit propagation then finds naked and hidden singles.
Givens are not clauses here: they are passed as assumptions (or, for DIMACS, unit clauses).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import combinations
from typing import Iterator, Optional, Sequence

from puzzlesat.sudoku.grid import Puzzle, Shape, is_solution

ENCODINGS = ("extended", "minimal")
DEFAULT_ENCODING = "extended"


@dataclass(frozen=True)
class Rules:
    """What a solution must obey: the shape's rows, columns and boxes plus any extra groups.

    Variants (puzzlesat.sudoku.variants) fill the other fields: `regions` replace the boxes
    (jigsaw), `sums` are (cells, total) cages (killer) whose CNF, built there, comes in
    `extra_clauses` over `aux_vars` variables numbered after the cell-symbol ones.
    `names` names the extra groups in messages ('diagonal 1').
    """

    shape: Shape
    extra_groups: tuple = ()
    regions: Optional[tuple] = None
    sums: tuple = ()
    extra_clauses: tuple = field(default=(), compare=False, repr=False)
    aux_vars: int = field(default=0, compare=False)
    names: tuple = field(default=(), compare=False, repr=False)

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        """Hashed once: a pool looks its rules up for every puzzle."""
        return hash((self.shape, self.extra_groups, self.regions, self.sums))

    @cached_property
    def groups(self) -> tuple:
        """Every group in which no symbol may repeat."""
        if self.regions is None:
            return self.shape.groups + self.extra_groups
        return self.shape.rows + self.shape.columns + self.regions + self.extra_groups

    @property
    def cell_vars(self) -> int:
        """Number of cell-symbol variables (the highest one)."""
        return self.shape.cells * self.shape.side

    @property
    def top(self) -> int:
        """The highest variable of the rule clauses (cell-symbol and auxiliary)."""
        return self.cell_vars + self.aux_vars

    @property
    def standard(self) -> bool:
        """True when the shape's own boxes hold and no cage sums apply (the fast checks work)."""
        return self.regions is None and not self.sums

    def group_name(self, index: int) -> str:
        """'row 3', 'box 9', 'region 2' or an extra group's own name, for an index into `groups`."""
        standard = 3 * self.shape.side
        if index < standard:
            name = self.shape.group_name(index)
            return name.replace("box", "region") if self.regions is not None else name
        extra = index - standard
        return self.names[extra] if extra < len(self.names) else f"group {extra + 1}"

    def violation(self, puzzle: Puzzle) -> Optional[str]:
        """The first group whose givens repeat a symbol ('two 5s in diagonal 1'), or None."""
        values = puzzle.values
        for index, group in enumerate(self.groups):
            seen = set()
            for cell in group:
                value = values[cell]
                if value and value in seen:
                    return f"two {puzzle.alphabet[value - 1]}s in {self.group_name(index)}"
                seen.add(value)
        return None

    def is_solution(self, puzzle: Puzzle, values: Sequence[int]) -> bool:
        """True when `values` fills every cell, keeps the givens and obeys every group and cage sum."""
        if self.standard:
            return is_solution(puzzle, values, self.groups)
        shape = self.shape
        if len(values) != shape.cells or not set(values) <= shape.symbols:
            return False
        if any(given and given != value for given, value in zip(puzzle.values, values)):
            return False
        if any(len({values[cell] for cell in group}) != len(group) for group in self.groups):
            return False
        return all(sum(values[cell] for cell in cells) == total for cells, total in self.sums)


@lru_cache(maxsize=None)
def classic_rules(shape: Shape) -> Rules:
    """The plain rules of a shape, one shared instance (cheaper than a new Rules for every puzzle)."""
    return Rules(shape)


def var(shape: Shape, cell: int, value: int) -> int:
    """The variable 'cell holds value' (value from 1)."""
    return cell * shape.side + value


def decode_var(shape: Shape, variable: int) -> tuple:
    """(row, column, value), all 0-based except value, for a cell-symbol variable."""
    cell, value = divmod(variable - 1, shape.side)
    return cell // shape.side, cell % shape.side, value + 1


def givens_literals(puzzle: Puzzle) -> list:
    """One positive literal per given."""
    side, values = puzzle.shape.side, puzzle.values
    return [cell * side + values[cell] for cell in puzzle.given_cells]


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
    for clause in rules.extra_clauses:
        yield list(clause)


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
    if rules.aux_vars:
        yield f"c variables {rules.cell_vars + 1} to {rules.top} are auxiliary (cage sums)"
    yield f"p cnf {rules.top} {len(rule_clauses) + len(units)}"
    for clause in rule_clauses + units:
        yield " ".join(map(str, clause)) + " 0"

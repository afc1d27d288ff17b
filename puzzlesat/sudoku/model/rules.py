"""What a Sudoku solution must obey: the shape's rows, columns and boxes, extra groups, regions and cage sums."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Optional, Sequence

from puzzlesat.errors import VariantError
from puzzlesat.sudoku.model.constraints.base import Constraint, Geometry
from puzzlesat.sudoku.model.grid import Puzzle, Shape, is_solution


@dataclass(frozen=True)
class Rules:
    """The groups in which no value may repeat, and the variant constraints, for puzzles of one shape.

    Build variant rules with `constrained_rules`: `regions` replace the boxes (irregular), `constraints`
    (puzzlesat.sudoku.model.constraints) add their groups to `extra_groups` and their CNF to `extra_clauses`, over
    `aux_vars` variables numbered after the cell-value ones. `names` names the extra groups in messages
    ('diagonal 1').
    """

    shape: Shape
    extra_groups: tuple = ()
    regions: Optional[tuple] = None
    extra_clauses: tuple = field(default=(), compare=False, repr=False)
    aux_vars: int = field(default=0, compare=False)
    names: tuple = field(default=(), compare=False, repr=False)
    constraints: tuple = ()

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        """Hashed once: a pool looks its rules up for every puzzle."""
        return hash((self.shape, self.extra_groups, self.regions, self.constraints))

    @cached_property
    def groups(self) -> tuple:
        """Every group in which no value may repeat."""
        if self.regions is None:
            return self.shape.groups + self.extra_groups
        return self.shape.rows + self.shape.columns + self.regions + self.extra_groups

    @property
    def cell_vars(self) -> int:
        """Number of cell-value variables (the highest one)."""
        return self.shape.cells * self.shape.side

    @property
    def top(self) -> int:
        """The highest variable of the rule clauses (cell-value and auxiliary)."""
        return self.cell_vars + self.aux_vars

    @property
    def standard(self) -> bool:
        """True when the shape's own boxes hold and nothing but extra groups is added (the fast checks work)."""
        return self.regions is None and self.groups_only

    @cached_property
    def groups_only(self) -> bool:
        """True when every constraint is a group of distinct digits (what the solving techniques know)."""
        return all(constraint.only_groups for constraint in self.constraints)

    @cached_property
    def geometry(self) -> Geometry:
        """The grid the constraints live on."""
        return Geometry(self.shape, self.regions)

    @property
    def grid_groups(self) -> int:
        """How many of `groups` are the grid's own: rows, columns and boxes or regions (some cells may be in none)."""
        return 2 * self.shape.side + (self.shape.side if self.regions is None else len(self.regions))

    def group_name(self, index: int) -> str:
        """'row 3', 'box 9', 'region 2' or an extra group's own name, for an index into `groups`."""
        if index < self.grid_groups:
            name = self.shape.group_name(index)
            return name.replace("box", "region") if self.regions is not None else name
        extra = index - self.grid_groups
        return self.names[extra] if extra < len(self.names) else f"group {extra + 1}"

    def violation(self, puzzle: Puzzle) -> Optional[str]:
        """The first group whose givens repeat a value ('two 5s in diagonal 1'), or a cell the pencil marks
        leave without candidates, or None."""
        values = puzzle.values
        if puzzle.candidates is not None and 0 in puzzle.candidates:
            return f"no candidates left in {self.shape.cell_name(puzzle.candidates.index(0))}"
        for index, group in enumerate(self.groups):
            seen = set()
            for cell in group:
                value = values[cell]
                if value and value in seen:
                    return f"two {puzzle.alphabet[value - 1]}s in {self.group_name(index)}"
                seen.add(value)
        return None

    def is_solution(self, puzzle: Puzzle, values: Sequence[int]) -> bool:
        """True when `values` fills every cell, keeps the givens and obeys every group and constraint."""
        if self.standard:
            return is_solution(puzzle, values, self.groups)
        shape = self.shape
        if len(values) != shape.cells or not set(values) <= shape.symbols:
            return False
        if not puzzle.admits(values):
            return False
        if any(len({values[cell] for cell in group}) != len(group) for group in self.groups):
            return False
        return all(constraint.holds(values, self.geometry) for constraint in self.constraints)


@lru_cache(maxsize=None)
def classic_rules(shape: Shape) -> Rules:
    """The plain rules of a shape, one shared instance (cheaper than a new Rules for every puzzle)."""
    return Rules(shape)


def constrained_rules(shape: Shape, constraints: Sequence[Constraint] = (), regions: Optional[tuple] = None) -> Rules:
    """The rules of `shape` with irregular `regions` (None: the boxes) and variant `constraints`, encoded once;
    VariantError when a constraint cannot hold on this grid."""
    from puzzlesat.sudoku.model.constraints.encodings import Encoder

    constraints = tuple(constraints)
    rules = Rules(shape, regions=regions, constraints=constraints)
    geometry = rules.geometry
    groups, names = [], []
    for constraint in constraints:
        for group in constraint.groups():
            groups.append(tuple(group))
            names.append(constraint.group_label(group, geometry))
    encoder = Encoder(geometry)
    try:
        clauses = [list(clause) for constraint in constraints for clause in constraint.clauses(encoder)]
    except ValueError as error:  # a constraint that cannot hold on this grid (a cage total out of reach, ...)
        raise VariantError(str(error)) from None
    clauses.extend(encoder.ge_clauses())
    return Rules(shape, tuple(groups), regions, tuple(map(tuple, clauses)), encoder.top - rules.cell_vars,
                 tuple(names), constraints)

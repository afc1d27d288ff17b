"""The one map between Sudoku cells and SAT variables: x(cell, v) = cell * side + v says "cell holds v".

Cells are 0-based indexes, values 1..side, so the cell variables are 1 .. cells * side; auxiliary variables
(cage sums) come after them. Everything that turns a grid into literals or a model back into a grid goes
through a Literals table (built once per shape), which also keeps the lookup tables the hot path needs.

>>> from puzzlesat.sudoku.model.grid import Shape
>>> table = literals(Shape.of_side(4))
>>> table.var(5, 3), table.cell_value(23)
(23, (5, 3))
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Sequence

from puzzlesat.sudoku.model.grid import Puzzle, Shape


class Literals:
    """Variables of one shape: var(cell, value), its inverse, and tables for reading models fast."""

    def __init__(self, shape: Shape):
        self.side = side = shape.side
        self.cells = shape.cells
        self.count = shape.cells * side  # the number of cell variables, the highest of them
        self.variables = range(1, self.count + 1)
        self.value_of = (0,) + tuple(value for _ in range(shape.cells) for value in range(1, side + 1))
        self.base = tuple(cell * side for cell in range(shape.cells))

    def var(self, cell: int, value: int) -> int:
        """The variable 'cell holds value'."""
        return cell * self.side + value

    def cell_value(self, variable: int) -> tuple:
        """(cell, value) of a cell variable."""
        cell, value = divmod(variable - 1, self.side)
        return cell, value + 1

    def cell_of(self, variable: int) -> int:
        """The cell of a cell variable."""
        return (variable - 1) // self.side

    def is_cell_var(self, literal: int) -> bool:
        """True for a literal of a cell variable (not an auxiliary one)."""
        return 0 < abs(literal) <= self.count

    def of_cell(self, cell: int) -> range:
        """The variables of one cell, value 1 first."""
        start = cell * self.side + 1
        return range(start, start + self.side)

    def of_value(self, cells: Iterable[int], value: int) -> list:
        """The variables 'cell holds value' for each of `cells`."""
        side = self.side
        return [cell * side + value for cell in cells]

    def stated(self, puzzle: Puzzle) -> list:
        """What the puzzle states: a positive literal per given (and, for a pencil-mark puzzle, a negative one
        per candidate its marks rule out)."""
        side, values = self.side, puzzle.values
        stated = [cell * side + values[cell] for cell in puzzle.given_cells]
        if puzzle.candidates is not None:
            stated.extend(-(cell * side + value) for cell, value in puzzle.ruled_out())
        return stated

    def grid(self, values: Sequence[int]) -> list:
        """One positive literal per filled cell of a grid of values (0 for blank)."""
        side = self.side
        return [cell * side + value for cell, value in enumerate(values) if value]

    def values(self, model: Sequence[int]) -> list:
        """The value of every cell from a model's cell literals, in cell order (one true literal per cell)."""
        value_of = self.value_of
        return [value_of[lit] for lit in model if lit > 0]

    def placed(self, literals: Iterable[int]) -> list:
        """(cell, value) of every true cell literal among `literals` (auxiliary ones skipped)."""
        count, cell_value = self.count, self.cell_value
        return [cell_value(lit) for lit in literals if 0 < lit <= count]


@lru_cache(maxsize=None)
def literals(shape: Shape) -> Literals:
    """The Literals table of a shape (one per shape and process)."""
    return Literals(shape)

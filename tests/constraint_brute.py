"""Brute force for the constraint tests: every solution of a small grid, filtered by the constraints' own
`holds`, against the SAT count of their encoding."""

from __future__ import annotations

from typing import Iterator, Optional, Sequence

from puzzlesat.sudoku.model.grid import Puzzle, Shape
from puzzlesat.sudoku.model.rules import constrained_rules
from puzzlesat.sudoku.solving.solver import SudokuSolver


def grids(shape: Shape, givens: Sequence[int], regions: Optional[tuple] = None) -> Iterator[tuple]:
    """Every filled grid keeping `givens` (0 blank) with distinct digits in rows, columns and regions."""
    side = shape.side
    regions = regions if regions is not None else shape.boxes
    region_of = [len(regions)] * shape.cells  # a cell in no region: in a group of its own, never full
    for index, cells in enumerate(regions):
        for cell in cells:
            region_of[cell] = index
    values = list(givens)
    rows = [set() for _ in range(side)]
    cols = [set() for _ in range(side)]
    regs = [set() for _ in range(len(regions))] + [_Nothing()]
    for cell, value in enumerate(values):
        if value:
            r, c, g = cell // side, cell % side, region_of[cell]
            if value in rows[r] or value in cols[c] or value in regs[g]:
                return
            rows[r].add(value), cols[c].add(value), regs[g].add(value)

    def fill(cell: int) -> Iterator[tuple]:
        while cell < shape.cells and givens[cell]:
            cell += 1
        if cell == shape.cells:
            yield tuple(values)
            return
        r, c, g = cell // side, cell % side, region_of[cell]
        for value in range(1, side + 1):
            if value in rows[r] or value in cols[c] or value in regs[g]:
                continue
            values[cell] = value
            rows[r].add(value), cols[c].add(value), regs[g].add(value)
            yield from fill(cell + 1)
            rows[r].discard(value), cols[c].discard(value), regs[g].discard(value)
        values[cell] = 0

    yield from fill(0)


class _Nothing(set):
    """The 'region' of cells in no region: holds nothing, so no digit ever repeats in it."""

    def add(self, value) -> None:
        pass


def brute_count(shape: Shape, constraints: Sequence, givens: Optional[Sequence[int]] = None,
                regions: Optional[tuple] = None) -> int:
    """Solutions by enumeration: every grid that each constraint's `holds` accepts."""
    givens = tuple(givens or (0,) * shape.cells)
    geometry = constrained_rules(shape, (), regions).geometry
    return sum(1 for grid in grids(shape, givens, regions) if all(c.holds(grid, geometry) for c in constraints))


def sat_count(shape: Shape, constraints: Sequence, givens: Optional[Sequence[int]] = None,
              regions: Optional[tuple] = None, limit: int = 100_000) -> int:
    """Solutions by SAT: the encoding counted (every model verified by the solver against `holds`)."""
    givens = tuple(givens or (0,) * shape.cells)
    solver = SudokuSolver(constrained_rules(shape, constraints, regions))
    try:
        result = solver.solve(Puzzle(shape, givens), count=limit)
    finally:
        solver.close()
    return result.solutions or 0


GRIDS_4X4 = 288  # every 4x4 Sudoku grid


def agreed_count(shape: Shape, constraints: Sequence, givens: Optional[Sequence[int]] = None,
                 regions: Optional[tuple] = None) -> int:
    """The number of solutions, after checking that SAT and brute force agree on it."""
    expected = brute_count(shape, constraints, givens, regions)
    assert sat_count(shape, constraints, givens, regions) == expected
    return expected

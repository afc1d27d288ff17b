"""A position as equations: each revealed number says how many mines its covered neighbours hold.

Cells are indices (row * width + col). A position is what the player sees, `known[i]` being HIDDEN or the
number shown, plus the covered cells known to hold mines (`mines`: a board's flags, a player's proven mines).
The frontier is the set of undecided covered cells next to a number; the cells off the frontier are
interchangeable and hold whatever the total leaves. Counting (puzzlesat.mines.count) and the CNF for SAT
(puzzlesat.mines.encode) both start from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import AbstractSet, List, Optional, Sequence, Tuple

from puzzlesat.mines.board import HIDDEN, Board


@dataclass(frozen=True)
class Constraint:
    """The number at cell `at` says: exactly `need` mines among `cells` (its undecided covered neighbours)."""

    at: int
    cells: tuple
    need: int


@dataclass(frozen=True)
class Equations:
    """All constraints of a position, its frontier and off-frontier cells, and the mines not placed yet."""

    constraints: tuple
    frontier: tuple
    off_frontier: tuple
    mines_left: Optional[int]


def unresolved(index: int, known: Sequence[int], neighbours, mines: AbstractSet[int], safe: AbstractSet[int]) -> Tuple[int, List[int]]:
    """For the number at `index`: the mines it still needs, and its covered neighbours not yet decided."""
    need = known[index]
    cells = []
    for other in neighbours[index]:
        if known[other] == HIDDEN:
            if other in mines:
                need -= 1
            elif other not in safe:
                cells.append(other)
    return need, cells


def revealed(known: Sequence[int]) -> List[int]:
    """Cells showing a number."""
    return [i for i, value in enumerate(known) if value >= 0]


def active_numbers(known: Sequence[int], neighbours) -> List[int]:
    """Revealed cells with at least one covered neighbour: the only ones that can constrain anything."""
    return [i for i in revealed(known) if any(known[n] == HIDDEN for n in neighbours[i])]


def covered(known: Sequence[int], mines: AbstractSet[int] = frozenset(), safe: AbstractSet[int] = frozenset()) -> List[int]:
    """Covered cells not known to be mines or safe."""
    return [i for i, value in enumerate(known) if value == HIDDEN and i not in mines and i not in safe]


def equations(board: Board) -> Equations:
    """The equations of a board; numbers whose neighbours are all revealed and that ask nothing are left out."""
    (known, flags), neighbours = board.view, board.neighbour_table
    constraints = []
    for at in revealed(known):
        need, cells = unresolved(at, known, neighbours, flags, frozenset())
        if cells or need:
            constraints.append(Constraint(at, tuple(cells), need))
    touched = {cell for constraint in constraints for cell in constraint.cells}
    hidden = covered(known, flags)
    frontier = tuple(cell for cell in hidden if cell in touched)
    off_frontier = tuple(cell for cell in hidden if cell not in touched)
    return Equations(tuple(constraints), frontier, off_frontier, board.mines_left)

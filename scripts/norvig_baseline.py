"""Norvig's Sudoku solver, constraint propagation plus depth-first search, for any side n with sqrt(n) x sqrt(n) boxes.

A plain-Python baseline for scripts/bench_sudoku.py, written after Peter Norvig's essay and notebook
("Solving Every Sudoku Puzzle", pytudes ipynb/Sudoku.ipynb): every cell keeps a string of its candidate
symbols; filling a cell eliminates the other candidates; an elimination that leaves one candidate removes it
from the cell's peers (naked single) and a unit with one place left for a symbol fills that place (hidden single);
when propagation stalls, search tries each candidate of a cell with the fewest. For uniqueness the search goes
on for a second solution.

    >>> solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")[:9]
    '534678912'
    >>> count_solutions("." * 16)  # an empty 4x4 grid has 288 solutions; counting stops at the limit
    2

Run it on a file of puzzles (one per line; '.' or '0' blank; 16x16 uses 1-9 then A-G):

    python scripts/norvig_baseline.py FILE [--no-unique]

which prints one line per puzzle: the status (unique, multiple, solved, unsat, invalid) and the solution or '-'.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from itertools import islice
from math import isqrt
from typing import Iterator, List, Optional

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
BLANKS = ".0"

Grid = List[str]  # cell index -> the symbols still possible there


def rule_groups(side: int) -> List[List[int]]:
    """Rows, columns and sqrt(side) x sqrt(side) boxes as lists of cell indexes."""
    box = isqrt(side)
    rows = [[r * side + c for c in range(side)] for r in range(side)]
    columns = [[r * side + c for r in range(side)] for c in range(side)]
    boxes = [
        [(top + r) * side + left + c for r in range(box) for c in range(box)]
        for top in range(0, side, box)
        for left in range(0, side, box)
    ]
    return rows + columns + boxes


class Board:
    """The units and peers of an n x n Sudoku with sqrt(n) x sqrt(n) boxes; solves puzzles of that side."""

    def __init__(self, side: int):
        box = isqrt(side)
        if box * box != side or side > len(SYMBOLS):
            raise ValueError(f"no Sudoku of side {side}")
        self.side = side
        self.symbols = SYMBOLS[:side]
        self.cells = range(side * side)
        self.all_units = rule_groups(side)
        self.units = [[u for u in self.all_units if cell in u] for cell in self.cells]
        self.peers = [sorted(set().union(*self.units[cell]) - {cell}) for cell in self.cells]

    def parse(self, line: str) -> List[tuple]:
        """The givens of a one-line puzzle as (cell, symbol); ValueError on an unknown symbol."""
        givens = []
        for cell, ch in enumerate(line):
            if ch in BLANKS:
                continue
            ch = ch.upper()
            if ch not in self.symbols:
                raise ValueError(f"unknown symbol {ch!r} at column {cell + 1}")
            givens.append((cell, ch))
        return givens

    def constrain(self, givens: List[tuple]) -> Optional[Grid]:
        """The grid after filling every given and propagating, or None on a contradiction."""
        grid = [self.symbols] * len(self.cells)
        for cell, symbol in givens:
            if not self.fill(grid, cell, symbol):
                return None
        return grid

    def fill(self, grid: Grid, cell: int, symbol: str) -> bool:
        """Make `symbol` the value of `cell` by eliminating every other candidate; False on a contradiction."""
        return all(self.eliminate(grid, cell, other) for other in grid[cell] if other != symbol)

    def eliminate(self, grid: Grid, cell: int, symbol: str) -> bool:
        """Remove `symbol` from `cell`, then propagate naked and hidden singles; False on a contradiction."""
        candidates = grid[cell]
        if symbol not in candidates:
            return True
        candidates = grid[cell] = candidates.replace(symbol, "")
        if not candidates:
            return False
        if len(candidates) == 1:
            if not all(self.eliminate(grid, peer, candidates) for peer in self.peers[cell]):
                return False
        for unit in self.units[cell]:
            places = [place for place in unit if symbol in grid[place]]
            if not places or (len(places) == 1 and not self.fill(grid, places[0], symbol)):
                return False
        return True

    def search(self, grid: Optional[Grid]) -> Iterator[Grid]:
        """Every solution below `grid`, depth first, branching on a cell with the fewest candidates."""
        if grid is None:
            return
        open_cells = [cell for cell in self.cells if len(grid[cell]) > 1]
        if not open_cells:
            yield grid
            return
        cell = min(open_cells, key=lambda c: len(grid[c]))
        for symbol in grid[cell]:
            branch = grid[:]
            yield from self.search(branch if self.fill(branch, cell, symbol) else None)

    def solutions(self, line: str) -> Iterator[str]:
        """The solutions of a one-line puzzle, as strings, one at a time."""
        for grid in self.search(self.constrain(self.parse(line))):
            yield "".join(grid)


@lru_cache(maxsize=None)
def board_for(cells: int) -> Board:
    """The board whose grid has `cells` cells."""
    side = isqrt(cells)
    if side * side != cells:
        raise ValueError(f"{cells} cells is not a square grid")
    return Board(side)


def solutions(line: str, limit: int = 2) -> List[str]:
    """Up to `limit` solutions of a one-line puzzle."""
    return list(islice(board_for(len(line)).solutions(line), limit))


def solve(line: str) -> Optional[str]:
    """One solution of a one-line puzzle, or None."""
    found = solutions(line, 1)
    return found[0] if found else None


def count_solutions(line: str, limit: int = 2) -> int:
    """The number of solutions, counting stops at `limit`."""
    return len(solutions(line, limit))


def is_solution(line: str, solution: str) -> bool:
    """True when `solution` keeps the givens of `line` and holds every symbol once per unit."""
    board = board_for(len(line))
    if len(solution) != len(line) or any(g not in BLANKS and g.upper() != s for g, s in zip(line, solution)):
        return False
    full = set(board.symbols)
    return all({solution[cell] for cell in unit} == full for unit in board.all_units)


def status_line(line: str, unique: bool = True) -> str:
    """'STATUS SOLUTION' for one puzzle: unique, multiple or solved (uniqueness unchecked), unsat, invalid."""
    try:
        found = solutions(line, 2 if unique else 1)
    except ValueError as error:
        return f"invalid - {error}"
    if not found:
        return "unsat -"
    if not is_solution(line, found[0]):
        raise AssertionError(f"bad solution {found[0]} for {line}")
    status = "solved" if not unique else ("unique" if len(found) == 1 else "multiple")
    return f"{status} {found[0]}"


def main(argv: Optional[List[str]] = None) -> int:
    """Solve every puzzle of the files named in argv (or stdin), one status line each."""
    args = sys.argv[1:] if argv is None else argv
    if {"-h", "--help"} & set(args):
        print(__doc__)
        return 0
    unique = "--no-unique" not in args
    paths = [a for a in args if a != "--no-unique"] or ["-"]
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    out = sys.stdout
    for path in paths:
        stream = sys.stdin if path == "-" else open(path)
        with stream:
            for line in stream:
                line = line.strip()
                if line and not line.startswith("#"):
                    out.write(status_line(line, unique) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

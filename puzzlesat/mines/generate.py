"""New Minesweeper layouts: random ones, and no-guess ones that a perfect logical player wins from the first click.

A random layout is uniform over the cells the first-click rule leaves allowed (puzzlesat.mines.game: `safe` keeps
the first click mine-free, `zero` its neighbours too), as a game lays its mines.

A no-guess layout is repaired, not drawn again and again (a random expert board needs a guess nine times in ten, and
redrawing until one does not is far too slow here). After Simon Tatham's generator (mines.c in his puzzle collection):
a random layout is solved logically (puzzlesat.mines.solve); where the solve is stuck, the covered cells around one
of the numbers on its edge are emptied of their mines (or, when there is no room elsewhere, filled), the mines moving
to or from covered cells elsewhere, cells away from everything open first, so that the total stays the same and the
number now decides its cells; and the solve goes on from where it was, with the numbers around the change read
again. A change can spoil a deduction made before it (a number seen earlier now shows another value), so once the
solve is won the layout is solved again from the start, repaired again where stuck, until one whole solve needs no
repair: that solve is the proof, made by the same logic as the analysis (exact counting where single numbers and
pairs stall, the total included). A layout that will not settle within MAX_PASSES solves, or has nothing left to
move, is dropped for a fresh one.

Board k of seed s is decided by (s, k) and the options only: the same on every run and with any number of jobs.

>>> board = generate_board(parse_size("beginner", rules="zero"), (4, 4), seed=1, index=0, no_guess=True)
>>> board.first_click, len(board.mines), needs_no_guess(9, 9, board.mines, (4, 4))
((4, 4), 10, True)
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from functools import partial
from typing import Iterator, List, NamedTuple, Optional, Set

from puzzlesat.errors import GenerationError
from puzzlesat.mines.board import HIDDEN, MINE, Position, neighbour_table
from puzzlesat.mines.game import Setup, parse_size
from puzzlesat.mines.solve import WON, Solve, needs_no_guess
from puzzlesat.parallel import ordered_map

MAX_PASSES = 8  # whole solves of one layout before it is dropped for a fresh one
MAX_REPAIRS = 400  # repairs within one solve before the layout is dropped
MAX_LAYOUTS = 200  # fresh layouts before giving up
SAMPLES = 48  # random looks for a cell to move a mine to or from before every cell is scanned


@dataclass(frozen=True)
class Generated:
    """A generated board: its size, its mines, the first click it is meant to be opened at, and what it took."""

    setup: Setup
    mines: tuple  # (row, col) of every mine, in reading order
    first_click: Position
    no_guess: bool  # proven to need no guess from the first click
    seed: int
    index: int
    milliseconds: float = 0.0
    layouts: int = 1  # layouts drawn (a no-guess board: the last one is the one repaired into it)
    repairs: int = 0  # mines moved by the repairs of the layout kept
    passes: int = 1  # whole solves of that layout, the proof included
    needs_total: Optional[bool] = None  # a no-guess board: whether the proof needed the total number of mines

    def rows(self) -> tuple:
        """The full layout as rows: MINE on every mine, else the number of mines around the cell."""
        width, height = self.setup.width, self.setup.height
        mined = {r * width + c for r, c in self.mines}
        table = neighbour_table(width, height)
        values = [MINE if i in mined else sum(n in mined for n in table[i]) for i in range(width * height)]
        return tuple(tuple(values[r * width:(r + 1) * width]) for r in range(height))

    def record(self) -> dict:
        """The board as a JSON-ready dict: size, mines, first click, how it was made."""
        return {
            "width": self.setup.width,
            "height": self.setup.height,
            "mines": [list(cell) for cell in self.mines],
            "first_click": list(self.first_click),
            "rules": self.setup.rules,
            "no_guess": self.no_guess,
            "needs_total": self.needs_total,
            "seed": self.seed,
            "index": self.index,
            "time_ms": round(self.milliseconds, 3),
        }

    def mine_text(self) -> str:
        """The layout as JSMinesweeper saves a game (`.mine`: covered mines `?`, other covered cells `H`), the first
        click opened with its flood fill: JSMinesweeper plays it from there, puzzlesat reads it as that position."""
        width, height = self.setup.width, self.setup.height
        rows = self.rows()
        shown = opening(width, height, self.mines, self.first_click)
        lines = ["".join(str(rows[r][c]) if (r, c) in shown else "?" if rows[r][c] == MINE else "H"
                         for c in range(width)) for r in range(height)]
        return f"{width}x{height}x{len(self.mines)}\n" + "\n".join(lines) + "\n"


def opening(width: int, height: int, mines, first: Position) -> Set[Position]:
    """The cells the first click opens: itself, and through every zero all the cells connected to it (none if it is
    a mine)."""
    table = neighbour_table(width, height)
    mined = {r * width + c for r, c in mines}
    start = first[0] * width + first[1]
    if start in mined:
        return set()
    seen, stack = {start}, [start]
    while stack:
        cell = stack.pop()
        if any(other in mined for other in table[cell]):
            continue
        for other in table[cell]:
            if other not in seen:
                seen.add(other)
                stack.append(other)
    return {divmod(cell, width) for cell in seen}


def board_random(seed: int, index: int) -> random.Random:
    """The random generator of board `index` under `seed`, the same on every machine and in every process."""
    return random.Random(f"puzzlesat-generate:{seed}:{index}")


def allowed_cells(setup: Setup, first: Position) -> List[int]:
    """The cells a mine may go on under the first-click rule, in reading order."""
    width = setup.width
    start = first[0] * width + first[1]
    banned = {start}
    if setup.rules == "zero":
        banned.update(neighbour_table(width, setup.height)[start])
    return [i for i in range(setup.cells) if i not in banned]


def random_layout(setup: Setup, first: Position, rng: random.Random) -> List[Position]:
    """Mines uniform over the allowed cells, in reading order."""
    chosen = sorted(rng.sample(allowed_cells(setup, first), setup.mines))
    return [divmod(index, setup.width) for index in chosen]


def generate_board(setup: Setup, first: Position, seed: int = 0, index: int = 0, no_guess: bool = False,
                   use_total: bool = True) -> Generated:
    """Board `index` of `seed`: a random layout, or (no_guess) one proven to need no guess from `first`
    (GenerationError when none settles within MAX_LAYOUTS layouts)."""
    started = time.perf_counter()
    rng = board_random(seed, index)
    if not no_guess:
        mines = random_layout(setup, first, rng)
        return Generated(setup, tuple(mines), first, False, seed, index, (time.perf_counter() - started) * 1000)
    for layout in range(1, MAX_LAYOUTS + 1):
        settled = _settle(setup, first, random_layout(setup, first, rng), rng, use_total)
        if settled is not None:
            mines, repairs, passes = settled
            needs_total = use_total and not needs_no_guess(setup.width, setup.height, mines, first, use_total=False)
            return Generated(setup, tuple(mines), first, True, seed, index, (time.perf_counter() - started) * 1000,
                             layout, repairs, passes, needs_total)
    raise GenerationError(f"no layout of {setup.label()} settled into a no-guess board from {first} "
                          f"in {MAX_LAYOUTS} tries")


def _settle(setup: Setup, first: Position, mines: List[Position], rng: random.Random, use_total: bool):
    """(mines, repairs, passes) once one whole solve of the repaired layout needs no repair, or None."""
    repairs = 0
    for passes in range(1, MAX_PASSES + 1):
        solve = Solve(setup.width, setup.height, mines, first, use_total)
        moved = 0
        while solve.run() != WON:
            if moved >= MAX_REPAIRS:
                return None
            changed = repair(solve, rng, _protected(setup, first))
            if not changed:
                return None
            moved += changed
        mines = solve.mines()
        if not moved:
            return mines, repairs, passes
        repairs += moved
    return None


def _protected(setup: Setup, first: Position) -> Set[int]:
    """Cells no repair may put a mine on: the first click, and its neighbours under the zero rule."""
    start = first[0] * setup.width + first[1]
    cells = {start}
    if setup.rules == "zero":
        cells.update(neighbour_table(setup.width, setup.height)[start])
    return cells


def repair(solve: Solve, rng: random.Random, protected: Set[int]) -> int:
    """Change the layout of a stuck solve so that one number decides its cells (module docstring); the mines moved,
    0 when nothing could be."""
    edge = sorted(cell for cell in solve.active if solve.covered[cell])
    cells = solve.undecided_around(rng.choice(edge)) if edge else solve.undecided()
    away = set(cells)
    full = [cell for cell in cells if solve.mine[cell]]
    empty = [cell for cell in cells if not solve.mine[cell]]
    spare = _elsewhere(solve, rng, away, protected, want_mine=False, count=len(full))
    if spare is not None:  # empty the cells: their mines go to covered cells elsewhere
        return _move(solve, full, spare)
    spare = _elsewhere(solve, rng, away, protected, want_mine=True, count=len(empty))
    if spare is not None:  # fill them: mines come from covered cells elsewhere
        return _move(solve, spare, empty)
    proven = sorted(solve.proven - away)
    if len(proven) >= len(empty):  # fill them with proven mines, which open
        for source, target in zip(rng.sample(proven, len(empty)), empty):
            solve.place(target, True)
            solve.clear_proven(source)
        return len(empty)
    opened = [cell for cell, value in enumerate(solve.known) if value >= 0 and cell not in protected]
    if len(opened) >= len(full):  # empty them onto open cells, which become proven mines
        for source, target in zip(full, rng.sample(opened, len(full))):
            solve.place(source, False)
            solve.mine_opened(target)
        return len(full)
    return 0


def _move(solve: Solve, sources: List[int], targets: List[int]) -> int:
    """Move a mine from each source to its target, all covered cells; the mines moved."""
    for source, target in zip(sources, targets):
        solve.place(source, False)
        solve.place(target, True)
    return len(sources)


def _elsewhere(solve: Solve, rng: random.Random, away: Set[int], protected: Set[int], want_mine: bool,
               count: int) -> Optional[List[int]]:
    """`count` covered cells outside `away`, not proven, holding a mine or not as `want_mine` says: cells next to
    nothing open first (a change there alters no number seen), then cells on the edge; None when too few exist."""
    if count == 0:
        return []
    known, proven, mine, neighbours = solve.known, solve.proven, solve.mine, solve.neighbours
    size = len(known)

    def usable(cell: int) -> bool:
        return (known[cell] == HIDDEN and cell not in proven and cell not in away and mine[cell] == want_mine
                and (want_mine or cell not in protected))

    def far(cell: int) -> bool:
        return all(known[other] == HIDDEN for other in neighbours[cell])

    found: List[int] = []
    for _ in range(SAMPLES):
        cell = rng.randrange(size)
        if cell not in found and usable(cell) and far(cell):
            found.append(cell)
            if len(found) == count:
                return found
    found = []
    near: List[int] = []
    for cell in range(size):
        if usable(cell):
            (found if far(cell) else near).append(cell)
    rng.shuffle(found)
    rng.shuffle(near)
    chosen = (found + near)[:count]
    return chosen if len(chosen) == count else None


class Made(NamedTuple):
    """Board `index` of a run: the board, or why there is none."""

    index: int
    board: Optional[Generated] = None
    error: Optional[str] = None


def _make_chunk(plan: tuple, indices: list) -> List[Made]:
    """Boards of a chunk of indices (what a worker runs)."""
    setup, first, seed, no_guess, use_total = plan
    made = []
    for index in indices:
        try:
            board = generate_board(setup, first, seed, index, no_guess, use_total)
        except GenerationError as error:
            made.append(Made(index, error=str(error)))
        else:
            made.append(Made(index, board))
    return made


def generate(setup: Setup, first: Position, count: int, seed: int = 0, no_guess: bool = False,
             use_total: bool = True, jobs: int = 1) -> Iterator[Made]:
    """Boards 0 to count - 1 of `seed`, in order, through the one pipeline (`jobs` processes); the same boards
    whatever `jobs` is."""
    work = partial(_make_chunk, (setup, first, seed, no_guess, use_total))
    done = ordered_map(work, range(count), jobs, chunk_size=max(1, min(64, count // (jobs * 8) or 1)))
    try:
        yield from done
    finally:
        done.close()


__all__ = ["Generated", "Made", "allowed_cells", "generate", "generate_board", "needs_no_guess", "parse_size",
           "random_layout", "repair"]

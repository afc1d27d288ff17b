"""Minesweeper boards and positions for property tests, and brute force to check answers against.

Everything here is computed independently of the library (neighbours, layouts), so the tests can fail.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from puzzlesat.mines import FLAG, HIDDEN, Board

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def around(board: Board, row: int, col: int):
    """Neighbours of a cell, computed here independently of the library."""
    for r in range(row - 1, row + 2):
        for c in range(col - 1, col + 2):
            if (r, c) != (row, col) and 0 <= r < board.height and 0 <= c < board.width:
                yield r, c


def layouts(board: Board, numbers=None, total=True):
    """Every layout of the hidden cells that, with the flags, explains the numbers (all, or only those in
    `numbers`) and the total (unless total=False); revealed cells are never mines."""
    hidden = [(r, c) for r in range(board.height) for c in range(board.width) if board.cells[r][c] == HIDDEN]
    flags = {(r, c) for r in range(board.height) for c in range(board.width) if board.cells[r][c] == FLAG}
    for bits in itertools.product((False, True), repeat=len(hidden)):
        mines = flags | {cell for cell, bit in zip(hidden, bits) if bit}
        if total and board.total_mines is not None and len(mines) != board.total_mines:
            continue
        if all(
            board.cells[r][c] == sum(1 for n in around(board, r, c) if n in mines)
            for r in range(board.height)
            for c in range(board.width)
            if board.cells[r][c] >= 0 and (numbers is None or (r, c) in numbers)
        ):
            yield {cell: cell in mines for cell in hidden}


def brute_force(board: Board):
    """(number of layouts, safe cells, mine cells, probabilities or None)."""
    found = list(layouts(board))
    if not found:
        return 0, [], [], None
    cells = sorted(found[0])
    safe = [cell for cell in cells if not any(layout[cell] for layout in found)]
    mines = [cell for cell in cells if all(layout[cell] for layout in found)]
    chances = None
    if board.total_mines is not None:
        chances = {cell: Fraction(sum(layout[cell] for layout in found), len(found)) for cell in cells}
    return len(found), safe, mines, chances


@st.composite
def played_boards(draw, with_flags=True):
    """A board from a real layout: some safe cells revealed with their true numbers, some mines flagged."""
    width, height = draw(st.integers(1, 4)), draw(st.integers(1, 3))
    cells = [(r, c) for r in range(height) for c in range(width)]
    mines = set(draw(st.lists(st.sampled_from(cells), unique=True, max_size=len(cells))))
    revealed = draw(st.lists(st.sampled_from(cells), unique=True))
    flagged = set(draw(st.lists(st.sampled_from(sorted(mines)), unique=True))) if mines and with_flags else set()
    grid = [[HIDDEN] * width for _ in range(height)]
    for r, c in cells:
        if (r, c) in flagged:
            grid[r][c] = FLAG
        elif (r, c) in revealed and (r, c) not in mines:
            grid[r][c] = sum(
                1 for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2) if (rr, cc) in mines
            )
    total = len(mines) if draw(st.booleans()) else None
    return Board(width, height, tuple(map(tuple, grid)), total)


@st.composite
def mostly_open_boards(draw):
    """Up to 5x5 from a real layout, at most 12 cells left hidden (some mines flagged): many numbers."""
    width, height = draw(st.integers(2, 5)), draw(st.integers(2, 5))
    cells = [(r, c) for r in range(height) for c in range(width)]
    mines = set(draw(st.lists(st.sampled_from(cells), unique=True, max_size=8)))
    flagged = set(draw(st.lists(st.sampled_from(sorted(mines)), unique=True))) if mines else set()
    safe = [cell for cell in cells if cell not in mines]
    room = 12 - len(mines - flagged)
    hidden = (mines - flagged) | set(draw(st.lists(st.sampled_from(safe), unique=True, max_size=room))) if safe else mines
    grid = [[HIDDEN] * width for _ in range(height)]
    for r, c in cells:
        if (r, c) in flagged:
            grid[r][c] = FLAG
        elif (r, c) not in hidden:
            grid[r][c] = sum(1 for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2) if (rr, cc) in mines)
    total = len(mines) if draw(st.booleans()) else None
    return Board(width, height, tuple(map(tuple, grid)), total)


@st.composite
def arbitrary_boards(draw):
    """Any board the parser accepts: often inconsistent."""
    width, height = draw(st.integers(1, 4)), draw(st.integers(1, 3))
    rows = []
    for r in range(height):
        row = []
        for c in range(width):
            room = sum(1 for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
                       if (rr, cc) != (r, c) and 0 <= rr < height and 0 <= cc < width)
            row.append(draw(st.sampled_from([HIDDEN, HIDDEN, FLAG, *range(min(room, 4) + 1)])))
        rows.append(tuple(row))
    flags = sum(row.count(FLAG) for row in rows)
    total = draw(st.one_of(st.none(), st.integers(flags, width * height)))
    return Board(width, height, tuple(rows), total)


@st.composite
def game_positions(draw, max_cells=16):
    """A game on a small board after a few moves of real play (minprob); it may be over."""
    from puzzlesat.mines.game import Game, Setup
    from puzzlesat.mines.strategy import make_player

    width = draw(st.integers(2, 5))
    height = draw(st.integers(2, max(2, max_cells // width)))
    mines = draw(st.integers(1, width * height - 2))
    game = Game(Setup(width, height, mines), draw(st.integers(0, 999)), draw(st.integers(0, 999)))
    player = make_player("minprob", game)
    for _ in range(draw(st.integers(1, 5))):
        cell, probability = player.choose()
        game.open(game.position_of(cell), probability)
        if game.over:
            break
    return game


def game_layouts(game):
    """Layouts consistent with what the player sees, by listing every placement of the mines."""
    hidden = [i for i, value in enumerate(game.known) if value == HIDDEN]
    for combo in itertools.combinations(hidden, game.setup.mines):
        mines = set(combo)
        if all(v == HIDDEN or v == sum(n in mines for n in game.neighbours[i]) for i, v in enumerate(game.known)):
            yield mines

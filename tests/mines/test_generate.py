"""Generated boards: random ones follow the first-click rule, no-guess ones are won from the first click by logic
alone, which an engine other than the generator's confirms (the counting player of the simulator, and SAT)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boards import SETTINGS
from puzzlesat.errors import GenerationError
from puzzlesat.mines.board import HIDDEN, parse_board
from puzzlesat.mines.game import Game, Setup, parse_size
from puzzlesat.mines.generate import generate, generate_board, opening
from puzzlesat.mines.player import Player
from puzzlesat.mines.solve import needs_no_guess, solved_by_sat


class _Stuck(Exception):
    pass


class _CertainOnly(Player):
    """The simulator's player (count_layouts at every move), refusing to guess."""

    def guess(self, solution):
        raise _Stuck()


def won_by_the_counting_player(board) -> bool:
    """Play the board with the simulator's player, which opens only what exact counting proves safe."""
    setup = board.setup
    game = Game(Setup(setup.width, setup.height, setup.mines, setup.rules))
    game.mines = frozenset(r * setup.width + c for r, c in board.mines)
    game.numbers = [sum(n in game.mines for n in game.neighbours[i]) for i in range(setup.cells)]
    game.open(board.first_click)
    try:
        _CertainOnly(game, board.first_click).play()
    except _Stuck:
        return False
    return game.won


SIZES = ["beginner", "intermediate", "8x8x12", "12x6x15", "5x5x6", "16x16x60"]


@SETTINGS
@given(st.sampled_from(SIZES), st.sampled_from(["zero", "safe"]), st.integers(0, 10 ** 6), st.data())
def test_no_guess_boards_are_won_from_the_first_click_by_the_counting_player_and_by_sat(size, rules, seed, data):
    setup = parse_size(size, rules)
    first = (data.draw(st.integers(0, setup.height - 1)), data.draw(st.integers(0, setup.width - 1)))
    board = generate_board(setup, first, seed, 0, no_guess=True)
    assert board.no_guess and len(board.mines) == setup.mines and first not in board.mines
    assert won_by_the_counting_player(board)
    assert solved_by_sat(setup.width, setup.height, board.mines, first)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_expert_no_guess_boards_are_won_by_the_counting_player_and_by_sat(seed):
    setup = parse_size("expert", "zero")
    for index, first in enumerate([(0, 0), (7, 15), (15, 29)]):
        board = generate_board(setup, first, seed, index, no_guess=True)
        assert won_by_the_counting_player(board)
        assert solved_by_sat(setup.width, setup.height, board.mines, first)


def test_boards_without_the_total_need_no_guess_even_without_counting_the_mines_left():
    setup = parse_size("intermediate", "zero")
    for index in range(10):
        board = generate_board(setup, (0, 0), 7, index, no_guess=True, use_total=False)
        assert needs_no_guess(setup.width, setup.height, board.mines, (0, 0), use_total=False)
        assert solved_by_sat(setup.width, setup.height, board.mines, (0, 0), use_total=False)


def test_needs_total_says_whether_the_proof_needed_the_mines_left():
    setup = parse_size("expert", "zero")
    boards = [generate_board(setup, (0, 0), 0, index, no_guess=True) for index in range(12)]
    for board in boards:
        alone = needs_no_guess(setup.width, setup.height, board.mines, (0, 0), use_total=False)
        assert board.needs_total == (not alone)


@pytest.mark.parametrize("rules", ["zero", "safe"])
def test_random_boards_keep_the_first_click_rule(rules):
    setup = parse_size("8x8x40", rules)
    first = (3, 4)
    around = {(r, c) for r in range(2, 5) for c in range(3, 6)}
    for index in range(30):
        board = generate_board(setup, first, 1, index)
        assert not board.no_guess and board.needs_total is None and len(set(board.mines)) == 40
        assert first not in board.mines
        if rules == "zero":
            assert not around & set(board.mines)
    assert any(around & set(generate_board(setup, first, 1, index).mines) for index in range(30)) == (rules == "safe")


def test_a_board_is_decided_by_its_seed_and_index_alone_whatever_the_jobs():
    setup = parse_size("intermediate", "zero")
    once = [made.board.mines for made in generate(setup, (0, 0), 6, seed=4, no_guess=True, jobs=1)]
    again = [made.board.mines for made in generate(setup, (0, 0), 6, seed=4, no_guess=True, jobs=2)]
    assert once == again and len(set(once)) == 6
    assert generate_board(setup, (0, 0), 4, 3, no_guess=True).mines == once[3]


def test_a_size_where_no_layout_needs_no_guess_is_an_error_not_a_hang():
    # Two rows and one mine: whatever column holds it, the two cells of that column look alike from everywhere.
    with pytest.raises(GenerationError, match="2x6x1"):
        generate_board(parse_size("2x6x1", "zero"), (0, 0), 0, 0, no_guess=True)
    made = list(generate(parse_size("2x6x1", "zero"), (0, 0), 2, no_guess=True))
    assert [m.board for m in made] == [None, None] and all("2x6x1" in m.error for m in made)


def test_the_mine_file_is_the_position_after_the_first_click_with_the_mines_covered():
    board = generate_board(parse_size("beginner", "zero"), (4, 4), 2, 0, no_guess=True)
    text = board.mine_text()
    lines = text.splitlines()
    assert lines[0] == "9x9x10"
    mined = {(r, c) for r, line in enumerate(lines[1:]) for c, char in enumerate(line) if char == "?"}
    assert mined == set(board.mines)
    shown = opening(9, 9, board.mines, (4, 4))
    read = parse_board(text)
    assert read.total_mines == 10
    assert {cell for cell in read.positions() if read[cell] != HIDDEN} == shown
    assert all(read[cell] == board.rows()[cell[0]][cell[1]] for cell in shown)


def test_the_record_has_the_documented_fields():
    board = generate_board(parse_size("beginner", "zero"), (0, 0), 5, 1, no_guess=True)
    record = board.record()
    assert set(record) == {"width", "height", "mines", "first_click", "rules", "no_guess", "needs_total", "seed",
                           "index", "time_ms"}
    assert record["mines"] == [list(cell) for cell in board.mines] and record["first_click"] == [0, 0]
    assert (record["seed"], record["index"], record["width"], record["height"]) == (5, 1, 9, 9)

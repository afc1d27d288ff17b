"""Each shipped example of a Minesweeper input format (puzzles/formats/mines, see its PROVENANCE.md) reads as
the board it shows."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_main

from puzzlesat.mines import FLAG, HIDDEN
from puzzlesat.mines.reader import read_boards

FORMATS = Path(__file__).resolve().parents[2] / "puzzles" / "formats" / "mines"
H, F = HIDDEN, FLAG

EXPECTED = {
    "jsminesweeper_lost_game.mine": (8, [
        [1, H, H, H, H, H],
        [1, 2, H, H, H, H],
        [0, 1, 2, 3, H, H],
        [1, 1, 2, F, 4, H],
        [1, F, 2, 2, H, 2],
        [1, 1, 1, 1, 1, 1],
    ]),
    "minesweepr_util_docstring.txt": (None, [
        [0, 0, 0, 2, H],
        [0, 1, 1, 3, H],
        [0, 2, F, H, H],
        [1, 3, F, H, H],
        [H, H, H, H, H],
    ]),
    "minesweepr_demo_board_string.txt": (None, [
        [0, 0, 1] + [H] * 7,
        [0, 0, 2] + [H] * 7,
        [0, 0, 3] + [H] * 7,
        [0, 0, 2] + [H] * 7,
        [1, 1, 2] + [H] * 7,
    ] + [[H] * 10] * 5),
    "friendly_problem_reductions_3x3.txt": (None, [
        [1, H, H],
        [1, 2, H],
        [0, 1, H],
    ]),
}


def test_every_example_is_checked():
    assert sorted(path.name for path in FORMATS.iterdir() if path.name != "PROVENANCE.md") == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_example_reads_as_its_board(name):
    total, rows = EXPECTED[name]
    records = list(read_boards([str(FORMATS / name)]))
    assert len(records) == 1 and records[0].error is None, records[0].error
    board = records[0].board
    assert board.total_mines == total
    assert board.cells == tuple(map(tuple, rows)) and (board.width, board.height) == (len(rows[0]), len(rows))


def test_the_minesweepr_demo_string_is_the_readme_position():
    demo = read_boards([str(FORMATS / "minesweepr_demo_board_string.txt")], total_mines=10)
    shipped = read_boards([str(FORMATS.parents[1] / "mines" / "minesweepr_readme_10x10.mine")])
    assert next(demo).board == next(shipped).board


def test_all_examples_analyse_in_one_run():
    result = run_main(["mines", *sorted(str(FORMATS / name) for name in EXPECTED), "-f", "jsonl"])
    assert result.exit_code == 0, result.output
    assert len(result.stdout.splitlines()) == len(EXPECTED)

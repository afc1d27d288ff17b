"""The public faces (puzzlesat, puzzlesat.sudoku, puzzlesat.mines): dir() and tab completion offer what __all__
holds, lazy names included, and every name there resolves."""

from __future__ import annotations

import importlib

import pytest

FACES = ["puzzlesat", "puzzlesat.sudoku", "puzzlesat.mines"]


@pytest.mark.parametrize("name", FACES)
def test_dir_lists_what_the_face_offers_and_each_name_resolves(name):
    module = importlib.import_module(name)
    assert dir(module) == sorted(module.__all__)
    for attribute in module.__all__:
        assert getattr(module, attribute) is not None


def test_the_sudoku_face_offers_its_verbs_nouns_and_errors():
    from puzzlesat import sudoku

    offered = set(dir(sudoku))
    assert {"solve", "rate", "hint", "explain", "candidates", "generate", "parse"} <= offered
    assert {"Sudoku", "Result", "Shape", "PuzzleError", "VariantError"} <= offered
    assert not {"SudokuSolver", "SolverPool", "Reader", "lazy_attributes", "Optional"} & offered


def test_the_top_face_lists_its_two_puzzles():
    import puzzlesat

    assert dir(puzzlesat) == ["__version__", "mines", "sudoku"]

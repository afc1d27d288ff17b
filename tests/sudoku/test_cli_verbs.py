"""`puzzlesat sudoku solve|hint|explain|rate|candidates|cnf`: each verb gives what its old flag gives, byte for byte,
takes only its own options, and `puzzlesat sudoku --help` shows the verbs and the options they share."""

from __future__ import annotations

import pytest

from conftest import run_main

PUZZLE = "4...1.3.2..3.1..\n53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"

# (the verb's arguments, the old flags' arguments): the same question asked both ways
SAME = [
    (["solve", "-f", "jsonl"], ["-f", "jsonl"]),
    (["hint", "-f", "jsonl"], ["--hint", "-f", "jsonl"]),
    (["hint", "--reveal", "cells", "-f", "line"], ["--reveal", "cells", "-f", "line"]),
    (["hint", "--candidates", "-f", "pretty"], ["--hint", "--candidates", "-f", "pretty"]),
    (["explain", "-f", "jsonl"], ["--explain", "-f", "jsonl"]),
    (["explain", "--engine", "general", "-f", "pretty"], ["--explain", "--engine", "general", "-f", "pretty"]),
    (["rate", "-f", "line"], ["--rate", "-f", "line"]),
    (["rate", "--effort", "-f", "jsonl"], ["--effort", "-f", "jsonl"]),
    (["candidates", "--logical", "-f", "jsonl"], ["--true-candidates", "--logical", "-f", "jsonl"]),
    (["cnf", "--variant", "diagonal"], ["--dimacs", "--variant", "diagonal"]),
]


def without_times(text: str) -> str:
    """The output with the times it measures left out (they differ from run to run)."""
    import re

    return re.sub(r'"time_ms": ?[0-9.]+', '"time_ms": 0', text)


@pytest.mark.parametrize("verb, old", SAME, ids=[" ".join(verb) for verb, _ in SAME])
def test_a_verb_gives_what_its_old_flag_gives(verb, old):
    puzzles = PUZZLE.splitlines()[0] + "\n" if verb[0] == "cnf" else PUZZLE
    new, before = run_main(["sudoku", *verb], input=puzzles), run_main(["sudoku", *old], input=puzzles)
    assert new.exit_code == before.exit_code == 0
    assert without_times(new.stdout) == without_times(before.stdout) and new.stdout
    assert new.stderr == before.stderr


@pytest.mark.parametrize("verb, foreign", [("hint", "--effort"), ("rate", "--reveal"), ("explain", "--count"),
                                           ("cnf", "--timeout"), ("candidates", "--hint")])
def test_a_verb_takes_only_its_own_options(verb, foreign):
    result = run_main(["sudoku", verb, foreign], input=PUZZLE)
    assert result.exit_code == 2 and "No such option" in result.stderr


def test_the_old_checks_still_hold():
    result = run_main(["sudoku", "--explain", "--hint"], input=PUZZLE)
    assert result.exit_code == 2 and "--explain and --hint do not go together" in result.stderr


def test_the_group_help_shows_the_verbs_and_the_options_they_share():
    shown = run_main(["sudoku", "--help"]).stdout
    for verb in ("solve", "hint", "explain", "rate", "candidates", "cnf", "generate"):
        assert f"\n  {verb}" in shown
    assert "--input-format" in shown and "--timeout" in shown and "--format" in shown

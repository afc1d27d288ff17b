"""The documentation is true: the README's examples and the modules' docstring examples run, and every command and
option the CLI offers is in the README."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest
from conftest import ROOT

import puzzlesat

README = ROOT / "README.md"


def test_the_readme_examples_run(monkeypatch):
    monkeypatch.chdir(ROOT)  # they read puzzles/ as a user of a clone would
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 20 and result.failed == 0


def modules() -> list:
    """Every module of the package."""
    return [info.name for info in pkgutil.walk_packages(puzzlesat.__path__, "puzzlesat.")]


@pytest.mark.parametrize("name", modules())
def test_docstring_examples_run(name, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS).failed == 0


def test_the_faces_have_examples():
    for face in ("puzzlesat.sudoku", "puzzlesat.mines", "puzzlesat.sat", "puzzlesat.budget"):
        assert doctest.testmod(importlib.import_module(face)).attempted > 0, face


def commands(group, path=()):
    """(command path, click command) for every command below a group."""
    import click

    for name in group.list_commands(None):
        command = group.get_command(None, name)
        if isinstance(command, click.Group):
            yield from commands(command, (*path, name))
        else:
            yield (*path, name), command


def test_every_command_and_option_is_in_the_readme():
    from puzzlesat.cli import cli

    text = README.read_text()
    missing = []
    for path, command in commands(cli):
        if f"puzzlesat {' '.join(path)}" not in text and not (path[-1] in ("solve", "analyze") and f"puzzlesat {path[0]}" in text):
            missing.append(" ".join(path))
        for param in command.params:
            for flag in param.opts:
                if flag.startswith("--") and flag not in text and flag not in ("--help", "--time-limit"):
                    missing.append(f"{' '.join(path)} {flag}")
    assert not missing, f"not in README.md: {missing}"

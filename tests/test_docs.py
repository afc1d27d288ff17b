"""The documentation is true: the examples of the README, of the documentation's pages (docs/*.md) and of the modules'
docstrings run, every command and option the CLI offers is in the README or a page, the site builds with
`mkdocs build --strict`, and what cog writes (the command reference, the home page) is up to date."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pkgutil
import subprocess
import sys

import pytest
from conftest import ROOT

import puzzlesat

README = ROOT / "README.md"
DOCS = ROOT / "docs"
# The pages people write (the home page is the README, copied by cog; the command reference is the --help texts).
TOPICS = sorted(path for path in DOCS.glob("*.md") if path.name not in ("index.md", "commands.md"))
COGGED = [DOCS / "commands.md", DOCS / "index.md"]
NEEDS_DOCS = "the docs extra is not installed (pip install -e '.[docs]')"


def test_the_readme_examples_run(monkeypatch):
    monkeypatch.chdir(ROOT)  # they read puzzles/ as a user of a clone would
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0


@pytest.mark.parametrize("page", TOPICS, ids=lambda page: page.name)
def test_the_pages_examples_run(page, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_pages_have_their_python_examples():
    with_examples = {page.name for page in TOPICS if ">>> " in page.read_text()}
    assert with_examples >= {"sudoku.md", "rating.md", "variants.md", "minesweeper.md", "play.md"}


def _docs_tool(module: str) -> None:
    if importlib.util.find_spec(module) is None:
        pytest.skip(NEEDS_DOCS)


def test_the_site_builds_strictly(tmp_path):
    _docs_tool("mkdocs")
    _docs_tool("mkdocstrings")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert (tmp_path / "site" / "commands" / "index.html").exists()
    assert "puzzlesat.mines.analyze" in (tmp_path / "site" / "library" / "index.html").read_text()


def test_what_cog_writes_is_up_to_date():
    _docs_tool("cogapp")
    done = subprocess.run([sys.executable, "-m", "cogapp", "--check", "-I", str(DOCS / "_cog"), *map(str, COGGED)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, env=_fixed_width())
    assert done.returncode == 0, f"run `cog -I docs/_cog -r docs/commands.md docs/index.md`:\n{done.stdout}{done.stderr}"


def _fixed_width() -> dict:
    import os

    return {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "NO_COLOR", "FORCE_COLOR")}


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


def test_every_command_and_option_is_in_the_readme_or_a_page():
    from puzzlesat.cli import cli

    text = "\n".join(page.read_text() for page in [README, *TOPICS])
    missing = []
    for path, command in commands(cli):
        if f"puzzlesat {' '.join(path)}" not in text and not (path[-1] in ("solve", "analyze") and f"puzzlesat {path[0]}" in text):
            missing.append(" ".join(path))
        for param in command.params:
            for flag in param.opts:
                if flag.startswith("--") and flag not in text and flag not in ("--help", "--time-limit"):
                    missing.append(f"{' '.join(path)} {flag}")
    assert not missing, f"not in README.md nor docs/ (but the command reference): {missing}"

"""Every example command of the README, of the documentation's pages (docs/*.md) and of every `--help` text runs as
written, as a user runs it: the installed `puzzlesat` in a shell, from a folder outside the repository (sqlite-utils
keeps its documentation honest this way).

README and page examples run beside a copy of `puzzles/` (they speak to a clone, whose files they name); `--help`
examples run in an empty folder, as after `pip install` anywhere. Each must end with exit status 0, or the one its
text gives it, and never with a traceback.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

README = ROOT / "README.md"
# The pages whose examples are the user's: not the home page (cog copies the README there) nor the command reference
# (the --help texts, whose examples run below).
PAGES = [README] + sorted(path for path in (ROOT / "docs").glob("*.md") if path.name not in ("index.md", "commands.md"))
FENCE = re.compile(r"^\s*```(\w*)\s*$")
EXAMPLE = re.compile(r"^(?:\$ )?(?:puzzlesat |[^#]*\| *puzzlesat |printf .*\| *puzzlesat )")

# Examples whose point is an answer that is not a success (their exit status, as the README explains).
EXIT_STATUS = {
    "puzzlesat sudoku --count 10 puzzles/sudoku/serg-multiple-20.txt": 1,  # the puzzles have many solutions
}
SLOW = ("--games 5000", "-n 10000")  # whole simulations, run with the slow tests
NEEDS = {"parallel": "GNU parallel"}  # programs an example pipes through that the machine may not have
ELSEWHERE = "HOST"  # examples that run on the machines of a Dask cluster (HOST is its scheduler's), not here


def readme_examples(page: Path = README) -> list:
    """(block, line number, command) for every command line in a page's sh blocks and `$ ` lines of its plain
    blocks, but the Quick start's install lines (CI runs those itself); `block` is the line its block starts on: the
    commands of a block run in order in one folder, so a line may use what an earlier one wrote."""
    found, language, block = [], None, 0
    for number, line in enumerate(page.read_text().splitlines(), 1):
        fence = FENCE.match(line)
        if fence:
            language = None if language is not None else fence.group(1) or "text"
            block = number
            continue
        text = line.strip()
        if language == "sh" and text and not text.startswith("#") and "pip install" not in text:
            found.append((block, number, text))
        elif language == "text" and text.startswith("$ "):
            found.append((block, number, text[2:]))
    return found


def help_texts() -> list:
    """(command path below `puzzlesat`, --help text) for the CLI and every command in it: the texts the command
    reference is written from (docs/_cog/docs_help.py)."""
    sys.path.insert(0, str(ROOT / "docs" / "_cog"))
    try:
        from docs_help import help_texts as reference_texts
    finally:
        sys.path.pop(0)
    return [(name.removeprefix("puzzlesat").strip(), text) for name, text in reference_texts()]


def help_examples() -> list:
    """(command path, example line) for every example line of every --help text."""
    return [(path, line.strip()) for path, text in help_texts() for line in text.splitlines()
            if EXAMPLE.match(line.strip())]


def page_examples() -> list:
    """(page, block, line number, command) for every command of the README and the documentation's pages."""
    return [(page.relative_to(ROOT).as_posix(), *example) for page in PAGES for example in readme_examples(page)]


def run_example(command: str, folder: Path) -> subprocess.CompletedProcess:
    """The command in bash (pipefail: a failing puzzlesat is not hidden by the pipe), in `folder`, with the
    environment's puzzlesat first on PATH and nothing on stdin."""
    if ELSEWHERE in command.split("#")[0]:
        pytest.skip("runs on a Dask cluster (tests/test_cluster.py runs --scheduler on a local one)")
    for program, name in NEEDS.items():
        if re.search(rf"(^|\| *){program} ", command) and shutil.which(program) is None:
            pytest.skip(f"{name} is not installed")
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", ""), "NO_COLOR": "1"}
    env.pop("PYTHONPATH", None)
    return subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=folder, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, timeout=600)


def checked(command: str, done: subprocess.CompletedProcess) -> None:
    """The example ended as its text says it does."""
    stderr = done.stderr.decode(errors="replace")
    assert "Traceback" not in stderr, stderr
    expected = next((status for start, status in EXIT_STATUS.items() if command.startswith(start)), 0)
    assert done.returncode == expected, f"{command}\nexit {done.returncode}\n{stderr[-2000:]}"


def marked(examples: list, label) -> list:
    """pytest params, the whole simulations marked slow."""
    return [pytest.param(*example, id=label(example), marks=[pytest.mark.slow] if any(s in example[-1] for s in SLOW)
                         else []) for example in examples]


@pytest.fixture(scope="module")
def outside(tmp_path_factory):
    """For each block of a page, a folder outside the repository holding a copy of puzzles/, as a clone would have
    it."""
    folders: dict = {}

    def folder(page: str, block: int) -> Path:
        if (page, block) not in folders:
            folders[page, block] = tmp_path_factory.mktemp(f"{Path(page).stem}-{block}")
            shutil.copytree(ROOT / "puzzles", folders[page, block] / "puzzles")
        return folders[page, block]

    return folder


def test_the_examples_are_found():
    assert len(readme_examples()) >= 10 and len(page_examples()) >= 75 and len(help_examples()) > 8
    assert {page for page, *_ in page_examples()} >= {"README.md", "docs/sudoku.md", "docs/minesweeper.md",
                                                        "docs/play.md", "docs/rating.md", "docs/variants.md"}
    shown = {path for path, _ in help_examples()}
    commands = {path for path, text in help_texts() if "Usage:" in text and path.count(" ") == 1}
    assert commands <= shown, f"no example in the --help of: {sorted(commands - shown)}"
    assert all(not command.startswith(("python3 -m venv",)) for *_, command in page_examples())


@pytest.mark.parametrize("page, block, number, command", marked(page_examples(), lambda example: f"{example[0]}:{example[2]}"))
def test_every_readme_and_page_example_runs(page, block, number, command, outside):
    checked(command, run_example(command, outside(page, block)))


@pytest.mark.parametrize("path, command", marked(help_examples(), lambda example: f"{example[0] or 'puzzlesat'}:"
                                                                                    f"{example[1][:40]}"))
def test_every_help_example_runs_without_the_repository(path, command, tmp_path):
    checked(command, run_example(command, tmp_path))

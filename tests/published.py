"""The published variant puzzles of puzzles/variants/ (see its PROVENANCE.md): their files, and each file's
payload line, stated solution and the rules it says puzzlesat cannot read."""

from __future__ import annotations

from pathlib import Path

FOLDER = Path(__file__).parents[1] / "puzzles" / "variants"
FILES = sorted(FOLDER.glob("*.txt"))


def published(path: Path) -> tuple:
    """(the payload line, the stated solution as a tuple of numbers) of a puzzle file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    payload = next(line.strip() for line in lines if line.strip() and not line.startswith("#"))
    stated = next(line.split(":", 1)[1].strip() for line in lines if line.startswith("# solution:"))
    numbers = stated.split(",") if "," in stated else list(stated)
    return payload, tuple(int(number) for number in numbers)


def comments(path: Path, field: str) -> list:
    """The values of a file's '# field: value' comment lines, in order."""
    prefix = f"# {field}:"
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line[len(prefix):].strip() for line in lines if line.startswith(prefix)]

"""What cog writes into the documentation: the command reference from `--help`, the home page from the README."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WIDTH = 100  # the help texts' width: fixed, so the page is the same whatever terminal cog runs in


def help_texts() -> list:
    """(command path, --help text) for the CLI and every command below it, at a fixed width."""
    import click

    from puzzlesat.cli import cli

    texts = []

    def walk(command, path, parent):
        name = " ".join(("puzzlesat", *path))
        ctx = click.Context(command, info_name=path[-1] if path else "puzzlesat", parent=parent,
                            terminal_width=WIDTH, max_content_width=WIDTH)
        texts.append((name, command.get_help(ctx)))
        if isinstance(command, click.Group):
            for sub in command.list_commands(ctx):
                walk(command.get_command(ctx, sub), (*path, sub), ctx)

    walk(cli, (), None)
    return texts


def reference() -> str:
    """A section per command, its help in a text block."""
    return "".join(f"\n## {name}\n\n```text\n{text.rstrip()}\n```\n" for name, text in help_texts()) + "\n"


def home() -> str:
    """The README from its first section on, its links to docs/ made links between the pages."""
    text = (ROOT / "README.md").read_text()
    text = text.split("\n", 1)[1]  # the title is the site's
    text = re.sub(r"\]\(docs/([^)]*)\)", r"](\1)", text)
    text = text.replace("](docs/)", "](index.md)")
    return text.strip() + "\n"

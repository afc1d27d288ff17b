"""What every command shares: exit statuses, lazily loaded subcommands, the output environment."""

from __future__ import annotations

import enum
import importlib
import os
import sys
from dataclasses import dataclass, field
from typing import IO, Optional

import click


class ExitStatus(enum.IntEnum):
    """Exit statuses of every puzzlesat command."""

    OK = 0
    FAILED = 1  # some puzzle had no (unique) solution, was invalid, or a board was inconsistent
    USAGE = 2
    INTERRUPTED = 130


class LazyGroup(click.Group):
    """A group whose subcommands are imported only when used ("name": "module:attribute").

    With `default`, arguments that do not start with a subcommand name go to the default
    subcommand, so `puzzlesat sudoku FILE` means `puzzlesat sudoku solve FILE`.
    """

    def __init__(self, *args, lazy: Optional[dict] = None, default: Optional[str] = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})
        self.default = default

    def list_commands(self, ctx: click.Context) -> list:
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx: click.Context, name: str) -> Optional[click.Command]:
        if name in self.lazy and name not in self.commands:
            module_name, attribute = self.lazy[name].split(":")
            try:
                module = importlib.import_module(module_name)
            except ModuleNotFoundError as error:
                if error.name != module_name:
                    raise
                return None  # listed but not built yet
            self.add_command(getattr(module, attribute), name)
        return super().get_command(ctx, name)

    def parse_args(self, ctx: click.Context, args: list) -> list:
        if self.default and (not args or (args[0] not in self.lazy and args[0] not in self.commands and args[0] not in ctx.help_option_names)):
            args = [self.default, *args]
        return super().parse_args(ctx, args)

    def format_commands(self, ctx: click.Context, formatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is None or command.hidden:
                continue
            label = f"{name} (default)" if name == self.default else name
            rows.append((label, command.get_short_help_str(limit=formatter.width - 6 - len(label))))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@dataclass
class Env:
    """The streams a command writes to and whether they are terminals, so tests can pretend either way."""

    stdout: IO[str] = field(default_factory=lambda: sys.stdout)
    stderr: IO[str] = field(default_factory=lambda: sys.stderr)
    stdout_isatty: Optional[bool] = None
    stderr_isatty: Optional[bool] = None

    def __post_init__(self):
        if self.stdout_isatty is None:
            self.stdout_isatty = _isatty(self.stdout)
        if self.stderr_isatty is None:
            self.stderr_isatty = _isatty(self.stderr)

    @property
    def color(self) -> bool:
        """Colour is allowed: a terminal, and NO_COLOR unset."""
        return bool(self.stdout_isatty) and not os.environ.get("NO_COLOR")

    def console(self, stderr: bool = False):
        """A rich console on stdout or stderr (rich is imported only here)."""
        from puzzlesat.render import make_console

        stream = self.stderr if stderr else self.stdout
        tty = self.stderr_isatty if stderr else self.stdout_isatty
        return make_console(stream, bool(tty))

    def error(self, message: str) -> None:
        """One line on stderr."""
        print(f"puzzlesat: {message}", file=self.stderr, flush=True)


def _isatty(stream) -> bool:
    """Whether a stream is a terminal, False when it cannot tell."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def stdin_is_terminal() -> bool:
    """Whether standard input is a terminal (a person typing, not a pipe)."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def resolve_format(requested: str, env: Env, pretty: str = "pretty", plain: str = "jsonl") -> str:
    """'auto' becomes the pretty format on a terminal and the plain one in a pipe."""
    if requested != "auto":
        return requested
    return pretty if env.stdout_isatty else plain

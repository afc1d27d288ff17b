"""What every command shares: exit statuses, the environment, lazily loaded subcommands, shared options."""

from __future__ import annotations

import enum
import errno
import importlib
import io
import os
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import chain, islice
from pathlib import Path
from typing import IO, TYPE_CHECKING, Iterable, Iterator, NamedTuple, Optional, Sequence

import click

from puzzlesat.errors import PuzzlesatError

if TYPE_CHECKING:
    from concurrent.futures import Executor


class ExitStatus(enum.IntEnum):
    """Exit statuses of every puzzlesat command."""

    OK = 0  # also when the reader of stdout went away (`| head`): it has what it wanted
    FAILED = 1  # some record had no (unique) answer, was invalid or inconsistent, or the run failed
    USAGE = 2  # bad options, or an input that cannot be opened
    INTERRUPTED = 130  # Ctrl-C


PIPE_WIDTH = 10_000  # columns of output that goes to a file or pipe: lines are never wrapped there
FALLBACK_WIDTH = 80  # columns of a terminal that does not say its size, or says 0 (`script`, some CI consoles)


def _isatty(stream) -> bool:
    """Whether a stream is a terminal, False when it cannot tell."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


@dataclass
class Env:
    """The streams a command reads and writes, whether each is a terminal, colour and width.

    Every field defaults to the real process; tests build one that pretends to be a terminal or a pipe.
    """

    stdin: Optional[IO[bytes]] = field(default_factory=lambda: getattr(sys.stdin, "buffer", None))
    stdout: IO[str] = field(default_factory=lambda: sys.stdout)
    stderr: IO[str] = field(default_factory=lambda: sys.stderr)
    stdin_isatty: Optional[bool] = None
    stdout_isatty: Optional[bool] = None
    stderr_isatty: Optional[bool] = None
    color: Optional[bool] = None  # colour allowed (NO_COLOR unset); drawn only on terminals, unless forced
    force_color: Optional[bool] = None  # FORCE_COLOR set: colour output that is not a terminal too
    width: Optional[int] = None  # columns to draw in; None: the terminal's (unlimited when not a terminal)
    quiet: bool = False  # -q: nothing on stderr but errors

    def __post_init__(self):
        if self.stdin_isatty is None:
            self.stdin_isatty = _isatty(self.stdin if self.stdin is not None else sys.stdin)
        if self.stdout_isatty is None:
            self.stdout_isatty = _isatty(self.stdout)
        if self.stderr_isatty is None:
            self.stderr_isatty = _isatty(self.stderr)
        if self.color is None:
            self.color = not os.environ.get("NO_COLOR")
        if self.force_color is None:
            self.force_color = bool(os.environ.get("FORCE_COLOR"))
        if self.width is None:
            self.width = (_columns(self.stdout) or FALLBACK_WIDTH) if self.stdout_isatty else PIPE_WIDTH
        if self.stdin_isatty and self.stdin is not None and not isinstance(self.stdin, TypedInput):
            self.stdin = TypedInput(self.stdin)

    def console(self, stderr: bool = False):
        """A rich console on stdout or stderr (rich is imported only when one is needed)."""
        from puzzlesat.render import make_console

        if stderr:
            return make_console(self.stderr, bool(self.stderr_isatty), bool(self.color))
        return make_console(self.stdout, bool(self.stdout_isatty), bool(self.color), self.width, bool(self.force_color))

    def error(self, message: str) -> None:
        """One line on stderr."""
        print(f"puzzlesat: {message}", file=self.stderr, flush=True)

    def note(self, message: str) -> None:
        """One line on stderr that is not an error (a summary, what was skipped), unless quiet."""
        if not self.quiet:
            self.error(message)

    def progress_bar(self, total, unit: str, label: str = "", output_streams: bool = True,
                     measure: Optional[str] = None):
        """A progress bar on stderr when it is a terminal, not quiet, and (when output streams during the run)
        the output goes elsewhere; else None. `total` is a number, None (unknown) or a function that gives it,
        called only when the bar shows, once the run has lasted a moment (see render.progress.ProgressBar)."""
        if self.quiet or not self.stderr_isatty or (output_streams and self.stdout_isatty):
            return None
        from puzzlesat.render.progress import ProgressBar

        return ProgressBar(self.console(stderr=True), total, unit, label, measure)


def _columns(stream) -> Optional[int]:
    """The width of the terminal a stream writes to (COLUMNS wins), or None when it cannot tell (or says 0)."""
    if os.environ.get("COLUMNS", "").isdigit() and int(os.environ["COLUMNS"]) > 0:
        return int(os.environ["COLUMNS"])
    try:
        return os.get_terminal_size(stream.fileno()).columns or None
    except (AttributeError, ValueError, OSError):
        return None


class TypedInput:
    """Standard input that is a terminal: while a line is being waited for, the user is typing (`waiting`), and
    `last` is when the last line came, so that a clock of the work leaves the wait out."""

    def __init__(self, stream):
        self.stream, self.waiting, self.last = stream, False, 0.0

    def readline(self, *args) -> bytes:
        return self._awaited(self.stream.readline, *args)

    def read(self, *args) -> bytes:
        return self._awaited(self.stream.read, *args)

    def _awaited(self, reading, *args) -> bytes:
        """What `reading` gives, the user marked as typing until it comes."""
        import time

        self.waiting = True
        try:
            return reading(*args)
        finally:
            self.waiting, self.last = False, time.monotonic()

    def __getattr__(self, name):
        return getattr(self.stream, name)


class ClosedOutput(io.TextIOBase):
    """What stands for standard output when the process started without one (`>&-`): writing says so."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed: nothing can be written")


def ensure_standard_streams() -> None:
    """A process started with stdout or stderr closed has None for them: stdout becomes one that says it is
    closed when written, stderr a sink (there is no one to tell)."""
    if sys.stdout is None:
        sys.stdout = ClosedOutput()
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w")


class OutputClosed(Exception):
    """The reader of stdout went away (a closed pipe); raised past click, which would make it exit 1."""


class Interrupted(Exception):
    """Ctrl-C, after what was done has been said (not a KeyboardInterrupt, which click would turn into Abort)."""


def quiet_option(command):
    """-q/--quiet: nothing on stderr but errors."""
    def callback(ctx: click.Context, param: click.Parameter, value: bool) -> None:
        if value:
            ctx.find_object(Env).quiet = True

    return click.option("-q", "--quiet", is_flag=True, expose_value=False, callback=callback,
                        help="Nothing on stderr but errors: no progress, notes or summaries.")(command)


class LazyGroup(click.Group):
    """A group whose subcommands are imported only when used ("name": "module:attribute").

    With `default`, arguments that do not start with a subcommand name go to the default
    subcommand, so `puzzlesat sudoku FILE` means `puzzlesat sudoku solve FILE`.
    """

    def __init__(self, *args, lazy: Optional[dict] = None, default: Optional[str] = None,
                 shared: Optional[str] = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})
        self.default = default
        self.shared = shared  # "module:function" giving the options the subcommands share, listed in --help

    def list_commands(self, ctx: click.Context) -> list:
        """Built and lazy subcommands, sorted."""
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx: click.Context, name: str) -> Optional[click.Command]:
        """Import a lazy subcommand on first use."""
        if name in self.lazy and name not in self.commands:
            module_name, attribute = self.lazy[name].split(":")
            module = importlib.import_module(module_name)
            self.add_command(getattr(module, attribute), name)
        return super().get_command(ctx, name)

    def invoke(self, ctx: click.Context):
        """Run the subcommand; a closed stdout becomes OutputClosed for cli.main to handle."""
        try:
            return super().invoke(ctx)
        except BrokenPipeError as error:
            raise OutputClosed() from error

    def parse_args(self, ctx: click.Context, args: list) -> list:
        """Arguments that name no subcommand go to the default one (but not none at all while the shell
        completes a word: then the subcommand names are what it wants)."""
        if not args and ctx.resilient_parsing:
            return super().parse_args(ctx, args)
        if self.default and (not args or (args[0] not in self.lazy and args[0] not in self.commands
                                          and args[0] not in ctx.help_option_names)):
            args = [self.default, *args]
        return super().parse_args(ctx, args)

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list:
        """Subcommand names, and what the default subcommand completes where the group alone has nothing:
        `puzzlesat sudoku --ra<Tab>` completes `--rate`, `puzzlesat sudoku pu<Tab>` a file name."""
        results = super().shell_complete(ctx, incomplete)
        if self.default is None or (results and not incomplete.startswith("-")):
            return results
        default = self.get_command(ctx, self.default)
        with default.make_context(self.default, [], parent=ctx, resilient_parsing=True) as default_ctx:
            if incomplete.startswith("-"):
                known = {item.value for item in results}
                return results + [item for item in default.shell_complete(default_ctx, incomplete)
                                  if item.value not in known]
            arguments = [param for param in default.get_params(default_ctx) if isinstance(param, click.Argument)]
            return arguments[0].shell_complete(default_ctx, incomplete) if arguments else results

    def format_options(self, ctx: click.Context, formatter) -> None:
        """The group's options, the options its subcommands share, then the subcommands."""
        click.Command.format_options(self, ctx, formatter)
        if self.shared:
            module_name, attribute = self.shared.split(":")
            options = getattr(importlib.import_module(module_name), attribute)()
            rows = [row for row in (option.get_help_record(ctx) for option in options) if row]
            with formatter.section("Options the verbs share (VERB --help: each verb's own)"):
                formatter.write_dl(rows)
        self.format_commands(ctx, formatter)

    def format_commands(self, ctx: click.Context, formatter) -> None:
        """The command list, the default one marked."""
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


def checked_by(check):
    """A click callback that passes an option's value through a library function (a check or a reader); its
    PuzzlesatError becomes a usage error naming the option."""
    def callback(ctx: click.Context, param: click.Parameter, value):
        if value is None:
            return None
        try:
            return check(value)
        except PuzzlesatError as error:
            raise click.BadParameter(str(error)) from None
    return callback


def format_option(choices: Sequence[str], help: str):
    """The -f/--format option: `auto` picks the pretty format on a terminal and a plain one in a pipe."""
    return click.option("-f", "--format", "output_format", type=click.Choice(["auto", *choices]), default="auto",
                        show_default=True, help=help)


def jobs_option(command):
    """The -j/--jobs option (default: every core this process may use)."""
    return click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, metavar="N",
                        help="Worker processes (default: all cores). Output stays in input order, and does not "
                             "depend on N.")(command)


def scheduler_option(command):
    """--scheduler ADDRESS (or Dask's DASK_SCHEDULER_ADDRESS): the work on a Dask cluster instead of local processes."""
    return click.option("--scheduler", metavar="ADDRESS", envvar="DASK_SCHEDULER_ADDRESS", show_envvar=True,
                        default=None,
                        help="Run on the Dask cluster of this scheduler (tcp://host:8786) instead of local worker "
                             "processes; the output is the same. Its workers need this puzzlesat (pip install "
                             "'puzzlesat[dask]' everywhere). -j N runs locally even when "
                             "DASK_SCHEDULER_ADDRESS is set.")(command)


class Workers(NamedTuple):
    """Where a batch runs: how many chunks at once, and on what (None: this process and local workers)."""

    jobs: int
    executor: Optional[Executor]


@contextmanager
def workers(env: Env, jobs: Optional[int], scheduler: Optional[str]) -> Iterator[Workers]:
    """`jobs` local worker processes (all cores unless given), or the Dask cluster at `scheduler`, connected and
    checked, for the length of the run. -j with --scheduler is a usage error; -j with only DASK_SCHEDULER_ADDRESS
    set runs locally."""
    if scheduler and jobs is not None:
        from click.core import ParameterSource

        if click.get_current_context().get_parameter_source("scheduler") != ParameterSource.ENVIRONMENT:
            raise click.UsageError("--jobs counts local worker processes; with --scheduler the cluster's workers "
                                   "do the work (give one or the other)")
        scheduler = None
    if not scheduler:
        yield Workers(jobs_or_all(jobs), None)
        return
    from puzzlesat.cluster import Cluster, quiet_dask_logs

    quiet_dask_logs()
    with Cluster(scheduler) as cluster:
        threads = cluster.threads
        if env.stderr_isatty:
            env.note(f"on the Dask cluster at {scheduler}: {threads:,} worker thread{'s' if threads != 1 else ''}")
        yield Workers(threads, cluster.executor())


def resolve_format(requested: str, env: Env, pretty: str = "pretty", plain: str = "jsonl") -> str:
    """'auto' becomes the pretty format on a terminal and the plain one in a pipe."""
    if requested != "auto":
        return requested
    return pretty if env.stdout_isatty else plain


def jobs_or_all(jobs: Optional[int]) -> int:
    """The job count asked for, or all cores."""
    from puzzlesat.parallel import default_jobs

    return jobs or default_jobs()


def one_for_json(items: Iterable, fmt: str, unit: str, output_dir=None) -> Iterator:
    """The items, unchanged; but `--format svg` writes one picture unless an output folder takes one file per item,
    so more than one item is then a usage error that names the way out (the first two are read to tell).
    (`--format json` writes one item's object, or an array of several: cli.output.write_all.)"""
    if fmt != "svg" or output_dir is not None:
        return iter(items)
    items = iter(items)
    first = list(islice(items, 2))
    if len(first) > 1:
        raise click.UsageError(f"--format svg writes one {unit}'s picture to standard output; found more (use "
                               f"--output-dir DIR for one file per {unit}, or --format html for one page)")
    return chain(first, items)


def output_dir_option(command):
    """-o/--output-dir: where -f svg writes one file per record."""
    return click.option("-o", "--output-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
                        metavar="DIR", help="With -f svg: one SVG file per record in DIR (made if missing); the "
                                            "file names are listed on standard output.")(command)


def pictures_only(fmt: str, output_dir) -> None:
    """--output-dir is where -f svg writes its files; with any other format it is a usage error."""
    if output_dir is not None and fmt != "svg":
        raise click.UsageError(f"--output-dir goes with --format svg (one picture per file), not --format {fmt}")

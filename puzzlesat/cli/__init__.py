"""The puzzlesat command line: `puzzlesat sudoku ...` and `puzzlesat mines ...`.

Only this package knows click. Subcommands are imported when used, so `--version` stays fast.
"""

from __future__ import annotations

import os
import sys
from typing import Optional, Sequence

import click

from puzzlesat import __version__
from puzzlesat.cli.common import ExitStatus, LazyGroup

PIPE_CLOSED = 141  # 128 + SIGPIPE, what a shell reports for a writer whose reader went away

SUDOKU_COMMANDS = {
    "solve": "puzzlesat.cli.sudoku_solve:solve",
    "generate": "puzzlesat.cli.sudoku_generate:generate",
}
MINES_COMMANDS = {
    "analyze": "puzzlesat.cli.mines_analyze:analyze",
    "simulate": "puzzlesat.cli.mines_play:simulate",
    "replay": "puzzlesat.cli.mines_play:replay",
}


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="puzzlesat")
def cli() -> None:
    """Solve Sudoku and Minesweeper by translating them into SAT.

    \b
    puzzlesat sudoku puzzles/sudoku/top95.txt                       solve every puzzle in a file
    puzzlesat mines puzzles/mines/minesweepr_readme_10x10.mine -p   certain cells and probabilities
    puzzlesat COMMAND --help                                        the options of a command
    """


@cli.group(cls=LazyGroup, lazy=SUDOKU_COMMANDS, default="solve")
def sudoku() -> None:
    """Sudoku: solve (the default), generate.

    `puzzlesat sudoku FILE...` is `puzzlesat sudoku solve FILE...`;
    `puzzlesat sudoku solve --help` lists its options.
    """


@cli.group(cls=LazyGroup, lazy=MINES_COMMANDS, default="analyze")
def mines() -> None:
    """Minesweeper: analyze a position (the default), simulate games, replay one.

    `puzzlesat mines BOARD` is `puzzlesat mines analyze BOARD`;
    `puzzlesat mines analyze --help` lists its options.
    """


def main(argv: Optional[Sequence[str]] = None) -> None:
    """Run the CLI and exit with its status: 0 ok, 1 failures, 2 usage, 130 interrupted."""
    try:
        status = cli.main(args=argv, prog_name="puzzlesat", standalone_mode=False)
    except click.ClickException as error:
        error.show()
        status = error.exit_code
    except (KeyboardInterrupt, click.Abort):
        print("puzzlesat: interrupted", file=sys.stderr)
        _exit_now(ExitStatus.INTERRUPTED)
    except BrokenPipeError:
        _silence_stdout()
        status = PIPE_CLOSED
    sys.exit(int(status or 0))


def _exit_now(status: int) -> None:
    """Flush and leave at once: worker pools were already stopped, and waiting at exit for their
    helper threads (which a stopped worker can leave blocked on a pipe) could hang."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(int(status))


def _silence_stdout() -> None:
    """The reader of stdout went away: drop what is still buffered instead of failing at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass

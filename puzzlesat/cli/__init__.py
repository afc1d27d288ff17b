"""The puzzlesat command line: `puzzlesat sudoku ...` and `puzzlesat mines ...`.

Only this package knows click. Commands turn options into library calls and answers into output, and return
an exit status; `main` runs them with an environment (Env: the streams and whether they are terminals) and is
the one place where exceptions become messages and exit statuses (ERRORS). Subcommands are imported when used,
so `--version` stays fast.
"""

from __future__ import annotations

import os
import sys
from typing import Optional, Sequence

import click

from puzzlesat import __version__
from puzzlesat.cli.common import Env, ExitStatus, Interrupted, LazyGroup, OutputClosed, ensure_standard_streams
from puzzlesat.interrupts import safe_interrupts
from puzzlesat.errors import (
    ClusterError,
    GenerationError,
    InputError,
    OutOfBudget,
    PuzzlesatError,
    VerificationError,
)

SUDOKU_COMMANDS = {
    "solve": "puzzlesat.cli.sudoku_solve:solve",
    "hint": "puzzlesat.cli.sudoku_solve:hint",
    "explain": "puzzlesat.cli.sudoku_solve:explain",
    "rate": "puzzlesat.cli.sudoku_solve:rate",
    "candidates": "puzzlesat.cli.sudoku_solve:candidates",
    "cnf": "puzzlesat.cli.sudoku_solve:cnf",
    "generate": "puzzlesat.cli.sudoku_generate:generate",
}
MINES_COMMANDS = {
    "analyze": "puzzlesat.cli.mines_analyze:analyze",
    "simulate": "puzzlesat.cli.mines_play:simulate",
    "replay": "puzzlesat.cli.mines_play:replay",
    "play": "puzzlesat.cli.mines_game:play",
    "generate": "puzzlesat.cli.mines_generate:generate",
    "review": "puzzlesat.cli.mines_review:review",
}


def _os_error(error: OSError) -> str:
    """An operating system error in words: 'file: reason', or the reason ('No space left on device')."""
    reason = error.strerror or str(error)
    return f"{error.filename}: {reason}" if error.filename else reason


def _generation_advice(error: GenerationError) -> str:
    """What may help when no puzzle was found: more of the limit that ran out."""
    if error.limit == "timeout":
        return "a longer --timeout may help"
    return "more --attempts may help" if error.targeted else "more --attempts, or --minimal, may help"


# Exceptions that end a command, most specific first: (type, exit status, how to say it).
ERRORS = (
    (InputError, ExitStatus.USAGE, str),
    (GenerationError, ExitStatus.FAILED, lambda error: f"{error} ({_generation_advice(error)})"),
    (VerificationError, ExitStatus.FAILED, lambda error: f"internal error, please report it: {error}"),
    (OutOfBudget, ExitStatus.FAILED, str),
    (ClusterError, ExitStatus.FAILED, str),
    (PuzzlesatError, ExitStatus.USAGE, str),
    (OSError, ExitStatus.FAILED, _os_error),
)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="puzzlesat")
def cli() -> None:
    """Solve Sudoku and Minesweeper by translating them into SAT.

    \b
    echo 4...1.3.2..3.1.. | puzzlesat sudoku                # solve a puzzle (or name files)
    printf '3x3x2\\n1HH\\n12H\\n01H\\n' | puzzlesat mines -p   # certain cells and chances
    puzzlesat sudoku --help                                 # what a command does and takes
    """


@cli.group(cls=LazyGroup, lazy=SUDOKU_COMMANDS, default="solve", shared="puzzlesat.cli.sudoku_options:common_options")
def sudoku() -> None:
    """Sudoku: solve (the default), hint, explain, rate, candidates, cnf, generate.

    `puzzlesat sudoku FILE...` is `puzzlesat sudoku solve FILE...`, and the old flags
    work as before: `puzzlesat sudoku --hint FILE` is `puzzlesat sudoku hint FILE`.
    `puzzlesat sudoku VERB --help` lists a verb's options.
    """


@cli.group(cls=LazyGroup, lazy=MINES_COMMANDS, default="analyze")
def mines() -> None:
    """Minesweeper: analyze a position (the default), simulate games, replay one, play one, review a played
    game, generate boards.

    `puzzlesat mines BOARD` is `puzzlesat mines analyze BOARD`;
    `puzzlesat mines analyze --help` lists its options.
    """


def main(argv: Optional[Sequence[str]] = None, env: Optional[Env] = None) -> int:
    """Run the CLI with `argv` (default: the process's) in `env` (default: the real streams); the exit status."""
    ensure_standard_streams()
    env = env or Env()
    try:
        with safe_interrupts():  # Ctrl-C never inside compiled arithmetic
            status = cli.main(args=argv, prog_name="puzzlesat", standalone_mode=False, obj=env)
    except click.ClickException as error:
        error.show(file=env.stderr)
        status = error.exit_code
    except Interrupted:
        status = ExitStatus.INTERRUPTED  # what was done has been said
    except (KeyboardInterrupt, click.Abort):
        env.error("interrupted")
        status = ExitStatus.INTERRUPTED
    except (OutputClosed, BrokenPipeError):
        _silence(env.stdout)
        status = ExitStatus.OK  # the reader has what it wanted (`| head`)
    except Exception as error:  # noqa: BLE001 - the table says which ones we expect
        status = _report(env, error)
    return int(status or 0)


def _report(env: Env, error: Exception) -> int:
    """Say what ended the command, in one line, and give its exit status (unknown errors are re-raised)."""
    for kind, status, say in ERRORS:
        if isinstance(error, kind):
            env.error(say(error))
            return status
    raise error


def run() -> None:
    """The console script: run main() and leave with its status."""
    _exit_now(main())


def _exit_now(status: int) -> None:
    """Flush and leave at once. Every command has finished its work and written its output; worker pools
    are shut down or stopped (and workers die with this process); native solvers need no goodbye. Tearing
    the interpreter down would only free memory the system takes back anyway (a fifth of the run time
    of a small input), and waiting for the helper threads of a stopped pool could hang after Ctrl-C."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BrokenPipeError:
            _silence(stream)
        except (OSError, ValueError):
            pass
    os._exit(int(status))


def _silence(stdout) -> None:
    """The reader of stdout went away: drop what is still buffered instead of failing at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass

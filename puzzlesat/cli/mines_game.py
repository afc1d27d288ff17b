"""`puzzlesat mines play`: a game played by hand in the terminal, with hints from the simulator's strategies.

The game itself is puzzlesat.mines.session.Session (keys in, state out) and the screen puzzlesat.render.play.
game_screen; this module only reads keys and draws. On a terminal, keys are read raw (no Enter needed, arrows
decoded) and the screen is redrawn in place, and the terminal is always given back as it was. From a pipe or a
file, every character is a key (newlines are ignored), and after each key the screen is written again as plain
text, so `printf 'lloq' | puzzlesat mines play` plays and shows every step. Where raw keys are not available
(Windows), keys come a line at a time.
"""

from __future__ import annotations

import codecs
import os
import re
import select
from contextlib import contextmanager
from typing import Iterator, Optional

import click

from puzzlesat.cli.common import Env, ExitStatus
from puzzlesat.cli.mines_play import first_move_cell, game_index_option, game_options, make_setup
from puzzlesat.mines.board import HIDDEN
from puzzlesat.mines.session import KEYS_HELP, Session

try:  # raw keys on POSIX terminals only
    import termios
    import tty
except ImportError:  # pragma: no cover - Windows
    termios = tty = None

ARROWS = {"A": "up", "B": "down", "C": "right", "D": "left"}
KEY = re.compile(r"\x1b\[[0-9;]*[A-Za-z~]|\x1bO[A-Za-z]|.", re.DOTALL)  # an escape sequence, or one character
CHUNK = 64  # bytes read at a time


@click.command()
@click.argument("board", required=False, type=click.Path(exists=True, dir_okay=False), metavar="[BOARD]")
@game_options
@game_index_option
@click.option("--from-move", "from_move", type=click.IntRange(min=0), default=0, show_default=True, metavar="K",
              help="Start where --strategy stood after its move K in this game (the board `mines replay` shows "
                   "after move K), and go on by hand; u undoes its moves too.")
@click.option("--no-guess", is_flag=True,
              help="Play a board that needs no guess: board K of seed S of `mines generate --no-guess` (the same "
                   "--level, --size, --first-click, --first-move, --seed and --game), its first move opened.")
@click.pass_obj
def play(env: Env, board, level, size, rules, first_move, strategy, seed, index, from_move, no_guess) -> int:
    """Play Minesweeper in the terminal, with hints from a strategy: a game of the simulator, a board that needs
    no guess (--no-guess), or the BOARD of a file (`mines generate -f mine` or -f json writes one).

    \b
    Keys:  arrows or h j k l   move the cursor
           space or o          open the cell; on a number with that many
                               flags around it, open all its other
                               neighbours (a chord: a wrong flag loses)
           f                   flag or unflag it
           ? or a              hint: certain cells, mine chances, dead
                               cells and 50/50s, the strategy's move and
                               why: safe, or a forced guess and how safe
                               (again: hide it)
           u                   undo the last open, chord or flag (a loss
                               too)
           s                   save the position (flags too) as
                               game-S-K-moveN.mine in this directory
           w                   save the game so far (its mines and
                               moves, a lost one too) as
                               game-S-K-moveN.json, for `mines review`
           q                   quit

    \b
    puzzlesat mines play --level intermediate --seed 3
    puzzlesat mines play --seed 0 --game 17 --from-move 10   # go on from a simulated game
    printf ' l?q' | puzzlesat mines play                      # keys from a pipe: each character is one
    printf '?q' | puzzlesat mines play --no-guess --seed 4    # a board that needs no guess

    Game K of seed S has the mines of `puzzlesat mines simulate` when it is opened at the same first cell
    (--first-move, where --from-move and the first hint start). From a pipe or a file, every character is
    a key (newlines ignored) and the screen is written again as plain text after each.
    """
    if board is not None and (no_guess or level or size or rules or from_move):
        raise click.UsageError("a BOARD file brings its size, mines and first click: give no --level, --size, "
                               "--first-click, --no-guess or --from-move with it")
    if no_guess and from_move:
        raise click.UsageError("--from-move replays a game of the simulator; a --no-guess board starts opened")
    setup = make_setup(level, size, rules, no_guess)
    cell = first_move_cell(first_move, setup)
    if env.stdin is None:
        env.error("mines play reads keys from standard input, and there is none")
        return ExitStatus.USAGE
    if board is not None or no_guess:
        session = _board_session(board, setup, cell, strategy, seed, index)
    else:
        try:
            session = Session.at_move(setup, seed, index, strategy, cell, from_move)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="'--from-move'") from None
    with _screen(env) as draw, _keys(env) as keys:
        draw(session)
        for key in keys:
            session.press(key)
            draw(session)
            if session.done:
                break
    return ExitStatus.OK


def _board_session(path: Optional[str], setup, cell, strategy: str, seed: int, index: int) -> Session:
    """A session on the board of a file, or on no-guess board `index` of `seed` (errors: BoardError, and
    GenerationError when no board could be made, which the CLI reports in one line)."""
    from puzzlesat.mines.layouts import Layout, read_layout

    if path is not None:
        return Session.on_layout(read_layout(path), path, strategy)
    from puzzlesat.mines.generate import generate_board

    made = generate_board(setup, cell, seed, index, no_guess=True)
    mines = frozenset(row * setup.width + col for row, col in made.mines)
    layout = Layout(setup, mines, (HIDDEN,) * setup.cells, made.first_click)
    return Session.on_layout(layout, f"no-guess board {index} of seed {seed}", strategy, seed=seed, index=index)


@contextmanager
def _screen(env: Env):
    """A function that draws the session: in place on a terminal (an alternate screen, left at the end with the
    last screen printed below the shell's lines), else the whole screen again after each key, as plain text."""
    from puzzlesat.render.play import game_screen

    console = env.console()
    last = []

    def draw(session: Session) -> None:
        height = _lines(env) if console.is_terminal else None  # read again each time: the window may have changed
        with console.capture() as screen:  # written here, so that a closed pipe ends the game as it ends any command
            console.print(game_screen(session, env.width, height))
        if console.is_terminal:  # from the top; the last line without its newline, so that a full screen stays put
            env.stdout.write("\x1b[H\x1b[2J" + screen.get().rstrip("\n"))
        else:
            env.stdout.write(("\n" if last else "") + screen.get())
        env.stdout.flush()
        last[:] = [session]

    if not console.is_terminal:
        yield draw
        return
    console.set_alt_screen(True)
    console.show_cursor(False)
    try:
        yield draw
    finally:
        console.show_cursor(True)
        console.set_alt_screen(False)
    if last:
        console.print(game_screen(last[0], env.width))


def _lines(env: Env) -> Optional[int]:
    """The height of the terminal the game is drawn on (LINES wins, as COLUMNS does for the width), or None when it
    cannot tell (a terminal whose size was never set says 0)."""
    if os.environ.get("LINES", "").isdigit():
        lines = int(os.environ["LINES"])
    else:
        try:
            lines = os.get_terminal_size(env.stdout.fileno()).lines
        except (AttributeError, ValueError, OSError):
            return None
    return lines or None


@contextmanager
def _keys(env: Env) -> Iterator[Iterator[str]]:
    """The keys typed: raw from a POSIX terminal (restored afterwards), else the characters of the stream."""
    fd = _raw_fd(env)
    if fd is None:
        yield _decoded(_stream_chunks(env.stdin, line_at_a_time=bool(env.stdin_isatty)))
        return
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield _decoded(_terminal_chunks(fd))
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _raw_fd(env: Env) -> Optional[int]:
    """The descriptor of a terminal on standard input whose keys can be read raw, or None."""
    if not env.stdin_isatty or termios is None:
        return None
    try:
        fd = env.stdin.fileno()
        termios.tcgetattr(fd)
    except (AttributeError, OSError, ValueError, termios.error):
        return None
    return fd


def _terminal_chunks(fd: int) -> Iterator[bytes]:
    """Bytes as the terminal sends them: one key, or one escape sequence, per read (more once typed ahead)."""
    while True:
        chunk = os.read(fd, CHUNK)
        if not chunk:
            return
        if chunk == b"\x1b" and select.select([fd], [], [], 0.05)[0]:  # the rest of an arrow key, split
            chunk += os.read(fd, CHUNK)
        yield chunk


def _stream_chunks(stream, line_at_a_time: bool) -> Iterator[bytes]:
    """Bytes from a pipe or file as they come (a line at a time from a terminal that cannot be read raw)."""
    read = getattr(stream, "read1", stream.read)
    while True:
        chunk = stream.readline() if line_at_a_time else read(CHUNK)
        if not chunk:
            return
        yield chunk.encode() if isinstance(chunk, str) else chunk


def _decoded(chunks: Iterator[bytes]) -> Iterator[str]:
    """Keys from UTF-8 bytes: one character each, arrow escape sequences by name, newlines left out."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    for chunk in chunks:
        yield from split_keys(decoder.decode(chunk))
    yield from split_keys(decoder.decode(b"", final=True))


def split_keys(text: str) -> Iterator[str]:
    """The keys in some typed text: characters, arrows as 'up', 'down', 'left', 'right' (other escape sequences
    whole), carriage returns and newlines left out."""
    for match in KEY.finditer(text):
        key = match.group()
        if key in "\r\n":
            continue
        if len(key) > 1 and key[-1] in ARROWS and key[1] in "[O":
            yield ARROWS[key[-1]]
        else:
            yield key


__all__ = ["play", "split_keys", "KEYS_HELP"]

"""Competitive replay files (.avf Arbiter, .evf Metasweeper, .rmv Vienna Minesweeper, .mvf Minesweeper Clone) read
through ms-toollib into game records (puzzlesat.mines.record), for `puzzlesat mines review`.

ms-toollib (eee555/ms-toollib, on PyPI) is an optional extra: `pip install 'puzzlesat[replays]'`. It parses a replay
into its layout and its mouse events, each with the game board before and after it; a move is read off every event
that changed the board: covered cells that opened (at a covered cell, an open; at an open number, a chord) and flags
put on or taken off. Without ms-toollib a replay gets a one-line error naming the extra. Each file is read in a
process of its own (`python -m puzzlesat.mines.videos FILE`), as ms-toollib's parser aborts the whole process on
some damaged files, in a temporary folder (the parser then writes a crash.log into the folder it runs in).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from typing import List, Optional

from puzzlesat.errors import BoardError
from puzzlesat.mines.record import CHORD, FLAG, OPEN, UNFLAG, Action, GameInput, GameRecord, parse_game

EXTRA = "pip install 'puzzlesat[replays]'"
COVERED, FLAGGED = 10, 11  # ms-toollib's codes for a covered cell and a flag on its game boards
READERS = {".avf": "AvfVideo", ".evf": "EvfVideo", ".rmv": "RmvVideo", ".mvf": "MvfVideo"}
VIDEOS = tuple(READERS)  # the file endings read as replays


def read_video(path: str) -> GameInput:
    """The game in a replay file, or the one-line reason it could not be read (ms-toollib missing, a bad file). The
    file is parsed in a process of its own: ms-toollib's parser aborts its whole process on some damaged files."""
    if importlib.util.find_spec("ms_toollib") is None:
        return GameInput(path, 1, error=f"{path}: reading replays (.avf, .evf, .rmv, .mvf) needs ms-toollib: {EXTRA}")
    with tempfile.TemporaryDirectory() as folder:  # where its parser writes crash.log when it aborts
        done = subprocess.run([sys.executable, "-m", "puzzlesat.mines.videos", os.path.abspath(path)],
                              capture_output=True, text=True, cwd=folder)
    try:
        answer = json.loads(done.stdout) if done.returncode == 0 else {"error": f"its reader stopped: {_last(done)}"}
        if "error" in answer:
            return GameInput(path, 1, error=f"{path}: not a replay ms-toollib can read ({answer['error']})")
        return GameInput(path, 1, parse_game(answer))
    except (ValueError, BoardError) as error:  # not JSON, or not a game: the reader went wrong
        return GameInput(path, 1, error=f"{path}: the replay's moves could not be read ({_said(error)})")


def _last(done: subprocess.CompletedProcess) -> str:
    """The last line the reader's process wrote on stderr, or how it ended."""
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    if lines:
        return lines[-1].strip()
    return f"it crashed (signal {-done.returncode})" if done.returncode < 0 else f"exit status {done.returncode}"


def main(path: str) -> None:
    """In the reader's own process: print the game in the replay file as a JSON record, or {"error": ...}."""
    toollib = importlib.import_module("ms_toollib")
    reader = getattr(toollib, READERS[path[path.rfind("."):].lower()])
    try:
        video = reader(path)
        video.parse()
        video.analyse()
        record = video_game(video).record()
    except Exception as error:  # noqa: BLE001 - ms-toollib raises plain exceptions for files it cannot read
        record = {"error": _said(error)}
    print(json.dumps(record))


def video_game(video) -> GameRecord:
    """The game record of a parsed and analysed ms-toollib video."""
    height, width = video.row, video.column
    mines = tuple((r, c) for r, row in enumerate(video.board) for c, value in enumerate(row) if value == -1)
    moves: List[Action] = []
    for event in video.events:
        if not event.event.is_mouse() or not event.useful_level:
            continue
        before, after = event.prior_game_board.game_board, event.next_game_board.game_board
        mouse = event.event.unwrap_mouse()
        target = (min(mouse.y // video.pix_size, height - 1), min(mouse.x // video.pix_size, width - 1))
        moves += _moves(before, after, target, height, width)
    extra = {"player": video.player_identifier or None, "software": video.software or None}
    return GameRecord(width, height, mines, tuple(moves), None, {key: value for key, value in extra.items() if value})


def _moves(before, after, target, height: int, width: int) -> List[Action]:
    """The moves one event made: flags changed, and an open or a chord at the cell under the mouse."""
    moves: List[Action] = []
    opened = []
    for r in range(height):
        old_row, new_row = before[r], after[r]
        for c in range(width):
            old, new = old_row[c], new_row[c]
            if old == new:
                continue
            if old == COVERED and new == FLAGGED:
                moves.append(Action(FLAG, (r, c)))
            elif old == FLAGGED and new == COVERED:
                moves.append(Action(UNFLAG, (r, c)))
            elif old == COVERED:
                opened.append((r, c))
    row, col = target
    if before[row][col] == COVERED and opened:  # a mine clicked opens too: it shows, with every other mine
        moves.append(Action(OPEN, target))
    elif opened and 0 <= before[row][col] <= 8:
        moves.append(Action(CHORD, target))
    elif opened:
        moves.append(Action(OPEN, opened[0]))
    return moves


def _said(error: Exception) -> Optional[str]:
    """What an exception says, on one line."""
    text = " ".join(str(error).split())
    return text or type(error).__name__


if __name__ == "__main__":
    main(sys.argv[1])

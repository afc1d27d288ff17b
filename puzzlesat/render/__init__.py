"""Everything rich: consoles here, grids in render.sudoku, boards in render.mines."""

from __future__ import annotations

import os
from typing import IO


def make_console(stream: IO[str], is_terminal: bool):
    """A rich Console on `stream`; plain text when it is not a terminal or NO_COLOR is set."""
    from rich.console import Console

    return Console(
        file=stream,
        force_terminal=is_terminal,
        no_color=bool(os.environ.get("NO_COLOR")) or not is_terminal,
        highlight=False,
        soft_wrap=False,
    )

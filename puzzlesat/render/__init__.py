"""Everything rich: the console here, views of results in render.sudoku, render.mines and render.play, the
progress bar in render.progress. Views only draw what they are given; the CLI decides where output goes."""

from __future__ import annotations

from typing import IO, Optional


def make_console(stream: IO[str], is_terminal: bool, color: bool = True, width: Optional[int] = None):
    """A rich Console on `stream`; plain text when it is not a terminal or colour is off."""
    from rich.console import Console

    return Console(
        file=stream,
        force_terminal=is_terminal,
        no_color=not (color and is_terminal),
        highlight=False,
        soft_wrap=False,
        width=width,
    )

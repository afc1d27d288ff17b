"""Everything rich: the console here, views of results in render.sudoku, render.mines and render.play, the
progress bar in render.progress. Views only draw what they are given; the CLI decides where output goes."""

from __future__ import annotations

from typing import IO, Optional


def make_console(stream: IO[str], is_terminal: bool, color: bool = True, width: Optional[int] = None,
                 force_color: bool = False):
    """A rich Console on `stream`; plain text when it is not a terminal or colour is off (`force_color`, as
    FORCE_COLOR asks, colours a stream that is not a terminal)."""
    from rich.console import Console

    class PipeAwareConsole(Console):
        """A Console that lets a closed pipe end the command the usual way (BrokenPipeError: exit 0, no message)."""

        def on_broken_pipe(self) -> None:
            raise BrokenPipeError

    styled = is_terminal or force_color
    return PipeAwareConsole(
        file=stream,
        force_terminal=styled,
        no_color=not (color and styled),
        highlight=False,
        soft_wrap=False,
        width=width,
    )


def plural(count: int, word: str, words: Optional[str] = None) -> str:
    """'1 solution', '2 solutions', '1,200 puzzles' ('1 guess', '2 guesses' with `words`)."""
    return f"{count:,} {word if count == 1 else words or word + 's'}"

"""Every exception puzzlesat raises, in one family, so callers (and the CLI's one error table) can tell them apart.

    PuzzlesatError            the base of them all
      InputError              an input that cannot be opened at all (a missing file, a directory)
      PuzzleError             a Sudoku record that cannot be read, or whose givens break the rules
        VariantError          a variant, region map or cage file that does not exist or does not fit
      BoardError              a Minesweeper board that cannot be read
      SolverUnavailable       a SAT solver name this PySAT build does not offer
      OutOfBudget             a budget (seconds, SAT conflicts or search nodes) ran out mid-computation
      Inconsistent            no mine layout explains a Minesweeper position
      GenerationError         no puzzle of the asked difficulty within the allowed attempts or time
      TargetError             an ER band or technique name that cannot be read, or does not fit the grid asked for
      VerificationError       an answer failed its check: a bug, never shown as an answer
      ClusterError            a Dask cluster that cannot be used: not installed, unreachable, other workers, lost
    SimulationInterrupted     Ctrl-C in a simulation (a KeyboardInterrupt), with the summary of the games played
"""

from __future__ import annotations

from typing import Optional


class PuzzlesatError(Exception):
    """The base of every puzzlesat exception."""


class InputError(PuzzlesatError):
    """An input that cannot be opened at all (missing file, a directory, unreadable)."""


class PuzzleError(PuzzlesatError, ValueError):
    """A puzzle that cannot be read or breaks the rules in its givens; `column` is 1-based or None."""

    def __init__(self, message: str, column: Optional[int] = None):
        super().__init__(message)
        self.column = column


class VariantError(PuzzleError):
    """A variant that does not exist, a bad region map or cage file, or data that does not fit a puzzle."""


class BoardError(PuzzlesatError, ValueError):
    """A board that cannot be read; `line` and `column` are 1-based, or None when unknown."""

    def __init__(self, message: str, line: Optional[int] = None, column: Optional[int] = None):
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column

    def located(self, source: str) -> str:
        """The message prefixed with `source:line:column:` as far as known."""
        where = source
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.message}"


class SolverUnavailable(PuzzlesatError, ValueError):
    """The named solver is unknown or does not work in the installed PySAT build."""


class OutOfBudget(PuzzlesatError, RuntimeError):
    """A budget ran out before a long computation finished; `found` counts what it had found by then, `proven`
    holds what it had proven (a backbone: its literals; the Minesweeper SAT analysis: safe cells and mines)."""

    def __init__(self, message: str = "the budget ran out", found: int = 0, proven=()):
        super().__init__(message)
        self.found = found
        self.proven = proven


class Inconsistent(PuzzlesatError, ValueError):
    """No mine layout explains the position."""


class GenerationError(PuzzlesatError, RuntimeError):
    """No puzzle of the asked difficulty was found within the allowed attempts or time; `limit` says which ran
    out ('attempts' or 'timeout'), `targeted` whether an ER band or technique was asked for."""

    def __init__(self, message: str, limit: str = "attempts", targeted: bool = False):
        super().__init__(message)
        self.limit = limit
        self.targeted = targeted


class TargetError(PuzzlesatError, ValueError):
    """An ER band or technique name that cannot be read, or does not fit the grid asked for."""


class VerificationError(PuzzlesatError, AssertionError):
    """An answer that fails its independent check (a model that is not a solution, two engines that disagree)."""


class ClusterError(PuzzlesatError, RuntimeError):
    """A Dask cluster that cannot run the work: dask not installed, a scheduler that cannot be reached or is lost
    mid-run, workers without puzzlesat or with another version of it, or no workers at all."""


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a simulation; `summary` holds the games played before it (a KeyboardInterrupt still, so
    whoever does not ask for the summary stops as on any Ctrl-C)."""

    def __init__(self, summary):
        super().__init__("interrupted")
        self.summary = summary

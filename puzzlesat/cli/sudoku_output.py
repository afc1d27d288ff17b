"""Writers for `puzzlesat sudoku solve`: pretty grids, JSON Lines, or one solution per line."""

from __future__ import annotations

from collections import Counter

from puzzlesat.cli.common import Env
from puzzlesat.sudoku.reader import Record
from puzzlesat.sudoku.report import json_line, solution_text
from puzzlesat.sudoku.solve import Result


class JsonLinesWriter:
    """One JSON object per puzzle, in input order."""

    def __init__(self, env: Env, options: dict):
        self.out = env.stdout
        self.counting = options.get("count") is not None

    def write(self, record: Record, result: Result) -> None:
        self.out.write(json_line(record, result, self.counting) + "\n")

    def close(self) -> None:
        self.out.flush()


class LineWriter:
    """One line per puzzle: the solution, or the status word when there is none."""

    def __init__(self, env: Env, options: dict):
        self.out = env.stdout

    def write(self, record: Record, result: Result) -> None:
        self.out.write((solution_text(record, result) or result.status) + "\n")

    def close(self) -> None:
        self.out.flush()


class PrettyWriter:
    """Rich grids with box borders, givens set apart from filled cells, a status per puzzle, a summary."""

    def __init__(self, env: Env, options: dict):
        from puzzlesat.render import sudoku as render

        self.render = render
        self.console = env.console()
        self.counting = options.get("count") is not None
        self.tally: Counter = Counter()

    def write(self, record: Record, result: Result) -> None:
        self.tally[result.status] += 1
        self.console.print(self.render.result_view(record, result, self.counting))

    def close(self) -> None:
        self.console.print(self.render.summary(self.tally))


RECORD_WRITERS = {"jsonl": JsonLinesWriter, "line": LineWriter, "pretty": PrettyWriter}

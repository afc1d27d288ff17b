"""`puzzlesat sudoku solve` with --rate, --explain, --hint or --variant: solve, then rate or explain.

These runs take a path of their own (one process) so the plain solve loop stays as fast as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from puzzlesat.cli.common import Env, ExitStatus
from puzzlesat.streams import InputError, read_lines, to_json
from puzzlesat.sudoku.encode import Rules
from puzzlesat.sudoku.report import to_record
from puzzlesat.sudoku.solve import Result, SolverPool


@dataclass
class Extras:
    """What to do beyond solving, and the variant's rules."""

    variant: object
    rate: bool = False
    explain: bool = False
    hint: bool = False

    def rules_for(self, shape) -> Rules:
        """The rules for puzzles of `shape` (VariantError when the variant's data does not fit)."""
        return self.variant.rules(shape)

    def run(self, env: Env, records, fmt: str, options) -> Optional[int]:
        """Solve (and rate/explain) every record, write it; the exit status, None if there was none."""
        pool = SolverPool(options.encoding, options.solver)
        kwargs = options.solve_kwargs()
        writer = ExtrasWriter(env, fmt, self, counting=options.count is not None)
        failed = seen = 0
        for record in records:
            seen += 1
            result, rules = self._solve(pool, record, kwargs)
            if result.status == "invalid":
                env.error(f"{record.where}: {result.error}")
            writer.write(record, result, self._extra(record, result, rules))
            failed += not result.ok
        writer.close()
        if not seen:
            return None
        return ExitStatus.FAILED if failed else ExitStatus.OK

    def _solve(self, pool: SolverPool, record, kwargs: dict) -> tuple:
        """(result, rules) for one record."""
        from puzzlesat.sudoku.variants import VariantError

        if record.error:
            return Result("invalid", error=record.error), None
        try:
            rules = self.rules_for(record.puzzle.shape)
        except VariantError as error:
            return Result("invalid", error=str(error)), None
        return pool.solve(record.puzzle, rules=rules, **kwargs), rules

    def _extra(self, record, result: Result, rules: Optional[Rules]) -> dict:
        """The rating, explanation or hint of one solved record."""
        extra: dict = {}
        if record.puzzle is None or rules is None or result.status == "invalid":
            return extra
        puzzle = record.puzzle
        if self.rate:
            from puzzlesat.sudoku.rate import rate

            extra["rating"] = rate(puzzle, rules) if result.status == "solved" else None
        if self.explain:
            from puzzlesat.sudoku.explain import explain

            extra["explanation"] = explain(puzzle, rules, result.solution)
        if self.hint:
            from puzzlesat.sudoku.explain import hint

            extra["hint"] = hint(puzzle, rules)
        return extra


def make_extras(variants, regions_file, cages_file, rate: bool, explain: bool, hint: bool) -> Optional[Extras]:
    """Extras for the options given, or None for a plain solve (InputError for bad variant data)."""
    if not (variants or regions_file or cages_file or rate or explain or hint):
        return None
    if explain and hint:
        raise InputError("--explain and --hint do not go together (--hint shows only the first step)")
    from puzzlesat.sudoku.variants import VariantError, make_variant, read_cages, read_regions

    try:
        regions = read_regions(read_lines([regions_file])) if regions_file else None
        cages = read_cages(read_lines([cages_file])) if cages_file else ()
        variant = make_variant(variants, regions, cages)
    except VariantError as error:
        raise InputError(str(error)) from None
    return Extras(variant, rate, explain, hint)


class ExtrasWriter:
    """Writes a result with its rating, explanation or hint: pretty, JSON Lines or lines."""

    def __init__(self, env: Env, fmt: str, extras: Extras, counting: bool = False):
        self.env = env
        self.fmt = fmt
        self.extras = extras
        self.counting = counting
        self.console = env.console() if fmt == "pretty" else None
        self.tally: dict = {}

    def write(self, record, result: Result, extra: dict) -> None:
        self.tally[result.status] = self.tally.get(result.status, 0) + 1
        getattr(self, f"_{self.fmt}")(record, result, extra)

    def _jsonl(self, record, result: Result, extra: dict) -> None:
        rating = extra.get("rating")
        data = to_record(record, result, self.counting, rating=rating.as_dict() if rating else None)
        if self.extras.rate and "rating" not in data:
            data["rating"] = None
        if self.extras.variant.names:
            data["variant"] = self.extras.variant.label
        if "explanation" in extra:
            data["explanation"] = extra["explanation"].as_dict()
        if self.extras.hint:
            step = extra.get("hint")
            data["hint"] = step.as_dict(record.puzzle) if step is not None else None
        self.env.stdout.write(to_json(data) + "\n")

    def _line(self, record, result: Result, extra: dict) -> None:
        out = self.env.stdout
        if "explanation" in extra:
            explanation = extra["explanation"]
            for step in explanation.steps:
                out.write(step.describe(record.puzzle) + "\n")
            out.write(_ending_line(explanation) + "\n\n")
        elif self.extras.hint:
            step = extra.get("hint")
            out.write((step.describe(record.puzzle) if step else "no step") + "\n")
        else:
            text = result.puzzle.format_values(result.solution) if result.solution and result.puzzle else result.status
            rating = extra.get("rating")
            out.write(text + (f"\t{rating.score:.2f}\t{rating.level}" if rating else "") + "\n")

    def _pretty(self, record, result: Result, extra: dict) -> None:
        from puzzlesat.render import sudoku as render
        from puzzlesat.render import sudoku_explain as views

        console = self.console
        if "explanation" in extra:
            console.print(render.status_text(record, result, self.counting))
            console.print(views.explanation_view(record, extra["explanation"]))
        elif self.extras.hint and record.puzzle is not None:
            console.print(render.status_text(record, result, self.counting))
            console.print(views.hint_view(record, extra.get("hint"), record.puzzle))
        else:
            console.print(render.result_view(record, result, self.counting))
        if self.extras.rate and record.puzzle is not None and result.status == "solved":
            console.print(views.rating_text(extra.get("rating")))

    def close(self) -> None:
        if self.console is not None:
            from collections import Counter

            from puzzlesat.render import sudoku as render

            self.console.print(render.summary(Counter(self.tally)))
        self.env.stdout.flush()


def _ending_line(explanation) -> str:
    """The last line of an explanation in line format."""
    if explanation.outcome == "solved":
        return "solved by these steps alone"
    if explanation.outcome == "broken":
        return "the givens contradict each other"
    rest = explanation.finished_by_solver
    side, alphabet = explanation.puzzle.shape.side, explanation.puzzle.alphabet
    filled = " ".join(f"r{c // side + 1}c{c % side + 1}={alphabet[v - 1]}" for c, v in rest)
    return f"only search remains ({explanation.board.open_cells} cells open); the solver finishes: {filled}"

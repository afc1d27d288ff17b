"""The one loop that turns records into answers: read -> solve (-> rate, explain, hint) -> Answer, in input order.

Everything that solves many puzzles goes through `answers`: the command line, `solve_many`, and the
per-line functions for Dask and Spark (`solve_lines`, `solve_partition`). It runs in this process, each record as
it comes, or through the pipeline (puzzlesat.parallel: order kept, memory bounded, the first moments in-process so
small inputs never start workers) in worker processes or on any concurrent.futures.Executor. Workers get only the
puzzles (a Shape pickles as its three numbers), send back what the parent does not have, and keep one solver per
rules for the whole run, so rule clauses are loaded once per worker and size.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from time import perf_counter
from typing import TYPE_CHECKING, Iterable, Iterator, NamedTuple, Optional

from puzzlesat.budget import Budget
from puzzlesat.errors import OutOfBudget, VariantError
from puzzlesat.parallel import ordered_map
from puzzlesat.sat import DEFAULT_SOLVER
from puzzlesat.streams import Line
from puzzlesat.sudoku.solving.encode import DEFAULT_ENCODING
from puzzlesat.sudoku.model.grid import Puzzle
from puzzlesat.sudoku.model.sudoku import Sudoku, rules_of
from puzzlesat.sudoku.reading.reader import Reader, Record, under_variant
from puzzlesat.sudoku.solving.solver import Result, Status, SudokuSolver, shared_pool

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from puzzlesat.sudoku.logic.explainer import Explanation
    from puzzlesat.sudoku.logic.steps import Step
    from puzzlesat.sudoku.logic.rating import Rating
    from puzzlesat.sudoku.solving.setter import SetterReport
    from puzzlesat.sudoku.model.variants import Variant


# The budget of a rating, explanation, hint or setter's answers when --timeout/--conflicts set none: seconds of CPU
# time, so that a busy machine does not cut short what an idle one finishes (Inkala's explanation takes 19 s alone).
EXTRAS_SECONDS = 60.0


@dataclass(frozen=True)
class SolveOptions:
    """Everything a worker needs to answer like the parent would: how to solve, and what else to do."""

    encoding: str = DEFAULT_ENCODING
    solver: str = DEFAULT_SOLVER
    unique: bool = True
    count: Optional[int] = None
    conflicts: Optional[int] = None
    timeout: Optional[float] = None  # seconds one puzzle may take
    variant: Optional["Variant"] = None  # --variant's rules: applied when records are read (answers applies them
    # to classic records read without them), and named in the JSON
    rate: bool = False
    explain: bool = False
    hint: bool = False
    candidates: bool = False  # with explain or hint: the candidate grid they start from
    true_candidates: bool = False  # every cell's digits over all solutions (puzzlesat.sudoku.solving.setter)
    redundant: bool = False  # the givens and constraints each of which could go, uniqueness kept
    reveal: str = "step"  # how much a hint shows: 'technique', 'cells' or the whole 'step' (puzzlesat.sudoku.logic.steps)
    engine: Optional[str] = None  # the techniques: 'se', 'general', or None (by the rules; logic.techniques)
    disabled: tuple = ()  # technique families switched off
    logical: bool = False  # with true_candidates: also the candidates logic alone leaves
    effort: bool = False  # with rate: also the effort measures (puzzlesat.sudoku.logic.rating)

    @property
    def setter(self) -> bool:
        """True when a setter's answers are asked for (a variant puzzle from a link always gets them)."""
        return self.true_candidates or self.redundant

    @property
    def budget(self) -> Optional[Budget]:
        """The budget of one puzzle, or None."""
        if self.conflicts is None and self.timeout is None:
            return None
        return Budget(seconds=self.timeout, conflicts=self.conflicts)

    @property
    def extras(self) -> bool:
        """True when more than solving is asked for (rating, explanation, hint)."""
        return self.rate or self.explain or self.hint


class Answer(NamedTuple):
    """Everything found for one record: the solver's result and, when asked, rating, explanation, hint; and the
    milliseconds all that took."""

    record: Record
    result: Result
    rating: Optional["Rating"] = None
    explanation: Optional["Explanation"] = None
    hint: Optional["Step"] = None
    milliseconds: float = 0.0
    setter: Optional["SetterReport"] = None


class _Answerer:
    """Answers records with one set of options: what a worker runs (pickled as its options alone)."""

    def __init__(self, options: SolveOptions):
        self.options = options
        self.extras, self.budget = options.extras, options.budget
        self.solvers: dict = {}  # shape -> this thread's solver for the options' rules, found on first use

    def __getstate__(self) -> dict:
        return {"options": self.options}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["options"])

    def chunk(self, puzzles: list) -> list:
        """What a worker sends back for a chunk of puzzles (None: a record that could not be read): each answer's
        parts, the result without its puzzle (the parent has the records and their puzzles)."""
        return [None if puzzle is None else self._travelling(self.task(puzzle)) for puzzle in puzzles]

    def task(self, puzzle: Puzzle) -> tuple:
        """The parts of the answer to a puzzle: a published one's with the setter's answers."""
        return self.published_parts(puzzle) if getattr(puzzle, "published", False) else self.parts(puzzle)

    @staticmethod
    def _travelling(parts: tuple) -> tuple:
        """An answer's parts as they travel back to the parent: the result without its puzzle."""
        return (tuple.__new__(Result, (*parts[0][:5], None)), *parts[1:])

    def answer(self, record: Record) -> Answer:
        """The Answer to one record: 'invalid' when it could not be read."""
        if record.puzzle is None:
            return Answer(record, Result.invalid(record.error))
        return tuple.__new__(Answer, (record, *self.task(record.puzzle)))

    def parts(self, puzzle: Puzzle) -> tuple:
        """(result, rating, explanation, hint, milliseconds, setter report) for one puzzle, under its rules on the
        pooled solver for them; 'invalid' when they cannot hold on its grid. One budget per puzzle bounds the
        solving and what else is asked for."""
        started = perf_counter()
        try:
            rules = rules_of(puzzle)
        except VariantError as error:
            return _alone(Result.invalid(str(error), puzzle), started)
        solver = self.solvers.get(rules)
        if solver is None:
            solver = self.solvers[rules] = shared_pool(self.options.encoding, self.options.solver).for_rules(rules)
        budget = None if self.budget is None else self.budget.start()
        result = solver.solve(puzzle, self.options.unique, self.options.count, budget)
        if not (self.extras or self.options.setter) or result.status == Status.INVALID:
            return _alone(result, started)
        return self._more(solver, puzzle, rules, result, budget, started)

    def published_parts(self, puzzle: Sudoku) -> tuple:
        """The parts for a setter's puzzle (from a link): solved with its own rules on a solver of its own, with
        the setter's answers, and the rating, explanation and hint as asked."""
        started = perf_counter()
        try:
            rules = puzzle.rules
        except VariantError as error:
            return _alone(Result.invalid(str(error), puzzle), started)
        solver = SudokuSolver(rules, self.options.encoding, self.options.solver)
        try:
            budget = None if self.budget is None else self.budget.start()
            result = solver.solve(puzzle, self.options.unique, self.options.count, budget)
            if result.status == Status.INVALID:
                return _alone(result, started)
            parts = self._more(solver, puzzle, rules, result, budget, started, always=True)
        finally:
            solver.close()
        return _read_short(puzzle, parts)

    def _more(self, solver: "SudokuSolver", puzzle: Puzzle, rules, result: Result, budget: Optional[Budget],
              started: float, always: bool = False) -> tuple:
        """Rating, explanation, hint and the setter's answers, as asked (`always`: the setter's answers anyway),
        within what is left of the puzzle's budget: when it runs out, the status is 'timeout' and the solution is
        still given. Without --timeout or --conflicts they get EXTRAS_SECONDS of CPU time."""
        if budget is None:
            budget = Budget(seconds=EXTRAS_SECONDS, cpu=True).start()
        try:
            if self.options.rate and result.status == Status.SOLVED and result.unique is None:
                result = _proven_unique(solver, puzzle, result, budget)  # SE rates unique puzzles only
            extras = _extras(puzzle, rules, result, self.options, budget) if self.extras else (None, None, None)
            report = _setter(solver, puzzle, rules, result, self.options, budget) \
                if always or self.options.setter else None
        except OutOfBudget:
            return _alone(result._replace(status=Status.TIMEOUT), started)
        return (result, *extras, _since(started), report)


def _read_short(puzzle: Sudoku, parts: tuple) -> tuple:
    """The parts of a setter's puzzle's answer, 'invalid' instead of 'unsat' when part of its rules was not
    understood: no solution to what was read says the reading fell short, not that the puzzle has none (what
    clashes is still named)."""
    result, report = parts[0], parts[-1]
    if result.status != Status.UNSAT or not puzzle.unknown:
        return parts
    clash = "; ".join(report.conflict) if report is not None and report.conflict else "see the constraints read"
    error = (f"not solvable as read: what was read has no solution (these clash: {clash}), and part of the rules "
             f"was not understood ({puzzle.unknown[0]})")
    return (result._replace(status=Status.INVALID, error=error), *parts[1:])


def _proven_unique(solver: "SudokuSolver", puzzle: Puzzle, result: Result, budget: Budget) -> Result:
    """The result with uniqueness proven (a rating needs it even under --no-unique): 'multiple' when it is not."""
    proven = solver.solve(puzzle, unique=True, budget=budget)
    if proven.status == Status.TIMEOUT:
        raise OutOfBudget("the budget ran out while proving the solution unique for the rating")
    return proven


def _extras(puzzle: Puzzle, rules, result: Result, options: SolveOptions, budget: Budget) -> tuple:
    """(rating, explanation, hint) as asked for, within what is left of the puzzle's budget; the solving path is
    walked once for both the rating and the explanation. Uniqueness techniques only when uniqueness is proven."""
    from puzzlesat.sudoku.logic.explainer import Explanation, hint
    from puzzlesat.sudoku.logic.path import solving_path
    from puzzlesat.sudoku.logic.rating import rate

    unique = result.unique is True
    rating_wanted = options.rate and result.status == Status.SOLVED
    choice = {"engine": options.engine, "disabled": frozenset(options.disabled)}
    path = None
    if options.explain or rating_wanted:
        path = solving_path(puzzle, rules, unique, budget=budget, **choice)
        if path.outcome == "timeout" and rating_wanted:
            raise OutOfBudget("the budget ran out on the solving path")
    rating = rate(puzzle, rules, budget, path, unique, effort=options.effort) if rating_wanted else None
    explanation = Explanation.of(puzzle, path, result.solution) if options.explain else None
    step = hint(puzzle, rules, unique, budget, **choice) if options.hint else None
    return rating, explanation, step


def _setter(solver: "SudokuSolver", puzzle: Puzzle, rules, result: Result, options: SolveOptions,
            budget: Optional[Budget]) -> "SetterReport":
    """A second solution when there is more than one, what clashes when there is none (for puzzles with
    constraints); true candidates and redundancy when asked for."""
    from puzzlesat.sudoku.solving import setter

    second = candidates = redundancy = logical = clash = None
    if result.status == Status.MULTIPLE and result.solution is not None:
        second = setter.second_solution(solver, puzzle, result.solution, budget)
    if result.status == Status.UNSAT and rules.constraints:
        clash = setter.conflict(rules, puzzle, options.solver, budget)
    if options.true_candidates and result.solution is not None:
        candidates = setter.true_candidates(solver, puzzle, budget)
        if options.logical:
            from puzzlesat.sudoku.logic.path import logical_candidates

            logical = logical_candidates(puzzle, rules, result.unique is True, budget, options.engine,
                                         frozenset(options.disabled))
    if options.redundant and result.status == Status.SOLVED and result.unique:
        redundancy = setter.redundancy(rules, puzzle, result.solution, options.solver, budget)
        if redundancy is None:
            raise OutOfBudget("the budget ran out while looking for redundant givens and constraints")
    return setter.SetterReport(second, candidates, redundancy, logical, clash)


def _alone(result: Result, started: float) -> tuple:
    """The parts of an answer that is its result alone (no rating, explanation, hint or setter's answers)."""
    return result, None, None, None, _since(started), None


def _since(started: float) -> float:
    """Milliseconds since `started` (a perf_counter reading)."""
    return (perf_counter() - started) * 1000


def _died(puzzle: Optional[Puzzle], message: str) -> tuple:
    """What stands in for the parts of an answer whose worker process died."""
    return (Result.invalid(message), None, None, None, 0.0, None)


def answer_one(puzzle: Puzzle, options: Optional[SolveOptions] = None) -> Answer:
    """The Answer to one puzzle (a Sudoku: under its own rules), as `answers` gives it for a record of it."""
    return _Answerer(options or SolveOptions()).answer(Record("<puzzle>", 1, puzzle.to_line(), puzzle))


def answers(
    records: Iterable[Record],
    options: Optional[SolveOptions] = None,
    jobs: int = 1,
    executor: Optional["Executor"] = None,
    chunk_size: int = 256,
    warm_up: Optional[float] = None,
) -> Iterator[Answer]:
    """An Answer for every record, in input order; a record that could not be read answers 'invalid'.

    In this process (jobs=1) each record is answered as it comes; otherwise through the pipeline, where workers
    get only the puzzles and send back what the parent does not have.
    """
    answerer = _Answerer(options or SolveOptions())
    if answerer.options.variant is not None:  # records read without it (the Reader applies it to its own)
        records = (record if record.puzzle is None or not record.puzzle.classic
                   else under_variant(record, answerer.options.variant) for record in records)
    if jobs <= 1 and executor is None:
        yield from map(answerer.answer, records)
        return
    held: deque = deque()  # records whose puzzles are on their way through the pipeline

    def puzzles() -> Iterator[Optional[Puzzle]]:
        for record in records:
            held.append(record)
            yield record.puzzle

    done = ordered_map(answerer.chunk, puzzles(), jobs, executor, chunk_size, on_failure=_died, warm_up=warm_up)
    try:
        for parts in done:
            record = held.popleft()
            if parts is None:
                yield Answer(record, Result.invalid(record.error))
            else:
                result = parts[0]
                yield Answer(record, tuple.__new__(Result, (*result[:5], record.puzzle)), *parts[1:])
    finally:
        done.close()


def solve_lines(
    lines: Iterable[str],
    executor: Optional["Executor"] = None,
    jobs: int = 1,
    options: Optional[SolveOptions] = None,
    source: str = "<lines>",
    chunk_size: int = 256,
) -> Iterator[dict]:
    """JSON Lines records (dicts), in input order, for lines holding one puzzle each.

    Runs in this process, in `jobs` worker processes, or on any concurrent.futures.Executor --
    e.g. `dask.distributed.Client(...).get_executor()` to spread the work over a Dask cluster.
    Blank and '#' lines give no record; a bad line gives an 'invalid' record; nothing is skipped.
    """
    from puzzlesat.sudoku.report import to_record

    options = options or SolveOptions()
    for answer in answers(_records(lines, source, options.variant), options, jobs, executor, chunk_size, warm_up=0.0):
        yield to_record(answer, options)


def solve_partition(lines: Iterable[str], options: Optional[SolveOptions] = None, source: str = "<partition>") -> list:
    """JSON Lines records (dicts) for lines holding one puzzle each: the unit of work for Dask, Spark, etc.

    >>> solve_partition(["4...1.3.2..3.1.."])[0]["solution"]
    '4321123424133142'
    """
    return list(solve_lines(lines, options=options, source=source))


def _records(lines: Iterable[str], source: str, variant: Optional["Variant"] = None) -> Iterator[Record]:
    """Records of lines that hold one puzzle each (a multi-line grid is not assembled across lines), under the
    variant's rules."""
    numbered = (Line(source, number, text.rstrip("\r\n")) for number, text in enumerate(lines, 1))
    return Reader(input_format="line", variant=variant).records(numbered)

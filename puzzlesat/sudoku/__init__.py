"""Sudoku as SAT: parse puzzles, solve them, prove uniqueness, count, rate, explain, generate, variants.

Examples (the tests run them):

    >>> from puzzlesat import sudoku
    >>> result = sudoku.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    >>> result.status, result.unique
    ('solved', True)
    >>> result.text[:9]
    '534678912'
    >>> sudoku.solve("." * 16, count=1000).solutions
    288
    >>> puzzle = sudoku.parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    >>> rating = sudoku.rate(puzzle, effort=True)
    >>> rating.er, rating.hardest, rating.level, sudoku.hint(puzzle).describe(puzzle)
    (1.2, 'Hidden Single', 'singles', 'Hidden Single: 8 fits only r1c6 in box 2')
"""

from __future__ import annotations

from typing import Iterable, Iterator, Optional, Union

from puzzlesat import lazy_attributes, public_dir
from puzzlesat.budget import Budget
from puzzlesat.errors import PuzzleError, VariantError, VerificationError
from puzzlesat.sat import DEFAULT_SOLVER
from puzzlesat.sudoku.solving.encode import DEFAULT_ENCODING, ENCODINGS, write_cnf
from puzzlesat.sudoku.model.grid import Puzzle, Shape, is_solution
from puzzlesat.sudoku.model.sudoku import Sudoku, rules_of
from puzzlesat.sudoku.reading.reader import Reader, Record, parse, read_text
from puzzlesat.sudoku.model.rules import Rules, classic_rules
from puzzlesat.sudoku.solving.solver import STATUSES, Result, SolverPool, Status, SudokuSolver, shared_pool

# What the face offers: verbs, nouns and errors. The machinery (SudokuSolver, SolverPool: puzzlesat.sudoku.solving.
# solver; Reader: puzzlesat.sudoku.reading.reader; classic_rules: puzzlesat.sudoku.model.rules) stays importable
# from here for old code, but is not listed.
__all__ = [
    "ENCODINGS", "STATUSES", "Budget", "Puzzle", "PuzzleError", "Record", "Result", "Rules", "Shape",
    "SolveOptions", "Status", "Sudoku", "VariantError", "VerificationError", "answers", "candidates", "explain",
    "generate", "hint", "is_solution", "load_variant", "make_variant", "parse", "rate", "read_link", "read_text",
    "solve", "solve_lines", "solve_many", "solve_partition", "to_fpuzzles", "write_cnf",
]

__getattr__ = lazy_attributes(__name__, {  # imported on first use, so that solving alone starts fast
    "rate": "puzzlesat.sudoku.logic.rating",
    "explain": "puzzlesat.sudoku.logic.explainer",
    "hint": "puzzlesat.sudoku.logic.explainer",
    "candidates": "puzzlesat.sudoku.logic.explainer",
    "generate": "puzzlesat.sudoku.generator",
    "make_variant": "puzzlesat.sudoku.model.variants",
    "load_variant": "puzzlesat.sudoku.reading.variant_files",
    "answers": "puzzlesat.sudoku.batch",
    "SolveOptions": "puzzlesat.sudoku.batch",
    "solve_lines": "puzzlesat.sudoku.batch",
    "solve_partition": "puzzlesat.sudoku.batch",
    "read_link": "puzzlesat.sudoku.reading.links",
    "to_fpuzzles": "puzzlesat.sudoku.reading.links.export",
})
__dir__ = public_dir(__all__)


def solve(
    puzzle: Union[str, Puzzle],
    *,
    unique: bool = True,
    count: Optional[int] = None,
    timeout: Optional[float] = None,
    conflicts: Optional[int] = None,
    rules: Optional[Rules] = None,
    encoding: str = DEFAULT_ENCODING,
    solver: str = DEFAULT_SOLVER,
) -> Result:
    """Solve one puzzle given as text (one line, a grid over several lines, a setter's link) or a Sudoku, under
    its rules (a link's own; `rules` replaces them): the answer the command line gives.

    Raises PuzzleError when the text cannot be read; a puzzle whose givens break the rules
    comes back with status 'invalid' and the reason in `error`.
    """
    if isinstance(puzzle, str):
        puzzle = parse(puzzle)
    if rules is None and isinstance(puzzle, Sudoku) and puzzle.published:
        from puzzlesat.sudoku.batch import SolveOptions, answer_one

        options = SolveOptions(encoding, solver, unique, count, conflicts, timeout)
        return answer_one(puzzle, options).result
    budget = Budget(seconds=timeout, conflicts=conflicts)
    return shared_pool(encoding, solver).solve(puzzle, rules or rules_of(puzzle), unique=unique, count=count,
                                               budget=budget)


def solve_many(lines: Iterable[str], **options) -> Iterator[tuple]:
    """(Record, Result) for every puzzle in the lines, bad records included (status 'invalid').

    Options are those of puzzlesat.sudoku.batch.SolveOptions (unique, count, conflicts, timeout, ...), and `jobs`.
    """
    from puzzlesat.streams import Line
    from puzzlesat.sudoku.batch import SolveOptions, answers

    jobs = options.pop("jobs", 1)
    options = SolveOptions(**options)
    numbered = (Line("<lines>", number, text.rstrip("\r\n")) for number, text in enumerate(lines, 1))
    for answer in answers(Reader(variant=options.variant).records(numbered), options, jobs):
        yield answer.record, answer.result

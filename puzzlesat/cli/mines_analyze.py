"""`puzzlesat mines analyze`: options in, puzzlesat.mines.batch.answers, answers out through the one writer loop."""

from __future__ import annotations

import json
import re
from collections import Counter
from contextlib import closing
from itertools import chain, islice
from pathlib import Path
from typing import Optional

import click

from puzzlesat.cli.common import (
    Env,
    ExitStatus,
    format_option,
    jobs_or_all,
    one_for_json,
    output_dir_option,
    pictures_only,
    quiet_option,
    resolve_format,
)
from puzzlesat.cli.output import Presenter, write_all
from puzzlesat.mines.analysis import CONSISTENT
from puzzlesat.mines.batch import Answer, answers
from puzzlesat.mines.reader import read_boards
from puzzlesat.mines.strategy import STRATEGIES
from puzzlesat.streams import STDIN, source_name, to_json


@click.command()
@click.argument("boards", nargs=-1, type=click.Path(dir_okay=True, allow_dash=True), metavar="[BOARD]...")
@click.option("-m", "--mines", "total", type=click.IntRange(min=0), default=None, metavar="N",
              help="Total number of mines, flags included, for boards that do not state it (a board that "
                   "states another total is invalid).")
@click.option("-p", "--probabilities", is_flag=True,
              help="Show the exact mine probability of every hidden cell as a heatmap (needs the total).")
@format_option(("pretty", "json", "jsonl", "line", "svg", "html"),
               help="pretty: the board drawn (the default on a terminal); json: one indented JSON object (one "
                    "board; several: an array of them); jsonl: one JSON object per board with source, line and time_ms (the default in a pipe); "
                    "line: one line per board: the status, the recommended move as row,col, its mine chance, the "
                    "certain safe cells and the certain mines (row,col apart by spaces), tab-separated, - for "
                    "none; svg: one board's picture, every hidden cell's chance written and shaded (several: "
                    "--output-dir); html: one page with every board's picture and findings.")
@output_dir_option
@click.option("-t", "--timeout", "--time-limit", "timeout", type=click.FloatRange(min=0, min_open=True), default=60.0,
              show_default=True, metavar="SECONDS",
              help="Give up on a board after about this long (status 'timeout', with the cells single numbers "
                   "force); the rest go on.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, metavar="N",
              help="Worker processes (default: all cores; 1 when reading standard input, so that each board is "
                   "answered as soon as it ends). Output stays in input order, and does not depend on N.")
@click.option("--strategy", type=click.Choice(list(STRATEGIES)), default=None,
              help="Also give the move this strategy of `mines simulate` makes on each consistent board, and why "
                   "(JSON: the keys advice and advice_note).")
@click.option("--check", is_flag=True,
              help="Cross-check the exact counting with SAT (slower; the counts are exact without it).")
@click.option("--exact-dead", is_flag=True,
              help="Judge every cell for dead cells, also on huge dense boards where some cells would otherwise be "
                   "left unjudged (shown living, named in the note and in JSON's \"unjudged\"): counting the "
                   "position again for each of them can take seconds there. Dead cells are exact without it on "
                   "every position whose parts can be listed, which covers the usual levels.")
@quiet_option
@click.pass_obj
def analyze(env: Env, boards, total, probabilities, output_format, output_dir, timeout, jobs, strategy,
            check, exact_dead) -> int:
    """Analyse Minesweeper positions in BOARD files (or standard input; '-' too).

    \b
    Reports whether the numbers can all be true (and the conflict if not),
    every hidden cell that is certainly safe or certainly a mine, the exact
    probability that each hidden cell holds a mine, and a recommended move.
    Boards are .mine files (JSMinesweeper: a WIDTHxHEIGHTxMINES line, then
    rows of H or ? hidden, F flag, 0-8) or hand-typed grids, minesweepr's
    too (? H or x hidden, F or * flag, 1-8 numbers, . or 0 empty, spaces
    ignored, ':' ends a row, '# mines: N' comment for the total). Separate
    several boards with blank lines.

    \b
    With a total, dead cells (they can show one number only: opening one
    teaches nothing) and unavoidable 50/50s (two cells, one mine, that no
    reveal can ever tell apart) are marked too: drawn boards put - and = in
    place of ? or of the % of the chance; JSON gives "dead" ([row, col] each)
    and "fifty_fifties" (pairs of them), null without a total. Both are exact
    (read off the same count, so they cost little); only on huge dense
    boards may some cells be left unjudged (see --exact-dead).

    \b
    printf '# mines: 2\\n1??\\n12?\\n.1?\\n' | puzzlesat mines -p -f pretty
    printf '3x3x2\\n1HH\\n12H\\n01H\\n' | puzzlesat mines -f line
    printf '# mines: 3\\n1???\\n????\\n????\\n' | puzzlesat mines --strategy lookahead
    printf '# mines: 2\\n1??\\n12?\\n.1?\\n' | puzzlesat mines -f svg > board.svg

    \b
    With --strategy NAME (lookahead, longterm, deeper or minprob) each answer
    also holds the move that strategy makes there, as in `puzzlesat mines
    simulate`: drawn boards mark it and say why (certainly safe, or a forced
    guess: its safety, the chance of progress, a safer cell passed over); JSON
    gains "advice": {"strategy", "cell": [row, col], "probability", "exact":
    "num/den", "reason": first|safe|guess|fifty-fifty|endgame, "guess",
    "forced", "fifty_fifty", "safest", "safest_probability", "progress",
    "safety_next", "win", "why"} and "advice_note", why "advice" is null (no
    total, no hidden cell left that is not a mine, an inconsistent or unfinished
    board), else null. Without --strategy neither key is written.

    \b
    Exit status: 0 every board consistent, 1 some board inconsistent, stopped
    by --timeout or unreadable, 2 usage error, 130 interrupted.
    """
    fmt = resolve_format(output_format, env)
    pictures_only(fmt, output_dir)
    if set(boards) <= {"-"} and env.stdin_isatty:
        env.note("reading boards from standard input (end with Ctrl-D; --help for usage)")
    streaming = not boards or STDIN in boards  # answer each board as it ends: never wait for the next one
    records = read_boards(boards, total, env.stdin)
    one = fmt == "json" or (fmt == "svg" and output_dir is None)  # one document: more than one board is an error
    first = [] if streaming and not one else list(islice(records, 2))
    if fmt == "json" and len(first) > 1:
        raise click.UsageError("--format json takes one board; found more (use --format jsonl for several)")
    records = one_for_json(chain(first, records), fmt, "board", output_dir)
    presenter = BoardPresenter(probabilities, titles=len(first) > 1 or streaming, strategy=strategy)  # a stream may hold several
    jobs = jobs or (1 if streaming else jobs_or_all(None))
    with closing(answers(records, probabilities, timeout, jobs, strategy=strategy, check=check,
                         exact_dead=exact_dead)) as found:
        status = write_all(env, found, fmt, presenter, output_dir=output_dir)
    if status is None:
        env.error(f"{', '.join(map(source_name, boards or ['-']))}: no boards found")
        return ExitStatus.FAILED
    return status


class BoardPresenter(Presenter):
    """Answers of `puzzlesat mines analyze` in each format (a board that could not be read: its error only)."""

    flush_each = True  # boards are few and slow: each answer shows as soon as it is found
    unit = "board"

    def __init__(self, heatmap: bool, titles: bool, strategy: Optional[str] = None):
        self.heatmap = heatmap
        self.titles = titles  # name each drawn board by file:line
        self.strategy = strategy  # advice asked for

    def jsonl(self, answer: Answer) -> str:
        record = answer.record
        where = {"source": record.source, "line": record.line}
        if answer.analysis is None:
            return to_json({**where, "status": "invalid", "error": answer.error})
        return to_json({**where, **self.fields(answer), "time_ms": round(answer.milliseconds, 3)})

    def line(self, answer: Answer) -> str:
        from puzzlesat.mines.report import invalid_line, to_line

        if answer.analysis is None:
            return invalid_line()
        return to_line(answer.analysis, answer.advice, advised=self.strategy is not None)

    def json(self, answer: Answer) -> Optional[str]:
        if answer.analysis is None:
            return None
        return json.dumps(self.fields(answer), indent=2)

    def fields(self, answer: Answer) -> dict:
        """The analysis as a JSON-ready dict, with the advice when a strategy was asked for."""
        from puzzlesat.mines.report import advice_record, to_record

        fields = to_record(answer.record.board, answer.analysis)
        if self.strategy is not None:
            fields.update(advice_record(answer.advice, answer.advice_note))
        return fields

    def pretty(self, answer: Answer):
        if answer.analysis is None:
            return None
        from puzzlesat.render.mines import Advised, analysis_view

        title = answer.record.where if self.titles else None
        advised = None if self.strategy is None else Advised(self.strategy, answer.advice, answer.advice_note)
        return analysis_view(answer.record.board, answer.analysis, self.heatmap, title, advised=advised)

    def svg(self, answer: Answer) -> str:
        from puzzlesat.render.svg.mines import board_picture, error_picture

        if answer.analysis is None:
            return error_picture(answer.error, answer.record.where)
        return board_picture(answer.record.board, answer.analysis, answer.record.where, self._advised(answer))

    def section(self, answer: Answer):
        from puzzlesat.render.svg.mines import board_section
        from puzzlesat.render.svg.page import Section

        if answer.analysis is None:
            return Section(answer.record.where, note=answer.error)
        return board_section(answer.record.where, answer.record.board, answer.analysis, self._advised(answer))

    def page(self, sections: list, tally: Counter) -> str:
        from puzzlesat.render.svg.page import page

        counts = ", ".join(f"{count} {status}" for status, count in tally.items())
        return page(f"puzzlesat mines: {sum(tally.values())} board{'s' if sum(tally.values()) != 1 else ''}",
                    sections, summary=counts)

    def file_name(self, answer: Answer, number: int) -> str:
        return picture_name(answer.record.source, answer.record.line, number)

    def _advised(self, answer: Answer):
        """The strategy's advice to mark, when one was asked for."""
        from puzzlesat.render.mines_text import Advised

        return None if self.strategy is None else Advised(self.strategy, answer.advice, answer.advice_note)

    def status(self, answer: Answer) -> str:
        return "invalid" if answer.analysis is None else answer.analysis.status

    def failed(self, answer: Answer) -> bool:
        return answer.analysis is None or answer.analysis.status != CONSISTENT

    def problem(self, answer: Answer) -> Optional[str]:
        return answer.error

    def summary(self, tally: Counter):
        return None


def picture_name(source: str, line: int, number: int) -> str:
    """A board's SVG file name: its number in the run, its file's name (letters, digits, - and _ kept; `stdin`
    for standard input) and line."""
    stem = "stdin" if source == source_name(STDIN) else Path(source).stem
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", stem).strip("-") or "board"
    return f"{number:04d}-{stem}-line{line}.svg"

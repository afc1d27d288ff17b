"""`puzzlesat mines analyze`: read Minesweeper positions, analyse them, show or stream the results."""

from __future__ import annotations

from contextlib import closing
from functools import partial
from itertools import chain, islice

import click

from puzzlesat.cli.common import Env, ExitStatus, resolve_format, stdin_is_terminal
from puzzlesat.mines.batch import analyze_records, worker_died
from puzzlesat.parallel import ordered_map
from puzzlesat.streams import InputError, to_json

FORMATS = ("auto", "pretty", "json", "jsonl")


@click.command()
@click.argument("boards", nargs=-1, type=click.Path(dir_okay=True, allow_dash=True), metavar="[BOARD]...")
@click.option("-m", "--mines", "total", type=click.IntRange(min=0), default=None, metavar="N",
              help="Total number of mines, flags included, for boards that do not state it.")
@click.option("-p", "--probabilities", is_flag=True,
              help="Show the exact mine probability of every hidden cell as a heatmap (needs the total).")
@click.option("-f", "--format", "output_format", type=click.Choice(FORMATS), default="auto", show_default=True,
              help="pretty: the board drawn (the default on a terminal); json: one JSON object (one board); "
                   "jsonl: one JSON object per board with source and time_ms (the default in a pipe).")
@click.option("-t", "--time-limit", type=click.FloatRange(min=0, min_open=True), default=60.0, show_default=True,
              metavar="SECONDS", help="Give up on a board after about this long (status 'unknown'); the rest go on.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True, metavar="N",
              help="Worker processes for many boards. Output stays in input order.")
@click.pass_context
def analyze(ctx: click.Context, boards, total, probabilities, output_format, time_limit, jobs) -> None:
    """Analyse Minesweeper positions in BOARD files (or standard input; '-' too).

    \b
    Reports whether the numbers can all be true (and the conflict if not),
    every hidden cell that is certainly safe or certainly a mine, the exact
    probability that each hidden cell holds a mine, and a recommended move.
    Boards are .mine files (JSMinesweeper: a WIDTHxHEIGHTxMINES line, then
    rows of H hidden, F flag, 0-8) or hand-typed grids (? hidden, F or *
    flag, 1-8 numbers, . or 0 empty, spaces ignored, '# mines: N' comment
    for the total). Separate several boards with blank lines.

    \b
    Exit status: 0 every board consistent, 1 some board inconsistent (or
    stopped by --time-limit), 2 bad input or usage, 130 interrupted.
    """
    from puzzlesat.mines.reader import read_boards

    env = Env()
    fmt = resolve_format(output_format, env)
    if set(boards) <= {"-"} and stdin_is_terminal():
        env.error("reading boards from standard input (end with Ctrl-D; --help for usage)")
    try:
        records = read_boards(boards, total)
        first_two = list(islice(records, 2))
        if not first_two:
            env.error("no board found in the input")
            ctx.exit(ExitStatus.USAGE)
        if fmt == "json" and len(first_two) > 1:
            env.error("--format json takes one board; found more (use --format jsonl for several)")
            ctx.exit(ExitStatus.USAGE)
        work = partial(analyze_records, probabilities, time_limit)
        with closing(ordered_map(work, chain(first_two, records), jobs=jobs, chunk_size=16, on_failure=worker_died)) as done:
            ctx.exit(_write_all(env, done, fmt, probabilities, several=len(first_two) > 1))
    except InputError as error:
        env.error(str(error))
        ctx.exit(ExitStatus.USAGE)


def _write_all(env: Env, done, fmt: str, heatmap: bool, several: bool) -> int:
    """Write each analysed board in order; the worst exit status."""
    status = ExitStatus.OK
    for record, analysis, error, elapsed in done:
        if error is not None:
            env.error(error)
            if fmt == "jsonl":
                _write(env, {"source": record.source, "status": "invalid", "error": error})
            status = max(status, ExitStatus.USAGE)
            continue
        _show(env, fmt, record, analysis, heatmap, elapsed, several)
        if analysis.status != "consistent":
            status = max(status, ExitStatus.FAILED)
    return status


def _show(env: Env, fmt: str, record, analysis, heatmap: bool, elapsed: float, several: bool) -> None:
    """One analysis in the chosen format."""
    from puzzlesat.mines.analyze import to_record

    if fmt == "pretty":
        from puzzlesat.render.mines import analysis_view

        title = record.source if several else None
        env.console().print(analysis_view(record.board, analysis, heatmap, title))
        return
    data = to_record(record.board, analysis)
    if fmt == "json":
        import json

        env.stdout.write(json.dumps(data, indent=2) + "\n")
    else:
        _write(env, {"source": record.source, **data, "time_ms": round(elapsed, 3)})


def _write(env: Env, data: dict) -> None:
    """One JSON line, flushed so that pipelines see it at once."""
    env.stdout.write(to_json(data) + "\n")
    env.stdout.flush()

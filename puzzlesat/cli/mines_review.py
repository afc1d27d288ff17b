"""`puzzlesat mines review`: game records in, puzzlesat.mines.review.review_games, judged moves out through the one
writer loop."""

from __future__ import annotations

import json

import click

from puzzlesat.cli.common import Env, format_option, quiet_option, resolve_format
from puzzlesat.cli.output import Presenter, write_all
from puzzlesat.streams import to_json


@click.command()
@click.argument("games", nargs=-1, type=click.Path(dir_okay=False, allow_dash=True), metavar="[GAME]...")
@click.option("--guesses-only", is_flag=True, help="Pretty output: list only the moves that were not certain.")
@format_option(("pretty", "json", "jsonl"),
               help="pretty: a table of the moves and the summary (the default on a terminal); json: one indented "
                    "JSON object (one game; several: an array of them); jsonl: one JSON object per game (the default in a pipe).")
@quiet_option
@click.pass_obj
def review(env: Env, games, guesses_only, output_format) -> int:
    """Review played games move by move: certain, forced guess, avoidable risk or mistake.

    \b
    printf ' w' | puzzlesat mines play > /dev/null; puzzlesat mines review game-*.json
    puzzlesat mines replay --seed 2 --game 7 -f json | puzzlesat mines review
    puzzlesat mines replay --seed 2 --game 7 -f json | puzzlesat mines review -f pretty

    \b
    GAME files (or standard input) hold game records: JSON objects with width,
    height, mines ([row, col] each) and moves ({"action": open|chord|flag|
    unflag, "cell": [row, col]}), as `mines play` saves them (key w) and
    `mines replay -f json` writes them; one a file, or one a line. Replays of
    Arbiter (.avf), Metasweeper (.evf), Vienna Minesweeper (.rmv) and
    Minesweeper Clone (.mvf) are read through ms-toollib, an optional extra
    (pip install 'puzzlesat[replays]').

    \b
    Before each move the position the player saw (numbers and the total, flags
    left out) is counted exactly. Labels: first; certain (every cell it opens is
    safe); forced (a guess when no cell was certainly safe; safest says whether
    it was as safe as the safest cell); avoidable (a guess while a cell was
    certainly safe); mistake (it opens a certain mine); flag. The summary:
    moves, guesses, forced, avoidable, mistakes, and the luck the game needed
    (the product of its guesses' chances). JSON: the game's width, height and
    mines, its moves ({"move", "action", "cell", "label", "chance", "exact",
    "best", "best_chance", "safest", "revealed", "exploded", "state"}) and
    "summary", plus source and line (jsonl).

    Exit status: 0 every game reviewed, 1 some game unreadable or impossible, 2 usage error.
    """
    from puzzlesat.mines.review import review_games

    fmt = resolve_format(output_format, env)
    reviewed = review_games(list(games), env.stdin)
    status = write_all(env, reviewed, fmt, ReviewPresenter(guesses_only))
    if status is None:
        env.error("no games found")
        return 1
    return status


class ReviewPresenter(Presenter):
    """Reviews of games (puzzlesat.mines.review.Reviewed) in each format; a game that could not be read: its error."""

    unit = "game"
    flush_each = True

    def __init__(self, guesses_only: bool):
        self.guesses_only = guesses_only

    def status(self, reviewed) -> str:
        return "reviewed" if reviewed.review is not None else "invalid"

    def failed(self, reviewed) -> bool:
        return reviewed.review is None

    def problem(self, reviewed) -> str:
        return reviewed.error

    def jsonl(self, reviewed) -> str:
        where = {"source": reviewed.source, "line": reviewed.line}
        if reviewed.review is None:
            return to_json({**where, "status": "invalid", "error": reviewed.error})
        return to_json({**where, **reviewed.review.record()})

    def json(self, reviewed):
        return None if reviewed.review is None else json.dumps(reviewed.review.record(), indent=2)

    def pretty(self, reviewed):
        if reviewed.review is None:
            return None
        from puzzlesat.render.review import review_view

        return review_view(reviewed.review, reviewed.where, self.guesses_only)

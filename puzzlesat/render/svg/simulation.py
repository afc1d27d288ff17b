"""The result of simulations as one SVG picture: the win rate of each with its 95% interval, a row each, then a
histogram of guesses per game for each.

The picture is drawn from the records simulations write (Summary.record(), the JSON of `mines simulate`), so a
script can put several runs in one picture:

>>> record = {"strategy": "minprob", "level": "beginner", "size": "9x9x10", "rules": "safe", "games": 10,
...           "win_rate": 0.8, "ci95": [0.49, 0.94], "guess_counts": [5, 3, 2]}
>>> svg = simulation_picture([record, dict(record, strategy="lookahead")])
>>> "80.00% [49.00, 94.00]" in svg and svg.count("safe (10 games)<") == 2
True
"""

from __future__ import annotations

from typing import List, Sequence, Tuple

from puzzlesat.render.svg.chart import histogram, intervals
from puzzlesat.render.svg.compose import stack
from puzzlesat.render.svg.page import Section

MOST_BARS = 20  # guesses from this many on share the last bar


def simulation_picture(records: Sequence[dict]) -> str:
    """Win rates with their 95% intervals, one row per record, then each record's histogram of guesses per game."""
    rows = [(run_name(record), 100 * record["win_rate"], 100 * record["ci95"][0], 100 * record["ci95"][1])
            for record in records]
    charts = [intervals(rows, "win rate with its 95% interval (Wilson)", top=100.0)]
    charts += [guess_histogram(record) for record in records]
    return stack(charts, "win rate and guesses per game: " + "; ".join(run_name(record) for record in records))


def guess_histogram(record: dict) -> str:
    """Games by their number of guesses, a bar a number (the many share the last bar)."""
    counts = record.get("guess_counts") or [0]
    bins, names = guess_bins(len(counts))
    values = [guesses for guesses, games in enumerate(counts) for _ in range(games)]
    return histogram(values, bins, f"guesses per game, {run_name(record)}", "games", names)


def guess_bins(numbers: int) -> Tuple[List[Tuple[float, float]], List[str]]:
    """The bins of `numbers` guess counts (0 .. numbers-1) and their names: one a count, the last open when there
    are more than MOST_BARS."""
    if numbers <= MOST_BARS:
        return [(k, k + 1) for k in range(numbers)], [str(k) for k in range(numbers)]
    last = MOST_BARS - 1
    return ([(k, k + 1) for k in range(last)] + [(last, float("inf"))],
            [str(k) for k in range(last)] + [f"{last}+"])


def run_name(record: dict) -> str:
    """What a simulation played, short: strategy, level (or size) and rules."""
    return f"{record['strategy']} {record.get('level') or record['size']} {record['rules']}"


def simulation_section(record: dict) -> Section:
    """A simulation on the HTML page: its picture and its numbers."""
    low, high = record["ci95"]
    facts = (("games", f"{record['games']:,}"), ("wins", f"{record['wins']:,}"),
             ("win rate", f"{record['win_rate']:.2%} (95% interval {low:.2%} – {high:.2%})"),
             ("board", f"{record.get('level') or 'custom'} {record['size']}, {record['rules']} rules"),
             ("strategy", record["strategy"]), ("seed", str(record["seed"])),
             ("first move", ", ".join(map(str, record["first_move"]))),
             ("guesses per game", f"{record['mean_guesses']:.2f} on average"),
             ("games per second", f"{record['games_per_second']:.1f} with {record['jobs']} jobs"))
    return Section(f"{record['strategy']} on {record.get('level') or record['size']} ({record['size']}), "
                   f"{record['rules']} rules, seed {record['seed']}", simulation_picture([record]), facts)

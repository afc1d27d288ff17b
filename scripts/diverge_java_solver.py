#!/usr/bin/env python3
"""Diagnosis: where puzzlesat's Minesweeper player and David Hill's Java solver part, and what each choice is worth.

Both play the same expert games (game k of --seed, the first click in the corner, `safe` rule): Hill's solver through
scripts/java/PuzzlesatBulk.java --moves (its bulk machinery and settings, as bench_java_solver.py), which logs every
cell it opens. Hill's moves are replayed on puzzlesat's game; at each of his guesses puzzlesat's player (--strategy)
is asked for its move in the very same position. The first position of a game where the two choose different cells
is kept, and each choice is scored by playing on from it over --samples layouts drawn exactly from those the
position could hide (puzzlesat.mines.sampling; the same layouts for both choices), puzzlesat's player continuing
after the choice: the share of those games won. The difference, summed over all the games and divided by their
number, is what the first differing choices are worth in win rate; the report splits it by kind of position.

    python scripts/diverge_java_solver.py --games 2000 --samples 20 --out diverge.jsonl      # ~1 hour, 1 core
    python scripts/diverge_java_solver.py --report diverge.jsonl                             # the tables again
    python scripts/diverge_java_solver.py --games 200 --samples 4 --jobs 2                   # a minute or two

Kinds, the first that fits: `endgame` (either side searched the game tree exactly: Hill's brute-force deep analysis,
puzzlesat's endgame), `50/50` (either took an unavoidable 50/50), `off-frontier` (either cell is next to no number),
`tie` (both on the frontier, equally safe: a tie-break), `Hill safer` / `ours safer` (on the frontier, one safer).
A position is also counted by phase: the first guess of the game or a later one. `hill-early` marks a guess of
Hill's where puzzlesat sees a certainly safe cell (never expected). Prints the tables (Markdown) and one JSON summary
line; --out keeps every position (JSON lines: game, the view, both choices with their safety and why, the layouts,
the wins of each choice, the real outcomes of both players), which --report reads back.
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Dict, List, Optional, Sequence

from common import REPO, measure, parser_for, table

sys.path.insert(0, str(REPO))

from puzzlesat.mines.board import HIDDEN  # noqa: E402
from puzzlesat.mines.count import count_layouts  # noqa: E402
from puzzlesat.mines.game import Game, parse_size  # noqa: E402
from puzzlesat.mines.player import ENDGAME, FIFTY_FIFTY, SAFE  # noqa: E402
from puzzlesat.mines.sampling import sample_layouts  # noqa: E402
from puzzlesat.mines.strategy import make_player  # noqa: E402
from puzzlesat.parallel import ordered_map  # noqa: E402

JAVA_MAIN = "PuzzlesatBulk"
DEFAULT_BUILD = REPO.parent / "hill-solver" / "build"
KINDS = ("endgame", "50/50", "off-frontier", "tie", "Hill safer", "ours safer", "hill-early")
HILL_ENDGAME, HILL_FIFTY = "BRUTE_FORCE_DEEP_ANALYSIS", "UNAVOIDABLE_GUESS"
EQUAL = 1e-9  # safeties closer than this are a tie


def fail(message: str) -> SystemExit:
    """One line on stderr and exit status 1."""
    return SystemExit(f"diverge_java_solver.py: {message}")


def hill_games(options, setup, start: int, stop: int) -> Dict[int, dict]:
    """Hill's solver on games start..stop-1: per game its outcome and the cells it opened (cell, method, safety)."""
    width, height = setup.width, setup.height
    games: Dict[int, dict] = {}
    with tempfile.TemporaryDirectory(prefix="diverge-") as folder:
        layouts, moves = Path(folder) / "layouts.txt", Path(folder) / "moves.txt"
        lines = []
        for index in range(start, stop):
            game = Game(setup, options.seed, index)
            game.open((0, 0))
            lines.append(",".join(map(str, sorted(game.mines))))
        layouts.write_text("\n".join(lines) + "\n")
        argv = [options.java, *options.jvm.split(), "-cp", str(options.build), JAVA_MAIN, str(width), str(height),
                str(setup.mines), str(stop - start), "0", "--layouts", str(layouts), "--moves", str(moves)]
        done = measure(argv)
        if done.status or not moves.exists():
            raise fail(f"Hill's solver failed (exit {done.status}): {done.err.strip()[-300:]}")
        for line in moves.read_text().splitlines():
            number, outcome, *opened = line.split()
            cells = []
            for item in opened:
                cell, method, safety = item.split(":")
                cells.append((int(cell), method, float(safety)))
            games[start + int(number)] = {"won": outcome == "1", "moves": cells}
    if len(games) != stop - start:
        raise fail(f"Hill's solver logged {len(games)} games of {stop - start}")
    return games


def view(known: Sequence[int]) -> str:
    """The player's view as one string: '.' covered, else the digit."""
    return "".join("." if value == HIDDEN else str(value) for value in known)


def differences(item: tuple, level: str, seed: int, strategy: str, samples: int, every: bool) -> List[dict]:
    """Worker: replay Hill's game `index` on puzzlesat's; at each of his guesses ask puzzlesat's player for its move
    there. The first position where they differ (with `every`, each one along Hill's game) is described and both
    choices scored; a game where they never differ gives one record saying so."""
    index, hill = item
    setup = parse_size(level, "safe")
    game = Game(setup, seed, index)
    player = make_player(strategy, game, (0, 0))
    rng = random.Random(f"diverge:{seed}:{index}")
    records: List[dict] = []
    began, guesses = time.process_time(), 0
    for cell, method, safety in hill["moves"]:
        if game.over or (records and not every):
            break
        if game.known[cell] != HIDDEN:
            continue
        if game.mines is None or safety >= 1.0:
            game.open(game.position_of(cell), 0.0)
            continue
        decision = player.decide()
        if decision.cell != cell:
            record = describe(game, player, decision, (cell, method, safety), guesses)
            record.update(score(game, strategy, record, samples, rng))
            record.update(index=index, nth=len(records), hill_won=hill["won"])
            if not records:  # the real layout: puzzlesat's player from here, as it would have played the game
                record["ours_won"] = play_on(Game.resumed(setup, game.mines, game.known, seed, index), strategy)
            records.append(record)
        game.open(game.position_of(cell), 1 - safety)
        guesses += 1
    if not records:
        records.append({"index": index, "agree": True, "hill_won": hill["won"], "ours_won": game.won})
    records[0]["cpu"] = time.process_time() - began
    return records


def describe(game: Game, player, decision, hill_move: tuple, guesses: int) -> dict:
    """The position where the players part: both cells, their exact safety, why each was chosen, and its kind."""
    cell, method, hill_safety = hill_move
    counts = count_layouts(game.known, game.neighbours, game.setup.mines, player.mines)
    frontier = set(counts.frontier)
    ours, theirs = decision.cell, cell
    safety = {c: 1 - counts.probability(c) for c in (ours, theirs)}
    if decision.reason == SAFE:
        kind = "hill-early"
    elif decision.reason == ENDGAME or method == HILL_ENDGAME:
        kind = "endgame"
    elif decision.reason == FIFTY_FIFTY or method == HILL_FIFTY:
        kind = "50/50"
    elif ours not in frontier or theirs not in frontier:
        kind = "off-frontier"
    elif abs(safety[ours] - safety[theirs]) < EQUAL:
        kind = "tie"
    else:
        kind = "Hill safer" if safety[theirs] > safety[ours] else "ours safer"
    return {
        "agree": False, "kind": kind, "phase": "first guess" if guesses == 0 else "later guess",
        "guesses_before": guesses, "open_share": sum(v != HIDDEN for v in game.known) / game.setup.cells,
        "layouts_log10": round(math.log10(counts.layouts), 3), "view": view(game.known),
        "hill": {"cell": theirs, "method": method, "safety": safety[theirs], "frontier": theirs in frontier},
        "ours": {"cell": ours, "reason": decision.reason, "safety": safety[ours], "frontier": ours in frontier},
    }


def score(game: Game, strategy: str, record: dict, samples: int, rng: random.Random) -> dict:
    """Each choice played on over the same `samples` layouts drawn from those the position could hide."""
    layouts = sample_layouts(game.known, game.neighbours, game.setup.mines, count=samples, rng=rng)
    wins = {"hill": [], "ours": []}
    for layout in layouts:
        for side in wins:
            resumed = Game.resumed(game.setup, layout, game.known, game.seed, game.index)
            resumed.open(resumed.position_of(record[side]["cell"]), 1 - record[side]["safety"])
            wins[side].append(play_on(resumed, strategy))
    return {"samples": samples, "hill_wins": sum(wins["hill"]), "ours_wins": sum(wins["ours"]),
            "both_win": sum(a and b for a, b in zip(wins["hill"], wins["ours"]))}


def play_on(game: Game, strategy: str) -> bool:
    """puzzlesat's player takes the game from where it stands to its end: won or not."""
    if game.over:
        return game.won
    player = make_player(strategy, game, (0, 0))
    while not game.over:
        cell, probability = player.choose()
        game.open(game.position_of(cell), probability)
    return game.won


def run(options) -> List[dict]:
    """Hill's games chunk by chunk, then puzzlesat's replay and scoring of every game (--jobs workers)."""
    setup = parse_size(options.level, "safe")
    records: List[dict] = []
    out = options.out.open("a") if options.out else None
    work = partial(differences, level=options.level, seed=options.seed, strategy=options.strategy,
                   samples=options.samples, every=options.every)
    try:
        for start in range(options.start, options.start + options.games, options.chunk):
            stop = min(start + options.chunk, options.start + options.games)
            print(f"# games {start}-{stop - 1}: Hill's solver", file=sys.stderr, flush=True)
            hill = hill_games(options, setup, start, stop)
            items = [(index, hill[index]) for index in range(start, stop)]
            for done, found in enumerate(ordered_map(partial(_chunk, work), items, jobs=options.jobs, chunk_size=4)):
                for record in found:
                    record["seed"] = options.seed
                    records.append(record)
                    if out:
                        out.write(json.dumps(record) + "\n")
                if out:
                    out.flush()
                print(f"\r# games {start}-{stop - 1}: puzzlesat {done + 1}/{stop - start}", end="", file=sys.stderr,
                      flush=True)
            print(file=sys.stderr)
    finally:
        if out:
            out.close()
    return records


def _chunk(work, chunk: list) -> list:
    """ordered_map's unit: the records of each game."""
    return [work(item) for item in chunk]


def summary(records: List[dict]) -> dict:
    """Totals, and per kind and phase: positions, the worth of Hill's choice over ours in games and in points."""
    firsts = [r for r in records if r.get("nth", 0) == 0]
    games = len(firsts)
    split = [r for r in firsts if not r["agree"]]
    result = {"games": games, "positions": len(split),
              "hill_wins": sum(r["hill_won"] for r in firsts), "ours_wins": sum(r["ours_won"] for r in firsts),
              "samples": max((r["samples"] for r in split), default=0)}
    result["observed_points"] = 100 * (result["hill_wins"] - result["ours_wins"]) / games if games else 0.0
    result["all"] = worth(split, games)
    result["by_kind"] = {kind: worth([r for r in split if r["kind"] == kind], games) for kind in KINDS}
    result["by_phase"] = {phase: worth([r for r in split if r["phase"] == phase], games)
                          for phase in ("first guess", "later guess")}
    later = [r for r in records if r.get("nth", 0) > 0]
    if later:  # --every: each differing position along Hill's games, judged alone
        every = [r for r in records if not r["agree"]]
        result["every_by_kind"] = {kind: worth([r for r in every if r["kind"] == kind], games, real=False)
                                   for kind in KINDS}
    return result


def worth(chosen: List[dict], games: int, real: bool = True) -> dict:
    """Positions, Hill's choice better / ours better (sampled wins), the worth of his choice in games won (the
    per-position difference of the shares won, summed), in points of win rate, and its standard error (over games)."""
    gains = [(r["hill_wins"] - r["ours_wins"]) / r["samples"] for r in chosen]
    total = sum(gains)
    mean = total / games if games else 0.0
    variance = (sum(g * g for g in gains) / games - mean * mean) if games else 0.0
    error = math.sqrt(max(variance, 0.0) / games) if games else 0.0
    return {"positions": len(chosen), "hill_better": sum(g > 0 for g in gains), "ours_better": sum(g < 0 for g in gains),
            "games_won": total, "points": 100 * mean, "se_points": 100 * error,
            "real_hill_wins": sum(r["hill_won"] for r in chosen) if real else None,
            "real_ours_wins": sum(r["ours_won"] for r in chosen) if real else None}


def tables(result: dict) -> str:
    """The summary as Markdown: totals, then by kind and by phase."""
    head = (f"{result['games']:,} games: Hill won {result['hill_wins']:,}, puzzlesat {result['ours_wins']:,} "
            f"({result['observed_points']:+.2f} points for Hill); they parted in {result['positions']:,} games; "
            f"first differing choices worth {result['all']['points']:+.2f} ± {result['all']['se_points']:.2f} "
            f"points to Hill ({result['samples']} layouts a position)")
    header = ["", "positions", "Hill's better / ours better", "worth to Hill (games)", "points ± s.e.",
              "real wins Hill / ours"]

    def rows(groups: Dict[str, dict]) -> list:
        return [[name, f"{w['positions']:,}", f"{w['hill_better']} / {w['ours_better']}", f"{w['games_won']:+.1f}",
                 f"{w['points']:+.3f} ± {w['se_points']:.3f}", f"{w['real_hill_wins']} / {w['real_ours_wins']}"]
                for name, w in groups.items() if w["positions"]]

    parts = [head, table(["kind"] + header[1:], rows(result["by_kind"]), "lrrrrr"),
             table(["phase"] + header[1:], rows(result["by_phase"]), "lrrrrr")]
    if "every_by_kind" in result:
        parts.append("Every position where they differ along Hill's games, each judged alone (--every):")
        parts.append(table(["kind"] + header[1:-1], [row[:-1] for row in rows(result["every_by_kind"])], "lrrrr"))
    return "\n\n".join(parts)


def main(argv=None) -> int:
    """Play, score and report, or report from saved positions."""
    parser = parser_for(__doc__, 2)
    parser.add_argument("--games", type=int, default=2000, help="games to play (default %(default)s)")
    parser.add_argument("--start", type=int, default=0, help="the first game's number (default 0)")
    parser.add_argument("--seed", type=int, default=0, help="game k of this seed (default 0)")
    parser.add_argument("--level", default="expert", help="a level or WIDTHxHEIGHTxMINES (default expert)")
    parser.add_argument("--samples", type=int, default=20,
                        help="layouts drawn per position where the players part (default %(default)s)")
    parser.add_argument("--strategy", default="lookahead", help="puzzlesat's strategy (default %(default)s)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for puzzlesat's side (default 1)")
    parser.add_argument("--chunk", type=int, default=5000, help="games per Java process (default %(default)s)")
    parser.add_argument("--build", type=Path, default=DEFAULT_BUILD, metavar="DIR",
                        help="the classes of Hill's solver and PuzzlesatBulk (default: %(default)s; scripts/README.md)")
    parser.add_argument("--java", default="java", help="the java launcher (default: java on the PATH)")
    parser.add_argument("--jvm", default="-XX:+UseSerialGC", help="JVM options (default %(default)s)")
    parser.add_argument("--every", action="store_true",
                        help="judge every position where they differ along Hill's games, not only the first")
    parser.add_argument("--out", type=Path, help="append every game's record here (JSON lines)")
    parser.add_argument("--report", type=Path, metavar="FILE", help="no play: the tables of records saved by --out")
    options = parser.parse_args(argv)
    if options.report:
        try:
            records = [json.loads(line) for line in options.report.read_text().splitlines() if line.strip()]
        except (OSError, ValueError) as error:
            raise fail(f"{options.report}: {error}")
    else:
        options.build = options.build.resolve()
        if not (options.build / f"{JAVA_MAIN}.class").exists():
            raise fail(f"no {JAVA_MAIN}.class in {options.build}: build Hill's solver and the driver as "
                       "scripts/README.md says (bench_java_solver.py) and name the classes with --build")
        try:
            parse_size(options.level)
        except ValueError as error:
            raise fail(str(error))
        records = run(options)
    result = summary(records)
    print(json.dumps({key: value for key, value in result.items()}))
    print(tables(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())

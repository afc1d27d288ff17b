"""Simulations and replays, through the Python API and the CLI."""

from __future__ import annotations

import json

import pytest

from conftest import run_main

from puzzlesat.mines import Setup, parse_size, replay, simulate
from puzzlesat.mines.simulation import outcomes, wilson, won_games
from puzzlesat.mines.strategy import DEFAULT_STRATEGY


def test_wilson_interval_matches_known_values():
    low, high = wilson(50, 100)
    assert abs(low - 0.4038) < 1e-4 and abs(high - 0.5962) < 1e-4
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert abs(wilson(0, 10)[1] - 0.2775) < 1e-4
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_games_won_do_not_depend_on_the_number_of_jobs():
    setup = parse_size("beginner")
    alone = won_games(setup, "minprob", 60, seed=9, jobs=1)
    assert alone == won_games(setup, "minprob", 60, seed=9, jobs=2)
    assert 0 < len(alone) < 60


def test_a_small_simulation_gives_plausible_win_rates():
    setup = parse_size("beginner")
    minprob = simulate(setup, "minprob", 400, seed=1)
    lookahead = simulate(setup, "lookahead", 400, seed=1)
    for summary in (minprob, lookahead):  # published rates at this level are about 89% to 92%
        assert 0.82 <= summary.win_rate <= 0.97
        low, high = summary.ci95
        assert low < summary.win_rate < high
        assert summary.mean_guesses > 0
    easy = simulate(Setup(9, 9, 1), "minprob", 50, seed=1)
    assert easy.wins >= 45  # one mine: almost every game is won without a guess
    # 4x4 with 14 mines: one safe cell among the 15 others. The corner shows 2 when it is one of its 3 neighbours
    # (chance 3/15, then a 1-in-3 guess), else 3 (a 1-in-12 guess): exactly 2/15 of games are won.
    hard = simulate(Setup(4, 4, 14), "minprob", 600, seed=1)
    assert 0.09 <= hard.win_rate <= 0.18


def test_the_summary_counts_games_by_their_number_of_guesses():
    setup = parse_size("beginner")
    summary = simulate(setup, "minprob", 80, seed=5, jobs=2)
    each = [outcome.guesses for outcome in outcomes(setup, "minprob", 80, 5)]
    assert list(summary.guess_counts) == [each.count(k) for k in range(max(each) + 1)]
    assert sum(summary.guess_counts) == 80 and summary.guess_counts[-1] > 0
    assert summary.mean_guesses == sum(k * n for k, n in enumerate(summary.guess_counts)) / 80
    assert summary.record()["guess_counts"] == list(summary.guess_counts)


def test_a_replay_ends_as_the_simulation_said():
    setup = parse_size("intermediate")
    won = set(won_games(setup, "lookahead", 12, seed=4))
    for index in range(12):
        steps = list(replay(setup, "lookahead", 4, index))
        assert steps[-1].state == ("won" if index in won else "lost")
        assert steps[0].move.cell == (0, 0) and not steps[0].guess
        assert all(step.state == "playing" for step in steps[:-1])


def test_cli_simulate_json_has_the_promised_fields():
    result = run_main(["mines", "simulate", "--level", "beginner", "-n", "30", "--seed", "2",
                       "--strategy", "minprob", "--format", "json"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    for key in ("games", "wins", "win_rate", "ci95", "level", "size", "rules", "strategy", "seed", "mean_guesses",
                "guess_counts"):
        assert key in record
    assert sum(record["guess_counts"]) == 30 and record["games"] == 30 and record["level"] == "beginner" and record["rules"] == "safe"
    assert record["ci95"][0] <= record["win_rate"] <= record["ci95"][1]


def test_cli_simulate_pretty_table_and_zero_rules():
    result = run_main(["mines", "simulate", "--size", "8x8x10", "--first-click", "zero", "-n", "20",
                       "--first-move", "center", "--format", "pretty"])
    assert result.exit_code == 0, result.output
    assert "win rate" in result.output and "8x8x10" in result.output and "zero" in result.output


def test_cli_usage_errors_exit_2_with_one_clear_line():
    for args, words in [
        (["--size", "3x3x9"], "do not fit"),
        (["--size", "big"], "WIDTHxHEIGHTxMINES"),
        (["--level", "expert", "--size", "8x8x10"], "not both"),
        (["--first-move", "20,0"], "off the 9x9 board"),
        (["--strategy", "psychic"], "psychic"),
    ]:
        result = run_main(["mines", "simulate", "-n", "1", *args])
        assert result.exit_code == 2, (args, result.output)
        assert words in result.output and "Traceback" not in result.output


def test_cli_replay_streams_one_record_per_move():
    result = run_main(["mines", "replay", "--size", "8x8x10", "--seed", "3", "--game", "5", "--format", "jsonl"])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["move"] for r in records] == list(range(1, len(records) + 1))
    assert records[-1]["state"] in ("won", "lost") and len(records[-1]["board"]) == 8
    pretty = run_main(["mines", "replay", "--size", "8x8x10", "--seed", "3", "--game", "5", "--format", "pretty"])
    assert pretty.exit_code == 0 and f"{records[-1]['state']} after {len(records)} moves" in pretty.stdout


def test_on_a_terminal_a_progress_bar_runs_on_stderr_and_is_cleared(progress_at_once):
    result = run_main(["mines", "simulate", "--level", "beginner", "-n", "40", "--strategy", "minprob", "-j", "1",
                       "--format", "pretty"], terminal=True, stderr_terminal=True)
    assert result.exit_code == 0
    assert "minprob beginner" in result.stderr and "games" in result.stderr and "won" in result.stderr
    assert "win rate" in result.stdout and "95% CI" in result.stdout


def test_jobs_do_not_change_the_result():
    args = ["mines", "simulate", "--level", "beginner", "-n", "30", "--strategy", "minprob", "-f", "json"]
    one, two = (json.loads(run_main([*args, "-j", jobs]).stdout) for jobs in ("1", "2"))
    assert (one["wins"], one["mean_guesses"]) == (two["wins"], two["mean_guesses"])


def test_replayed_boards_are_drawn_in_symbols_the_friendly_format_reads_back():
    from puzzlesat.mines import FLAG, MINE, parse_friendly

    setup = parse_size("8x8x10")
    frames = [frame for frame in replay(setup, "lookahead", 3, 5)]
    result = run_main(["mines", "replay", "--size", "8x8x10", "--seed", "3", "--game", "5", "-f", "pretty"])
    lines = result.stdout.splitlines()
    starts = [i + 1 for i, line in enumerate(lines) if line.startswith("move ")]
    assert len(starts) == len(frames)
    for start, frame in zip(starts, frames):
        board = parse_friendly(lines[start:start + 8])
        assert board.cells == tuple(tuple(FLAG if v == MINE else v for v in row) for row in frame.rows)
    assert "?" in lines[starts[0]] or frames[0].state != "playing"


SIMULATE = ["mines", "simulate", "--level", "beginner", "-n", "30", "--seed", "2", "--strategy", "minprob"]


def test_cli_simulate_writes_json_indented_jsonl_on_one_line_and_line_tab_separated():
    document = run_main([*SIMULATE, "-f", "json"]).stdout
    one_line = run_main([*SIMULATE, "-f", "jsonl"]).stdout
    piped = run_main(SIMULATE).stdout  # a pipe gets jsonl
    record = json.loads(document)
    assert document.startswith("{\n  \"games\": 30,") and len(one_line.splitlines()) == 1
    drop_time = lambda r: {k: v for k, v in r.items() if k not in ("seconds", "games_per_second")}
    assert drop_time(json.loads(one_line)) == drop_time(record) == drop_time(json.loads(piped))
    line = run_main([*SIMULATE, "-f", "line"]).stdout
    games, wins, rate, low, high = line.rstrip("\n").split("\t")
    assert (int(games), int(wins)) == (30, record["wins"])
    assert [float(x) for x in (rate, low, high)] == pytest.approx([record["win_rate"], *record["ci95"]], abs=1e-5)


REPLAY = ["mines", "replay", "--size", "8x8x10", "--seed", "3", "--game", "5"]


def test_cli_replay_json_is_one_document_with_the_game_and_its_moves():
    result = run_main([*REPLAY, "-f", "json"])
    game = json.loads(result.stdout)
    moves = [json.loads(line) for line in run_main([*REPLAY, "-f", "jsonl"]).stdout.splitlines()]
    assert result.exit_code == 0 and result.stdout.startswith("{\n  \"seed\": 3,")
    assert {k: game[k] for k in ("seed", "game", "size", "rules", "strategy", "first_move")} == \
        {"seed": 3, "game": 5, "size": "8x8x10", "rules": "safe", "strategy": DEFAULT_STRATEGY, "first_move": [0, 0]}
    assert game["moves"] == moves and game["state"] == moves[-1]["state"]
    assert game["guesses"] == sum(move["guess"] for move in moves)


def test_cli_replay_line_is_one_tab_separated_line_per_move():
    moves = [json.loads(line) for line in run_main([*REPLAY, "-f", "jsonl"]).stdout.splitlines()]
    lines = run_main([*REPLAY, "-f", "line"]).stdout.splitlines()
    assert len(lines) == len(moves)
    for line, move in zip(lines, moves):
        number, cell, chance, revealed, state = line.split("\t")
        assert (int(number), cell, int(revealed), state) == (move["move"], "{},{}".format(*move["cell"]),
                                                             move["revealed"], move["state"])
        assert float(chance) == pytest.approx(move["probability"], abs=1e-6)


def test_ctrl_c_in_a_simulation_carries_the_summary_of_the_games_played():
    from puzzlesat.errors import SimulationInterrupted

    played = []

    def stop_after_five(outcome) -> None:
        played.append(outcome)
        if len(played) == 5:
            raise KeyboardInterrupt

    with pytest.raises(SimulationInterrupted) as stopped:
        simulate(parse_size("beginner"), "minprob", 100, seed=3, progress=stop_after_five)
    summary = stopped.value.summary
    assert (summary.games, summary.wins) == (5, sum(outcome.won for outcome in played))
    assert summary.guesses == sum(outcome.guesses for outcome in played)


def _wait_until_it_has_worked(pid: int, cpu: float = 2.0, limit: float = 120.0) -> None:
    """Wait until the process and its children have used `cpu` seconds (read from /proc), so a loaded machine is no flake."""
    import os
    import time
    from pathlib import Path

    if not Path(f"/proc/{pid}/stat").exists():
        time.sleep(3.0)
        return
    tick = os.sysconf("SC_CLK_TCK")
    stop = time.monotonic() + limit
    while time.monotonic() < stop and _tree_cpu(pid) / tick < cpu:
        time.sleep(0.1)


def _tree_cpu(root: int) -> int:
    """Clock ticks used by a process and its descendants."""
    from pathlib import Path

    stats = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        stats[int(stat.parent.name)] = (int(fields[1]), int(fields[11]) + int(fields[12]))
    total, tree = 0, {root}
    for pid, (parent, _) in sorted(stats.items()):
        if pid == root or parent in tree:
            tree.add(pid)
    return sum(stats[pid][1] for pid in tree if pid in stats)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_says_how_many_games_were_played_won_and_the_win_rate_so_far(jobs):
    import re
    import signal
    import subprocess
    import sys
    import time

    args = [sys.executable, "-m", "puzzlesat", "mines", "simulate", "-n", "1000000", "-j", jobs, "-f", "jsonl"]
    # as from a terminal: SIGINT handled (a shell starts background jobs, maybe this test run, with it ignored)
    child = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        _wait_until_it_has_worked(child.pid)
        assert child.poll() is None
        child.send_signal(signal.SIGINT)
        stdout, stderr = child.communicate(timeout=60)
    finally:
        child.kill()
    assert child.returncode == 130 and stdout == b"" and b"Traceback" not in stderr
    said = stderr.decode().strip()
    found = re.fullmatch(r"puzzlesat: interrupted after ([\d,]+) games in [\d.]+ s: ([\d,]+) won, win rate "
                         r"([\d.]+)% \(95% CI ([\d.]+)% – ([\d.]+)%\)", said)
    assert found, said
    games, wins = (int(found.group(i).replace(",", "")) for i in (1, 2))
    low, high = wilson(wins, games)
    assert 0 < wins < games and float(found.group(3)) == pytest.approx(100 * wins / games, abs=0.006)
    assert [float(found.group(4)), float(found.group(5))] == pytest.approx([100 * low, 100 * high], abs=0.006)

"""`puzzlesat mines analyze` through the CLI: formats, several boards, exit statuses, errors."""

from __future__ import annotations

import json
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, run_main

PUZZLES = Path(__file__).resolve().parents[2] / "puzzles" / "mines"
MINESWEEPR = str(PUZZLES / "minesweepr_readme_10x10.mine")
CONSISTENT = "# mines: 2\n1??\n12?\n.1?\n"
INCONSISTENT = "?1?\n111\n???\n"


def run(*args, stdin=None, terminal=False):
    return run_main(["mines", *args], input=stdin, terminal=terminal)


def test_json_has_the_documented_keys():
    result = run(MINESWEEPR, "--format", "json")
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["status"] == "consistent"
    assert (record["width"], record["height"], record["total_mines"]) == (10, 10, 10)
    assert record["mines"] == [[1, 3], [2, 3], [3, 3]] and record["safe"] == [[0, 3], [4, 3], [5, 2]]
    assert record["exact"][9][9] == "6/77" and record["probabilities"][0][0] is None
    assert record["best"] == [0, 3] and record["conflict"] is None


def test_analyze_is_the_default_subcommand():
    assert json.loads(run("analyze", MINESWEEPR, "-f", "json").stdout) == json.loads(run(MINESWEEPR, "-f", "json").stdout)


def test_inconsistent_board_exits_1_with_its_conflict():
    result = run("-", "--format", "json", stdin=INCONSISTENT)
    assert result.exit_code == 1
    record = json.loads(result.stdout)
    assert record["status"] == "inconsistent" and record["conflict"] == [[0, 1], [1, 0], [1, 1], [1, 2]]


def test_several_boards_on_stdin_give_one_line_each_in_order():
    result = run("-f", "jsonl", stdin=CONSISTENT + "\n" + INCONSISTENT + "\n\n" + CONSISTENT)
    assert result.exit_code == 1
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["status"] for r in records] == ["consistent", "inconsistent", "consistent"]
    assert [(r["source"], r["line"]) for r in records] == [("<stdin>", 1), ("<stdin>", 6), ("<stdin>", 11)]
    assert all(r["time_ms"] >= 0 for r in records)


def test_several_files_and_a_mines_option():
    result = run(MINESWEEPR, "-", "--mines", "10", "-f", "jsonl", stdin="????\n????\n????\n????\n")
    assert result.exit_code == 0, result.output
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first["source"].endswith("minesweepr_readme_10x10.mine") and first["line"] == 1
    assert first["total_mines"] == second["total_mines"] == 10


@pytest.mark.parametrize("board, where", [(MINESWEEPR, f"{MINESWEEPR}:1:7"), ("-", "<stdin>:1:10")])
def test_a_mines_option_that_disagrees_with_the_board_makes_it_invalid(board, where):
    result = run(board, "--mines", "3", "-f", "jsonl", stdin="# mines: 10\n1??\n12?\n.1?\n")
    assert result.exit_code == 1
    record = json.loads(result.stdout)
    message = f"{where}: the board states 10 mines but 3 were given (--mines)"
    assert record["status"] == "invalid" and record["error"] == message and message in result.stderr


def test_bad_board_is_an_invalid_record_with_line_and_column_and_exit_1():
    result = run("-f", "jsonl", stdin=CONSISTENT + "\n1?z\n")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert json.loads(lines[0])["status"] == "consistent"
    assert "<stdin>:6:3: unknown cell 'z'" in result.stderr
    assert json.loads(lines[-1]) == {"source": "<stdin>", "line": 6, "status": "invalid",
                                      "error": "<stdin>:6:3: unknown cell 'z' (use ? H or x hidden, F or * flag, 1-8, "
                                               ". or 0 empty)"}


def test_probabilities_without_a_total_are_refused_with_help():
    result = run("-p", "-f", "pretty", stdin="1??\n12?\n.1?\n")
    assert result.exit_code == 1 and result.stdout == ""
    assert "need the total number of mines" in result.output and "--mines N" in result.output


def test_pretty_board_with_heatmap_and_recommendation():
    result = run(MINESWEEPR, "-p", "-f", "pretty")
    assert result.exit_code == 0, result.output
    assert "[S]" in result.output and "92%" in result.output and " M " in result.output
    assert "recommended: open (0, 3), certainly safe" in result.output


def test_pretty_inconsistent_board_marks_the_conflict():
    result = run("-f", "pretty", stdin=INCONSISTENT)
    assert result.exit_code == 1
    assert "(1)" in result.output and "cannot all be true: (0, 1), (1, 0), (1, 1), (1, 2)" in result.output


def test_json_takes_one_board():
    result = run("-f", "json", stdin=CONSISTENT + "\n" + CONSISTENT)
    assert result.exit_code == 2 and "use --format jsonl" in result.output


@pytest.mark.parametrize("args, words, status", [(["no/such/file.mine"], "no such file", 2),
                                                 (["-"], "<stdin>: no boards found", 1)])
def test_unusable_input_is_one_line_and_an_exit_status(args, words, status):
    result = run(*args, stdin="")
    assert result.exit_code == status and words in result.stderr and "Traceback" not in result.output


HARD_ROWS = "\n".join("".join("?" if (r % 3 and c % 3) else "1" if (r + c) % 2 else "?" for c in range(100))
                      for r in range(100))  # 100x100, 2,000 mines: counting takes far longer than a second


def test_time_limit_gives_a_timeout_with_what_single_numbers_force():
    result = run("-f", "json", "--timeout", "0.05", stdin=f"# mines: 2000\n{HARD_ROWS}\n{'.' * 100}\n")
    assert result.exit_code == 1
    record = json.loads(result.stdout)
    assert (record["status"], record["consistent"], record["probabilities"]) == ("timeout", None, None)
    assert record["safe"] == [[99, c] for c in range(1, 100, 2)] and record["best"] == [99, 1]
    assert "time limit" in record["note"]


def test_a_timeout_drawn():
    result = run("-f", "pretty", "--timeout", "0.05", stdin=f"# mines: 2000\n{HARD_ROWS}\n{'.' * 100}\n")
    assert result.exit_code == 1
    assert "timeout: 100x101, 2000 mines" in result.stdout and "certain by single numbers: 50 safe" in result.stdout
    assert "recommended: open (99, 1), certainly safe" in result.stdout


def test_a_line_that_is_not_utf8_is_a_located_error(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes(b"# mines: 1\n1?\xff\n")
    result = run(str(path), "-f", "jsonl")
    assert result.exit_code == 1 and f"{path}:2:" in result.stderr  # not UTF-8, or (read as Latin-1) an unknown cell


def test_a_directory_is_refused(tmp_path):
    result = run(str(tmp_path))
    assert result.exit_code == 2 and "is a directory" in result.output


def test_pretty_is_the_default_on_a_terminal_and_jsonl_in_a_pipe():
    pipe = run(MINESWEEPR)
    assert json.loads(pipe.stdout)["status"] == "consistent"
    terminal = run(MINESWEEPR, terminal=True)
    assert "recommended: open (0, 3)" in terminal.stdout and not terminal.stdout.startswith("{")


def test_the_old_time_limit_option_still_works():
    result = run(MINESWEEPR, "--time-limit", "5", "-f", "json")
    assert result.exit_code == 0 and json.loads(result.stdout)["status"] == "consistent"


def test_boards_on_standard_input_are_answered_as_each_one_ends():
    child = subprocess.Popen([sys.executable, "-m", "puzzlesat", "mines", "-f", "jsonl"], cwd=ROOT,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        child.stdin.write(CONSISTENT + "\n")  # the blank line ends the board; the next one is not written yet
        child.stdin.flush()
        ready, _, _ = select.select([child.stdout], [], [], 60)
        assert ready, "no answer before the next board"
        assert json.loads(child.stdout.readline())["status"] == "consistent"
        child.stdin.write(INCONSISTENT)
        child.stdin.close()
        assert [json.loads(line)["line"] for line in child.stdout] == [6]
    finally:
        child.kill()
        child.wait()


def test_standard_input_is_read_with_one_job_unless_told(monkeypatch):
    import puzzlesat.cli.mines_analyze as command

    seen = []

    def answers(records, probabilities, timeout, jobs, **options):
        seen.append(jobs)
        yield from ()

    monkeypatch.setattr(command, "answers", answers)
    run("-", stdin="")
    run(MINESWEEPR, "-", "-j", "3", stdin="")
    assert seen == [1, 3]


EXPERT = """# mines: 99
......1?12????????????????????
.....12212????????????????????
123211?212????????????????????
1???1112?111??????????????????
12321.1221.1??????????????????
......2?2113??????????????????
......3?32????????????????????
....113?22????????????????????
....1?21124???????????????????
.111123212????????????????????
12?1.1??23????????????????????
1?32.1223?3???????????????????
23?1...13?3???????????????????
?211...2?33???????????????????
11111..2?22???????????????????
..1?1..1111???????????????????
"""  # replay(parse_size("expert"), "minprob", 0, 2) after 150 cells were open
EXPERT_OPENING = "# mines: 99\n1" + "?" * 29 + "\n" + ("?" * 30 + "\n") * 15  # the best move is a guess


def drawn(board: str, width: int) -> list:
    """The lines `mines -p` draws for a board on a terminal `width` columns wide, escape codes removed."""
    result = run_main(["mines", "-", "-p", "-f", "pretty"], input=board, terminal=True, width=width)
    assert result.exit_code == 0, result.output
    return re.sub(r"\x1b\[[0-9;]*m", "", result.stdout).splitlines()


@pytest.mark.parametrize("board", [EXPERT, EXPERT_OPENING])
def test_an_expert_heatmap_fits_in_80_columns(board):
    lines = drawn(board, 80)
    assert max(map(len, lines)) <= 80
    rows = [line for line in lines if re.match(r"^ {1,2}\d{1,2} ", line)]
    assert len(rows) == 16 and all(len(row.rstrip("]")) == 4 + 2 * 30 for row in rows)  # a row a line, 2 columns a cell


def compact_cells(row: str) -> list:
    """The cells of a row of the compact layout: the character after each space (or mark) left of a cell."""
    return [row[5 + 2 * c] for c in range((len(row) - 4) // 2)]


@pytest.mark.parametrize("board", [EXPERT, EXPERT_OPENING])
def test_without_colour_every_cell_of_the_80_column_heatmap_reads_from_the_text(board):
    from puzzlesat.mines.board import parse_board

    record = json.loads(run("-", "-f", "json", stdin=board).stdout)
    lines = drawn(board, 80)  # run_main draws without colour, as NO_COLOR does
    rows = [line for line in lines if re.match(r"^ {1,2}\d{1,2} ", line)]
    scale = next(line for line in lines if line.startswith("mine chance:"))
    bands = {letter: int(limit) for letter, limit in re.findall(r"([a-j])<(\d+)%", scale)}
    assert list(bands) == list("abcdefghij") and list(bands.values()) == list(range(10, 101, 10))
    cells = parse_board(board).cells
    safe, mines = map(lambda key: {tuple(cell) for cell in record[key]}, ("safe", "mines"))
    for r, row in enumerate(rows):
        for c, shown in enumerate(compact_cells(row)):
            p = record["probabilities"][r][c]
            if cells[r][c] >= 0:
                assert shown == (str(cells[r][c]) if cells[r][c] else ".")
            elif (r, c) in safe or (r, c) in mines:
                assert shown == ("S" if (r, c) in safe else "M")
            else:  # the letter's band holds the exact chance
                assert bands[shown] - 10 <= 100 * p < bands[shown], (r, c, shown, p)


def test_the_recommended_guess_keeps_its_chance_in_the_cell_and_in_the_summary():
    for width, cell in ((80, 2), (200, 4)):
        lines = drawn(EXPERT_OPENING, width)
        line = next(line for line in lines if line.startswith("recommended guess"))
        assert re.fullmatch(r"recommended guess: \(\d+, \d+\), mine chance \d+/\d+ ≈ \d+\.\d%", line)
        row, col = map(int, re.findall(r"\d+", line)[:2])
        chance = float(line.split("≈ ")[1][:-1])
        drawn_row = lines[2 + row]  # under the title and the column numbers
        if width == 80:  # the letter of its tenth, in brackets that stand in the spaces around it
            assert drawn_row[4 + 2 * col:7 + 2 * col] == f"[{'abcdefghij'[int(chance // 10)]}]"
        else:
            assert drawn_row[4 + 4 * col:8 + 4 * col] == f"[{round(chance)}]"
        assert drawn_row.count("[") == 1 and "?" not in drawn_row  # one mark, and `?` never means the move


def test_the_compact_layout_marks_the_move_and_conflicts_in_text_and_never_with_a_question_mark():
    board = "# mines: 99\n" + "".join(row + "\n" for row in EXPERT.splitlines()[1:])
    lines = drawn(board, 80)
    rows = [line for line in lines if re.match(r"^ {1,2}\d{1,2} ", line)]
    without_heatmap = re.sub(r"\x1b\[[0-9;]*m", "", run_main(["mines", "-", "-f", "pretty"], input=board,
                                                            terminal=True, width=80).stdout).splitlines()
    best = json.loads(run("-", "-f", "json", stdin=board).stdout)["best"]
    plain_rows = [line for line in without_heatmap if re.match(r"^ {1,2}\d{1,2} ", line)]
    r, c = best
    assert plain_rows[r][4 + 2 * c:7 + 2 * c] in ("[S]", "[?]") and sum(row.count("[") for row in plain_rows) == 1
    legend = next(line for line in without_heatmap if "recommended" in line)
    assert "?  undecided" in legend and "[ ] recommended" in legend and " ? " not in legend.split("undecided")[1]
    assert sum(row.count("[") for row in rows) == 1
    wide = "# mines: 1\n?11?" + "?" * 46 + "\n...." + "?" * 46 + "\n"  # 50 columns: compact at 110
    conflict = re.sub(r"\x1b\[[0-9;]*m", "", run_main(["mines", "-", "-f", "pretty"], input=wide, terminal=True,
                                                     width=110).stdout).splitlines()
    named = next(line for line in conflict if line.startswith("these numbers cannot all be true: "))
    cells = [tuple(map(int, pair)) for pair in re.findall(r"\((\d+), (\d+)\)", named)]
    rows = [line for line in conflict if re.match(r"^ {1,2}\d{1,2} ", line)]
    assert cells and all(rows[r][4 + 2 * c] == "(" and rows[r][6 + 2 * c] == ")" for r, c in cells)


def test_a_wide_terminal_keeps_the_roomy_layout():
    lines = drawn(EXPERT, 200)
    rows = [line for line in lines if re.match(r"^ {1,2}\d{1,2} ", line)]
    assert len(rows) == 16 and all(len(row.rstrip()) > 100 for row in rows)
    assert "23%" in rows[0] and "[S]" in rows[2] and "mine chance:" not in "\n".join(lines)  # no colour, no scale


# --- --strategy: the move the simulator's player makes, with why --------------------------------------------------


def simulated_positions(setup, seed: int, games: int):
    """(board, the cell lookahead opened there, why) at every move of the first `games` games of seed `seed`."""
    from puzzlesat.mines.game import Game
    from puzzlesat.mines.strategy import make_player

    for index in range(games):
        game = Game(setup, seed, index)
        player = make_player("lookahead", game)
        while not game.over:
            decision = player.decide()
            yield game.board(), game.position_of(decision.cell), decision.reason
            game.open(game.position_of(decision.cell), decision.probability)


def advised(tmp_path, board, *options) -> dict:
    """The JSON record of `mines analyze --strategy lookahead --format json` on a board saved as a .mine file."""
    from puzzlesat.mines.board import format_mine

    path = tmp_path / "position.mine"
    path.write_text(format_mine(board))
    result = run(str(path), "--strategy", "lookahead", "--format", "json", *options)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_advice_on_a_simulated_guess_is_the_cell_the_simulator_opened(tmp_path):
    from puzzlesat.mines.game import parse_size

    guesses, others = [], []  # plain guesses; endgames searched exactly and forced 50/50s
    for board, cell, reason in simulated_positions(parse_size("8x8x10"), 1, 40):
        kept, room = (guesses, 5) if reason == "guess" else (others, 3)
        if reason in ("guess", "endgame", "fifty-fifty") and len(kept) < room:
            kept.append((board, cell, reason))
        if len(guesses) == 5 and len(others) == 3:
            break
    assert len(guesses) == 5 and others
    picked = guesses + others
    for board, cell, reason in picked:
        record = advised(tmp_path, board)
        assert record["advice"]["cell"] == list(cell) and record["advice"]["reason"] == reason
        assert record["advice"]["guess"] and record["advice_note"] is None
        r, c = cell
        assert record["advice"]["exact"] == record["exact"][r][c] and record["advice"]["probability"] > 0


def test_the_advice_at_a_simulated_safe_move_is_certainly_safe(tmp_path):
    from puzzlesat.mines.game import parse_size

    safe = [board for board, _, reason in simulated_positions(parse_size("8x8x10"), 1, 3) if reason == "safe"]
    assert len(safe) > 5
    for board in safe[::max(1, len(safe) // 6)]:
        record = advised(tmp_path, board, "--check")
        advice = record["advice"]
        assert advice["reason"] == "safe" and advice["cell"] in record["safe"] and advice["exact"] == "0/1"
        assert not advice["guess"] and record["best"] in record["safe"]


def test_a_fresh_board_is_advised_the_first_click():
    result = run("-", "--strategy", "minprob", "-f", "json", stdin="# mines: 10\n" + "?????????\n" * 9)
    advice = json.loads(result.stdout)["advice"]
    assert advice["cell"] == [0, 0] and advice["reason"] == "first" and advice["strategy"] == "minprob"


def test_without_advice_the_note_says_why():
    result = run("-f", "jsonl", "--strategy", "lookahead", stdin="1??\n12?\n.1?\n\n" + INCONSISTENT + "\n# mines: 1\n1F\n")
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [record["advice"] for record in records] == [None, None, None]
    notes = [record["advice_note"] for record in records]
    assert "needs the total number of mines" in notes[0] and "cannot all be true" in notes[1]
    assert notes[2] == "no move to make: every hidden cell is certainly a mine"


def test_without_a_strategy_there_are_no_advice_keys():
    record = json.loads(run(MINESWEEPR, "-f", "json").stdout)
    assert "advice" not in record and "advice_note" not in record


def test_the_drawn_board_marks_the_strategys_move_and_says_why():
    result = run_main(["mines", "-", "-p", "-f", "pretty", "--strategy", "lookahead"], input=EXPERT_OPENING,
                      terminal=True, width=200)
    lines = re.sub(r"\x1b\[[0-9;]*m", "", result.stdout).splitlines()
    line = next(line for line in lines if line.startswith("recommended (lookahead): guess"))
    row, col = map(int, re.findall(r"\d+", line)[:2])
    assert "survives it and the next move" in line and "% safe, forced: " in line
    assert re.fullmatch(r"  no cell is certainly safe; this one is \d+/\d+ safe, .*", lines[lines.index(line) + 1])
    drawn_rows = [text for text in lines if re.match(r"^ {1,2}\d{1,2} ", text)]
    marked = [(r, text.index("[")) for r, text in enumerate(drawn_rows) if "[" in text]
    assert marked == [(row, 4 + 4 * col)]


def test_the_cross_check_is_off_unless_asked_for(monkeypatch):
    import puzzlesat.mines.batch as batch

    seen = []
    real = batch.analyze

    def analyze(board, **options):
        seen.append(options["check"])
        return real(board, **options)

    monkeypatch.setattr(batch, "analyze", analyze)
    assert run("-", "-f", "json", stdin=CONSISTENT).exit_code == 0
    assert run("-", "-f", "json", "--check", stdin=CONSISTENT).exit_code == 0
    assert seen == [False, True]


# --- -f line: one tab-separated line per board, for shell scripts -------------------------------------------------


def test_line_gives_status_move_chance_and_certain_cells_of_each_board_tab_separated():
    boards = "3x3x2\n1HH\n12H\n01H\n\n1?z\n\n# mines: 3\n1???\n????\n????\n\n" + INCONSISTENT
    result = run("-f", "line", stdin=boards)
    assert result.exit_code == 1 and "<stdin>:6:3: unknown cell 'z'" in result.stderr
    assert result.stdout.splitlines() == [
        "consistent\t0,2\t0\t0,2\t0,1",
        "invalid\t-\t-\t-\t-",
        "consistent\t0,3\t0.25\t-\t-",  # no certain cell: '-', never an empty field that `read` would skip
        "inconsistent\t-\t-\t-\t-",
    ]


def test_line_with_a_strategy_gives_its_move_and_without_a_total_no_chance():
    result = run("-f", "line", "--strategy", "lookahead", stdin="# mines: 3\n1???\n????\n????\n\n1?\n??\n")
    assert result.stdout.splitlines() == ["consistent\t1,2\t0.25\t-\t-", "consistent\t-\t-\t-\t-"]
    result = run("-f", "line", stdin="1??\n12?\n.1?\n\n1?\n??\n")  # no total: certain cells, but no chances
    assert result.stdout.splitlines() == ["consistent\t0,2\t0\t0,2\t0,1", "consistent\t-\t-\t-\t-"]


def test_line_agrees_with_the_json_records():
    boards = sorted(PUZZLES.glob("*.mine"))
    lines = run(*boards, "-f", "line").stdout.splitlines()
    records = [json.loads(line) for line in run(*boards, "-f", "jsonl").stdout.splitlines()]
    assert len(lines) == len(records) == len(boards)
    for line, record in zip(lines, records):
        status, move, chance, safe, mines = line.split("\t")
        cells = lambda field: [] if field == "-" else [list(map(int, cell.split(","))) for cell in field.split(" ")]
        assert status == record["status"] and cells(move) == [record["best"]]
        assert cells(safe) == record["safe"] and cells(mines) == record["mines"]
        row, col = record["best"]
        assert float(chance) == pytest.approx(record["probabilities"][row][col], abs=1e-6)


FIFTY_FIFTY = "# mines: 1\n?1\n?1\n"  # one mine in column 0: nothing can ever tell (0, 0) and (1, 0) apart
DEAD_CENTRE = "# mines: 1\n???\n???\n..?\n"  # (0, 1) sees both other top cells, one of which holds the mine


def test_json_lists_dead_cells_and_unavoidable_fifty_fifties():
    record = json.loads(run("-", "-f", "json", stdin=FIFTY_FIFTY).stdout)
    assert record["fifty_fifties"] == [[[0, 0], [1, 0]]] and record["dead"] == [[0, 0], [1, 0]]
    record = json.loads(run("-", "-f", "json", stdin=DEAD_CENTRE).stdout)
    assert record["dead"] == [[0, 1]] and record["fifty_fifties"] == []


def test_without_a_total_dead_cells_and_fifty_fifties_are_null():
    record = json.loads(run("-", "-f", "json", stdin="?1\n?1\n").stdout)
    assert record["dead"] is None and record["fifty_fifties"] is None


def test_pretty_output_marks_dead_and_fifty_fifty_cells_and_says_what_the_marks_mean():
    out = run("-", "-f", "pretty", stdin=DEAD_CENTRE).stdout
    assert out.splitlines()[2].split() == ["0", "?", "-", "?"]
    assert "-  dead: opening it teaches nothing" in out and "certain: 4 safe, 0 mines; 1 dead" in out
    out = run("-", "-f", "pretty", "-p", stdin=FIFTY_FIFTY).stdout
    assert out.splitlines()[2].split() == ["0", "[50]", "1"] and out.splitlines()[3].split() == ["1", "50=", "1"]
    assert "1 unavoidable 50/50" in out


def test_a_recommended_cell_of_a_fifty_fifty_keeps_its_mark_in_brackets_without_the_heatmap():
    out = run("-", "-f", "pretty", stdin=FIFTY_FIFTY).stdout
    assert out.splitlines()[2].split() == ["0", "[=]", "1"] and out.splitlines()[3].split() == ["1", "=", "1"]


def test_the_compact_layout_puts_the_mark_of_a_dead_cell_in_the_space_before_it():
    # 30 columns with the heatmap do not fit in 70: two columns a cell. (0, 0) and (0, 1) hold the one mine and
    # each sees the other: both dead (not a 50/50: the safe (0, 2) sees (0, 1) only).
    board = "# mines: 1\n???" + "." * 27 + "\n???" + "." * 27 + "\n..?" + "." * 27 + "\n"
    result = run_main(["mines", "-", "-f", "pretty", "-p"], input=board, terminal=True, width=70)
    lines = re.sub(r"\x1b\[[0-9;]*m", "", result.stdout).splitlines()
    assert next(line for line in lines if line.startswith("  0 ")).startswith("  0 -f-f[S]. .")
    assert "certain: 5 safe, 0 mines; 2 dead" in lines

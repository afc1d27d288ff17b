"""The command line as a whole: the environment it runs in, the format it picks, and the one table that turns
every way a run can end into a message and an exit status."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys

import pytest
from conftest import run_main

from puzzlesat.cli import ERRORS
from puzzlesat.cli.common import Env, ExitStatus

WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CYAN = "\x1b[36m"  # the colour of the cells the solver filled (no longer dimmed with the grid's rules)


def plain(text: str) -> str:
    """Text without its terminal escape codes."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)


def test_auto_format_is_pretty_on_a_terminal_and_json_lines_in_a_pipe():
    assert json.loads(run_main(["sudoku"], input=WIKI).stdout)["status"] == "solved"
    screen = plain(run_main(["sudoku"], input=WIKI, terminal=True).stdout)
    assert "┃ 5 3 4 ┃" in screen and "1 puzzle: 1 solved" in screen


def test_colour_on_a_terminal_unless_no_color(monkeypatch):
    import io
    from contextlib import redirect_stdout

    from puzzlesat.cli import main

    def pretty(**env_options) -> str:
        out = io.StringIO()
        env = Env(stdin=io.BytesIO(WIKI.encode()), stdout=out, stderr=io.StringIO(), stdin_isatty=False,
                  stdout_isatty=True, stderr_isatty=False, **env_options)
        with redirect_stdout(out):
            main(["sudoku"], env)
        return out.getvalue()

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert CYAN in pretty()
    monkeypatch.setenv("NO_COLOR", "1")
    assert CYAN not in pretty() and "┃ 5 3 4 ┃" in plain(pretty())  # bold stays: NO_COLOR is about colour


def test_the_environment_reads_the_real_streams_by_default():
    env = Env()
    assert env.stdout is sys.stdout and env.stderr is sys.stderr
    assert env.stdout_isatty in (True, False)


def test_every_exit_status_has_a_name():
    assert [int(s) for s in ExitStatus] == [0, 1, 2, 130]
    assert run_main(["--version"]).exit_code == ExitStatus.OK
    assert run_main(["sudoku", "--nosuch"]).exit_code == ExitStatus.USAGE


def test_a_model_that_fails_verification_is_an_internal_error_not_an_answer(monkeypatch):
    import importlib

    monkeypatch.setattr(importlib.import_module("puzzlesat.sudoku.solving.solver"), "is_solution", lambda *args: False)
    result = run_main(["sudoku", "-j", "1"], input=WIKI)
    assert result.exit_code == ExitStatus.FAILED and result.stdout == ""
    assert "internal error, please report it" in result.stderr and "Traceback" not in result.stderr


def test_ctrl_c_inside_a_command_exits_130(monkeypatch):
    import importlib

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(importlib.import_module("puzzlesat.sudoku.solving.solver").SudokuSolver, "solve", interrupted)
    result = run_main(["sudoku", "-j", "1"], input=WIKI)
    assert result.exit_code == ExitStatus.INTERRUPTED and "interrupted" in result.stderr


def test_the_error_table_covers_the_family_most_specific_first():
    from puzzlesat.errors import GenerationError, InputError, PuzzlesatError, VerificationError

    kinds = [kind for kind, _, _ in ERRORS]
    assert kinds.index(PuzzlesatError) > max(kinds.index(k) for k in (InputError, GenerationError, VerificationError))
    assert all(callable(say) for _, _, say in ERRORS)


def puzzlesat(*args, **kwargs) -> subprocess.CompletedProcess:
    """The real command in a child process."""
    return subprocess.run([sys.executable, "-m", "puzzlesat", *args], capture_output=True, **kwargs)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_is_one_line_and_exit_1(puzzles_dir):
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "puzzlesat", "sudoku", str(puzzles_dir / "sudoku" / "top95.txt")],
                              stdout=full, stderr=subprocess.PIPE)
    assert done.returncode == 1
    assert done.stderr.decode().strip() == "puzzlesat: No space left on device"


@pytest.mark.parametrize("args", [["sudoku", "-j", "1", "sudoku/examples.txt"], ["sudoku", "-f", "pretty", "sudoku/4x4.txt"],
                                  ["mines", "mines/problem_reductions_3x3.mine"], ["mines", "simulate", "-n", "5"],
                                  ["--help"]])
def test_a_closed_stdout_is_one_line_and_exit_1(puzzles_dir, args):
    args = [str(puzzles_dir / arg) if "/" in arg else arg for arg in args]
    done = subprocess.run(["sh", "-c", '"$@" >&-', "sh", sys.executable, "-m", "puzzlesat", *args],
                          capture_output=True)
    assert done.returncode == ExitStatus.FAILED
    assert done.stderr.decode() == "puzzlesat: standard output is closed: nothing can be written\n"


def test_a_closed_stderr_leaves_stdout_alone(puzzles_dir):
    done = subprocess.run(["sh", "-c", '"$@" 2>&-', "sh", sys.executable, "-m", "puzzlesat", "sudoku", "missing.txt"],
                          capture_output=True)
    assert done.returncode == ExitStatus.USAGE and done.stdout == b""


def test_a_closed_pipe_ends_quietly_with_0_as_head_wants(puzzles_dir):
    child = subprocess.Popen([sys.executable, "-m", "puzzlesat", "sudoku", "-j", "1",
                              str(puzzles_dir / "sudoku" / "17clue-200.txt")],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert json.loads(child.stdout.readline())["status"] == "solved"
    child.stdout.close()
    stderr = child.stderr.read().decode()
    assert child.wait(timeout=60) == ExitStatus.OK and stderr == ""


def test_pretty_output_into_a_closed_pipe_ends_quietly_with_0_too():
    child = subprocess.Popen([sys.executable, "-m", "puzzlesat", "mines", "replay", "--level", "expert", "-f", "pretty"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout.readline()
    child.stdout.close()
    stderr = child.stderr.read().decode()
    assert child.wait(timeout=60) == ExitStatus.OK and stderr == ""


def test_strange_bytes_on_stdin_are_located_errors_and_the_rest_goes_on():
    done = puzzlesat("sudoku", "-f", "jsonl", input=b"\xff\x00garbage\n" + WIKI.encode() + b"\n")
    statuses = [json.loads(line)["status"] for line in done.stdout.splitlines()]
    assert statuses == ["invalid", "solved"] and done.returncode == 1
    assert b"<stdin>:1: binary data (NUL bytes), not text" in done.stderr and b"Traceback" not in done.stderr


@pytest.mark.parametrize("words, expected", [
    ("puzzlesat mines s", "plain,simulate"),
    ("puzzlesat sudoku ", "\n".join(f"plain,{verb}" for verb in
                                     ("candidates", "cnf", "explain", "generate", "hint", "rate", "solve"))),
    ("puzzlesat sudoku x.txt --inp", "plain,--input-format"),
    ("puzzlesat sudoku --ra", "plain,--rate"),  # the default subcommand's options, as the README writes them
    ("puzzlesat mines --str", "plain,--strategy"),
    ("puzzlesat sudoku pu", "file,pu"),  # no subcommand starts so: a file name, the default's argument
    ("puzzlesat sudoku ge", "plain,generate"),
])
def test_shell_completion_as_the_readme_sets_it_up(words, expected):
    environment = {**os.environ, "COMP_WORDS": words, "COMP_CWORD": str(len(words.split(" ")) - 1),
                   "_PUZZLESAT_COMPLETE": "bash_complete"}
    done = subprocess.run([sys.executable, "-m", "puzzlesat"], capture_output=True, env=environment)
    assert done.stdout.decode().strip() == expected
    script = subprocess.run([sys.executable, "-m", "puzzlesat"], capture_output=True,
                            env={**os.environ, "_PUZZLESAT_COMPLETE": "bash_source"})
    assert b"_puzzlesat_completion()" in script.stdout


class _Nibbling(io.RawIOBase):
    """A raw stream that takes at most 5 bytes per write, like a full pipe interrupted by a signal."""

    def __init__(self):
        self.taken = bytearray()

    def writable(self):
        return True

    def write(self, data):
        self.taken += bytes(data[:5])
        return min(5, len(data))


def test_batched_output_writes_every_byte_even_to_an_unbuffered_stream_that_takes_part():
    from puzzlesat.cli.output import Batched

    raw = _Nibbling()
    stream = io.TextIOWrapper(raw, encoding="utf-8", write_through=True)  # what PYTHONUNBUFFERED gives
    out = Batched(stream, size=64)
    lines = [f"{n} {'é' * (n % 7)}\n" for n in range(300)]
    for line in lines:
        out.write(line)
    assert len(raw.taken) < len("".join(lines).encode())  # the last lines still wait for the batch ...
    out.flush()
    assert raw.taken.decode() == "".join(lines)  # ... and then every byte is there, in order


def test_plain_output_goes_out_in_batches_not_a_write_per_line(puzzles_dir):
    writes = []

    class Counting(io.StringIO):
        def write(self, text):
            writes.append(text)
            return super().write(text)

    from puzzlesat.cli import main

    stdout = Counting()
    env = Env(stdin=io.BytesIO(), stdout=stdout, stderr=io.StringIO(), stdin_isatty=False, stdout_isatty=False,
              stderr_isatty=False, color=False)
    status = main(["sudoku", str(puzzles_dir / "sudoku" / "17clue-200.txt"), "-f", "line"], env)
    assert status == 0 and len(stdout.getvalue().splitlines()) == 200 and 0 < len(writes) < 10


@pytest.mark.parametrize("fmt", ["json", "html"])
def test_ctrl_c_in_a_json_or_html_run_writes_what_was_answered_whole(monkeypatch, fmt):
    import importlib

    solver = importlib.import_module("puzzlesat.sudoku.solving.solver").SudokuSolver
    solve, calls = solver.solve, []

    def third_interrupted(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return solve(self, *args, **kwargs)

    monkeypatch.setattr(solver, "solve", third_interrupted)
    result = run_main(["sudoku", "-j", "1", "-f", fmt], input=(WIKI + "\n") * 4)
    assert result.exit_code == ExitStatus.INTERRUPTED and "interrupted after 2" in result.stderr
    if fmt == "json":
        assert [answer["status"] for answer in json.loads(result.stdout)] == ["solved", "solved"]
    else:
        assert result.stdout.count("<svg") == 2 and result.stdout.rstrip().endswith("</html>")

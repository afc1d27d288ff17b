"""puzzlesat.sudoku.reading.links.online: SudokuPad short links resolved through the puzzle API, cached, offline.

A local HTTP server (threading http.server) stands in for sudokupad.app's API and serves recorded payloads of
puzzles of our own, so no test goes on the network."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from puzzlesat.errors import VariantError
from puzzlesat.sudoku.model.constraints.sums import Killer
from puzzlesat.sudoku.reading.links import read_link
from puzzlesat.sudoku.reading.links.lzstring import compress_to_base64
from puzzlesat.sudoku.reading.links.online import cache_dir, fetch_payload
from puzzlesat.sudoku.solving.solver import SudokuSolver

SOLUTION = "1234341221434321"
OURS = {  # a 4x4 puzzle of our own: two killer cages, three givens (r1c1 1, r3c1 2, r4c4 1), its solution stated
    "cells": [[{"value": 1}, {}, {}, {}], [{}, {}, {}, {}], [{"value": 2}, {}, {}, {}], [{}, {}, {}, {"value": 1}]],
    "regions": [[[r, c] for r in range(br, br + 2) for c in range(bc, bc + 2)] for br in (0, 2) for bc in (0, 2)],
    "cages": [{"value": "title: Our Cages"}, {"value": "rules: Normal sudoku rules apply. Digits in a cage add up "
                                                        "to its total."}, {"value": f"solution: {SOLUTION}"},
              {"cells": [[0, 1], [0, 2]], "value": 5}, {"cells": [[2, 0], [3, 0]], "value": 6}],
}
SCL = "scl" + compress_to_base64(json.dumps(OURS))
PLAIN = "{id:'ours',ce:[[{v:1},,,],[,,,],[{v:2},,,],[,,,{v:1}]],re:" + json.dumps(OURS["regions"]).replace(" ", "") + \
    ",ca:[{v:'rules: Normal sudoku rules apply. Digits in a cage add up to its total.'},{v:'solution: " + SOLUTION + \
    "'},{ce:[[0,1],[0,2]],v:5},{ce:[[2,0],[3,0]],v:6}]}"


class _Api(BaseHTTPRequestHandler):
    """SudokuPad's puzzle API for the payloads in `server.payloads` (id -> text); `server.delay` slows it down."""

    def do_GET(self):  # noqa: N802 (http.server's name)
        self.server.asked.append(self.path)
        time.sleep(self.server.delay)
        prefix = "/api/puzzle/"
        payload = self.server.payloads.get(self.path[len(prefix):]) if self.path.startswith(prefix) else None
        body = (payload or "not found").encode()
        try:
            self.send_response(200 if payload else 404)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client timed out and left, as the timeout test means it to

    def log_message(self, *args):
        pass


@pytest.fixture
def api(tmp_path, monkeypatch):
    """A local API serving our payloads, the cache in a folder of the test's own, online."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Api)
    server.payloads = {"abc123": SCL, "ours": PLAIN, "setter/our-cages": SCL, "huge": "scl" + "A" * 10}
    server.asked, server.delay = [], 0.0
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    monkeypatch.setenv("PUZZLESAT_SUDOKUPAD_API", f"http://127.0.0.1:{server.server_address[1]}/api/puzzle/")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("PUZZLESAT_OFFLINE", raising=False)
    yield server
    server.shutdown()
    server.server_close()


def solved(variant) -> str:
    """The one solution of a puzzle read from a link."""
    result = SudokuSolver(variant.rules).solve(variant)
    assert result.unique
    return "".join(map(str, result.solution))


@pytest.mark.parametrize("link", ["https://sudokupad.app/abc123", "sudokupad.app/abc123",
                                  "https://sudokupad.svencodes.com/abc123", "app.crackingthecryptic.com/abc123",
                                  "https://sudokupad.app/abc123?setting-nogrid=1"])
def test_a_short_link_is_fetched_from_the_api_and_solved(api, link):
    variant = read_link(link)
    assert variant.title == "Our Cages" and Killer((1, 2), 5) in variant.constraints
    assert solved(variant) == SOLUTION
    assert api.asked == ["/api/puzzle/abc123"]


def test_the_plain_object_the_api_returns_is_read(api):
    assert solved(read_link("https://sudokupad.app/ours")) == SOLUTION


def test_an_id_with_parts_is_asked_for_part_by_part(api):
    assert solved(read_link("https://sudokupad.app/setter/our-cages")) == SOLUTION
    assert api.asked == ["/api/puzzle/setter/our-cages"]


def test_a_legacy_sudoku_path_is_tried_as_pasted_then_without_it(api):
    assert solved(read_link("https://app.crackingthecryptic.com/sudoku/abc123")) == SOLUTION
    assert api.asked == ["/api/puzzle/sudoku/abc123", "/api/puzzle/abc123"]


def test_a_fetched_link_is_read_from_the_cache_next_time_even_offline(api):
    read_link("https://sudokupad.app/abc123")
    assert (cache_dir() / "abc123.txt").read_text() == SCL
    api.payloads.clear()
    assert solved(read_link("https://sudokupad.app/abc123", offline=True)) == SOLUTION
    assert solved(read_link("https://sudokupad.app/abc123")) == SOLUTION
    assert api.asked == ["/api/puzzle/abc123"]


def test_offline_without_the_cache_is_one_line_naming_what_to_do(api, monkeypatch):
    with pytest.raises(VariantError, match=r"not in the cache .* offline \(--offline or PUZZLESAT_OFFLINE\)"):
        read_link("https://sudokupad.app/abc123", offline=True)
    monkeypatch.setenv("PUZZLESAT_OFFLINE", "1")
    with pytest.raises(VariantError, match="offline"):
        read_link("https://sudokupad.app/abc123")
    assert api.asked == []


def test_a_puzzle_the_api_does_not_have(api):
    with pytest.raises(VariantError, match=r"SudokuPad has no puzzle 'nothing'.*not found"):
        read_link("https://sudokupad.app/nothing")


def test_an_unreachable_or_slow_api_is_one_line(api, monkeypatch):
    api.delay = 1.0
    with pytest.raises(VariantError, match=r"cannot reach .* \(timed out after 0.2 s\)"):
        fetch_payload(["abc123"], offline=False, timeout=0.2)
    monkeypatch.setenv("PUZZLESAT_SUDOKUPAD_API", "http://127.0.0.1:9/api/puzzle/")  # the discard port: refused
    with pytest.raises(VariantError, match=r"SudokuPad short link 'abc123': cannot reach http://127.0.0.1:9/") as error:
        read_link("https://sudokupad.app/abc123")
    assert "\n" not in str(error.value)


def test_an_answer_that_is_no_puzzle_is_named(api):
    api.payloads["junk"] = "<html>maintenance</html>"
    with pytest.raises(VariantError, match=r"answer for 'junk' is not a puzzle"):
        read_link("https://sudokupad.app/junk")


def test_the_command_line_fetches_caches_and_stays_offline_when_told(api, run_cli):
    record = json.loads(run_cli(["sudoku", "-f", "jsonl", "https://sudokupad.app/abc123"]).stdout)
    assert record["status"] == "solved" and record["solution"] == SOLUTION and record["matches_stated"] is True
    offline = run_cli(["sudoku", "--offline", "-f", "jsonl", "https://sudokupad.app/ours"])
    assert offline.exit_code == 1 and json.loads(offline.stdout)["status"] == "invalid"
    assert "is not in the cache" in offline.stderr and len(offline.stderr.strip().splitlines()) == 1
    again = run_cli(["sudoku", "--offline", "-f", "line", "https://sudokupad.app/abc123"])
    assert again.exit_code == 0 and again.stdout.strip() == SOLUTION


def test_the_plain_object_is_read_on_the_command_line_and_in_files(run_cli, tmp_path):
    assert run_cli(["sudoku", "-f", "line", PLAIN]).stdout.strip() == SOLUTION
    path = tmp_path / "plain.txt"
    path.write_text(PLAIN + "\n")
    assert run_cli(["sudoku", "-f", "line", path]).stdout.strip() == SOLUTION


def test_a_payload_decompressing_past_the_cap_says_so(monkeypatch):
    monkeypatch.setattr("puzzlesat.sudoku.reading.links.lzstring.MAX_OUTPUT", 20_000)  # the same, 1000 times smaller
    link = "https://sudokupad.app/scl" + compress_to_base64(json.dumps({"cells": [[{}] * 4] * 4,
                                                                        "title": "x" * 20_100}))
    assert len(link) < 1_000
    with pytest.raises(VariantError, match=r"decompresses to more than 20,000 characters, puzzlesat's limit"):
        read_link(link)

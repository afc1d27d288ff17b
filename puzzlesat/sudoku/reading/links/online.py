"""SudokuPad short links resolved online, through SudokuPad's puzzle API, with a cache on disk.

A short link (`https://sudokupad.app/abc123`, `sudokupad.app/setter/puzzle-name`) names a puzzle SudokuPad stores:
its app fetches the payload from `https://sudokupad.app/api/puzzle/<id>` (each part of the id percent-encoded), and so
does puzzlesat. The answer is the puzzle data SudokuPad's links carry: `scl...`, `fpuz...`, `scf...`, or a plain
(zipped) JSON object. Each payload fetched is kept in the user's cache (`$XDG_CACHE_HOME/puzzlesat/sudokupad`, by
default `~/.cache/puzzlesat/sudokupad`), one file per id, and read from there next time, online or not.

Offline (`offline=True`, the command line's `--offline`, or the environment variable PUZZLESAT_OFFLINE set to
anything but '' or '0') only the cache is read. `PUZZLESAT_SUDOKUPAD_API` replaces the API's address (a mirror, or
the tests' local server). Every failure is one VariantError line: not cached while offline, the server unreachable
or too slow (TIMEOUT seconds), no such puzzle, an answer that is no puzzle.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Iterable, Optional
from urllib.error import HTTPError, URLError
from urllib.parse import quote
from urllib.request import Request, urlopen

from puzzlesat.errors import VariantError

API = "https://sudokupad.app/api/puzzle/"
TIMEOUT = 10.0  # seconds for one request (SudokuPad's own app waits 10 s)
MAX_BYTES = 16 * 1024 * 1024  # an answer larger than this is no puzzle
PAYLOAD = re.compile(r"^\s*(?:scl|ctc|fpuzzles|fpuz|scf|\{)")


def offline_by_default() -> bool:
    """True when PUZZLESAT_OFFLINE says to stay offline."""
    return os.environ.get("PUZZLESAT_OFFLINE", "").strip() not in ("", "0")


def cache_dir() -> Path:
    """Where fetched payloads are kept: $XDG_CACHE_HOME/puzzlesat/sudokupad (~/.cache when it is unset)."""
    base = os.environ.get("XDG_CACHE_HOME", "").strip() or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "puzzlesat" / "sudokupad"


def fetch_payload(ids: Iterable[str], offline: Optional[bool] = None, timeout: float = TIMEOUT) -> str:
    """The payload SudokuPad stores under the first of `ids` it knows (a short link's id as pasted, then without a
    legacy 'sudoku/' part), from the cache when it is there; VariantError otherwise."""
    ids = [puzzle_id for puzzle_id in dict.fromkeys(ids) if puzzle_id]
    if not ids:
        raise VariantError("SudokuPad link without a puzzle")
    for puzzle_id in ids:
        cached = _cache_file(puzzle_id)
        if cached.is_file():
            return cached.read_text(encoding="utf-8")
    offline = offline_by_default() if offline is None else offline
    if offline:
        raise VariantError(f"SudokuPad short link '{ids[0]}' is not in the cache ({cache_dir()}) and puzzlesat is "
                           "offline (--offline or PUZZLESAT_OFFLINE); run it once online to fetch it")
    missing = []
    for puzzle_id in ids:
        payload = _fetch(puzzle_id, timeout)
        if payload is None:
            missing.append(puzzle_id)
            continue
        _keep(ids, payload)
        return payload
    raise VariantError(f"SudokuPad has no puzzle '{ids[0]}' ({_url(missing[0])}: not found)")


def _url(puzzle_id: str) -> str:
    """The API address of a puzzle id (each part of it percent-encoded)."""
    base = os.environ.get("PUZZLESAT_SUDOKUPAD_API", "").strip() or API
    return base.rstrip("/") + "/" + "/".join(quote(part, safe="") for part in puzzle_id.split("/"))


def _fetch(puzzle_id: str, timeout: float) -> Optional[str]:
    """The API's answer for one id, None when it has no such puzzle; VariantError when it cannot be asked."""
    url = _url(puzzle_id)
    request = Request(url, headers={"User-Agent": "puzzlesat (https://pypi.org/project/puzzlesat/)"})
    try:
        with urlopen(request, timeout=timeout) as response:
            body = response.read(MAX_BYTES + 1)
    except HTTPError as error:
        if error.code in (400, 404, 410):
            return None
        raise VariantError(f"SudokuPad short link '{puzzle_id}': {url} answered HTTP {error.code}") from None
    except (URLError, OSError) as error:
        reason = getattr(error, "reason", error)
        words = f"timed out after {timeout:g} s" if "timed out" in str(reason).lower() else str(reason)
        raise VariantError(f"SudokuPad short link '{puzzle_id}': cannot reach {url} ({words}); --offline reads "
                           "only links fetched before") from None
    if len(body) > MAX_BYTES:
        raise VariantError(f"SudokuPad's answer for '{puzzle_id}' is larger than {MAX_BYTES // 2 ** 20} MiB: "
                           "no puzzle")
    text = body.decode("utf-8", "replace").strip()
    if not PAYLOAD.match(text):
        raise VariantError(f"SudokuPad's answer for '{puzzle_id}' is not a puzzle ({text[:40]!r})")
    return text


def _cache_file(puzzle_id: str) -> Path:
    """The cache file of one id (the id percent-encoded into a file name)."""
    return cache_dir() / (quote(puzzle_id, safe="") + ".txt")


def _keep(ids: Iterable[str], payload: str) -> None:
    """Store a payload under every id it answers (silently skipped when the cache cannot be written)."""
    try:
        folder = cache_dir()
        folder.mkdir(parents=True, exist_ok=True)
        for puzzle_id in ids:
            target = _cache_file(puzzle_id)
            temporary = target.with_suffix(f".{os.getpid()}.tmp")
            temporary.write_text(payload, encoding="utf-8")
            os.replace(temporary, target)
    except OSError:
        pass

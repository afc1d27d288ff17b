"""Setters' puzzle links: f-puzzles and SudokuPad (Cracking the Cryptic's app) links, their bare payloads, and
f-puzzles or SudokuPad JSON, read into a Sudoku.

    https://www.f-puzzles.com/?load=N4Ig...        f-puzzles: lz-string (base64) of its JSON
    https://sudokupad.app/scl...  (or ctc...)      SudokuPad: lz-string of its (zipped) JSON
    https://sudokupad.app/fpuzzles...              SudokuPad showing an f-puzzles payload
    https://sudokupad.app/scf...                   SudokuPad's compact classic format
    https://app.crackingthecryptic.com/sudoku/...  the same, under the older address (also ?puzzleid=...)

Links with or without https://, percent-encoded or not. A SudokuPad short link (`sudokupad.app/abc123`, on any of
SudokuPad's hosts) names a puzzle SudokuPad stores: it is fetched through SudokuPad's puzzle API and kept in a cache
(puzzlesat.sudoku.reading.links.online; offline, only the cache). Other short links (an f-puzzles ?id=, tinyurl) are
refused with what to do instead.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Optional
from urllib.parse import parse_qs, unquote

from puzzlesat.errors import VariantError
from puzzlesat.sudoku.reading.links.fpuzzles import read_fpuzzles
from puzzlesat.sudoku.reading.links.lzstring import (TooLarge, decompress_from_base64,
                                                     decompress_from_encoded_uri_component)
from puzzlesat.sudoku.reading.links.online import fetch_payload
from puzzlesat.sudoku.reading.links.rules_text import RulesText, families_read
from puzzlesat.sudoku.reading.links.stated import held_to_stated
from puzzlesat.sudoku.reading.links.sudokupad import read_scf, read_sudokupad, unzip
from puzzlesat.sudoku.model.sudoku import Sudoku

__all__ = ["read_link", "looks_like_link"]

URL = re.compile(r"^(?:(?:https?:)?//)?(?P<host>(?:[a-z0-9-]+\.)+[a-z]{2,})(?::\d+)?(?P<rest>[/?#].*)?$",
                 re.IGNORECASE | re.DOTALL)
SUDOKUPAD_HOSTS = ("sudokupad.app", "crackingthecryptic.com", "svencodes.com")
SHORTENERS = ("tinyurl.com", "bit.ly", "tiny.cc", "is.gd", "t.co", "goo.gl")
PREFIXES = ("fpuzzles", "fpuz", "scl", "ctc", "scf")
PAYLOAD = re.compile(r"^(?:fpuzzles|fpuz|scl|ctc|scf)?[A-Za-z0-9+/=$%_-]{16,}$")


def looks_like_link(text: str) -> bool:
    """True when `text` (a line or a whole file) is meant for read_link: a puzzle link, a prefixed or bare
    payload, or f-puzzles / SudokuPad JSON."""
    text = _clean(text)
    if not text:
        return False
    if text.startswith("{"):
        return bool(re.search(r'"grid"\s*:|"cells"\s*:|\bce\s*:\s*\[', text[:5000]))
    lowered = text.lower()
    if "f-puzzles.com" in lowered or "sudokupad" in lowered or "crackingthecryptic.com" in lowered:
        return True
    if text.startswith(PREFIXES) and PAYLOAD.match(text):
        return True
    return text.startswith("N4Ig") and PAYLOAD.match(text) is not None


def read_link(text: str, offline: Optional[bool] = None) -> Sudoku:
    """The puzzle a link, payload or JSON text holds, every constraint read checked against the solution it states
    (puzzlesat.sudoku.reading.links.stated), and every sentence of its rules that no constraint carries named in
    `unknown` (puzzlesat.sudoku.reading.links.rules_text); VariantError with a one-line reason otherwise. A short
    link is fetched online unless `offline` (None: the PUZZLESAT_OFFLINE environment variable decides)."""
    try:
        return _unread_named(held_to_stated(_read(text, offline)))
    except VariantError:
        raise
    except ValueError as error:  # a constraint refusing what the puzzle gives it (an unknown dot colour, ...)
        raise VariantError(str(error)) from None


def _unread_named(variant: Sudoku) -> Sudoku:
    """The puzzle with every sentence of its rules text that no constraint read carries named in `unknown`."""
    unread = RulesText(variant.rules_text, variant.title).unread(families_read(variant.constraints))
    return replace(variant, unknown=variant.unknown + tuple(unread)) if unread else variant


def _read(text: str, offline: Optional[bool] = None) -> Sudoku:
    """read_link's work."""
    text = _clean(text)
    if not text:
        raise VariantError("empty puzzle link")
    if text.startswith("{"):
        return _read_json(text)
    if text.lower().startswith("sudokupad://puzzle/"):
        return _sudokupad_id(unquote(text[len("sudokupad://puzzle/"):]), offline=offline)
    match = URL.match(text)
    if match and "." in match.group("host") and not text.startswith(PREFIXES + ("N4Ig",)):
        return _read_url(match.group("host").lower(), match.group("rest") or "", text, offline)
    return _read_payload(unquote(text) if "%" in text else text, bare=True)


def _clean(text: str) -> str:
    """The text without surrounding blanks, quotes or angle brackets."""
    return text.strip().strip("<>\"'").strip()


def _read_url(host: str, rest: str, text: str, offline: Optional[bool] = None) -> Sudoku:
    """A link to f-puzzles, SudokuPad or Cracking the Cryptic's app."""
    if host.endswith("f-puzzles.com"):
        query = parse_qs(rest.partition("?")[2], keep_blank_values=True)
        if "load" in _raw_query(rest):
            return _read_payload("fpuzzles" + _raw_query(rest)["load"])
        if "id" in query:
            raise VariantError(f"f-puzzles short link (?id={query['id'][0]}) must be resolved online; open it in "
                               "f-puzzles and copy the long ?load= link")
        raise VariantError("f-puzzles link without a puzzle (no ?load=)")
    if any(host.endswith(name) for name in SUDOKUPAD_HOSTS):
        pasted = unquote(re.split(r"[?#]", rest.lstrip("/"), maxsplit=1)[0])  # the id as pasted, 'sudoku/...' kept
        return _sudokupad_id(_sudokupad_path(rest), pasted, offline)
    if any(host.endswith(name) for name in SHORTENERS):
        raise VariantError(f"{host} short link must be resolved online; open it and copy the long link it leads to")
    raise VariantError(f"not an f-puzzles or SudokuPad link ({host})")


def _raw_query(rest: str) -> dict:
    """Query parameters, values percent-decoded but '+' kept (lz-string base64 uses it)."""
    params = {}
    for part in rest.partition("?")[2].split("#")[0].split("&"):
        key, _, value = part.partition("=")
        params.setdefault(unquote(key), unquote(value))
    return params


def _sudokupad_path(rest: str) -> str:
    """The puzzle id from what follows a SudokuPad host: /sudoku/<id>, /<id>, ?puzzleid=<id>."""
    path = re.sub(r"^/sudoku(?:\.html)?(?=[/?]|$)", "", rest)
    if path.startswith("/?") or path.startswith("?"):
        params = _raw_query(path)
        return params.get("puzzleid", "")
    path = path.lstrip("/")
    return unquote(re.split(r"[?#]", path, maxsplit=1)[0])


def _sudokupad_id(puzzle_id: str, pasted: str = "", offline: Optional[bool] = None) -> Sudoku:
    """A SudokuPad puzzle id: a payload with a format prefix, or a short id fetched online (the id as pasted
    first, then without a legacy 'sudoku/' part)."""
    if not puzzle_id:
        raise VariantError("SudokuPad link without a puzzle")
    if puzzle_id.startswith(PREFIXES):
        return _read_payload(puzzle_id)
    if PAYLOAD.match(puzzle_id):
        try:
            return _read_payload(puzzle_id, bare=True)
        except VariantError:
            pass
    payload = fetch_payload([pasted, puzzle_id], offline)
    return _read_json(payload) if payload.lstrip().startswith("{") else _read_payload(payload)


def _read_payload(payload: str, bare: bool = False) -> Sudoku:
    """A payload by its prefix: fpuzzles/fpuz (f-puzzles), scl/ctc (SudokuPad), scf; bare: by its content."""
    payload = payload.strip()
    if payload.startswith(("fpuzzles", "fpuz")):
        data = _json(_decompress(payload[8 if payload.startswith("fpuzzles") else 4:]), "f-puzzles")
        return read_fpuzzles(data)
    if payload.startswith(("scl", "ctc")):
        return _read_json(_decompress(payload[3:]))
    if payload.startswith("scf"):
        return read_scf(payload[3:])
    if not bare:
        raise VariantError("not a puzzle payload")
    if not PAYLOAD.match(payload):
        raise VariantError("not a puzzle link or payload (an f-puzzles or SudokuPad link, or f-puzzles JSON)")
    return _read_json(_decompress(payload))


def _read_json(text: str) -> Sudoku:
    """f-puzzles JSON (it has "grid") or SudokuPad JSON (it has "cells"), plain or zipped."""
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict) and "grid" in data:
        return read_fpuzzles(data)
    data = unzip(text)
    if "cells" in data:
        return read_sudokupad(data)
    raise VariantError("JSON that is neither an f-puzzles puzzle (\"grid\") nor a SudokuPad puzzle (\"cells\")")


def _json(text: str, what: str) -> dict:
    """Parsed JSON object, or a VariantError naming the format."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise VariantError(f"not an {what} payload (its JSON does not parse: {error})") from None
    if not isinstance(data, dict):
        raise VariantError(f"not an {what} payload (not a JSON object)")
    return data


def _decompress(payload: str) -> str:
    """The JSON text of an lz-string base64 payload (URI-safe as a fallback); a payload whose '//' some tool
    made '/' is repaired. VariantError when it is not lz-string of a JSON object."""
    payload = re.sub(r"\s+", "", payload)
    error = None
    for decode in (decompress_from_base64, decompress_from_encoded_uri_component, _fix_slashes):
        try:
            text = decode(payload)
        except TooLarge:
            raise  # the data is whole, only too big: no other reading of it helps
        except VariantError as failure:
            error = error or failure
            continue
        if text is not None and text.lstrip().startswith("{"):
            return text
    raise error or VariantError("not an lz-string payload (it does not decompress to a JSON object)")


def _fix_slashes(payload: str) -> Optional[str]:
    """The payload decompressed after doubling one single '/' (some tools collapse '//'), or None."""
    singles = [m.start() for m in re.finditer(r"(?<!/)/(?!/)", payload)][:200]
    for index in singles:
        try:
            text = decompress_from_base64(payload[:index] + "/" + payload[index:])
        except TooLarge:
            raise
        except VariantError:
            continue
        if text.lstrip().startswith("{"):
            return text
    return None

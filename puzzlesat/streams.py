"""Reading puzzle collections (files or '-', line numbers, bad bytes) and writing JSON Lines."""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from typing import IO, Iterator, Optional, Sequence

from puzzlesat.errors import InputError

STDIN = "-"
BOM = b"\xef\xbb\xbf"
MAX_LINE = 1 << 20  # bytes; a longer line is reported, not read into memory


@dataclass(frozen=True)
class Line:
    """One line of input: where it came from, its text (no line end) or why it could not be read."""

    source: str
    number: int
    text: str = ""
    error: Optional[str] = None


def source_name(path: str) -> str:
    """How a path is named in messages and records."""
    return "<stdin>" if path == STDIN else path


def check_paths(paths: Sequence[str]) -> None:
    """Fail early, with one clear message, if any named file cannot be read."""
    for path in paths:
        if path == STDIN:
            continue
        if not os.path.exists(path):
            raise InputError(f"{path}: no such file")
        if os.path.isdir(path):
            raise InputError(f"{path}: is a directory, not a file")
        if not os.access(path, os.R_OK):
            raise InputError(f"{path}: permission denied")


def count_lines(paths: Sequence[str]) -> Optional[int]:
    """Total lines in the named files, or None when reading standard input (a pipe has no total)."""
    if not paths or STDIN in paths:
        return None
    total = 0
    for path in paths:
        with open(path, "rb") as stream:
            for block in iter(lambda: stream.read(1 << 20), b""):
                total += block.count(b"\n")
    return total


def read_lines(paths: Sequence[str], stdin: Optional[IO[bytes]] = None) -> Iterator[Line]:
    """Every line of every path in order ('-' or no path at all is standard input)."""
    check_paths(paths)
    for path in paths or [STDIN]:
        if path == STDIN:
            stream = stdin if stdin is not None else getattr(sys.stdin, "buffer", None)
            if stream is None:
                raise InputError("no standard input to read")
            yield from decode_lines(source_name(path), stream)
        else:
            with open(path, "rb") as stream:
                yield from decode_lines(path, stream)


def decode_lines(source: str, stream, max_length: int = MAX_LINE) -> Iterator[Line]:
    """Decode lines as UTF-8 (BOM and CRLF tolerated); a line that is not UTF-8, or longer than
    `max_length` bytes, becomes an error line (a long one is read past, never held in memory)."""
    number = 0
    while True:
        raw = stream.readline(max_length + 1)
        if not raw:
            return
        number += 1
        if len(raw) > max_length and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(1 << 16)
            yield Line(source, number, "", f"line longer than {max_length:,} bytes")
            continue
        if number == 1 and raw.startswith(BOM):
            raw = raw[len(BOM):]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            yield Line(source, number, "", f"not UTF-8 text (byte {error.start + 1} of the line)")
            continue
        yield Line(source, number, text.rstrip("\r\n"))


def read_text_lines(text: str, source: str = "<string>") -> Iterator[Line]:
    """The lines of an in-memory string, numbered from 1."""
    for number, line in enumerate(text.splitlines(), 1):
        yield Line(source, number, line)


def to_json(record: dict) -> str:
    """One compact JSON line."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))

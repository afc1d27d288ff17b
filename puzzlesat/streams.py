"""Reading puzzle collections (files or '-', line numbers, bad bytes) and writing JSON Lines."""

from __future__ import annotations

import codecs
import json
from json.encoder import encode_basestring
import os
import stat
import sys
from dataclasses import dataclass
from typing import IO, Iterator, Optional, Sequence

from puzzlesat.errors import InputError

STDIN = "-"
BOM = b"\xef\xbb\xbf"
MAX_LINE = 1 << 20  # bytes; a longer line is reported, not read into memory
BINARY_LINES = 8  # lines with NUL bytes in a row after which a file is binary, and not read further
COUNT_LIMIT = 512 << 20  # bytes of input whose lines are counted for a progress bar's total (0.5 s or so)


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
    """Total lines in the named files, when that is cheap: regular files of COUNT_LIMIT bytes in all at most (a
    pipe, a device or standard input would be used up by counting, and a huge file takes a while); else None."""
    if not paths or STDIN in paths:
        return None
    try:
        states = [os.stat(path) for path in paths]
    except OSError:
        return None
    if not all(stat.S_ISREG(state.st_mode) for state in states) or sum(s.st_size for s in states) > COUNT_LIMIT:
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
    """Decode lines as UTF-8 (BOM and CRLF tolerated, a lone CR ends a line too); a line that is not UTF-8 is
    read as Windows-1252 (Latin-1 where that fails); UTF-16 (what PowerShell's `>` writes, with or without a
    BOM) is read as such. A line longer than `max_length` bytes becomes an error line (read past, never held
    in memory); so does a line with NUL bytes (binary data), and after BINARY_LINES of them in a row the file
    is not read further."""
    first = stream.readline(max_length + 1)
    encoding = utf16_encoding(first)
    if encoding:
        return _numbered(source, _utf16_texts(first, stream, encoding, max_length))
    return _numbered(source, _byte_texts(first, stream, max_length))


def _numbered(source: str, texts: Iterator) -> Iterator[Line]:
    """Lines from (text, error) pairs, numbered from 1; text with lone CRs is several lines."""
    number = 0
    for text, error in texts:
        if error is not None:
            number += 1
            yield Line(source, number, "", error)
            continue
        for piece in text.split("\r") if "\r" in text else (text,):
            number += 1
            yield Line(source, number, piece)


def utf16_encoding(first: bytes) -> Optional[str]:
    """'utf-16' after a UTF-16 byte-order mark, 'utf-16-le' or 'utf-16-be' for a line whose odd (or even)
    bytes are nearly all NUL, as ASCII text in UTF-16 without a BOM is; None for anything else."""
    if first.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    sample = first[:64]
    if len(sample) < 4:
        return None
    zeros = [half.count(0) / len(half) for half in (sample[0::2], sample[1::2])]
    if zeros[1] >= 0.9 and zeros[0] <= 0.1:
        return "utf-16-le"
    if zeros[0] >= 0.9 and zeros[1] <= 0.1:
        return "utf-16-be"
    return None


def _byte_texts(first: bytes, stream, max_length: int) -> Iterator[tuple]:
    """(text, error) per line of an 8-bit stream."""
    raw, binary = first, 0  # binary: lines with NUL bytes in a row
    if raw.startswith(BOM):
        raw = raw[len(BOM):]
    while raw:
        if len(raw) > max_length and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(1 << 16)
            yield "", f"line longer than {max_length:,} bytes"
        elif b"\0" in raw:
            binary += 1
            yield "", ("binary data (NUL bytes), not text" if binary < BINARY_LINES else
                       f"binary data (NUL bytes) in {BINARY_LINES} lines running: not a text file, not read further")
            if binary == BINARY_LINES:
                return
            raw = stream.readline(max_length + 1)
            continue
        else:
            binary = 0
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                text = _decoded(raw)
            yield text.rstrip("\r\n"), None
        raw = stream.readline(max_length + 1)


def _decoded(raw: bytes) -> str:
    """A line that is not UTF-8: Windows-1252, else Latin-1 (which reads any byte)."""
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _utf16_texts(first: bytes, stream, encoding: str, max_length: int) -> Iterator[tuple]:
    """(text, error) per line of a UTF-16 stream, decoded as it comes."""
    decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
    pending, chunk, skipping = "", first, False
    while True:
        pending += decoder.decode(chunk, final=not chunk)
        *complete, pending = pending.split("\n")
        for text in complete:
            if skipping:
                skipping = False
                continue
            yield text.rstrip("\r").lstrip("\ufeff"), None
        if len(pending) > max_length:
            if not skipping:
                yield "", f"line longer than {max_length:,} characters"
            pending, skipping = "", True
        if not chunk:
            break
        chunk = stream.read(1 << 16)
    if pending and not skipping:
        yield pending.rstrip("\r"), None


def read_text_lines(text: str, source: str = "<string>") -> Iterator[Line]:
    """The lines of an in-memory string, numbered from 1."""
    for number, line in enumerate(text.splitlines(), 1):
        yield Line(source, number, line)


_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def to_json(record: dict) -> str:
    """One compact JSON line (UTF-8 as it is, but the characters some readers take for line ends escaped)."""
    return safe_json(json.dumps(record, ensure_ascii=False, separators=(",", ":")))


def json_string(text: str) -> str:
    """A JSON string literal, written as to_json writes strings."""
    return safe_json(encode_basestring(text))


def safe_json(text: str) -> str:
    """JSON text with U+0085, U+2028 and U+2029 escaped: JSON allows them raw, but line-splitting readers
    (Python's str.splitlines among them) would cut a record in two."""
    return text if text.isascii() else text.translate(_LINE_BREAKS)

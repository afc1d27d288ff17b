"""lz-string (pieroxy's LZ-based compression, as f-puzzles and SudokuPad use it) for the two text alphabets.

Written here rather than taken from PyPI: the `lzstring` package there has been unmaintained since 2018 and
pulls in `future`. lz-string works on UTF-16 code units (JavaScript strings), so text is converted to code units
and back with surrogates passed through; any Python string without lone surrogates round-trips.

Decoding never lets an exception from inside escape: a payload that is not lz-string raises VariantError.
"""

from __future__ import annotations

from array import array
from typing import Callable, Optional

from puzzlesat.errors import VariantError

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
URI_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$"
_INDEX = {alphabet: {ch: i for i, ch in enumerate(alphabet)} for alphabet in (BASE64, URI_SAFE)}
MAX_OUTPUT = 20_000_000  # code units: far beyond any puzzle; stops a corrupt payload from growing without end


class TooLarge(VariantError):
    """A payload that decompresses past MAX_OUTPUT code units."""


def compress_to_base64(text: str) -> str:
    """lz-string's compressToBase64 (padded with '=' to a multiple of 4)."""
    data = _compress(_units(text), 6, BASE64.__getitem__)
    return data + "=" * (-len(data) % 4)


def compress_to_encoded_uri_component(text: str) -> str:
    """lz-string's compressToEncodedURIComponent."""
    return _compress(_units(text), 6, URI_SAFE.__getitem__)


def decompress_from_base64(data: str) -> str:
    """lz-string's decompressFromBase64; VariantError when `data` is not such a payload."""
    return _decode(data.replace(" ", "+"), BASE64, "=")


def decompress_from_encoded_uri_component(data: str) -> str:
    """lz-string's decompressFromEncodedURIComponent; VariantError when `data` is not such a payload."""
    return _decode(data.replace(" ", "+"), URI_SAFE, "")


def _decode(data: str, alphabet: str, padding: str) -> str:
    """Map the characters to 6-bit values and decompress, turning every failure into one VariantError."""
    if not data:
        raise VariantError("not an lz-string payload (empty)")
    index = _INDEX[alphabet]
    bad = next((ch for ch in data if ch not in index and ch not in padding), None)
    if bad is not None:
        raise VariantError(f"not an lz-string payload (character {bad!r} is not in its alphabet)")
    values = [index.get(ch, 0) for ch in data]
    try:
        units = _decompress(values, 32)
    except TooLarge:
        raise
    except (IndexError, KeyError, ValueError, OverflowError, MemoryError) as error:
        raise VariantError(f"not an lz-string payload ({type(error).__name__})") from None
    if not units:
        raise VariantError("not an lz-string payload (it decompresses to nothing)")
    return _text(units)


def _units(text: str) -> list:
    """The UTF-16 code units of a string, each as a one-character string."""
    raw = array("H", text.encode("utf-16-le", "surrogatepass"))
    return [chr(unit) for unit in raw]


def _text(units: str) -> str:
    """A string of code units (one character each) back to text, surrogate pairs joined."""
    return array("H", map(ord, units)).tobytes().decode("utf-16-le", "surrogatepass")


class _BitWriter:
    """Packs bits into characters of `bits_per_char` bits, most significant first."""

    def __init__(self, bits_per_char: int, char_of: Callable[[int], str]):
        self.bits, self.char_of = bits_per_char, char_of
        self.value = self.position = 0
        self.out: list = []

    def write(self, value: int, count: int) -> None:
        """Write the lowest `count` bits of value, lowest bit first (lz-string's order)."""
        for _ in range(count):
            self.value = (self.value << 1) | (value & 1)
            value >>= 1
            if self.position == self.bits - 1:
                self.out.append(self.char_of(self.value))
                self.value = self.position = 0
            else:
                self.position += 1

    def flush(self) -> str:
        """Pad the last character with zero bits and return everything written."""
        while True:
            self.value <<= 1
            if self.position == self.bits - 1:
                self.out.append(self.char_of(self.value))
                return "".join(self.out)
            self.position += 1


def _compress(units: list, bits_per_char: int, char_of: Callable[[int], str]) -> str:
    """lz-string's _compress over code units."""
    out = _BitWriter(bits_per_char, char_of)
    dictionary: dict = {}
    to_create: set = set()
    state = {"enlarge": 2, "size": 3, "bits": 2}

    def grow() -> None:
        state["enlarge"] -= 1
        if state["enlarge"] == 0:
            state["enlarge"] = 1 << state["bits"]
            state["bits"] += 1

    def emit(w: str) -> None:
        if w in to_create:
            code = ord(w[0])
            if code < 256:
                out.write(0, state["bits"])
                out.write(code, 8)
            else:
                out.write(1, state["bits"])
                out.write(code, 16)
            grow()
            to_create.discard(w)
        else:
            out.write(dictionary[w], state["bits"])
        grow()

    w = ""
    for c in units:
        if c not in dictionary:
            dictionary[c] = state["size"]
            state["size"] += 1
            to_create.add(c)
        wc = w + c
        if wc in dictionary:
            w = wc
            continue
        emit(w)
        dictionary[wc] = state["size"]
        state["size"] += 1
        w = c
    if w:
        emit(w)
    out.write(2, state["bits"])
    return out.flush()


def _decompress(values: list, reset: int) -> Optional[str]:
    """lz-string's _decompress over 6-bit values; '' or None (as in JavaScript) on bad data."""
    length = len(values)
    state = {"val": values[0], "position": reset, "index": 1}

    def read(count: int) -> int:
        bits = 0
        for power in range(count):
            bit = state["val"] & state["position"]
            state["position"] >>= 1
            if state["position"] == 0:
                state["position"] = reset
                index = state["index"]
                state["val"] = values[index] if index < length else 0
                state["index"] = index + 1
            if bit:
                bits |= 1 << power
        return bits

    first = read(2)
    if first == 2:
        return ""
    if first == 3:
        return None
    c = chr(read(8 if first == 0 else 16))
    dictionary = ["", "", "", c]
    enlarge, num_bits, w, result, produced = 4, 3, c, [c], 1
    while True:
        if state["index"] > length:
            return ""
        code = read(num_bits)
        if code == 2:
            return "".join(result)
        if code < 2:
            dictionary.append(chr(read(8 if code == 0 else 16)))
            code = len(dictionary) - 1
            enlarge -= 1
        if enlarge == 0:
            enlarge, num_bits = 1 << num_bits, num_bits + 1
        if 3 <= code < len(dictionary):
            entry = dictionary[code]
        elif code == len(dictionary):
            entry = w + w[0]
        else:
            return None
        result.append(entry)
        produced += len(entry)
        if produced > MAX_OUTPUT:
            raise TooLarge(f"the payload decompresses to more than {MAX_OUTPUT:,} characters, puzzlesat's limit for "
                           f"a puzzle (from a payload of {length:,} characters)")
        dictionary.append(w + entry[0])
        enlarge -= 1
        w = entry
        if enlarge == 0:
            enlarge, num_bits = 1 << num_bits, num_bits + 1

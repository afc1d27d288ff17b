"""Variant names as --variant takes them: the canonical names, their aliases (Rangsk's console names among them),
and the parameters some take after a colon, as Rangsk's solver takes them after `-c NAME:`:

  chess:OFFSETS[;vDIGITS]   chess moves: offsets 'rows,columns' apart by ';', each with its mirror images, and
                            optionally 'v' and the only digits that may not repeat that way
                            (chess:1,3 anti-camel; chess:1,1;1,2;v1,3,5)
  taxicab:N                 no repeat N steps apart along rows and columns (Rangsk: taxi:N)
  disjoint-offset:N[,N...]  the disjoint group of the N-th cell of every region (Rangsk: disjointoffset:N)

A name is checked here, before any puzzle is read, so a bad one is a usage error of one line; what depends on the
grid (an offset longer than it, a digit it does not have) is checked when the rules of a shape are built.
"""

from __future__ import annotations

from typing import Tuple

from puzzlesat.errors import VariantError

VARIANTS = ("classic", "diagonal", "windoku", "anti-king", "anti-knight", "chess", "taxicab", "self-taxicab",
            "diagonal-nonconsecutive", "disjoint-groups", "disjoint-offset", "jigsaw", "killer")
ALIASES = {"x": "diagonal", "x-sudoku": "diagonal", "antiking": "anti-king", "antiknight": "anti-knight",
           "king": "anti-king", "knight": "anti-knight", "taxi": "taxicab", "selftaxicab": "self-taxicab",
           "selftaxi": "self-taxicab", "diagonalnonconsecutive": "diagonal-nonconsecutive",
           "diagonal-non-consecutive": "diagonal-nonconsecutive", "dnc": "diagonal-nonconsecutive",
           "disjoint": "disjoint-groups", "disjointgroups": "disjoint-groups", "djg": "disjoint-groups",
           "disjointoffset": "disjoint-offset"}
EXAMPLES = {"chess": "chess:1,3 or chess:1,1;1,2;v1,3,5", "taxicab": "taxicab:3",
            "disjoint-offset": "disjoint-offset:5"}


def canonical_name(name: str) -> str:
    """The variant's canonical name, its parameters written the one way ('chess:1,3;v1,2'), or VariantError."""
    word, colon, text = name.strip().lower().partition(":")
    word = ALIASES.get(word.strip(), word.strip())
    if word not in VARIANTS:
        raise VariantError(f"unknown variant {name.strip()!r}; choose from {', '.join(VARIANTS)}")
    if word not in PARSERS:
        if colon:
            raise VariantError(f"variant {word} takes no parameters (got {name.strip()!r})")
        return word
    if not text.strip():
        raise VariantError(f"variant {word} needs parameters, as {EXAMPLES[word]}")
    return f"{word}:{_written(word, PARSERS[word](text))}"


def split_name(name: str) -> Tuple[str, tuple]:
    """A canonical name as (word, its parameters parsed): ('taxicab', (3,)), ('chess', (offsets, digits))."""
    word, _, text = name.partition(":")
    return word, PARSERS[word](text) if word in PARSERS else ()


def _chess(text: str) -> tuple:
    """'1,2;2,2;v1,3' as (((1, 2), (2, 2)), (1, 3)); digits None when not given."""
    offsets, digits = set(), None
    for part in filter(None, (part.strip() for part in text.split(";"))):
        if part[0] == "v":
            if not part[1:].strip():
                raise VariantError(f"chess: {part!r} lists no digits (as v1,3,5)")
            digits = sorted(set(digits or ()) | set(_numbers(part[1:], "chess digit", part)))
        elif part[0] == "r":
            raise VariantError(f"chess: cell lists ({part!r}) are not supported; the moves hold on the whole grid")
        else:
            numbers = _numbers(part, "chess offset", part, signed=True)
            if len(numbers) != 2:
                raise VariantError(f"chess: {part!r} is neither an offset (1,2) nor digits (v1,3,5)")
            short, long = sorted(map(abs, numbers))
            if short == 0:
                raise VariantError(f"chess offset {part!r} runs along a row or column, which never repeats a digit "
                                   "anyway")
            offsets.add((short, long))
    if not offsets:
        raise VariantError(f"variant chess needs at least one offset, as {EXAMPLES['chess']}")
    return tuple(sorted(offsets)), None if digits is None else tuple(digits)


def _taxicab(text: str) -> tuple:
    """'3' as (3,)."""
    numbers = _numbers(text, "taxicab distance", text)
    if len(numbers) != 1:
        raise VariantError(f"taxicab takes one distance, as taxicab:3, not {text.strip()!r}")
    if numbers[0] < 2:
        raise VariantError("taxicab 1 joins only orthogonal neighbours, which share a row or column anyway")
    return tuple(numbers)


def _disjoint_offset(text: str) -> tuple:
    """'1,5' as (1, 5): the positions, each once, in order."""
    return tuple(sorted(set(_numbers(text, "disjoint-offset position", text))))


def _numbers(text: str, what: str, part: str, signed: bool = False) -> list:
    """Whole numbers apart by commas: positive ones (any sign when `signed`), or VariantError naming `what`."""
    numbers = []
    for word in (word.strip() for word in text.split(",")):
        digits = word[1:] if signed and word[:1] in "+-" else word
        if not (digits.isascii() and digits.isdigit()) or not (signed or int(word) > 0):
            where = f" in {part.strip()!r}" if part.strip() != word else ""
            raise VariantError(f"{what} {word!r}{where} is not a {'whole' if signed else 'positive whole'} number")
        numbers.append(int(word))
    return numbers


def _written(word: str, value: tuple) -> str:
    """Parsed parameters written back in the canonical way."""
    if word == "chess":
        offsets, digits = value
        return ";".join(f"{a},{b}" for a, b in offsets) + ("" if digits is None else ";v" + ",".join(map(str, digits)))
    return ",".join(map(str, value))


PARSERS: dict = {"chess": _chess, "taxicab": _taxicab, "disjoint-offset": _disjoint_offset}

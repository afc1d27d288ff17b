"""Text cut into lines that fit a width in an SVG picture, which does not wrap text by itself. Widths are estimated
from the font size (DejaVu Sans, the first of the canvas's fonts, is about 0.6 em a character on average, digits
0.64), generously, so that a line never runs past the picture in the narrower fonts that may stand in for it.

>>> wrap("remove 4 from r1c2, r1c3; 7 from r2c2", 12.0, 120.0)
['remove 4 from', 'r1c2, r1c3; 7', 'from r2c2']
>>> text_width("12", 10.0) <= 14
True
"""

from __future__ import annotations

from typing import List

EM = 0.62  # the width of an average character, in font sizes
WIDE = frozenset("MWmw@%—")  # characters about a whole em wide


def text_width(text: str, size: float) -> float:
    """About how wide `text` is at font size `size` (generously)."""
    return size * sum(1.0 if ch in WIDE else EM for ch in text)


def wrap(text: str, size: float, width: float) -> List[str]:
    """`text` in lines no wider than `width` at font size `size`, cut at spaces (a word longer than a line at
    any character); blank lines kept."""
    lines: List[str] = []
    for paragraph in text.splitlines() or [""]:
        lines.extend(_wrapped(paragraph, size, width))
    return lines


def _wrapped(paragraph: str, size: float, width: float) -> List[str]:
    """One paragraph's lines."""
    lines: List[str] = []
    current = ""
    for word in paragraph.split(" "):
        candidate = f"{current} {word}" if current else word
        if text_width(candidate, size) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        while text_width(word, size) > width and len(word) > 1:
            cut = max(1, int(width / (size * EM)))
            lines.append(word[:cut])
            word = word[cut:]
        current = word
    lines.append(current)
    return lines

"""Colours as setters draw them and as their rules name them.

SudokuPad keeps a drawn element's colour as '#rrggbb', '#rrggbbaa', '#rgb(a)', 'rgb(a)(...)', 'oklch(...)' or a CSS
name; a rules text names it in words ('the lavender lines', 'a mint green line', 'grey circles'). Both meet in CIE
Lab, where distance follows what the eye sees: each colour word has prototypes (the tones SudokuPad's palette and the
common editors draw it in, and the CSS colour of that name), and a drawn colour is matched to the nearest of the words
a rules text uses. A colour drawn with transparency is taken as it shows on the white grid.

>>> family("#67F067"), family("#F067F077"), family("#CFCFCF")
('green', 'pink', 'grey')
>>> nearest("#3baf", ["purple", "blue", "mint"])
'mint'
"""

from __future__ import annotations

import colorsys
import math
import re
from functools import lru_cache
from typing import Iterable, Optional, Sequence

# Colour words and their prototypes: SudokuPad's palette tones first, then the CSS colour of that name.
PROTOTYPES = {
    "red": ("#e6261f", "#ff0000", "#c0392b"), "crimson": ("#dc143c",), "scarlet": ("#ff2400",),
    "maroon": ("#800000",), "burgundy": ("#800020",), "orange": ("#eb7532", "#ffa500", "#f88c1b"),
    "amber": ("#ffbf00",), "yellow": ("#f7d038", "#ffff00"), "gold": ("#f7dc4c", "#ffd700", "#d4af37"),
    "golden": ("#f7dc4c", "#ffd700"), "mustard": ("#e1ad01",), "green": ("#67f067", "#a3e048", "#00b050", "#008000"),
    "lime": ("#a3e048", "#bfff00"), "olive": ("#808000",), "mint": ("#3baf9a", "#33bbaa", "#98e0c0"),
    "teal": ("#33bbbb", "#008080"), "turquoise": ("#40e0d0",), "cyan": ("#00ffff", "#2ecbff"),
    "aqua": ("#00ffff",), "blue": ("#34bbe6", "#2ecbff", "#4169e1", "#0000ff"), "navy": ("#000080",),
    "purple": ("#d23be7", "#800080", "#9b59b6"), "violet": ("#8f00ff", "#ee82ee"),
    "lavender": ("#c8a2e8", "#beadd1", "#e6e6fa"), "lilac": ("#c8a2c8",), "magenta": ("#f067f0", "#ff00ff"),
    "fuchsia": ("#ff00ff",), "pink": ("#f067f0", "#ffc0cb", "#ff69b4"), "rose": ("#ff007f",),
    "brown": ("#8b5e33", "#a52a2a"), "beige": ("#e8d8b0", "#f5f5dc"), "tan": ("#d2b48c",),
    "peach": ("#ffccaa", "#ffcba4"), "salmon": ("#fa8072",), "coral": ("#ff7f50",),
    "grey": ("#cfcfcf", "#a0a0a0", "#808080"), "gray": ("#cfcfcf", "#a0a0a0", "#808080"), "silver": ("#c0c0c0",),
    "black": ("#000000",), "white": ("#ffffff",),
}
SHADES = {"light": 1, "pale": 1, "dark": -1, "deep": -1}  # 'light blue': the prototype lighter, 'dark': darker
CSS_NAMES = {"black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000", "blue": "#0000ff",
             "yellow": "#ffff00", "orange": "#ffa500", "purple": "#800080", "pink": "#ffc0cb", "grey": "#808080",
             "gray": "#808080", "lightgray": "#d3d3d3", "lightgrey": "#d3d3d3", "transparent": "", "none": ""}
WORD = re.compile(r"\b(?:(light|pale|dark|deep)[ -]?)?(" + "|".join(sorted(PROTOTYPES, key=len, reverse=True))
                  + r")(?:ish)?\b")


def rgb(colour) -> Optional[tuple]:
    """(r, g, b) in 0..1 as the colour shows on white, or None when it is no colour this reads."""
    text = str(colour or "").strip().lower()
    text = CSS_NAMES.get(text, text)
    match = re.fullmatch(r"#([0-9a-f]{3,8})", text)
    if match:
        return _hex(match.group(1))
    match = re.fullmatch(r"rgba?\(([^)]*)\)", text)
    if match:
        return _rgba(match.group(1))
    match = re.fullmatch(r"oklch\(([^)]*)\)", text)
    if match:
        return _oklch(match.group(1))
    return None


def _hex(digits: str) -> Optional[tuple]:
    """'#rgb', '#rgba', '#rrggbb', '#rrggbbaa'."""
    if len(digits) in (3, 4):
        digits = "".join(ch * 2 for ch in digits)
    if len(digits) not in (6, 8):
        return None
    channels = [int(digits[i:i + 2], 16) / 255 for i in range(0, len(digits), 2)]
    return _on_white(channels[:3], channels[3] if len(channels) == 4 else 1.0)


def _rgba(body: str) -> Optional[tuple]:
    """'r, g, b' or 'r, g, b, a' (0-255, alpha 0-1)."""
    try:
        parts = [float(part.strip().rstrip("%")) for part in re.split(r"[,\s/]+", body.strip()) if part.strip()]
    except ValueError:
        return None
    if len(parts) < 3:
        return None
    return _on_white([value / 255 for value in parts[:3]], parts[3] if len(parts) > 3 else 1.0)


def _oklch(body: str) -> Optional[tuple]:
    """CSS oklch(L% C H [/ a]) to sRGB (Björn Ottosson's Oklab matrices)."""
    parts = [part for part in re.split(r"[\s/]+", body.strip()) if part]
    try:
        light = float(parts[0].rstrip("%")) / (100 if parts[0].endswith("%") else 1)
        chroma, hue = float(parts[1]), math.radians(float(parts[2].rstrip("deg")))
        alpha = float(parts[3].rstrip("%")) / (100 if parts[3].endswith("%") else 1) if len(parts) > 3 else 1.0
    except (IndexError, ValueError):
        return None
    a, b = chroma * math.cos(hue), chroma * math.sin(hue)
    l_ = (light + 0.3963377774 * a + 0.2158037573 * b) ** 3
    m_ = (light - 0.1055613458 * a - 0.0638541728 * b) ** 3
    s_ = (light - 0.0894841775 * a - 1.2914855480 * b) ** 3
    linear = (4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
              -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
              -0.0041960863 * l_ - 0.7034186147 * m_ + 1.7076147010 * s_)
    return _on_white([_gamma(min(1.0, max(0.0, v))) for v in linear], alpha)


def _gamma(linear: float) -> float:
    """Linear light to sRGB."""
    return 12.92 * linear if linear <= 0.0031308 else 1.055 * linear ** (1 / 2.4) - 0.055


def _on_white(channels: Sequence[float], alpha: float) -> tuple:
    """The colour over a white ground at this opacity."""
    alpha = min(1.0, max(0.0, alpha))
    return tuple(alpha * value + (1 - alpha) for value in channels)


def lab(colour: tuple) -> tuple:
    """CIE L*a*b* (D65) of an sRGB triple in 0..1."""
    linear = [value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4 for value in colour]
    r, g, b = linear
    xyz = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in xyz]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def distance(first: tuple, second: tuple) -> float:
    """The CIE76 distance between two sRGB triples."""
    return math.dist(lab(first), lab(second))


@lru_cache(maxsize=None)
def _prototypes(word: str) -> tuple:
    """The sRGB prototypes of a colour word, 'light blue' and 'dark green' included."""
    match = WORD.fullmatch(word.strip().lower())
    if not match:
        return ()
    shade, base = SHADES.get(match.group(1) or "", 0), match.group(2)
    found = []
    for code in PROTOTYPES[base]:
        tone = rgb(code)
        if shade:
            hue, light, sat = colorsys.rgb_to_hls(*tone)
            tone = colorsys.hls_to_rgb(hue, min(0.92, light + 0.2) if shade > 0 else max(0.15, light - 0.2), sat)
        found.append(tone)
    return tuple(found)


def words_in(text: str) -> list:
    """The colour words of a text, in order, with their shade ('light blue'), as (word, start)."""
    return [(match.group(0).replace("-", " ").replace("ish", ""), match.start())
            for match in WORD.finditer(text.lower())]


def word_distance(colour, word: str) -> float:
    """How far a drawn colour lies from a colour word (its nearest prototype); infinite for no colour."""
    drawn = rgb(colour)
    tones = _prototypes(word)
    if drawn is None or not tones:
        return math.inf
    return min(distance(drawn, tone) for tone in tones)


def nearest(colour, words: Iterable[str], within: float = 60.0) -> Optional[str]:
    """The word, of `words`, nearest to a drawn colour, when it is within `within` (CIE76); else None."""
    scored = sorted((word_distance(colour, word), word) for word in set(words))
    if not scored or scored[0][0] > within:
        return None
    return scored[0][1]


def family(colour) -> str:
    """'grey', 'red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink', 'black' or 'white' for a colour
    ('unknown' when it is none)."""
    tone = rgb(colour)
    if tone is None:
        return "unknown"
    hue, light, sat = colorsys.rgb_to_hls(*tone)
    if light < 0.12:
        return "black"
    if light > 0.93:
        return "white"
    if sat < 0.15 or max(tone) - min(tone) < 0.08:
        return "grey"
    degrees = hue * 360
    for limit, name in ((15, "red"), (45, "orange"), (70, "yellow"), (165, "green"), (250, "blue"),
                        (290, "purple"), (345, "pink")):
        if degrees < limit:
            return name
    return "red"

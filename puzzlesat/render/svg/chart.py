"""Charts as SVG: a histogram (ratings of a collection, guesses per game) and intervals (win rates with their 95%
intervals). Bars are black outlines with a grey fill and every value is written beside its bar, so that a chart
reads the same printed in black and white.

>>> svg = histogram([1.2, 1.2, 2.6, 7.1], bins=[(1, 2), (2, 3), (7, 8)], title="ER", label="puzzles")
>>> svg.count("<rect") >= 3 and ">2<" in svg
True
"""

from __future__ import annotations

from typing import Optional, Sequence, Tuple

from puzzlesat.render.svg.canvas import Canvas

WIDTH, BAR_AREA, MARGIN = 640.0, 200.0, 40.0
BAR_FILL, LINE, FAINT = "#bbbbbb", "#000000", "#666666"


def histogram(values: Sequence[float], bins: Sequence[Tuple[float, float]], title: str, label: str,
              names: Optional[Sequence[str]] = None) -> str:
    """Counts of `values` in each [low, high) bin, one bar each, its count above it and its name below."""
    counts = [sum(1 for value in values if low <= value < high) for low, high in bins]
    names = names or [f"{low:g}-{high:g}" for low, high in bins]
    top = max(counts, default=0) or 1
    step = (WIDTH - 2 * MARGIN) / max(len(bins), 1)
    canvas = Canvas(WIDTH, BAR_AREA + 3 * MARGIN, title=title)
    canvas.text(WIDTH / 2, MARGIN * 0.6, f"{title} ({sum(counts)} {label})", size=14, font_weight="bold")
    base = MARGIN + BAR_AREA
    canvas.line((MARGIN, base), (WIDTH - MARGIN, base), stroke=LINE, stroke_width=1.0)
    for index, (count, name) in enumerate(zip(counts, names)):
        x = MARGIN + index * step
        height = BAR_AREA * count / top
        canvas.rect(x + step * 0.1, base - height, step * 0.8, height, fill=BAR_FILL, stroke=LINE, stroke_width=1.0)
        canvas.text(x + step / 2, base - height - 4, str(count), size=11)
        canvas.text(x + step / 2, base + 14, name, size=10, fill=FAINT)
    return canvas.to_string()


def intervals(rows: Sequence[Tuple[str, float, float, float]], title: str, unit: str = "%",
              top: Optional[float] = None) -> str:
    """One row per (name, value, low, high): a bar to the value and the interval as a whisker, values written;
    `top` is the value at the bars' right end (by default the highest high end; 100 for rates in %)."""
    height = MARGIN * 1.5 + 28.0 * len(rows)
    canvas = Canvas(WIDTH, height, title=title)
    canvas.text(WIDTH / 2, MARGIN * 0.6, title, size=14, font_weight="bold")
    left, right = 170.0, WIDTH - 120.0
    top = top or max([high for _, _, _, high in rows] + [1e-9])
    scale = (right - left) / top
    for index, (name, value, low, high) in enumerate(rows):
        y = MARGIN + 28.0 * index
        canvas.text(left - 8, y + 14, name, size=11, anchor="end")
        canvas.rect(left, y + 4, value * scale, 14, fill=BAR_FILL, stroke=LINE, stroke_width=1.0)
        canvas.line((left + low * scale, y + 11), (left + high * scale, y + 11), stroke=LINE, stroke_width=1.5)
        for end in (low, high):
            canvas.line((left + end * scale, y + 5), (left + end * scale, y + 17), stroke=LINE, stroke_width=1.5)
        canvas.text(left + high * scale + 6, y + 15, f"{value:.2f}{unit} [{low:.2f}, {high:.2f}]", size=10,
                    anchor="start")
    return canvas.to_string()

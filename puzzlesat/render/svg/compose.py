"""Pictures put together: several of our SVG documents in one, each kept whole as a nested <svg> at its place, so
that charts drawn apart (a win rate and its histogram) travel as one picture.

>>> from puzzlesat.render.svg.canvas import Canvas
>>> svg = stack([Canvas(40, 20).to_string(), Canvas(60, 10).to_string()], "two")
>>> 'viewBox="0 0 60 38"' in svg and svg.count("<svg") == 3 and "ns0:" not in svg and 'fill="#ffffff"' in svg
True
"""

from __future__ import annotations

from typing import Optional, Sequence, Tuple
from xml.etree.ElementTree import Element, fromstring

from puzzlesat.render.svg.canvas import SVG_NS, Canvas

GAP = 8.0


def stack(documents: Sequence[str], title: str, gap: float = GAP, background: Optional[str] = "#ffffff") -> str:
    """The documents one under the other, left-aligned, at their own size, in one document as wide as the widest,
    on a `background` (None: transparent; white by default, so that dark pages still show black lines)."""
    roots = [_parsed(document) for document in documents]
    sizes = [_size(root) for root in roots]
    width = max([w for w, _ in sizes] + [1.0])
    height = sum(h for _, h in sizes) + gap * max(len(sizes) - 1, 0)
    canvas = Canvas(width, height, title=title)
    if background:
        canvas.rect(0, 0, width, height, fill=background)
    y = 0.0
    for root, (w, h) in zip(roots, sizes):
        root.attrib.update({"x": "0", "y": _text(y), "width": _text(w), "height": _text(h)})
        canvas.root.append(root)
        y += h + gap
    return canvas.to_string()


def _parsed(document: str) -> Element:
    """An SVG document as elements, their SVG namespace dropped (the outer document declares it once)."""
    root = fromstring(document)
    prefix = "{" + SVG_NS + "}"
    for element in root.iter():
        if isinstance(element.tag, str) and element.tag.startswith(prefix):
            element.tag = element.tag[len(prefix):]
    return root


def _size(root: Element) -> Tuple[float, float]:
    """A document's width and height in the units of its viewBox."""
    _, _, width, height = (float(part) for part in root.get("viewBox", "0 0 0 0").split())
    return width, height


def _text(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")

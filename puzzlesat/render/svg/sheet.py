"""A picture built top to bottom (lines of text, drawings, more text) whose height is known once it is finished:
SVG has no flow layout, so each part is drawn at the height reached so far, and the picture's viewBox is set at
the end.

>>> sheet = Sheet(300, "picture")
>>> sheet.text("A title <b>", bold=True)
>>> sheet.add(50, lambda canvas, top: canvas.rect(PAD, top, 100, 50, fill="#cccccc"))
>>> svg = sheet.finish()
>>> "A title &lt;b&gt;" in svg and 'viewBox="0 0 300 ' in svg
True
"""

from __future__ import annotations

from typing import Callable, Optional
from xml.etree.ElementTree import Element

from puzzlesat.render.svg.canvas import Canvas
from puzzlesat.render.svg.wrap import wrap

TEXT_SIZE, SMALL_SIZE = 15.0, 13.0
LINE_GAP = 1.35  # line height, in font sizes
PAD = 12.0  # around everything
INK = "#000000"


class Sheet:
    """A picture `width` units wide on white, its parts added top to bottom."""

    def __init__(self, width: float, title: str, description: Optional[str] = None):
        self.width, self.height = width, PAD
        self.canvas = Canvas(width, PAD, title=title, description=description)
        self.canvas.rect(0, 0, width, PAD, fill="#ffffff")
        self.background = self.canvas.root[-1]

    def add(self, height: float, draw: Callable[[Canvas, float], None]) -> None:
        """A part `height` units tall, drawn now by draw(canvas, top)."""
        draw(self.canvas, self.height)
        self.height += height

    def space(self, height: float) -> None:
        """Empty room."""
        self.height += height

    def text(self, content: str, size: float = TEXT_SIZE, bold: bool = False, indent: float = 0.0,
             fill: str = INK, **style) -> None:
        """Text wrapped to the picture's width, a line at a time."""
        for line in wrap(content, size, self.width - 2 * PAD - indent):
            self.add(size * LINE_GAP, lambda canvas, top, line=line: canvas.text(
                PAD + indent, top + size, line, size, anchor="start", fill=fill,
                font_weight="bold" if bold else None, **style))

    def finish(self) -> str:
        """The SVG document, its height now known, without empty groups."""
        height = f"{self.height + PAD:.2f}".rstrip("0").rstrip(".")
        width = f"{self.width:.2f}".rstrip("0").rstrip(".")
        self.canvas.root.set("viewBox", f"0 0 {width} {height}")
        self.canvas.root.set("height", height)
        self.background.set("height", height)
        prune(self.canvas.root)
        return self.canvas.to_string()


def prune(element: Element) -> None:
    """Leave out the empty groups (layers nothing was drawn in)."""
    for child in list(element):
        prune(child)
        if child.tag == "g" and len(child) == 0:
            element.remove(child)

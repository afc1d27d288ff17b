"""SVG pictures written with the standard library's ElementTree, as python-chess draws its boards: no dependency,
every string that came from someone else (a title, an author, a rule) escaped by the writer, digits and numbers as
`<text>` (selectable, searchable, read by screen readers), sizes in the viewBox, and only the generic font families
(nothing is fetched).

>>> canvas = Canvas(40, 20, title="Puzzle <by> 'me' & you")
>>> canvas.rect(0, 0, 40, 20, fill="white")
>>> canvas.text(20, 14, "5", size=12)
>>> svg = canvas.to_string()
>>> svg.startswith("<svg") and "&lt;by&gt;" in svg and 'viewBox="0 0 40 20"' in svg
True
"""

from __future__ import annotations

from typing import Iterable, Optional, Sequence, Tuple
from xml.etree.ElementTree import Element, SubElement, tostring

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"  # installed fonts by name, the generic family last
Point = Tuple[float, float]


def clean(text: str) -> str:
    """Text as XML can hold it: the control characters XML 1.0 forbids (and lone surrogates) left out; ElementTree
    escapes the rest."""
    return "".join(ch for ch in text if ch in "\t\n" or ("\x20" <= ch <= "\ud7ff") or ("\ue000" <= ch <= "\ufffd")
                   or ch >= "\U00010000")


def _attributes(style: dict) -> dict:
    """Keyword arguments as SVG attributes: stroke_width -> stroke-width, class_ -> class, numbers as short text,
    None left out."""
    attributes = {}
    for key, value in style.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        attributes[name] = _number(value) if isinstance(value, float) else str(value)
    return attributes


def _number(value: float) -> str:
    """A coordinate with at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class Canvas:
    """An SVG document in user units (the viewBox) that shapes and text are added to."""

    def __init__(self, width: float, height: float, title: Optional[str] = None, description: Optional[str] = None,
                 scale: float = 1.0):
        self.width, self.height = width, height
        self.root = Element("svg", _attributes({
            "xmlns": SVG_NS, "viewBox": f"0 0 {_number(float(width))} {_number(float(height))}",
            "width": float(width * scale), "height": float(height * scale), "role": "img",
            "font_family": FONT}))
        if title:
            SubElement(self.root, "title").text = clean(title)
        if description:
            SubElement(self.root, "desc").text = clean(description)
        self.defs: Optional[Element] = None
        self._markers: dict = {}

    # ---- shapes ------------------------------------------------------------------------------------------

    def group(self, parent: Optional[Element] = None, **style) -> Element:
        """A group (<g>) the next shapes can go in."""
        return SubElement(self._parent(parent), "g", _attributes(style))

    def rect(self, x: float, y: float, width: float, height: float, parent: Optional[Element] = None,
             **style) -> None:
        """A rectangle."""
        SubElement(self._parent(parent), "rect", _attributes({"x": float(x), "y": float(y), "width": float(width),
                                                              "height": float(height), **style}))

    def line(self, a: Point, b: Point, parent: Optional[Element] = None, **style) -> None:
        """A straight line from a to b."""
        SubElement(self._parent(parent), "line", _attributes({"x1": float(a[0]), "y1": float(a[1]),
                                                              "x2": float(b[0]), "y2": float(b[1]), **style}))

    def polyline(self, points: Sequence[Point], parent: Optional[Element] = None, **style) -> None:
        """An open path through the points."""
        SubElement(self._parent(parent), "polyline", _attributes({"points": _points(points), "fill": "none",
                                                                  **style}))

    def polygon(self, points: Sequence[Point], parent: Optional[Element] = None, **style) -> None:
        """A closed shape through the points."""
        SubElement(self._parent(parent), "polygon", _attributes({"points": _points(points), **style}))

    def circle(self, centre: Point, radius: float, parent: Optional[Element] = None, **style) -> None:
        """A circle."""
        SubElement(self._parent(parent), "circle", _attributes({"cx": float(centre[0]), "cy": float(centre[1]),
                                                                "r": float(radius), **style}))

    def path(self, d: str, parent: Optional[Element] = None, **style) -> None:
        """A path from its `d` commands."""
        SubElement(self._parent(parent), "path", _attributes({"d": d, **style}))

    def text(self, x: float, y: float, content: str, size: float = 10.0, anchor: str = "middle",
             parent: Optional[Element] = None, **style) -> None:
        """Text whose baseline starts (anchor 'start'), centres ('middle') or ends ('end') at (x, y)."""
        element = SubElement(self._parent(parent), "text", _attributes({
            "x": float(x), "y": float(y), "font_size": float(size), "text_anchor": anchor, **style}))
        element.text = clean(content)

    def title(self, element: Element, text: str) -> None:
        """A tooltip for a shape or group (what a screen reader says of it)."""
        SubElement(element, "title").text = clean(text)

    # ---- definitions --------------------------------------------------------------------------------------

    def arrowhead(self, colour: str) -> str:
        """The url() of an arrowhead marker of this colour, for marker_end (defined once per colour)."""
        if colour not in self._markers:
            name = f"arrow{len(self._markers)}"
            marker = SubElement(self._defs(), "marker", _attributes({
                "id": name, "viewBox": "0 0 10 10", "refX": 9.0, "refY": 5.0, "markerWidth": 6.0,
                "markerHeight": 6.0, "orient": "auto-start-reverse"}))
            SubElement(marker, "path", {"d": "M 0 0 L 10 5 L 0 10 z", "fill": colour})
            self._markers[colour] = f"url(#{name})"
        return self._markers[colour]

    def _defs(self) -> Element:
        if self.defs is None:
            self.defs = Element("defs")
            self.root.insert(1 if self.root.find("title") is None else 2, self.defs)
        return self.defs

    def _parent(self, parent: Optional[Element]) -> Element:
        return self.root if parent is None else parent

    # ---- out ------------------------------------------------------------------------------------------

    def to_string(self) -> str:
        """The SVG document (no XML declaration, so that it also goes straight into an HTML page)."""
        return tostring(self.root, encoding="unicode")


def _points(points: Iterable[Point]) -> str:
    """'x1,y1 x2,y2 ...'."""
    return " ".join(f"{_number(float(x))},{_number(float(y))}" for x, y in points)

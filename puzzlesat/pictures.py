"""How a puzzle, a result or an analysis draws itself in a notebook (Jupyter, IPython: `_repr_svg_`,
`_repr_html_`), without the puzzle code knowing how pictures are made.

The domain classes ask `svg(self)` or `html(self)`; puzzlesat.render.notebook registers a drawer per class name
when it is imported, which happens on the first picture asked for (found by name, as the package faces find their
lazy names: the layers below render never import it). A class without a drawer gets None, which notebooks take as
"show the text".
"""

from __future__ import annotations

import importlib
from typing import Callable, Dict, Optional, Tuple

DRAWERS: Dict[Tuple[str, str], Callable[[object], str]] = {}  # (class name, 'svg' or 'html') -> drawer
PROVIDER = "puzzlesat.render.notebook"  # the module that registers the drawers


def register(kind: str, *names: str):
    """A decorator: the function draws objects of the classes `names` as `kind` ('svg' or 'html')."""
    def decorate(draw: Callable[[object], str]) -> Callable[[object], str]:
        for name in names:
            DRAWERS[name, kind] = draw
        return draw
    return decorate


def svg(thing) -> Optional[str]:
    """The SVG picture of a thing, or None when there is none."""
    return _draw(thing, "svg")


def html(thing) -> Optional[str]:
    """The HTML of a thing, or None when there is none."""
    return _draw(thing, "html")


def _draw(thing, kind: str) -> Optional[str]:
    """The registered drawer's output for the thing's class (or a base class)."""
    if not DRAWERS:
        importlib.import_module(PROVIDER)
    for cls in type(thing).__mro__:
        draw = DRAWERS.get((cls.__name__, kind))
        if draw is not None:
            return draw(thing)
    return None

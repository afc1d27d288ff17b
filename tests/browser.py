"""A real browser for the picture tests: the distribution's Chromium (apt-get install chromium; .ci/run installs it),
driven headless by Playwright, which never downloads a browser of its own here. Pictures are rendered to PNG and
read back with Pillow, pages are loaded with their console watched."""

from __future__ import annotations

import io
import shutil
from pathlib import Path
from typing import Iterator, List, Optional, Tuple

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

needs_browser = pytest.mark.skipif(CHROMIUM is None, reason="needs Chromium: apt-get install chromium (.ci/run "
                                                            "installs it)")


_SHARED: dict = {}  # the one Playwright and Chromium of the session, whichever test module asked first


@pytest.fixture(scope="session")
def browser() -> Iterator:
    """One headless Chromium for the whole session. Each test module that imports this fixture gets a fixture of
    its own, but they share one browser: a second Playwright would find the first one's event loop running."""
    if CHROMIUM is None:
        pytest.skip("needs Chromium: apt-get install chromium (.ci/run installs it)")
    if not _SHARED:
        from playwright.sync_api import sync_playwright

        playwright = sync_playwright().start()
        _SHARED.update(playwright=playwright, browser=playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS),
                       users=0)
    _SHARED["users"] += 1
    try:
        yield _SHARED["browser"]
    finally:
        _SHARED["users"] -= 1
        if not _SHARED["users"]:
            _SHARED["browser"].close()
            _SHARED["playwright"].stop()
            _SHARED.clear()


class Loaded:
    """A page the browser loaded: the page itself, and what its console said (type, text) and its errors."""

    def __init__(self, page, messages: List[Tuple[str, str]]):
        self.page, self.messages = page, messages

    @property
    def errors(self) -> List[str]:
        """Console errors and uncaught exceptions."""
        return [text for kind, text in self.messages if kind in ("error", "pageerror")]

    def image(self, selector: Optional[str] = None):
        """A PNG of the page (or of one element) as a Pillow image, in RGB."""
        from PIL import Image

        target = self.page.locator(selector).first if selector else self.page
        return Image.open(io.BytesIO(target.screenshot())).convert("RGB")


def load(browser, path: Path, width: int = 1000, height: int = 1000) -> Loaded:
    """Open a file (an SVG or an HTML page) in a new page of the given viewport, its console watched."""
    page = browser.new_page(viewport={"width": width, "height": height})
    messages: List[Tuple[str, str]] = []
    page.on("console", lambda message: messages.append((message.type, message.text)))
    page.on("pageerror", lambda error: messages.append(("pageerror", str(error))))
    page.goto(path.resolve().as_uri())
    return Loaded(page, messages)


def darkness(image, box: Tuple[float, float, float, float]) -> float:
    """The mean darkness (0 white .. 255 black) of a box given as fractions of the image (left, top, right,
    bottom)."""
    width, height = image.size
    left, top, right, bottom = (int(box[0] * width), int(box[1] * height), int(box[2] * width), int(box[3] * height))
    data = image.crop((left, top, right, bottom)).tobytes()
    return 255 - sum(data) / max(len(data), 1)


def not_blank(image) -> bool:
    """True when the image holds more than one colour."""
    return any(low != high for low, high in image.getextrema())

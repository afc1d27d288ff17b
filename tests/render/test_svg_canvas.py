"""The SVG canvas, the charts and the HTML page, in a real browser: they draw, escape what others wrote, and the
page's walk-through moves with the keyboard without a console error."""

from __future__ import annotations

from xml.etree.ElementTree import fromstring

from browser import browser, darkness, load, needs_browser, not_blank  # noqa: F401 - browser is a fixture
from hypothesis import given
from hypothesis import strategies as st

from puzzlesat.render.svg.canvas import Canvas, clean
from puzzlesat.render.svg.chart import histogram, intervals
from puzzlesat.render.svg.page import Section, Slide, page


@given(st.text())
def test_any_text_from_a_link_stays_text(title):
    canvas = Canvas(10, 10, title=title)
    canvas.text(5, 5, title)
    tree = fromstring(canvas.to_string())  # well-formed XML whatever the text held
    shown = [element.text or "" for element in tree.iter() if element.tag.endswith(("title", "text"))]
    assert shown == [clean(title).replace("\r", "\n")] * 2 if clean(title) else True


@needs_browser
def test_a_script_in_a_title_is_shown_not_run(tmp_path, browser):  # noqa: F811
    hostile = "<script>document.title='owned'</script>"
    html = page(hostile, [Section(hostile, Canvas(20, 20, title=hostile).to_string(), (("rules", hostile),))])
    path = tmp_path / "page.html"
    path.write_text(html, encoding="utf-8")
    loaded = load(browser, path)
    assert loaded.page.title() == hostile and not loaded.errors
    assert loaded.page.locator("h2").first.inner_text() == hostile


@needs_browser
def test_charts_draw_bars_and_write_their_values(tmp_path, browser):  # noqa: F811
    path = tmp_path / "chart.svg"
    path.write_text(histogram([1.2, 1.5, 2.6, 2.6, 7.1], [(1, 2), (2, 3), (7, 8)], "ratings", "puzzles"))
    image = load(browser, path, 700, 360).image()
    assert not_blank(image)
    rows = [("beginner", 91.8, 91.4, 92.2), ("expert", 40.8, 40.1, 41.5)]
    path.write_text(intervals(rows, "win rate"))
    loaded = load(browser, path, 700, 200)
    assert "91.80% [91.40, 92.20]" in loaded.page.content()


@needs_browser
def test_the_walk_through_moves_with_the_keyboard(tmp_path, browser):  # noqa: F811
    steps = tuple(Slide(f"step {n}", Canvas(20, 20, title=f"picture {n}").to_string()) for n in range(1, 4))
    path = tmp_path / "walk.html"
    path.write_text(page("walk", [Section("a puzzle", steps=steps)]), encoding="utf-8")
    loaded = load(browser, path)
    walk = loaded.page.locator(".walk")
    assert walk.get_attribute("data-step") == "0"
    loaded.page.keyboard.press("ArrowRight")
    loaded.page.keyboard.press("ArrowRight")
    loaded.page.keyboard.press("ArrowRight")  # past the last step: stays there
    assert walk.get_attribute("data-step") == "2" and loaded.page.locator(".counter").inner_text() == "3 / 3"
    loaded.page.keyboard.press("ArrowLeft")
    assert walk.get_attribute("data-step") == "1" and not loaded.errors
    assert darkness(loaded.image(), (0, 0, 1, 1)) > 0

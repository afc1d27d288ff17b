"""One self-contained HTML page for a run: every record's picture with its data, walk-throughs a step at a time,
charts; nothing fetched and nothing to install (the style and the few lines of script are in the page).

Every text that came from someone else (a title, an author, a rule, a file name) is escaped here; the pictures are
puzzlesat's own SVG, whose texts its writer escaped.

>>> html = page("Run <1>", [Section("a <b>", "<svg></svg>", (("status", "solved & unique"),))])
>>> "Run &lt;1&gt;" in html and "a &lt;b&gt;" in html and "solved &amp; unique" in html and "<svg></svg>" in html
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Optional, Sequence, Tuple

STYLE = """
body { font-family: DejaVu Sans, Verdana, Arial, sans-serif; margin: 2em; color: #111; background: #fff; }
h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin-top: 2em; border-top: 1px solid #999; padding-top: 1em; }
figure { margin: 0.5em 0; } figcaption { font-size: 0.95em; margin: 0.3em 0; max-width: 60em; }
table.facts { border-collapse: collapse; margin: 0.5em 0; font-size: 0.9em; }
table.facts th { text-align: left; padding-right: 1em; font-weight: normal; color: #444; }
table.facts td { font-family: DejaVu Sans Mono, monospace; word-break: break-all; }
.walk .step { display: none; } .walk .step.shown { display: block; }
.walk nav button { font-size: 1em; margin-right: 0.5em; }
svg { max-width: 100%; height: auto; }
@media print { .walk .step { display: block; page-break-inside: avoid; } .walk nav { display: none; } }
"""

SCRIPT = """
(function () {
  var walks = Array.prototype.slice.call(document.querySelectorAll(".walk"));
  var active = walks[0] || null;
  function show(walk, index) {
    var steps = walk.querySelectorAll(".step");
    if (!steps.length) { return; }
    index = Math.max(0, Math.min(steps.length - 1, index));
    for (var i = 0; i < steps.length; i++) { steps[i].classList.toggle("shown", i === index); }
    walk.setAttribute("data-step", String(index));
    var counter = walk.querySelector(".counter");
    if (counter) { counter.textContent = (index + 1) + " / " + steps.length; }
  }
  function move(walk, by) { show(walk, Number(walk.getAttribute("data-step") || 0) + by); }
  walks.forEach(function (walk) {
    show(walk, 0);
    walk.querySelector(".previous").addEventListener("click", function () { active = walk; move(walk, -1); });
    walk.querySelector(".next").addEventListener("click", function () { active = walk; move(walk, 1); });
    walk.addEventListener("focusin", function () { active = walk; });
  });
  document.addEventListener("keydown", function (event) {
    if (!active) { return; }
    if (event.key === "ArrowRight" || event.key === "n" || event.key === "j") { move(active, 1); }
    if (event.key === "ArrowLeft" || event.key === "p" || event.key === "k") { move(active, -1); }
    if (event.key === "Home") { show(active, 0); }
    if (event.key === "End") { show(active, 1e9); }
  });
})();
"""


@dataclass(frozen=True)
class Slide:
    """One frame of a walk-through: its caption (plain text) and its picture (our SVG)."""

    caption: str
    picture: str


@dataclass(frozen=True)
class Section:
    """One record on the page: a heading (plain text), its picture (our SVG), its data as (name, value) pairs
    (plain text), and, for an explanation or a replay, the steps to walk through."""

    heading: str
    picture: str = ""
    facts: Tuple[Tuple[str, str], ...] = ()
    steps: Tuple[Slide, ...] = field(default_factory=tuple)
    note: Optional[str] = None  # a sentence under the heading (plain text)


def page(title: str, sections: Sequence[Section], summary: str = "", chart: str = "") -> str:
    """The whole page: a title, a summary line and a chart (our SVG), then every section."""
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>", f"<h1>{escape(title)}</h1>"]
    if summary:
        parts.append(f"<p>{escape(summary)}</p>")
    if chart:
        parts.append(f"<figure>{chart}</figure>")
    parts.extend(_section(section) for section in sections)
    if any(section.steps for section in sections):
        parts.append(f"<script>{SCRIPT}</script>")
    parts.append("</body></html>")
    return "\n".join(parts)


def _section(section: Section) -> str:
    """One record's heading, picture, facts and walk-through."""
    parts = [f"<section><h2>{escape(section.heading)}</h2>"]
    if section.note:
        parts.append(f"<p>{escape(section.note)}</p>")
    if section.picture:
        parts.append(f"<figure>{section.picture}</figure>")
    if section.facts:
        rows = "".join(f"<tr><th>{escape(name)}</th><td>{escape(value)}</td></tr>" for name, value in section.facts)
        parts.append(f'<table class="facts">{rows}</table>')
    if section.steps:
        frames = "".join(f'<figure class="step"><figcaption>{escape(step.caption)}</figcaption>{step.picture}'
                         f"</figure>" for step in section.steps)
        parts.append('<div class="walk" tabindex="0"><nav><button class="previous" type="button">previous</button>'
                     '<button class="next" type="button">next</button><span class="counter"></span> '
                     '(arrow keys, n and p)</nav>' + frames + "</div>")
    parts.append("</section>")
    return "".join(parts)

"""Minesweeper pictures (puzzlesat.render.svg.mines and .simulation) through the CLI and in a real browser: the move
marked where the JSON puts it, revealed and hidden cells told apart, the scale ordered in greyscale, big boards
inside their viewBox, the replay walked with the keyboard, the simulation's rate, interval and histogram."""

from __future__ import annotations

import json
import re
from pathlib import Path
from xml.etree.ElementTree import fromstring

import pytest
from browser import browser, darkness, load, needs_browser, not_blank  # noqa: F401 - browser is a fixture
from conftest import PUZZLES, ROOT, run_main

from puzzlesat.mines import Board, Setup, analyze, parse_board, replay
from puzzlesat.render.svg.mines import board_picture
from puzzlesat.render.svg.mines_cells import CELL, MOVE_COLOUR, chance_fill, luma
from puzzlesat.render.svg.simulation import MOST_BARS, guess_bins, simulation_picture

MINES = PUZZLES / "mines"
EXPERT = MINES / "expert-seed0-game6-move139.mine"  # a late expert position: certain mines, a 50/50, 14% to 72%
CORNER = MINES / "expert-corner-1.mine"  # one 1 in the corner: best (0, 29), lookahead's guess (0, 2)
SMALL = "# mines: 2\n1??\n12?\n.1?\n"
INCONSISTENT = "?1?\n111\n???\n"


def mines(*args, stdin=None):
    return run_main(["mines", *args], input=stdin)


def saved(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ---- where things are in a rendering ---------------------------------------------------------------------


def board_origin(svg: str):
    """The top-left corner of cell (0, 0), in viewBox units: the translation of the board's group."""
    match = re.search(r'<g class="board" transform="translate\(([\d.]+) ([\d.]+)\)"', svg)
    return float(match.group(1)), float(match.group(2))


def scale_of(svg: str, image) -> float:
    """Pixels per viewBox unit in a rendering of the whole picture."""
    width = float(fromstring(svg).get("viewBox").split()[2])
    return image.size[0] / width


def cell_box(svg: str, image, cell, inset: float = 0.0):
    """A cell's box as fractions of the image (left, top, right, bottom), `inset` (of a cell) in from its edges."""
    (left, top), scale = board_origin(svg), scale_of(svg, image)
    width, height = image.size
    row, col = cell
    x0, y0 = (left + (col + inset) * CELL) * scale, (top + (row + inset) * CELL) * scale
    x1, y1 = (left + (col + 1 - inset) * CELL) * scale, (top + (row + 1 - inset) * CELL) * scale
    return x0 / width, y0 / height, x1 / width, y1 / height


def marked_cells(svg: str, image, rows: int, columns: int):
    """The cells of the board that the move's colour (the outline and the star) lands in, by pixels."""
    (left, top), scale = board_origin(svg), scale_of(svg, image)
    target = tuple(int(MOVE_COLOUR[i:i + 2], 16) for i in (1, 3, 5))
    pixels = image.load()
    found = set()
    x_end, y_end = int((left + columns * CELL) * scale), int((top + rows * CELL) * scale)
    for y in range(int(top * scale), min(y_end, image.size[1])):
        for x in range(int(left * scale), min(x_end, image.size[0])):
            if all(abs(a - b) <= 12 for a, b in zip(pixels[x, y], target)):
                found.add((int((y / scale - top) // CELL), int((x / scale - left) // CELL)))
    return found


def rendered(browser, tmp_path: Path, svg: str, name: str = "picture.svg", width: int = 1100):  # noqa: F811
    """The picture loaded on its own, and its PNG."""
    path = saved(tmp_path, name, svg)
    loaded = load(browser, path, width, 1200)
    return loaded, loaded.image("svg")


# ---- the analysed board ------------------------------------------------------------------------------------


@needs_browser
@pytest.mark.parametrize("board, strategy", [(EXPERT, None), (CORNER, None), (CORNER, "lookahead")])
def test_the_recommended_cell_is_marked_where_the_json_puts_it(tmp_path, browser, board, strategy):  # noqa: F811
    options = [] if strategy is None else ["--strategy", strategy]
    record = json.loads(mines(board, "-f", "json", *options).stdout)
    move = (record["advice"]["cell"] if strategy else record["best"])
    svg = mines(board, "-f", "svg", *options).stdout
    loaded, image = rendered(browser, tmp_path, svg)
    assert not_blank(image) and not loaded.errors
    assert marked_cells(svg, image, record["height"], record["width"]) == {tuple(move)}
    if strategy:  # the strategy's move, not the analysis's
        assert move != record["best"]


@needs_browser
def test_revealed_cells_and_hidden_cells_are_told_apart_in_greyscale(tmp_path, browser):  # noqa: F811
    board = parse_board(EXPERT.read_text())
    svg = board_picture(board, analyze(board))
    _, image = rendered(browser, tmp_path, svg)
    grey = image.convert("L").convert("RGB")
    cells = [(r, c) for r in range(board.height) for c in range(board.width)]
    revealed = [darkness(grey, _bottom_strip(svg, grey, cell)) for cell in cells if board[cell] >= 0]
    hidden = [darkness(grey, _bottom_strip(svg, grey, cell)) for cell in cells if board[cell] < 0]
    assert len(revealed) > 250 and len(hidden) > 100
    assert min(hidden) > max(revealed) + 30  # a raised cell's dark lower edge, where a revealed cell is flat


def _bottom_strip(svg: str, image, cell):
    """The lower edge of a cell, below any text in it."""
    left, top, right, bottom = cell_box(svg, image, cell)
    height = bottom - top
    return left + (right - left) * 0.15, top + height * 0.86, right - (right - left) * 0.15, top + height * 0.95


@needs_browser
def test_a_higher_chance_is_never_lighter_in_greyscale(tmp_path, browser):  # noqa: F811
    board = parse_board(EXPERT.read_text())
    analysis = analyze(board)
    svg = board_picture(board, analysis)
    loaded, image = rendered(browser, tmp_path, svg)
    grey = image.convert("L").convert("RGB")
    certain = set(analysis.safe) | set(analysis.mines) | {analysis.best}
    shades = sorted((analysis.probabilities[r][c], darkness(grey, _fill_strip(svg, grey, (r, c))))
                    for r in range(board.height) for c in range(board.width)
                    if board[r, c] < 0 and (r, c) not in certain)
    assert len({chance for chance, _ in shades}) >= 6  # 14% .. 72%: enough steps to test the order
    for (low, dark_low), (high, dark_high) in zip(shades, shades[1:]):
        assert dark_high >= dark_low - 1.0, (low, high)  # greyscale keeps the scale's order (1: antialiasing)
    swatches = loaded.page.locator("rect.swatch")
    assert swatches.count() == 11
    page_shot = loaded.image()
    page_grey = page_shot.convert("L").convert("RGB")
    levels = []
    for index in range(swatches.count()):
        box = swatches.nth(index).bounding_box()
        w, h = page_grey.size
        strip = (box["x"] + 3) / w, (box["y"] + 2) / h, (box["x"] + box["width"] - 3) / w, (box["y"] + 6) / h
        levels.append(darkness(page_grey, strip))
    assert levels == sorted(levels) and len(set(round(level) for level in levels)) == 11


def _fill_strip(svg: str, image, cell):
    """A strip of a hidden cell between its light top edge and the chance written in it."""
    left, top, right, bottom = cell_box(svg, image, cell)
    height = bottom - top
    return left + (right - left) * 0.2, top + height * 0.14, left + (right - left) * 0.55, top + height * 0.26


def test_the_scale_gets_darker_at_every_step():
    shades = [luma(chance_fill(n / 100)) for n in range(101)]
    assert all(a > b for a, b in zip(shades, shades[1:]))
    assert chance_fill(0) == "#ffffcc" and chance_fill(1) == "#800026"


@needs_browser
@pytest.mark.parametrize("size", [(30, 16, 99), (30, 24, 150)])
def test_an_expert_and_a_30x24_board_stay_inside_their_viewbox(tmp_path, browser, size):  # noqa: F811
    width, height, total = size
    frames = list(replay(Setup(width, height, total), "minprob", 0, 2))
    middle = frames[len(frames) // 2].rows
    board = Board(width, height, middle, total)
    analysis = analyze(board)
    svg = board_picture(board, analysis, f"{width}x{height}, {total} mines")
    loaded, image = rendered(browser, tmp_path, svg)
    assert not_blank(image) and not loaded.errors
    box = loaded.page.evaluate("() => { const b = document.querySelector('svg').getBBox(); "
                               "return [b.x, b.y, b.width, b.height]; }")
    view = [float(part) for part in fromstring(svg).get("viewBox").split()]
    assert box[0] >= 0 and box[1] >= 0 and box[0] + box[2] <= view[2] + 0.5 and box[1] + box[3] <= view[3] + 0.5
    assert view[2] <= 1024  # 30 columns fit a screen 1,000 pixels wide at about a pixel a unit
    chance = loaded.page.locator("g.board g[font-size='12'] text").first.bounding_box()
    assert chance["height"] >= 10  # a chance's digits: about 12 pixels high on such a screen


def test_chances_are_percentages_or_small_fractions():
    svg = mines("-", "-f", "svg", stdin=SMALL).stdout
    assert ">1/2-<" in svg and "row 0, column 2: certainly safe" in svg and "row 0, column 1: certainly a mine" in svg
    expert = mines(CORNER, "-f", "svg").stdout
    board = next(group for group in fromstring(expert).iter("{http://www.w3.org/2000/svg}g")
                 if group.get("class") == "board")
    chances = [text.text for group in board.iter("{http://www.w3.org/2000/svg}g") if group.get("font-size") == "12"
               for text in group]
    assert len(chances) == 479 and set(chances) == {"21", "33"}  # 7/34 and 1/3 (the 1's neighbours), in whole %
    assert "row 1, column 1: mine chance 1/3 ≈ 33.3%" in expert


def test_an_inconsistent_board_marks_its_conflict():
    result = mines("-", "--mines", "3", "-f", "svg", stdin=INCONSISTENT)
    assert result.exit_code == 1
    assert "these numbers cannot all be true: (1, 1)" in result.stdout
    assert "row 1, column 1: 1, one of the numbers that cannot all be true" in result.stdout
    assert "stroke-dasharray" in result.stdout  # the dashed ring


# ---- the CLI around the pictures -----------------------------------------------------------------------------


def test_several_boards_need_a_folder_or_a_page(tmp_path):
    result = mines(CORNER, EXPERT, "-f", "svg")
    assert result.exit_code == 2 and "--output-dir" in result.stderr and "--format html" in result.stderr
    assert mines(CORNER, "-f", "json", "-o", tmp_path).exit_code == 2


def test_an_output_folder_gets_one_picture_a_board_and_bad_boards_say_why(tmp_path):
    result = mines("-", "-f", "svg", "-o", tmp_path / "out", stdin=SMALL + "\n" + "1?9\n")
    assert result.exit_code == 1 and result.stderr.startswith("puzzlesat: <stdin>:6:3: unknown cell '9'")
    names = result.stdout.splitlines()
    assert [Path(name).name for name in names] == ["0001-stdin-line1.svg", "0002-stdin-line6.svg"]
    good, bad = (Path(name).read_text() for name in names)
    assert "recommended: open (0, 2), certainly safe" in good
    assert "&lt;stdin&gt;:6:3: unknown cell '9'" in bad and "Traceback" not in result.stderr


@needs_browser
def test_the_page_shows_every_board_and_runs_nothing_a_file_name_holds(tmp_path, browser):  # noqa: F811
    hostile = saved(tmp_path, "<img src=x onerror=alert(1)>.mine", SMALL)
    result = mines(hostile, CORNER, "-", "-f", "html", stdin=INCONSISTENT)
    assert result.exit_code == 1
    page = saved(tmp_path, "page.html", result.stdout)
    loaded = load(browser, page)
    dialogs = []
    loaded.page.on("dialog", lambda dialog: dialogs.append(dialog.message))
    headings = loaded.page.locator("h2").all_inner_texts()
    assert headings[0] == f"{hostile}:1" and headings[1].endswith("expert-corner-1.mine:1")
    assert "inconsistent" in loaded.page.locator("section").nth(2).inner_text()
    assert loaded.page.locator("section svg").count() == 3 and not loaded.errors and not dialogs
    assert loaded.page.locator("img").count() == 0


# ---- replays -------------------------------------------------------------------------------------------------


@needs_browser
def test_the_replay_page_walks_the_game_with_the_keyboard(tmp_path, browser):  # noqa: F811
    game = ["replay", "--seed", "3", "--game", "5"]
    moves = json.loads(mines(*game, "-f", "json").stdout)["moves"]
    result = mines(*game, "-f", "html")
    assert result.exit_code == 0
    loaded = load(browser, saved(tmp_path, "game.html", result.stdout), 1100, 900)
    walk = loaded.page.locator(".walk")
    assert loaded.page.locator(".walk .step").count() == len(moves)
    for step in (0, 1, 2, 1):
        if step:
            loaded.page.keyboard.press("ArrowRight" if step > int(walk.get_attribute("data-step")) else "ArrowLeft")
        assert walk.get_attribute("data-step") == str(step)
        shown = loaded.page.locator(".walk .step.shown")
        assert shown.locator("figcaption").inner_text().startswith(f"move {step + 1}: open")
        svg = shown.locator("svg").evaluate("node => node.outerHTML")
        image = loaded.image(".walk .step.shown svg")
        assert marked_cells(svg, image, 9, 9) == {tuple(moves[step]["cell"])}
    loaded.page.keyboard.press("End")
    assert walk.get_attribute("data-step") == str(len(moves) - 1) and not loaded.errors


def test_replay_writes_a_picture_a_move_into_a_folder(tmp_path):
    game = ["replay", "--seed", "3", "--game", "5"]
    moves = json.loads(mines(*game, "-f", "json").stdout)["moves"]
    assert mines(*game, "-f", "svg").exit_code == 2  # many moves: a folder or a page
    result = mines(*game, "-f", "svg", "-o", tmp_path)
    assert result.exit_code == 0 and len(result.stdout.splitlines()) == len(moves)
    last = Path(result.stdout.splitlines()[-1]).read_text()
    assert f"move {len(moves)}: open" in last and "game 5 of seed 3" in last
    if moves[-1]["state"] == "lost":
        assert "the mine that went off" in last


# ---- simulations ---------------------------------------------------------------------------------------------


@needs_browser
def test_the_simulation_picture_holds_the_rate_its_interval_and_a_bar_a_bin(tmp_path, browser):  # noqa: F811
    run = ["simulate", "-n", "60", "--seed", "1", "--strategy", "minprob", "-j", "1"]
    record = json.loads(mines(*run, "-f", "json").stdout)
    svg = mines(*run, "-f", "svg").stdout
    low, high = record["ci95"]
    assert f"{100 * record['win_rate']:.2f}% [{100 * low:.2f}, {100 * high:.2f}]" in svg
    loaded, image = rendered(browser, tmp_path, svg)
    assert not_blank(image) and not loaded.errors
    histogram = loaded.page.locator("svg > svg").nth(1)
    bars = histogram.locator("rect")
    assert bars.count() == len(record["guess_counts"])
    heights = [bars.nth(k).bounding_box()["height"] for k in range(bars.count())]
    for games, height, most in zip(record["guess_counts"], heights, [max(record["guess_counts"])] * len(heights)):
        assert height == pytest.approx(heights[record["guess_counts"].index(most)] * games / most, abs=1.5)
    assert histogram.locator("text").first.text_content().endswith("(60 games)")


def test_many_guesses_share_the_last_bar():
    bins, names = guess_bins(MOST_BARS + 7)
    assert len(bins) == MOST_BARS and names[-1] == f"{MOST_BARS - 1}+" and bins[-1][1] == float("inf")
    record = {"strategy": "minprob", "level": None, "size": "8x8x10", "rules": "zero", "games": 30, "win_rate": 0.5,
              "ci95": [0.33, 0.67], "guess_counts": [10] + [0] * 25 + [20]}
    svg = simulation_picture([record, dict(record, strategy="lookahead")])
    assert ">19+<" in svg and ">20<" in svg and "minprob 8x8x10 zero" in svg and "lookahead 8x8x10 zero" in svg


@needs_browser
def test_simulate_html_is_one_page_with_the_picture_and_the_numbers(tmp_path, browser):  # noqa: F811
    run = ["simulate", "-n", "20", "--seed", "2", "-j", "1"]
    record = json.loads(mines(*run, "-f", "json").stdout)
    result = mines(*run, "-f", "html")
    assert result.exit_code == 0 and result.stdout.startswith("<!DOCTYPE html>")
    loaded = load(browser, saved(tmp_path, "simulation.html", result.stdout))
    facts = loaded.page.locator("table.facts").inner_text()
    assert f"wins\t{record['wins']}" in facts and "95% interval" in facts and not loaded.errors
    assert not_blank(loaded.image("figure svg"))


# ---- the gallery ---------------------------------------------------------------------------------------------


def gallery_examples():
    """(picture, command) for each Minesweeper picture of the gallery (docs/pictures.md)."""
    text = (ROOT / "docs" / "pictures.md").read_text()
    return re.findall(r"^(puzzlesat mines .* > (mines-[\w-]+\.svg))$", text, re.MULTILINE)


@pytest.mark.parametrize("command, picture", gallery_examples())
def test_the_gallery_shows_what_its_commands_draw(command, picture, monkeypatch):
    monkeypatch.chdir(ROOT)
    args = command.split(" > ")[0].split()[1:]
    result = run_main(args)
    assert result.exit_code == 0
    committed = (ROOT / "docs" / "gallery" / picture).read_text()
    assert result.stdout == committed, f"docs/gallery/{picture} is out of date: run `{command}` and move it there"


def test_the_gallery_has_its_minesweeper_pictures():
    assert {picture for _, picture in gallery_examples()} >= {"mines-expert.svg", "mines-simulate.svg"}


def test_dead_cells_and_fifty_fifties_carry_the_terminals_marks():
    fifty = mines("-", "-f", "svg", stdin="# mines: 1\n?1\n?1\n").stdout  # a small board: chances as fractions
    assert fifty.count(">1/2=<") == 3 and ">50=<" not in fifty  # two cells and the legend's sample, written alike
    assert "one of an unavoidable 50/50 (one mine)" in fifty
    small_dead = mines("-", "-f", "svg", "-p", stdin="# mines: 2\n1??\n12?\n.1?\n").stdout
    assert small_dead.count(">1/2-<") == 3 and ">50-<" not in small_dead
    dead = mines(PUZZLES / "mines" / "expert-seed0-game6-move139.mine", "-f", "svg").stdout
    assert dead.count(">50-<") == 5 and "dead: opening it teaches nothing" in dead  # four cells, the legend's sample


def test_a_small_board_is_drawn_with_larger_cells():
    small = mines("-", "-f", "svg", stdin="# mines: 2\n1??\n12?\n.1?\n").stdout
    assert re.search(r'<g class="board" transform="translate\([\d.]+ [\d.]+\) scale\(2\)"', small)
    expert = mines(PUZZLES / "mines" / "expert-seed0-game6-move139.mine", "-f", "svg").stdout
    assert re.search(r'<g class="board" transform="translate\([\d.]+ [\d.]+\)"', expert)  # 30 columns: as they were

"""SudokuPad's own puzzle format read into a Sudoku.

A SudokuPad link carries "scl" (or its alias "ctc") and lz-string (base64) of the puzzle JSON, usually "zipped"
by SudokuPad's PuzzleZipper: keys shortened (ce = cells, ca = cages, l = lines, wp = wayPoints ...), keys left
unquoted, strings in single quotes, true/false as t/f, colours without '#'. "fpuzzles" / "fpuz" carry an
f-puzzles payload, "scf" SudokuPad's compact classic format (givens, x for diagonals, w for windoku).

SudokuPad draws; it does not name rules. Cells, regions, cages (killer cages, extra regions) and the global list
(anti-knight, anti-king, disjoint groups, negative constraints) are read as they are; the drawings are read only
where their meaning is conventional and safe: Kropki dots and XV marks on cell edges, quadruple circles on cell
corners, arrows with a bulb, and diagonal little-killer arrows beside the grid. Lines and cell marks are read when
the rules text names the constraint (thermometers: a line from a bulb; whispers, renban, palindromes, region-sum,
zipper and entropic lines: by the colour the rules or convention give them; between lines: circles at both ends;
odd/even circles and squares; sandwich, X-sum or skyscraper clues beside the grid). Everything else is named in
`ignored`. Cages whose value is text rather than a sum ('N', '(4+8)x2': the rule lies in the text), fog lights,
and keys this reader does not know are named in `unknown`; keys that carry no rule (NO_RULE_KEYS) pass quietly.
The grid is what the regions cover, as SudokuPad takes it: a puzzle drawn in a larger frame of cells (clues beside
the grid written in cells of the frame) is cut to it first (puzzlesat.sudoku.reading.links.frame).
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from typing import Optional

from puzzlesat.errors import VariantError
from puzzlesat.sudoku.model import constraints
from puzzlesat.sudoku.reading.links.common import (FOG_LIGHT, checked_regions, checked_solution, count_message, fog_lights,
                                           link_puzzle, needs_regions, negatives, outside_line, path_cells, ray,
                                           shape_of, text_cages, text_indexers)
from puzzlesat.sudoku.reading.links.colours import distance, family, nearest, rgb, word_distance
from puzzlesat.sudoku.reading.links.frame import framed
from puzzlesat.sudoku.reading.links.pad_lines import (Drawn, branches, figures, is_near, joined, kind_of,
                                                      line_constraints, links_of, nearest_kind)
from puzzlesat.sudoku.reading.links.rules_text import LineKind, RulesText
from puzzlesat.sudoku.model.sudoku import Sudoku

PROPS = {"c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor", "ce": "cells",
         "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays", "w": "width", "h": "height", "v": "value",
         "vd": "videos", "l": "lines", "r": "rounded", "re": "regions", "fs": "fontSize", "th": "thickness",
         "hl": "headLength", "wp": "wayPoints", "t": "title", "te": "text", "d": "duration"}
META = re.compile(r"^([a-z]+):\s*(.*)$", re.DOTALL | re.IGNORECASE)
# Keys of the puzzle JSON: those read for rules, and those that carry none (with where they come from).
READ_KEYS = ("cells", "regions", "cages", "lines", "arrows", "overlays", "underlays", "global")
NO_RULE_KEYS = {
    "id": "the puzzle's id", "cellSize": "drawing scale", "metadata": "texts (title, rules, msgcorrect, ...)",
    "metaData": "texts (older name)", "settings": "the solver's app settings", "videos": "links to videos",
    "bgimage": "a background picture (named in `ignored`)",
    **dict.fromkeys(("title", "author", "rules", "solution"), "texts (read from the metadata)"),
}
FOG_KEYS = ("foglight", "triggereffect")  # SudokuPad's fog of war: lit cells, and what reveals them
# Metadata cages SudokuPad reads as texts even when they have cells (its metaTagsWithoutCells, and customstyle).
META_TAGS = ("title", "author", "rules", "solution", "msgcorrect", "msgincorrect", "msgvalid", "msginvalid",
             "msgunknown", "customstyle", "source")
def unzip(text: str) -> dict:
    """The puzzle JSON from SudokuPad's zipped form (or from plain JSON)."""
    try:
        data = json.loads(text)
    except ValueError:
        try:
            data = json.loads(_unzip_text(text))
        except (ValueError, RecursionError) as error:
            raise VariantError(f"not a SudokuPad puzzle (its JSON does not parse: {error})") from None
    if not isinstance(data, dict):
        raise VariantError("not a SudokuPad puzzle (not a JSON object)")
    return _long_keys(data)


def _unzip_text(text: str) -> str:
    """PuzzleZipper.unzip's text rewriting: quotes back, keys quoted, booleans and colours restored."""
    if '"' not in text:
        text = text.replace("\\'", "\u2019").replace("'", '"').replace("\u2019", "'")
    for pattern, replacement in ((r"([,{\[])([a-zA-Z0-9]+):", r'\1"\2":'), (r"([,{\[])(?=[,}\]])", r"\1_"),
                                 (r"{_}", "{}"), (r"([,{\[])_", r"\1{}"), (r"(:)f([,}\]])", r"\1false\2"),
                                 (r"(:)t([,}\]])", r"\1true\2"), (r"(:)#0([,}\]])", r'\1"#000000"\2'),
                                 (r"(:)#F([,}\]])", r'\1"#FFFFFF"\2'),
                                 (r"(:)([0-9a-fA-F]{6})([,}\]])", r'\1"#\2"\3')):
        text = re.sub(pattern, replacement, text)
    return text


def _long_keys(value):
    """Every shortened key back to its long name, colours 'rrggbb' back to '#rrggbb'."""
    if isinstance(value, list):
        return [_long_keys(item) for item in value]
    if isinstance(value, dict):
        return {PROPS.get(key, key): _long_keys(item) for key, item in value.items()}
    if isinstance(value, str) and re.fullmatch(r"[0-9a-fA-F]{6}", value):
        return "#" + value
    return value


def read_scf(data: str) -> Sudoku:
    """SudokuPad's compact classic format: 81 givens run-length coded, then x (diagonals), w (windoku),
    t<title>, a<author> (texts end at '*', '**' stands for a '*')."""
    body, star, extras = data.partition("*")
    digits = "".join(str(code % 10) + "0" * (code // 10) for code in map(_scf_code, body))
    if not star:
        digits = digits[:81]
        extras = body[len(_scf_encode(digits)):]
    if len(digits) != 81:
        raise VariantError(f"not a SudokuPad scf payload ({len(digits)} cells, not 81)")
    shape = shape_of(9, "scf")
    found, texts, index = [], {"t": "", "a": ""}, 0
    while index < len(extras):
        letter = extras[index]
        index += 1
        if letter == "x":
            found.extend(constraints.diagonals(9))
        elif letter == "w":
            found.extend(constraints.windows(shape))
        elif letter in texts:
            end = index
            while end < len(extras) and (extras[end] != "*" or extras[end:end + 2] == "**"):
                end += 2 if extras[end:end + 2] == "**" else 1
            texts[letter] = extras[index:end].replace("**", "*")
            index = end + 1
    return Sudoku.of(link_puzzle(shape, tuple(map(int, digits))), tuple(found), title=texts["t"],
                     author=texts["a"], published=True)


def _scf_encode(digits: str) -> str:
    """scf's coding of a string of digits (a digit and up to five zeros after it per character)."""
    def char(match) -> str:
        code = int(match.group(0)[0]) + 10 * len(match.group(0))
        return chr(code + (38 if code < 20 else 45 if code < 46 else 51))
    return re.sub(r".0{0,5}", char, digits)


def _scf_code(ch: str) -> int:
    """The number one scf character stands for (a digit plus 10 for each zero after it)."""
    code = ord(ch) - (61 if ch > "Z" else 55 if ch > "9" else 48)
    if not 0 <= code < 62:
        raise VariantError(f"not a SudokuPad scf payload (character {ch!r})")
    return code


class _Reader:
    """One SudokuPad puzzle being read: its side, rules text, and what was read or left out."""

    def __init__(self, data: dict):
        self.data = data
        rows = data.get("cells")
        if not isinstance(rows, list) or not rows or not all(isinstance(row, list) for row in rows):
            raise VariantError("not a SudokuPad puzzle (no \"cells\" grid)")
        self.side = len(rows)
        if any(len(row) != self.side for row in rows):
            widths = sorted({len(row) for row in rows})
            raise VariantError(f"SudokuPad grid is not square ({self.side} rows of {widths} cells)")
        self.shape = shape_of(self.side, "SudokuPad")
        self.meta = _metadata(data)
        self.rules = _rules_text(self.meta.get("rules", ""))
        self.text = RulesText(self.rules, str(self.meta.get("title", "")))
        self.constraints: list = []
        self.unknown: list = []
        self.ignored: list = []
        self.used: set = set()  # ids of overlays/underlays read as part of a constraint
        self.negative: dict = {}  # which negative constraints the global list or the rules state
        self.diagonals: set = set()  # the diagonals read as groups ('+', '-')
        self.fog_lights = 0  # cages marking fog lights

    def mentions(self, pattern: str) -> bool:
        """True when the rules text (the title when it is empty) matches `pattern` (lower case)."""
        return self.text.says(pattern)

    @property
    def by_convention(self) -> bool:
        """True when the rules text is empty: drawings are then read as their conventions have them (cages with
        a total as killer cages, lines from a bulb as thermometers, lines from corner to corner as diagonals)."""
        return self.text.from_title

    def cell(self, row: int, col: int) -> Optional[int]:
        """The index of (row, col), None outside the grid."""
        return row * self.side + col if 0 <= row < self.side and 0 <= col < self.side else None

    def shapes(self) -> list:
        """Every overlay and underlay with its center, width, height, text and colours."""
        found = []
        for key in ("underlays", "overlays"):
            for item in self.data.get(key) or []:
                if isinstance(item, dict) and _point(item.get("center")) is not None:
                    found.append(item)
        return found


def read_sudokupad(data: dict) -> Sudoku:
    """A Sudoku from SudokuPad's puzzle JSON (unzipped, long keys)."""
    data, frame = framed(data)
    reader = _Reader(data)
    reader.ignored.extend(frame)
    regions = _regions(reader)
    for step in (_globals, _cages, _marks, _arrows, _lines, _outside_clues, _parity, _clones, _shaded_regions):
        step(reader, regions)
    if reader.by_convention:
        reader.unknown.append("no rules text: the drawing is read by its conventions alone (killer cages, "
                              "thermometers, arrows, dots, X and V); rules kept elsewhere (a video, the puzzle's page) "
                              "are not known")
    _leftovers(reader)
    _unknown_keys(reader)
    solution = reader.meta.get("solution", "")
    return Sudoku.of(
        link_puzzle(reader.shape, _givens(reader)), tuple(reader.constraints), regions, published=True,
        title=str(reader.meta.get("title", "")), author=str(reader.meta.get("author", "")), rules_text=reader.rules,
        solution=checked_solution(_solution_digits(solution, reader.side), reader.side),
        unknown=tuple(reader.unknown), ignored=tuple(reader.ignored))


def _metadata(data: dict) -> dict:
    """Title, author, rules, solution: from "metadata" and from metadata cages ("title: ...")."""
    meta = dict(data.get("metadata") or {}) if isinstance(data.get("metadata"), dict) else {}
    for cage in data.get("cages") or []:
        if isinstance(cage, dict) and not cage.get("cells"):
            match = META.match(str(cage.get("value", "")))
            if match:
                key = match.group(1).lower()
                meta[key] = meta[key] + "\n" + match.group(2) if key == "rules" and key in meta else \
                    meta.get(key, match.group(2))
    return meta


def _rules_text(rules) -> str:
    """The rules as one text (SudokuPad allows a list of paragraphs; some tools write line breaks as '\\n')."""
    text = "\n".join(map(str, rules)) if isinstance(rules, list) else str(rules)
    return text.replace("\\r\\n", "\n").replace("\\n", "\n")


def _solution_digits(solution, side: int) -> list:
    """The stated solution's digits ('?' or '.' for unknown cells: then no solution)."""
    if isinstance(solution, list):
        return solution
    text = str(solution).strip()
    return text.split(",") if "," in text else list(text) if side <= 9 else []


def _givens(reader: _Reader) -> tuple:
    """Every cell's given digit (0 for none)."""
    values = []
    for row in reader.data["cells"]:
        for cell in row:
            value = cell.get("value") if isinstance(cell, dict) else None
            digit = int(value) if isinstance(value, int) or str(value).strip().isdigit() else 0
            if not 0 <= digit <= reader.side:
                raise VariantError(f"SudokuPad given {value!r} is not a digit 1-{reader.side}")
            values.append(digit)
    return tuple(values)


def _regions(reader: _Reader) -> Optional[tuple]:
    """The regions (lists of [row, col]); the boxes when none are given."""
    regions = reader.data.get("regions")
    if not regions:
        needs_regions(reader.shape, None, "SudokuPad")
        reader.ignored.append("no regions drawn: the standard boxes assumed")
        return None
    try:
        cells = [[reader.cell(int(row), int(col)) for row, col in region] for region in regions
                 if region not in ([], [{}])]  # an empty region draws nothing
    except (TypeError, ValueError):
        raise VariantError("SudokuPad \"regions\" are not lists of [row, column]") from None
    if any(cell is None for region in cells for cell in region):
        raise VariantError("SudokuPad region cell lies outside the grid")
    found = checked_regions(reader.shape, _drawn_once(reader, cells), "SudokuPad")
    needs_regions(reader.shape, found, "SudokuPad")
    return found


def _drawn_once(reader: _Reader, regions: list) -> list:
    """The regions, one drawn twice (the same cells) read once; when that leaves one region short, the cells in no
    region drawn make it, as the region borders show them."""
    once = list(dict.fromkeys(tuple(sorted(region)) for region in regions))
    if len(once) == len(regions):
        return regions
    left = sorted(set(range(reader.side * reader.side)) - {cell for region in once for cell in region})
    if len(once) == reader.side - 1 and len(left) == reader.side:
        once.append(tuple(left))
        reader.ignored.append("a region drawn twice: read once, the cells in no region drawn as the last one")
    else:
        reader.ignored.append("a region drawn twice: read once")
    return once


def _globals(reader: _Reader, regions: Optional[tuple]) -> None:
    """Rules over the whole grid, from the "global" list, the metadata flags and the rules text: anti-knight,
    anti-king, disjoint groups, windoku, diagonals, non-consecutive (diagonally too), and the negative constraints
    (marks all given, sums no two neighbours make)."""
    names = [str(name).lower() for name in reader.data.get("global") or []]
    side, flags = reader.side, {key for key in ("antiknight", "antiking") if _flag(reader.meta.get(key))}
    said = reader.text.global_rules()
    if "antiknight" in names or "antiknight" in flags or "anti-knight" in said:
        reader.constraints.append(constraints.anti_knight(side))
    if "antiking" in names or "antiking" in flags or "anti-king" in said:
        reader.constraints.append(constraints.anti_king(side))
    if "disjoint" in names or "disjoint" in said:
        reader.constraints.extend(constraints.disjoint_groups(regions if regions is not None else reader.shape.boxes))
    if "windoku" in said and reader.shape.box_rows == reader.shape.box_cols:
        reader.constraints.extend(constraints.windows(reader.shape))
    if "diagonal nonconsecutive" in said:
        reader.constraints.append(constraints.DiagonalNonconsecutive(side))
    reader.constraints.extend(text_indexers(reader.text, side))
    _diagonals(reader, said)
    known = {"antiknight", "antiking", "disjoint", "nonconsecutive", "antiratio", "antidifference", "antixv"}
    reader.unknown.extend(f"global {name}" for name in names if name not in known)
    given = reader.text.all_given()
    reader.negative = {"white": "nonconsecutive" in names or "antidifference" in names or "nonconsecutive" in said
                       or "white" in given, "black": "antiratio" in names or "black" in given,
                       "x": "antixv" in names or "x" in given, "v": "antixv" in names or "v" in given,
                       "sums": reader.text.forbidden_sums()}


def _diagonals(reader: _Reader, said: set) -> None:
    """The diagonals the rules make groups of: both, one, or those drawn corner to corner ('the marked
    diagonals'); with no rules text, the drawn ones (the classic X marking)."""
    drawn = {which for which in (_drawn_diagonal(reader, line) for line in reader.data.get("lines") or []) if which}
    if "diagonal" in said:
        which = drawn or {"+", "-"}
    elif said & {"diagonal+", "diagonal-"}:
        which = {name[-1] for name in said if name in ("diagonal+", "diagonal-")}
    elif "diagonal marked" in said or reader.by_convention:
        which = drawn
    else:
        which = set()
    for sign in sorted(which):
        reader.constraints.extend(constraints.diagonals(reader.side, sign))
    reader.diagonals = which


def _drawn_diagonal(reader: _Reader, line) -> Optional[str]:
    """'-' or '+' for a line from corner to corner of the grid, else None."""
    if not isinstance(line, dict):
        return None
    points = [_point(p) for p in line.get("wayPoints") or []]
    if len(points) != 2 or None in points or any(abs(v - round(v)) > 0.05 for point in points for v in point):
        return None
    n, ends = reader.side, {tuple(map(round, point)) for point in points}
    return "-" if ends == {(0, 0), (n, n)} else "+" if ends == {(0, n), (n, 0)} else None


def _flag(value) -> bool:
    """True for a metadata flag that is set (SudokuPad keeps f-puzzles' antiknight/antiking there)."""
    return value is True or str(value).strip().lower() == "true"


def _cages(reader: _Reader, regions: Optional[tuple]) -> None:
    """Killer cages (with or without a total; sum cages when the rules let digits repeat in cages), extra regions;
    fog lights and cages whose value is text, not a sum, are named in `unknown`; metadata cages are texts; drawn
    cages without a rule are ignored. Cages are killer cages when the rules speak of cages, or say nothing."""
    drawn, texts = 0, []
    repeats = reader.text.cage_repeats()
    for cage in reader.data.get("cages") or []:
        if not isinstance(cage, dict) or not cage.get("cells"):
            continue
        cells = _cells(reader, cage.get("cells"))
        style, unique, value = cage.get("style"), cage.get("unique"), str(cage.get("value") or "").strip()
        if cells is None or cage.get("hidden") or cage.get("type") == "disjoint" or _meta_tag(value):
            continue
        if FOG_LIGHT.match(value):
            reader.fog_lights += len(cells)
        elif style == "extraregion":
            reader.constraints.append(constraints.Distinct(cells, "extra region"))
        elif style in (None, "killer") and (unique is True or unique is None and "outlineC" not in cage
                                           and (reader.text.mentions("cage") or reader.by_convention)):
            total = _number(cage.get("sum", cage.get("value")))
            if total is None and value:
                texts.append(value)
            elif repeats and total is not None:
                reader.constraints.append(constraints.CageSum(cells, total))
            elif repeats:
                drawn += 1  # no total and digits may repeat: no rule
            else:
                reader.constraints.append(constraints.Killer(cells, total))
        else:
            drawn += 1
    if texts:
        reader.unknown.append(text_cages(texts))
    if reader.by_convention and not reader.text.mentions("cage"):
        drawn += _no_killer_convention(reader)
    if drawn:
        reader.ignored.append(count_message(drawn, "cage without a rule", "cages without a rule"))


def _no_killer_convention(reader: _Reader) -> int:
    """With no rules text, cages with totals are read as killer cages; when one total fits no killer cage, the
    convention does not hold for this puzzle: its cages are taken back (their number is returned)."""
    cages = [found for found in reader.constraints if found.kind == "killer" and found.total is not None]
    side = reader.side
    if all(len(cage.cells) <= side and sum(range(1, len(cage.cells) + 1)) <= cage.total
           <= sum(range(side - len(cage.cells) + 1, side + 1)) for cage in cages):
        return 0
    reader.constraints = [found for found in reader.constraints if found.kind != "killer"]
    return len(cages) + 0


def _meta_tag(value: str) -> bool:
    """True for a cage value SudokuPad reads as a text of the puzzle ('msgcorrect: Well done!')."""
    match = META.match(value)
    return match is not None and match.group(1).lower() in META_TAGS


def _unknown_keys(reader: _Reader) -> None:
    """Name the fog of war, the metadata flags puzzlesat cannot follow and the keys it does not know."""
    data = reader.data
    if reader.fog_lights or any(key in data for key in FOG_KEYS):
        lit = data.get("foglight")
        reader.unknown.append(fog_lights(reader.fog_lights + (len(lit) if isinstance(lit, list) else 0)))
    if _flag(reader.meta.get("norowcol")):
        reader.unknown.append("metadata norowcol (digits may repeat in rows and columns)")
    for key, value in data.items():
        if key not in READ_KEYS and key not in NO_RULE_KEYS and key not in FOG_KEYS:
            reader.unknown.append(f"{key} ({len(value) if isinstance(value, list) else 1})")


def _cells(reader: _Reader, places) -> Optional[tuple]:
    """Cell indexes of [row, col] pairs; None if any lies outside the grid or is malformed."""
    try:
        cells = tuple(reader.cell(int(row), int(col)) for row, col in places)
    except (TypeError, ValueError):
        return None
    return None if None in cells else cells


def _number(value) -> Optional[int]:
    """An int from a number or a string of digits; None otherwise."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)) and float(value).is_integer():
        return int(value)
    text = str(value).strip()
    return int(text) if re.fullmatch(r"\d+", text) else None


def _point(value) -> Optional[tuple]:
    """(y, x) floats from [y, x]; None if malformed."""
    try:
        y, x = value
        return float(y), float(x)
    except (TypeError, ValueError):
        return None


def _edge(reader: _Reader, y: float, x: float) -> Optional[tuple]:
    """The two cells an edge midpoint (y, x) lies between (sorted), or None."""
    near = lambda v, target: abs(v - target) < 0.08  # noqa: E731
    if near(y, round(y)) and near(x % 1, 0.5):
        a, b = reader.cell(round(y) - 1, math.floor(x)), reader.cell(round(y), math.floor(x))
    elif near(x, round(x)) and near(y % 1, 0.5):
        a, b = reader.cell(math.floor(y), round(x) - 1), reader.cell(math.floor(y), round(x))
    else:
        return None
    return (a, b) if a is not None and b is not None else None


def _marks(reader: _Reader, regions: Optional[tuple]) -> None:
    """Kropki dots and XV marks on edges, quadruple circles on corners; then the negative constraints."""
    kropki, xv = set(), set()
    meanings = reader.text.dot_meanings()
    for item in reader.shapes():
        y, x = _point(item.get("center"))
        text = str(item.get("text", "") if item.get("text") is not None else "").strip()
        size = max(float(item.get("width") or 0), float(item.get("height") or 0))
        pair = _edge(reader, y, x)
        if pair and text.upper() in ("X", "V"):
            reader.constraints.append(constraints.XV(*pair, 10 if text.upper() == "X" else 5))
            xv.add(pair)
        elif pair and item.get("rounded") and 0 < size <= 0.45:
            meaning = _dot_meaning(item.get("backgroundColor"), meanings)
            if meaning is None:
                continue
            reader.constraints.append(_dot(pair, meaning, _number(text)))
            kropki.add(pair)
        elif _corner(reader, y, x) and item.get("rounded") and not text and 0.3 <= size <= 0.9 \
                and _digits_around(reader, y, x, size):
            digits, parts = _digits_around(reader, y, x, size)
            reader.constraints.append(constraints.Quadruple(_corner(reader, y, x), digits))
            reader.used.update(id(part) for part in parts)
        elif _corner(reader, y, x) and item.get("rounded") and _quadruple_digits(text, reader.side):
            reader.constraints.append(constraints.Quadruple(_corner(reader, y, x),
                                                            _quadruple_digits(text, reader.side)))
        else:
            continue
        reader.used.add(id(item))
    flags = reader.negative
    kinds = [kind for kind in ("white", "black") if flags[kind]] + _negative_dots(reader, meanings)
    if kinds:
        reader.constraints.extend(negatives(reader.side, list(dict.fromkeys(kinds)), kropki))
    sums = [kind for kind in ("x", "v") if flags[kind]] + [
        {10: "x", 5: "v"}.get(total, f"sum:{total}") for total in sorted(flags["sums"])]
    if sums:
        reader.constraints.extend(negatives(reader.side, list(dict.fromkeys(sums)), xv))


def _dot_meaning(colour, meanings: dict) -> Optional[tuple]:
    """(relation, number) for a dot of this colour: as the rules give it (for every dot, or by the colour words they
    use), else white for consecutive and black for a ratio of 2, as Kropki dots go; None for other colours and for
    dots whose rule the rules change."""
    if "any" in meanings:
        return meanings["any"]
    if meanings:
        word = nearest(colour, meanings, within=45.0)
        if word is not None:
            return meanings[word]
    return {"white": ("difference", 1), "black": ("ratio", 2)}.get(family(colour))


def _negative_dots(reader: _Reader, meanings: dict) -> list:
    """The negative constraints the rules state for dots: every kind of dot, or dots of a colour, all given."""
    given = reader.text.all_given() - {"white", "black", "x", "v"}
    if not given:
        return []
    if "dots" in given:
        chosen = [meaning for meaning in meanings.values() if meaning] or [("difference", 1), ("ratio", 2)]
    else:
        chosen = [meanings.get(word) or {"white": ("difference", 1), "black": ("ratio", 2)}.get(word) for word in given]
    return [_relation(*meaning) for meaning in chosen if meaning]


def _relation(relation: str, value: int) -> str:
    """A negative constraint's relation name: 'white', 'black', 'difference:N', 'ratio:N'."""
    if (relation, value) == ("difference", 1):
        return "white"
    return "black" if (relation, value) == ("ratio", 2) else f"{relation}:{value}"


def _dot(pair: tuple, meaning: tuple, value: Optional[int]):
    """A Kropki dot, or a difference / ratio of another number (the rules', or written in the dot)."""
    relation, number = meaning
    number = value if value is not None else number
    if relation == "difference":
        return constraints.Kropki(*pair, "white") if number == 1 else constraints.Difference(*pair, number)
    return constraints.Kropki(*pair, "black") if number == 2 else constraints.Ratio(*pair, number)


def _digits_around(reader: _Reader, y: float, x: float, size: float) -> Optional[tuple]:
    """(digits, their shapes) written in small texts inside a circle on a grid corner (a quadruple whose digits
    SudokuPad keeps apart), or None."""
    parts, digits = [], []
    for item in reader.shapes():
        text = str(item.get("text") if item.get("text") is not None else "").strip()
        cy, cx = _point(item.get("center"))
        if text and re.fullmatch(r"[\d\s,]+", text) and math.hypot(cy - y, cx - x) <= size / 2:
            parts.append(item)
            digits.extend(_quadruple_digits(text, reader.side) or [0])
    if not digits or len(digits) > 4 or not all(1 <= digit <= reader.side for digit in digits):
        return None
    return tuple(sorted(digits)), parts


def _quadruple_digits(text: str, side: int) -> tuple:
    """The digits written in a quadruple circle ('1 2', '1,2', '257': one digit a character up to 9x9), or ()."""
    if not text or not re.fullmatch(r"[\d\s,]+", text):
        return ()
    numbers = re.findall(r"\d", text) if side <= 9 else re.findall(r"\d+", text)
    digits = tuple(sorted(int(number) for number in numbers))
    return digits if digits and all(1 <= digit <= side for digit in digits) and len(digits) <= 4 else ()


def _corner(reader: _Reader, y: float, x: float) -> Optional[tuple]:
    """The four cells around an inner grid corner at (y, x), or None."""
    if abs(y - round(y)) > 0.08 or abs(x - round(x)) > 0.08:
        return None
    row, col = round(y), round(x)
    if not (0 < row < reader.side and 0 < col < reader.side):
        return None
    return tuple(reader.cell(r, c) for r in (row - 1, row) for c in (col - 1, col))


def _bulbs(reader: _Reader) -> dict:
    """Circles on cells (rounded shapes at least half a cell wide, no text): cell -> the shapes covering it."""
    bulbs: dict = {}
    for item in reader.shapes():
        if not item.get("rounded") or str(item.get("text") or "").strip():
            continue
        width, height = float(item.get("width") or 0), float(item.get("height") or 0)
        if min(width, height) < 0.5:
            continue
        y, x = _point(item.get("center"))
        for cell in _covered(reader, y, x, width, height):
            bulbs.setdefault(cell, []).append(item)
    return bulbs


def _covered(reader: _Reader, y: float, x: float, width: float, height: float) -> list:
    """The cells whose centres lie inside a shape of this centre and size."""
    cells = []
    for row in range(math.floor(y - height / 2), math.ceil(y + height / 2)):
        for col in range(math.floor(x - width / 2), math.ceil(x + width / 2)):
            if abs(row + 0.5 - y) < height / 2 and abs(col + 0.5 - x) < width / 2 and reader.cell(row, col) is not None:
                cells.append(reader.cell(row, col))
    return cells


def _arrows(reader: _Reader, regions: Optional[tuple]) -> None:
    """Arrows from a bulb: one Arrow per arrow; diagonal arrows beside the grid: little killers."""
    bulbs = _bulbs(reader)
    texts = _outside_texts(reader)
    other = 0
    for arrow in reader.data.get("arrows") or []:
        points = [_point(p) for p in (arrow.get("wayPoints") or [])] if isinstance(arrow, dict) else [None]
        if not points:
            continue  # an arrow without way points draws nothing
        if len(points) < 2 or None in points:
            other += 1
            continue
        start = (math.floor(points[0][0]), math.floor(points[0][1]))
        if reader.cell(*start) is None:
            if not (reader.text.mentions("little killer") or reader.by_convention) \
                    or not _little_killer(reader, points, texts):
                other += 1
            continue
        path = path_cells([start] + [(math.floor(y), math.floor(x)) for y, x in points[1:]], reader.side)
        bulb = bulbs.get(reader.cell(*start))
        if path is None or not bulb:
            other += 1
            continue
        circle = tuple(sorted(set(_covered(reader, *_point(bulb[0]["center"]), float(bulb[0].get("width") or 0),
                                           float(bulb[0].get("height") or 0)))))
        shaft = tuple(dict.fromkeys(cell for cell in path if cell not in circle))
        if shaft:
            reader.constraints.append(constraints.Arrow(circle, shaft))
            reader.used.update(id(item) for item in bulb)
    if other:
        reader.ignored.append(count_message(other, "arrow not read (no bulb, or no little killer the rules name)",
                                            "arrows not read (no bulb, or no little killer the rules name)"))


def _outside_texts(reader: _Reader) -> dict:
    """Numbers written beside the grid: (row, col) of the outside cell -> (number, shape)."""
    found = {}
    for item in reader.shapes():
        y, x = _point(item.get("center"))
        number = _number(str(item.get("text") or "").strip())
        row, col = math.floor(y), math.floor(x)
        if number is not None and reader.cell(row, col) is None and -1 <= row <= reader.side \
                and -1 <= col <= reader.side:
            found[(row, col)] = (number, item)
    return found


def _little_killer(reader: _Reader, points: list, texts: dict) -> bool:
    """A little killer from a short diagonal arrow beside the grid next to a number; False if it is not one."""
    (y0, x0), (y1, x1) = points[0], points[-1]
    dy, dx = y1 - y0, x1 - x0
    if abs(dy) < 1e-9 or abs(abs(dy) - abs(dx)) > 0.05:
        return False
    direction = (1 if dy > 0 else -1, 1 if dx > 0 else -1)
    clue = texts.get((math.floor(y0), math.floor(x0)))
    if clue is None:
        return False
    cells = ray(math.floor(y0), math.floor(x0), *direction, reader.side)
    if not cells:
        return False
    reader.constraints.append(constraints.LittleKiller(cells, clue[0]))
    reader.used.add(id(clue[1]))
    return True


def _lines(reader: _Reader, regions: Optional[tuple]) -> None:
    """Lines through cell centres, pieces joined (pad_lines.joined), read by the rules: thermometers (from a
    bulb), between lines (circles at both ends), and the families the rules name by colour (pad_lines.kind_of);
    diagonals from corner to corner as the rules have them (_diagonals)."""
    bulbs = _bulbs(reader)
    kinds = reader.text.line_kinds(reader.side)
    if reader.by_convention:  # f-puzzles' palindromes: plain grey lines (a grey line from a bulb is a thermometer)
        kinds = [LineKind("palindrome", None, ("grey",))]
    left: Counter = Counter()
    pieces = []
    for line in reader.data.get("lines") or []:
        if not isinstance(line, dict):
            continue
        points = [_point(p) for p in line.get("wayPoints") or []]
        if None in points or len(points) < 2:
            continue
        which = _drawn_diagonal(reader, line)
        if which:
            if which not in reader.diagonals:
                reader.ignored.append(f"diagonal line {which} (the rules make no group of it)")
            continue
        path = _centre_path(reader, points)
        if path is None or len(path) < 2:
            if path is None and float(line.get("thickness") or 0) > 1:
                left["line not through cell centres"] += 1
            continue
        pieces.append(Drawn(path, str(line.get("color") or ""), float(line.get("thickness") or 0)))
    for figure in figures(pieces):
        if len(figure) > 1 and _read_figure(reader, figure, bulbs, kinds):
            continue
        seen = set()
        for drawn in joined(figure, bulbs):
            if drawn.cells in seen or drawn.cells[::-1] in seen:
                continue
            seen.add(drawn.cells)
            if not _read_line(reader, drawn, bulbs, kinds):
                left[f"line ({drawn.colour or 'no colour'})"] += 1
    reader.ignored.extend(f"{count} x {what} not identified from the rules" if count > 1 else
                          f"{what} not identified from the rules" for what, count in left.items())


def _read_figure(reader: _Reader, figure: list, bulbs: dict, kinds: list) -> bool:
    """A figure of several pieces (pad_lines.figures) read whole when its family takes a shape rather than a
    stroke: a thermometer with branches from its one bulb, a region-sum line or renban drawn with branches; False
    when it is to be read piece by piece."""
    links = links_of(figure)
    cells = tuple(dict.fromkeys(cell for line in figure for cell in line.cells))
    colour = figure[0].colour
    filled = [cell for cell in cells if cell in bulbs and any(_filled_like(item, colour) for item in bulbs[cell])]
    thermos = [kind for kind in kinds if kind.family in ("thermometer", "slow thermometer")]
    if (thermos or reader.by_convention) and len(filled) == 1 and len(links) == len(cells) - 1:  # a tree
        slow = nearest_kind(colour, thermos) if thermos else None
        for branch in branches(links, filled[0]):
            reader.constraints.append(constraints.Thermometer(branch, slow=bool(slow and slow.family[0] == "s")))
        reader.used.update(id(item) for item in bulbs[filled[0]])
        return True
    kind = kind_of(colour, kinds)
    if kind is not None and kind.family == "region sum":
        reader.constraints.append(constraints.RegionSumLine(cells, links))
        return True
    if kind is not None and kind.family in ("renban", "nabner"):
        reader.constraints.extend(line_constraints(kind, cells))
        return True
    return False


def _read_line(reader: _Reader, drawn: Drawn, bulbs: dict, kinds: list) -> bool:
    """Read one line; False when no rule fits it."""
    path = drawn.cells
    ended = _ended_by_circles(reader, drawn, bulbs, kinds)
    if ended is not None:
        reader.constraints.append(ended(path))
        reader.used.update(id(item) for item in bulbs[path[0]] + bulbs[path[-1]])
        return True
    thermos = [kind for kind in kinds if kind.family in ("thermometer", "slow thermometer")]
    on_line = [cell for cell in dict.fromkeys(path) if cell in bulbs]
    other = kind_of(drawn.colour, kinds)
    if len(on_line) > 1 or other is not None and is_near(drawn.colour, other):
        # a thermometer's bulb is filled in the line's colour; other circles, or a circle on a line whose colour
        # the rules give another family, are something else
        on_line = [cell for cell in on_line if any(_filled_like(item, drawn.colour) for item in bulbs[cell])]
    if (thermos or reader.by_convention) and len(on_line) == 1 and not drawn.loop:
        slow = nearest_kind(drawn.colour, thermos) if thermos else None
        for cells in branches(links_of([drawn]), on_line[0]):  # a bulb mid-stroke, a stroke out and back
            reader.constraints.append(constraints.Thermometer(cells, slow=bool(slow and slow.family[0] == "s")))
        reader.used.update(id(item) for item in bulbs[on_line[0]])
        return True
    kind = kind_of(drawn.colour, kinds)
    if kind is None or reader.by_convention and not _may_mirror(reader, drawn.cells):
        return False
    reader.constraints.extend(line_constraints(kind, drawn.cells, reader.shape.cell_name(drawn.cells[0])))
    return True


def _may_mirror(reader: _Reader, cells: tuple) -> bool:
    """False when a line cannot read the same both ways: two cells equally far from its centre share a row or a
    column (a grey line that is no palindrome, say a thermometer drawn without its bulb)."""
    lines = reader.shape.rows + reader.shape.columns
    return not any(any(a in line and b in line for line in lines)
                   for a, b in zip(cells[:len(cells) // 2], cells[::-1]))


def _ended_by_circles(reader: _Reader, drawn: Drawn, bulbs: dict, kinds: list):
    """The constraint class of a line with a circle at both ends, when the rules name such a family: between lines
    or double arrows (the sum of the two circles), told apart by colour when the rules name both, and of the colour
    the rules give it; None otherwise (or when the line's colour is another family's)."""
    path = drawn.cells
    if not (path[0] in bulbs and path[-1] in bulbs) or drawn.loop:
        return None
    named = [family for family in ("between", "double arrow") if reader.text.mentions(family)]
    candidates = [kind for kind in kinds if kind.family in named]
    other = kind_of(drawn.colour, kinds)
    if other is not None and is_near(drawn.colour, other):
        candidates.append(other)
    told = nearest_kind(drawn.colour, candidates)
    if told is not None:
        if told is other or told.colours and not is_near(drawn.colour, told) or len(named) > 1 and not told.colours:
            return None  # the line's colour is another family's, or not the one the rules give it
        named = [told.family]
    if len(named) != 1:
        return None
    return constraints.Between if named[0] == "between" else constraints.DoubleArrow


def _filled_like(item: dict, colour) -> bool:
    """True for a shape filled in (about) the given colour."""
    fill, line = rgb(item.get("backgroundColor")), rgb(colour)
    return fill is not None and line is not None and distance(fill, line) < 10


def _centre_path(reader: _Reader, points: list) -> Optional[tuple]:
    """The cells of a line whose way points lie inside cells (off the grid lines), None otherwise."""
    places = []
    for y, x in points:
        if min(y % 1, 1 - y % 1) < 0.05 or min(x % 1, 1 - x % 1) < 0.05:
            return None
        place = (math.floor(y), math.floor(x))
        if not places or places[-1] != place:
            places.append(place)
    return path_cells(places, reader.side)


def _outside_clues(reader: _Reader, regions: Optional[tuple]) -> None:
    """Numbers beside a row or column: sandwich, X-sum or skyscraper clues when the rules name one of them."""
    kinds = [kind for kind in (constraints.Sandwich, constraints.XSum, constraints.Skyscraper)
             if reader.text.mentions(kind.kind)]
    clues = [(place, number, item) for place, (number, item) in _outside_texts(reader).items()
             if id(item) not in reader.used]
    if not clues:
        return
    if len(kinds) != 1:
        reader.ignored.append(count_message(len(clues), "number beside the grid", "numbers beside the grid")
                              + (" (the rules name none of sandwich, X-sum, skyscraper)" if not kinds else
                                 f" (the rules name {', '.join(kind.kind for kind in kinds)})"))
        return
    for (row, col), number, item in clues:
        cells = outside_line(row, col, reader.side)
        if cells is None:
            reader.ignored.append(f"number {number} beside the grid at corner r{row + 1}c{col + 1}")
            continue
        reader.constraints.append(kinds[0](cells, number))
        reader.used.add(id(item))


def _parity(reader: _Reader, regions: Optional[tuple]) -> None:
    """Circles and squares inside cells the rules call odd or even (a circle odd and a square even unless the rules
    say which shape or colour is which; whole shaded cells only when the rules speak of shading), each not used for
    another rule; or the very cells the rules name ('the grey cell in row 2 column 8 is even')."""
    looks = {parity: _parity_look(reader, parity) for parity in ("odd", "even") if _parity_sentences(reader, parity)}
    if not looks:
        return
    named = {parity: _cells_named(reader, parity) for parity in looks}
    for parity, cells in named.items():
        reader.constraints.extend(constraints.Parity(cell, odd=parity == "odd") for cell in cells)
    for item in reader.shapes():
        if id(item) in reader.used or str(item.get("text") or "").strip():
            continue
        y, x = _point(item.get("center"))
        size = float(item.get("width") or 0)
        cell = reader.cell(math.floor(y), math.floor(x))
        if cell is None or abs(y % 1 - 0.5) > 0.05 or abs(x % 1 - 0.5) > 0.05 or not 0.4 <= size <= 1.0:
            continue
        if any(cell in cells for cells in named.values()):
            reader.used.add(id(item))
            continue
        shape = "circle" if item.get("rounded") else "square"
        colour = item.get("backgroundColor") or item.get("borderColor")
        fits = [parity for parity, (wanted, colours, shaded) in looks.items() if wanted == shape
                and not named[parity] and (size < 0.95 or shaded) and _named_colour(colour, colours)]
        if len(fits) == 2:
            fits = _by_colour(colour, looks)
        if len(fits) != 1:
            continue
        reader.constraints.append(constraints.Parity(cell, odd=fits[0] == "odd"))
        reader.used.add(id(item))


def _clones(reader: _Reader, regions: Optional[tuple]) -> None:
    """Clones drawn as shaded cells, when the rules speak of them ('grey and yellow cell groups are clones'): the
    groups of orthogonally touching whole-cell shadings of one colour, when there are several and all have one
    shape, hold the same digits in the same places (a Clone of the first with each other)."""
    if not reader.text.mentions("clone"):
        return
    for cells in _shadings(reader).values():
        groups = sorted((tuple(sorted(group)) for group in _touching(cells, reader.side)), key=min)
        offsets = {tuple((cell // reader.side - group[0] // reader.side, cell % reader.side - group[0] % reader.side)
                         for cell in group) for group in groups}
        if len(groups) < 2 or len(offsets) != 1:
            continue
        reader.constraints.extend(constraints.Clone(groups[0], copy) for copy in groups[1:])
        reader.used.update(id(item) for item in cells.values())


def _shadings(reader: _Reader) -> dict:
    """Whole-cell shadings not read yet, by colour: colour -> {cell: shape}."""
    shaded: dict = {}
    for item in reader.shapes():
        y, x = _point(item.get("center"))
        cell = reader.cell(math.floor(y), math.floor(x))
        if id(item) in reader.used or item.get("rounded") or cell is None or str(item.get("text") or "").strip() \
                or min(float(item.get("width") or 0), float(item.get("height") or 0)) < 0.95:
            continue
        shaded.setdefault(str(item.get("backgroundColor") or "").lower(), {})[cell] = item
    return shaded


def _shaded_regions(reader: _Reader, regions: Optional[tuple]) -> None:
    """Extra regions drawn as shaded cells, when the rules speak of them ('each shaded region contains 1-9'): each
    region of whole-cell shadings of one colour (_colour_regions), of two to `side` cells, is a group of distinct
    digits."""
    if not reader.text.mentions("extra region") or any(getattr(c, "name", "").startswith("extra region")
                                                        for c in reader.constraints):
        return
    shaded = _shadings(reader)
    groups = [group for cells in shaded.values() for group in _colour_regions(cells, reader.side)]
    if not groups or any(not 2 <= len(group) <= reader.side for group in groups):
        return
    for index, group in enumerate(sorted(groups, key=min), 1):
        reader.constraints.append(constraints.Distinct(tuple(sorted(group)), f"extra region {index}"))
        reader.used.update(id(shaded_item) for cells in shaded.values() for cell, shaded_item in cells.items()
                           if cell in group)


def _colour_regions(cells: dict, side: int) -> list:
    """The regions the cells shaded in one colour make: each group of orthogonally touching cells, or the colour's
    cells all together when they are `side` many (a region of every digit), or fewer and some touch no other of
    their colour (a region drawn cell by cell, diagonally or apart)."""
    groups = _touching(cells, side)
    if len(cells) == side or len(cells) < side and any(len(group) == 1 for group in groups):
        return [set(cells)]
    return groups


def _touching(cells: dict, side: int) -> list:
    """The cells cut into groups of orthogonal neighbours."""
    left, groups = set(cells), []
    while left:
        group, todo = set(), [left.pop()]
        while todo:
            cell = todo.pop()
            group.add(cell)
            row, col = divmod(cell, side)
            for other in ((row - 1) * side + col, (row + 1) * side + col, cell - 1 if col else -1,
                          cell + 1 if col < side - 1 else -1):
                if other in left:
                    left.discard(other)
                    todo.append(other)
        groups.append(group)
    return groups


BASIC_COLOURS = ("red", "orange", "yellow", "green", "blue", "purple", "pink", "grey", "black", "white", "brown")


def _named_colour(colour, words: tuple) -> bool:
    """True when the rules name no colour, or the colour is one they name: near it, or nearer it than any other
    basic colour."""
    return not words or min(word_distance(colour, word) for word in words) <= 25 or \
        nearest(colour, tuple(words) + BASIC_COLOURS, within=math.inf) in words


def _cells_named(reader: _Reader, parity: str) -> set:
    """The cells odd or even sentences name ('r2c8', 'row 2 column 8')."""
    found = set()
    for sentence in reader.text.about(parity):
        for match in re.finditer(r"\br(\d+) ?c(\d+)\b|\brow (\d+),? (?:and )?column (\d+)", sentence.text):
            row, col = (int(value) for value in match.groups() if value)
            cell = reader.cell(row - 1, col - 1)
            if cell is not None:
                found.add(cell)
    return found


def _parity_look(reader: _Reader, parity: str) -> tuple:
    """(the shape, the colour words, whether whole shaded cells count) the rules give odd or even cells: 'circle'
    for odd and 'square' for even unless their sentences name the other shape or speak of shaded cells."""
    sentences = _parity_sentences(reader, parity)
    circle = any(sentence.says(r"\bcircle") for sentence in sentences)
    shaded = any(sentence.says(r"\bshad|highlight|colou?red (?:cells?|squares?)|\bfilled cells?")
                 for sentence in sentences)
    square = shaded or any(sentence.says(r"\bsquare|\bboxes\b") for sentence in sentences)
    shape = ("square" if square and not circle else "circle") if parity == "odd" else \
        ("circle" if circle and not square else "square")
    colours = tuple(word for sentence in sentences for word, _ in sentence.colours)
    return shape, colours, shaded


def _parity_sentences(reader: _Reader, parity: str) -> list:
    """The sentences that say something is odd (or even), a header before a colon aside ('Odd and Even: a value on a
    grey square is even' says nothing is odd)."""
    return [sentence for sentence in reader.text.about(parity)
            if re.search(rf"\b{parity}s?\b", re.sub(r"^[^:.]{0,40}:", "", sentence.text))]


def _by_colour(colour, looks: dict) -> list:
    """Of odd and even, drawn alike, the one whose colour words lie nearer the colour ([] when none does)."""
    scored = sorted((min((word_distance(colour, word) for word in words), default=math.inf), parity)
                    for parity, (_, words, _) in looks.items())
    return [scored[0][1]] if scored[0][0] < scored[1][0] else []


def _leftovers(reader: _Reader) -> None:
    """Name the overlays and underlays no rule was read from (counted; texts quoted)."""
    shapes, texts = 0, []
    for item in reader.shapes():
        if id(item) in reader.used:
            continue
        text = str(item.get("text") or "").strip()
        if text:
            y, x = _point(item.get("center"))
            texts.append(f"text {text!r} at r{math.floor(y) + 1}c{math.floor(x) + 1}")
        else:
            shapes += 1
    if shapes:
        reader.ignored.append(count_message(shapes, "shape (circle, square or highlight)",
                                            "shapes (circles, squares or highlights)"))
    reader.ignored.extend(texts)
    if reader.meta.get("bgimage") or reader.data.get("bgimage"):
        reader.ignored.append("a background image (whatever it draws is not read)")

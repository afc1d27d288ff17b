"""Steps a variant constraint gives by itself, and the techniques its weak links generalise (puzzlesat.sudoku.logic.links).

- constraint_singles: a digit the constraint must contain with one place left in its cells (Hidden Single, 1.5, as
  in any other unit).
- constraint_eliminations: the candidates of a constraint's cells that no filling of it uses, all at once, named
  after the constraint ('Killer Cage', 'Thermometer', ...). SE has no such step; its price depends on what a person
  must hold in mind, by family (PRICES): a clue on one cell 1.2 (read like a given), a relation between neighbours
  (dots, XV, thermometers, whispers, palindromes, clones, min/max) 1.8, a rule over a line's set of digits (renban,
  between, entropic, region sums, zippers, ...) 2.0, a sum (cages, arrows, little killers, quadruples, indexers)
  2.2, a clue outside the grid over a whole row or column (sandwich, X-sum, skyscraper) 2.4. All sit between SE's
  singles and its Pointing (2.6), where SE puts the steps a person reads straight off one unit.
- link_pointing: every place of a digit in a unit (a house, or a constraint that must contain it) rules out the same
  candidate through the weak links: it goes (Pointing, 2.8 as SE's Claiming; SE's own Pointing and Claiming come first
  and keep their prices). Within houses alone this is SE's Pointing and Claiming; the links of a constraint extend it.
- cell_forcing: every candidate of a cell rules out the same candidate (Cell Forcing, 2.9): a naked single's
  reasoning, one step on (it never fires in classic Sudoku, where two digits of a cell rule out nothing in common).
- combination_eliminations: what a house and the constraints across it rule out together, each filling of the house
  tried against all of them at once: a killer cage's sum against the house's 45 (innies and outies), a
  thermometer's or an arrow's digits against the house's digits (Combination, 2.6 for one constraint and 0.2 more
  for each more, at most 3.4).
"""

from __future__ import annotations

from typing import Iterator

from puzzlesat.sudoku.logic.candidates import CandidateGrid
from puzzlesat.sudoku.logic.links import link_map
from puzzlesat.sudoku.logic.steps import Step

PRICES = {
    1.2: ("odd cell", "even cell", "given pencil marks"),
    1.8: ("kropki", "xv", "difference", "ratio", "negative", "thermometer", "slow thermometer", "whisper",
          "parity line", "palindrome", "clone", "minimum", "maximum", "diagonal non-consecutive", "chess", "taxicab",
          "self-taxicab"),
    2.0: ("renban", "nabner line", "entropic line", "modular line", "between line", "lockout line", "zipper line",
          "region-sum line"),
    2.2: ("killer", "multi-sum killer", "sum cage", "little killer", "arrow", "double arrow", "quadruple", "indexer",
          "row indexer", "column indexer", "box indexer"),
    2.4: ("sandwich", "x-sum", "skyscraper"),
}
PRICE = {kind: price for price, kinds in PRICES.items() for kind in kinds}
DEFAULT_PRICE = 2.2  # a kind not listed: priced as a sum
NAMES = {"killer": "Killer Cage", "multi-sum killer": "Killer Cage", "xv": "XV", "x-sum": "X-Sum"}
POINTING_DIFFICULTY = 2.8
COMBINATION_DIFFICULTY = 2.6
CELL_FORCING_DIFFICULTY = 2.9


def price(kind: str) -> float:
    """The difficulty of a step a constraint of this kind gives by itself."""
    for known, value in PRICE.items():
        if kind == known or kind.startswith(known):
            return value
    return DEFAULT_PRICE


def technique_name(kind: str) -> str:
    """'Killer Cage', 'Thermometer', 'XV', ... from a constraint kind."""
    return NAMES.get(kind, kind.title())


def constraint_singles(board: CandidateGrid, **_) -> Iterator[Step]:
    """Digits a constraint must contain with one place left among its open cells."""
    links = link_map(board)
    values, cands = board.values, board.cands
    for piece, answers in links.answers:
        for digit in answers.must_contain:
            if any(values[cell] == digit for cell in piece.cells):
                continue
            places = [cell for cell in piece.cells if not values[cell] and cands[cell] >> (digit - 1) & 1]
            if len(places) == 1:
                cell = places[0]
                yield Step("Hidden Single", 1.5, ((cell, digit),), (), (cell,), (digit,), piece.name)


def constraint_eliminations(board: CandidateGrid, **_) -> Iterator[Step]:
    """The candidates each constraint rules out by itself, cheapest constraints first."""
    links = link_map(board)
    side, values = board.layout.side, board.values
    found = []
    for order, (piece, answers) in enumerate(links.answers):
        gone = tuple(divmod(cand, side) for cand in answers.impossible)
        gone = tuple((cell, digit + 1) for cell, digit in gone if not values[cell])
        if gone:
            found.append((price(piece.kind), order, piece, gone))
    for difficulty, _, piece, gone in sorted(found, key=lambda entry: entry[:2]):
        yield Step(technique_name(piece.kind), difficulty, eliminations=gone, cells=piece.cells, unit=piece.name)


def combination_eliminations(board: CandidateGrid, **_) -> Iterator[Step]:
    """The candidates a house and the constraints across it rule out together (and none of them alone), the
    combinations of fewest constraints first."""
    links = link_map(board)
    if links.logic is None:
        return
    side, values = board.layout.side, board.values
    found = []
    for order, piece in enumerate(links.logic.combinations):
        gone = [divmod(cand, side) for cand in links.logic.impossible(board, piece)]
        gone = tuple((cell, digit + 1) for cell, digit in gone if not values[cell])
        if gone:
            found.append((combination_price(piece.parts), order, piece, gone))
    for difficulty, _, piece, gone in sorted(found, key=lambda entry: entry[:2]):
        yield Step("Combination", difficulty, eliminations=gone, cells=piece.cells, unit=piece.name)


def combination_price(parts: int) -> float:
    """A house with one constraint 2.6 (SE's Pointing), 0.2 more for each more constraint, at most 3.4."""
    return round(min(COMBINATION_DIFFICULTY + 0.2 * (parts - 1), 3.4), 1)


def link_pointing(board: CandidateGrid, **_) -> Iterator[Step]:
    """A digit whose every place in a unit rules out the same candidate (houses first, then constraints)."""
    links = link_map(board)
    side, values, cands = board.layout.side, board.values, board.cands
    units = [(board.layout.names[index], board.layout.groups[index], range(1, side + 1))
             for index in board.layout.full]
    units += [(piece.name, piece.cells, answers.must_contain) for piece, answers in links.answers]
    for name, cells, digits in units:
        for digit in digits:
            if any(values[cell] == digit for cell in cells):
                continue
            places = [cell for cell in cells if not values[cell] and cands[cell] >> (digit - 1) & 1]
            if len(places) < 2:
                continue
            common = -1
            for cell in places:
                common &= links.excludes[cell * side + digit - 1]
            if common:
                yield Step("Pointing", POINTING_DIFFICULTY, eliminations=_candidates(common, side), cells=tuple(places),
                           digits=(digit,), unit=name)


def cell_forcing(board: CandidateGrid, **_) -> Iterator[Step]:
    """A cell whose every candidate rules out the same candidate elsewhere."""
    links = link_map(board)
    side, values = board.layout.side, board.values
    for cell, mask in enumerate(board.cands):
        if values[cell] or not mask & (mask - 1):
            continue
        common, digits = -1, []
        for digit in range(1, side + 1):
            if mask >> (digit - 1) & 1:
                common &= links.excludes[cell * side + digit - 1]
                digits.append(digit)
        if common:
            yield Step("Cell Forcing", CELL_FORCING_DIFFICULTY, eliminations=_candidates(common, side), cells=(cell,),
                       digits=tuple(digits))


def _candidates(mask: int, side: int) -> tuple:
    """((cell, digit), ...) of a mask over candidate numbers."""
    found = []
    while mask:
        low = mask & -mask
        mask ^= low
        cell, digit = divmod(low.bit_length() - 1, side)
        found.append((cell, digit + 1))
    return tuple(found)

"""Rules on every two cells a given step apart, over the whole grid: chess moves (anti-king, anti-knight, any
leaper, for every digit or some only), taxicab distance, self-taxicab and diagonal non-consecutive.

They are Rangsk's ChessConstraint, TaxicabConstraint, SelfTaxicabConstraint and DiagonalNonconsecutiveConstraint
(SudokuSolver/Constraints/), which are weak links between candidates of cells a step apart; here they are the same
links as clauses. Each rule is a frozen dataclass over the grid's `side` whose `forbids(rows, cols, x, y)` says
whether two cells `rows` rows and `cols` columns apart may not hold x and y: the plain rule, which `holds` checks on
every pair of cells. The encoding works the forbidden digit pairs out once per step, then for every two cells that
step apart:
  - a step that forbids every repeated digit (chess moves for all digits, taxicab) makes the two cells a group,
    encoded as rows are (never x(a, d) and x(b, d), for every d), so the solving techniques see it too;
  - anything else it forbids is binary clauses (enc.forbid_digits): a digit placed removes its partners at once;
  - along a row or column a repeated digit is left out, as rows and columns never repeat one anyway.
A rule, or a chess offset, that links no two cells of its grid outside a row or column is refused (ValueError).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import List, Optional, Sequence

from puzzlesat.sudoku.model.constraints.base import Constraint, Geometry
from puzzlesat.sudoku.model.constraints.encodings import Clause, Encoder

PIECES = {(1, 1): "king", (1, 2): "knight", (1, 3): "camel", (2, 3): "zebra", (1, 4): "giraffe"}  # leapers by offset


@dataclass(frozen=True)
class _Link:
    """The cell pairs one step joins, whether each pair is a group of two, and the digit pairs forbidden besides."""

    pairs: tuple
    group: bool
    forbidden: tuple


@dataclass(frozen=True)
class _Apart(Constraint):
    """A rule on every two cells of a side x side grid by the step between them (see the module)."""

    side: int

    def __post_init__(self):
        if not self._links:
            raise ValueError(f"{self.name} links no two cells of a {self.side}x{self.side} grid "
                             "outside a row or column")

    def forbids(self, rows: int, cols: int, x: int, y: int) -> bool:
        """True when two cells `rows` rows down and `cols` columns across (either sign) may not hold x and y."""
        raise NotImplementedError

    @property
    def name(self) -> str:
        """The rule's name ('taxicab 3')."""
        return self.kind

    @property
    def rule(self) -> str:
        """The rule in a few words, for the legend."""
        raise NotImplementedError

    def footprint(self) -> tuple:
        return tuple(range(self.side * self.side))

    def label(self, geometry: Geometry) -> str:
        return self.name

    def group_label(self, group: Sequence[int], geometry: Geometry) -> str:
        return f"{self.name} {geometry.cell_name(group[0])}-{geometry.cell_name(group[-1])}"

    @property
    def only_groups(self) -> bool:
        return not any(link.forbidden for link in self._links)

    def groups(self) -> tuple:
        return tuple(pair for link in self._links if link.group for pair in link.pairs)

    def clauses(self, enc: Encoder) -> List[Clause]:
        return [clause for link in self._links for a, b in link.pairs
                for clause in enc.forbid_digits(a, b, link.forbidden)]

    def holds(self, values: Sequence[int], geometry: Geometry) -> bool:
        side = self.side
        for a in range(side * side):
            for b in range(a + 1, side * side):
                if self.forbids(b // side - a // side, b % side - a % side, values[a], values[b]):
                    return False
        return True

    @cached_property
    def _links(self) -> tuple:
        """Every step (down, or along the row to the right) that forbids something, as a _Link."""
        side, digits = self.side, range(1, self.side + 1)
        repeats = {(d, d) for d in digits}
        links = []
        for rows in range(side):
            for cols in range(-side + 1, side):
                if rows == 0 and cols <= 0:
                    continue
                bad = {(x, y) for x in digits for y in digits if self.forbids(rows, cols, x, y)}
                if rows == 0 or cols == 0:
                    bad -= repeats
                if bad:
                    group = repeats <= bad
                    links.append(_Link(_pairs(side, rows, cols), group, tuple(sorted(bad - repeats if group else bad))))
        return tuple(links)


def _pairs(side: int, rows: int, cols: int) -> tuple:
    """Every pair of cells (a, b), b `rows` rows down and `cols` columns across from a."""
    return tuple((r * side + c, (r + rows) * side + c + cols)
                 for r in range(side - rows) for c in range(max(0, -cols), min(side, side - cols)))


@dataclass(frozen=True)
class Chess(_Apart):
    """Cells one chess move apart never hold the same digit, or only the `digits` given may not repeat that way.
    A move is an offset (rows, columns) with its mirror images, as Rangsk's ChessConstraint takes them: (1, 1) is
    anti-king, (1, 2) anti-knight, (1, 3) anti-camel. Offsets are kept as (smaller, larger), sorted."""

    offsets: tuple
    digits: Optional[tuple] = None  # None: every digit

    def __post_init__(self):
        offsets = tuple(sorted({tuple(sorted((abs(r), abs(c)))) for r, c in self.offsets}))
        object.__setattr__(self, "offsets", offsets)
        if self.digits is not None:
            object.__setattr__(self, "digits", tuple(sorted(set(self.digits))))
        self._check()
        super().__post_init__()

    def _check(self) -> None:
        """ValueError for no offsets, an offset that links nothing, or digits the grid does not have."""
        side = self.side
        if not self.offsets:
            raise ValueError("a chess rule needs at least one offset")
        for short, long in self.offsets:
            if short == 0:
                raise ValueError(f"chess offset {short},{long} runs along a row or column, which never repeats a "
                                 "digit anyway")
            if long >= side:
                raise ValueError(f"chess offset {short},{long} reaches beyond a {side}x{side} grid")
        if self.digits is not None and not self.digits:
            raise ValueError("a chess rule's digit list is empty")
        for digit in self.digits or ():
            if not 1 <= digit <= side:
                raise ValueError(f"chess digit {digit} is not a digit of a {side}x{side} grid")

    @property
    def kind(self) -> str:
        """'anti-king' and 'anti-knight' for those moves on every digit, else 'chess'."""
        return self.name if self.name.startswith("anti-") else "chess"

    @property
    def name(self) -> str:
        if self.digits is None and self.offsets in (((1, 1),), ((1, 2),)):
            return f"anti-{PIECES[self.offsets[0]]}"
        digits = "" if self.digits is None else ";v" + ",".join(map(str, self.digits))
        return "chess " + ";".join(f"{a},{b}" for a, b in self.offsets) + digits

    @property
    def rule(self) -> str:
        moves = " or ".join(f"{PIECES[o]}'s move" if o in PIECES else f"{o[0]},{o[1]} move" for o in self.offsets)
        if self.digits is None:
            return f"no repeat a {moves} apart"
        return f"no {_or(self.digits)} repeated a {moves} apart"

    def forbids(self, rows: int, cols: int, x: int, y: int) -> bool:
        return (x == y and (self.digits is None or x in self.digits)
                and tuple(sorted((abs(rows), abs(cols)))) in self.offsets)

    def group_label(self, group: Sequence[int], geometry: Geometry) -> str:
        (r0, c0), (r1, c1) = (divmod(cell, self.side) for cell in group)
        piece = PIECES.get(tuple(sorted((abs(r1 - r0), abs(c1 - c0)))), "chess")
        piece = piece if piece == "chess" else piece + "'s"
        return f"{piece} move {geometry.cell_name(group[0])}-{geometry.cell_name(group[-1])}"


@dataclass(frozen=True)
class Taxicab(_Apart):
    """Cells `distance` steps apart along rows and columns (|rows| + |columns|) never hold the same digit
    (Rangsk's TaxicabConstraint)."""

    kind = "taxicab"
    distance: int

    @property
    def name(self) -> str:
        return f"taxicab {self.distance}"

    @property
    def rule(self) -> str:
        return f"no repeat at taxicab distance {self.distance}"

    def forbids(self, rows: int, cols: int, x: int, y: int) -> bool:
        return x == y and abs(rows) + abs(cols) == self.distance


@dataclass(frozen=True)
class SelfTaxicab(_Apart):
    """A digit d never stands d steps along rows and columns (|rows| + |columns| = d) from another d (Rangsk's
    SelfTaxicabConstraint)."""

    kind = "self-taxicab"

    @property
    def rule(self) -> str:
        return "no digit d at taxicab distance d from another d"

    def forbids(self, rows: int, cols: int, x: int, y: int) -> bool:
        return x == y == abs(rows) + abs(cols)


@dataclass(frozen=True)
class DiagonalNonconsecutive(_Apart):
    """Diagonally adjacent cells never hold consecutive digits (Rangsk's DiagonalNonconsecutiveConstraint)."""

    kind = "diagonal non-consecutive"

    @property
    def rule(self) -> str:
        return "no consecutive digits diagonally adjacent"

    def forbids(self, rows: int, cols: int, x: int, y: int) -> bool:
        return abs(rows) == abs(cols) == 1 and abs(x - y) == 1


def anti_king(side: int) -> Chess:
    """Anti-king: no digit repeats diagonally adjacent (orthogonal neighbours already share a row or column)."""
    return Chess(side, ((1, 1),))


def anti_knight(side: int) -> Chess:
    """Anti-knight: no digit repeats a knight's move apart."""
    return Chess(side, ((1, 2),))


def _or(digits: Sequence[int]) -> str:
    """'1, 2 or 3'."""
    words = list(map(str, digits))
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]

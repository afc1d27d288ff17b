"""A Step: one deduction a person can make on the candidate grid, as plain data, with its sentence.

Every technique (puzzlesat.sudoku.logic.techniques) produces Steps; the explainer lists them, the hint gives the first,
the rating takes the hardest. A Step names its technique as Sudoku Explainer does ("Hidden Single", "X-Wing",
"Forcing Chain", ...), carries SE's difficulty for it, what it changes (placements and eliminations), and what it
rests on: the cells and digits of the pattern, the unit it lies in, and for chains the chain itself.

A chain is a tuple of nodes (cell, digit, on): "on" means the cell holds the digit, "off" that it does not. A
step that rests on several chains (cell and region forcing chains, contradictions) has one per branch in `chains`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from puzzlesat import pictures
from puzzlesat.sudoku.model.grid import Puzzle, cell_name

Node = tuple  # (cell, digit, on)


@dataclass(frozen=True)
class Step:
    """One deduction: the technique and its difficulty on SE's scale, what it changes, what it rests on."""

    technique: str
    difficulty: float
    placements: tuple = ()  # ((cell, digit), ...)
    eliminations: tuple = ()  # ((cell, digit), ...)
    cells: tuple = ()  # the cells of the pattern
    digits: tuple = ()  # the digits of the pattern
    unit: Optional[str] = None  # the unit it lies in ('box 2'), when there is one
    chains: tuple = ()  # chains of nodes (cell, digit, on), for chaining techniques
    complexity: int = 0  # the number of nodes a chaining step rests on (orders steps of equal difficulty)

    def shown_on(self, puzzle: Puzzle, values: Sequence[int], candidates: Sequence[int]) -> None:
        """Remember the position the step is taken on (for its picture; not compared, not pickled)."""
        object.__setattr__(self, "_position", (puzzle, tuple(values), tuple(candidates)))

    def __getstate__(self) -> dict:
        return {key: value for key, value in self.__dict__.items() if key != "_position"}

    def _repr_svg_(self) -> Optional[str]:
        """The step on its position, for notebooks (puzzlesat.pictures); None when the position is not known."""
        return pictures.svg(self)

    def where(self) -> tuple:
        """The cells to look at, in reading order: the pattern's, or every cell its chains pass through."""
        cells = set(self.cells) or {node[0] for chain in self.chains for node in chain}
        return tuple(sorted(cells))

    def vague(self, puzzle: Puzzle, reveal: str) -> dict:
        """What a hint reveals short of the whole step (HoDoKu's vague and concrete hints): 'technique', its
        name and difficulty; 'cells', also the unit and the cells to look at. Never the digits or what changes."""
        data = {"technique": self.technique, "difficulty": round(self.difficulty, 1)}
        if reveal == "cells":
            data["unit"] = self.unit
            data["cells"] = [cell_name(c, puzzle.shape.side) for c in self.where()]
        data["text"] = self.vague_text(puzzle, reveal)
        return data

    def vague_text(self, puzzle: Puzzle, reveal: str) -> str:
        """'Hidden Single', or with the cells: 'Hidden Single in box 2: look at r1c6'."""
        if reveal != "cells":
            return self.technique
        where = f" in {self.unit}" if self.unit else ""
        cells = ", ".join(cell_name(c, puzzle.shape.side) for c in self.where())
        return f"{self.technique}{where}: look at {cells}"

    def as_dict(self, puzzle: Puzzle) -> dict:
        """JSON-ready form, cells as 'r3c5' and digits in the puzzle's alphabet."""
        side, symbol = puzzle.shape.side, puzzle.alphabet
        data = {
            "technique": self.technique,
            "difficulty": round(self.difficulty, 1),
            "unit": self.unit,
            "cells": [cell_name(c, side) for c in self.cells],
            "digits": [symbol[d - 1] for d in self.digits],
            "place": [[cell_name(c, side), symbol[d - 1]] for c, d in self.placements],
            "eliminate": [[cell_name(c, side), symbol[d - 1]] for c, d in self.eliminations],
        }
        if self.chains:
            data["chains"] = [[node_name(node, side, symbol) for node in chain] for chain in self.chains]
        data["text"] = self.describe(puzzle)
        return data

    def describe(self, puzzle: Puzzle) -> str:
        """One sentence a person can check, e.g. 'Hidden Single: 7 fits only r3c5 in box 2'."""
        side, symbol = puzzle.shape.side, puzzle.alphabet
        digits = ", ".join(symbol[d - 1] for d in self.digits)
        cells = ", ".join(cell_name(c, side) for c in self.cells)
        if self.technique == "Hidden Single":
            return f"Hidden Single: {digits} fits only {cells} in {self.unit}"
        if self.technique == "Naked Single":
            return f"Naked Single: {cells} can only be {digits}"
        if not self.digits and self.unit and not self.chains:  # a constraint's own step
            return f"{self.technique} ({self.unit}): remove {group_eliminations(self.eliminations, side, symbol)}"
        parts = [self.technique + ":"]
        if self.technique == "Contradiction":
            chain = chain_text(self.chains[0], side, symbol)
            return f"Contradiction: {chain} → no room left for some digit or cell; " \
                   f"remove {group_eliminations(self.eliminations, side, symbol)}"
        if self.chains:
            parts.append("; ".join(chain_text(chain, side, symbol) for chain in self.chains))
        else:
            where = f" in {self.unit}" if self.unit else ""
            parts.append(f"{digits} in {cells}{where}" if cells else digits)
        outcome = []
        if self.placements:
            outcome.append("place " + ", ".join(f"{cell_name(c, side)}={symbol[d - 1]}" for c, d in self.placements))
        if self.eliminations:
            outcome.append("remove " + group_eliminations(self.eliminations, side, symbol))
        return " ".join(parts) + ("; " + "; ".join(outcome) if outcome else "")


REVEALS = ("technique", "cells", "step")  # how much a hint shows: the name, also where, the whole step


def node_name(node: Node, side: int, symbol) -> str:
    """'r3c5=7' for an on node, 'r3c5≠7' for an off node."""
    cell, digit, on = node
    return f"{cell_name(cell, side)}{'=' if on else '≠'}{symbol[digit - 1]}"


def chain_text(chain: Sequence[Node], side: int, symbol) -> str:
    """'r1c1=5 → r1c4≠5 → r2c4=5'."""
    return " → ".join(node_name(node, side, symbol) for node in chain)


def group_eliminations(eliminations: Sequence[tuple], side: int, symbol) -> str:
    """'4 from r1c2, r1c3; 7 from r2c2'."""
    by_digit: dict = {}
    for cell, digit in eliminations:
        by_digit.setdefault(digit, []).append(cell_name(cell, side))
    return "; ".join(f"{symbol[d - 1]} from {', '.join(cells)}" for d, cells in sorted(by_digit.items()))

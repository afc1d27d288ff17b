"""Chains over the weak links of every constraint (puzzlesat.sudoku.logic.links), and contradictions.

The implication graph has two nodes per candidate, on and off. A weak link (a, b) gives on(a) -> off(b); a strong
link gives off(a) -> on(b): the two candidates of a bivalue cell, and the two places of a digit in a house or in a
constraint that must contain it. An alternating inference chain is a path in this graph. From each assumption
the graph is walked breadth first, so every conclusion comes with its shortest chain; SE prices chains by their
node count (chains.length_difficulty), and the easiest conclusion is taken first:

- forcing_chains: on(x) reaches off(x) (x is false), or off(x) reaches on(x) (x is true): a Forcing X-Chain (6.6)
  when every node has one digit, else a Forcing Chain (7.0), as SE names its one-assumption chains; the chain of an
  AIC read from either end is the same path.
- multiple_forcing_chains: every candidate of a cell, or every place of a digit in a unit, leads to the same
  conclusion: Cell / Region Forcing Chains (8.0).
- contradictions: setting a candidate and propagating everything the rules imply (SAT's unit propagation on the
  whole CNF: singles in every house, every constraint's clauses) ends in a conflict: the candidate goes
  (Contradiction, 8.5 plus the length increment of the placements it took). Cells with two candidates are tried
  first, and the shortest contradiction is given.
- dynamic_forcing: the same propagation from every candidate of a cell, or every place of a digit in a unit, agrees
  on a candidate: Dynamic Cell / Region Forcing Chains (8.5 plus the increment of all branches' placements), as SE
  names its dynamic multiple chains.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Dict, Iterator, List, Optional

from puzzlesat.budget import Budget
from puzzlesat.sat import Session
from puzzlesat.sudoku.logic.candidates import CandidateGrid
from puzzlesat.sudoku.logic.links import LinkMap, link_map
from puzzlesat.sudoku.logic.steps import Step
from puzzlesat.sudoku.logic.techniques.chains import length_difficulty, reachability
from puzzlesat.sudoku.logic.techniques.search import _assumptions
from puzzlesat.sudoku.solving.encode import clauses
from puzzlesat.sudoku.model.literals import literals
from puzzlesat.sudoku.model.rules import Rules

X_CHAIN, CHAIN, MULTIPLE, CONTRADICTION, DEEP_CONTRADICTION = 6.6, 7.0, 8.0, 8.5, 9.0
DEEP_PROBES = 60  # candidates a deep contradiction search tries at most (failed ones and bivalue cells first)
SHORT = 3  # a contradiction this short (placements, the assumption included) ends the search for a shorter one


class Graph:
    """The implication graph of a board: weak links on -> off, strong links off -> on; what each node reaches."""

    def __init__(self, board: CandidateGrid, links: LinkMap):
        self.board, self.links, self.side = board, links, links.side
        self.strong: Dict[int, int] = {}
        for cell, mask in enumerate(board.cands):
            if not board.values[cell] and bin(mask).count("1") == 2:
                a, b = [cell * self.side + d for d in range(self.side) if mask >> d & 1]
                self._strong(a, b)
        for _, cells, digits in self.units():
            for digit in digits:
                places = self.places(cells, digit)
                if places is not None and len(places) == 2:
                    self._strong(*(cell * self.side + digit - 1 for cell in places))
        self._closure: Optional[tuple] = None

    def _strong(self, a: int, b: int) -> None:
        self.strong[a] = self.strong.get(a, 0) | 1 << b
        self.strong[b] = self.strong.get(b, 0) | 1 << a

    def units(self) -> List[tuple]:
        """(name, cells, digits they must hold): the full houses, then the constraints' must-contain digits."""
        lay, side = self.board.layout, self.side
        units = [(lay.names[index], lay.groups[index], range(1, side + 1)) for index in lay.full]
        return units + [(piece.name, piece.cells, answers.must_contain) for piece, answers in self.links.answers]

    def places(self, cells, digit: int) -> Optional[list]:
        """The open cells of `cells` where `digit` is a candidate, or None when one of them holds it."""
        values, cands = self.board.values, self.board.cands
        if any(values[cell] == digit for cell in cells):
            return None
        return [cell for cell in cells if not values[cell] and cands[cell] >> (digit - 1) & 1]

    def reach(self, node: int) -> int:
        """The mask of the nodes (candidate * 2 + on) that `node` implies, itself included."""
        if self._closure is None:
            on_off = {cand: _bits(mask) for cand, mask in enumerate(self.links.excludes) if mask or
                      self.links.present >> cand & 1}
            off_on = {cand: _bits(self.strong.get(cand, 0)) for cand in on_off}
            comp, reach, _ = reachability(on_off, off_on, 2 * len(self.links.excludes))
            self._closure = (comp, reach)
        comp, reach = self._closure
        root = comp[node]
        return reach.get(root, 0) if root >= 0 else 0

    def walk(self, start: int, target: int) -> tuple:
        """The shortest path from `start` to `target`, as (cell, digit, on) nodes (breadth first)."""
        parent = {start: -1}
        frontier = [start]
        excludes, strong = self.links.excludes, self.strong
        while frontier and target not in parent:
            following = []
            for node in frontier:
                cand, on = node >> 1, node & 1
                targets = excludes[cand] if on else strong.get(cand, 0)
                while targets:
                    low = targets & -targets
                    targets ^= low
                    reached = (low.bit_length() - 1) * 2 + (0 if on else 1)
                    if reached not in parent:
                        parent[reached] = node
                        following.append(reached)
            frontier = following
        path, node = [], target
        while node != -1:
            cell, digit = divmod(node >> 1, self.side)
            path.append((cell, digit + 1, bool(node & 1)))
            node = parent[node]
        return tuple(reversed(path))


def _bits(mask: int) -> List[int]:
    """The positions of the set bits of a mask."""
    found = []
    while mask:
        low = mask & -mask
        mask ^= low
        found.append(low.bit_length() - 1)
    return found


def forcing_chains(board: CandidateGrid, budget: Optional[Budget] = None, **_) -> Iterator[Step]:
    """One assumption that refutes itself, the easiest first."""
    graph = Graph(board, link_map(board))
    found = []
    for cand in _open_candidates(board):
        for start, end in ((cand * 2 + 1, cand * 2), (cand * 2, cand * 2 + 1)):
            if graph.reach(start) >> end & 1:
                if budget is not None:
                    budget.check("the forcing chains")
                path = graph.walk(start, end)
                single = len({digit for _, digit, _ in path}) == 1
                base = X_CHAIN if single else CHAIN
                found.append((base + length_difficulty(len(path)), len(path), start, path, single))
    for difficulty, length, start, path, single in sorted(found, key=lambda entry: entry[:3]):
        cell, digit, on = path[0]
        name = "Forcing X-Chain" if single else "Forcing Chain"
        outcome = {"eliminations": ((cell, digit),)} if on else {"placements": ((cell, digit),)}
        yield Step(name, round(difficulty, 1), cells=(cell,), digits=(digit,), chains=(path,), complexity=length,
                   **outcome)


def _forcing_groups(board: CandidateGrid, graph: "Graph", prefix: str) -> list:
    """(technique, unit name or None, candidate numbers) for every open cell's candidates, then every digit's places
    (two or more) in every unit: the branches a cell or region forcing chain starts from."""
    side = graph.side
    groups = [(prefix + "Cell Forcing Chains", None, [cell * side + d for d in range(side) if board.cands[cell] >> d & 1])
              for cell in range(len(board.values)) if not board.values[cell]]
    for name, cells, digits in graph.units():
        for digit in digits:
            places = graph.places(cells, digit)
            if places and len(places) > 1:
                groups.append((prefix + "Region Forcing Chains", name, [cell * side + digit - 1 for cell in places]))
    return groups


def multiple_forcing_chains(board: CandidateGrid, budget: Optional[Budget] = None, **_) -> Iterator[Step]:
    """Every candidate of a cell, or every place of a digit in a unit, leads to the same conclusion."""
    graph = Graph(board, link_map(board))
    side = graph.side
    groups = _forcing_groups(board, graph, "")
    found = []
    for name, unit, starts in groups:
        if len(starts) < 2:
            continue
        common = -1
        for cand in starts:
            common &= graph.reach(cand * 2 + 1)
        for cand in starts:
            common &= ~(1 << (cand * 2 + 1))
        for node in _bits(common):
            if budget is not None:
                budget.check("the multiple forcing chains")
            paths = tuple(graph.walk(cand * 2 + 1, node) for cand in starts)
            length = sum(len(path) for path in paths)
            found.append((MULTIPLE + length_difficulty(length), length, name, unit, node, paths))
    for difficulty, length, name, unit, node, paths in sorted(found, key=lambda entry: entry[:2]):
        cell, digit = divmod(node >> 1, side)
        outcome = {"placements": ((cell, digit + 1),)} if node & 1 else {"eliminations": ((cell, digit + 1),)}
        yield Step(name, round(difficulty, 1), cells=tuple(path[0][0] for path in paths), digits=(digit + 1,),
                   unit=unit, chains=paths, complexity=length, **outcome)


def contradictions(board: CandidateGrid, budget: Optional[Budget] = None, deep: bool = False, **_) -> Iterator[Step]:
    """A candidate whose consequences end in a conflict: the shortest found, trying first the candidates that failed
    before on this board (a conflict stays a conflict as candidates go), then those of cells with two candidates;
    the search stops at one of SHORT placements or fewer (a deep one after DEEP_PROBES candidates without one).
    The consequences are what SAT's unit propagation on the whole CNF implies (Contradiction, 8.5), or, `deep`,
    that and, in turn until nothing changes, what each constraint refutes by propagation when one of its candidates
    is set (Contradiction (+), 9.0, as SE prices chains that use other techniques inside)."""
    prober = _Prober(board)
    if prober.known is None:
        return
    side = board.layout.side
    failed = getattr(board, "_failed", set())
    order = sorted(_open_candidates(board),
                   key=lambda cand: (cand not in failed, bin(board.cands[cand // side]).count("1"), cand))
    best = None
    for tried, cand in enumerate(order):
        if budget is not None:
            budget.check("the contradictions")
        if deep and tried >= DEEP_PROBES and best is None:
            break
        conflict, placed = prober.deep(cand) if deep else prober.shallow(cand)
        if not conflict:
            continue
        failed.add(cand)
        cell, digit = divmod(cand, side)
        path = ((cell, digit + 1, True), *((c, d, True) for c, d in placed))
        if best is None or len(path) < len(best[1]):
            best = (cand, path)
            if len(path) <= SHORT:
                break
    board._failed = failed
    if best is not None:
        cand, path = best
        cell, digit = divmod(cand, side)
        name, base = ("Contradiction (+)", DEEP_CONTRADICTION) if deep else ("Contradiction", CONTRADICTION)
        yield Step(name, round(base + length_difficulty(len(path) + 1), 1), eliminations=((cell, digit + 1),),
                   cells=(cell,), digits=(digit + 1,), chains=(path,), complexity=len(path))


def deep_contradictions(board: CandidateGrid, budget: Optional[Budget] = None, **_) -> Iterator[Step]:
    """Contradictions whose propagation also runs each constraint's own logic (see contradictions)."""
    return contradictions(board, budget, deep=True)


class _Prober:
    """The consequences of setting one candidate on a board."""

    ROUNDS = 30  # rounds of propagation and constraint logic, at most, for one deep assumption

    def __init__(self, board: CandidateGrid):
        self.board = board
        self.table = literals(board.rules.shape)
        self.session = propagator(board.rules)
        self.stated = _assumptions(board, self.table)
        ok, before = self.session.propagate(self.stated)
        self.known = set(before) if ok else None

    def shallow(self, cand: int) -> tuple:
        """(conflict?, the placements unit propagation makes from the candidate, in order)."""
        table, literal = self.table, cand + 1
        if literal in self.known or -literal in self.known:
            return False, []
        ok, after = self.session.propagate(self.stated + [literal])
        placed = [table.cell_value(lit) for lit in after
                  if 0 < lit <= table.count and lit not in self.known and lit != literal]
        return not ok, placed

    def deep(self, cand: int) -> tuple:
        """(conflict?, placements): unit propagation and each constraint's own logic, in turn, until nothing changes."""
        from puzzlesat.sudoku.logic.links import constraint_logic

        table, side = self.table, self.board.layout.side
        logic = constraint_logic(self.board.rules) if not self.board.rules.groups_only else None
        board = self.board.copy()
        extra = [cand + 1]
        placed: list = []
        for _ in range(self.ROUNDS):
            before = list(board.cands)
            ok, after = self.session.propagate(_assumptions(board, table) + extra)
            if not ok:
                return True, placed
            for lit in after:
                if not table.is_cell_var(lit):
                    continue
                cell, digit = table.cell_value(abs(lit))
                if lit > 0 and not board.values[cell]:
                    board.place(cell, digit)
                    placed.append((cell, digit))
                elif lit < 0:
                    board.eliminate(cell, digit)
            if board.broken:
                return True, placed
            touched = {cell for cell, (old, new) in enumerate(zip(before, board.cands)) if old != new}
            changed = False
            for piece in logic.pieces if logic is not None else ():
                if touched.isdisjoint(piece.cells):
                    continue
                for gone in logic.refuted(board, piece):
                    cell, digit = divmod(gone, side)
                    if not board.values[cell] and board.cands[cell] >> digit & 1:
                        board.eliminate(cell, digit + 1)
                        changed = True
            if board.broken:
                return True, placed
            if not changed:
                return False, placed
        return False, placed


def dynamic_forcing(board: CandidateGrid, budget: Optional[Budget] = None, **_) -> Iterator[Step]:
    """Every candidate of a cell, or every place of a digit in a unit, implies the same under every rule (SAT's unit
    propagation, as contradictions): Dynamic Cell / Region Forcing Chains (8.5 plus the length increment of the
    placements each branch takes), the shortest first."""
    table = literals(board.rules.shape)
    session = propagator(board.rules)
    stated = _assumptions(board, table)
    ok, before = session.propagate(stated)
    if not ok:
        return
    known = set(before)
    groups = _forcing_groups(board, Graph(board, link_map(board)), "Dynamic ")
    trails: Dict[int, Optional[list]] = {}
    found = []
    for name, unit, starts in groups:
        if len(starts) < 2:
            continue
        if budget is not None:
            budget.check("the dynamic forcing chains")
        branches = []
        for cand in starts:
            if cand not in trails:
                ok, after = session.propagate(stated + [cand + 1])
                trails[cand] = [lit for lit in after if table.is_cell_var(lit) and lit not in known] if ok else None
            branches.append(trails[cand])
        if any(branch is None for branch in branches):
            continue  # a branch that fails is a contradiction's business
        common = set(branches[0]).intersection(*branches[1:]) - {cand + 1 for cand in starts}
        for literal in common:
            paths = tuple(_trail_to(table, branch, cand + 1, literal) for cand, branch in zip(starts, branches))
            length = sum(len(path) for path in paths)
            found.append((CONTRADICTION + length_difficulty(length), length, name, unit, literal, paths))
    if not found:
        return
    difficulty, length, name, unit, literal, paths = min(found, key=lambda entry: entry[:2])
    cell, digit = table.cell_value(abs(literal))
    outcome = {"placements": ((cell, digit),)} if literal > 0 else {"eliminations": ((cell, digit),)}
    yield Step(name, round(difficulty, 1), cells=tuple(path[0][0] for path in paths), digits=(digit,), unit=unit,
               chains=paths, complexity=length, **outcome)


def _trail_to(table, branch: list, start: int, literal: int) -> tuple:
    """A branch's placements up to the literal it proves, as (cell, digit, on) nodes, the assumption first and the
    literal last."""
    nodes = [(*table.cell_value(start), True)]
    for lit in branch:
        if lit == literal:
            break
        if lit > 0 and lit != start:
            nodes.append((*table.cell_value(lit), True))
    nodes.append((*table.cell_value(abs(literal)), literal > 0))
    return tuple(nodes)


@lru_cache(maxsize=4)
def propagator(rules: Rules) -> Session:
    """A session holding the rules that only ever propagates: it never solves, so it learns nothing, and the same
    board always gets the same consequences, whatever was asked before (a session that solves would learn clauses
    that make later propagation stronger)."""
    return Session(clauses(rules, "extended"), rules.top)


def _open_candidates(board: CandidateGrid) -> List[int]:
    """The candidate numbers of the open cells."""
    side = board.layout.side
    return [cell * side + d for cell, mask in enumerate(board.cands) if not board.values[cell]
            for d in range(side) if mask >> d & 1]

"""What each variant constraint tells a solver by itself, read off its clauses by SAT: its own eliminations, the
digits its cells must contain, and its weak links.

A constraint's CNF (puzzlesat.sudoku.model.constraints) says which digits its cells may hold together. Each constraint
becomes one or more pieces (the whole constraint, or, for one spread over the grid such as a negative Kropki rule,
its independent parts), and each piece gets a small SAT session of its own: its clauses, each of its cells holding
exactly one digit, and no digit twice in two of its cells that share a house. With the board's candidates as
assumptions, that session answers what a person reasons from the constraint alone:

  eliminations  the candidates of its cells that no filling of the piece uses (a complete check: SAT models for
                the candidates some filling uses, one UNSAT answer for the rest);
  must contain  the digits every filling puts somewhere in its cells;
  links         for each of its candidates, the other candidates no filling holds together with it: the weak
                links (a, v) - (b, w), beside those of a house (same digit) and of a cell (same cell). Exact while
                the piece has at most FILLINGS fillings (all of them are listed); beyond, the links unit propagation
                finds when the candidate is set (sound, maybe fewer).

Nothing here is written per constraint: a new constraint brings its logic with its encoding. Answers are kept per
piece and per candidates of its cells, so a step recomputes only the pieces whose cells it changed. Candidates are
numbered cell * side + digit - 1 (a cell literal minus one), and a set of them is a bit mask over those numbers.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Dict, List, Optional, Sequence, Tuple

from puzzlesat.sat import Session
from puzzlesat.sudoku.logic.candidates import CandidateGrid, Layout, per_layout
from puzzlesat.sudoku.model.rules import Rules

PIECE_CELLS = 12  # a constraint over more cells than this is cut into its independent parts
FILLINGS = 300  # a piece with at most this many fillings is answered from all of them: exact links
NOUNS = {"killer": "killer cage", "multi-sum killer": "killer cage", "kropki": "Kropki dot", "xv": "XV pair"}  # a kind as a noun in a combination's name
OUTSIDE = 4  # a piece joins a house's combination with at most this many cells out of the house
ENUMERATE_BELOW = 200_000  # ... tried only when its cells' candidates combine in fewer ways than this


@dataclass
class Piece:
    """A constraint, or an independent part of one, with the SAT session that reasons about it alone."""

    name: str  # what steps call it: the constraint's label ('killer cage 24 r8c2-r9c2'), or a part of it
    kind: str  # the constraint's kind ('killer', 'thermometer', ...)
    cells: tuple
    clauses: list = field(repr=False)
    top: int = field(repr=False)
    session: Optional[Session] = field(default=None, repr=False)  # for solving: it learns as it goes
    propagator: Optional[Session] = field(default=None, repr=False)  # only ever propagates: the same answer always
    answers: Dict[tuple, tuple] = field(default_factory=dict, repr=False)  # candidates of its cells -> answers
    impossible: Dict[tuple, tuple] = field(default_factory=dict, repr=False)  # ... -> impossible candidates alone
    refuted: Dict[tuple, tuple] = field(default_factory=dict, repr=False)  # ... -> those unit propagation refutes
    too_many: int = ENUMERATE_BELOW  # candidate combinations from which its fillings are not listed one by one
    parts: int = 1  # the pieces a combination joins
    local: Dict[int, int] = field(default_factory=dict, repr=False)  # a grid variable -> its number in the session
    grid: list = field(default_factory=list, repr=False)  # a session variable -> the grid's (the other way)

    def open(self, rules: Rules) -> Session:
        """Its session: its clauses, each cell one digit, no digit twice in two cells that share a house. The
        session numbers only the variables it uses (its cells' first), so that its models stay short."""
        if self.session is None:
            side = rules.shape.side
            clauses = [list(clause) for clause in self.clauses]
            for cell in self.cells:
                lits = [cell * side + d for d in range(1, side + 1)]
                clauses.append(lits)
                clauses.extend([-a, -b] for a, b in combinations(lits, 2))
            peers = rules_peers(rules)
            for a, b in combinations(self.cells, 2):
                if b in peers[a]:
                    clauses.extend([-(a * side + d), -(b * side + d)] for d in range(1, side + 1))
            for house in self.houses(rules):  # every digit once: no pigeonhole left for the solver to find
                clauses.extend([cell * side + d for cell in house] for d in range(1, side + 1))
            for variable in [cell * side + d for cell in self.cells for d in range(1, side + 1)] + \
                    [abs(lit) for clause in clauses for lit in clause]:
                self.local.setdefault(variable, len(self.local) + 1)
            self.grid = [0] * (len(self.local) + 1)
            for variable, number in self.local.items():
                self.grid[number] = variable
            clauses = [self.to_local(clause) for clause in clauses]
            self.session = Session(clauses, len(self.local), quick=True)
            self.propagator = Session(clauses, len(self.local))
        return self.session

    def to_local(self, literals) -> list:
        """Grid literals as the session numbers them."""
        local = self.local
        return [local[lit] if lit > 0 else -local[-lit] for lit in literals]

    def to_grid(self, literals) -> list:
        """The session's literals as grid literals."""
        grid = self.grid
        return [grid[lit] if lit > 0 else -grid[-lit] for lit in literals]

    def houses(self, rules: Rules) -> list:
        """The houses of `side` cells that lie wholly among its cells (a sandwich's row, a skyscraper's column)."""
        inside = set(self.cells)
        return [group for group in rules.groups if len(group) == rules.shape.side and inside.issuperset(group)]


@dataclass(frozen=True)
class Answers:
    """What a piece says on one board: candidates no filling uses, digits every filling holds, weak links."""

    impossible: Tuple[int, ...]  # candidate numbers
    must_contain: Tuple[int, ...]  # digits
    links: Dict[int, int]  # candidate number -> mask of the candidates it rules out


class ConstraintLogic:
    """The pieces of a set of rules, and their answers on a board."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.side = rules.shape.side
        self.pieces: List[Piece] = list(pieces_of(rules))
        self.combinations: List[Piece] = list(combinations_of(rules, self.pieces))

    def state(self, board: CandidateGrid, piece: Piece) -> tuple:
        """The candidates of the piece's cells on the board (the key its answers are kept under)."""
        cands = board.cands
        return tuple(cands[cell] for cell in piece.cells)

    def answers(self, board: CandidateGrid, piece: Piece) -> Answers:
        """The piece's answers on the board (computed once per state of its cells)."""
        key = self.state(board, piece)
        found = piece.answers.get(key)
        if found is None:
            found = piece.answers[key] = self._ask(piece, key)
        return found

    def impossible(self, board: CandidateGrid, piece: Piece) -> tuple:
        """The candidate numbers of the piece's cells that no filling uses (its answers' first part, alone: no
        links asked for when they are not known yet)."""
        key = self.state(board, piece)
        found = piece.answers.get(key)
        if found is not None:
            return found.impossible
        gone = piece.impossible.get(key)
        if gone is None:
            session = piece.open(self.rules)
            present, assumptions = self._literals(piece, key)
            models = _fillings(session, piece.to_local(assumptions), self._by_cell(piece, present))
            used = set(piece.to_grid(set().union(*models))) if models else set()
            gone = piece.impossible[key] = tuple(lit - 1 for lit in present if lit not in used)
        return gone

    def refuted(self, board: CandidateGrid, piece: Piece) -> tuple:
        """The candidate numbers of the piece's cells that unit propagation alone refutes (setting one ends in a
        conflict): fewer than `impossible` may find, for a fraction of the cost; what deep contradictions use."""
        key = self.state(board, piece)
        known = piece.answers.get(key)
        if known is not None:
            return known.impossible
        gone = piece.refuted.get(key)
        if gone is None:
            piece.open(self.rules)
            present, assumptions = self._literals(piece, key)
            local = piece.to_local(assumptions)
            gone = piece.refuted[key] = tuple(lit - 1 for lit in present
                                              if not piece.propagator.propagate([*local, piece.local[lit]])[0])
        return gone

    def _literals(self, piece: Piece, masks: tuple) -> tuple:
        """(the grid literals of the piece's candidates, the negated grid literals of the digits ruled out)."""
        side = self.side
        present = [cell * side + d + 1 for cell, mask in zip(piece.cells, masks) for d in range(side) if mask >> d & 1]
        assumptions = [-(cell * side + d + 1) for cell, mask in zip(piece.cells, masks)
                       for d in range(side) if not mask >> d & 1]
        return present, assumptions

    def _by_cell(self, piece: Piece, present: list) -> list:
        """The candidates' session literals, cell by cell."""
        side = self.side
        return [piece.to_local([lit for lit in present if (lit - 1) // side == cell]) for cell in piece.cells]

    def _ask(self, piece: Piece, masks: tuple) -> Answers:
        """Ask the piece's session about the candidates `masks` of its cells: from all its fillings when there are
        at most FILLINGS (exact links: two candidates no filling holds together), else from enough fillings to
        cover every usable candidate, with the links unit propagation finds."""
        session = piece.open(self.rules)
        present, assumptions = self._literals(piece, masks)
        local_assumptions = piece.to_local(assumptions)
        size = 1
        for mask in masks:
            size *= bin(mask).count("1")
        listed = None
        if size < piece.too_many:  # (a state at least this large had more than FILLINGS fillings)
            project = sorted(piece.to_local(present))
            listed = [set(piece.to_grid(lit for lit in model if lit > 0))
                      for model in session.models(local_assumptions, project, FILLINGS + 1)]
            if len(listed) > FILLINGS:
                piece.too_many, listed = size, None
        exact = listed is not None
        models = listed if exact else [set(piece.to_grid(model)) for model in
                                       _fillings(session, local_assumptions, self._by_cell(piece, present))]
        if not models:  # no filling at all: every candidate is impossible
            return Answers(tuple(lit - 1 for lit in present), (), {})
        used = set().union(*models)
        impossible = tuple(lit - 1 for lit in present if lit not in used)
        alive = [lit for lit in present if lit in used]
        must = self._must_contain(piece, session, local_assumptions, models, exact)
        links = _exact_links(alive, models) if exact else _propagated_links(piece, local_assumptions, alive)
        return Answers(impossible, must, links)

    def _must_contain(self, piece: Piece, session: Session, assumptions: list, models: list, exact: bool) -> tuple:
        """The digits every filling puts in the piece's cells (none when a whole house lies among them: the house
        says so already)."""
        side = self.side
        always = set.intersection(*({(lit - 1) % side + 1 for lit in model} for model in models))
        if not always or piece.houses(self.rules):
            return ()
        if exact:
            return tuple(sorted(always))
        return tuple(d for d in sorted(always)
                     if not session.solve([*assumptions, *piece.to_local(-(cell * side + d) for cell in piece.cells)]))

    def close(self) -> None:
        """Free every piece's session."""
        for piece in self.pieces + self.combinations:
            if piece.session is not None:
                piece.session.close()
                piece.propagator.close()
                piece.session = piece.propagator = None


def _exact_links(alive: List[int], models: List[set]) -> Dict[int, int]:
    """Per candidate number, the mask of the usable candidates no filling holds together with it."""
    links: Dict[int, int] = {}
    for lit in alive:
        together = set().union(*(model for model in models if lit in model))
        mask = 0
        for other in alive:
            if other != lit and other not in together:
                mask |= 1 << (other - 1)
        links[lit - 1] = mask
    return links


def _propagated_links(piece: Piece, assumptions: List[int], alive: List[int]) -> Dict[int, int]:
    """Per candidate number, the mask of the usable candidates unit propagation rules out when it is set (the
    piece's propagator, given session literals; `alive` in grid literals)."""
    links: Dict[int, int] = {}
    alive_set = set(alive)
    for lit in alive:
        ok, implied = piece.propagator.propagate([*assumptions, piece.local[lit]])
        mask = 0
        if ok:
            for other in piece.to_grid(implied):
                if other < 0 and -other in alive_set:
                    mask |= 1 << (-other - 1)
        links[lit - 1] = mask
    return links


def _fillings(session: Session, assumptions: List[int], cells: List[List[int]]) -> List[set]:
    """Fillings of a piece (each the set of its true cell literals) until every literal of `cells` that some
    filling uses is in one: a model, then for each cell a model that uses one of its literals not yet seen (one
    UNSAT answer settles all of them at once). No filling: []."""
    project = sorted(abs(lit) for group in cells for lit in group)
    if not session.solve(assumptions):
        return []
    models = [{lit for lit in session.values(project) if lit > 0}]
    seen = set(models[0])
    for group in cells:
        while True:
            unseen = [lit for lit in group if lit not in seen]
            if not unseen:
                break
            activation = session.new_var()
            session.add_clause([-activation, *unseen])
            try:
                found = session.solve([*assumptions, activation])
                if found:
                    models.append({lit for lit in session.values(project) if lit > 0})
                    seen |= models[-1]
            finally:
                session.retire(activation)
            if not found:
                break
    return models


@lru_cache(maxsize=8)
def constraint_logic(rules: Rules) -> ConstraintLogic:
    """The ConstraintLogic of a set of rules (one per rules and process)."""
    return ConstraintLogic(rules)


def rules_peers(rules: Rules) -> tuple:
    """Per cell, the set of cells it shares a house with."""
    peers = [set() for _ in range(rules.shape.cells)]
    for group in rules.groups:
        for cell in group:
            peers[cell].update(group)
    return tuple(frozenset(p - {cell}) for cell, p in enumerate(peers))


def pieces_of(rules: Rules):
    """The pieces of every constraint that is more than a group of distinct digits."""
    from puzzlesat.sudoku.model.constraints.encodings import Encoder

    geometry = rules.geometry
    cell_count = rules.cell_vars
    side = rules.shape.side
    for constraint in rules.constraints:
        if constraint.only_groups:
            continue  # houses: their logic is the techniques'
        encoder = Encoder(geometry)
        clauses = [list(c) for c in constraint.clauses(encoder)] + encoder.ge_clauses()
        if not clauses:
            continue
        name = constraint.label(geometry)
        parts = _parts(clauses, cell_count, side)
        if len(parts) == 1 or len({cell for cells, _ in parts for cell in cells}) <= PIECE_CELLS:
            cells = tuple(sorted({cell for cells, _ in parts for cell in cells}))
            yield Piece(name, constraint.kind, cells, clauses, encoder.top)
            continue
        for cells, part in parts:
            where = "-".join(geometry.cell_name(cell) for cell in (cells[0], cells[-1]))
            yield Piece(f"{name} {where}", constraint.kind, cells, part, encoder.top)


def combinations_of(rules: Rules, pieces: Sequence[Piece]):
    """For each full house that constraints cross, the house and every piece with at most OUTSIDE cells out of it,
    as one piece: what they allow together (a killer cage's sum against the house's 45, a thermometer's digits
    against the house's digits) is more than each allows alone."""
    geometry, cell_count = rules.geometry, rules.cell_vars
    for index, group in enumerate(rules.groups):
        if len(group) != rules.shape.side:
            continue
        house = set(group)
        joined = [piece for piece in pieces if house & set(piece.cells) and len(set(piece.cells) - house) <= OUTSIDE]
        if not joined:
            continue
        clauses, top = [], cell_count
        for piece in joined:  # each piece's auxiliary variables numbered above the previous ones'
            shift = top - cell_count
            clauses.extend([lit if abs(lit) <= cell_count else lit + shift if lit > 0 else lit - shift
                            for lit in clause] for clause in piece.clauses)
            top = max(top, piece.top + shift)
        kinds = Counter(NOUNS.get(piece.kind, piece.kind) for piece in joined)
        name = f"{rules.group_name(index)} with " + ", ".join(
            f"a {kind}" if count == 1 else f"{count} {kind}s" for kind, count in kinds.items())
        cells = tuple(sorted(house | {cell for piece in joined for cell in piece.cells}))
        yield Piece(name, "combination", cells, clauses, top, parts=len(joined))


def _parts(clauses: Sequence[list], cell_count: int, side: int) -> list:
    """The clauses split into independent parts: clauses sharing an auxiliary variable go together, and clauses
    over cell variables only go together when they are over the same cells. [(cells, clauses), ...]"""
    parent: Dict[object, object] = {}

    def find(key):
        parent.setdefault(key, key)
        while parent[key] != key:
            parent[key] = parent[parent[key]]
            key = parent[key]
        return key

    keys = []
    for clause in clauses:
        aux = [abs(lit) for lit in clause if abs(lit) > cell_count]
        cells = frozenset((abs(lit) - 1) // side for lit in clause if abs(lit) <= cell_count)
        key = ("aux", aux[0]) if aux else ("cells", cells)
        for other in aux[1:]:
            parent[find(("aux", other))] = find(key)
        keys.append((find(key), cells))
    grouped: Dict[object, tuple] = {}
    for (key, cells), clause in zip(keys, clauses):
        root = find(key)
        found_cells, found = grouped.setdefault(root, (set(), []))
        found_cells.update(cells)
        found.append(clause)
    return [(tuple(sorted(cells)), part) for cells, part in grouped.values()]


@per_layout
def house_links(lay: Layout) -> tuple:
    """Per candidate number, the mask of the candidates it rules out through its cell and its houses."""
    side = lay.side
    links = []
    for cell, peers in enumerate(lay.peers):
        for d in range(side):
            mask = 0
            for other in range(side):
                if other != d:
                    mask |= 1 << (cell * side + other)
            for peer in peers:
                mask |= 1 << (peer * side + d)
            links.append(mask)
    return tuple(links)


def candidate_mask(board: CandidateGrid) -> int:
    """The candidates of the board's open cells, as one mask over candidate numbers."""
    side, mask = board.layout.side, 0
    for cell, cands in enumerate(board.cands):
        if not board.values[cell]:
            mask |= cands << (cell * side)
    return mask


class LinkMap:
    """The weak links of one board: per candidate, the present candidates it rules out (its cell's, its houses'
    and every constraint piece's), and the pieces' answers."""

    def __init__(self, board: CandidateGrid):
        self.board = board
        self.side = board.layout.side
        self.present = candidate_mask(board)
        self.logic = constraint_logic(board.rules) if not board.rules.groups_only else None
        self.answers = [] if self.logic is None else [(piece, self.logic.answers(board, piece))
                                                      for piece in self.logic.pieces]
        static = house_links(board.layout)
        extra: Dict[int, int] = {}
        for _, answers in self.answers:
            for cand, mask in answers.links.items():
                extra[cand] = extra.get(cand, 0) | mask
        present = self.present
        self.excludes = [(static[i] | extra.get(i, 0)) & present if present >> i & 1 else 0
                         for i in range(len(static))]
        for cand, mask in extra.items():  # links hold both ways
            if present >> cand & 1:
                m = mask & present
                while m:
                    low = m & -m
                    m ^= low
                    self.excludes[low.bit_length() - 1] |= 1 << cand


def link_map(board: CandidateGrid) -> LinkMap:
    """The LinkMap of the board as it stands (kept on the board until its candidates change)."""
    key = (tuple(board.cands), tuple(board.values))
    cached = getattr(board, "_link_map", None)
    if cached is not None and cached[0] == key:
        return cached[1]
    found = LinkMap(board)
    board._link_map = (key, found)
    return found

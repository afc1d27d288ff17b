"""How hard is a puzzle? Sudoku Explainer's scale, and the effort score with the measures behind it.

SE's scale (from the solving path, puzzlesat.sudoku.logic.path): er the hardest step SE would take, ep the hardest up to
the first placement, ed the first step's difficulty; hardest the technique of the hardest step, steps the path's
length; techniques SE's analysis, how many steps of each technique the path takes and the hardest of them. None
(and no techniques) when asked for the effort measures alone (rate(..., se=False)).

The effort measures are taken only when asked for (rate(..., effort=True), the CLI's --effort): on easy puzzles they
cost more than SE's path (17-clue puzzles: about 70% of the time, top1465 about 30%), and SE's numbers need none of
them. Without them every field from score on is None.

Effort measures (all deterministic: the rating engine only ever propagates, it never learns clauses):
  complexity   Chen's game complexity H = (1/cells) * sum of log2 |candidates| over all cells, taken after the
               givens and one round of removing their digits from their peers (givens count 0). Base 2
               reproduces Chen's ranges: our mean over 17-clue puzzles is 1.76 (Chen: 1.695-1.819).
  open_after_propagation   cells unit propagation on the extended encoding leaves open (naked + hidden
               singles to a fixpoint); the simple baseline.
  level        the weakest rung of this ladder that completes the puzzle:
                 singles    hidden and naked singles alone (= unit propagation on the extended encoding)
                 reduction  plus SE's other techniques short of the chains (puzzlesat.sudoku.logic.techniques: direct and
                            plain pointing/claiming, Chen's r-Reduction i.e. naked/hidden subsets, fish, strong
                            links, wings, uniqueness when known unique, aligned exclusion), singles always first
                 probing    plus failed-literal probing: assume a candidate, propagate; a conflict removes it
                 search     only guessing finishes
  technique    the SE difficulty of the hardest technique the ladder used.
  probes       failed literals available where the techniques first got stuck; stuck_open the open cells there.
  probe_rounds failed literals used, one at a time, the easiest (shortest propagation to the conflict) first,
               each followed by the techniques again; chain the longest such propagation.
  guesses, conflicts   branches tried and dead ends met in the complete search tree with unit propagation at
               every node, cell with fewest candidates first (complete, so digit order does not matter);
               the count stops at SEARCH_NODE_LIMIT (20,000) guesses. expected_guesses: the guesses a depth-first
               search of that tree trying digits in random order makes on average before the solution.
  random_guesses   mean guesses to the solution of up to RANDOM_RUNS (24) depth-first searches from the givens
               that branch on a cell with the fewest candidates picked at random (and try digits in random order),
               stopping once RANDOM_GUESS_BUDGET (240) guesses are spent; seeded by the puzzle, so reproducible.
               This is what the Kaggle ratings respond to (random tie-breaking matters: rho within its non-zero
               ratings 0.87 against 0.71 for the fixed-order tree).
  waves        rounds of singles (each placing every single visible at its start) until solved or stuck.
  scarcest     fewest failed literals found by any full probe; longest_step the longest, over the probing steps,
               of the easiest failed literal's propagation counted in values placed.

Combined score (0 for a full grid; about 2-4 for puzzles singles finish; 9-12 for hard ones, 14-17 for
the hardest known):
  score = 8 * open_after_propagation / cells + 0.5 * log2(1 + random_guesses) + 0.1 * log2(1 + expected_guesses)
          + 0.25 * log2(1 + probe_rounds) + 0.2 * technique + 0.75 * complexity
          + 0.5 * log2(1 + waves, or 1 + cells when singles do not finish) + (3 if level is search)
The terms are score_terms(), the weights SCORE_WEIGHTS, chosen with `python scripts/rate_correlation.py --fit` on
the even positions of published ratings (maximising the smallest gain in Spearman's rho over the open-cells
baseline). On the odd positions: human times 0.743 (baseline 0.404), Kaggle 0.907 on every 12th puzzle (0.850).
The bonus keeps puzzles that need search above the rest.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Optional

from puzzlesat import pictures
from puzzlesat.budget import Budget
from puzzlesat.errors import OutOfBudget
from puzzlesat.sat import Session
from puzzlesat.sudoku.logic import variant_difficulty
from puzzlesat.sudoku.logic.candidates import CandidateGrid
from puzzlesat.sudoku.solving.encode import clauses
from puzzlesat.sudoku.model.grid import Puzzle
from puzzlesat.sudoku.model.literals import literals
from puzzlesat.sudoku.logic.path import Path, solving_path
from puzzlesat.sudoku.model.rules import Rules
from puzzlesat.sudoku.model.sudoku import rules_of
from puzzlesat.sudoku.logic.techniques import FAMILY_OF, basic_producers, first_step
from puzzlesat.sudoku.logic.techniques.singles import hidden_singles, naked_singles

LEVELS = ("singles", "reduction", "probing", "search")
RATING_SOLVER = "glucose4"
SINGLES = ("Hidden Single", "Naked Single")  # the steps of the singles level (unit propagation); others reduce
SEARCH_NODE_LIMIT = 20_000
SEARCH_BONUS = 3.0
RANDOM_RUNS = 24
RANDOM_GUESS_BUDGET = 240
SCORE_WEIGHTS = {"open": 8.0, "random": 0.5, "search": 0.1, "probing": 0.25, "technique": 0.2, "complexity": 0.75,
                 "waves": 0.5}


EFFORT_FIELDS = ("score", "complexity", "level", "open_after_propagation", "technique", "probes", "probe_rounds",
                 "chain", "stuck_open", "guesses", "conflicts", "expected_guesses", "waves", "scarcest",
                 "longest_step", "random_guesses")


@dataclass
class Rating:
    """The rating of one puzzle: SE's three numbers and the hardest technique on its path, and when asked for, the
    effort score and the measures behind it (see the module docstring for each field)."""

    er: Optional[float]  # None: SE's numbers not asked for (rate(..., se=False))
    ep: Optional[float]
    ed: Optional[float]
    hardest: Optional[str]
    steps: Optional[int]
    score: Optional[float] = None  # this and every field below: None when the effort was not asked for
    complexity: Optional[float] = None
    level: Optional[str] = None
    open_after_propagation: Optional[int] = None
    technique: Optional[float] = None
    probes: Optional[int] = None
    probe_rounds: Optional[int] = None
    chain: Optional[int] = None
    stuck_open: Optional[int] = None
    guesses: Optional[int] = None
    conflicts: Optional[int] = None
    expected_guesses: Optional[float] = None
    waves: Optional[int] = None
    scarcest: Optional[int] = None
    longest_step: Optional[int] = None
    random_guesses: Optional[float] = None
    techniques: tuple = ()  # SE's analysis: ((technique, times used, hardest difficulty), ...), easiest first
    engine: str = "se"  # the path's techniques: 'se' (these are SE's numbers) or 'general' (on SE's scale)
    difficulty: Optional[float] = None  # on SE's scale: SE's ER (engine 'se'), else fitted (variant_difficulty)
    minutes: Optional[float] = None  # a Cracking the Cryptic host's video minutes, fitted (variant_difficulty)
    minutes_low: Optional[float] = None  # the middle 80% of the fit's held-out errors around minutes
    minutes_high: Optional[float] = None

    def as_dict(self) -> dict:
        """JSON-ready form, floats rounded; the analysis as a list of {technique, count, difficulty}; the effort
        fields only when measured."""
        data = asdict(self)
        if self.score is None:
            data = {name: value for name, value in data.items() if name not in EFFORT_FIELDS}
        for name in ("er", "ep", "ed", "technique", "difficulty"):
            if name in data:
                data[name] = None if data[name] is None else round(data[name], 1)
        for name in ("minutes", "minutes_low", "minutes_high"):
            data[name] = None if data[name] is None else round(data[name])
        if self.score is not None:
            data["score"] = round(self.score, 2)
            data["complexity"] = round(self.complexity, 4)
        data["techniques"] = [{"technique": name, "count": times, "difficulty": round(hardest, 1)}
                              for name, times, hardest in self.techniques]
        return data

    def _repr_svg_(self) -> Optional[str]:
        """Its picture, for notebooks (puzzlesat.pictures)."""
        return pictures.svg(self)


def _add_difficulty(rating: Rating, rules: Rules) -> None:
    """The difficulty and the minutes: for SE's path SE's ER and the classic anchor's minutes at it, for the general
    engine's the fitted model's (puzzlesat.sudoku.logic.variant_difficulty)."""
    if rating.engine == "se":
        estimate = variant_difficulty.model().classic(rating.er)
    else:
        constraints = Counter(constraint.kind for constraint in rules.constraints)
        estimate = variant_difficulty.estimate(rating.techniques, constraints)
    rating.difficulty = estimate.difficulty
    rating.minutes, rating.minutes_low, rating.minutes_high = estimate.minutes, estimate.low, estimate.high


def chen_complexity(board: CandidateGrid) -> float:
    """Mean log2 of the candidate counts over all cells."""
    return sum(math.log2(bin(mask).count("1") or 1) for mask in board.cands) / len(board.cands)


class Rater:
    """Rates puzzles of one set of rules with one propagation-only SAT session."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.side = rules.shape.side
        self.literals = literals(rules.shape)
        rule_clauses = list(clauses(rules, "extended"))
        # Unit clauses (killer cages) would become level-0 facts that propagate() never reports:
        # they go in as assumptions instead, so every fact shows up in every answer.
        self.units = [clause[0] for clause in rule_clauses if len(clause) == 1]
        self.rule_clauses = [clause for clause in rule_clauses if len(clause) > 1]
        self.session = Session(self.rule_clauses, rules.top, RATING_SOLVER)
        self.probed = False  # the current puzzle has been probed (on a session built for it)
        self.budget: Optional[Budget] = None  # the running budget of the current puzzle

    def close(self) -> None:
        """Free the native solver."""
        self.session.close()

    def rate(self, puzzle: Puzzle, budget: Optional[Budget] = None, path: Optional[Path] = None,
             assume_unique: bool = True, se: bool = True, effort: bool = False) -> Optional[Rating]:
        """The rating, or None when the givens contradict each other; OutOfBudget when `budget` runs out first.
        `path` is the puzzle's solving path when already walked (the explanation's), else it is walked here;
        `effort` adds the effort measures (most of the time on easy puzzles: the ladder and 24 random searches);
        with `se` False there is no path (SE's numbers None: the effort measures alone, much faster on hard
        puzzles)."""
        self.budget = None if budget is None else budget.start()
        givens = self.literals.stated(puzzle)
        self.probed = False
        ok, implied = self.propagate(givens)
        if not ok:
            return None
        if path is None and se:
            path = solving_path(puzzle, self.rules, assume_unique, budget=self.budget)
        if path is not None and path.outcome == "timeout":
            raise OutOfBudget("the budget ran out during rating")
        if path is not None and path.outcome == "broken":
            return None
        hardest = path.hardest if path is not None else None
        rating = Rating(*((path.er, path.ep, path.ed) if path is not None else (None, None, None)),
                        hardest.technique if hardest else None, len(path.steps) if path is not None else None,
                        techniques=path.techniques() if path is not None else (),
                        engine=path.engine if path is not None else "se")
        if path is not None:
            _add_difficulty(rating, self.rules)
        if effort or not se:
            return self._measure_effort(puzzle, rating, givens, implied, assume_unique)
        return rating

    def _measure_effort(self, puzzle: Puzzle, rating: Rating, givens: list, implied, assume_unique: bool
                        ) -> Optional[Rating]:
        """`rating` with the effort measures and score filled in; None when the ladder finds the givens broken."""
        board = CandidateGrid.start(puzzle, self.rules)
        board.assume_unique = assume_unique
        ladder = _Ladder(self, board)
        rating.complexity = chen_complexity(board)
        rating.waves = singles_waves(board.copy())
        ladder.run()
        if ladder.board.broken:
            return None
        if ladder.level != "search":
            ladder.guesses, ladder.conflicts, ladder.expected = self.search_from(givens)
        rating.open_after_propagation = puzzle.shape.cells - len(self.literals.placed(implied))
        rating.level, rating.technique, rating.probes = ladder.level, ladder.technique, ladder.probes
        rating.probe_rounds, rating.chain, rating.stuck_open = ladder.probe_rounds, ladder.chain, ladder.stuck_open
        rating.guesses, rating.conflicts, rating.expected_guesses = ladder.guesses, ladder.conflicts, ladder.expected
        rating.scarcest, rating.longest_step = ladder.scarcest, ladder.longest_step
        rating.random_guesses = self.random_search(givens)
        rating.score = combined_score(rating, self.side)
        return rating

    # ---- SAT-side helpers ----------------------------------------------------------------

    def propagate(self, assumptions: list) -> tuple:
        """Unit propagation under the rules' unit clauses and `assumptions`: (no conflict?, literals set)."""
        if self.budget is not None:
            self.budget.check("rating")
        return self.session.propagate(self.units + assumptions)

    def state_literals(self, board: CandidateGrid) -> list:
        """The board as assumptions: placed values true, removed candidates false."""
        table, lits = self.literals, []
        for cell, (value, mask) in enumerate(zip(board.values, board.cands)):
            if value:
                lits.append(table.var(cell, value))
                continue
            lits.extend(-var for digit, var in enumerate(table.of_cell(cell)) if not mask >> digit & 1)
        return lits

    def absorb(self, board: CandidateGrid, implied) -> None:
        """Copy propagated facts onto the board (placements and removed candidates)."""
        table = self.literals
        for lit in implied:
            if not table.is_cell_var(lit):
                continue
            cell, digit = table.cell_value(abs(lit))
            if lit > 0 and not board.values[cell]:
                board.place(cell, digit)
            elif lit < 0 and not board.values[cell]:
                board.eliminate(cell, digit)

    def probe(self, board: CandidateGrid, only: Optional[list] = None) -> Optional[list]:
        """(chain, placed, cell, digit) for every candidate (of `only`, if given) whose assumption propagates to
        a conflict, chain and placed being how many literals and values propagation set first; None if the board
        itself conflicts.

        How far propagation gets before a conflict depends on the order of the solver's watch lists, which
        every propagation reorders; so the first probe of each puzzle starts from a freshly built session,
        and a rating never depends on what was rated before it (in this process or any other).
        """
        if not self.probed:
            self.session.close()
            self.session = Session(self.rule_clauses, self.rules.top, RATING_SOLVER)
            self.probed = True
        assumptions = self.state_literals(board)
        ok, implied = self.propagate(assumptions)
        if not ok:
            return None
        self.absorb(board, implied)
        assumptions = self.state_literals(board)
        base = len(self.units) + len(assumptions) + 1
        failed, table = [], self.literals
        placed = sum(1 for value in board.values if value) + 1
        if only is None:
            only = [(cell, digit) for cell, value in enumerate(board.values) if not value
                    for digit in board.candidates(cell)]
        for cell, digit in only:
            if board.values[cell] or not board.cands[cell] >> (digit - 1) & 1:
                continue
            ok, trail = self.propagate(assumptions + [table.var(cell, digit)])
            if not ok:
                values = len(table.placed(trail)) - placed
                failed.append((len(trail) - base, values, cell, digit))
        return failed

    def search(self, board: CandidateGrid) -> tuple:
        """(guesses, conflicts, expected guesses) of the search tree below the board (see search_from)."""
        return self.search_from(self.state_literals(board))

    def search_from(self, assumptions: list) -> tuple:
        """(guesses, conflicts) of the complete search tree below `assumptions`, and the expected number of
        guesses a depth-first search that tries each cell's digits in random order makes to reach the solution."""
        counts = [0, 0]
        size, expected = self._explore(list(assumptions), counts)
        return counts[0], counts[1], (size / 2 if expected is None else expected)

    def _explore(self, assumptions: list, counts: list) -> tuple:
        """Depth-first over every branch (so the tree does not depend on which digit is tried first):
        (guesses below, expected guesses to the solution or None when none lies below)."""
        if counts[0] >= SEARCH_NODE_LIMIT:
            return 0, None
        ok, implied = self.propagate(assumptions)
        if not ok:
            counts[1] += 1
            return 0, None
        branch = self._branch_cell(implied, assumptions)
        if branch is None:
            return 0, 0.0
        sizes, found = [], None
        for lit in branch:
            counts[0] += 1
            size, expected = self._explore(assumptions + [lit], counts)
            sizes.append(1 + size)
            if expected is not None:
                found = (len(sizes) - 1, expected)
        if found is None:
            return sum(sizes), None
        # each dead branch comes before the solution's branch with probability 1/2
        index, expected = found
        return sum(sizes), 1 + expected + (sum(sizes) - sizes[index]) / 2

    def random_search(self, assumptions: list) -> float:
        """Mean guesses of RANDOM_RUNS depth-first searches that stop at the solution, each branching on a cell
        with the fewest candidates picked at random and trying its digits in random order (a solver like the
        one behind the Kaggle ratings). Seeded by the assumptions, so the mean is the same in every run."""
        rng = random.Random(",".join(map(str, sorted(assumptions))))
        total = runs = 0
        while runs < RANDOM_RUNS and total < RANDOM_GUESS_BUDGET:
            counter = [0]
            self._dive(list(assumptions), rng, counter)
            total, runs = total + counter[0], runs + 1
        return total / runs

    def _dive(self, assumptions: list, rng: random.Random, counter: list) -> bool:
        """One random depth-first search below `assumptions`; True once a solution (or the guess cap) is reached."""
        ok, implied = self.propagate(assumptions)
        if not ok:
            return False
        fewest = self._fewest_cells(implied, assumptions)
        if not fewest:
            return True
        known = set(implied)
        branch = [var for var in self.literals.of_cell(rng.choice(fewest)) if -var not in known]
        rng.shuffle(branch)
        for lit in branch:
            counter[0] += 1
            if counter[0] >= RANDOM_GUESS_BUDGET or self._dive(assumptions + [lit], rng, counter):
                return True
        return False

    def _fewest_cells(self, implied, assumptions) -> list:
        """The open cells with the fewest candidates."""
        side, count = self.side, self.literals.count
        left = [side] * self.rules.shape.cells
        for lit in set(implied).union(assumptions):
            if lit > 0:
                if lit <= count:
                    left[(lit - 1) // side] = -count  # placed: never open, whatever else is known of it
            elif -lit <= count:
                left[(-lit - 1) // side] -= 1
        size = min((n for n in left if n > 0), default=0)
        if not size:
            return []
        return [cell for cell, n in enumerate(left) if n == size]

    def _branch_cell(self, implied, assumptions) -> Optional[list]:
        """The literals of the open cell with the fewest candidates left, or None when all are set."""
        known = set(implied).union(assumptions)
        best = None
        for cell in range(self.rules.shape.cells):
            alive = [var for var in self.literals.of_cell(cell) if -var not in known]
            if len(alive) == 1 and alive[0] in known:
                continue
            if best is None or len(alive) < len(best):
                best = alive
                if len(best) == 2:
                    break
        return best


class _Ladder:
    """Climb the deduction ladder on a board: SE's techniques short of chains, then probing, then search."""

    def __init__(self, rater: Rater, board: CandidateGrid):
        self.rater = rater
        self.board = board
        self.probes = self.probe_rounds = self.chain = self.guesses = self.conflicts = 0
        self.stuck_open = self.scarcest = self.longest_step = 0
        self.expected = self.technique = 0.0
        self.reduced = False
        self.level = "singles"

    def deduce(self) -> None:
        """SE's techniques short of chains until none applies, singles before all others (so that the singles
        level is unit propagation); the hardest difficulty used is kept."""
        board = self.board
        basic = ladder_producers(board.rules.groups_only)
        while not board.solved and not board.broken:
            if self.rater.budget is not None:
                self.rater.budget.check("rating")
            step = first_step(board, basic)
            if step is None:
                return
            board.apply(step)
            self.technique = max(self.technique, step.difficulty)
            self.reduced = self.reduced or step.technique not in SINGLES

    def run(self) -> None:
        """Until solved (or broken): techniques; when stuck, the easiest failed literal; if none, search."""
        board, pending = self.board, []
        while True:
            self.deduce()
            if board.solved or board.broken:
                break
            failed = self.rater.probe(board, [(cell, digit) for *_, cell, digit in pending]) if pending else []
            if not failed:
                failed = self.rater.probe(board)
                if failed:
                    self.scarcest = min(self.scarcest or len(failed), len(failed))
            if failed is None:
                break
            if board.solved:
                continue
            if not failed:
                self.stuck_open = self.stuck_open or board.open_cells
                self.level = "search"
                self.guesses, self.conflicts, self.expected = self.rater.search(board)
                return
            failed.sort()
            (chain, _, cell, digit), pending = failed[0], failed[1:]
            if not self.probe_rounds:
                self.probes = len(failed)
                self.stuck_open = board.open_cells
            self.probe_rounds += 1
            self.chain = max(self.chain, chain)
            self.longest_step = max(self.longest_step, min(f[1] for f in failed))
            board.eliminate(cell, digit)
        if self.probe_rounds:
            self.level = "probing"
        elif self.reduced:
            self.level = "reduction"


@lru_cache(maxsize=1)
def ladder_producers(uniqueness: bool = True) -> tuple:
    """The ladder's techniques: the singles, then SE's other techniques short of chains in SE's order; without SE's
    uniqueness techniques for rules with more than extra groups (a constraint may break the swap they rest on)."""
    basic = [p for p in basic_producers() if uniqueness or FAMILY_OF.get(p[0]) != "uniqueness"]
    return tuple(p for p in basic if p[0] in SINGLES) + tuple(p for p in basic if p[0] not in SINGLES)


def singles_waves(board: CandidateGrid) -> int:
    """Rounds of singles until stuck, each round placing every single visible at its start."""
    waves = 0
    while not board.solved and not board.broken:
        found = {step.placements[0] for step in hidden_singles(board)}
        found.update(step.placements[0] for step in naked_singles(board))
        if not found:
            break
        for cell, digit in dict(found).items():
            if not board.values[cell]:
                board.place(cell, digit)
        waves += 1
    return waves


def score_terms(rating: Rating, side: int) -> dict:
    """The measures the combined score blends, each on its documented scale (module docstring)."""
    cells = side * side
    weight = rating.technique
    return {
        "open": rating.open_after_propagation / cells,
        "search": math.log2(1 + rating.expected_guesses),
        "random": math.log2(1 + rating.random_guesses),
        "tree": math.log2(1 + rating.guesses),
        "probing": math.log2(1 + rating.probe_rounds),
        "technique": weight,
        "complexity": rating.complexity,
        "waves": math.log2(1 + (rating.waves if rating.open_after_propagation == 0 else cells)),
        "rarity": math.log2(cells * side / rating.scarcest) if rating.scarcest else 0.0,
        "chain": math.log2(1 + rating.longest_step),
    }


def combined_score(rating: Rating, side: int, weights: Optional[dict] = None) -> float:
    """The documented combined score (module docstring); `weights` replaces SCORE_WEIGHTS when fitting."""
    weights = SCORE_WEIGHTS if weights is None else weights
    terms = score_terms(rating, side)
    score = sum(weight * terms[name] for name, weight in weights.items())
    return score + (SEARCH_BONUS if rating.level == "search" else 0.0)


@lru_cache(maxsize=8)
def rater_for(rules: Rules) -> Rater:
    """One Rater per set of rules, kept for the process."""
    return Rater(rules)


def rate(puzzle: Puzzle, rules: Optional[Rules] = None, budget: Optional[Budget] = None,
         path: Optional[Path] = None, assume_unique: bool = True, se: bool = True,
         effort: bool = False) -> Optional[Rating]:
    """Rate one puzzle (classic rules unless given); OutOfBudget when `budget` runs out first. Uniqueness
    techniques are used unless `assume_unique` is False (a puzzle not known to have one solution); `effort` adds
    the effort measures; `se` False leaves SE's numbers out (None) and gives the effort measures alone."""
    return rater_for(rules or rules_of(puzzle)).rate(puzzle, budget, path, assume_unique, se, effort)

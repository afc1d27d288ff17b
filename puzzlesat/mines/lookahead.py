"""The `lookahead` strategy: the guess that best keeps the game going, judged one reveal ahead.

When no cell is certainly safe:
1. Few layouts left (at most `endgame_layouts`): the move that wins most often, by an exact search of the game
   tree (puzzlesat.mines.endgame).
2. An unavoidable 50/50 (puzzlesat.mines.patterns): it must be guessed some time, so now.
3. Otherwise candidates are scored. Candidates: every living frontier cell whose safety (1 - mine probability) is
   at least `cutoff` of the best living safety, and, when the cells off the frontier are nearly as safe as that
   (`off_tolerance`), off-frontier cells likely to open new ground: all of them when fewer than `all_off_below`,
   else those two steps straight from a number and those with two or three covered neighbours (next to a corner
   or an edge of covered ground).
   A candidate's score is the chance of surviving it and then the next move: the sum, over every number it could
   show, of that number's chance times the *blended* safety of the position after it, (4 x the best + the second
   best living cell's safety) / 5 (a certainly safe living cell counts as 1). Dead cells (opening them teaches
   nothing) are left out of the blend, and a candidate that can show one number only is guessed only when all are.
   Scoring a candidate stops as soon as it can no longer beat the best so far (safest candidates first).
   Ties: a slightly higher score for making progress (some cell becomes certain), then more expected living safe
   cells, then the cell nearest a corner or an edge.
4. Domination: when the chosen cell is safe, some safer candidate may be certainly safe too (it is safe whenever the
   chosen one is), or one cell may be the uniquely safest after every number the chosen one could show and safer
   now: that cell is taken instead.

These are the ideas of David Hill's solver (JSMinesweeper and its Java bulk solver: "secondary safety" with a
4:1 blend, a 0.9 safety cut-off, off-edge candidates, dead tiles, domination); the numbers are his. Where the two
part on the same layouts (scripts/diverge_java_solver.py, 459 expert games of seed 0, each first differing move
scored over 12 exactly sampled layouts): mostly the first guess after a corner showing a number (Hill takes the far
corner, this a cell near the opened one), and no kind of position is measurably worse here: -0.51 +- 0.54 points
to Hill in all, off the frontier -0.24 +- 0.48.

Measured in paired runs (scripts/paired_games.py, the same games for both sides): against the previous lookahead
(the 8 safest frontier and 3 corner-most off-frontier cells, next-move safety 1 or the best guess's) this plays as
well (expert 38.55% against 38.85% on 2,000 games, p = 0.77) at 1.9x the expert games per CPU-second, mostly from
stopping a candidate's scoring once it cannot win.

Tried without gain (net games won, expert, 3,000 games each unless said):
- not taking 50/50s at once: +2;
- a cut-off of 0.8: -1; 0.95 (beginner, 6,000): 0;
- the best next safety alone instead of the blend: -6;
- the closest 3 candidates judged two reveals ahead: -1, and within 0.03 of the best -4, at half the speed;
- the closest 3 candidates within 0.02 of the best judged three reveals ahead (the `deeper` strategy,
  puzzlesat.mines.deeper): +70 net on 48,000 expert games (888 / 958 discordant, p = 0.11), at 0.39x the speed;
- exact endgames up to 1,000 or 3,000 layouts (beginner, 6,000): -1 each; up to 1,000 layouts and 200,000 nodes
  (expert, 20,000): +14, 59 against 73 discordant, p = 0.26, at 0.75x the speed;
- the safest untouched corner while under 5% (or 2%) of the board is open: -22 and -9 (the corner is where David
  Hill's solver makes its first guess, but for another reason, next);
- his long-term safety as first written, a candidate's score raised by 0.9 x the share of its safe layouts in
  which a 50/50 pair or 2x2 box could form around it: +1, at 0.65x the speed (written again, below, it gains);
- a progress bonus of 0.1 instead of 0.001 while at most 2% of the board is open, so that the first guesses open
  new ground as his do: 0.3 fewer guesses a game, but +55, +65 and -57 on three seeds of 20,000 expert games (net
  +63 of 7,913 discordant, p = 0.48), at 0.93-0.98x the speed.

Gained: his long-term safety written again from his current solver (`long_term`, puzzlesat.mines.long_term: the
tallies counted exactly, each outcome and the pruning bound scaled, the cells it favours added to the candidates),
the `longterm` strategy, the default. On expert games 0-40,999 of seed 0 paired with this strategy: 41.08% won
against 40.52%, 3,105 / 3,334 discordant, McNemar p = 0.0045, at 0.82x the games per CPU-second; level with Hill's
own solver on the same layouts (41.29% against his 41.43%, p = 0.51).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import AbstractSet, Dict, List, Optional, Set, Tuple

from puzzlesat.budget import Budget
from puzzlesat.errors import Inconsistent, OutOfBudget
from puzzlesat.mines.board import HIDDEN
from puzzlesat.mines.count import Counts, count_layouts, list_layouts, snapshot
from puzzlesat.mines.endgame import Endgame, ones
from puzzlesat.mines.long_term import LongTermRisk
from puzzlesat.mines.patterns import fifty_fifties, is_dead
from puzzlesat.mines.player import ENDGAME, FIFTY_FIFTY, GUESS, Decision, Player

EQUAL = 1e-4  # safeties closer than this are the same for domination
ENDGAME_MOST = 20000  # never list more layouts than this for the exact search


@dataclass
class Scored:
    """One candidate judged: its safety now, its score, and what the reveals after it would bring."""

    cell: int
    safety: float
    score: float = 0.0
    progress: float = 0.0  # chance that it is safe and some living cell becomes certain
    clears: float = 0.0  # expected living safe cells after it
    dead: bool = False  # can show one number only
    pruned: bool = False  # scoring stopped: it cannot beat the best
    common_safe: Optional[Set[int]] = None  # cells safe after every number it could show
    safest_after: Optional[int] = None  # the cell uniquely safest after every number, if the same each time
    outcomes: Optional[list] = None  # (number, its chance, the counts after it) when the strategy keeps them

    def key(self, bonus: float) -> tuple:
        """Sort key, best last: living first, then the score with the progress bonus, then expected clears."""
        return (not self.dead, self.score * (1 + bonus * self.progress), self.clears)


class Lookahead(Player):
    """The `lookahead` strategy (module docstring); with `long_term` on, `longterm`, the default."""

    # The endgame search's sizes. David Hill's solver searches at most 400 layouts, or 250 weighed by the safe share
    # cubed, 300,000 nodes, living cells only, and keeps a search's partial answer: an experiment (each of these on),
    # not yet measured on paired games, so off by default.
    endgame_layouts = 200  # search the game tree exactly when at most this many layouts remain
    endgame_density = 0  # ... or (not 0) when the layouts times the covered cells' safe share cubed are at most this
    endgame_nodes = 50000  # positions the endgame search may visit before it gives up
    endgame_living_only = False  # leave cells that can show one number out of the search's moves (Endgame)
    keep_partial = False  # a search cut short: the best move it finished replaces a guess it judged worse
    cutoff = 0.9  # frontier candidates: living cells at least this share of the best living safety
    off_tolerance = 0.95  # off-frontier candidates when their safety is at least this share of the best
    all_off_below = 30  # fewer off-frontier cells than this: all of them are candidates
    blend = (4, 1)  # weights of the best and second-best living safety after a reveal
    progress_bonus = 0.001  # a tie-break: the score is raised by this share of the chance of progress
    take_fifty_fifties = True  # guess an unavoidable 50/50 at once (puzzlesat.mines.patterns)
    prune_slack = 0.0  # stop scoring a candidate once it cannot reach this share below the best score
    keep_outcomes = False  # keep each scored candidate's outcomes (Scored.outcomes), for a deeper look
    long_term = False  # scale scores by the 50/50s a guess would settle (puzzlesat.mines.long_term)
    search: Optional[Endgame] = None  # the endgame search of an earlier move, kept while its layouts hold

    def guess(self, solution: Counts) -> Decision:
        game = self.game
        mines = self.mines | solution.mines
        partial = None
        if self.small_endgame(solution, mines):
            move = self.endgame(solution)
            if move is not None:
                cell, win = move
                return Decision(cell, solution.probability(cell), ENDGAME, win=win)
            if self.keep_partial:
                partial = self.search.partial
        if self.take_fifty_fifties:
            pairs = fifty_fifties(game.known, game.neighbours, game.setup.mines, mines, solution)
            if pairs:
                cell = min(pairs[0], key=self.edge_rank)
                return Decision(cell, solution.probability(cell), FIFTY_FIFTY)
        chosen = self.evaluate(solution, mines)
        if partial is not None and partial[0] is not None and chosen.cell in partial[1] and chosen.cell != partial[0]:
            return Decision(partial[0], solution.probability(partial[0]), ENDGAME)
        return Decision(chosen.cell, solution.probability(chosen.cell), GUESS, progress=chosen.progress,
                        safety_next=chosen.score)

    def small_endgame(self, solution: Counts, mines: Set[int]) -> bool:
        """Few enough layouts for the exact search: at most `endgame_layouts`, or (with `endgame_density`) few
        once weighed by the safe share of the covered cells cubed, as David Hill's solver decides (never more
        than ENDGAME_MOST)."""
        if solution.layouts <= self.endgame_layouts:
            return True
        if not self.endgame_density or solution.layouts > ENDGAME_MOST:
            return False
        covered = sum(1 for value in self.game.known if value == HIDDEN) - len(mines)
        safe_share = 1 - (self.game.setup.mines - len(mines)) / covered
        return solution.layouts * safe_share ** 3 <= self.endgame_density

    def endgame(self, solution: Counts) -> Optional[Tuple[int, float]]:
        """The move that wins most often when few layouts remain and its chance of winning, or None when the
        game tree is too big. The search of an earlier move goes on when its layouts still hold this position
        (what it met is remembered), else a new one starts."""
        game = self.game
        search, layouts = self.search, None
        if search is not None:
            layouts = search.fitting(game.known)
            if ones(layouts) != solution.layouts:
                search = None
        if search is None:
            cells, listed = list_layouts(game.known, game.neighbours, game.setup.mines, self.mines, solution)
            search = self.search = Endgame(cells, listed, game.neighbours, self.endgame_living_only)
            layouts = None
        try:
            return search.best_move(layouts, Budget(nodes=self.endgame_nodes))
        except OutOfBudget:
            return None

    def evaluate(self, solution: Counts, mines: Set[int]) -> Scored:
        """Score the candidates, safest first, and take the best (then the cell that dominates it, if any)."""
        found, best, _ = self.score_all(solution, mines)
        return self.dominating(best, found)

    def score_all(self, solution: Counts, mines: Set[int]) -> Tuple[Dict[int, Scored], Scored, tuple]:
        """Every candidate scored, safest first: them by cell, the best, and the counting context they shared."""
        safety = {cell: 1 - count / solution.layouts for cell, count in solution.numerators.items()
                  if cell not in mines and cell not in solution.safe}
        numbers = self.active()
        game = self.game
        memo: dict = {}
        context = (numbers, mines, memo, snapshot(game.known, game.neighbours, mines, numbers))
        risk = None
        if self.long_term:
            risk = LongTermRisk(game.known, game.neighbours, game.setup.width, game.setup.height, game.setup.mines,
                                mines, solution, numbers, memo)
        found: Dict[int, Scored] = {}
        best: Optional[Scored] = None
        for cell in self.candidates(solution, safety, mines, risk):
            factor = 1.0 if risk is None else risk.factor(cell)
            scored = self.score(cell, safety[cell], solution, context, best, factor)
            found[cell] = scored
            if best is None or self.better(scored, best):
                best = scored
        return found, best, context

    def better(self, scored: Scored, best: Scored) -> bool:
        """Whether `scored` beats `best` (ties: the cell nearest a corner or an edge, then the lowest index)."""
        new, old = scored.key(self.progress_bonus), best.key(self.progress_bonus)
        if new != old:
            return new > old
        return (self.edge_rank(scored.cell), scored.cell) < (self.edge_rank(best.cell), best.cell)

    def candidates(self, solution: Counts, safety: Dict[int, float], mines: Set[int],
                   risk: Optional[LongTermRisk] = None) -> List[int]:
        """The cells worth scoring (module docstring, step 3), safest first."""
        game = self.game
        off = {cell for cell in solution.off_frontier if cell in safety}  # counting may have made them all mines
        living = [cell for cell in safety
                  if cell not in off and not is_dead(cell, game.known, game.neighbours, mines, solution.safe)]
        off_safety = safety[next(iter(off))] if off else 0.0
        best = max([safety[cell] for cell in living] + [off_safety])
        chosen = [cell for cell in living if safety[cell] >= best * self.cutoff]
        if off and off_safety >= best * self.off_tolerance:
            chosen += self.off_candidates(off)
        if not chosen:  # every frontier cell is dead and the cells off it are far less safe
            chosen = [cell for cell in safety if cell not in off] or sorted(off)
        if risk is not None:
            taken = set(chosen)
            chosen += [cell for cell in risk.influenced(best * self.cutoff) if cell in safety and cell not in taken
                       and not is_dead(cell, game.known, game.neighbours, mines, solution.safe)]
        return sorted(chosen, key=lambda cell: (-safety[cell], self.edge_rank(cell), cell))

    def off_candidates(self, off: Set[int]) -> List[int]:
        """Off-frontier cells likely to open new ground (module docstring, step 3)."""
        if len(off) < self.all_off_below:
            return sorted(off)
        return sorted(near_new_ground(self.game, self.game.known, self.active(), off))

    def edge_rank(self, cell: int) -> int:
        """Fewer neighbours first: corners, then edges, then the interior."""
        return len(self.game.neighbours[cell])

    def score(self, cell: int, safety: float, solution: Counts, context: tuple, best: Optional[Scored],
              factor: float = 1.0) -> Scored:
        """Judge one candidate: each number it could show, the blended safety after it (module docstring), all
        times `factor` (the long-term risk it settles)."""
        game = self.game
        numbers, mines, memo, since = context
        numbers = numbers + [cell]
        known = list(game.known)
        result = Scored(cell, safety, outcomes=[] if self.keep_outcomes else None)
        left, values, safest = safety, 0, []
        for value in self.values(cell, mines, solution.safe):
            if best is not None and not best.dead \
                    and result.score + left * factor < best.score * (1 - self.prune_slack):
                result.pruned = True
                result.score += left * factor
                return result
            known[cell] = value
            try:
                after = count_layouts(known, game.neighbours, game.setup.mines, mines,
                                      memo=memo, numbers=numbers, changed=[cell], since=since)
            except Inconsistent:
                continue
            share = after.layouts / solution.layouts
            values += 1
            left -= share
            blended, living_safe, single = self.blended_safety(after, known, mines)
            result.score += share * blended * factor
            result.clears += share * living_safe
            if living_safe:
                result.progress += share
            result.common_safe = set(after.safe) if result.common_safe is None else result.common_safe & after.safe
            safest.append(single)
            if result.outcomes is not None:
                result.outcomes.append((value, share, after))
        result.dead = values <= 1
        if safest and safest[0] is not None and all(other == safest[0] for other in safest):
            result.safest_after = safest[0]
        return result

    def values(self, cell: int, mines: AbstractSet[int], safe: AbstractSet[int],
               known: Optional[List[int]] = None) -> range:
        """The numbers `cell` could show: its known mines, up to those plus its undecided covered neighbours (in
        the game's view, or in `known`)."""
        game = self.game
        known = game.known if known is None else known
        least = most = 0
        for other in game.neighbours[cell]:
            if known[other] == HIDDEN:
                if other in mines:
                    least += 1
                elif other not in safe:
                    most += 1
        return range(least, least + most + 1)

    def blended_safety(self, after: Counts, known: List[int], mines: Set[int]) -> Tuple[float, int, Optional[int]]:
        """(the blended safety of the two safest living cells, the living certainly safe cells, the uniquely
        safest living cell or None)."""
        neighbours = self.game.neighbours
        sure = mines | after.mines
        living_safe = [cell for cell in after.safe
                       if known[cell] == HIDDEN and not is_dead(cell, known, neighbours, sure, after.safe)]
        first = second = 1 - after.numerators[after.off_frontier[0]] / after.layouts if after.off_frontier else 0.0
        first_cell = None
        if len(living_safe) > 1:
            first = second = 1.0
        else:
            if living_safe:
                first, second, first_cell = 1.0, first, living_safe[0]
            numerators, layouts = after.numerators, after.layouts
            for cell in after.frontier:
                chance = 1 - numerators[cell] / layouts
                if chance <= second or chance >= 1.0 or cell in sure:
                    continue
                if is_dead(cell, known, neighbours, sure, after.safe):
                    continue
                if chance > first:
                    first, second, first_cell = chance, first, cell
                else:
                    second = chance
        heavy, light = self.blend
        single = first_cell if first > second else None
        return (heavy * first + light * second) / (heavy + light), len(living_safe), single

    def dominating(self, chosen: Scored, found: Dict[int, Scored]) -> Scored:
        """A scored candidate that dominates the chosen one (module docstring, step 4), or the chosen one."""
        for other in found.values():
            if other.safety > chosen.safety + EQUAL and chosen.common_safe and other.cell in chosen.common_safe:
                return other
        single = chosen.safest_after
        if single is not None and single in found and found[single].safety > chosen.safety + EQUAL:
            return found[single]
        return chosen


def near_new_ground(game, known: List[int], numbers, off: Set[int]) -> Set[int]:
    """The cells of `off` likely to open new ground in the position `known`: two cells straight from one of the
    revealed `numbers`, or with two or three hidden neighbours."""
    width, height = game.setup.width, game.setup.height
    picked = set()
    for number in numbers:
        if known[number] < 0:
            continue
        row, col = divmod(number, width)
        for dr, dc in ((2, 0), (-2, 0), (0, 2), (0, -2)):
            r, c = row + dr, col + dc
            if 0 <= r < height and 0 <= c < width and r * width + c in off:
                picked.add(r * width + c)
    for cell in off:
        covered = sum(1 for other in game.neighbours[cell] if known[other] == HIDDEN)
        if 1 < covered < 4:
            picked.add(cell)
    return picked

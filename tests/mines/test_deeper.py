"""The deeper strategy: sound on expert games, the same games for the same seed, the close candidates judged deeper."""

from __future__ import annotations

import json

from conftest import run_main

from puzzlesat.mines.count import count_layouts
from puzzlesat.mines.deeper import Deeper
from puzzlesat.mines.game import Game, parse_size
from puzzlesat.mines.simulation import play_game
from puzzlesat.mines.strategy import STRATEGIES


class Watched(Deeper):
    """Deeper, keeping every deep look: the close candidates, their deep scores and the cell chosen."""

    def __init__(self, game, first_move=(0, 0)):
        super().__init__(game, first_move)
        self.looks = []

    def deep_score(self, scored, context, beat):
        value = super().deep_score(scored, context, beat)
        self.looks.append((scored, value, beat))
        return value

    def evaluate(self, solution, mines):
        before = len(self.looks)
        chosen = super().evaluate(solution, mines)
        if len(self.looks) > before:
            self.looks.append(("chosen", chosen.cell, None))
        return chosen


def test_deeper_never_opens_a_proven_mine_and_takes_certain_cells_first_on_expert_games():
    assert STRATEGIES["deeper"] is Deeper
    setup = parse_size("expert")
    looks = 0
    for index in range(4):
        game = Game(setup, 5, index)
        player = Watched(game)
        while not game.over:
            cell, probability = player.choose()
            if game.mines is not None:
                counts = count_layouts(game.known, game.neighbours, setup.mines)
                assert cell not in counts.mines
                if counts.safe:
                    assert cell in counts.safe and probability == 0
                else:
                    assert probability == counts.probability(cell)
            game.open(game.position_of(cell), probability)
        looks += len(player.looks)
    assert looks > 0  # the deeper look ran


def test_deeper_plays_the_same_games_for_the_same_seed():
    setup = parse_size("intermediate")
    for index in range(6):
        first, again = (play_game(setup, "deeper", 8, index) for _ in range(2))
        assert [(m.cell, m.probability) for m in first.moves] == [(m.cell, m.probability) for m in again.moves]
        assert first.won == again.won


def test_a_deep_score_is_a_chance_below_the_candidate_safety_and_the_best_one_is_chosen():
    setup = parse_size("expert")
    checked = 0
    for index in range(6):
        game = Game(setup, 2, index)
        player = Watched(game)
        while not game.over and checked < 12:
            cell, probability = player.choose()
            game.open(game.position_of(cell), probability)
            looked, player.looks = player.looks, []
            if not looked:
                continue
            assert looked[-1][0] == "chosen" and looked[-1][1] == cell
            exact = [(scored, value) for scored, value, beat in looked[:-1] if value > beat]  # not cut short
            for scored, value in exact:
                assert 0 <= value <= scored.safety + 1e-12
            assert all(value <= dict((s.cell, v) for s, v in exact).get(cell, 1.0) + 1e-12 for _, value in exact)
            checked += 1
    assert checked >= 3


def test_the_cli_names_deeper_and_gives_its_move_on_the_expert_opening():
    board = "# mines: 99\n1" + "?" * 29 + "\n" + ("?" * 30 + "\n") * 15
    result = run_main(["mines", "-", "-f", "json", "--strategy", "deeper"], input=board)
    assert result.exit_code == 0, result.output
    advice = json.loads(result.stdout)["advice"]
    assert advice["strategy"] == "deeper" and advice["reason"] == "guess"
    assert advice["exact"] == "7/34"  # off the frontier: safer than the corner's neighbours (1/3)
    assert advice["cell"] not in ([0, 1], [1, 0], [1, 1])

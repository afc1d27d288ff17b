"""Ratings: SE's ER/EP/ED from the solving path; Chen's complexity, the deduction ladder, the search measures and
the effort score."""

from __future__ import annotations

import math
from statistics import mean

import pytest
from conftest import ROOT

from puzzlesat.sudoku import Rules, parse, rate
from puzzlesat.sudoku.logic.candidates import CandidateGrid
from puzzlesat.sudoku.logic.rating import LEVELS, Rater, chen_complexity

PUZZLES = ROOT / "puzzles" / "sudoku"
WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def lines(name: str, count: int) -> list:
    rows = [l.strip() for l in (PUZZLES / name).read_text().splitlines() if l.strip() and not l.startswith("#")]
    return rows[:count]


def test_chen_complexity_bounds():
    assert chen_complexity(CandidateGrid.start(parse("." * 81))) == pytest.approx(math.log2(9))
    solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    assert chen_complexity(CandidateGrid.start(parse(solved))) == 0


def test_chen_complexity_of_17_clue_puzzles_is_in_chens_range():
    values = [rate(parse(line), effort=True).complexity for line in lines("17clue-200.txt", 60)]
    assert 1.6 < mean(values) < 1.9  # Chen: 1.695-1.819 for hard 17-clue puzzles


@pytest.mark.slow
def test_singles_level_is_exactly_unit_propagation():
    """Naked + hidden singles in Python and unit propagation on the extended encoding agree."""
    for line in lines("17clue-200.txt", 80) + lines("top95.txt", 20):
        rating = rate(parse(line), se=False)
        assert (rating.level == "singles") == (rating.open_after_propagation == 0)


@pytest.mark.slow
def test_levels_of_known_sets():
    assert rate(parse(WIKI), effort=True).level == "singles"
    # failed-literal probing finishes every 17-clue puzzle but none of forum_hardest_1106
    levels = {rate(parse(line), se=False).level for line in lines("17clue-200.txt", 40)}
    assert levels <= {"singles", "reduction", "probing"}
    assert {rate(parse(line), se=False).level for line in lines("hardest1106-20.txt", 4)} == {"search"}
    assert "probing" in {rate(parse(line), se=False).level for line in lines("top95.txt", 30)}


def test_search_measures_grow_with_hardness():
    easy = rate(parse(WIKI), effort=True)
    assert easy.guesses == easy.conflicts == 0 and easy.probe_rounds == 0
    hard = rate(parse(lines("hardest1106-20.txt", 1)[0]), effort=True)
    assert hard.guesses > 10 and hard.conflicts > 0


@pytest.mark.slow
def test_scores_order_the_sets():
    def average(name, count):
        return mean(rate(parse(line), se=False).score for line in lines(name, count))

    easy = rate(parse(WIKI), effort=True).score
    assert easy < average("17clue-200.txt", 20) < average("top95.txt", 15) < average("hardest1106-20.txt", 4)
    assert 0 < easy < 3


def test_rating_is_deterministic_whatever_came_before():
    puzzles = [parse(line) for line in lines("top95.txt", 6)]
    first = [Rater(Rules(p.shape)).rate(p, effort=True) for p in puzzles]
    shared = Rater(Rules(puzzles[0].shape))
    again = [shared.rate(p, effort=True) for p in reversed(puzzles)][::-1]
    assert first == again


def test_effort_alone_leaves_se_out_and_scores_the_same():
    puzzle = parse(lines("top95.txt", 1)[0])
    alone, whole = rate(puzzle, se=False), rate(puzzle, effort=True)
    assert (alone.er, alone.ep, alone.ed, alone.hardest, alone.steps) == (None,) * 5
    assert alone.score == whole.score and alone.level == whole.level and whole.er == 2.6  # SE: 2.6 (Pointing)
    assert alone.as_dict()["er"] is None


def test_rating_record():
    data = rate(parse(WIKI), effort=True).as_dict()
    assert {"er", "ep", "ed", "hardest", "steps", "score", "complexity", "level"} <= set(data)
    assert data["level"] in LEVELS and isinstance(data["score"], float)
    assert (data["er"], data["ep"], data["ed"], data["hardest"]) == (1.2, 1.2, 1.2, "Hidden Single")
    assert data["steps"] == WIKI.count(".")


def test_se_numbers_come_from_the_path():
    """ER the hardest step, ED the first, EP the hardest up to the first placement (Sukaku Explainer's serate)."""
    from puzzlesat.sudoku.logic.path import solving_path

    for line in lines("top95.txt", 3) + lines("17clue-200.txt", 3):
        puzzle = parse(line)
        rating, path = rate(puzzle), solving_path(puzzle, assume_unique=True)
        difficulties = [step.difficulty for step in path.steps]
        first_placement = next(i for i, step in enumerate(path.steps) if step.placements)
        assert rating.er == max(difficulties) and rating.ed == difficulties[0]
        assert rating.ep == max(difficulties[: first_placement + 1])
        assert rating.steps == len(path.steps) and rating.hardest == path.hardest.technique


def test_contradictory_givens_have_no_rating():
    assert rate(parse("55" + "." * 79)) is None


@pytest.mark.parametrize("name", ["4x4.txt", "6x6.txt", "16x16-test6.txt"])
def test_other_sizes(name):
    rating = rate(parse(lines(name, 1)[0]), effort=True)
    assert rating is not None and rating.level in LEVELS and rating.score > 0


def test_variant_rules_are_rated_with_their_groups():
    from puzzlesat.sudoku.model.variants import make_variant

    text = (PUZZLES / "variants" / "diagonal-sudopedia.txt").read_text().splitlines()
    puzzle = parse(text[-1])
    rules = make_variant(["diagonal"]).rules(puzzle.shape)
    assert rate(puzzle, rules, effort=True).level in ("singles", "reduction")


def test_cli_rate_jsonl_and_pretty(run_cli):
    import json

    hard = lines("hardest1106-20.txt", 1)[0]
    result = run_cli(["sudoku", "--effort", "-f", "jsonl", "-"], input=f"{WIKI}\n{hard}\n{'.' * 81}\n")
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.exit_code == 1  # the empty grid has many solutions
    easy, tough, empty = records
    assert easy["rating"]["level"] == "singles" and tough["rating"]["level"] == "search"
    assert easy["rating"]["score"] < tough["rating"]["score"]
    assert easy["rating"]["er"] == 1.2 and tough["rating"]["er"] > 7
    assert {"er", "ep", "ed", "hardest", "steps", "score", "complexity", "level"} <= set(easy["rating"])
    assert empty["status"] == "multiple" and empty["rating"] is None
    for rated in (easy, tough):  # SE's analysis: every step counted once, the hardest technique last
        used = rated["rating"]["techniques"]
        assert sum(entry["count"] for entry in used) == rated["rating"]["steps"]
        assert used[-1]["difficulty"] == rated["rating"]["er"]
        assert [entry["difficulty"] for entry in used] == sorted(entry["difficulty"] for entry in used)
    assert easy["rating"]["techniques"] == [{"technique": "Hidden Single", "count": 51, "difficulty": 1.2}]
    result = run_cli(["sudoku", "--rate", "--effort", "-f", "pretty", "-"], input=WIKI + "\n")
    assert "SE 1.2/1.2/1.2 (Hidden Single, 51 steps)" in result.output
    assert "51 × Hidden Single (1.2)" in result.output
    assert "effort" in result.output and "level singles" in result.output
    result = run_cli(["sudoku", "--effort", "-f", "line", "-"], input=WIKI + "\n")
    puzzle, solution, se, score = result.output.rstrip("\n").split("\t")
    assert se == "1.2/1.2/1.2" and float(score) == easy["rating"]["score"]


def test_rate_alone_gives_se_numbers_without_the_effort(run_cli):
    """--rate is SE's numbers and analysis only; the effort measures cost more than the path on easy puzzles."""
    import json

    record = json.loads(run_cli(["sudoku", "--rate", "-f", "jsonl", "-"], input=WIKI + "\n").stdout)["rating"]
    assert (record["er"], record["steps"]) == (1.2, 51) and not {"score", "level", "complexity"} & set(record)
    assert run_cli(["sudoku", "--rate", "-f", "line", "-"], input=WIKI + "\n").output.rstrip("\n").split("\t")[2:] \
        == ["1.2/1.2/1.2"]
    pretty = run_cli(["sudoku", "--rate", "-f", "pretty", "-"], input=WIKI + "\n").output
    assert "SE 1.2/1.2/1.2 (Hidden Single, 51 steps)" in pretty and "effort" not in pretty
    rating = rate(parse(WIKI))
    assert rating.er == 1.2 and rating.score is None and rating.level is None


def test_plain_solve_has_no_rating(run_cli):
    import json

    result = run_cli(["sudoku", "-f", "jsonl", "-"], input=WIKI + "\n")
    assert "rating" not in json.loads(result.stdout)


def test_randomized_search_measure_is_reproducible_and_grows_with_hardness():
    easy = rate(parse(WIKI), effort=True)
    assert easy.random_guesses == 0 and easy.expected_guesses == 0
    hard_line = lines("hardest1106-20.txt", 1)[0]
    hard = Rater(Rules(parse(hard_line).shape)).rate(parse(hard_line), effort=True)
    assert hard.random_guesses == rate(parse(hard_line), effort=True).random_guesses > 1
    mid = mean(rate(parse(line), effort=True).random_guesses for line in lines("17clue-200.txt", 10))
    assert 0 < mid < hard.random_guesses


def test_waves_of_singles_count_parallel_rounds():
    rating = rate(parse(WIKI), effort=True)
    assert 1 <= rating.waves <= rating.steps
    # one given short of a full grid: one wave fills it
    solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    assert rate(parse("." + solved[1:]), effort=True).waves == 1


def test_score_is_the_documented_blend():
    from puzzlesat.sudoku.logic.rating import SCORE_WEIGHTS, score_terms

    for line in lines("top95.txt", 3) + [WIKI]:
        rating = rate(parse(line), effort=True)
        terms = score_terms(rating, 9)
        assert rating.score == pytest.approx(sum(w * terms[k] for k, w in SCORE_WEIGHTS.items()))


def test_a_budget_bounds_the_rating():
    from puzzlesat.budget import Budget
    from puzzlesat.errors import OutOfBudget

    with pytest.raises(OutOfBudget):
        rate(parse(lines("hardest1106-20.txt", 1)[0]), budget=Budget(seconds=0.0))


def se_rated(low: float, high: float, count: int) -> list:
    """`count` puzzles of se-heldout.tsv (rated by Sukaku Explainer) with low <= ER < high, spread over the file."""
    import csv

    with (PUZZLES / "se-heldout.tsv").open() as stream:
        rows = [row for row in csv.DictReader(stream, delimiter="\t") if low <= float(row["se_er"]) < high]
    return rows[:: max(1, len(rows) // count)][:count]


def assert_se_numbers(row) -> None:
    rating = rate(parse(row["puzzle"]))
    expected = (float(row["se_er"]), float(row["se_ep"]), float(row["se_ed"]), row["se_hardest"])
    assert (rating.er, rating.ep, rating.ed, rating.hardest) == expected, row["puzzle"]


@pytest.mark.parametrize("row", se_rated(1.0, 8.5, 24), ids=lambda row: row["se_er"])
def test_se_numbers_match_sukaku_explainer(row):
    assert_se_numbers(row)


@pytest.mark.slow
@pytest.mark.parametrize("row", se_rated(8.5, 10.5, 4), ids=lambda row: row["se_er"])
def test_se_numbers_match_sukaku_explainer_on_chain_puzzles(row):
    assert_se_numbers(row)

"""The variant difficulty: features from a path's analysis, the fitted model read from its parameters file, the
difficulty and minutes a rating carries (classic puzzles keep SE's ER), and what the command line shows."""

from __future__ import annotations

import json
import math

import pytest
from published import FOLDER, published

from puzzlesat.sudoku import parse, rate
from puzzlesat.sudoku.logic import variant_difficulty
from puzzlesat.sudoku.logic.variant_difficulty import FEATURES, PARAMETERS, Model, estimate, features
from puzzlesat.sudoku.reading.links import read_link

WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
ANALYSIS = (("Hidden Single", 40, 1.5), ("Thermometer", 7, 1.8), ("Killer Cage", 3, 2.2), ("Pointing", 5, 2.8),
            ("Combination", 2, 3.2), ("Forcing Chain", 1, 7.0), ("Search", 2, 20.0))


def test_features_sort_the_steps_by_how_hard_they_are():
    found = features(ANALYSIS)
    assert set(found) == set(FEATURES)
    assert found["hardest"] == 7.0  # search is not a step a person takes: it counts apart
    assert found["singles"] == math.log2(41) and found["plain"] == math.log2(11)
    assert found["advanced"] == math.log2(8) and found["chains"] == math.log2(2) and found["search"] == math.log2(3)
    assert found["kinds"] == math.log2(1 + len(ANALYSIS))
    assert found["constraints"] == found["families"] == 0.0
    ruled = features(ANALYSIS, {"thermometer": 5, "killer": 2})
    assert ruled["constraints"] == 3.0 and ruled["families"] == math.log2(3)
    assert features(()) == dict.fromkeys(FEATURES, 0.0)


def test_the_shipped_model_reads_its_parameters_file():
    data = json.loads(PARAMETERS.read_text())
    shipped = Model.load()
    assert set(shipped.weights) <= set(FEATURES) and shipped.weights == data["weights"]
    assert shipped.anchor_slope > 0  # longer classic videos for higher ERs: the scale runs the right way
    assert shipped.error_low < 0 < shipped.error_high


def test_a_parameters_file_with_an_unknown_feature_is_refused(tmp_path):
    data = json.loads(PARAMETERS.read_text())
    data["weights"]["colour"] = 1.0
    (tmp_path / "bad.json").write_text(json.dumps(data))
    with pytest.raises(ValueError, match="unknown features"):
        Model.load(tmp_path / "bad.json")


def test_the_difficulty_is_the_er_of_a_classic_puzzle_predicted_to_take_as_long():
    model = Model(weights={"hardest": 0.1, "chains": 0.2}, intercept=3.0, anchor_intercept=3.2, anchor_slope=0.1,
                  error_low=-0.4, error_high=0.5)
    found = features(ANALYSIS)
    predicted = 3.0 + 0.1 * found["hardest"] + 0.2 * found["chains"]
    got = model.estimate(ANALYSIS)
    assert got.difficulty == pytest.approx((predicted - 3.2) / 0.1)
    assert got.minutes == pytest.approx(math.exp(predicted))
    assert got.low == pytest.approx(math.exp(predicted - 0.4)) and got.high == pytest.approx(math.exp(predicted + 0.5))
    assert model.estimate(()).difficulty == model.lowest  # clipped to SE's range
    huge = (("Forcing Chain", 10 ** 9, 12.0),)
    assert estimate(huge, fitted=Model(weights={"chains": 1.0}, intercept=0.0, anchor_intercept=0.0, anchor_slope=0.1,
                                error_low=0.0, error_high=0.0)).difficulty == 12.0


def test_classic_puzzles_keep_ses_er_as_their_difficulty_and_take_the_anchors_minutes():
    rating = rate(parse(WIKI))
    assert rating.engine == "se" and rating.er == 1.2 and rating.difficulty == rating.er
    shipped = Model.load()
    assert rating.minutes == pytest.approx(math.exp(shipped.anchor_intercept + shipped.anchor_slope * 1.2))
    assert rating.minutes_low <= rating.minutes <= rating.minutes_high
    assert shipped.classic(9.0).minutes > shipped.classic(1.2).minutes  # harder classics take longer


def test_variants_get_the_fitted_difficulty_and_minutes_from_their_path():
    ratings = []
    for name in ("peak-4x4", "boxes", "slow-thermo"):
        puzzle = read_link(published(FOLDER / f"{name}.txt")[0])
        rating = rate(puzzle, puzzle.rules)
        expected = variant_difficulty.estimate(rating.techniques, puzzle.kinds())
        assert rating.engine == "general" and rating.difficulty == expected.difficulty
        assert (rating.minutes_low, rating.minutes, rating.minutes_high) == (expected.low, expected.minutes,
                                                                           expected.high)
        ratings.append(rating)
    assert len({round(r.difficulty, 1) for r in ratings}) > 1  # spread, not one value for every variant


def test_the_record_and_the_pretty_line_show_the_difficulty_and_minutes(run_cli):
    path = FOLDER / "peak-4x4.txt"
    record = json.loads(run_cli(["sudoku", "--rate", "-f", "jsonl", path]).stdout)["rating"]
    answer = json.loads(run_cli(["sudoku", "-f", "jsonl", path]).stdout)
    assert record["engine"] == "general" and isinstance(record["difficulty"], float) and answer["constraints"]
    assert record["minutes_low"] <= record["minutes"] <= record["minutes_high"]
    pretty = run_cli(["sudoku", "--rate", "-f", "pretty", path]).stdout
    line = next(text for text in pretty.splitlines() if text.startswith("difficulty "))
    assert line.startswith(f"difficulty {record['difficulty']:.1f} (about {record['minutes']} minutes, "
                           f"{record['minutes_low']}-{record['minutes_high']})  hardest step {record['er']:.1f}/")
    classic = json.loads(run_cli(["sudoku", "--rate", "-f", "jsonl", "-"], input=WIKI + "\n").stdout)["rating"]
    assert classic["difficulty"] == classic["er"] == 1.2

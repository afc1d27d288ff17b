"""Variants: published examples against their known answers, the data file formats, cage sums in CNF."""

from __future__ import annotations

import random

import pytest
from conftest import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.streams import read_lines, read_text_lines
from puzzlesat.sudoku import Rules, SudokuSolver, VariantError, make_variant
from puzzlesat.sudoku.model.grid import Puzzle, Shape
from puzzlesat.sudoku.reading.reader import Reader
from puzzlesat.sudoku.reading.variant_files import read_cages, read_regions, regions_from_labels
from puzzlesat.sudoku.model.constraints.sums import digit_sets
from puzzlesat.sudoku.model.variants import Cage

VARIANTS_DIR = ROOT / "puzzles" / "sudoku" / "variants"
EXAMPLES = {
    "diagonal-sudopedia": "diagonal",
    "windoku-oceans18": "windoku",
    "jigsaw-janko108": "jigsaw",
    "anti-king-6x6": "anti-king",
    "anti-knight-ctc": "anti-knight",
    "anti-knight-fwp": "anti-knight",
    "killer-ukpa": "killer",
    "killer-kso": "killer",
    "diagonal-nonconsecutive-rangsk": "diagonal-nonconsecutive",
}


def load_example(stem: str):
    """(puzzle, rules, answer) for a shipped example."""
    path = VARIANTS_DIR / f"{stem}.txt"
    answer = next(line.split(":", 1)[1].strip() for line in path.read_text().splitlines() if line.startswith("# answer:"))
    name = EXAMPLES[stem]
    regions = read_regions(read_lines([str(path.with_suffix(".regions"))])) if name == "jigsaw" else None
    cages = read_cages(read_lines([str(path.with_suffix(".cages"))])) if name == "killer" else ()
    puzzle = next(Reader().records(read_lines([str(path)]))).puzzle
    return puzzle, make_variant([name], regions, cages).rules(puzzle.shape), answer


@pytest.mark.parametrize("stem", sorted(EXAMPLES))
def test_published_example_has_its_known_answer_only(stem):
    puzzle, rules, answer = load_example(stem)
    result = SudokuSolver(rules).solve(puzzle)
    assert result.status == "solved" and result.unique
    assert puzzle.format_values(result.solution) == answer
    assert rules.is_solution(puzzle, result.solution)


@pytest.mark.parametrize("stem", sorted(EXAMPLES))
def test_without_its_variant_rules_the_example_is_ambiguous(stem):
    puzzle, rules, _ = load_example(stem)
    assert SudokuSolver(Rules(puzzle.shape)).solve(puzzle).status == "multiple"


def test_variant_groups():
    shape = Shape.of_side(9)
    rules = make_variant(["x", "windoku"]).rules(shape)
    assert rules.extra_groups[0] == tuple(range(0, 81, 10))
    assert rules.extra_groups[2] == (10, 11, 12, 19, 20, 21, 28, 29, 30)
    assert len(rules.extra_groups) == 2 + 4
    knight = make_variant(["anti-knight"]).rules(shape)
    assert (0, 11) in knight.extra_groups and (0, 19) in knight.extra_groups and (0, 10) not in knight.extra_groups
    king = make_variant(["anti-king"]).rules(shape)
    assert (0, 10) in king.extra_groups and len(king.extra_groups) == 2 * 8 * 8


def test_violation_names_the_variant_group():
    shape = Shape.of_side(9)
    rules = make_variant(["diagonal"]).rules(shape)
    values = [0] * 81
    values[0] = values[80] = 5
    assert rules.violation(Puzzle(shape, tuple(values))) == "two 5s in diagonal 1"
    king = make_variant(["anti-king"]).rules(shape)
    values = [0] * 81
    values[20] = values[30] = 3
    assert king.violation(Puzzle(shape, tuple(values))) == "two 3s in king's move r3c3-r4c4"


def test_jigsaw_checker_uses_the_regions_not_the_boxes():
    puzzle, rules, answer = load_example("jigsaw-janko108")
    values = tuple(int(ch) for ch in answer)
    assert rules.is_solution(puzzle, values)
    assert not Rules(puzzle.shape).is_solution(Puzzle(puzzle.shape, (0,) * 81), values)
    assert rules.group_name(18) == "region 1"


def test_killer_checker_checks_sums():
    puzzle, rules, answer = load_example("killer-ukpa")
    values = [int(ch) for ch in answer]
    assert rules.is_solution(puzzle, values)
    # swapping two rows keeps every row, column and box valid but breaks cage sums
    swapped = values[9:18] + values[:9] + values[18:]
    assert Rules(puzzle.shape).is_solution(puzzle, swapped)
    assert not rules.is_solution(puzzle, swapped)


def lines(text: str):
    return read_text_lines(text, "map.txt")


def test_region_map_formats():
    grid = "\n".join(["aabb", "aabb", "ccdd", "ccdd"])
    regions = read_regions(lines("# comment\n" + grid))
    assert regions == ((0, 1, 4, 5), (2, 3, 6, 7), (8, 9, 12, 13), (10, 11, 14, 15))
    assert read_regions(lines(grid.replace("\n", ""))) == regions
    assert read_regions(lines("a a | b b\n" * 2 + "c c | d d\n" * 2)) == regions


@pytest.mark.parametrize("text, message", [
    ("aab\nabb\nccc", "needs side"),
    ("aabb\naabb\nccdd\ncccd", "region 'c' has 5 cells"),
    ("", "found 0"),
])
def test_bad_region_maps(text, message):
    with pytest.raises(VariantError, match=message):
        read_regions(lines(text))


def test_region_map_must_fit_the_puzzle():
    variant = make_variant(["jigsaw"], regions_from_labels("aabbaabbccddccdd"))
    with pytest.raises(VariantError, match="region map is 4x4"):
        variant.rules(Shape.of_side(9))


def test_cage_file_format():
    cages = read_cages(lines("# sums\n3 r1c1 r1c2\n7: r2c1, r2c2  # trailing comment\n"))
    assert cages == (Cage(((1, 1), (1, 2)), 3), Cage(((2, 1), (2, 2)), 7))
    assert [cage.where for cage in cages] == ["map.txt:2", "map.txt:3"]
    assert Cage(((1, 1),), 1).where is None
    assert cages[1].cells(Shape.of_side(4)) == (4, 5)


@pytest.mark.parametrize("text, message", [
    ("x r1c1", "starts with its sum"),
    ("3 r1c1 a2", "not a cell like r1c1"),
    ("3 r1c1 r1c2\n4 r1c2 r2c2", "cell r1c2 is already in the cage on line 1"),
    ("3", "lists no cells"),
    ("# nothing", "no cages"),
])
def test_bad_cage_files(text, message):
    with pytest.raises(VariantError, match=message):
        read_cages(lines(text))


def test_cage_that_cannot_fit():
    with pytest.raises(VariantError, match="^no 2 distinct digits"):
        make_variant(["killer"], cages=[Cage(((1, 1), (1, 2)), 2)]).rules(Shape.of_side(4))
    with pytest.raises(VariantError, match="^cage 2 at r1c5 reaches beyond a 4x4"):
        make_variant(["killer"], cages=[Cage(((1, 5),), 2)]).rules(Shape.of_side(4))


@pytest.mark.parametrize("text, message", [
    ("3 r1c1 r1c2\n20 r1c3 r4c5", "cages.txt:2: cage 20 at r1c3 reaches beyond a 4x4 grid"),
    ("# sums\n\n9: r1c1 r1c2", "cages.txt:3: no 2 distinct digits of 1-4 add up to 9"),
    ("15 r1c1 r1c2 r1c3 r2c1 r2c2", "cages.txt:1: cage 15 has 5 cells; a 4x4 cage holds at most 4 distinct digits"),
])
def test_a_cage_file_that_does_not_fit_the_grid_names_its_file_and_line(text, message):
    cages = read_cages(read_text_lines(text, "cages.txt"))
    with pytest.raises(VariantError) as caught:
        make_variant(["killer"], cages=cages).rules(Shape.of_side(4))
    assert str(caught.value) == message


def test_a_region_map_of_another_size_names_its_file_and_first_row():
    from puzzlesat.sudoku.reading.variant_files import read_region_map

    regions, where = read_region_map(read_text_lines("# a 4x4 map\naabb\naabb\nccdd\nccdd", "map.txt"))
    assert where == "map.txt:2"
    with pytest.raises(VariantError) as caught:
        make_variant(["jigsaw"], regions, regions_where=where).rules(Shape.of_side(9))
    assert str(caught.value) == "map.txt:2: the region map is 4x4, the puzzle 9x9"


def test_cli_cage_that_does_not_fit_the_puzzle_names_the_cage_file(run_cli):
    import json

    cages = VARIANTS_DIR / "killer-ukpa.cages"
    result = run_cli(["sudoku", "--variant", "killer", "--cages", cages, "-f", "jsonl", "-"], input="." * 16 + "\n")
    assert result.exit_code == 1
    record = json.loads(result.stdout)
    assert record["status"] == "invalid"
    assert record["error"] == f"{cages}:2: no 4 distinct digits of 1-4 add up to 20"
    assert f"<stdin>:1: {cages}:2: no 4 distinct digits" in result.stderr


def test_variant_names_and_their_data():
    with pytest.raises(VariantError, match="unknown variant"):
        make_variant(["hexagonal"])
    with pytest.raises(VariantError, match="needs a cage file"):
        make_variant(["killer"])
    with pytest.raises(VariantError, match="not --variant jigsaw"):
        make_variant([], regions=regions_from_labels("aabbaabbccddccdd"))
    assert make_variant(["classic"]).rules(Shape.of_side(9)) == Rules(Shape.of_side(9))


@given(st.integers(1, 4), st.integers(1, 40))
def test_digit_sets_match_brute_force(size, total):
    from itertools import permutations

    expected = {frozenset(p) for p in permutations(range(1, 10), size) if sum(p) == total}
    assert set(digit_sets(size, total, range(1, 10))) == expected


def random_cages(rng: random.Random, shape: Shape, values) -> list:
    """Cut the grid into random connected cages of 1-4 cells, summing the solution's digits."""
    n, free, cages = shape.side, set(range(shape.cells)), []
    while free:
        cell = min(free)
        cage = [cell]
        free.discard(cell)
        while len(cage) < rng.randint(1, 4):
            r, c = divmod(rng.choice(cage), n)
            options = [(r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                       if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr) * n + c + dc in free
                       and values[(r + dr) * n + c + dc] not in {values[x] for x in cage}]
            if not options:
                break
            cage.append(rng.choice(options))
            free.discard(cage[-1])
        cages.append(Cage(tuple((x // n + 1, x % n + 1) for x in cage), sum(values[x] for x in cage)))
    return cages


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_killer_encoding_keeps_exactly_the_grids_with_the_right_sums(seed):
    """Every model is verified (sums included); the grid the cages came from is always among them."""
    rng = random.Random(seed)
    shape = Shape.of_side(4)
    base = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    perm = list(range(1, 5))
    rng.shuffle(perm)
    values = tuple(perm[v - 1] for v in base)
    rules = make_variant(["killer"], cages=random_cages(rng, shape, values)).rules(shape)
    solver = SudokuSolver(rules)
    counted = solver.solve(Puzzle(shape, (0,) * 16), count=50)
    assert counted.status in ("solved", "multiple") and counted.solutions >= 1
    assert solver.solve(Puzzle(shape, values)).status == "solved"


def example_args(stem: str) -> list:
    name = EXAMPLES[stem]
    args = ["sudoku", "--variant", name]
    if name == "jigsaw":
        args += ["--regions", VARIANTS_DIR / f"{stem}.regions"]
    if name == "killer":
        args += ["--cages", VARIANTS_DIR / f"{stem}.cages"]
    return args + [VARIANTS_DIR / f"{stem}.txt"]


@pytest.mark.parametrize("stem", ["jigsaw-janko108", "killer-kso", "windoku-oceans18"])
def test_cli_solves_a_variant(run_cli, stem):
    import json

    _, _, answer = load_example(stem)
    result = run_cli(example_args(stem) + ["-f", "jsonl"])
    assert result.exit_code == 0
    record = json.loads(result.stdout)
    assert record["status"] == "solved" and record["unique"] and record["solution"] == answer
    assert record["variant"] == EXAMPLES[stem]


def test_cli_variant_names_the_broken_group(run_cli):
    import json

    result = run_cli(["sudoku", "--variant", "diagonal", "-f", "jsonl", "-"], input="5" + "." * 79 + "5\n")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["error"] == "two 5s in diagonal 1"


def test_cli_variant_data_that_does_not_fit_is_an_invalid_record(run_cli):
    import json

    regions = VARIANTS_DIR / "jigsaw-janko108.regions"
    result = run_cli(["sudoku", "--variant", "jigsaw", "--regions", regions, "-f", "jsonl", "-"], input="." * 16 + "\n")
    assert result.exit_code == 1
    record = json.loads(result.stdout)
    assert record["status"] == "invalid"
    assert record["error"] == f"{regions}:2: the region map is 9x9, the puzzle 4x4"


@pytest.mark.parametrize("args, message", [
    (["--variant", "jigsaw"], "variant jigsaw needs a region map"),
    (["--variant", "nonsense"], "unknown variant 'nonsense'"),
    (["--variant", "killer", "--cages", VARIANTS_DIR / "jigsaw-janko108.regions"], "jigsaw-janko108.regions:2: cage 999998888 lists no cells"),
    (["--variant", "jigsaw", "--regions", VARIANTS_DIR / "missing.regions"], "missing.regions: no such file"),
])
def test_cli_bad_variant_data_is_a_usage_error(run_cli, args, message):
    result = run_cli(["sudoku", *args, "-"], input="." * 81 + "\n")
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_cli_dimacs_of_a_killer_puzzle_counts_its_auxiliary_variables(run_cli):
    result = run_cli(example_args("killer-ukpa") + ["--dimacs"])
    assert result.exit_code == 0
    header = next(line for line in result.output.splitlines() if line.startswith("p cnf"))
    assert int(header.split()[2]) > 729


@given(st.permutations(list("abcdefghi")), st.sampled_from(["lines", "one line", "spaced"]))
def test_region_map_reading_ignores_labels_and_layout(labels, layout):
    """Relabelled and re-laid-out maps of the Janko regions give the same regions."""
    base = [row for row in (VARIANTS_DIR / "jigsaw-janko108.regions").read_text().splitlines() if not row.startswith("#")]
    mapping = dict(zip("123456789", labels))
    rows = ["".join(mapping[ch] for ch in row) for row in base]
    text = {"lines": "\n".join(rows), "one line": "".join(rows), "spaced": "\n".join(" | ".join(row) for row in rows)}[layout]
    expected = {frozenset(region) for region in read_regions(lines("\n".join(base)))}
    assert {frozenset(region) for region in read_regions(lines(text))} == expected


@given(st.lists(st.tuples(st.integers(1, 45), st.sets(st.tuples(st.integers(1, 9), st.integers(1, 9)), min_size=1, max_size=5)),
                min_size=1, max_size=8))
def test_cage_file_round_trip(cages):
    seen, unique = set(), []
    for total, cells in cages:
        cells = sorted(cells - seen)
        if cells:
            seen.update(cells)
            unique.append((total, cells))
    text = "\n".join(f"{total}: " + " ".join(f"r{r}c{c}" for r, c in cells) for total, cells in unique)
    assert read_cages(lines(text)) == tuple(Cage(tuple(cells), total) for total, cells in unique)


@pytest.mark.parametrize("jobs", [1, 2])
def test_every_puzzle_the_variant_does_not_fit_is_invalid_and_the_rest_is_solved(jobs):
    from puzzlesat.sudoku import SolveOptions, answers, load_variant, read_text

    variant = load_variant(["jigsaw"], regions=str(VARIANTS_DIR / "jigsaw-janko108.regions"))
    text = "." * 16 + "\n" + "." * 16 + "\n" + (VARIANTS_DIR / "jigsaw-janko108.txt").read_text()
    found = [a.result for a in answers(read_text(text), SolveOptions(variant=variant), jobs, warm_up=0)]
    assert [r.status for r in found] == ["invalid", "invalid", "solved"]
    assert found[0].error == found[1].error == f"{VARIANTS_DIR / 'jigsaw-janko108.regions'}:2: the region map is 9x9, the puzzle 4x4"

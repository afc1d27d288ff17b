"""puzzlesat.sudoku.reading.links.rules_text: a rules text read as setters write it (families, colours, numbers,
rules over the grid, marks all given, what no constraint carries), and colours.py, the colours it names."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesat.sudoku.reading.links import colours
from puzzlesat.sudoku.reading.links.rules_text import LineKind, RulesText, sentences


def families(text: str) -> list:
    """The families each sentence of a text names."""
    return [sorted(sentence.families()) for sentence in RulesText(text).sentences]


@pytest.mark.parametrize("text, expected", [
    ("Adjacent digits along a green line differ by at least 5.", ["whisper"]),
    ("Box borders divide each blue line into segments with the same sum.", ["region sum"]),
    ("For each line, digits on it have an equal sum N within each box it passes through.", ["region sum"]),
    ("Digits along a purple line form a consecutive set.", ["renban"]),
    ("Any three adjacent digits along a yellow line include one digit from each entropy group.", ["entropic"]),
    ("Each set of three adjacent digits along a teal line contains one of 147, one of 258 and one of 369.",
     ["modular"]),
    ("Digits along a parity line alternate between odd and even.", ["parity line"]),
    ("Digits on the lavender lines an equal distance from their centre sum to the centre digit.", ["zipper"]),
    ("Digits along a line must be numerically between the digits on the attached circles.", ["between"]),
    ("Digits along the indicated diagonal sum to the clue given by the arrow.", ["little killer"]),
    ("Clues outside the grid tell how many buildings can be seen along the indicated diagonal.", ["skyscraper"]),
    ("Cells separated by a chess king's or knight's move must contain different digits.",
     ["anti-king", "anti-knight"]),
    ("Digits in a white circle must appear in one of the four surrounding cells.", ["quadruple"]),
    ("Cells with arrows pointing outward are larger than all orthogonal neighbours.", ["extremum"]),
    ("Cells in the same position in each box cannot contain the same digit.", ["disjoint"]),
    ("Normal sudoku rules apply.", []),
])
def test_families_are_named_as_setters_word_them(text, expected):
    assert families(text) == [expected]


def test_a_header_line_joins_the_sentence_after_it():
    assert sentences("Renban:\nDigits along purple lines are consecutive. e.g. 4132.") == [
        "Renban: Digits along purple lines are consecutive.", "eg 4132."]


def test_a_sentence_ends_inside_a_bracket_or_a_quote():
    rules = RulesText("Cells in the same position in different boxes cannot contain the same digit (eg the top "
                      "left cells.) Cells a knight's move apart cannot contain the same digit.")
    assert len(rules.sentences) == 2 and rules.global_rules() == {"disjoint", "anti-knight"}
    assert len(sentences("Digits on circles (arrow circles too!) are odd, and digits on squares are even.")) == 1


def test_line_families_take_the_colours_named_nearest_them():
    rules = RulesText("Adjacent digits along a green German whispers line must differ by at least 5. Adjacent "
                      "digits along an orange Dutch whispers line must differ by at least 4. Renban lines (pink) "
                      "hold consecutive digits in any order.")
    kinds = {(kind.family, kind.value): kind.colours for kind in rules.line_kinds(9)}
    assert kinds == {("whisper", 5): ("green",), ("whisper", 4): ("orange",), ("renban", None): ("pink",)}


@pytest.mark.parametrize("text, side, gap", [
    ("Neighbours on a green line differ by at least five.", 9, 5),
    ("Dutch whispers: neighbouring digits on an orange line differ by 4 or more.", 9, 4),
    ("Digits on a German whisper line differ.", 6, 3),
    ("Digits on a Dutch whisper line differ.", 9, 4),
])
def test_a_whisper_takes_the_gap_its_rules_state(text, side, gap):
    assert [kind.value for kind in RulesText(text).line_kinds(side)] == [gap]


def test_a_sentence_that_changes_a_familys_rule_reads_no_line_of_it():
    rules = RulesText("Digits along a pink line form a consecutive set that must appear out of order.")
    assert rules.line_kinds(9) == []
    assert rules.unread({"renban"}) == ['rules text not read: "Digits along a pink line form a consecutive set that '
                                        'must appear out of order."']


def test_lines_whose_digits_do_not_repeat():
    [kind] = RulesText("Along a line, there is no repeated digit, and neighbours differ by at least 5.").line_kinds(9)
    assert (kind.family, kind.distinct) == ("whisper", True)


@pytest.mark.parametrize("text, expected", [
    ("Identical digits cannot be a chess knight's move apart.", {"anti-knight"}),
    ("Cells a king's move apart may not contain the same digit.", {"anti-king"}),
    ("Diagonally adjacent cells cannot contain the same digit.", {"anti-king"}),
    ("Orthogonally adjacent cells cannot contain consecutive digits.", {"nonconsecutive"}),
    ("Digits may not repeat on either main diagonal.", {"diagonal"}),
    ("Digits may not repeat along the marked diagonal.", {"diagonal marked"}),
    ("Digits on the positive diagonal must be different.", {"diagonal+"}),
    ("Cells in the same position in each box cannot contain the same digit.", {"disjoint"}),
    ("An even digit cannot repeat a king's move away from itself.", set()),  # a qualifier: not the rule
    ("Digits may repeat along a diagonal.", set()),
    ("Digits in box 5 must not see a digit a knight's move away.", set()),
])
def test_rules_over_the_grid_are_read_only_when_stated_plainly(text, expected):
    assert RulesText(text).global_rules() == expected


def test_a_qualified_global_rule_is_named_even_when_another_sentence_states_it():
    rules = RulesText("Cells a king's move apart cannot contain the same digit. Only even digits may not repeat "
                      "a knight's move apart.")
    assert rules.global_rules() == {"anti-king"}
    assert rules.unread({"anti-king", "anti-knight"}) == [
        'rules text not read: "Only even digits may not repeat a knight\'s move apart."']


@pytest.mark.parametrize("text, expected", [
    ("All black dots are given.", {"black"}),
    ("Not all dots are given.", set()),
    ("Cells separated by a white dot are consecutive. All such dots are shown.", {"white"}),
    ("All possible dots are given.", {"dots"}),
    ("All possible blue dots are given.", {"blue"}),
    ("All Xs and Vs are given.", {"x", "v"}),
    ("All possible 10-sum cages are given.", set()),
])
def test_marks_all_given(text, expected):
    assert RulesText(text).all_given() == expected


@pytest.mark.parametrize("text, expected", [
    ("No two orthogonally adjacent cells sum to 5.", {5}),
    ("Orthogonally adjacent cells do not sum to either 5 or 10.", {5, 10}),
    ("No pair of orthogonally adjacent cells (ie a domino) can contain digits summing to seven.", {7}),
    ("Adjacent digits along the line sum to 10.", set()),
])
def test_sums_neighbours_do_not_make(text, expected):
    assert RulesText(text).forbidden_sums() == expected


@pytest.mark.parametrize("text, expected", [
    ("Cells separated by a white dot are consecutive. Cells separated by a black dot are in a 1:2 ratio.",
     {"white": ("difference", 1), "black": ("ratio", 2)}),
    ("Cells separated by a blue dot have a 1-to-3 ratio.", {"blue": ("ratio", 3)}),
    ("Digits joined by a dot differ by 2.", {"any": ("difference", 2)}),
    ("Cells separated by a black dot always have the same ratio, to be discovered by the solver.", {"black": None}),
])
def test_dots_mean_what_the_rules_say(text, expected):
    assert RulesText(text).dot_meanings() == expected


@pytest.mark.parametrize("text, repeats", [
    ("Digits in cages sum to the total shown. Digits may repeat in cages.", True),
    ("Cages: digits can repeat and sum to the clue.", True),
    ("Digits cannot repeat in a cage.", False),
    ("Digits in cages sum to the total shown.", False),
])
def test_cages_whose_digits_may_repeat(text, repeats):
    assert RulesText(text).cage_repeats() is repeats


def test_indexer_columns_and_rows_from_the_text():
    rules = RulesText("Each digit in column 1 indicates the position of the 1 in its row. Column 5 operates the "
                      "same way for the digit 5; and column 9 for the digit 9. Digits in the first row indicate "
                      "which row contains the 1 in that column.")
    assert rules.indexers() == [("column", 1), ("column", 5), ("column", 9), ("row", 1)]
    assert rules.unread({"indexer"}) == []


def test_every_column_indexing_and_examples_that_name_no_indexer():
    rules = RulesText("Digits in the Nth column indicate in which column the digit N is placed in the respective row. "
                      "Eg if R3C2 is a 5, the fifth column in the third row must contain a 2.")
    assert rules.indexers() == [("column", 0)]


def test_unread_names_every_sentence_no_constraint_carries():
    rules = RulesText("Normal sudoku rules apply. Thermometers increase from the bulb. For example, 1-3-7. Digits "
                      "along a green line differ by at least 5. Each green line references another green line. "
                      "Digits may repeat on lines. The grid is covered in fog. Have fun!")
    assert rules.unread({"thermometer", "whisper"}) == [
        'rules text not read: "Each green line references another green line."',
        'rules text not read: "The grid is covered in fog."']
    assert len(rules.unread({"thermometer"})) == 3


def test_a_title_speaks_when_there_is_no_rules_text():
    rules = RulesText("", "Anti-Knight Killer Sudoku")
    assert rules.from_title and rules.global_rules() == {"anti-knight"}
    assert rules.unread({"anti-knight"}) == ['the title (no rules text) says "Anti-Knight Killer Sudoku"; not read']
    assert RulesText("", "Finger Counting").unread(set()) == []  # a title names no rule


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_reads_without_error(text):
    rules = RulesText(text, "title")
    rules.line_kinds(9), rules.global_rules(), rules.all_given(), rules.forbidden_sums(), rules.dot_meanings()
    rules.cage_repeats(), rules.indexers()
    assert all(isinstance(line, str) and "\n" not in line for line in rules.unread(set()))


# colours

@pytest.mark.parametrize("colour, expected", [
    ("#67F067", (0.404, 0.941, 0.404)), ("#fff", (1.0, 1.0, 1.0)), ("#00000000", (1.0, 1.0, 1.0)),
    ("#F067F080", (0.969, 0.702, 0.969)), ("rgba(255, 0, 0, 0.5)", (1.0, 0.5, 0.5)), ("black", (0.0, 0.0, 0.0)),
    ("oklch(62.8% 0.2577 29.23)", (1.0, 0.0, 0.0)), ("none", None), ("#12", None), ("teal-ish", None),
])
def test_colours_as_drawn_on_white(colour, expected):
    found = colours.rgb(colour)
    assert found == expected if expected is None else found == pytest.approx(expected, abs=0.01)


@pytest.mark.parametrize("colour, words, expected", [
    ("#3baf", ["purple", "blue", "mint"], "mint"), ("#f0bcf3ff", ["lavender", "purple", "green"], "lavender"),
    ("#fcaf", ["peach", "pink", "lavender"], "peach"), ("#D23BE7", ["purple", "pink"], "purple"),
    ("#34BBE6", ["light blue", "navy"], "light blue"), ("#000000", ["green", "yellow"], None),
])
def test_a_drawn_colour_goes_to_the_nearest_word_the_rules_use(colour, words, expected):
    assert colours.nearest(colour, words) == expected


def test_colour_words_are_found_with_their_shades():
    assert [word for word, _ in colours.words_in("The light-blue line and the darker green ones, greyish.")] == [
        "light blue", "green", "grey"]


@pytest.mark.parametrize("text, kind", [
    ("Digits on the blue line have an equal sum N (to be determined by the solver) within each box it passes through.",
     LineKind("region sum", None, ("blue",))),
    ("Each purple line must contain a set of non-repeating, consecuitive digits.",
     LineKind("renban", None, ("purple",))),
    ("Any sequence of five cells along a purple line must contain a set of five consecutive digits in any order.",
     LineKind("renban", 5, ("purple",))),
    ("Double Arrows: digits on a grey line must have the same sum as the sum of the circles on the line's ends.",
     LineKind("double arrow", None, ("grey",))),
])
def test_line_rules_as_setters_word_them(text, kind):
    rules = RulesText(text)
    assert rules.line_kinds(9) == [kind]
    assert rules.unread({kind.family}) == []

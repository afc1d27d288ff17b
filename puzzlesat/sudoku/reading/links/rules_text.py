"""A puzzle's rules text read as setters write it.

SudokuPad stores drawings; what a green line or a grey circle means is in the rules text, in the setter's own words:
"Adjacent digits along the orange line have a difference of at least four", "Box borders divide each blue line into
segments with the same sum", "Identical digits cannot be a chess knight's move apart". This module reads such a text
into what the readers need:

- the text cut into sentences (a header line such as "Renban:" joins the sentence after it), each with the
  constraint families it names (FAMILIES: the words setters use for each, most specific first, so that the words of
  one family are not read again for another) and the colour words it uses;
- the line families named, each with the colours the rules give it (a colour word belongs to the family named
  nearest to it in its sentence) and its number where it has one (a whisper's least difference);
- the rules that hold over the whole grid (anti-knight, anti-king, non-consecutive, diagonals, disjoint groups, sums
  two neighbours may not make), read only from a sentence that states them plainly;
- the marks the rules say are all given (all black dots, all Xs and Vs: the negative constraints);
- what the rules say of cages (a plain sum whose digits may repeat) and of dots (what white, black or any dot means);
- `unread`: the sentences that ask for something no constraint read carries, quoted, so that nothing the rules ask
  for is lost silently.

>>> rules = RulesText("Normal sudoku rules apply. Adjacent digits along an orange line differ by at least 4. "
...                   "Identical digits cannot be a chess knight's move apart.")
>>> [(kind.family, kind.value, kind.colours) for kind in rules.line_kinds(9)]
[('whisper', 4, ('orange',))]
>>> sorted(rules.global_rules())
['anti-knight']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from math import ceil
from typing import Iterable, List, Optional, Sequence, Tuple

from puzzlesat.sudoku.reading.links.colours import PROTOTYPES, words_in

NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10}
NUMBER = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
            "ninth": 9}
# Constraint families and the words setters name them by, most specific first (a family's words are blanked once
# read, so 'little killer' is not read again as a cage, nor 'parity line' as odd and even cells).
FAMILIES: Tuple[Tuple[str, str], ...] = (
    ("slow thermometer", r"slow[- ]?thermo\w*|(?:increase|rise|ascend)\w* or (?:stay|remain)\w* (?:the )?same"
                         r"|never decrease|non-?decreasing"),
    ("thermometer", r"thermo\w*|increas\w* (?:along [^.]{0,20})?(?:away )?from (?:the |its |a )?bulbs?"),
    ("double arrow", r"double[- ]?arrows?|\b(?:sum|total)\w*\b[^.]{0,100}?\b(?:sum|total) of (?:the )?(?:two )?"
                     r"(?:digits |numbers |values )?(?:in |on |of )?(?:the |both |its |their |each )?(?:two )?"
                     r"(?:attached |end |connected )?circles|\b(?:sum|total) of (?:the )?(?:digits |numbers )?(?:in "
                     r"|of )?(?:the |both )?(?:two )?circles (?:at|on) (?:the |both |its |either |each )?(?:line'?s? )?"
                     r"ends?"),
    ("little killer", r"little[- ]?killers?|(?![^.]*\b(?:seen|visible|buildings?|skyscrapers?)\b)(?:clues?|numbers?|"
                      r"totals?|values?|arrows?) (?:outside|beside|around) the grid[^.]*\b(?:diagonals?\b|indicated "
                      r"direction)"
                      r"|diagonals?[^.]{0,40}\b(?:arrows?|clues?) (?:outside|beside|next to)|pointed diagonals?"
                      r"|diagonals? (?:indicated|marked|shown|pointed at) by (?:an? |the )?(?:small )?arrows?"
                      r"|(?:along|on) (?:an? |the |each )?(?:indicated|marked) diagonals?\b[^.]*\b(?:sum|total|add)"
                      r"|(?:sum|total) of (?:the )?(?:digits|cells) (?:along|on|in) (?:the |that |each |a )?"
                      r"(?:indicated |marked )?diagonals?|diagonal arrows?"),
    ("x-sum", r"\bx-sums?\b|\bxsums?\b|\bx sums? (?!to\b)|first x (?:cells|digits)|sum of the first (?:n|x)\b"),
    ("sandwich", r"sandwich\w*|between (?:the )?1 and (?:the )?9"),
    ("skyscraper", r"skyscrapers?|buildings?"),
    ("between", r"between[- ]lines?|(?:strictly |numerically )?(?:in[- ])?between (?:the |those |the ones )?(?:\w+ )?"
                r"(?:digits|values|numbers|in)[^.]{0,30}\b(?:circles?|ends?|endpoints?|bulbs?)\b"
                r"|lines? between (?:two )?(?:\w+ )?circles|between the (?:values|digits|numbers) (?:of|in)\b[^.]{0,40}"
                r"\bcircles"),
    ("lockout", r"lock[- ]?out"),
    ("parity line", r"parity lines?|alternat\w* (?:between )?(?:odd (?:and|&|/|or) even|even (?:and|&|/|or) odd"
                    r"|(?:in )?parity)|(?:odd|even) and (?:even|odd) (?:digits )?alternat\w*|(?:different|opposite) "
                    r"parit(?:y|ies)"),
    ("whisper", r"whispers?|(?:differ(?:s|ence)?|apart)\b[^.]{0,40}?(?:at least|a minimum of|minimum|or more|≥)"
                r"|minimum difference"),
    ("_window", r"(?:any|each|every|all) (?:set|group|run|sequence|string|trio)s? of (?:3|three) (?:consecutive|"
                r"adjacent|sequential|successive|neighbou?ring|connected)|(?:any|each|every) (?:3|three) (?:adjacent|"
                r"consecutive|sequential|successive) (?:cells|digits)"),
    ("entropic", r"entrop\w*|\blow\b[^.]{0,40}\bmiddle\b[^.]{0,40}\bhigh\b|[{(\[]1,\s*2,\s*3[})\]]"),
    ("modular", r"modular|modulo 3|\bmod 3\b|residues?|[{(\[]1,\s*4,\s*7[})\]]|\b147\b[^.]*\b258\b"),
    ("renban", r"renbans?|rebus|(?:set|run|sequence|string|group) of (?:\w+ )?(?:(?:non-?repeating|distinct"
               r"|unique|different),? )?consecutive|consecutive,? (?:non-?repeating |distinct |unique |different )?"
               r"(?:digits|numbers|integers|values)\b[^.]{0,40}\b(?:any|some|no particular|not necessarily)\b"
               r"|form a consecutive|consecutive (?:set|sequence|run|series|string|group)"),
    ("region sum", r"region[- ]?sums?|(?:box|region|nonet)(?:es)? (?:borders?|boundaries) (?:divide|split|cut|"
                   r"separate|break)|(?:divided|split|cut|separated|broken) (?:up )?(?:in ?to [^.]{0,30})?by (?:the )?"
                   r"(?:3x3 )?(?:box|region|nonet)(?:es)?(?: borders?| boundaries)?|(?:same|equal) (?:sum|total)s?"
                   r"\b[^.]{0,20}\b(?:with)?in (?:each|every) (?:3x3 )?(?:box|region|nonet)|(?:sum|total)\b[^.]{0,30}"
                   r"\b(?:the same|equal) (?:with)?in (?:each|every) (?:3x3 )?(?:box|region|nonet)"
                   r"|segments?\b[^.]{0,40}"
                   r"\b(?:same|equal) (?:sums?|totals?)|\bsum\b[^.]{0,60}\b(?:the same|equal)\b[^.]{0,40}\b(?:box|boxes"
                   r"|regions?|nonets?)\b|(?:box|region|nonet)(?:es|s)?\b[^.]{0,40}\bsum to the same"
                   r"|(?:same|equal) (?:sum|total)\b[^.]{0,30}\b(?:with)?in (?:each|every|all|any)\b[^.]{0,20}"
                   r"\b(?:box|region)"),
    ("palindrome", r"palindrom\w*|reads? the same (?:forwards?|backwards?|in both|both ways|in either|from (?:either"
                   r"|both))"),
    ("zipper", r"zippers?|(?:an equal distance|equidistant|the same distance|equally far) from (?:the|their|its|a) "
               r"(?:cent(?:er|re)|middle)"),
    ("nabner", r"nabner"),
    ("quadruple", r"quadruples?|\bquads?\b|(?:digits?|numbers?) (?:in|inside|within|shown in|written in|marked in|on) "
                  r"(?:a |an |the |each )?(?:white |small |black |grey |gray )?circles?\b[^.]*?\b(?:four|4|surrounding"
                  r"|touching|adjacent|adjoining|neighbou?ring|around)"),
    ("extremum", r"\bmaxim(?:um|a)\b|\bminim(?:um|a)\b|fortress|(?:greater|larger|higher|bigger|smaller|lower|less)"
                 r" than (?:all|each|every|any|its|both)|arrows? (?:pointing|facing) (?:out|in)\w*"),
    ("arrow", r"\barrows?\b"),
    ("forbidden sum", r"(?:no two|no pair|cannot|can't|may not|must not|never|do not|does not|don't)\b[^.]{0,60}"
                      r"(?:adjacent|connected|neighbou?ring|touching|domino)[^.]{0,40}\b(?:sum|add)\w*(?: up)? to"
                      r"|(?:adjacent|connected|neighbou?ring|touching) (?:cells|digits)[^.]{0,30}(?:cannot|can't|may "
                      r"not|must not|never|do not|don't)\b[^.]{0,10}\b(?:sum|add)"),
    ("xv", r"\bxv\b|\bx(?:'?s)?\b(?=[^.]*\b(?:10|ten)\b)|\bv(?:'?s)?\b(?=[^.]*\b(?:5|five)\b)"),
    ("kropki", r"kropki|\bdots?\b|(?:connected|joined|separated) by an? (?:white|black|grey|gray) circles?"),
    ("anti-knight", r"anti[- ]?knight|knight'?s?'? ?(?:-|move)|knights? (?:in chess|move)"
                    r"|knight'?s?'?(?= (?:or|and|/) (?:a )?(?:chess )?king)"),
    ("anti-king", r"anti[- ]?king|king'?s?'? ?(?:-|move)|kings? move|king'?s?'?(?= (?:or|and|/) )"
                  r"|diagonally (?:adjacent|touching|neighbou?ring|connected)"),
    ("nonconsecutive", r"non[- ]?consecutive|(?:orthogonally )?(?:adjacent|neighbou?ring|touching|connected)"
                       r" (?:cells|digits|squares)[^.]{0,40}\b(?:not|never|cannot|can't|no)\b[^.]{0,20}\bconsecutive"),
    ("disjoint", r"disjoint|(?:same|corresponding|identical|equivalent) (?:relative )?(?:box |region )?positions?\b"
                 r"[^.]{0,30}\b(?:box|boxes|regions?|nonets?)\b|(?:box|region|nonet) positions?\b"
                 r"|(?:each|every) (?:possible )?position (?:with)?in (?:a|each|every) (?:3x3 )?(?:box|region)"),
    ("windoku", r"windoku|\bwindows?\b"),
    ("diagonal", r"\bdiagonals?\b|\bsudoku x\b|\bx[- ]sudoku\b"),
    ("extra region", r"extra regions?|(?:shaded|grey|gray|coloured|colored|outlined) (?:regions?|areas?|boxes)"),
    ("clone", r"clones?|(?:cages|regions|cells|shapes) (?:of|in) the same colou?r (?:are|must be|contain) identical"
              r"|(?:contain|have|hold)s? the same digits in the same (?:relative )?(?:positions|places|order|cells)"),
    ("indexer", r"\bindex\w*|\b1-?5-?9\b|positions? of (?:the )?(?:1|5|9)s?\b|(?:column|row) (?:positions?|locations?)"
                r" of|(?:column|row) in which|in which (?:column|row)\b|which (?:column|row) contains"),
    ("odd", r"\bodds?\b"),
    ("even", r"\bevens?\b"),
    ("cage", r"\bcages?\b|\bkiller\b|dashed (?:box|outline|region|line|shape)s?|dotted (?:box|outline|region)s?"),
)
# Words a family takes with it when a sentence names it: 'the diagonal indicated by an arrow' is a little killer's,
# not an arrow; 'a cell with arrows pointing out' a maximum's.
ABSORBS = {"little killer": r"\barrows?\b|\bdiagonals?\b|\bclues?\b", "extremum": r"\barrows?\b|\bsquares?\b",
           "clone": r"\bcages?\b", "double arrow": r"\bcircles?\b|\barrows?\b|\bbulbs?\b|\bends?\b",
           "quadruple": r"\bcircles?\b", "between": r"\bcircles?\b|\bbulbs?\b",
           "thermometer": r"\bbulbs?\b", "slow thermometer": r"\bbulbs?\b|\bthermo\w*",
           "parity line": r"\bodd\b|\beven\b", "zipper": r"\bdots?\b|\bcircles?\b",
           "lockout": r"\bdiamonds?\b|\bcircles?\b", "arrow": r"\bcircles?\b|\bbulbs?\b",
           "sandwich": r"\bclues?\b", "x-sum": r"\bclues?\b", "skyscraper": r"\bclues?\b|\bdiagonals?\b"}
REPEATING_LINES = ("whisper", "parity line", "entropic", "modular", "region sum", "zipper")  # digits may repeat on them
LINE_FAMILIES = ("slow thermometer", "thermometer", "between", "double arrow", "lockout", "parity line", "whisper",
                 "renban", "region sum", "palindrome", "zipper", "entropic", "modular", "nabner")
# The colours each line family is drawn in when its rules name none (SudokuPad's and f-puzzles' habits).
CONVENTIONAL = {"thermometer": ("grey",), "slow thermometer": ("grey",), "between": ("grey",),
                "lockout": ("blue",), "parity line": ("red", "peach"), "whisper": ("green",),
                "renban": ("purple", "pink", "magenta"), "region sum": ("blue",), "palindrome": ("grey",),
                "zipper": ("lavender", "purple"), "entropic": ("orange", "gold"), "modular": ("teal", "mint"),
                "nabner": ("yellow", "gold")}
# Rules this reader never models: a sentence that names one is named as not read, whatever else it names.
UNSUPPORTED = re.compile(
    r"\bfog|yin[- ]?yang|\bloops?\b|\bsnakes?\b|\bshad(?:e|ed|ing)\b|\bliars?\b|\blies\b|\blying\b|\bchaos\b|"
    r"\bpaths?\b|\bthe mean\b|\bmean of\b|\baverage|\bproducts?\b|multipl(?:y|ied|ies|ication)|\bdivi(?:sion|sor|sible)"
    r"|\bprimes?\b|"
    r"\bcount(?:s|ing|ed)?\b|sweeper|\bdoubl(?:er|ers|ed|ing)\b|\bnegators?\b|modif(?:y|ier|ies)|\bcipher|"
    r"\bletters?\b|teleport|portal|galax|nurikabe|masyu|norinori|binairo|tetromino|pentomino|polyomino|\bislands?\b|"
    r"\bwalls?\b|\brivers?\b|\bcaves?\b|rotat|mirror|reflect|symmetr|look[- ]and[- ]say|magic square|\bzeroe?s?\b|"
    r"\b0-\d|\bparity of\b|\bbiased\b|\bexcept\b|\bunless\b|\bunknown\b|to be (?:deduced|determined)|"
    r"determined by the solver|\bsame total\b|\bsame sum\b(?! in each)|\bin some order\b(?=[^.]*\bcages?\b)|"
    r"\bdigits? 0\b|\b0 ?(?:to|-|through) ?\d|\bone or more digits\b|\bmore than one digit\b|\bvalid time\b"
    r"|\bmust determine\b|\bdetermine which\b|\bwhich (?:cage|line|circle|dot|clue)s? (?:is|are) which\b")
# Rules added on top of a family's own ('cages ... have distinct sums', 'the sum ... is a multiple of'): looked for in
# the whole sentence, family words included.
ADDED = re.compile(
    r"\bmoreover\b|\b(?:distinct|different|unique) (?:sums|totals)\b|\bunique (?:sum|total)\b|\bmultiple of\b"
    r"|\bperfect squares?\b|\bfriendly\b|\btwice (?:each|in)\b|\bsequential sums?\b"
    r"|\beither \d+ or \d+\b(?![^.]*\badjacent)"
    r"|\bends? (?:in|with) (?:a |an )?\d\b|\^|\bfolds?\b|\bdice\b|\bcommon digits?\b|\b(?:must|may|can) ?not appear\b"
    r"|\bcannot appear\b|\bin one direction\b|\bruns? of (?:3|three)\b|\bsum of the (?:even|odd) digits\b"
    r"|\bequals? the sum\b|\bthe same (?:digit|digits|total|sum) as\b|\b(?:more|less|fewer) than the (?:given|clue"
    r"|total)|\bone of the (?:given )?(?:totals|sums|clues)\b|\beither (?!\d)(?!diagonal|direction|side|end|"
    + "|".join(PROTOTYPES) + r"|increase|decrease|stay|remain)\w+[^.]{0,80}\bor\b|\bthere is a digit\b")
BOILERPLATE = re.compile(
    r"(?:normal|standard|classic|classical|usual|regular|basic|traditional|ordinary|all) (?:\w+ ){0,3}rules?"
    r"|(?:place|fill|put|enter|write|contain|appear)\w*\b[^.]*\b(?:1|one) ?(?:-|to|through|–|thru)"
    r" ?(?:\d+|nine|six|eight|four|sixteen)\b"
    r"|(?:each|every) (?:row|column|box|region)[^.]*\b(?:contains?|has|must contain|once)"
    r"|(?:do not|don't|cannot|can't|may not|must not|never|can ?not) repeat (?:in|within) (?:any |a |the |each )?"
    r"(?:rows?|columns?|boxes|box|regions?|nonets?)"
    r"|\bnot (?:all|every|necessarily)\b|\b(?:have fun|enjoy|good luck|thanks?|thank you|hello|hi|happy solving)\b"
    r"|(?:rows?, columns?|columns?, rows?)|(?:some )?digits (?:are|have been) (?:already )?given|\bgivens?\b")
# Sentences that only explain the one before ('For example, ...', 'Different lines may have different sums').
ELABORATION = re.compile(r"^\(|the same (?:way|rule)|\brespectively\b|^(?:these|this|they|it|that|and|or)\b"
                         r"|^(?:for example|for instance|eg\b|ie\b|this means|that is|in other words|so\b|note\b"
                         r"|the same (?:is true|applies|goes)|similarly|likewise"
                         r"|(?:the )?(?:sums?|totals?|values?) (?:may|can|"
                         r"might)|different (?:lines|cages|clues) (?:may|can|might))")
RULE_WORDS = re.compile(r"\b(?:digits?|numbers?|cells?|sums?|totals?|differ\w*|lines?|circles?|squares?|cages?|dots?"
                        r"|clues?|values?|adjacent|repeat\w*|sequence|regions?)\b")
PERMISSION = re.compile(r"^[^.]*\b(?:may|can|could|might|are allowed to|is allowed to)(?! not\b)(?: (?!not\b)\w+)? "
                        r"repeat\b(?![^.]*\b(?:not|never)\b)")
NO_REPEAT = re.compile(
    r"(?:can ?not|may not|must not|cannot|can't|never|do not|don't|shall not|are not|is not)\b[^.]{0,20}?"
    r"(?:contain (?:the same|identical|equal|a repeat)|repeat|the same|identical|equal)"
    r"|(?:must|are|be|contain) (?:\w+ )?(?:different|distinct)|identical digits|no (?:two )?(?:identical|equal|same)"
    r"|(?:different|distinct) (?:digits|numbers)|(?:each|every) (?:digit|number)[^.]*\bonce|1 ?(?:-|to|through) ?9"
    r"|no repeat|without repeat|no digit (?:may |can |is )?repeat|\bdiffer\.?$|\bmust differ\b(?![^.]*\bby\b)"
    r"|(?:can ?not|can't|may not|must not|never) see "
    r"(?:itself|the same|an identical)|no digit (?:can|may) see itself|no digit (?:appears|may appear|can appear)"
    r"|(?:each|every) digit[^.]*\b(?:each|every) (?:possible )?position")
# Words that change a family's rule ('a consecutive set that must appear out of order', 'every string of five
# cells along the line'): a sentence with one reads no family, and is named as not read.
MODIFIERS = re.compile(
    r"\bout of order\b|\bnot (?:be )?in (?:\w+ )?order\b|\b(?:every|any|each) (?:string|sequence|set|group|run|segment)"
    r" of (?:\d+|two|four|five|six|seven|eight) (?:consecutive |adjacent |sequential )?cells"
    r"|multipl(?:y|ied|ies|ication)"
    r"|\bproducts?\b|\bdiscover|to be (?:found|deduced|determined)|(?:deduced|determined|discovered) by the solver"
    r"|\bbiased\b|\bthripper|\blegs?\b|\breferences?\b|\bsame parity\b|\bsquared\b|\bprimes?\b|\bat most\b"
    r"|\bpositions? [a-z0-9]\b of both|\bnot (?:necessarily )?(?:distinct|different)\b")
# A renban rule over every run of N cells along a line ('Any sequence of five cells along a purple line must contain a
# set of five consecutive digits'): the line's windows of N cells are renbans, a shorter line is one whole.
WINDOW = re.compile(rf"\b(?:every|any|each) (?:string|sequence|set|group|run|segment) of {NUMBER} "
                    r"(?:consecutive |adjacent |sequential |successive |connected )?cells\b")
# A sum the rules leave to the solver where the family's rule has it so anyway (a region-sum line's sum N).
SOLVERS_SUM = re.compile(r"\(?\s*\b(?:which |that )?(?:is |are |must be )?(?:to be |yet to be )?(?:determined|deduced"
                         r"|discovered|found|worked out) by the solver\s*\)?|\(?\s*\bto be (?:determined|deduced"
                         r"|discovered|found)\s*\)?")
QUALIFIED = re.compile(r"\bonly\b|\bodd\b|\beven\b|\bparity\b|\bbox \d|\bsums?\b|\bdiffer\w* by|\bdifference"
                       r"|\bconsecutive|\bprimes?\b"
                       r"|\bexcept\b|\bunless\b|\bgreater\b|\bless\b|\bmust be (?:the same|equal)"
                       r"|\bmay repeat|\bcan repeat|\bdoubled?\b|\bhalf\b")
ALL_GIVEN = re.compile(r"\b(?:all|every|each)\b(?: the| of the)?(?: possible)?[^.;]{0,45}?"
                       r"\b(?:are|is|have been|been|will be)"
                       r"(?: all)? (?:given|shown|marked|drawn|present|indicated|displayed)\b")


@dataclass(frozen=True)
class Mention:
    """A family named in a sentence, where, and the number it comes with (a whisper's least difference)."""

    family: str
    start: int
    value: Optional[int] = None


@dataclass(frozen=True)
class LineKind:
    """A family of lines the rules name: its number (a whisper's gap), the colours they give it, and whether the
    rules add that its digits do not repeat ('Along a line, there is no repeated digit, and neighbours ...')."""

    family: str
    value: Optional[int]
    colours: tuple
    distinct: bool = False


@dataclass(frozen=True)
class Sentence:
    """One sentence of the rules: as written, lower-cased, the families it names and its colour words."""

    original: str
    text: str
    mentions: tuple
    colours: tuple
    rest: str  # the text with the families' words blanked: what no family explains

    def families(self) -> set:
        """The families it names."""
        return {mention.family for mention in self.mentions}

    def says(self, pattern: str) -> bool:
        """True when the sentence matches `pattern`."""
        return re.search(pattern, self.text) is not None


def normalised(text: str) -> str:
    """Lower case, straight quotes and apostrophes, abbreviations without their dots, markdown marks gone."""
    text = text.lower().replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = text.replace("\u2013", "-").replace("\u2014", "-").replace("\u00a0", " ").replace("\u2009", " ")
    text = re.sub(r"\b(e)\.g\.|\b(i)\.e\.|\b(etc)\.|\b(vs)\.|\b(approx)\.", lambda m: "".join(filter(None, m.groups())),
                  text)
    text = re.sub(r"[*_`#]+", "", text)
    text = re.sub(r"\bcons(?:ecu|equ|ecuti|ectu)[a-z]*ive\b", "consecutive", text)  # common misspellings
    return re.sub(r"[ \t]+", " ", text)


def sentences(text: str) -> List[str]:
    """The text cut into sentences; a short header line ('Renban:', 'German Whispers') joins the next line."""
    text = re.sub(r"\b([eE])\.([gG])\.|\b([iI])\.([eE])\.|\b(etc|vs|approx)\.",
                  lambda m: "".join(filter(None, m.groups())), text)
    lines = [line.strip(" \t-•·>") for line in text.replace("\r", "\n").split("\n")]
    lines = [line for line in lines if line.strip()]
    joined: List[str] = []
    carry = ""
    for line in lines:
        header = line.endswith(":") or (len(line.split()) <= 4 and not re.search(r"[.!?]$", line))
        if header:
            carry = f"{carry} {line}".strip()
            continue
        joined.append(f"{carry} {line}".strip() if carry else line)
        carry = ""
    if carry:
        joined.append(carry)
    found = []
    for line in joined:
        # a stop and a blank; a stop inside a bracket or quote when a capital starts the next sentence
        ends = r"(?<=[.!?;])\s+(?=\S)|(?<=[.!?;][)\]\"'])\s+(?=[A-Z])"
        found.extend(part.strip() for part in re.split(ends, line) if part.strip())
    return found


def _mentions(text: str) -> tuple:
    """(the families a normalised sentence names, each where first named; the sentence with their words blanked)."""
    found, blank = [], text
    for family, pattern in FAMILIES:
        matches = list(re.finditer(pattern, blank))
        if not matches:
            continue
        if not family.startswith("_"):  # '_window': words two families share, blanked for neither to take
            found.append(Mention(family, matches[0].start(), _value(family, text)))
        for match in [*matches, *re.finditer(ABSORBS.get(family, r"(?!)"), blank)]:
            blank = blank[:match.start()] + " " * (match.end() - match.start()) + blank[match.end():]
    return tuple(sorted(found, key=lambda mention: mention.start)), blank


def _value(family: str, text: str) -> Optional[int]:
    """A whisper's least difference as the sentence states it, or None."""
    if family != "whisper":
        return None
    match = re.search(rf"(?:at least|a minimum of|minimum(?: difference)?(?: of)?|≥|by)\s*{NUMBER}\b", text) or \
        re.search(rf"{NUMBER} or (?:more|greater|higher)", text)
    if match:
        word = match.group(1)
        return int(word) if word.isdigit() else NUMBERS[word]
    return None


class RulesText:
    """A puzzle's rules text, read (see the module). `title` stands in for the rules when they are empty: old puzzles
    keep their rules in the video and name the variant in the title ('Anti-Knight Killer Sudoku')."""

    def __init__(self, text: str, title: str = ""):
        self.text = text or ""
        self.from_title = not self.text.strip()
        source = title if self.from_title else self.text
        self.sentences = tuple(self._sentence(part) for part in sentences(source))
        self.low = normalised(source)

    @staticmethod
    def _sentence(original: str) -> Sentence:
        text = normalised(original)
        mentions, rest = _mentions(text)
        if SOLVERS_SUM.search(text):  # a region-sum line's sum is the solver's anyway: said or not, the same rule
            plain = re.sub(r" +", " ", SOLVERS_SUM.sub(" ", text))
            found = _mentions(plain)
            if any(mention.family == "region sum" for mention in found[0]):
                text, (mentions, rest) = plain, found
        return Sentence(original, text, mentions, tuple(words_in(text)), rest)

    @property
    def empty(self) -> bool:
        """True when there is nothing to read (no rules, no title)."""
        return not self.sentences

    def mentions(self, family: str) -> bool:
        """True when some sentence names the family."""
        return any(family in sentence.families() for sentence in self.sentences)

    def says(self, pattern: str) -> bool:
        """True when the whole text matches `pattern` (lower case)."""
        return re.search(pattern, self.low) is not None

    def about(self, family: str) -> List[Sentence]:
        """The sentences that name a family."""
        return [sentence for sentence in self.sentences if family in sentence.families()]

    # ---- lines --------------------------------------------------------------------------------------------

    def line_kinds(self, side: int) -> List[LineKind]:
        """The line families the rules name, one per (family, number), with the colours they give each."""
        kinds: dict = {}
        distinct = set()
        changed = {mention.family for sentence in self.sentences if _changed(sentence)
                   for mention in sentence.mentions}  # a family whose rule some sentence changes is not read
        for sentence in self.sentences:
            if changed & sentence.families():
                continue
            lines = [mention for mention in sentence.mentions if mention.family in LINE_FAMILIES]
            for mention in lines:
                value = self._gap(mention, sentence, side) if mention.family == "whisper" else \
                    _window(sentence) if mention.family == "renban" else None
                colours = self._colours_of(mention, lines, sentence)
                key = (mention.family, value)
                kinds[key] = tuple(dict.fromkeys(kinds.get(key, ()) + colours))
                if len(lines) == 1 and mention.family in REPEATING_LINES and NO_REPEAT.search(sentence.text) \
                        and not PERMISSION.search(sentence.text):
                    distinct.add(key)
        for (family, value), colours in list(kinds.items()):  # a renban rule over windows covers shorter lines
            windowed = [key for key in kinds if key[0] == "renban" and key[1]]
            if family == "renban" and value is None and len(windowed) == 1 and (
                    not colours or set(colours) <= set(kinds[windowed[0]])):
                del kinds[(family, value)]
        return [LineKind(family, value, colours, (family, value) in distinct)
                for (family, value), colours in kinds.items()]

    def _gap(self, mention: Mention, sentence: Sentence, side: int) -> int:
        """A whisper's least difference: the number stated, else Dutch (one less than German) or German."""
        if mention.value is not None:
            return mention.value
        german = ceil(side / 2)
        return german - 1 if sentence.says(r"\bdutch\b") else german

    @staticmethod
    def _colours_of(mention: Mention, lines: Sequence[Mention], sentence: Sentence) -> tuple:
        """The colour words of the sentence that lie nearer this line family's name than any other's."""
        own = []
        for word, start in sentence.colours:
            closest = min(lines, key=lambda other: abs(other.start - start))
            if closest is mention:
                own.append(word)
        return tuple(own)

    # ---- rules over the whole grid ---------------------------------------------------------------------------

    def global_rules(self) -> set:
        """'anti-knight', 'anti-king', 'nonconsecutive', 'diagonal' (both, or 'diagonal marked': those drawn),
        'diagonal+', 'diagonal-', 'disjoint', 'windoku', 'diagonal nonconsecutive': each stated plainly by some
        sentence."""
        return set().union(*(self._globals_of(sentence) for sentence in self.sentences))

    def _globals_of(self, sentence: Sentence) -> set:
        """The rules over the whole grid one sentence states plainly."""
        families, found = sentence.families(), set()
        for chess in ("anti-knight", "anti-king"):
            if chess in families and self._plain_chess(sentence, chess):
                found.add(chess)
        if "nonconsecutive" in families and not sentence.says(r"\bonly\b|\bexcept\b|\bunless\b|\bbox \d"):
            found.add("diagonal nonconsecutive" if sentence.says(r"\bdiagonal") else "nonconsecutive")
        if "disjoint" in families and not sentence.says(r"\bonly\b|\bexcept\b|\bunless\b") and (
                sentence.says(r"disjoint") or NO_REPEAT.search(sentence.text)):
            found.add("disjoint")
        if "windoku" in families and sentence.says(r"windoku"):
            found.add("windoku")
        if "diagonal" in families:
            which = self._diagonals(sentence)
            if which:
                found.add(which)
        if "forbidden sum" in families and _sums_forbidden(sentence):
            found.add("forbidden sum")
        return found

    @staticmethod
    def _plain_chess(sentence: Sentence, family: str) -> bool:
        """True when a sentence states anti-knight or anti-king for every digit: by its name, or a move and a
        rule of no repeats, and no qualifier (only even digits, box 5, sums)."""
        named = sentence.says(r"anti[- ]?" + family.split("-")[1])
        qualified = QUALIFIED.search(sentence.text.replace("consecutive", "")) is not None
        return not qualified and (named or NO_REPEAT.search(sentence.text) is not None)

    @staticmethod
    def _diagonals(sentence: Sentence) -> Optional[str]:
        """Which diagonals a sentence makes groups of: 'diagonal' (both, or those drawn when it says 'marked' or
        names a colour), 'diagonal+', 'diagonal-'; None when it does not state a no-repeat rule plainly."""
        text = sentence.text
        if re.search(r"\bsudoku x\b|\bx[- ]sudoku\b", text):
            return "diagonal"
        other = sentence.rest if "parity line" in sentence.families() else text  # its odd and even are the line's
        if NO_REPEAT.search(text) is None or QUALIFIED.search(other) or re.search(r"may repeat|can repeat", text):
            return None
        if re.search(r"marked|indicated|shown|drawn|highlighted|\bline", text) or sentence.colours:
            return "diagonal marked"
        if re.search(r"both|two|each|either|main|all|diagonals", text):
            return "diagonal"
        if re.search(r"positive|anti-?diagonal|bottom[- ]left to (?:the )?top[- ]right|\bsw\b|south-?west", text):
            return "diagonal+"
        if re.search(r"negative|leading|top[- ]left to (?:the )?bottom[- ]right|\bnw\b|north-?west", text):
            return "diagonal-"
        return "diagonal marked"

    def indexers(self) -> list:
        """(axis, number) for each row or column of indexer cells the rules describe ('Each digit in column 1
        indicates the position of the 1 in its row': ('column', 1); 'the Nth column ... the digit N': ('column', 0),
        every column), from the indexing sentences and the ones that extend them ('Column 5 operates the same way for
        the digit 5'), not from their examples."""
        found, before = [], False
        for sentence in self.sentences:
            about = "indexer" in sentence.families() and not MODIFIERS.search(sentence.text) or before and (
                ELABORATION.search(sentence.text) or re.search(r"\boperates?\b|\bsame (?:way|rule)", sentence.text))
            if about and re.match(r"\(?(?:eg|ie|for example|for instance|so)\b", sentence.text):
                continue  # an example's rows and columns are no indexers
            if about:
                for axis in ("column", "row"):
                    if re.search(rf"\b(?:n-?th|each|every|any) {axis}\b(?=[^.]*\b(?:digit|number) n\b)", sentence.text):
                        found.append((axis, 0))  # every row or column indexes: 0 stands for all
                    for match in re.finditer(rf"\b{axis}s? (\d(?:(?:,|,? and|,? &|,? or) \d)*)\b", sentence.text):
                        found.extend((axis, int(number)) for number in re.findall(r"\d", match.group(1)))
                    for match in re.finditer(rf"\b({'|'.join(ORDINALS)}) {axis}\b", sentence.text):
                        found.append((axis, ORDINALS[match.group(1)]))
            before = bool(about)
        return list(dict.fromkeys(found))

    def forbidden_sums(self) -> set:
        """Sums no two orthogonal neighbours may make ('Orthogonally adjacent cells do not sum to 5 or 10')."""
        return set().union(*(_sums_forbidden(sentence) for sentence in self.sentences))

    def all_given(self) -> set:
        """The marks the rules say are all given: 'white', 'black' (dots), 'x', 'v' (negative constraints)."""
        found = set()
        before = ""
        for sentence in self.sentences:
            found.update(_all_given(sentence.text, before))
            before = sentence.text
        return found

    # ---- cages and dots ----------------------------------------------------------------------------------------

    def cage_repeats(self) -> bool:
        """True when the rules let digits repeat in cages (a cage is then a plain sum)."""
        for sentence in self.about("cage"):
            if re.search(r"(?<!not )\b(?:may|can|could|might|are allowed to|is allowed to)(?! not)(?: \w+)? repeat"
                         r"|repeat\w* (?:digits |numbers )?(?:are |is )?(?:allowed|permitted|possible)"
                         r"|need not be (?:different|distinct|unique)"
                         r"|(?:do|does) not have to be (?:different|distinct)",
                         sentence.text) and not re.search(r"\bcannot repeat|can't repeat|may not repeat|do not repeat"
                                                           r"|don't repeat|must not repeat|never repeat",
                                                           sentence.text):
                return True
        return False

    def dot_meanings(self) -> dict:
        """What dots mean, by colour word ('white', 'black' or another the rules name) -> (relation, number):
        ('difference', 1) for consecutive digits, ('ratio', 2) for one twice the other, other numbers as stated
        ('a 1-to-3 ratio'); the key 'any' when the rules give every dot one meaning. A colour whose sentence changes
        the rule ('the same ratio, to be discovered') maps to None: its dots are not read."""
        meanings: dict = {}
        for sentence in self.about("kropki"):
            text = sentence.text
            words = [word for word, _ in sentence.colours]
            for relation, said, value in _dot_statements(text):
                for word in self._dot_colours(text, said, words) or ["any"]:
                    changed = MODIFIERS.search(sentence.text) or ADDED.search(sentence.text)
                    meanings.setdefault(word, None if changed else (relation, value))
        if "any" in meanings and len(set(meanings.values())) > 1:
            del meanings["any"]  # several meanings named: by colour, white and black as usual
        if not meanings and not self.about("kropki") and re.search(r"(?<!non-)(?<!non )\bconsecutive", self.low) \
                and not re.search(r"ratio|double|twice|\bhalf\b|renban", self.low):
            meanings["any"] = ("difference", 1)  # 'Consecutive Sudoku': its dots mark consecutive digits
        return meanings

    @staticmethod
    def _dot_colours(text: str, at: int, words: Sequence[str]) -> list:
        """The colour words of a sentence nearest to where a dot's meaning is stated."""
        found = [(abs(start - at), word) for word, start in words_in(text)]
        if not found:
            return []
        best = min(found)[0]
        return [word for gap, word in found if gap == best]

    # ---- what is not read -------------------------------------------------------------------------------------

    def unread(self, read: Iterable[str]) -> List[str]:
        """Every sentence that asks for something no family in `read` carries, quoted ('the rules say "..."; not
        read'); boilerplate, greetings and sentences without a rule's words pass."""
        read = set(read)
        found = []
        carried = False  # the sentence before was carried by what was read
        for sentence in self.sentences:
            families = _stated_families(sentence)
            if not families and carried and ELABORATION.search(sentence.text) and not UNSUPPORTED.search(sentence.rest):
                continue
            stated = {GLOBAL_FAMILIES[name] for name in self._globals_of(sentence)}
            if (families & set(GLOBAL_FAMILIES.values())) - stated:
                families = families | {"a rule over the grid with a qualifier"}  # never read: the sentence is named
            carried = bool(families) and families <= read
            own_sum = "double arrow" in families  # its own rule is one sum equal to another
            unsupported = UNSUPPORTED.search(sentence.rest) or _changed(sentence) or \
                ADDED.search(sentence.rest if own_sum else _unwindowed(sentence)) or (
                ALL_GIVEN.search(sentence.text) and not _all_given(sentence.text, sentence.text)
                and not re.search(r"\bnot (?:all|every|each|necessarily)\b", sentence.text))
            if not unsupported and (families and families <= read or PERMISSION.search(sentence.text)):
                continue  # carried by what was read, or only a permission ('digits may repeat on arrows')
            if not families and (self.from_title or not unsupported and (BOILERPLATE.search(sentence.text)
                                                                        or not RULE_WORDS.search(sentence.text))):
                continue  # boilerplate, flavour, or a title that names no rule
            where = "the title (no rules text) says" if self.from_title else "rules text not read:"
            found.append(f'{where} "{_quoted(sentence.original)}"' + ("; not read" if self.from_title else ""))
        return found


# Rules over the whole grid (RulesText.global_rules) and their families: a sentence naming such a family carries it
# only when it states the rule plainly itself.
GLOBAL_FAMILIES = {"anti-knight": "anti-knight", "anti-king": "anti-king", "nonconsecutive": "nonconsecutive",
                   "diagonal nonconsecutive": "nonconsecutive", "diagonal": "diagonal", "diagonal marked": "diagonal",
                   "diagonal+": "diagonal", "diagonal-": "diagonal", "disjoint": "disjoint", "windoku": "windoku",
                   "forbidden sum": "forbidden sum"}
# Constraint kinds and the families (FAMILIES) whose rules they carry.
KIND_FAMILIES = {
    "killer": ("cage",), "multi-sum killer": ("cage",), "sum cage": ("cage",), "thermometer": ("thermometer",),
    "slow thermometer": ("slow thermometer", "thermometer"), "little killer": ("little killer",),
    "x-sum": ("x-sum",), "sandwich": ("sandwich",), "skyscraper": ("skyscraper",), "between line": ("between",),
    "lockout line": ("lockout",), "parity line": ("parity line",), "whisper": ("whisper",), "renban": ("renban",),
    "region-sum line": ("region sum",), "palindrome": ("palindrome",), "zipper line": ("zipper",),
    "entropic line": ("entropic",), "modular line": ("modular",), "nabner line": ("nabner",),
    "quadruple": ("quadruple",), "arrow": ("arrow",), "double arrow": ("double arrow", "arrow"), "xv": ("xv",),
    "kropki": ("kropki",), "difference": ("kropki",), "ratio": ("kropki",), "anti-knight": ("anti-knight",),
    "anti-king": ("anti-king",), "diagonal non-consecutive": ("nonconsecutive",), "clone": ("clone",),
    "column indexer": ("indexer",), "row indexer": ("indexer",), "box indexer": ("indexer",),
    "maximum": ("extremum",), "minimum": ("extremum",), "odd cell": ("odd",), "even cell": ("even",),
}
GROUP_FAMILIES = (("diagonal", "diagonal"), ("extra region", "extra region"), ("disjoint", "disjoint"),
                  ("window", "windoku"))  # a group's name -> its family
NEGATIVE_FAMILIES = {"white": ("kropki", "nonconsecutive"), "black": ("kropki",), "x": ("xv",), "v": ("xv",)}


def families_read(found: Iterable) -> set:
    """The families (FAMILIES) whose rules the constraints `found` carry."""
    families: set = set()
    for constraint in found:
        if constraint.kind == "distinct":
            families.update(family for prefix, family in GROUP_FAMILIES if constraint.name.startswith(prefix))
        elif constraint.kind == "negative":
            families.update(NEGATIVE_FAMILIES.get(constraint.relation, ("forbidden sum", "xv")))
        else:
            families.update(KIND_FAMILIES.get(constraint.kind, ()))
    return families


def _window(sentence: Sentence) -> Optional[int]:
    """N when a sentence makes every run of N cells along a renban line a renban (WINDOW), else None."""
    match = WINDOW.search(sentence.text)
    if not match or sentence.families() != {"renban"}:
        return None
    return _number(match.group(1))


def _stated_families(sentence: Sentence) -> set:
    """The families a sentence states a rule for: those its body names when it has a header ('Odd and Even: a value
    on a grey square is even' states one for even cells only), else all it names."""
    body = re.sub(r"^[^:.]{0,40}:", "", sentence.text)
    if body == sentence.text:
        return sentence.families()
    named = {mention.family for mention in _mentions(body)[0]}
    return named or sentence.families()


def _unwindowed(sentence: Sentence) -> str:
    """A sentence's text without the runs of cells a renban rule is over (they are read)."""
    return WINDOW.sub(" ", sentence.text) if _window(sentence) else sentence.text


def _changed(sentence: Sentence) -> bool:
    """True when a sentence has words that change its family's rule (MODIFIERS); a renban's windows are read."""
    return MODIFIERS.search(_unwindowed(sentence)) is not None


def _dot_statements(text: str) -> list:
    """(relation, where, number) for each meaning of dots a sentence states: consecutive digits, a difference of N,
    a ratio ('1:2', '1 to 3', 'double', 'three times')."""
    found = []
    for match in re.finditer(rf"(?<!non-)(?<!non )(?<!not )\bconsecutive|differ\w* (?:of |by )?(?:exactly )?{NUMBER}\b"
                             rf"|{NUMBER} apart", text):
        word = next((group for group in match.groups() if group), None)
        found.append(("difference", match.start(), 1 if word is None else _number(word)))
    for match in re.finditer(rf"\b{NUMBER}\s*(?::|-to-| to |/)\s*{NUMBER}\b(?=[^.]{{0,12}}\bratio|[^.]{{0,3}}$|\W)"
                             rf"|ratio (?:of )?{NUMBER}\b(?!\s*(?::|-to-| to |/))|\b(double|twice|half)\b"
                             rf"|\b{NUMBER} times\b|\bratio\b", text):
        groups = [group for group in match.groups()]
        if groups[0] and groups[1]:
            low, high = sorted((_number(groups[0]), _number(groups[1])))
            value = high // low if low and high % low == 0 and high > low else 2
        elif groups[2]:
            value = max(2, _number(groups[2]))
        elif groups[4]:
            value = _number(groups[4])
        else:
            value = 2
        found.append(("ratio", match.start(), value))
    return found


def _number(word: str) -> int:
    """An int from digits or a number word."""
    return int(word) if word.isdigit() else NUMBERS[word]


def _sums_forbidden(sentence: Sentence) -> set:
    """The sums a sentence says no two orthogonal neighbours make."""
    if "forbidden sum" not in sentence.families() or sentence.says(r"\bonly\b|\bexcept\b|\bunless\b|\bdiagonal"):
        return set()
    match = re.search(rf"\b(?:sum|add)\w*(?: up)? to (?:either |any of )?"
                      rf"({NUMBER}(?:(?:,|,? or|,? and|,? nor) {NUMBER})*)", sentence.text)
    if not match:
        return set()
    words = re.findall(NUMBER, match.group(1))
    return {int(word) if word.isdigit() else NUMBERS[word] for word in words}


def _all_given(text: str, before: str) -> set:
    """The marks one sentence says are all given: 'white', 'black', 'x', 'v', 'dots' (every kind of dot) or the
    colour word of other dots ('all possible blue dots'); 'such dots' are those of the sentence before it."""
    match = ALL_GIVEN.search(text)
    if not match or re.search(r"\bnot\b[^.]{0,12}$", text[:match.start()]):
        return set()
    span = text[match.start():match.end()]
    if re.search(r"\bnot\b|\bexcept\b|\bwithin\b|\bon (?:a|the) (?:line|path|loop)|\balong\b|\bcages?\b|\blines?\b"
                 r"|\bruns?\b|\bcells?\b|\bcircles?\b", span) or re.search(r"\bexcept\b", text):
        return set()
    found = set()
    if re.search(r"\bdots?\b|kropki|such (?:dots|pairs|connections)", span):
        colours = before + " " + text if re.search(r"\bsuch\b", span) else span
        words = {word for word, _ in words_in(colours)}
        found.update(words or {"dots"})
    if re.search(r"\bx(?:'?s)?\b|\bxv", span):
        found.add("x")
    if re.search(r"\bv(?:'?s)?\b|\bxvs?\b", span):
        found.add("v")
    return found


def _quoted(text: str, limit: int = 160) -> str:
    """A sentence on one line, cut at `limit` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3].rstrip() + "..."

"""The typed reading's shortcuts, and what the readings they speed up say.

Reading runs for every document of every check, so it takes shortcuts: quick tests
that rule a line out before it is read in full, memos of what a type's names mean,
patterns guarded by the character they need. A shortcut that skips code still in
assay is set beside it (the same reading with the shortcut switched off) and must
give the same answer, on hand-picked cases and on generated ones; what a section's
text, a value's plain words, a placeholder and a status keyword are is said by
examples and by properties of any input.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from assay.engine.reading import dates, metadata, values, vocabulary
from assay.engine.reading.lines import line_pairs, read_line
from assay.engine.reading.plain import plain_sections
from assay.engine.reading.read import read
from assay.engine.reading.sections import blocks_text, read_sections
from assay.engine.reading.vocabulary import Vocabulary, trie_regex
from assay.engine.workspace.types import builtin_type, resolve_types
from assay.grammar.locate import Locator
from assay.grammar.markdown.document import parse_document
from assay.grammar.spec import parse_spec
from assay.spec.document import Document, Paragraph
from assay.spec.reading import Reading
from assay.spec.specfile import AllowedValue
from assay.spec.types import DocumentType
from tests.grammar.markdown_strategies import documents, markdown_lines

# Names for the case-insensitive corners: the long s folds to an ASCII letter (and a
# line may write `Kelvin` with the Kelvin sign), a dotted capital I folds to two
# characters, ß to ss; names with digits, underscores, ligatures.
ODD_SPEC = """\
type odd {
    field "Kelvin" optional
    field "\u017ftate" optional { values open ("\u017fhut") }
    field "İd" optional
    field "Straße" optional
    field "Ångström date" optional { format date }
    field "1st review" optional
    field "x_y" optional
    section "Kelvin" optional
    section "Notes" optional
    relation "Œuvre of" inverse "Has œuvre"
    relation "Has œuvre" inverse "Œuvre of"
}
"""


def _odd_type() -> DocumentType:
    parsed = parse_spec(ODD_SPEC, "specs/odd.assay")
    assert parsed.value is not None, parsed.diagnostics
    types = resolve_types([parsed.value]).value
    assert types is not None
    return types["odd"]


TYPES = {"adr": builtin_type("adr"), "madr": builtin_type("madr"), "odd": _odd_type()}
WORDS = {name: Vocabulary(t) for name, t in TYPES.items()}
PATH = "docs/adr/0001-use-postgres.md"


def _names(doc_type: DocumentType) -> list[str]:
    words = Vocabulary(doc_type)
    return [*words.fields, *words.relations]


ALL_NAMES = sorted({name for t in TYPES.values() for name in _names(t)})

# A line as records write metadata: a prefix, emphasis, a name in any case, a colon or
# not, a value, sometimes a `·` piece after it.
_PREFIXES = ("", "- ", "* ", "> ", "1. ", "  ", "\t", "- [x] ", ">> + ", "\u0661. ")
_MARKS = ("", "**", "_", "*", "__")
_NAME_CASES: tuple[Callable[[str], str], ...] = (str, str.upper, str.title, str.capitalize)


@st.composite
def _key_lines(draw: st.DrawFn) -> str:
    name = draw(st.sampled_from(_NAME_CASES))(draw(st.sampled_from(ALL_NAMES)))
    mark = draw(st.sampled_from(_MARKS))
    line = draw(st.sampled_from(_PREFIXES)) + mark + name + mark
    line += draw(st.sampled_from(("", ":", ": ", " :", ":  ", " ")))
    line += draw(st.text(alphabet="Ab1 :,·•[]()*_-", max_size=12))
    if draw(st.booleans()):
        other = draw(st.sampled_from(ALL_NAMES))
        line += draw(st.sampled_from((" · ", " • ", "·", " ", " Other: "))) + other + ": v"
    return line


LINES = st.one_of(
    _key_lines(),
    markdown_lines(),
    st.text(max_size=30),
    st.text(alphabet="\u017f\u212a\u0130\u0131SsKkÅåŒœ1_*:· \t-", max_size=12),
)


def _line_bounds(text: str) -> Iterator[tuple[int, int]]:
    """Each line's content, as ``(start, end)``, by the Locator's line starts."""
    locator = Locator(text)
    for index in range(len(locator.line_starts)):
        line = locator.line_span(index)
        start = locator.line_starts[index]
        yield start, start + line.end_column - 1


# ---- lines: the quick tests before a line is read --------------------------------------


@pytest.mark.parametrize("type_name", sorted(TYPES))
@given(text=LINES)
def test_read_line_rules_out_only_lines_without_keys(type_name: str, text: str) -> None:
    """``read_line`` (first character, then the hint pattern, then the pieces) answers
    what reading the line in full answers, with ``pieces`` True or (when the text has
    no separator) False."""
    words = WORDS[type_name]
    quiet = "·" not in text and "•" not in text
    for start, end in _line_bounds(text):
        full = line_pairs(text, start, end, words)
        assert read_line(text, start, end, words) == full
        if quiet:
            assert read_line(text, start, end, words, pieces=False) == full


# Letters that fold or match case-insensitively across scripts, and the first 0x250
# code points (Latin, IPA): characters a line may start with that could meet a name.
_FIRST_CHARS = [chr(c) for c in range(0x250)] + list(
    "\u017f\u212a\u0130\u0131ÅŒœẞß\u0661\u0662\u00a0\u2003·•…"
)


@pytest.mark.parametrize("type_name", sorted(TYPES))
def test_a_first_character_rules_out_no_line_that_holds_a_key(type_name: str) -> None:
    """Whatever a line starts with, then the rest of any declared name: when
    ``may_start_key`` says no key can start there, the full reading finds none."""
    words = WORDS[type_name]
    tails = [name[1:] + rest for name in ALL_NAMES for rest in (": x", " x", "")]
    for char in _FIRST_CHARS:
        if words.may_start_key(char):
            continue
        for tail in tails:
            line = char + tail
            assert words.line_hint.match(line) is None, line
            assert line_pairs(line, 0, len(line), words) == [], line


@given(
    st.lists(st.text(alphabet="abS \u017f\u212a\t", min_size=0, max_size=5), max_size=6),
    st.text(alphabet="abS \u017f\u212a\t:x", max_size=8),
)
def test_trie_matches_what_the_alternatives_match(names: list[str], text: str) -> None:
    """The hint's trie of names matches exactly the strings the plain alternation
    (the names, longest first, as ``key_pattern`` builds them) matches."""
    names = [" ".join(n.split()) for n in names]
    if not names:
        return
    plain = "|".join(
        r"[ \t]+".join(map(re.escape, n.split())) for n in sorted(names, key=len, reverse=True)
    )
    trie = re.compile(f"(?:{trie_regex(names)})", re.IGNORECASE)
    alternation = re.compile(f"(?:{plain})", re.IGNORECASE)
    for start in range(len(text) + 1):
        for end in range(start, len(text) + 1):
            piece = text[start:end]
            assert bool(trie.fullmatch(piece)) == bool(alternation.fullmatch(piece)), piece


@given(st.text(alphabet="ab\r\n x", max_size=12))
def test_line_end_is_where_the_locator_ends_a_line(text: str) -> None:
    locator = Locator(text)
    for index, start in enumerate(locator.line_starts):
        line = locator.line_span(index)
        expected = start + line.end_column - 1
        assert metadata._line_end(text, locator.line_starts, index) == expected


# ---- whole readings with the shortcuts switched off ------------------------------------

_METADATA_LINES = st.lists(
    st.one_of(_key_lines(), markdown_lines(), st.sampled_from(("", "## Status", "## Notes"))),
    max_size=12,
)


def _reading(text: str, words: Vocabulary) -> Reading | None:
    raw = text.encode("utf-8", "surrogatepass")
    document = parse_document(raw, PATH).value
    if document is None:
        return None
    decoded = raw[3:].decode("utf-8") if document.bytes.bom else raw.decode("utf-8")
    return read(document, decoded, words)


def _fast_and_slow(text: str, type_name: str) -> tuple[Reading | None, Reading | None]:
    """The reading, and the reading with every line read in full: no first-character
    test (per line or per block), no hint pattern, no memo of heading names."""
    fast = _reading(text, Vocabulary(TYPES[type_name]))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Vocabulary, "may_start_key", lambda self, char: True)
        patch.setattr(Vocabulary, "heading", lambda self, text: self._role(text))
        patch.setattr(
            metadata,
            "read_line",
            lambda text, start, end, words, pieces=True: line_pairs(text, start, end, words),
        )
        slow = _reading(text, Vocabulary(TYPES[type_name]))
    return fast, slow


RECORDS = (
    # A preamble paragraph whose key is on its second line, after prose.
    "Background first\nStatus: Accepted\nWhy: no\n\n# Title\n",
    "# Title\n\nThe team met.\nDate: 2024-01-02\n\n- We agreed\n- Deciders: Ann\n",
    # A prose section: a relation is read from a block that starts with one, only.
    "# T\n\n## Context\n\nThe status: unclear.\n\nSupersedes [ADR 2](0002-x.md)\n",
    "# T\n\n## Notes\n\nWe said\nStatus: no\n\n> Status: quoted\n",
    # Pieces and lines with several keys.
    "Type: x · Status: accepted · Date: 2024-01-01\n\n# T\n",
    "# T\n\n## Links\n\nSee • Supersedes ADR-3\n",
    "# T\r\n\r\nStatus: Accepted\r\nDate: 2024-02-03\r\n",
    "# T\rStatus: Accepted\rDate: 2024-02-03\r",
    "\u212aelvin: 3\n\u0130d: 4\nSTRASSE: 5\n1st review: done\n\u017ftate: \u017fhut\n",
    "# T\n\n## Status\n\nAccepted\n\n## Status: rejected\n\n## Kelvin\n\nx_y: 1\n",
)


@pytest.mark.parametrize("type_name", sorted(TYPES))
@pytest.mark.parametrize("text", RECORDS)
def test_records_read_the_same_without_the_line_shortcuts(type_name: str, text: str) -> None:
    fast, slow = _fast_and_slow(text, type_name)
    assert fast == slow


@pytest.mark.parametrize("type_name", sorted(TYPES))
@given(st.one_of(documents(), _METADATA_LINES.map("\n".join), _METADATA_LINES.map("\r\n".join)))
def test_readings_equal_without_the_line_shortcuts(type_name: str, text: str) -> None:
    fast, slow = _fast_and_slow(text, type_name)
    assert fast == slow


def test_heading_memo_forgets_and_stays_right(monkeypatch: pytest.MonkeyPatch) -> None:
    """The memo of heading names is bounded: past the bound it starts again before the
    next document (each one here a document of one heading), and every answer is
    still what the names say."""
    monkeypatch.setattr(vocabulary, "_REMEMBERED", 3)
    words = Vocabulary(TYPES["adr"])
    headings = ["Status", "Context", "Status: accepted", "Decision: x", "Foo", "Status", "Links"]
    for heading in headings * 2:
        words.bounded()
        assert words.heading(heading) == words._role(heading)
        assert len(words._headings) <= 3 + 1
    role = words.heading("Status: accepted")
    assert role.key is None and role.inline is not None and role.inline.name == "Status"
    assert words.heading("Decision: use Kafka").section is not None


# ---- sections: what each section's text holds ------------------------------------------

#: A record, and each section's text in document order: its blocks' readable text
#: (no heading marks, comments or link definitions), then each sub-section's heading
#: and text, each part apart by a blank line; the value a heading holds after a
#: section's name first.
SECTION_TEXTS = [
    (
        "# T\n\n## Context\n\nWe need *speed*.\n\nMore  here. \n",
        ["Context\n\nWe need *speed*.\n\nMore  here.", "We need *speed*.\n\nMore  here."],
    ),
    (
        "# T\n\n## Decision\n\n- one\n- two\n  - nested\n\n> quoted\n> text\n\n```\ncode\n```\n",
        [
            "Decision\n\none\ntwo\n\nnested\n\nquoted\ntext\n\ncode",
            "one\ntwo\n\nnested\n\nquoted\ntext\n\ncode",
        ],
    ),
    (
        "# T\n\n## Status\n\n<!-- Accepted or not -->\n\n## Consequences\n\n"
        "| a | b |\n| - | - |\n| c | d |\n\n<div>html</div>\n",
        [
            "Status\n\nConsequences\n\na b\nc d\n\n<div>html</div>",
            "",
            "a b\nc d\n\n<div>html</div>",
        ],
    ),
    (
        "# T\n\n## Decision: use Kafka\n\nWe publish events.\n\n### Why\n\nBecause.\n",
        [
            "Decision: use Kafka\n\nWe publish events.\n\nWhy\n\nBecause.",
            "use Kafka\n\nWe publish events.\n\nWhy\n\nBecause.",
            "Because.",
        ],
    ),
    ("Preamble text\n\n[ref]: http://x\n\n# T\n", [""]),
]


def _document(text: str) -> Document | None:
    return parse_document(text.encode("utf-8", "surrogatepass"), PATH).value


@pytest.mark.parametrize(("text", "expected"), SECTION_TEXTS)
def test_a_section_s_text_is_its_readable_text(text: str, expected: list[str]) -> None:
    document = _document(text)
    assert document is not None
    assert [r.text for r in read_sections(document, WORDS["adr"], ())] == expected


@given(st.one_of(documents(), markdown_lines()))
@example("# **Decision:**#")  # a heading holding its section's value: found by CI
def test_a_section_s_text_holds_its_paragraphs(text: str) -> None:
    """Whatever the record: each section's text is stripped, and holds the text of
    each paragraph directly in it."""
    document = _document(text)
    if document is None or plain_sections(document, WORDS["adr"]):
        return
    readings = read_sections(document, WORDS["adr"], ())
    for section, reading in zip(document.walk_sections(), readings, strict=True):
        assert reading.text == reading.text.strip()
        for block in section.blocks:
            if isinstance(block, Paragraph):
                assert block.text.strip() in reading.text
    assert blocks_text(document.preamble) == blocks_text(document.preamble).strip()


# ---- values: what a field's value reads as ----------------------------------------------

MARKUP = st.text(alphabet="ab _*`[]()!<>-.{}|YMDymd…\n\t ", max_size=24)

#: Values as records write them, and as plain words.
STRIPPED = [
    ("**Accepted**.", "Accepted"),
    ("__Accepted__", "Accepted"),
    ("*a* _b_", "a b"),
    ("`code` here", "code here"),
    ("``a ` b``", "a ` b"),
    ("`unclosed", "`unclosed"),
    ("[ADR 2](0002-x.md)", "ADR 2"),
    ("[a][b]", "a"),
    ("![img](x.png)", "img"),
    ("**[x](y)**", "x"),
    ("Accepted <!-- note -->", "Accepted"),
    ("Wait...", "Wait..."),
    ("a  \n b", "a b"),
    ("snake_case_name", "snake_case_name"),
    ("a ** b", "a ** b"),
]


@pytest.mark.parametrize(("text", "plain"), STRIPPED)
def test_strip_markup_leaves_the_words(text: str, plain: str) -> None:
    assert values.strip_markup(text) == plain


@given(MARKUP)
def test_stripping_twice_is_stripping_once(text: str) -> None:
    once = values.strip_markup(text)
    assert values.strip_markup(once) == once


PLACEHOLDERS = [
    "{proposed | accepted}",
    "[ a | b ]",
    "[ accepted | superseded by [xxx](yyyymmdd-xxx.md) ]",
    "[Insert Date]",
    "[describe here]",
    "[option 1]",
    "[xxx]",
    "[]",
    "YYYY-MM-DD",
    "DD/MM/YYYY",
    "**YYYY-MM-DD**",
    "<date>",
    "`<date>`",
    "...",
    "…",
]
VALUES = ["TBD", "[ADR 5](x.md)", "2024-01-01", "Accepted", "<https://x.org>", "x YYYY-MM-DD"]


@pytest.mark.parametrize("text", PLACEHOLDERS)
def test_a_template_leftover_is_a_placeholder(text: str) -> None:
    assert dates.is_placeholder(text)
    assert dates.is_placeholder(f"  {text} ")


@pytest.mark.parametrize("text", VALUES)
def test_a_value_is_no_placeholder(text: str) -> None:
    assert not dates.is_placeholder(text)


_DATES = st.one_of(
    st.text(alphabet="0123456789-/. TZ:+adefhjmnorstuvyADJMNOS,", max_size=24),
    st.builds(
        "{}{:04d}-{:02d}-{:02d}{}".format,
        st.sampled_from(("", " ", "\t", "\u2003", "0", "x")),
        st.integers(0, 10000),
        st.integers(0, 13),
        st.integers(0, 32),
        st.sampled_from(("", " ", "\n", "0", " 10:00", "T10:00Z", ".", "-01")),
    ),
    st.builds("{}-{}-{}".format, st.integers(990, 2100), st.integers(0, 13), st.integers(0, 32)),
)


@given(_DATES)
def test_read_date_is_the_general_reading(text: str) -> None:
    """The plain-ISO shortcut gives what the general way gives."""
    assert dates.read_date(text) == dates._any_date(text)


def _allowed(*spellings: tuple[str, tuple[str, ...]]) -> tuple[AllowedValue, ...]:
    span = WORDS["adr"].type.fields[0].span
    return tuple(AllowedValue(name=n, synonyms=s, span=span) for n, s in spellings)


ADR_VALUES = WORDS["adr"].type.fields[0].values
OVERLAPPING = _allowed(("in", ("in review", "in-review")), ("review", ("re",)), ("x y", ()))

#: A status as written, the value it names (the longest spelling that starts it, at
#: a word's end) and where that spelling ends; None where no spelling does.
KEYWORDS = [
    (OVERLAPPING, "In Review", "in", 9),
    (OVERLAPPING, "in  review.", "in", 10),
    (OVERLAPPING, "in-review", "in", 9),
    (OVERLAPPING, "in reviewing", "in", 2),
    (OVERLAPPING, "re", "review", 2),
    (OVERLAPPING, "Review: done", "review", 6),
    (OVERLAPPING, "x\ty", "x y", 3),
    (OVERLAPPING, "review's", None, None),
    (OVERLAPPING, "inn", None, None),
    (ADR_VALUES, "accepted 2023-05-11", "accepted", 8),
    (ADR_VALUES, "**Accepted**", "accepted", 10),
    (ADR_VALUES, "superceded by x", "superseded", 10),
    (ADR_VALUES, "In Review", "proposed", 9),
    (ADR_VALUES, "Approved.", "accepted", 8),
    (ADR_VALUES, "Proposed, then accepted", "proposed", 8),
]


@pytest.mark.parametrize(("allowed", "raw", "value", "end"), KEYWORDS)
def test_a_status_names_the_longest_spelling_it_starts_with(
    allowed: tuple[AllowedValue, ...], raw: str, value: str | None, end: int | None
) -> None:
    reading = values.read_status(raw, allowed)
    assert reading.value == value
    if end is not None:
        assert reading.keyword_end == end


def test_status_keywords_by_identity_are_the_computed_ones() -> None:
    """Keywords remembered by the tuple's identity are those its spellings give; an
    equal tuple, a list (never remembered: it may change) and a full memo all read
    the same."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(values, "_KEYWORDS_OF", {})
        allowed = _allowed(("proposed", ("in review",)), ("accepted", ("approved",)))
        computed = values._keywords(tuple(values._spellings(allowed)))
        assert values._keywords_of(allowed) == computed
        assert values._keywords_of(allowed) is values._keywords_of(allowed)
        assert values._keywords_of(list(allowed)) == computed
        as_list = list(allowed)
        assert values.read_status("In Review", as_list).value == "proposed"
        as_list[0] = _allowed(("draft", ("in review",)))[0]
        assert values.read_status("In Review", as_list).value == "draft"
        for number in range(300):  # past the bound: the memo starts again
            other = _allowed((f"v{number}", ()))
            assert values.read_status(f"v{number}", other).value == f"v{number}"
        assert len(values._KEYWORDS_OF) <= 256
        assert values.read_status("approved.", allowed).value == "accepted"
        assert values.read_status("anything", ()).value == "anything"

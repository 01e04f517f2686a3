"""parse_spec never raises, always answers, and keeps every span inside the text.

The number of examples comes from the hypothesis settings profile (the `ci` profile
runs many more); nothing here fixes it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from lark.lexer import PatternStr

from assay.grammar.spec import parse_spec
from assay.grammar.spec.parser import build_parser
from assay.spec.convert import to_json_value
from assay.spec.diagnostics import Parsed
from assay.spec.specfile import SpecFile

CASES = sorted((Path(__file__).parent / "cases" / "spec").glob("*.assay"))
GOOD = [p.read_bytes().decode("utf-8") for p in CASES]

# The grammar's own keywords and punctuation, read from the parser so the list keeps up
# with the grammar, plus a few values: generated soup then reaches deep parser states
# and the semantic checks, not only the first token.
KEYWORDS = [t.pattern.value for t in build_parser().terminals if isinstance(t.pattern, PatternStr)]
VALUES = ["adr", "madr", "nowhere", "t", "svc-a", "0", "1", "250", '"A"', '"a"', '""', '"^[a"']
VOCABULARY = [*KEYWORDS, *VALUES, '"Ü"', '"' + "a" * 64 + '"', "#", "\n", "\r\n", "\ufeff"]

# Warm the process-wide parser outside the timed examples.
parse_spec("", "warm.assay")


def check_answer(text: str) -> Parsed[SpecFile]:
    """The properties every answer must have; returns the answer for further checks."""
    parsed = parse_spec(text, "fuzz.assay")
    size = len(text.encode("utf-8", "surrogatepass"))
    if parsed.value is None:
        assert parsed.diagnostics, "no model and no diagnostic"
        assert all(d.severity == "error" for d in parsed.diagnostics)
    else:
        assert parsed.diagnostics == ()
        for span in _spans(to_json_value(parsed.value)):
            assert 0 <= span["start"] <= span["end"] <= size
    for d in parsed.diagnostics:
        assert d.code.startswith("SPC")
        assert 0 <= d.span.start <= d.span.end <= size
        assert 1 <= d.span.line <= d.span.end_line
        assert d.span.column >= 1
    return parsed


def _spans(value: Any) -> list[dict[str, int]]:
    if isinstance(value, dict):
        own = [v for k, v in value.items() if k.endswith("span") and v is not None]
        return own + [s for v in value.values() for s in _spans(v)]
    if isinstance(value, list):
        return [s for v in value for s in _spans(v)]
    return []


@st.composite
def mutated_case(draw: st.DrawFn) -> str:
    """A good case truncated, with a slice deleted, or with text spliced in."""
    text = draw(st.sampled_from(GOOD))
    cut = draw(st.integers(0, len(text)))
    action = draw(st.sampled_from(["truncate", "delete", "insert", "duplicate"]))
    if action == "truncate":
        return text[:cut]
    if action == "delete":
        return text[:cut] + text[cut + draw(st.integers(1, 40)) :]
    if action == "insert":
        piece = draw(st.sampled_from(VOCABULARY) | st.text(max_size=5))
        return text[:cut] + piece + text[cut:]
    return text[:cut] + text[max(0, cut - 30) : cut] + text[cut:]


# ---- specs built from the grammar: they must parse, whatever the names and numbers --

_WORD_START = "abcxyzABCXYZ_"
_WORDS = st.tuples(
    st.sampled_from(_WORD_START), st.text(_WORD_START + "0123456789.-", max_size=8)
).map("".join)
_STRINGS = st.text(st.characters(codec="utf-8", exclude_characters='"\\\r\n'), max_size=12).map(
    lambda s: f'"{s}"'
)
_NAMES = _WORDS | _STRINGS
_NUMBERS = st.integers(0, 300).map(str) | st.sampled_from(["00", "7", "99999999999"])


def _listed(items: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.lists(items, min_size=1, max_size=2).map(", ".join)


_LENGTH = st.tuples(_NUMBERS | st.just(""), _NUMBERS | st.just("")).filter(any)
_CONSTRAINT = st.one_of(
    _listed(_NAMES).map("aliases {}".format),
    _listed(st.tuples(_NAMES, st.just("") | _listed(_NAMES).map(" ({})".format)).map("".join)).map(
        "values {}".format
    ),
    st.just("format date"),
    st.just("format identity"),
    _STRINGS.map("format pattern {}".format),
    _NUMBERS.map("sentences {}".format),
    _LENGTH.map(lambda b: f"length {b[0]}..{b[1]}"),
    st.just("form none-or-list"),
)
_CONSTRAINTS = st.just("") | st.lists(_CONSTRAINT, max_size=2).map(" ".join).map(" {{ {} }}".format)
_PRESENCE = st.sampled_from(["required", "optional"]) | _STRINGS.map("forbidden {}".format)
_MEMBER = st.one_of(
    st.tuples(
        st.sampled_from(["field ", "section "]), _NAMES, st.just(" "), _PRESENCE, _CONSTRAINTS
    ),
    st.tuples(st.just("title "), st.sampled_from(["required", "optional"]), _CONSTRAINTS),
    st.tuples(st.just("files "), _listed(_STRINGS)),
    st.tuples(st.just("relation "), _NAMES, st.just("") | _NAMES.map(" inverse {}".format)),
).map("".join)
_TYPE = st.tuples(
    _WORDS, st.just("") | _WORDS.map(" extends {}".format), st.lists(_MEMBER, max_size=3)
).map(lambda t: f"type {t[0]}{t[1]} {{\n  " + "\n  ".join(t[2]) + "\n}")
_SOURCE = st.tuples(
    st.sampled_from(["primary", "check", "provenance", "optional"]),
    _STRINGS,
    st.just("") | st.tuples(_NUMBERS, _NUMBERS).map(lambda r: f" lines {r[0]}..{r[1]}"),
    st.just("") | _STRINGS.map(" sha256 {}".format) | st.just(' sha256 "' + "0" * 64 + '"'),
).map(lambda t: " ".join(t[:2]) + t[2] + t[3])
_DECLARATION_ITEM = st.one_of(
    _SOURCE,
    st.lists(st.tuples(_WORDS, _listed(_NAMES)).map(lambda d: f"{d[0]} [{d[1]}]"), min_size=1)
    .map(" and ".join)
    .map("when {}".format),
    st.tuples(_NAMES, _listed(_NAMES)).map(lambda c: f"cue {c[0]} covers [{c[1]}]"),
)
_DECLARATION = st.tuples(_NAMES, _NUMBERS, st.lists(_DECLARATION_ITEM, max_size=3)).map(
    lambda d: f"declaration {d[0]} version {d[1]} {{\n  " + "\n  ".join(d[2]) + "\n}"
)
_SPEC = st.lists(_WORDS.map("use {}".format) | _TYPE | _DECLARATION, max_size=3).map("\n".join)


@given(_SPEC)
def test_specs_built_from_the_grammar_always_parse(text: str) -> None:
    """Text the grammar allows never gets SPC001, whatever its names and numbers hold."""
    parsed = check_answer(text)
    assert all(d.code != "SPC001" for d in parsed.diagnostics), text


@given(st.text())
def test_arbitrary_text(text: str) -> None:
    """Any text gets a model or at least one in-bounds diagnostic, never an exception."""
    check_answer(text)


@given(st.lists(st.sampled_from(VOCABULARY), max_size=40).map(" ".join))
def test_keyword_soup(text: str) -> None:
    """Sequences of the language's own words never make the parser raise."""
    check_answer(text)


@given(mutated_case())
def test_mutated_good_cases(text: str) -> None:
    """Truncated, cut and spliced good specs never make the parser raise."""
    check_answer(text)

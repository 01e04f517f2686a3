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

from assay.grammar.spec import build_parser, parse_spec
from assay.spec.convert import to_json_value

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


def check_answer(text: str) -> None:
    """The properties every answer must have."""
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

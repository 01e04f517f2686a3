"""Reading a line costs time linear in its length, and gives what it gave before.

Lines of records are user text: a preamble line of 10,000 spaces, or a status followed
by ten thousand ``a: ``, once took seconds, as patterns with two quantifiers over the
same characters tried every split of a run, and the words before each colon were
counted again from the value's start.  Linearity is judged by
the ratio of the costs of two sizes measured in the same run (``tests/cost.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from assay.engine.reading import lines, vocabulary
from assay.engine.reading.lines import KeyValue, line_pairs, read_line
from assay.engine.reading.vocabulary import Vocabulary
from tests.cost import assert_linear
from tests.engine.test_reading_fast_paths import LINES, TYPES, WORDS

# ---- the patterns and the value's end as they were before ------------------------------

_PREFIX_BEFORE = (
    r"[ \t]*(?:>[ \t]?)*[ \t]*(?P<marker>(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?)?"
)
_PIECE_BEFORE = re.compile(r"[ \t]+[·•][ \t]+")
_COLON_BEFORE = re.compile(r"[ \t]*:(?=[ \t]|$)")


def _value_end_before(text: str, start: int, end: int, words: Vocabulary) -> int:
    for colon in _COLON_BEFORE.finditer(text, start, end):
        before = text[start : colon.start()]
        if before.count("[") > before.count("]") or before.count("(") > before.count(")"):
            continue
        tokens = list(lines._TOKEN.finditer(before))
        keys = [tokens[-n:] for n in (3, 2, 1) if n <= len(tokens)]
        keys = [k for k in keys if all(lines._KEY_WORD.fullmatch(t[0]) for t in k)]
        if any(lines._declared(" ".join(t[0] for t in k), words) for k in keys):
            continue
        for key in keys:
            if len(key) < len(tokens) and key[0][0].strip("*_")[:1].isupper():
                return start + key[0].start()
    return end


def _before(text: str, type_name: str) -> list[list[KeyValue]]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(vocabulary, "LINE_PREFIX", _PREFIX_BEFORE)
        patch.setattr(lines, "_PREFIX", re.compile(_PREFIX_BEFORE))
        patch.setattr(lines, "_PIECE", _PIECE_BEFORE)
        patch.setattr(lines, "_value_end", _value_end_before)
        return _pairs(text, Vocabulary(TYPES[type_name]))


def _pairs(text: str, words: Vocabulary) -> list[list[KeyValue]]:
    found = []
    for line in text.split("\n"):
        found.append(read_line(line, 0, len(line), words))
        found.append(line_pairs(line, 0, len(line), words))
    return found


# Runs of spaces, quote marks, bullets and colons, where the old patterns backtracked.
_RUNS = st.lists(
    st.sampled_from((" ", "  ", "\t", ">", "> ", "- ", "1. ", "[x] ", ":", ": ", " · ", "·")),
    max_size=10,
).map("".join)
_WORDY = st.lists(
    st.sampled_from(("Status", "status", "Date", "Source Decisions", "Superseded by", "a", "B")),
    max_size=4,
).map(" ".join)


@pytest.mark.parametrize("type_name", sorted(TYPES))
@given(text=st.one_of(LINES, st.lists(st.one_of(_RUNS, _WORDY), max_size=8).map("".join)))
@example(text="  >  - Status:  accepted  Source Decisions:  D25 ·  Date:  x")
@example(text="Status: [a: b] (c: d) Source Decisions: e Next Thing: f")
def test_lines_read_what_they_read_before(type_name: str, text: str) -> None:
    assert _pairs(text, WORDS[type_name]) == _before(text, type_name)


# ---- linear time ------------------------------------------------------------------------


LONG_LINES: dict[str, Callable[[int], str]] = {
    "spaces before a word": lambda n: " " * n + "x",
    "tabs before a word": lambda n: "\t" * n + "x",
    "quote marks and spaces": lambda n: "> " * (n // 2) + " " * (n // 2) + "x",
    "spaces in a value": lambda n: "Status: accepted" + " " * n + "x",
    "spaces before a piece": lambda n: "Status: accepted · Date: 2024" + " " * n + "x",
    "spaces after a bullet": lambda n: "-" + " " * n + "x",
    "colons in a value": lambda n: "Status: accepted " + "a: " * (n // 3),
    "keys in a value": lambda n: "Status: accepted " + "Source Decisions: x " * (n // 20),
}


@pytest.mark.parametrize("shape", sorted(LONG_LINES))
def test_reading_a_line_is_linear_in_its_length(shape: str) -> None:
    words = WORDS["adr"]

    def work(size: int) -> Callable[[], object]:
        line = LONG_LINES[shape](size)
        return lambda: read_line(line, 0, len(line), words)

    assert_linear(work, 500)

"""Relations stated in sentences (``This ADR supersedes [ADR-15](..)``): what counts,
what does not, on any text, and in time linear in a paragraph's length."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.reading.read import read
from assay.engine.reading.vocabulary import Vocabulary
from assay.engine.workspace.types import builtin_type
from assay.grammar.markdown.document import parse_document
from assay.spec.reading import Reading
from tests.cost import assert_linear

WORDS = Vocabulary(builtin_type("adr"))
PATH = "docs/adr/0016-use-kafka.md"


def _read(text: str) -> Reading:
    document = parse_document(text.encode("utf-8"), PATH).value
    assert document is not None
    return read(document, text, WORDS)


def _relations(text: str) -> list[tuple[str, list[str]]]:
    return [(r.name, [t.text for t in r.targets]) for r in _read(text).relations]


@pytest.mark.parametrize(
    ("sentence", "relations"),
    [
        ("This ADR supersedes [ADR-15](0015-x.md).", [("Supersedes", ["ADR-15"])]),
        ("this decision in part supersedes ADR-3.", [("In part supersedes", ["ADR-3"])]),
        (
            "This record was invalidated by ADR-9 and ADR-10.",
            [("Invalidated by", ["ADR-9", "ADR-10"])],
        ),
        ("This ADR was rejected in favour of ADR-101.", [("Rejected in favour of", ["ADR-101"])]),
        # The reason after the targets names no target.
        ("This ADR supersedes ADR-4 because ADR-2 said so.", [("Supersedes", ["ADR-4"])]),
        # Other records as the subject, or no target right after the relation: prose.
        ("We asked whether ADR-16 supersedes ADR-15.", []),
        ("This ADR supersedes the idea that ADR-3 was right.", []),
        ("This ADR describes how ADR-3 supersedes ADR-2.", []),
    ],
)
def test_a_sentence_about_the_record_states_a_relation(
    sentence: str, relations: list[tuple[str, list[str]]]
) -> None:
    text = f"# 16. Use Kafka\n\nStatus: Accepted\n\n## Context\n\n{sentence}\n"
    assert _relations(text) == relations


_WORDS = st.sampled_from(
    [
        "this ",
        "ADR ",
        "was ",
        "supersedes ",
        "[ADR-1](x.md)",
        "ADR-2",
        ". ",
        "\n",
        "because ",
        "in part ",
    ]
)


@given(st.lists(_WORDS, max_size=40).map("".join))
def test_any_text_reads_and_every_relation_is_declared(text: str) -> None:
    """Whatever the words, reading never fails, and each relation read is one the type
    declares, with targets inside the text."""
    reading = _read(text)
    for relation in reading.relations:
        assert any(relation.name == d.name for d in WORDS.type.relations)
        for target in relation.targets:
            assert 0 <= target.span.start < target.span.end <= len(text.encode("utf-8"))


@pytest.mark.parametrize(
    "shape",
    [
        lambda n: "This ADR " + "was " * n + "supersedes ADR-1.",
        lambda n: "This ADR supersedes " + "ADR-1 and " * n + "ADR-2.",
        lambda n: "this ADR " * n,
    ],
    ids=["auxiliaries", "targets", "subjects"],
)
def test_reading_prose_relations_is_linear(shape: Callable[[int], str]) -> None:
    def work(size: int) -> Callable[[], object]:
        text = f"# 16. Use Kafka\n\n## Context\n\n{shape(size)}\n"
        return lambda: _read(text)

    assert_linear(work, 200)

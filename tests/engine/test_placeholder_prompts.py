"""The template's own sentences are no content (issue 25 §3): a section still holding
adr-tools' or Nygard's questions, MADR's unmade arguments or its unchosen option broken
over two lines is unfilled (DOC007); an answer that merely resembles one is content."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.reading.sections import is_section_placeholder

UNFILLED = [
    # adr-tools' src/template.md
    "The issue motivating this decision, and any context that influences or constrains the"
    " decision.",
    "The change that we're proposing or have agreed to implement.",
    # wrapped over two lines, in another case, with emphasis
    "*what becomes easier or more difficult to do and any risks introduced\nby the change"
    " that will need to be mitigated.*",
    # Nygard's template as usually copied
    "What is the change that we're proposing and/or doing?",
    # MADR 3: unmade pros and cons, and the unchosen option over two lines
    "Good, because {positive consequence, e.g., improvement of one or more desired qualities, …}"
    "\nBad, because {negative consequence, e.g., compromising one or more desired qualities, …}"
    "\n…",
    "Good, because [argument a]\nBad, because [argument c]",
    'Chosen option: "{title of option 1}", because\n{justification. e.g., only option, which'
    " meets k.o. criterion decision driver | which resolves force {force} | … | comes out"
    " best (see below)}.",
]
WRITTEN = [
    "The change that we're proposing is to use Kafka.",
    "The issue motivating this decision is the ledger's load.",
    "Good, because the team knows it",
    'Chosen option: "Kafka", because\nthe platform team runs it already.',
    "The change that we're proposing or have agreed to implement.\n\nWe use Kafka.",
]


@pytest.mark.parametrize("text", UNFILLED)
def test_the_templates_sentences_are_unfilled(text: str) -> None:
    assert is_section_placeholder(text)


@pytest.mark.parametrize("text", WRITTEN)
def test_an_answer_is_content(text: str) -> None:
    assert not is_section_placeholder(text)


NOTES = ["TBD", "TBC", "TBA", "TODO", "To be determined", "To be decided", "To be done"]
MARKS = st.sampled_from(["", "*", "**", "_", "__", "`"])
CASE = st.sampled_from([str, str.lower, str.upper, str.title])


@given(st.sampled_from(NOTES), MARKS, CASE, st.sampled_from(["", "."]))
def test_an_unwritten_note_is_unfilled_in_any_case_and_markup(
    note: str, mark: str, case: Callable[[str], str], stop: str
) -> None:
    """The quick tests that skip most lines (no `tb`, `todo` or `to be` in them) never
    skip an unwritten note, whatever its case and emphasis."""
    assert is_section_placeholder(f"{mark}{case(note)}{stop}{mark}")


@given(st.sampled_from(UNFILLED[:4]), MARKS, CASE)
def test_a_stock_sentence_is_unfilled_in_any_case_and_markup(
    sentence: str, mark: str, case: Callable[[str], str]
) -> None:
    """The same for the stock templates' sentences (each names the change or the
    decision, which the quick test asks for)."""
    assert is_section_placeholder(f"{mark}{case(sentence)}{mark}")

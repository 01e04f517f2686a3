"""``is_template_name`` looks for the word before it splits a name into words (a warm
run asks it of every record): for any name it says what the word-by-word reading says."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from assay.engine.workspace.record_folders import _names_a_template, is_template_name

_PARTS = st.sampled_from(
    ["adr", "ADR000", "0000", "7", "XXX", "nn", "ADRxxx", "yyyy", "mm", "template",
     "TEMPLATE", "Templates", "templat", "madr",
     "records", "decision", "django", "changes", "dr", "DRXXX", "nep", "ODH", "rfc",
     "\u017f", "\u0130", "-", "_", ".", " ",
     ".md", ".rst"]
)  # fmt: skip
_NAMES = st.one_of(st.text(max_size=30), st.lists(_PARTS, max_size=6).map("".join))


@given(_NAMES)
@example("0000-TEMPLATE.md")
@example("adr-000-template.md")
@example("adr-template-minimal.md")
@example("0010-django-templates.md")
@example("templates")
def test_the_quick_look_agrees_with_the_words(name: str) -> None:
    assert is_template_name(name) == _names_a_template(name)


def test_the_names_the_docstring_gives() -> None:
    named = ["template.md", "adr-template-minimal.md", "templates", "0000-TEMPLATE.md",
             "ADR000-template.md", "adr-000-template.md", "0000-adr-template.md",
             "XXXX-title.md", "ADRXXX-some-title-template.md", "NNNN-title.md",
             "ADR000-some-title-template.md", "0000-template.md",
             # A series' own label before the number, and what the template is of
             "ODH-ADR-0000-template.md", "DRXXX-decision-record-template.md",
             "present-proposal-template.md", "nep-template.rst"]  # fmt: skip
    records = ["0010-django-templates.md", "0003-adr-template-changes.md", "0001-use-x.md",
               "0000-use-markdown-architectural-decision-records.md",
               "use-template-engine.md", "RFC-0000", "ODH-ADR-Operator-0001-x.md"]  # fmt: skip
    assert [is_template_name(n) for n in named] == [True] * len(named)
    assert [is_template_name(n) for n in records] == [False] * len(records)

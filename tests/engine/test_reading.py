"""The typed reading of records: fields with their values, sources and exact spans,
canonical section names, relations with their targets, the title and its number.

Each test reads a small record the way a team writes it (ADR-FORMATS.md) under the
built-in ``adr`` (or ``madr``) type and checks what the reader made of it; a property
test then feeds it arbitrary text and checks that it never raises and that every span
it reports is a real place in the document.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.reading.read import read
from assay.engine.reading.vocabulary import Vocabulary, without_aside
from assay.engine.workspace.types import builtin_type
from assay.grammar.markdown.document import parse_document
from assay.spec.reading import Reading
from assay.spec.source import Span
from tests.cost import assert_linear
from tests.grammar.markdown_strategies import (
    documents,
    documents_with_front_matter,
    markdown_lines,
)

WORDS = {name: Vocabulary(builtin_type(name)) for name in ("adr", "madr")}
PATH = "docs/adr/0001-use-postgres.md"


def reading_of(data: str | bytes, path: str = PATH, type_name: str = "adr") -> Reading:
    raw = data if isinstance(data, bytes) else data.encode("utf-8")
    document = parse_document(raw, path).value
    assert document is not None
    text = raw[3:].decode("utf-8") if document.bytes.bom else raw.decode("utf-8")
    return read(document, text, WORDS[type_name])


def where(span: Span | None) -> tuple[int, int, int, int] | None:
    """A span as (line, column, end line, end column)."""
    return None if span is None else (span.line, span.column, span.end_line, span.end_column)


def fields(reading: Reading) -> list[tuple[str, str, str | None, str, tuple[int, ...] | None]]:
    """Each field as (name, raw, value, source, position)."""
    return [(f.name, f.raw, f.value, f.source, where(f.span)) for f in reading.fields]


def sections(reading: Reading) -> list[tuple[str, bool, int]]:
    return [(s.name, s.declared, s.level) for s in reading.sections]


def relations(reading: Reading) -> list[tuple[str, list[tuple[str, str | None, int | None]]]]:
    return [
        (r.name, [(t.text, t.destination, t.number) for t in r.targets]) for r in reading.relations
    ]


# ---- the styles ---------------------------------------------------------------------

NYGARD = """\
# 1. Use PostgreSQL for the ledger

Date: 2024-03-04

## Status

Accepted

## Context

The ledger needs transactions.

## Decision

Use PostgreSQL 16.

## Consequences

One more database to run.
"""


def test_nygard_record() -> None:
    reading = reading_of(NYGARD)
    assert reading.title is not None
    assert (reading.title.text, reading.title.number, reading.title.source) == (
        "Use PostgreSQL for the ledger",
        1,
        "h1",
    )
    assert where(reading.title.span) == (1, 1, 1, 35)
    assert reading.number == 1
    assert fields(reading) == [
        ("Date", "2024-03-04", "2024-03-04", "line", (3, 7, 3, 17)),
        ("Status", "Accepted", "accepted", "heading", (7, 1, 7, 9)),
    ]
    status = reading.field("Status")[0]
    assert status.key == "Status"
    assert where(status.key_span) == (5, 1, 5, 10)
    assert reading.field("Date")[0].date_kind == "iso"
    assert sections(reading)[1:] == [
        ("Status", True, 2),
        ("Context", True, 2),
        ("Decision", True, 2),
        ("Consequences", True, 2),
    ]
    assert reading.section("Decision")[0].text == "Use PostgreSQL 16."
    assert reading.relations == ()


def test_adr_bullets_under_a_prefixed_title() -> None:
    reading = reading_of(
        "# ADR 0001: Keep the audit export apart\n\n- Status: Accepted\n- Version: 1.2.0\n"
    )
    assert reading.title is not None
    assert (reading.title.text, reading.title.number) == ("Keep the audit export apart", 1)
    assert fields(reading) == [("Status", "Accepted", "accepted", "bullet", (3, 11, 3, 19))]


def test_plain_text_record_with_several_keys_on_one_line() -> None:
    text = (
        "ADR: Retain raw evidence\n\nScope\n\nWhat a run keeps.\n\n"
        "Date: 2025-04-17 Status: accepted Source Decisions: E4-E9 in docs/plan.md\n\n"
        "Context\n\nSummaries hide failures.\n\nDecision\n\nKeep raw output.\n"
    )
    reading = reading_of(text, "docs/adr/0002-retain-raw-evidence.md")
    assert reading.title is not None
    assert (reading.title.text, reading.title.source) == ("Retain raw evidence", "first-line")
    # The undeclared `Source Decisions:` ends the Status value.
    assert fields(reading) == [
        ("Date", "2025-04-17", "2025-04-17", "line", (7, 7, 7, 17)),
        ("Status", "accepted", "accepted", "line", (7, 26, 7, 34)),
    ]
    assert sections(reading) == [("Context", True, 0), ("Decision", True, 0)]
    assert reading.section("Context")[0].text == "Summaries hide failures."


def test_dot_separated_pieces_and_a_second_status_line() -> None:
    text = (
        "098 — Drop the scoping step\n\n"
        "Type: reference/types/adr.md · Status: accepted\n\n"
        "Status: accepted Date: 2025-09-12\n\nContext\n\nA step nobody read.\n\n"
        "Decision\n\nDelete it.\n"
    )
    reading = reading_of(text, "docs/adr/098-drop-the-scoping-step.md")
    assert reading.title is not None
    assert (reading.title.text, reading.title.number) == ("Drop the scoping step", 98)
    assert reading.number == 98
    assert fields(reading) == [
        ("Status", "accepted", "accepted", "line", (3, 40, 3, 48)),
        ("Status", "accepted", "accepted", "line", (5, 9, 5, 17)),
        ("Date", "2025-09-12", "2025-09-12", "line", (5, 24, 5, 34)),
    ]


def test_madr_front_matter() -> None:
    text = (
        "---\nstatus: accepted\ndate: 2023-05-11\ndeciders: platform team\n---\n"
        "# Use PostgreSQL\n\n## Context and Problem Statement\n\nOrders.\n\n"
        "## Considered Options\n\n* PostgreSQL\n\n## Decision Outcome\n\nPostgreSQL.\n"
    )
    reading = reading_of(text, "docs/decisions/0003-use-postgres.md", "madr")
    assert fields(reading) == [
        ("Status", "accepted", "accepted", "front-matter", (2, 1, 2, 17)),
        ("Date", "2023-05-11", "2023-05-11", "front-matter", (3, 1, 3, 17)),
        ("Deciders", "platform team", "platform team", "front-matter", (4, 1, 4, 24)),
    ]
    assert sections(reading)[1:] == [
        ("Context and Problem Statement", True, 2),
        ("Considered Options", True, 2),
        ("Decision Outcome", True, 2),
    ]


def test_metadata_tables_by_row_and_by_column() -> None:
    rows = reading_of(
        "# 5. Move builds\n\n| Field | Value |\n|---|---|\n| Status | Accepted |\n"
        "| Date | 2024-08-20 |\n"
    )
    assert fields(rows) == [
        ("Status", "Accepted", "accepted", "table", (5, 12, 5, 20)),
        ("Date", "2024-08-20", "2024-08-20", "table", (6, 10, 6, 20)),
    ]
    assert where(rows.fields[0].key_span) == (5, 3, 5, 9)
    keyed_header = reading_of(
        "# 7. Pin images\n\n| **Status** | Accepted |\n|---|---|\n| **Date** | 2024-03-01 |\n"
    )
    assert fields(keyed_header) == [
        ("Status", "Accepted", "accepted", "table", (3, 16, 3, 24)),
        ("Date", "2024-03-01", "2024-03-01", "table", (5, 14, 5, 24)),
    ]
    columns = reading_of("# 6. Sign\n\n| Status | Date |\n|---|---|\n| Proposed | 2024-09-02 |\n")
    assert fields(columns) == [
        ("Status", "Proposed", "proposed", "table", (5, 3, 5, 11)),
        ("Date", "2024-09-02", "2024-09-02", "table", (5, 14, 5, 24)),
    ]


def test_status_inline_in_a_heading_is_the_status_section() -> None:
    reading = reading_of("# 8. Use flags\n\n## Status: accepted\n\n## Context\n\nSlow.\n")
    assert fields(reading) == [("Status", "accepted", "accepted", "heading-inline", (3, 12, 3, 20))]
    assert sections(reading)[1:] == [("Status", True, 2), ("Context", True, 2)]


def test_status_heading_at_a_deeper_level() -> None:
    reading = reading_of("# 2. Queue captures\n\n#### Status\n\n**Approved.**\n")
    assert fields(reading) == [("Status", "**Approved.**", "accepted", "heading", (5, 1, 5, 14))]


def test_bold_key_bullet() -> None:
    reading = reading_of("# 2. Queue captures\n\n* **Status:** In Review\n")
    [status] = reading.fields
    assert (status.key, status.value, where(status.span)) == (
        "Status",
        "proposed",
        (3, 15, 3, 24),
    )
    assert where(status.key_span) == (3, 5, 3, 11)


# ---- values -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("Accepted", "accepted"),
        ("accepted.", "accepted"),
        ("**Accepted** 2023-05-11", "accepted"),
        ("Approved", "accepted"),
        ("In Review", "proposed"),
        ("Declined", "rejected"),
        ("Superceded", "superseded"),
        ("✅ Accepted", "accepted"),
        ("Rejected in favour of ADR 111", "rejected"),
        ("accepted; supersedes ADR-0045", "accepted"),
        ("Parked", None),
        ("{proposed | accepted}", None),
    ],
)
def test_status_values(value: str, expected: str | None) -> None:
    [status] = reading_of(f"# 1. A record\n\nStatus: {value}\n").field("Status")
    assert status.value == expected
    assert status.raw == value
    assert status.placeholder is value.startswith("{")


@pytest.mark.parametrize(
    ("value", "kind", "iso"),
    [
        ("2023-05-11", "iso", "2023-05-11"),
        ("05/03/2023", "ambiguous", None),
        ("25/03/2023", "ambiguous", "2023-03-25"),
        ("March 5, 2023", "ambiguous", "2023-03-05"),
        ("2023-3-5", "ambiguous", "2023-03-05"),
        ("2023-13-10", "impossible", None),
        ("YYYY-MM-DD", "placeholder", None),
        ("[Insert Date]", "placeholder", None),
        ("soon", "unrecognized", None),
    ],
)
def test_date_values(value: str, kind: str, iso: str | None) -> None:
    [date] = reading_of(f"# 1. A record\n\n- Status: accepted\n- Date: {value}\n").field("Date")
    assert (date.date_kind, date.value) == (kind, iso)
    assert date.placeholder is (kind == "placeholder")
    assert where(date.span) == (4, 9, 4, 9 + len(value))


# ---- titles -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "text", "number", "placeholder"),
    [
        ("# 1. Use Kafka", "Use Kafka", 1, False),
        ("# 0009. Use Kafka", "Use Kafka", 9, False),
        ("# ADR 016: Use Kafka", "Use Kafka", 16, False),
        ("# ADR015: Use Kafka", "Use Kafka", 15, False),
        ("# 0018: Use Kafka", "Use Kafka", 18, False),
        ("# ADR-0057 - Use Kafka", "Use Kafka", 57, False),
        ("# Architecture Decision Record: Use Kafka", "Use Kafka", None, False),
        ("# n. Title of the decision", "Title of the decision", None, True),
        ("# ADR-XXXX: Title", "Title", None, True),
        ("# Use Kafka", "Use Kafka", None, False),
    ],
)
def test_title_prefixes(title: str, text: str, number: int | None, placeholder: bool) -> None:
    reading = reading_of(f"{title}\n\nStatus: accepted\n")
    assert reading.title is not None
    assert (reading.title.text, reading.title.number, reading.title.placeholder) == (
        text,
        number,
        placeholder,
    )
    assert reading.title.raw == title[2:]


def test_title_sources() -> None:
    front = reading_of("---\ntitle: Deploy in windows\n---\n## Context\n\nPeaks.\n")
    assert front.title is not None
    assert (front.title.text, front.title.source) == ("Deploy in windows", "front-matter")
    setext = reading_of("<!-- generated -->\n\nUse one font\n============\n\nStatus: accepted\n")
    assert setext.title is not None
    assert (setext.title.text, setext.title.source, where(setext.title.span)) == (
        "Use one font",
        "h1",
        (3, 1, 4, 13),
    )
    bare = reading_of("Just some words.\n", "docs/adr/0004-use-redis.md")
    assert bare.title is not None
    assert bare.title.source == "first-line"


def test_file_numbers() -> None:
    assert reading_of("# X\n", "docs/adr/adr-007-x.md").number == 7
    assert reading_of("# X\n", "docs/adr/ADR-4.md").number == 4
    assert reading_of("# X\n", "docs/adr/0000-x.md").number == 0
    assert reading_of("# X\n", "docs/adr/20240131-x.md").number is None
    assert reading_of("# X\n", "docs/adr/0012-x/index.md").number == 12
    assert reading_of("# X\n", "docs/adr/003_2d1e3bea.md").number is None
    assert reading_of("# X\n", "docs/adr/0002_xapi.rst").number == 2
    assert reading_of("# X\n", "doc/neps/nep-0012-missing-data.rst").number == 12
    assert reading_of("# X\n", "rfcs/0012-x/README.md").number == 12
    assert reading_of("# X\n", "geps/gep-1016/index.md").number == 1016
    assert reading_of("# X\n", "62-cell-id/cell-id.md").number == 62
    assert reading_of("# X\n", "decisions/2021/use-x.md").number is None


# ---- sections -----------------------------------------------------------------------


def test_section_names_ignore_numbers_markup_colons_and_comments() -> None:
    text = (
        "# 1. Split the repository\n\n## 1. Context:\n\nOne repo.\n\n"
        "## 2. **Decision**\n\nSplit it.\n\n## _Consequences_ <!-- good and bad -->\n\n"
        "### Positive\n\nFaster CI.\n\n## Rejected Alternatives\n\nSubmodules.\n\n"
        "### Detailed Design\n\nA script.\n\n## Background\n\nHistory.\n"
    )
    reading = reading_of(text)
    assert sections(reading)[1:] == [
        ("Context", True, 2),
        ("Decision", True, 2),
        ("Consequences", True, 2),
        ("Positive", False, 3),
        ("Alternatives", True, 2),
        ("Decision", True, 3),
        ("Context", True, 2),
    ]
    consequences = reading.section("Consequences")[0]
    assert consequences.heading == "_Consequences_ <!-- good and bad -->"
    assert consequences.text == "Positive\n\nFaster CI."


def test_comments_and_fences_hide_headings() -> None:
    text = (
        "# 2. Log in JSON\n\nStatus: proposed\n\n## Context\n\nFree text.\n\n"
        "<!--\n## Decision\n\nStatus: accepted\n-->\n\n"
        "```bash\n# install\n```\n\n   ~~~\n   # Status\n   ~~~\n"
    )
    reading = reading_of(text)
    assert sections(reading)[1:] == [("Context", True, 2)]
    assert fields(reading) == [("Status", "proposed", "proposed", "line", (3, 9, 3, 17))]


def test_empty_and_placeholder_sections() -> None:
    text = "# 1. X\n\n## Context\n\n<!-- why? -->\n\n## Decision\n\n{Describe the decision}\n"
    reading = reading_of(text)
    context, decision = reading.section("Context")[0], reading.section("Decision")[0]
    assert (context.text, context.body) == ("", None)
    assert decision.placeholder
    assert where(decision.body) == (9, 1, 9, 24)


# ---- relations ----------------------------------------------------------------------


def test_relation_inside_a_status_heading_is_read_once() -> None:
    text = "# 1. Search in Postgres\n\n## Status\n\nSuperseded by [ADR 2](0002-search.md)\n"
    reading = reading_of(text)
    assert relations(reading) == [("Superseded by", [("ADR 2", "0002-search.md", 2)])]
    [relation] = reading.relations
    assert relation.inverse == "Supersedes"
    assert where(relation.targets[0].span) == (5, 15, 5, 38)
    assert reading.value("Status") == "superseded"


def test_adr_tools_spellings() -> None:
    old = reading_of("# 1. Old\n\n## Status\n\nSuperceded by [2. New](0002-new.md)\n")
    assert relations(old) == [("Superseded by", [("2. New", "0002-new.md", 2)])]
    new = reading_of(
        "# 2. New\n\n## Status\n\nAccepted\n\nSupercedes [1. Old](0001-old.md)\n",
        "docs/adr/0002-new.md",
    )
    assert relations(new) == [("Supersedes", [("1. Old", "0001-old.md", 1)])]
    assert new.value("Status") == "accepted"


def test_compound_status_relations() -> None:
    amended = reading_of("# 10. gRPC\n\nStatus: Accepted, amended by [ADR 11](0011-x.md)\n")
    assert amended.value("Status") == "accepted"
    assert relations(amended) == [("Amended by", [("ADR 11", "0011-x.md", 11)])]
    assert amended.relations[0].source == "line"
    amends = reading_of("# 11. Deadlines\n\nStatus: accepted; amends ADR-0010\n")
    assert relations(amends) == [("Amends", [("ADR-0010", None, 10)])]
    assert where(amends.relations[0].targets[0].span) == (3, 26, 3, 34)
    # A one-sided relation: it names ADR 10 and asks nothing back of it.
    rejected = reading_of("# 12. Gateway\n\nStatus: Rejected in favour of ADR 10\n")
    assert rejected.value("Status") == "rejected"
    assert relations(rejected) == [("Rejected in favour of", [("ADR 10", None, 10)])]
    assert rejected.relations[0].inverse is None


def test_targets_joined_by_and_reference_links_and_a_links_section() -> None:
    text = (
        "# 3. OpenSearch\n\nStatus: accepted\n\nSupersedes ADR-0001 and [ADR 2](0002-b.md)\n\n"
        "## Links\n\n- Amends [ADR 4][four]\n- Extends ADR 5\n\n[four]: ./0004-d.md\n"
    )
    reading = reading_of(text, "docs/adr/0003-opensearch.md")
    assert relations(reading) == [
        ("Supersedes", [("ADR-0001", None, 1), ("ADR 2", "0002-b.md", 2)]),
        ("Amends", [("ADR 4", "./0004-d.md", 4)]),
        ("Extends", [("ADR 5", None, 5)]),
    ]
    assert [r.source for r in reading.relations] == ["line", "bullet", "bullet"]


def test_a_key_inside_a_prose_section_is_prose() -> None:
    text = (
        "# 1. X\n\nStatus: Accepted\n\n## Consequences\n\nStatus: half migrated.\n\n"
        "Supersedes ADR-0003\n"
    )
    reading = reading_of(text)
    assert fields(reading) == [("Status", "Accepted", "accepted", "line", (3, 9, 3, 17))]
    assert relations(reading) == [("Supersedes", [("ADR-0003", None, 3)])]


def test_prose_mentioning_a_relation_is_not_one() -> None:
    text = (
        "# 3. OpenSearch\n\nStatus: accepted\n\n## Context\n\n"
        "This record replaces nothing; it was superseded by nothing either, ADR-0001.\n"
    )
    assert reading_of(text).relations == ()


def test_front_matter_relations() -> None:
    text = "---\nstatus: superseded\nsuperseded_by: 0002-use-opensearch.md\n---\n# Use Solr\n"
    reading = reading_of(text, "docs/decisions/0001-use-solr.md", "madr")
    assert relations(reading) == [
        ("Superseded by", [("0002-use-opensearch.md", "0002-use-opensearch.md", 2)])
    ]
    listed = reading_of("---\nsupersedes:\n  - ADR-0001\n  - ADR-0002\n---\n# New\n")
    assert relations(listed) == [("Supersedes", [("ADR-0001", None, 1), ("ADR-0002", None, 2)])]


# ---- bytes --------------------------------------------------------------------------


def test_bom_crlf_tabs_and_emoji_keep_exact_spans() -> None:
    text = "# 5. Ship the 🚀 checklist\r\n\r\n-\tStatus: ✅ Accepted · Date:\t9 January 2024"
    raw = b"\xef\xbb\xbf" + text.encode("utf-8")
    reading = reading_of(raw, "docs/adr/0005-ship.md")
    assert reading.title is not None
    assert (reading.title.text, where(reading.title.span)) == (
        "Ship the 🚀 checklist",
        (1, 1, 1, 26),
    )
    assert reading.title.span is not None
    assert reading.title.span.start == 3  # after the BOM
    status, date = reading.fields
    assert (status.value, where(status.span)) == ("accepted", (3, 11, 3, 21))
    assert (date.date_kind, date.value, where(date.span)) == (
        "ambiguous",
        "2024-01-09",
        (3, 30, 3, 44),
    )
    for field in reading.fields:
        assert raw[field.span.start : field.span.end].decode("utf-8") == field.raw


# ---- never raises, and every span is a real place ----------------------------------

_BREAK = re.compile(r"\r\n|\r|\n")
ADR_LINES = st.lists(
    st.one_of(
        markdown_lines(),
        st.sampled_from(
            (
                "Status: Superseded by [ADR 2](0002-x.md) and ADR-3",
                "* **Status:** Accepted, amended by [ADR 5][five]",
                "## Status: accepted",
                "Date: 2023-13-40 Status: proposed Deciders: x · Date: 05/03/2023",
                "| Status | Date |",
                "|---|---|",
                "| Accepted | 2024-01-01 |",
                "[five]: 0005-x.md",
                "Context",
                "Supersedes ADR-1, ADR-2 and [x](<a b.md>)",
                "# ADR 016: Use Kafka",
                "## 1. **Decision:** <!-- x -->",
                "- Superceded by: ADR-0000",
                "Status:",
                "<!-- Status: accepted",
            )
        ),
    ),
    max_size=12,
).map("\n".join)


def _spans(reading: Reading) -> Iterator[Span]:
    if reading.title is not None and reading.title.span is not None:
        yield reading.title.span
    for field in reading.fields:
        yield field.span
        if field.key_span is not None:
            yield field.key_span
    for section in reading.sections:
        yield section.span
        if section.body is not None:
            yield section.body
    for relation in reading.relations:
        yield relation.span
        yield from (target.span for target in relation.targets)


def _offset(text: str, line: int, column: int) -> int:
    """The code-point offset of a 1-based line and column, found without the Locator."""
    starts = [0, *(m.end() for m in _BREAK.finditer(text))]
    assert 1 <= line <= len(starts)
    offset = starts[line - 1] + column - 1
    assert starts[line - 1] <= offset <= len(text)
    return offset


@given(
    st.one_of(st.text(), documents(), documents_with_front_matter(), ADR_LINES),
    st.booleans(),
)
def test_reading_never_raises_and_spans_map_into_the_document(text: str, bom: bool) -> None:
    raw = (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8", "surrogatepass")
    document = parse_document(raw, PATH).value
    if document is None:
        return  # not UTF-8 (a lone surrogate): the reader is never asked
    decoded = raw[3:].decode("utf-8") if document.bytes.bom else raw.decode("utf-8")
    reading = read(document, decoded, WORDS["adr"])
    prefix = 3 if document.bytes.bom else 0
    for span in _spans(reading):
        start = _offset(decoded, span.line, span.column)
        end = _offset(decoded, span.end_line, span.end_column)
        assert start <= end
        assert span.start == prefix + len(decoded[:start].encode("utf-8"))
        assert span.end == prefix + len(decoded[:end].encode("utf-8"))
    for field in reading.fields:
        if field.source != "front-matter":
            assert raw[field.span.start : field.span.end].decode("utf-8") == field.raw


def test_front_matter_status_names_its_relation_and_targets() -> None:
    """`status: superseded by [ADR-9](0009-x.md) and ADR-0011` in YAML: the Markdown
    reader never sees that link, the typed reading still finds both targets."""
    reading = reading_of(
        "---\nstatus: superseded by [ADR-9](./0009-x.md) and ADR-0011\n---\n# Old\n"
    )
    assert reading.value("Status") == "superseded"
    assert relations(reading) == [
        ("Superseded by", [("ADR-9", "./0009-x.md", 9), ("ADR-0011", None, 11)])
    ]


@pytest.mark.parametrize("heading", ["Problem Statement", "Background", "Issue", "Motivation"])
def test_madr_records_keep_adr_s_older_section_names(heading: str) -> None:
    """A MADR-looking record (it has a Decision Outcome) may still say Problem Statement."""
    text = f"# Use uv\n\n## {heading}\n\nWhy.\n\n## Decision Outcome\n\nWhat.\n"
    reading = reading_of(text, type_name="madr")
    assert [s.name for s in reading.sections if s.declared] == [
        "Context and Problem Statement",
        "Decision Outcome",
    ]


def test_reference_link_in_front_matter_and_wrapped_link_text() -> None:
    """A YAML status may use a reference link defined in the body, read once (not again
    as the bare ID in its text); a relation bullet's link may wrap onto the next line."""
    reading = reading_of(
        '---\nstatus: "Superseded by [ADR-185][adr-185]"\n---\n# Old\n\n## Links\n\n'
        "- Supersedes [123. Run release builds on GitLab\n  CI](0123-run-builds.md)\n\n"
        "[adr-185]: 0185-use-github.md\n"
    )
    assert relations(reading) == [
        ("Superseded by", [("ADR-185", "0185-use-github.md", 185)]),
        ("Supersedes", [("123. Run release builds on GitLab\nCI", "0123-run-builds.md", 123)]),
    ]


def test_a_heading_named_after_a_relation_states_it() -> None:
    """`### Amended by` with the link below it is the relation, like `## Status` is the
    field."""
    reading = reading_of(
        "# 3. Use Kafka\n\n## Status\n\nAccepted\n\n### Amended by\n\n"
        "[ADR 7](0007-use-schemas.md)\n"
    )
    assert relations(reading) == [("Amended by", [("ADR 7", "0007-use-schemas.md", 7)])]


def test_a_plain_text_status_line_and_its_paragraph() -> None:
    """In a record without headings, `Status` on a line of its own names the field and
    the next paragraph is its value."""
    reading = reading_of(
        "Use Kafka for order events\n\nStatus\n\nAccepted\n\nContext\n\nWhy.\n\nDecision\n\nWhat.\n"
    )
    assert [(f.name, f.value, f.source, f.span.line) for f in reading.fields] == [
        ("Status", "accepted", "heading", 5)
    ]


@given(
    section=st.sampled_from(["Context", "Decision", "Consequences", "Decision Outcome"]),
    aside=st.text(
        st.characters(blacklist_characters="()\n\r", blacklist_categories=("Cs", "Cc")),
        min_size=1,
        max_size=30,
    ),
    colon=st.booleans(),
)
def test_a_section_name_with_an_aside_names_the_section(
    section: str, aside: str, colon: bool
) -> None:
    """`## Decision (Proposed Workflow Solution):` is the Decision section, whatever
    the aside says, with or without a closing colon (GSA-TTS/FAC writes them)."""
    words = WORDS["adr"]
    heading = f"{section} ({aside}){':' if colon else ''}"
    role = words.heading(heading)
    assert role.section is words.heading(section).section is not None


def test_a_heading_that_only_holds_a_name_in_parentheses_is_not_that_section() -> None:
    assert WORDS["adr"].heading("Why we chose (Decision)").section is None


def test_an_aside_is_found_in_time_linear_in_the_heading() -> None:
    """A heading of many spaces or parentheses (`x     …  y`, `((((…)`) is read in time
    linear in its length: a pattern tried from every space took quadratic time."""

    assert_linear(lambda n: lambda: without_aside("x" + " " * n + "y"), 2_000)
    assert_linear(lambda n: lambda: without_aside("Decision " + "(a" * n + ")"), 2_000)
    assert without_aside("Decision (Proposed Workflow Solution):") == "Decision"
    assert without_aside("(only an aside)") is None

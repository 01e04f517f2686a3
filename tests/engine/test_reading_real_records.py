"""Readings of variations seen in real records (issue 12 §1), beyond the findings.

The data-driven cases (``cases/adr_formats``) show the findings; these tests show what
the reader made of each record where no finding can tell (a title's text, a relation
that is not there) and the messages the findings carry.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.reading.read import without_comments
from assay.engine.reading.sections import is_section_placeholder
from assay.engine.runner.run import check
from assay.engine.workspace.config import load_config
from tests.engine.test_reading import reading_of

CASES = Path(__file__).parent / "cases" / "adr_formats"


def _messages(case: str, tmp_path: Path) -> dict[tuple[int, str], str]:
    root = tmp_path / case
    shutil.copytree(CASES / case, root)
    result = check(load_config(root), cache=False)
    return {(d.span.line, d.code): d.message for d in result.diagnostics}


def test_madr2_consequence_parts_are_the_consequences() -> None:
    reading = reading_of(
        (CASES / "madr2-consequence-parts/docs/adr/0001-use-kafka-for-events.md").read_text(),
        type_name="madr",
    )
    parts = [(s.heading, s.level) for s in reading.sections if s.name == "Consequences"]
    assert parts == [("Positive Consequences", 3), ("Negative Consequences", 3)]
    assert reading.section("Consequences")


def test_a_status_placeholder_names_no_relation() -> None:
    reading = reading_of(
        "# Archive tenants\n\n## Status\n\n"
        "[ accepted | deprecated | superseded by [xxx](yyyymmdd-xxx.md) ]\n"
    )
    assert [f.placeholder for f in reading.field("Status")] == [True]
    assert reading.value("Status") is None
    assert reading.relations == ()


def test_a_nested_status_heading_is_not_the_status() -> None:
    reading = reading_of(
        "# 1. Report results\n\n## Status\n\nAccepted\n\n## Data Types\n\n### Status\n\n"
        "An enum of `queued` and `done`.\n"
    )
    assert [(f.value, f.span.line) for f in reading.field("Status")] == [("accepted", 5)]


@pytest.mark.parametrize(
    ("stated", "line", "column"),
    [
        ("> Accepted", 5, 3),
        ("> **Accepted** (2021-03-04)\n\nReviewed after the incident.", 5, 3),
        (">\n> Accepted", 6, 3),
        ("*Accepted*", 5, 1),
        ("**Accepted**", 5, 1),
        ("- Accepted", 5, 1),
        ("Accepted (2022-01-10)", 5, 1),
        ("<!-- proposed | accepted -->\n\n> Accepted", 7, 3),
    ],
)
def test_the_status_section_states_the_status_in_its_first_block(
    stated: str, line: int, column: int
) -> None:
    """Quoted, emphasised, listed or dated, the first block under `## Status` is the status."""
    reading = reading_of(f"# 1. Keep logs\n\n## Status\n\n{stated}\n\n## Context\n\nAudits.\n")
    found = [(f.value, f.span.line, f.span.column) for f in reading.field("Status")]
    assert found == [("accepted", line, column)]


@pytest.mark.parametrize(
    "body",
    [
        "## Decision\n\nMove jobs.\n\n### Task 1\n\n**Status**: Completed\n",
        "## Decision\n\nMove jobs.\n\n## Rollout\n\nStatus: done in Europe\n",
        "# Decision\n\n**Status**: Completed in Europe\n",
    ],
)
def test_a_status_label_in_the_body_is_not_the_records(body: str) -> None:
    """Past the first prose section, `Status:` lines say how a part stands, not the record."""
    reading = reading_of(f"# 1. Move jobs\n\n**Status**: Accepted\n\n## Context\n\nJobs.\n\n{body}")
    assert [(f.value, f.span.line) for f in reading.field("Status")] == [("accepted", 3)]


def test_a_status_heading_under_the_title_is_the_status() -> None:
    """Records whose title is `##`: the title's own sub-heading still states it."""
    reading = reading_of("## Report results\n\n### Status\n\nAccepted\n")
    assert reading.value("Status") == "accepted"


@pytest.mark.parametrize(
    ("first_line", "title", "number"),
    [
        ("# 7. Replace the blob store <!-- omit from toc -->", "Replace the blob store", 7),
        ("# Replace <!-- a note --> the blob store", "Replace the blob store", None),
        ("# ADR - Log in JSON", "Log in JSON", None),
        ("# ADR - 0009 - Keep one schema", "Keep one schema", 9),
        ("# ADR-0009 - Keep one schema", "Keep one schema", 9),
    ],
)
def test_title_text(first_line: str, title: str, number: int | None) -> None:
    reading = reading_of(f"{first_line}\n\nStatus: Accepted\n")
    assert reading.title is not None
    assert (reading.title.text, reading.title.number) == (title, number)


def test_a_first_heading_that_is_a_section_is_no_title() -> None:
    reading = reading_of("## Context and Problem Statement\n\nSearch is slow.\n", type_name="madr")
    assert reading.title is not None and reading.title.source == "file-name"
    titled = reading_of("## Search engine\n\n### Context\n\nSlow.\n").title
    assert titled is not None and titled.text == "Search engine"


@pytest.mark.parametrize(
    "text",
    [
        "TBC",
        "TBD.",
        "*To be determined.*",
        "todo",
        "[option 1]\n[option 2]",
        '{title of option 1}\n\nChosen option: "{title of option 1}", because {justification}.',
        'Chosen option: "[option 1]", because [justification. e.g., only option | … ].',
    ],
)
def test_unwritten_section_texts(text: str) -> None:
    assert is_section_placeholder(text)


@pytest.mark.parametrize(
    "text",
    [
        "N/A",
        "TBD: the vendor answers in May.",
        'Chosen option: "Kafka", because the platform team runs it.',
        "[option 1]\nWe chose Kafka.",
        "Kafka.\n[option 1]",
    ],
)
def test_written_section_texts(text: str) -> None:
    assert not is_section_placeholder(text)


def test_messages_name_the_heading_as_written(tmp_path: Path) -> None:
    found = _messages("two-names-one-section", tmp_path)
    assert found[(13, "DOC007")] == "the `Risks` section is empty"
    assert found[(15, "DOC005")] == (
        "`Consequences` and `Risks` (line 13) are both the `Consequences` section, "
        "and one of them is empty"
    )


def test_bold_heading_message_suggests_the_heading(tmp_path: Path) -> None:
    found = _messages("bold-headings", tmp_path)
    assert found[(5, "DOC014")] == (
        "`**Context and Problem Statement**` is bold text used as a heading, as is line 9: "
        "write `## Context and Problem Statement`, and a heading for each"
    )


def test_one_bold_heading_habit_is_one_finding_naming_the_count(tmp_path: Path) -> None:
    found = _messages("bold-headings-throughout", tmp_path)
    assert found == {
        (5, "DOC014"): "`**Context**` is bold text used as a heading, as are 4 more lines "
        "(9, 13, 17, 21): write `## Context`, and a heading for each"
    }


def test_bold_lines_in_a_plain_text_record_are_reported_too() -> None:
    reading = reading_of(
        "Use Kafka\n\n**Context**\n\nPolling.\n\nDecision\n\nKafka.\n",
        path="docs/adr/0001-use-kafka.txt",
    )
    assert [(s.name, s.bold) for s in reading.sections] == [
        ("Context", True),
        ("Decision", False),
    ]


_LINES = st.sampled_from(
    [
        "# 1. Title",
        "## Decision",
        "### Status",
        "**Context**",
        "**Decision Outcome:**",
        "__Consequences__",
        "**Not a section**",
        "Accepted",
        "Status: Accepted",
        "text **Decision**",
        "",
        "- item",
        "```",
    ]
)


@given(st.lists(_LINES, max_size=30))
def test_bold_headings_keep_document_order(lines: list[str]) -> None:
    """Whatever the mix of bold lines and headings, sections come in document order
    and a bold section is a bold line of the text, read at its own place."""
    text = "\n\n".join(lines) + "\n"
    reading = reading_of(text)
    starts = [s.span.start for s in reading.sections]
    assert starts == sorted(starts)
    source = text.split("\n")
    for section in reading.sections:
        if section.bold:
            assert source[section.span.line - 1].strip() == section.heading


@given(st.text(alphabet="<!-> ab", max_size=60))
def test_without_comments_drops_every_closed_comment(text: str) -> None:
    result = without_comments(text)
    assert "<!--" not in result or "-->" not in result[result.index("<!--") :]
    assert without_comments(result) == result


@pytest.mark.parametrize("joiner", ["&", "and"])
def test_an_ampersand_heading_names_its_section(joiner: str) -> None:
    # Real MADR records write `## Context & Problem Statement` (issue 25 §2).
    reading = reading_of(
        "# Use Kafka\n\n## Status\n\nAccepted\n\n"
        f"## Context {joiner} Problem Statement\n\nWe need events.\n\n"
        "## Decision Outcome\n\nKafka.\n",
        type_name="madr",
    )
    assert [s.heading for s in reading.sections if s.name == "Context and Problem Statement"] == [
        f"Context {joiner} Problem Statement"
    ]


@pytest.mark.parametrize("heading", ["Links", "Related decisions"])
def test_every_bullet_of_a_links_list_may_state_a_relation(heading: str) -> None:
    # A pull request's link first, the supersession second (issue 25 §2).
    reading = reading_of(
        f"# 2. Use B\n\n## Status\n\nAccepted\n\n## {heading}\n\n"
        "- [PR #12](https://example.com/pr/12)\n- Supersedes [ADR 1](0001-use-a.md)\n"
        "- Date: 2024-01-01\n"
    )
    assert [(r.name, r.targets[0].destination) for r in reading.relations] == [
        ("Supersedes", "0001-use-a.md")
    ]
    assert reading.field("Date") == ()  # a Links list states relations, nothing else


@pytest.mark.parametrize(
    "statement",
    [
        "## Status\n\nAccepted. Parts of this ADR were superseded by [ADR 9](0009-x.md)\n",
        "Status: Accepted, partially superseded by [ADR 9](0009-x.md)\n",
        "---\nstatus: accepted, in part superseded by ADR-9\n---\n",
        "## Status\n\nAccepted\n\n## Context\n\nThis ADR is partly superseded by ADR-9.\n",
    ],
)
def test_a_partial_supersession_is_not_a_supersession(statement: str) -> None:
    # issue 25 §2: the record still stands; it is `In part superseded by` (one-sided).
    text = f"# 3. Use C\n\n{statement}"
    if statement.startswith("---"):
        text = f"{statement}\n# 3. Use C\n"
    reading = reading_of(text)
    assert [r.name for r in reading.relations] == ["In part superseded by"]
    assert [t.number for r in reading.relations for t in r.targets] == [9]


def test_a_whole_supersession_beside_a_partial_one_is_still_read() -> None:
    reading = reading_of(
        "# 3. Use C\n\nStatus: Superseded by ADR-8, partially superseded by ADR-9\n"
    )
    assert [(r.name, r.targets[0].number) for r in reading.relations] == [
        ("Superseded by", 8),
        ("In part superseded by", 9),
    ]


def test_a_table_in_the_body_states_relations_not_fields() -> None:
    # A schema's `| date | … |` row is content (issue 25 §3); a `## Status` section's
    # table and the preamble's still state the record's fields.
    reading = reading_of(
        "# 3. Keep settlements\n\n## Status\n\n| Status | Accepted |\n|---|---|\n"
        "| Date | 2024-01-02 |\n\n## Decision\n\nKeep them.\n\n### Schema\n\n"
        "| Field | Type |\n|---|---|\n| date | timestamp |\n| Supersedes | [ADR 1](0001-a.md) |\n"
    )
    assert [(f.name, f.value) for f in reading.fields] == [
        ("Status", "accepted"),
        ("Date", "2024-01-02"),
    ]
    assert [r.name for r in reading.relations] == ["Supersedes"]


def _dates(case: str, folder: str) -> dict[str, tuple[str, str, int | None] | None]:
    """Each record's date in a case folder: (iso, source, line of the date or None)."""
    found: dict[str, tuple[str, str, int | None] | None] = {}
    for path in sorted((CASES / case / folder).glob("*.md")):
        reading = reading_of(path.read_text("utf-8"), path=f"{folder}/{path.name}")
        date = reading.date
        found[path.name] = (
            None
            if date is None
            else (date.iso, date.source, date.span.line if date.span is not None else None)
        )
    return found


def test_a_log4brains_record_without_a_date_is_dated_by_its_file_name() -> None:
    # Issue 25 §1: 7 of 14 records of a log4brains folder read "undated".
    assert _dates("log4brains", "architecture/decisions") == {
        "20240115-use-markdown-decision-records.md": ("2024-01-15", "field", 5),
        "20240203-keep-records-next-to-the-code.md": ("2024-02-03", "file-name", None),
    }


def test_a_changelog_dated_series_is_dated_by_each_records_earliest_entry() -> None:
    # Issue 25 §1: a whole changelog-dated series read "undated". The earliest entry,
    # in whichever order they are kept; a Date field comes first, non-ISO but certain.
    assert _dates("changelog-dates", "docs/architecture") == {
        "adr-001-charge-fees-in-any-token.md": ("2020-01-20", "changelog", 5),
        "adr-002-cap-the-block-size.md": ("2021-05-14", "changelog", 6),
        "adr-003-rename-the-fee-module.md": ("2019-10-23", "field", 3),
    }


def test_an_unambiguous_non_iso_date_field_dates_the_record_and_is_still_reported(
    tmp_path: Path,
) -> None:
    assert _dates("dates", "docs/adr")["0002-month-name-date.md"] == ("2023-03-05", "field", 4)
    found = _messages("dates", tmp_path)
    # Three of the case's four records write no ISO date: the folder's way, said once.
    assert found[(1, "DOC015")].startswith("3 of 4 records in `docs/adr` write dates")
    reading = reading_of(
        (CASES / "dates/docs/adr/0002-month-name-date.md").read_text(), type_name="adr"
    )
    assert [f.value for f in reading.fields if f.name == "Date"] == ["2023-03-05"]


@pytest.mark.parametrize(
    ("text", "path", "date"),
    [
        # A Date field that is not certain gives way to the file name, then the changelog.
        ("Date: 05/03/2023\n", "docs/adr/2023-05-03-x.md", ("2023-05-03", "file-name")),
        ("Date: 05/03/2023\n\n## History\n\n- 2023-03-01: Draft\n", "docs/adr/0001-x.md",
         ("2023-03-01", "changelog")),
        ("## Status\n\nAccepted\n", "docs/adr/20240131-x/index.md", ("2024-01-31", "file-name")),
        # A changelog's sample code and its placeholders date nothing.
        ("## Changelog\n\n```\n2001-01-01 log line\n```\n\n- {date}: Initial draft\n",
         "docs/adr/0001-x.md", None),
        ("## Context\n\nSince 2001-01-01 we poll.\n", "docs/adr/0001-x.md", None),
    ],
)  # fmt: skip
def test_where_a_date_comes_from(text: str, path: str, date: tuple[str, str] | None) -> None:
    reading = reading_of(f"# 1. X\n\n{text}", path=path)
    assert (None if reading.date is None else (reading.date.iso, reading.date.source)) == date


@given(
    st.lists(st.dates(), min_size=1, max_size=6),
    st.sampled_from(["- {iso}: entry", "* {day} {month} {year}: entry", "| {iso} | entry |"]),
)
def test_a_changelog_dates_the_record_by_its_earliest_entry(dates: list, form: str) -> None:
    import datetime

    lines = []
    for date in dates:
        month = datetime.date(2001, date.month, 1).strftime("%B")
        lines.append(
            form.format(iso=date.isoformat(), day=date.day, month=month, year=f"{date.year:04d}")
        )
    if form.startswith("|"):
        lines = ["| date | change |", "|---|---|", *lines]
    reading = reading_of("# 1. X\n\n## Changelog\n\n" + "\n".join(lines) + "\n")
    assert reading.date is not None
    assert (reading.date.iso, reading.date.source) == (min(dates).isoformat(), "changelog")

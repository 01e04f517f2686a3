"""`assay new` from the stock templates (issue 25 §3): MADR 3's, adr-tools' and
log4brains', each exactly as its project ships it, and a series keeping a Changelog.

What `new` fills in (title, status, date, relations) checks clean; what the template
asks the author to write is reported (DOC007, FLD006) until it is written.
"""

from __future__ import annotations

import datetime

import pytest
import yaml
from syrupy.assertion import SnapshotAssertion

from assay.cli import EXIT_OK, main
from tests.authoring.conftest import texts
from tests.authoring.test_new_command import check_findings

#: The front matter MADR 3.0.0's template/adr-template.md opens with (the fixture is
#: that file, byte for byte).
MADR3_STATUS = (
    "status: {proposed | rejected | accepted | deprecated | … | "
    "superseded by [ADR-0005](0005-example.md)}"
)
MADR3_RECORD = "docs/decisions/0000-use-markdown-any-decision-records.md"


def new(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    capsys.readouterr()
    code = main(["new", *args])
    out, err = capsys.readouterr()
    assert (code, err) == (EXIT_OK, ""), err
    return out


def front_matter(text: str) -> dict[str, object]:
    assert text.startswith("---\n")
    loaded = yaml.safe_load(text[4:].split("\n---\n", 1)[0])
    assert isinstance(loaded, dict)
    return loaded


def by_code(findings: list[dict[str, object]]) -> dict[object, set[object]]:
    found: dict[object, set[object]] = {}
    for finding in findings:
        found.setdefault(finding["code"], set()).add(finding["path"])
    return found


def test_the_fixture_is_madrs_own_template(copy) -> None:  # type: ignore[no-untyped-def]
    root = copy("madr3-stock")
    template = (root / "docs/decisions/adr-template.md").read_text(encoding="utf-8")
    assert f"\n{MADR3_STATUS}\n" in template
    assert "\ndate: {YYYY-MM-DD when the decision was last updated}\n" in template


def test_madr3_template_gets_a_status_and_a_date_in_valid_yaml(
    copy,  # type: ignore[no-untyped-def]
    capsys: pytest.CaptureFixture[str],
    snapshot: SnapshotAssertion,
) -> None:
    """The status is the first the template lists, the date today; the front matter
    parses (no DOC006), and only what the author has to write is reported."""
    root = copy("madr3-stock")
    assert new(capsys, "Use Kafka for events").startswith(
        "created docs/decisions/0001-use-kafka-for-events.md from docs/decisions/adr-template.md"
    )
    text = (root / "docs/decisions/0001-use-kafka-for-events.md").read_text(encoding="utf-8")
    assert text == snapshot
    fields = front_matter(text)
    assert (fields["status"], fields["date"]) == ("proposed", datetime.date(2025, 1, 1))
    assert fields["deciders"] == "{list everyone involved in the decision}"
    found = by_code(check_findings(capsys))
    assert set(found) == {"DOC007", "FLD006"}  # no DOC006, no Status or Date finding
    assert found["FLD006"] == {"docs/decisions/0001-use-kafka-for-events.md"}


@pytest.mark.parametrize(
    "named", ["0", "0000", "0000-use-markdown-any-decision-records", MADR3_RECORD[:-3]]
)
def test_madr3_supersedes_a_record_stating_no_status(
    named: str,
    copy,  # type: ignore[no-untyped-def]
    capsys: pytest.CaptureFixture[str],
    snapshot: SnapshotAssertion,
) -> None:
    """MADR 3's own first record has no front matter: it gets one saying it is
    superseded; it can be named by number or by file name without `.md`."""
    root = copy("madr3-stock")
    out = new(capsys, "Use Kafka for events", "--supersedes", named)
    assert f"updated {MADR3_RECORD}" in out
    after = texts(root)
    created = after["docs/decisions/0001-use-kafka-for-events.md"]
    assert front_matter(created)["supersedes"] == "0000-use-markdown-any-decision-records.md"
    # YAML states the relation as YAML: a key naming the file, no Markdown link.
    assert front_matter(after[MADR3_RECORD]) == {
        "status": "superseded",
        "superseded-by": "0001-use-kafka-for-events.md",
    }
    assert after[MADR3_RECORD] == snapshot
    findings = check_findings(capsys)
    assert {d["path"] for d in findings} == {"docs/decisions/0001-use-kafka-for-events.md"}
    assert {d["code"] for d in findings} <= {"DOC007", "FLD006"}  # no relation finding


def test_madr3_amends_a_record_stating_no_status(copy, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    root = copy("madr3-stock")
    new(capsys, "Use Kafka for events", "--amends", "0000-use-markdown-any-decision-records")
    amended = (root / MADR3_RECORD).read_text(encoding="utf-8")
    assert front_matter(amended) == {"amended-by": "0001-use-kafka-for-events.md"}
    assert {d["path"] for d in check_findings(capsys)} == {
        "docs/decisions/0001-use-kafka-for-events.md"
    }


def test_adr_tools_template_is_unfilled_until_written(
    copy,  # type: ignore[no-untyped-def]
    capsys: pytest.CaptureFixture[str],
    snapshot: SnapshotAssertion,
) -> None:
    """adr-tools' template asks in plain sentences; a record still holding them is
    reported, one DOC007 per section, and nothing else is."""
    root = copy("adr-tools-stock")
    new(capsys, "Use Kafka for events", "--supersedes", "2")
    text = (root / "doc/adr/0003-use-kafka-for-events.md").read_text(encoding="utf-8")
    assert text == snapshot
    findings = check_findings(capsys)
    assert [(d["code"], d["path"], d["line"]) for d in findings] == [
        ("DOC007", "doc/adr/0003-use-kafka-for-events.md", line) for line in (13, 17, 21)
    ]


def test_log4brains_template_gets_its_first_status_and_today(
    copy,  # type: ignore[no-untyped-def]
    capsys: pytest.CaptureFixture[str],
    snapshot: SnapshotAssertion,
) -> None:
    """log4brains lists `draft` first (read as proposed); the date is today, and the
    sections the author has to write are reported."""
    root = copy("log4brains-stock")
    new(capsys, "Use Kafka for events", "--supersedes", "20240212")
    text = (root / "docs/adr/20250101-use-kafka-for-events.md").read_text(encoding="utf-8")
    assert text == snapshot
    assert "\n- Status: draft\n" in text and "\n- Date: 2025-01-01\n" in text
    found = by_code(check_findings(capsys))
    assert found == {"DOC007": {"docs/adr/20250101-use-kafka-for-events.md"}}


def test_a_series_keeping_a_changelog_gets_todays_entry(
    copy,  # type: ignore[no-untyped-def]
    capsys: pytest.CaptureFixture[str],
    snapshot: SnapshotAssertion,
) -> None:
    root = copy("changelog")
    new(capsys, "Use Kafka for events")
    text = (root / "docs/adr/0003-use-kafka-for-events.md").read_text(encoding="utf-8")
    assert text == snapshot
    assert text.endswith("\n## Changelog\n\n* 2025-01-01: Created.\n")
    assert by_code(check_findings(capsys)) == {"DOC007": {"docs/adr/0003-use-kafka-for-events.md"}}


def test_madr3_docs_copy_takes_in_its_commented_status_and_date(
    copy,  # type: ignore[no-untyped-def]
    capsys: pytest.CaptureFixture[str],
    snapshot: SnapshotAssertion,
) -> None:
    """MADR 3's own docs/decisions/adr-template.md comments the status and date out
    under the page's `title: ADR Template`: the record states both, and its title is
    its own (the superseded record links to "Use Kafka for events", not "ADR Template")."""
    root = copy("madr3-jekyll")
    new(capsys, "Use Kafka for events", "--supersedes", "1")
    after = texts(root)
    text = after["docs/decisions/0002-use-kafka-for-events.md"]
    assert text == snapshot
    fields = front_matter(text)
    assert fields["title"] == "Use Kafka for events"
    assert (fields["status"], fields["date"]) == ("proposed", datetime.date(2025, 1, 1))
    assert "\n# deciders: {list everyone involved in the decision}\n" in text
    superseded = front_matter(after["docs/decisions/0001-use-plain-junit5-for-testing.md"])
    assert (superseded["status"], superseded["superseded-by"]) == (
        "superseded",
        "0002-use-kafka-for-events.md",
    )
    assert by_code(check_findings(capsys)) == {
        "DOC007": {"docs/decisions/0002-use-kafka-for-events.md"}
    }

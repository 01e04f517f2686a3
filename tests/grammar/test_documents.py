"""The document reader on whole documents: the seeds' styles, bytes, front matter, directives."""

from __future__ import annotations

from pathlib import Path

import pytest
from syrupy.extensions.json import JSONSnapshotExtension

from assay import parse_document
from assay.grammar.normalize import heading_text
from assay.spec.convert import to_json_value

STYLES = Path(__file__).resolve().parent.parent / "fixtures" / "styles"


@pytest.fixture
def json_snapshot(snapshot):  # type: ignore[no-untyped-def]
    """Snapshots as JSON, so they read like `assay parse --json`."""
    return snapshot.use_extension(JSONSnapshotExtension)


@pytest.mark.parametrize("name", sorted(p.name for p in STYLES.glob("*.md")))
def test_style_fixture_model(name: str, json_snapshot) -> None:  # type: ignore[no-untyped-def]
    """Records in the three seed styles read into the expected models."""
    raw = (STYLES / name).read_bytes()
    parsed = parse_document(raw, f"docs/adr/{name}")
    assert parsed.diagnostics == ()
    assert to_json_value(parsed.value) == json_snapshot


def test_bullets_style_reads_sections_and_fields() -> None:
    """An H1 record with bullet fields keeps the bullets in the title's section."""
    doc = parse_document((STYLES / "bullets-h1.md").read_bytes(), "x.md").value
    assert doc is not None
    assert [s.heading.text for s in doc.walk_sections()] == [
        "ADR 0007: Keep the audit log append-only",
        "Context",
        "Decision",
        "Consequences",
        "Benefits",
        "Costs",
        "Implementation evidence",
    ]
    first = doc.sections[0].blocks[0]
    assert type(first).__name__ == "ListBlock"


def test_plain_text_keeps_lines_as_paragraphs() -> None:
    """A record without Markdown headings is plain; its section names stand alone as paragraphs."""
    doc = parse_document((STYLES / "plain-text.md").read_bytes(), "x.md").value
    assert doc is not None and doc.plain
    texts = [b.text for b in doc.preamble]  # type: ignore[union-attr]
    assert "Context" in texts and "Alternatives considered" in texts
    assert doc.titles[0].source == "first-line"
    assert doc.titles[0].text == "ADR: Retain failed deployment attempts"


def test_invalid_utf8_is_doc001_at_the_byte() -> None:
    """Undecodable bytes give DOC001 with the offending byte's offset, line and column."""
    raw = "# Title\n\nCafé ok\nbad \xff here\n".encode("latin-1")
    parsed = parse_document(raw, "bad.md")
    assert parsed.value is None
    (d,) = parsed.diagnostics
    assert (d.code, d.name) == ("DOC001", "unreadable-document")
    assert d.span.start == raw.index(b"\xe9")
    assert (d.span.line, d.span.column) == (3, 4)


def test_byte_facts() -> None:
    """BOM, per-line endings and a missing final newline are all recorded."""
    raw = b"\xef\xbb\xbf# T\r\n\r\ntext\nlast"
    doc = parse_document(raw, "t.md").value
    assert doc is not None
    facts = doc.bytes
    assert facts.bom and not facts.final_newline
    assert facts.line_endings == ("crlf", "crlf", "lf", "none")
    assert facts.newline == "mixed"
    assert doc.sections[0].heading.span.start == 3  # after the BOM


def test_front_matter_entries_have_positions() -> None:
    """Front matter keys keep their line and column; the body starts after it."""
    raw = b"---\ntitle: Use Postgres\nstatus: accepted\ndate: 2024-05-01\n---\n# Use Postgres\n"
    doc = parse_document(raw, "t.md").value
    assert doc is not None and doc.front_matter is not None
    entries = {e.key: e for e in doc.front_matter.entries}
    assert entries["status"].value == "accepted"
    assert entries["date"].value == "2024-05-01"
    assert (entries["status"].span.line, entries["status"].span.column) == (3, 1)
    assert doc.titles[0].source == "front-matter"
    assert doc.sections[0].heading.span.line == 6


def test_broken_front_matter_is_doc006() -> None:
    """Front matter that is not YAML gives DOC006 at the problem, and the body still reads."""
    raw = b"---\nstatus: [accepted\n---\n# Title\n"
    parsed = parse_document(raw, "t.md")
    assert parsed.value is not None
    (d,) = parsed.diagnostics
    assert d.code == "DOC006"
    assert d.span.line in (2, 3)
    assert parsed.value.sections[0].heading.text == "Title"


def _laughs(levels: int, width: int = 9) -> str:
    """YAML in which each list holds ``width`` aliases of the one before."""
    lines = [f"l0: &l0 [{', '.join(['x'] * width)}]"]
    for level in range(1, levels):
        lines.append(f"l{level}: &l{level} [{', '.join([f'*l{level - 1}'] * width)}]")
    return "\n".join(lines)


def test_front_matter_that_aliases_expand_past_the_limit_is_doc006() -> None:
    """A few lines of aliases can stand for billions of values ("billion laughs"):
    reading them into plain values took minutes and gigabytes. Past 10,000 values the
    front matter is not read, and DOC006 points at the key where the count passed it."""
    raw = f"---\nstatus: accepted\n{_laughs(8)}\n---\n# Title\n".encode()
    parsed = parse_document(raw, "t.md")
    (d,) = parsed.diagnostics
    assert d.code == "DOC006" and "10,000 values" in d.message
    assert (d.span.line, d.span.column) == (7, 1)  # `l4`, some 66,000 values, passes it
    assert parsed.value is not None and parsed.value.front_matter is None
    assert parsed.value.sections[0].heading.text == "Title"


def test_front_matter_with_a_few_aliases_is_read() -> None:
    raw = f"---\nstatus: accepted\n{_laughs(3)}\n---\n# Title\n".encode()
    parsed = parse_document(raw, "t.md")
    assert parsed.diagnostics == ()
    assert parsed.value is not None and parsed.value.front_matter is not None
    entries = {e.key: e.value for e in parsed.value.front_matter.entries}
    assert entries["l1"] == [["x"] * 9] * 9


def test_directives_are_read_and_malformed_ones_reported() -> None:
    """Suppression comments become directives; one without codes is SUP003."""
    raw = (
        b"# T\n\n<!-- assay: disable-next-line LNK001 -- target is private -->\n"
        b"See [x](missing.md). <!-- assay: disable-line LNK002 -->\n\n<!-- assay: disable -->\n"
    )
    parsed = parse_document(raw, "t.md")
    doc = parsed.value
    assert doc is not None
    assert [(d.action, d.codes, d.reason) for d in doc.directives] == [
        ("disable-next-line", ("LNK001",), "target is private"),
        ("disable-line", ("LNK002",), None),
    ]
    (problem,) = parsed.diagnostics
    assert (problem.code, problem.span.line, problem.span.column) == ("SUP003", 6, 1)


def test_comments_hide_fake_headings_and_links() -> None:
    """Headings and links inside HTML comments and code are not read as such."""
    raw = b"# Real\n\n<!--\n## Fake\n[x](y.md)\n-->\n\n```\n## also fake\n[a](b.md)\n```\n"
    doc = parse_document(raw, "t.md").value
    assert doc is not None
    assert [s.heading.text for s in doc.walk_sections()] == ["Real"]
    assert doc.links == ()
    assert len(doc.comments) == 1


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Status", "Status"),
        ("1. Context", "Context"),
        ("**Decision:**", "Decision"),
        ("### 2.3 Consequences", "### 2.3 Consequences"),
        ("*Status* <!-- one of proposed, accepted -->", "Status"),
        ("Decision Outcome:", "Decision Outcome"),
        ("`fetch_session` stays", "fetch_session stays"),
        ("2024 roadmap", "roadmap"),
    ],
)
def test_heading_text_normalization(raw: str, expected: str) -> None:
    """Numeric prefixes, markup, trailing colons and trailing comments are removed."""
    assert heading_text(raw) == expected


def test_front_matter_dates_stay_as_written() -> None:
    """An impossible date in front matter is kept as text for its type to judge, not a crash."""
    raw = b"---\ndate: 2021-02-30\nreviewed: 2024-05-01\n---\n# T\n"
    parsed = parse_document(raw, "t.md")
    assert parsed.diagnostics == ()
    assert parsed.value is not None and parsed.value.front_matter is not None
    values = {e.key: e.value for e in parsed.value.front_matter.entries}
    assert values == {"date": "2021-02-30", "reviewed": "2024-05-01"}

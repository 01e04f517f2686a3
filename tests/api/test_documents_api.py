"""`assay.api.documents`: one file read as `assay parse` reads it, and typed."""

from __future__ import annotations

from pathlib import Path

import pytest

from assay.api import documents
from assay.spec.document import Document
from assay.spec.specfile import SpecFile
from tests.conftest import ROOT

EXAMPLES = ROOT / "examples"
RECORD = "# 1. Use Kafka\n\n## Status\n\nAccepted\n\n## Context\n\nWhy.\n\n## Decision\n\nKafka.\n"


def test_a_document_and_a_spec_are_read_into_their_models(tmp_path: Path) -> None:
    """The model, the text for excerpts and the path as given; a spec with `spec`."""
    record = tmp_path / "0001-use-kafka.md"
    record.write_text(RECORD)
    parsed = documents.parse_file(record)
    assert isinstance(parsed.value, Document)
    assert (parsed.path, parsed.text, parsed.diagnostics) == (record.as_posix(), RECORD, ())
    spec = documents.parse_file(EXAMPLES / "assay" / "decisions.assay", spec=True)
    assert isinstance(spec.value, SpecFile) and spec.diagnostics == ()


def test_an_undecodable_spec_is_a_doc001_and_no_model(tmp_path: Path) -> None:
    """Not UTF-8: no text, no model, the DOC001 at the first bad byte."""
    bad = tmp_path / "bad.assay"
    bad.write_bytes(b"type x {\xff}\n")
    parsed = documents.parse_file(bad, spec=True)
    assert (parsed.text, parsed.value) == (None, None)
    assert [(d.code, d.span.column) for d in parsed.diagnostics] == [("DOC001", 9)]


def test_a_link_is_never_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A relative path is walked without following links: `Unreadable`, the path as given."""
    (tmp_path / "secret.md").write_text("# secret\n")
    (tmp_path / "link.md").symlink_to(tmp_path / "secret.md")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(documents.Unreadable, match=r"^cannot read \./link\.md: ") as raised:
        documents.parse_file("./link.md")
    assert "secret" not in raised.value.reason


def test_find_type_is_the_workspace_s_else_built_in_else_unknown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`decision` from the example's specs, `madr` built in, a typo `UnknownType`."""
    monkeypatch.chdir(EXAMPLES)
    assert documents.find_type("decision").name == "decision"
    assert documents.find_type("madr").name == "madr"
    with pytest.raises(documents.UnknownType) as raised:
        documents.find_type("decisoin")
    assert "decision" in raised.value.known and "adr" in raised.value.known


def test_typed_reading_reads_fields_and_sections(tmp_path: Path) -> None:
    """The record read as `adr`: its status field; a spec has no typed reading."""
    record = tmp_path / "0001-use-kafka.md"
    record.write_text(RECORD)
    reading = documents.typed_reading(documents.parse_file(record), documents.find_type("adr"))
    assert reading is not None
    assert "Status" in {field.name for field in reading.fields}
    spec = documents.parse_file(EXAMPLES / "assay" / "decisions.assay", spec=True)
    assert documents.typed_reading(spec, documents.find_type("adr")) is None

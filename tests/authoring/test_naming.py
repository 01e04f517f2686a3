"""Record names: the scheme learnt from a folder's names, slugs, and titles from any
text; and the writer that never replaces a file."""

from __future__ import annotations

import datetime
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assay.engine.authoring.create import clean_title, new_record
from assay.engine.authoring.folder import read_record
from assay.engine.authoring.naming import NameScheme, learn_names, slug
from assay.engine.files.writing import create_file, replace_file
from assay.engine.reading.record_names import record_number
from assay.engine.workspace.config import load_config
from assay.errors import UsageError

DAY = datetime.date(2025, 1, 31)


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        ([], "0008-use-kafka.md"),
        (["0001-a.md", "0007-b.md"], "0008-use-kafka.md"),
        (["001-a.md", "007-b.md"], "008-use-kafka.md"),
        (["1-a.md", "7-b.md"], "8-use-kafka.md"),
        (["adr-001-a.md", "adr-007-b.md"], "adr-008-use-kafka.md"),
        (["ADR-001-a.md", "ADR-007-b.md"], "ADR-008-use-kafka.md"),
        (["ADR0001-a.md", "ADR0007-b.md"], "ADR0008-use-kafka.md"),
        (["ADR-1.md", "ADR-7.md"], "ADR-8.md"),
        (["20240101-a.md", "20240301-b.md"], "20250131-use-kafka.md"),
        (["2024-01-01-a.md", "2024-03-01-b.md"], "2025-01-31-use-kafka.md"),
        (["0001-a.markdown", "0007-b.markdown"], "0008-use-kafka.markdown"),
    ],
)
def test_the_next_name_follows_the_folder(names: list[str], expected: str) -> None:
    scheme = learn_names(names)
    assert scheme.name(8, "use-kafka", DAY) == expected


def test_slugs() -> None:
    assert slug("Use Kafka for events") == "use-kafka-for-events"
    assert slug("  Émettre   les événements (v2)!") == "émettre-les-événements-v2"
    assert slug("Use C# & .NET") == "use-c-net"
    with pytest.raises(UsageError, match="no letters or digits"):
        slug("!!! -- ???")


def test_a_created_file_is_never_replaced(tmp_path: Path) -> None:
    target = tmp_path / "0001-a.md"
    target.write_text("mine")
    with pytest.raises(FileExistsError):
        create_file(target, b"theirs")
    assert target.read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["0001-a.md"]  # no temporary left


def test_a_replaced_file_must_hold_what_was_read(tmp_path: Path) -> None:
    target = tmp_path / "0001-a.md"
    target.write_bytes(b"edited meanwhile")
    with pytest.raises(UsageError, match="changed since assay read it"):
        replace_file(target, b"ours", b"as read")
    assert target.read_bytes() == b"edited meanwhile"


@given(st.text(max_size=300))
def test_any_title_gives_a_valid_file_name_or_a_clear_error(title: str) -> None:
    try:
        name = NameScheme().name(12, slug(clean_title(title)), DAY)
    except UsageError as error:
        assert str(error)
        return
    assert "/" not in name and "\x00" not in name and not name.startswith(".")
    assert len(name.encode("utf-8")) <= 255
    assert record_number(name) == (12, "numbered")
    assert name.endswith(".md") and not name.endswith("-.md")


@settings(max_examples=min(settings().max_examples, 40))
@given(st.text(max_size=80))
def test_any_title_writes_a_record_or_refuses_cleanly(title: str) -> None:
    """The whole of `assay new` on arbitrary text: a record whose file name and H1
    carry the next number, or a UsageError and no file."""
    root = Path(tempfile.mkdtemp(prefix="assay-new-"))
    try:
        (root / "assay.toml").write_text("")
        (root / "docs/adr").mkdir(parents=True)
        config = load_config(root)
        try:
            created = new_record(config, title, today=DAY, cwd=root)
        except UsageError as error:
            assert str(error)
            assert os.listdir(root / "docs/adr") == []
            return
        path = root / created.path
        assert record_number(path.name) == (1, "numbered")
        text = path.read_text(encoding="utf-8")
        assert text.startswith(f"# 1. {clean_title(title)}\n")
        assert os.listdir(root / "docs/adr") == [path.name]
        reading = read_record(path.read_bytes(), created.path)
        assert reading is not None and reading.title is not None
        assert (reading.title.source, reading.title.number) == ("h1", 1)
    finally:
        shutil.rmtree(root)


def test_a_title_ending_in_hashes_keeps_them(tmp_path: Path) -> None:
    """`# 1. Use C #` would lose ` #` as the heading's closing sequence."""
    (tmp_path / "assay.toml").write_text("")
    (tmp_path / "docs/adr").mkdir(parents=True)
    created = new_record(load_config(tmp_path), "Pick C #", today=DAY, cwd=tmp_path)
    raw = (tmp_path / created.path).read_bytes()
    assert raw.startswith(b"# 1. Pick C \\#\n")
    reading = read_record(raw, created.path)
    assert reading is not None and reading.title is not None
    assert reading.title.text.endswith("#")

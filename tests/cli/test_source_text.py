"""The one ``source`` reader every command's report quotes excerpts from."""

from __future__ import annotations

from pathlib import Path

import pytest

from assay.cli.source_text import source_reader
from assay.engine.files.opening import SUPPORTED

pytestmark = pytest.mark.skipif(not SUPPORTED, reason="no contained open on this platform")


def test_a_file_below_the_root_is_read_as_utf8_with_replacements(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_bytes(b"caf\xc3\xa9 \xff\n")
    assert source_reader(tmp_path)("a.md") == "café \ufffd\n"


def test_a_link_or_a_path_outside_the_root_is_never_read(tmp_path: Path) -> None:
    outside = tmp_path / "secret.txt"
    outside.write_text("secret\n")
    root = tmp_path / "root"
    root.mkdir()
    (root / "link.md").symlink_to(outside)
    source = source_reader(root)
    assert source("link.md") is None
    assert source("../secret.txt") is None
    assert source("absent.md") is None


def test_a_file_over_the_limit_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "big.jsonl").write_bytes(b"x" * 11)
    assert source_reader(tmp_path, limit=10)("big.jsonl") is None
    assert source_reader(tmp_path, limit=11)("big.jsonl") == "x" * 11

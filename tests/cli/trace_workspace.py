"""A workspace holding session files, and what a session's stat says, for the
`assay trace` command tests."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from tests.conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures" / "traces"


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A workspace (its own `assay.toml`) holding the three fixture sessions; the
    current folder."""
    root = tmp_path / "ws"
    root.mkdir()
    (root / "assay.toml").write_text("")
    for name in ("review.jsonl", "broken.jsonl", "trace.jsonl"):
        (root / name).write_bytes((FIXTURES / name).read_bytes())
    monkeypatch.chdir(root)
    return root


def footprint(path: Path) -> tuple[str, int, int, int, int, int]:
    """What would change if the file were written, replaced, truncated or touched: its
    digest, size, mtime_ns, ctime_ns, inode and mode. (The access time is left out:
    reading may update it, as the mount options decide; that is no modification.)"""
    status = os.lstat(path)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    return (
        digest,
        status.st_size,
        status.st_mtime_ns,
        status.st_ctime_ns,
        status.st_ino,
        status.st_mode,
    )

"""Fixture workspaces for `assay new`: a fresh copy as the current folder, at a fixed
date, and the record texts of a workspace to compare before and after."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "new"
#: 2025-01-01 00:00 UTC.
EPOCH = "1735689600"


@pytest.fixture
def copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], Path]:
    """A fresh copy of a fixture workspace, as the current folder."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)

    def made(name: str) -> Path:
        root = tmp_path / name
        shutil.copytree(FIXTURES / name, root)
        monkeypatch.chdir(root)
        return root

    return made


def texts(root: Path) -> dict[str, str]:
    """Every Markdown and reStructuredText file below ``root``, by path."""
    return {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.suffix in (".md", ".rst")
    }

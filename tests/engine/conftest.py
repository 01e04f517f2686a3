"""Fixtures shared by the check-cache and check-summary tests."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private cache folder, with caching on."""
    home = tmp_path / "cache-home"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    monkeypatch.delenv("ASSAY_NO_CACHE", raising=False)
    return home


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """The bundled example workspace: relations, suppressions, links, eight records."""
    root = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", root)
    return root

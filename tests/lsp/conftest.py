"""The workspace the language server's tests edit."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.examples_copy import example_repository


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """examples/ copied into a git repository of its own."""
    return example_repository(tmp_path / "examples")

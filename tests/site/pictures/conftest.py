"""Snapshots of the pictures as ``.svg`` files: a reviewer opens them as pictures."""

from __future__ import annotations

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode


class SvgSnapshot(SingleFileSnapshotExtension):
    """One UTF-8 ``.svg`` file per snapshot, exactly the picture's bytes."""

    _write_mode = WriteMode.TEXT
    file_extension = "svg"
    _file_extension = "svg"  # syrupy before 5 named the attribute so


@pytest.fixture
def svg_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """``snapshot``, stored as an SVG file."""
    return snapshot.use_extension(SvgSnapshot)

"""`read_contained`: the bytes of a regular file below the root, whatever they are, or a
refusal for a link — never the link's target."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from assay.engine.files.opening import read_contained
from assay.engine.files.refusal import Refused


@given(st.binary(max_size=200_000))
def test_any_bytes_read_back_exactly(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "f.md").write_bytes(data)
        assert read_contained(folder, "f.md") == data


def test_a_link_is_refused_and_its_target_never_read(tmp_path: Path) -> None:
    (tmp_path / "secret").write_bytes(b"CANARY")
    (tmp_path / "root").mkdir()
    (tmp_path / "root" / "f.md").symlink_to(tmp_path / "secret")
    found = read_contained(tmp_path / "root", "f.md")
    assert isinstance(found, Refused) and found.code == "PTH002"
    assert "CANARY" not in found.message

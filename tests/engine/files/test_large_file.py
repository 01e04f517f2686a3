"""Memory stays bounded whatever the file's size: a 50 MB file hashed whole and read
for a range deep inside it never holds more than a chunk and the range."""

from __future__ import annotations

import hashlib
import tracemalloc
from pathlib import Path

from assay.engine.files.digest import CHUNK, digest
from assay.engine.files.opening import ContainedFile, open_contained

_LINE = b"%07d a line of the large file, CRLF-ended, with some text to fill it up\r\n"
_LINES = 700_000  # 53 MB


def _write(path: Path) -> str:
    hasher = hashlib.sha256()
    with path.open("wb") as out:
        for start in range(0, _LINES, 10_000):
            block = b"".join(_LINE % number for number in range(start + 1, start + 10_001))
            hasher.update(block)
            out.write(block)
    return hasher.hexdigest()


def test_a_large_file_is_hashed_and_sliced_in_bounded_memory(tmp_path: Path) -> None:
    expected = _write(tmp_path / "big.txt")
    assert (tmp_path / "big.txt").stat().st_size > 50_000_000
    opened = open_contained(tmp_path, "big.txt")
    assert isinstance(opened, ContainedFile)
    with opened:
        tracemalloc.start()
        try:
            whole = digest(opened, None, limit=1 << 16)
            ranged = digest(opened, (600_000, 600_002), limit=1 << 16)
            past = digest(opened, (_LINES, _LINES + 1), limit=1 << 16)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert whole.sha256 == ranged.sha256 == past.sha256 == expected
    assert whole.outcome == "too-large" and whole.text == b""
    assert ranged.text == b"".join(_LINE % n for n in (600_000, 600_001, 600_002))
    assert (past.outcome, past.line_count) == ("out-of-bounds", _LINES)
    assert peak < 3 * CHUNK, f"peak {peak / 2**20:.1f} MiB"

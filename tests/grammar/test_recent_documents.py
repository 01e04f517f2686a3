"""Documents read again with the same bytes are not read twice, within a bound."""

from __future__ import annotations

import shutil
import subprocess
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

import assay
from assay.grammar.markdown import document

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def remembering() -> Iterator[None]:
    with document.documents_remembered():
        yield
    assert not document._recent  # emptied when the operation ends


def test_outside_an_operation_nothing_is_kept() -> None:
    text = b"# 1. A record\n"
    first = document.read_document(text, "docs/adr/0001-a.md")
    assert document.read_document(text, "docs/adr/0001-a.md") is not first
    assert not document._recent


@pytest.mark.usefixtures("remembering")
def test_the_same_bytes_at_the_same_path_give_the_same_reading() -> None:
    text = b"# 1. A record\n\n## Status\n\nAccepted\n"
    first = document.read_document(text, "docs/adr/0001-a.md")
    assert document.read_document(bytes(text), "docs/adr/0001-a.md") is first
    assert document.read_document(text, "docs/adr/0002-b.md") is not first  # paths differ
    changed = document.read_document(text + b"\nMore.\n", "docs/adr/0001-a.md")
    assert changed is not first and changed[0].value != first[0].value


@pytest.mark.usefixtures("remembering")
def test_what_is_kept_is_bounded_by_the_bytes_of_its_sources(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(document, "RECENT_BYTES", 10_000)
    for n in range(50):
        document.read_document(f"# {n}. Record\n\n".encode() + b"x" * 1_000, f"d/{n}.md")
    held = sum(len(source) for _path, source in document._recent)
    assert held <= 10_000 and len(document._recent) >= 2
    big = b"# 1. Big\n\n" + b"y" * 50_000
    document.read_document(big, "d/big.md")
    assert list(document._recent) == [("d/big.md", big)]  # the newest stays, alone


def test_verifying_a_run_reads_each_member_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "w", ignore=shutil.ignore_patterns("site"))
    subprocess.run(["git", "init", "-q", str(tmp_path / "w")], check=True)
    reads: Counter[str] = Counter()
    real = document._read_document

    def counting(data: bytes | str, path: str) -> object:
        reads[path] += 1
        return real(data, path)

    monkeypatch.setattr(document, "_read_document", counting)
    run = next((tmp_path / "w" / "runs").iterdir())
    verification = assay.verify_run(run, cache=False)
    assert verification.verified
    assay.render_review(verification)
    members = [path for path in reads if path.startswith("runs/")]
    assert members and all(reads[path] == 1 for path in members), reads

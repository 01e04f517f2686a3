"""Every variation of ADR-FORMATS.md as a small workspace and the exact findings it gets.

Each case is a folder under ``cases/adr_formats/`` holding a workspace as a team would
commit it, and an entry in ``cases.yaml`` with the findings ``assay check`` must report,
as ``path:line:column CODE`` strings (nothing when the records are right).  Byte-level
variations that editors and git tend to rewrite (CRLF, a BOM, no final newline,
whitespace-only blank lines) and symbolic links are applied when the workspace is
copied, so the fixture files stay plain.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from assay.engine.runner.run import check
from assay.engine.workspace.config import load_config
from assay.engine.workspace.loading import load_workspace

CASES_DIR = Path(__file__).parent / "cases" / "adr_formats"
CASES: list[dict[str, Any]] = yaml.safe_load((CASES_DIR / "cases.yaml").read_text("utf-8"))
#: What a case entry may say; anything else is a typo in the table.
KEYS = {"name", "about", "expect", "crlf", "bom", "no_final_newline", "blank_spaces", "symlinks",
        "git_remote", "not_records", "latin1"}  # fmt: skip


def _workspace(case: dict[str, Any], tmp_path: Path) -> Path:
    root = tmp_path / "workspace"
    shutil.copytree(CASES_DIR / case["name"], root)
    for path in case.get("crlf", []):
        target = root / path
        target.write_bytes(target.read_bytes().replace(b"\n", b"\r\n"))
    for path in case.get("bom", []):
        target = root / path
        target.write_bytes(b"\xef\xbb\xbf" + target.read_bytes())
    for path in case.get("no_final_newline", []):
        target = root / path
        target.write_bytes(target.read_bytes().rstrip(b"\r\n"))
    for path in case.get("latin1", []):
        # Written in Latin-1, as old editors saved it: not UTF-8, so the file is unreadable.
        target = root / path
        target.write_bytes(target.read_text("utf-8").encode("latin-1"))
    for path in case.get("blank_spaces", []):
        # Every blank line becomes spaces and a tab: blank to CommonMark, not to `== ""`.
        target = root / path
        lines = target.read_text("utf-8").split("\n")
        target.write_text("\n".join(line or "  \t " for line in lines), "utf-8")
    for link, points_to in case.get("symlinks", {}).items():
        (root / link).symlink_to(points_to)
    if "git_remote" in case:
        for args in (["init", "-q"], ["remote", "add", "origin", case["git_remote"]]):
            subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)
    return root


def _found(root: Path) -> list[str]:
    result = check(load_config(root))
    return sorted(f"{d.path}:{d.span.line}:{d.span.column} {d.code}" for d in result.diagnostics)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_case(case: dict[str, Any], tmp_path: Path) -> None:
    assert set(case) <= KEYS, f"unknown keys {set(case) - KEYS}"
    assert case.get("about"), "every case says what variation it shows"
    root = _workspace(case, tmp_path)
    assert _found(root) == sorted(case.get("expect") or [])
    if not case.get("expect"):
        _assert_every_record_was_read(root, case)


def _assert_every_record_was_read(root: Path, case: dict[str, Any]) -> None:
    """No findings proves nothing unless the records were found and read: every
    Markdown file of the case is a typed, read document, but those the case names as
    not records (templates, indexes), which must not be documents at all."""
    documents = {d.path: d for d in load_workspace(load_config(root)).documents}
    markdown = {
        p.relative_to(root).as_posix() for p in root.rglob("*") if p.suffix in (".md", ".rst")
    }
    records = markdown - set(case.get("not_records", []))
    assert records, "a case without findings holds at least one record"
    assert set(documents) == records
    for path, document in documents.items():
        assert document.type is not None, path
        assert document.reading is not None, path
        assert document.reading.title is not None, path


def test_every_case_folder_is_in_the_table() -> None:
    folders = {p.name for p in CASES_DIR.iterdir() if p.is_dir()}
    names = [c["name"] for c in CASES]
    assert len(names) == len(set(names))
    assert folders == set(names)

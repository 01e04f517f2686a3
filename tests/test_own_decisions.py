"""The project's own decision records (docs/decisions/) pass `assay check` at the root.

The real `assay` command runs at the repository root, as a contributor or CI would run
it, with the root's `[tool.assay]` in pyproject.toml: it must find exactly the records
of docs/decisions/ (by convention, read as the built-in `adr` type) and report nothing
about them, so a record without its Status or a link to code that moved fails here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
ASSAY = Path(sys.executable).parent / "assay"
DECISIONS = ROOT / "docs" / "decisions"


def _records() -> list[str]:
    numbered = DECISIONS.glob("[0-9][0-9][0-9][0-9]-*.md")
    return sorted(p.relative_to(ROOT).as_posix() for p in numbered)


def _assay(*args: str, cache: Path) -> tuple[int, Any, subprocess.CompletedProcess[str]]:
    """`assay ARGS --format json` at the root: its exit code, parsed report and result."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("GIT_")}
    env.update(XDG_CACHE_HOME=str(cache), NO_COLOR="1")
    result = subprocess.run(
        [str(ASSAY), *args, "--format", "json"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    return result.returncode, json.loads(result.stdout) if result.stdout else None, result


def test_there_are_records_to_check() -> None:
    assert ASSAY.is_file(), f"assay is not installed next to {sys.executable}"
    assert len(_records()) >= 5, _records()


def test_assay_files_finds_exactly_the_records_of_docs_decisions(tmp_path: Path) -> None:
    """Every numbered record is a document of the built-in `adr` type, found by
    convention; nothing else of the repository (examples/ included) is a document."""
    code, report, result = _assay("files", cache=tmp_path)
    assert code == 0, result.stderr
    documents = {f["path"]: f for f in report["files"] if f["role"] == "document"}
    assert sorted(documents) == _records()
    for found in documents.values():
        assert (found["type"], found["reason"]) == ("adr", "convention"), found
    assert not report["notes"], report["notes"]


def test_assay_check_reports_nothing_about_the_records(tmp_path: Path) -> None:
    """No error, warning or info in any record, and no suppression to hide one."""
    code, report, result = _assay("check", "--no-cache", "--fail-on", "info", cache=tmp_path)
    shown = "\n".join(
        f"{d['path']}:{d['span']['line']}: {d['code']} [{d['severity']}] {d['message']}"
        for d in (report or {}).get("diagnostics", [])
    )
    assert code == 0, shown or result.stderr
    assert report["diagnostics"] == [], shown
    assert report["summary"] == {
        "files": len(_records()),
        "errors": 0,
        "warnings": 0,
        "infos": 0,
        "suppressed": 0,
    }


def test_the_decisions_are_published_in_the_docs() -> None:
    """mkdocs.yml's Decisions section holds the index page and every record, and the
    index page links every record."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    sections = [entry for entry in config["nav"] if isinstance(entry, dict)]
    section = next(entry["Decisions"] for entry in sections if "Decisions" in entry)
    pages = [next(iter(item.values())) if isinstance(item, dict) else item for item in section]
    records = [Path(r).name for r in _records()]
    assert pages == ["decisions/index.md", *(f"decisions/{name}" for name in records)]
    index = (DECISIONS / "index.md").read_text(encoding="utf-8")
    for name in records:
        assert f"]({name})" in index, name

"""`assay new`, `assay check` and `assay publish` end to end (issue 25 §3), as a team
runs them: the real `assay` command in a git repository holding a stock template.

A record exactly as `new` wrote it is a draft nobody has written: `check` reports its
unwritten sections (exit 1) and `publish` builds the site without it, saying why.
Once the author has written them, `check` exits 0 and the site includes it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "new"
#: Each workspace (three stock templates, one house style) and the record `new` writes.
CASES = {
    "adr-tools-stock": "doc/adr/0003-use-kafka-for-events.md",
    "log4brains-stock": "docs/adr/20250101-use-kafka-for-events.md",
    "madr3-stock": "docs/decisions/0001-use-kafka-for-events.md",
    "nygard": "doc/adr/0003-use-kafka-for-events.md",
}
WRITTEN = """\
## Context

Three services poll the ledger for settlement events, each on its own schedule.

## Decision

Settlement events are published to one Kafka topic; the services subscribe to it.

## Consequences

The platform team runs one more Kafka topic; the polling jobs are removed.
"""


def assay(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1735689600", "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "assay", *args],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )


def git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
        cwd=root,
        check=True,
        capture_output=True,
    )


def write_it(path: Path) -> None:
    """What the author does: the metadata `new` wrote kept, the template's prompts
    (sections, and metadata left as placeholders) replaced by the decision."""
    text = path.read_text(encoding="utf-8")
    head = text[: re.search(r"\n## (?!Status\n)", text).start()]  # type: ignore[union-attr]
    kept = [
        line for line in head.split("\n") if "<!-- optional -->" not in line and ': "{' not in line
    ]
    path.write_text("\n".join(kept).rstrip("\n") + "\n\n" + WRITTEN, encoding="utf-8")


@pytest.mark.parametrize("fixture", sorted(CASES))
def test_new_then_check_then_publish(fixture: str, tmp_path: Path) -> None:
    root = tmp_path / fixture
    shutil.copytree(FIXTURES / fixture, root)
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "records")
    assert assay(root, "check", "--no-cache").returncode == 0
    made = assay(root, "new", "Use Kafka for events")
    assert made.returncode == 0, made.stderr
    created = CASES[fixture]
    assert made.stdout.startswith(f"created {created}")
    page = f"decisions/{Path(created).stem}/index.html"

    # As `new` wrote it: every unwritten section reported, nothing else; not published.
    checked = assay(root, "check", "--no-cache", "--format", "json")
    assert checked.returncode == 1
    findings = json.loads(checked.stdout)["diagnostics"]
    assert {d["path"] for d in findings} == {created}
    assert "DOC007" in {d["code"] for d in findings}
    assert {d["code"] for d in findings} <= {"DOC007", "FLD006"}
    site = tmp_path / f"{fixture}-site"
    published = assay(root, "publish", "--no-cache", "--out", str(site))
    assert published.returncode == 0, published.stderr
    assert f"excluded {created}: " in published.stdout
    assert not (site / page).exists()

    # Written: clean, and on the site.
    write_it(root / created)
    checked = assay(root, "check", "--no-cache")
    assert checked.returncode == 0, checked.stdout
    published = assay(root, "publish", "--no-cache", "--out", str(site))
    assert published.returncode == 0, published.stderr
    assert f"published {created}" in published.stdout
    assert "Settlement events are published to one Kafka topic" in (site / page).read_text(
        encoding="utf-8"
    )

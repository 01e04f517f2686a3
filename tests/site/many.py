"""A workspace of many passing decision records, for what only large builds do."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.site.test_publish import PASSING


def many_records(root: Path, count: int) -> Path:
    """``count`` passing records in ``docs/adr`` of a git repository at ``root``."""
    adr = root / "docs" / "adr"
    adr.mkdir(parents=True)
    (root / "assay.toml").write_text("", encoding="utf-8")
    for number in range(1, count + 1):
        title = f"# {number}. Decision {number}"
        text = PASSING.replace("# 1. Record architecture decisions", title)
        (adr / f"{number:04}-decision-{number}.md").write_text(text, encoding="utf-8")
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    return root

"""The documentation builds with MkDocs in strict mode."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_docs_build_strict(tmp_path: Path) -> None:
    """`mkdocs build --strict` of docs/ succeeds: no broken links, no missing pages."""
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    site = tmp_path / "site"
    assert (site / "reference" / "spec-language" / "index.html").is_file()
    # Every rule has its reference page, generated from the rule registry at build time.
    from assay.spec.rules.registry import RULES

    for rule in RULES:
        page = (site / "reference" / "rules" / rule.code / "index.html").read_text()
        assert f"{rule.code} {rule.name}" in page
        assert rule.summary.split("`")[0] in page, rule.code

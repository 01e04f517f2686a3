"""Fixture MkDocs sites around the publication test workspace (tests/site/test_publish.py).

``mkdocs_site`` adds a ``mkdocs.yml`` with ``plugins: [assay]`` and a small handbook to
a workspace; ``run_mkdocs`` runs the real ``mkdocs`` command on it in a subprocess.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from assay.engine.workspace.config import load_config
from assay.site.gate import decide
from assay.site.tree import write_tree
from tests.site.test_publish import OTHER, workspace

DOCS = Path(__file__).resolve().parents[2] / "docs"

HANDBOOK = "# Handbook\n\nHow the platform team works.\n"


def passing_workspace(root: Path) -> Path:
    """The publication workspace without its failing record and its blocked run."""
    workspace(root)
    (root / "docs/adr/0002-record-more-decisions.md").unlink()
    shutil.rmtree(root / "runs" / OTHER)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    return root


def mkdocs_site(
    root: Path, *, docs_dir: str = "handbook", plugin: str = "  - assay\n", extra: str = ""
) -> Path:
    """A ``mkdocs.yml`` at ``root`` with an explicit nav and the assay plugin (``extra``:
    more settings)."""
    (root / docs_dir).mkdir(exist_ok=True)
    if not (root / docs_dir / "index.md").exists():
        (root / docs_dir / "index.md").write_text(HANDBOOK, encoding="utf-8")
    (root / "mkdocs.yml").write_text(
        f"site_name: Handbook\ndocs_dir: {docs_dir}\nnav:\n  - Home: index.md\n"
        f"plugins:\n  - search\n{plugin}{extra}",
        encoding="utf-8",
    )
    return root / "mkdocs.yml"


def run_mkdocs(
    root: Path, out: Path, *args: str, tool: str = "mkdocs", tmp: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """``mkdocs build`` (or ``tool build``: ``properdocs``) of ``root``'s mkdocs.yml into
    ``out``, as a user runs it (``tmp``: its temporary folder)."""
    env = dict(os.environ, TMPDIR=str(tmp)) if tmp is not None else None
    return subprocess.run(
        [sys.executable, "-m", tool, "build", "-f", "mkdocs.yml", "--site-dir", str(out), *args],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def generated_pages(root: Path) -> set[str]:
    """The Markdown pages ``assay publish`` would write for ``root``, as site pages
    (``a/b.md`` → ``a/b/index.html``): the test follows whatever the tree writes."""
    with tempfile.TemporaryDirectory() as folder:
        docs = Path(folder)
        write_tree(decide(load_config(root)), docs)
        found = set()
        for page in docs.rglob("*.md"):
            relative = page.relative_to(docs).with_suffix("")
            if relative.name == "index":
                relative = relative.parent
            found.add((relative / "index.html").as_posix())
        return found


def shown_output(page: str, command: str) -> list[str]:
    """The lines a ```console block of ``docs/<page>`` shows after ``$ <command>``."""
    text = (DOCS / page).read_text(encoding="utf-8")
    body = text.split(f"```console\n$ {command}\n", 1)[1].split("```", 1)[0]
    return [line.rstrip() for line in body.splitlines()]

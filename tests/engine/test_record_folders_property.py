"""Series whose records are folders, generated: every record found, and nothing else.

Each workspace holds a proposal series kept a folder a record (``rfcs/0012-x/README.md``,
``geps/gep-1016/index.md``, ``jeps/62-cell-id/cell-id.md``), written in one of the ways
a record or a proposal is written, with attachments in the record folders, perhaps a
template folder and the series' README, beside a guide of numbered chapters and pages
no series holds. Discovery must take each record folder's main document, and only those.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from assay.engine.workspace.config import load_config
from assay.engine.workspace.discovery import discover

#: The ways a main document says it is a record or a proposal.
_WRITTEN = (
    "**Status:** implementable\n",
    "* Status: Standard\n",
    "---\nstatus: provisional\n---\n",
    "## Summary\n\nX.\n\n## Motivation\n\nY.\n\n## Proposal\n\nZ.\n",
    "## Problem\n\nY.\n\n## Proposed Enhancement\n\nZ.\n",
    "## Decision\n\nZ.\n",
)
#: Pages that are no record: attachments, guides, notes.
_PAGE = "# Notes\n\nSome notes.\n\n## Details\n\nMore.\n"
_SLUGS = st.from_regex(r"[a-z]{3,8}(-[a-z]{2,6}){0,2}", fullmatch=True)


@st.composite
def _record_folder(draw: st.DrawFn, number: int) -> dict[str, str]:
    """One record folder's files, by path inside the series; its main document first."""
    slug = draw(_SLUGS)
    name = draw(st.sampled_from([f"{number:04d}-{slug}", f"{number}-{slug}", f"gep-{number}"]))
    main = draw(st.sampled_from(["README.md", "index.md", f"{slug}.md"]))
    if main == f"{slug}.md" and name.startswith("gep-"):
        main = "index.md"  # a label names no slug to find the document by
    head = draw(st.sampled_from(_WRITTEN))
    text = f"{head}\n# Proposal {number}: {slug}\n\n{draw(st.sampled_from(_WRITTEN))}"
    files = {f"{name}/{main}": text}
    for extra in draw(
        st.lists(st.sampled_from(["diagram.md", "notes.md", "kep.yaml"]), max_size=2)
    ):
        files.setdefault(f"{name}/{extra}", _PAGE)  # never over the main document
    return files


@st.composite
def _workspace(draw: st.DrawFn) -> tuple[dict[str, str], set[str]]:
    """The workspace's files, and the paths of its records."""
    series = draw(st.sampled_from(["rfcs", "keps", "geps", "proposals", "docs/design", "jeps"]))
    numbers = draw(st.lists(st.integers(1, 9999), min_size=2, max_size=5, unique=True))
    files: dict[str, str] = {}
    records: set[str] = set()
    for number in numbers:
        folder = draw(_record_folder(number))
        records.add(next(iter(folder)))
        files.update({f"{series}/{path}": text for path, text in folder.items()})
    if draw(st.booleans()):
        files[f"{series}/README.md"] = "# Proposals\n\nHow to propose a change.\n"
    template = draw(st.sampled_from([None, "NNNN-template", "RFC-0000"]))
    if template is not None:
        files[f"{series}/{template}/README.md"] = "# RFC-NNNN Title\n\n**Status:** provisional\n"
    if draw(st.booleans()):
        for chapter in ("01-install", "02-first-run", "03-next-steps"):
            files[f"guide/{chapter}/README.md"] = _PAGE
    files["docs/overview.md"] = _PAGE
    return files, {f"{series}/{path}" for path in records}


@settings(max_examples=60, deadline=None)
@given(_workspace())
def test_every_record_folder_is_found_and_nothing_else(
    workspace: tuple[dict[str, str], set[str]],
) -> None:
    files, records = workspace
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for path, text in files.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(text, encoding="utf-8")
        found = discover(load_config(root))
    assert {c.path for c in found.documents} == records

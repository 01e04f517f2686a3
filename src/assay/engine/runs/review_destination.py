"""Where ``assay render --write`` may put a review (``engine.files.destination``'s rule).

A review may be written at an absent path or over a previous review (``is_review``:
its title, then its ``Evidence basis:`` line); never over a file the check reads — a
document, a spec file, the config, a file of a run — a tracked file, a link, a path
through a link inside the workspace, or anything under ``.git``. The run's own
``review.md`` is assay's whatever it holds, tracked or not: ADR 097 makes it rendered
output, and DOC018 compares it with the rendering.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from assay.engine.files.destination import Destination, Ground, claim
from assay.engine.files.made import starts_like
from assay.engine.workspace import inputs as workspace_files
from assay.engine.workspace.loading import Workspace

__all__ = ["check_review_destination", "is_review", "workspace_inputs"]

#: A rendered review: optional front matter, the system's title, the evidence basis.
_REVIEW = re.compile(
    rb"(?:---\r?\n(?:[^\n]*\n){0,40}?---\r?\n\r?\n)?# [^\n]+\n\r?\nEvidence basis: "
)


def is_review(path: Path) -> bool:
    """Whether ``path`` holds a review ``assay render`` wrote."""
    return starts_like(path, _REVIEW)


def workspace_inputs(workspace: Workspace) -> tuple[str, ...]:
    """The workspace-relative paths of the files a check of ``workspace`` reads: its
    documents, its spec files, every file of a run but a review.md at the run's root,
    and the config (sorted)."""
    found = set(workspace_files.workspace_inputs(workspace.discovery))
    source = workspace.config.source
    if source is not None:
        try:
            found.add(source.resolve().relative_to(workspace.config.root.resolve()).as_posix())
        except ValueError:  # a config outside the workspace (`--config`): named as given
            found.add(str(source))
    return tuple(sorted(found))


def check_review_destination(
    relative: str, *, flag: str, root: Path, inputs: Iterable[str], own: bool = False
) -> Path:
    """The absolute path of ``relative`` (workspace-relative POSIX) when a review may be
    written there; else ``DestinationRefused`` (exit 2) before anything is touched.
    ``own``: ``relative`` is the run's own review.md."""
    listed = tuple(root / path for path in inputs)
    destination = Destination(
        str(root / relative),
        flag,
        made=(lambda _: True) if own else is_review,
        what="review",
        owned=own,
        shown=relative,
    )
    return claim(destination, Ground(workspace=root, inputs=lambda: listed))

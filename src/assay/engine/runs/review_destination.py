"""Where ``assay render --write`` may put a review: never over a file assay reads.

``--dest RUN/boundary.md --write`` once wrote the review over the run's boundary and
destroyed the run. A review may be written at an absent path or over a regular file
that is no input of the check: not a document, a spec file, the config, a file of a
run (the run's own ``review.md`` aside: that one is rendered output, compared with
the rendering by DOC018) and not a SQLite store (an evaluation's evidence). The rule
itself — no link, not the workspace or the current folder — is ``engine.files``'.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from assay.engine.files.destination import DestinationRefused, check_file_destination
from assay.engine.workspace.loading import Workspace
from assay.engine.workspace.run_folders import REVIEW, run_of

__all__ = ["check_review_destination", "workspace_inputs"]

#: The first bytes of every SQLite database file (the evidence store is one).
_SQLITE_HEADER = b"SQLite format 3\x00"


def workspace_inputs(workspace: Workspace) -> tuple[str, ...]:
    """The workspace-relative paths of the files a check of ``workspace`` reads: its
    documents, its spec files, the config, and every file of a run but a review.md at
    the run's root (sorted)."""
    discovery = workspace.discovery
    found = {c.path for c in discovery.documents} | set(discovery.specs)
    runs = discovery.runs
    if runs:
        for path in discovery.files:
            run = run_of(path, runs)
            if run is not None and path != (f"{run}/{REVIEW}" if run else REVIEW):
                found.add(path)
    source = workspace.config.source
    if source is not None:
        try:
            found.add(source.resolve().relative_to(workspace.config.root.resolve()).as_posix())
        except ValueError:  # a config outside the workspace (`--config`): named as given
            found.add(str(source))
    return tuple(sorted(found))


def check_review_destination(
    relative: str, *, flag: str, root: Path, inputs: Iterable[str]
) -> Path:
    """The absolute path of ``relative`` (workspace-relative POSIX) when a review may be
    written there; else ``DestinationRefused`` (exit 2) before anything is touched."""
    target = root / relative
    read = set(inputs)
    if relative in read:
        raise DestinationRefused(
            f"{flag} {relative!r} is an input assay reads (a document, a spec, the config "
            "or a file of a run); choose another path; nothing was written"
        )
    paths = [root / path for path in read]
    checked = check_file_destination(target, flag=flag, workspace=root, inputs=paths)
    if _is_sqlite(checked):
        raise DestinationRefused(
            f"{flag} {relative!r} is a SQLite store assay reads; nothing was written"
        )
    return checked


def _is_sqlite(path: Path) -> bool:
    try:
        with path.open("rb") as stream:
            return stream.read(len(_SQLITE_HEADER)) == _SQLITE_HEADER
    except OSError:  # absent (the usual case), or unreadable: nothing to protect there
        return False

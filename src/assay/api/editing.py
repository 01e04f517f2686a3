"""The Python API an editor's server stands on: a workspace kept open, each record
checked from the text the editor holds.

::

    from assay.api import editing

    live = editing.open_live(".")                 # the first check: the whole workspace
    found = live.check_text("docs/adr/0007-x.md", unsaved_text)
    live.refresh(saved=["docs/adr/0007-x.md"])    # after a save, or files changed on disk

``check_text`` writes nothing: no cache keeps a finding of text that is not on disk.
A diagnostic's ``fix`` (``assay.spec.diagnostics.Fix``), when it has one, is the
mechanical repair an editor offers as a quick fix.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from assay.api import StrPath
from assay.engine.runner.live import LiveWorkspace
from assay.engine.workspace.config import load_config

__all__ = ["LiveWorkspace", "open_live"]


def open_live(
    root: StrPath,
    *,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
) -> LiveWorkspace:
    """The workspace at ``root`` (its config found as ``assay check`` finds it),
    kept open; not yet checked (``refresh`` checks it, and ``check_text`` first
    does). Raises ``ConfigError`` for a config that cannot be read."""
    start = Path(root)
    return LiveWorkspace(load_config(start), select=select, ignore=ignore, start=start)

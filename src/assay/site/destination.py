"""Where a site may go (``engine.files.destination``'s rule), asked before the
workspace is checked and anything is written.

``--out`` may name an absent path, an empty folder, or a site a previous publish built
(it holds the marker, ``build.MARKER``); never the workspace, the current folder, an
ancestor of either, a folder holding tracked files or anything the publication reads
(a document, a spec, the config, a run, an evaluation store), anything under ``.git``,
a link or a path through one inside the workspace. What discovery finds inside a
previous site (the run files a site carries) is that site's own copy, replaced with
it, so it does not make the site an input.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from assay.engine.files.destination import Destination, Ground, claim
from assay.engine.workspace.config import Config
from assay.engine.workspace.inputs import read_paths
from assay.site.build import is_site

__all__ = ["check_site_destination"]


def check_site_destination(
    out: Path, config: Config, *, flag: str = "--out", evaluations: Sequence[Path] = ()
) -> Path:
    """``out`` as an absolute path when a site may be built there; else raise
    ``DestinationRefused`` (exit 2), nothing touched."""

    def inputs() -> list[Path | str]:
        found = read_paths(config, evaluations)
        if not is_site(Path(out)):
            return list(found)
        previous = os.path.realpath(out)
        return [path for path in found if not _within(os.path.realpath(path), previous)]

    destination = Destination(os.fspath(out), flag, "folder", made=is_site, what="site")
    return claim(destination, Ground(workspace=config.root, inputs=inputs))


def _within(path: str, folder: str) -> bool:
    return os.path.commonpath([path, folder]) == folder

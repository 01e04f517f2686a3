"""Where a site may go (DESIGN §6, "What a write may replace"), asked before anything
is written.

``--out`` may name an absent path, an empty folder, or a site a previous publish built
(it holds the marker, ``build.MARKER``); never the workspace, the current folder, an
ancestor of either, a folder holding tracked files, or a folder holding anything the
publication reads: a document, a spec, the config, a run, an evaluation store. The
rule is asked twice: once before the workspace is checked (what is known from the
config alone), once more when discovery has named every document. What discovery
finds inside a previous site (the run files a site carries) is that site's own copy,
replaced with it, so it does not make the site an input.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from assay.engine.files.destination import check_folder_destination
from assay.engine.workspace.config import Config
from assay.site.build import is_site
from assay.site.gate import Publication

__all__ = ["check_site_destination"]


def check_site_destination(
    out: Path,
    config: Config,
    *,
    flag: str = "--out",
    evaluations: Sequence[Path] = (),
    publication: Publication | None = None,
) -> Path:
    """``out`` as an absolute path when a site may be built there; else raise
    ``DestinationRefused`` (exit 2), nothing touched."""
    inputs: list[Path] = [*evaluations]
    if config.source is not None:
        inputs.append(config.source)
    if publication is not None and publication.workspace is not None:
        found = publication.workspace.discovery
        paths = (*found.specs, *found.runs, *(document.path for document in found.documents))
        previous = os.path.realpath(out) if is_site(Path(out)) else None
        real = _resolver()
        inputs += [
            config.root / path
            for path in paths
            if previous is None or not _within(real(config.root / path), previous)
        ]
    return check_folder_destination(
        out, flag=flag, workspace=config.root, inputs=inputs, ours=is_site, what="site"
    )


def _within(path: str, folder: str) -> bool:
    return os.path.commonpath([path, folder]) == folder


def _resolver() -> Callable[[Path], str]:
    """``os.path.realpath`` for one check's thousands of records in a few folders:
    each folder resolved once, and a path that is itself a link followed whole."""
    folders: dict[str, str] = {}

    def real(path: Path) -> str:
        parent, name = os.path.split(os.path.abspath(path))
        if os.path.islink(path):
            return os.path.realpath(path)
        found = folders.get(parent)
        if found is None:
            found = folders[parent] = os.path.realpath(parent)
        return os.path.join(found, name)

    return real

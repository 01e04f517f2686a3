"""What a workspace's commands read, and so what no write may replace (DESIGN §6).

``ground`` is what every writing command judges its destination against
(``engine.files.destination``): the workspace root, and its inputs — every document,
spec file and run member discovery finds, and the config. A run's own ``review.md``
is no input: it is rendered output (ADR 097), compared with the rendering by DOC018.
The inputs are listed only when a destination exists (an absent path holds none).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial
from pathlib import Path

from assay.engine.files.destination import Ground
from assay.engine.workspace.candidates import Discovery
from assay.engine.workspace.config import Config
from assay.engine.workspace.run_folders import REVIEW, run_of

__all__ = ["ground", "read_paths", "workspace_inputs"]


def ground(
    config: Config | None,
    *,
    more: Sequence[Path | str] = (),
    discovery: Discovery | None = None,
) -> Ground:
    """What a destination is judged against in the workspace ``config`` describes
    (None: no workspace); ``more``: inputs of the command's own (a store it reads, a
    policy file). ``discovery``: the workspace's, when the command made it already."""
    if config is None:
        return Ground(inputs=lambda: tuple(more))
    return Ground(workspace=config.root, inputs=partial(read_paths, config, more, discovery))


def read_paths(
    config: Config, more: Iterable[Path | str] = (), discovery: Discovery | None = None
) -> tuple[Path | str, ...]:
    """The absolute paths of what a check of the workspace reads, and ``more``."""
    from assay.engine.workspace.discovery import discover

    found = discovery if discovery is not None else discover(config)
    paths: list[Path | str] = [config.root / path for path in workspace_inputs(found)]
    if config.source is not None:
        paths.append(config.source)
    return (*paths, *more)


def workspace_inputs(discovery: Discovery) -> tuple[str, ...]:
    """The workspace-relative paths of the files a check reads: its documents, its
    spec files, and every file of a run but a review.md at the run's root (sorted)."""
    found = {c.path for c in discovery.documents} | set(discovery.specs)
    runs = discovery.runs
    if runs:
        for path in discovery.files:
            run = run_of(path, runs)
            if run is not None and path != (f"{run}/{REVIEW}" if run else REVIEW):
                found.add(path)
    return tuple(sorted(found))

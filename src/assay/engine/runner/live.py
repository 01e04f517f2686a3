"""A workspace kept open between checks, for an editor: one record checked at a time,
from the text the editor holds.

The first check reads the whole workspace (through the store, as ``assay check``
does). Then each edit is a scoped run over the workspace as discovered then: the
edited document is read from the editor's text (``Workspace.unsaved``), the other documents are
their rows in the store, and nothing is written to it. The workspace keeps its store
open, and with it the rows and their split between edits while nothing writes to it
(unpickling 10,000 rows and splitting them again each time was two thirds of an
edit's check). Discovery — half of a pre-commit run — is not done again until
``refresh``: after a save, or when files change on disk.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from assay.engine.cache.store import Store
from assay.engine.runner.result import Report
from assay.engine.runner.run import check
from assay.engine.workspace.config import Config, load_config
from assay.engine.workspace.loading import Workspace, open_workspace
from assay.spec.diagnostics import Diagnostic


class LiveWorkspace:
    """The workspace ``config`` describes, checked as its documents are edited."""

    def __init__(
        self,
        config: Config,
        *,
        select: Sequence[str] | None = None,
        ignore: Sequence[str] | None = None,
        start: Path | None = None,
    ) -> None:
        """``start``: the folder the config was found from, to find it again on each
        refresh (a saved config changes the run); None keeps ``config``."""
        self.config = config
        self._start = start
        self._select, self._ignore = select, ignore
        self._workspace: Workspace | None = None
        #: The store its checks share, for as long as it lives (None: caching is off).
        self._store = Store.open(config.root)

    def refresh(self, saved: Sequence[str] = ()) -> Report:
        """Discover the workspace again (files changed on disk) and check it: whole
        the first time, else only ``saved`` (their rows in the summary renewed)."""
        first = self._workspace is None
        if self._start is not None and not first:
            self.config = load_config(self._start)  # ConfigError for one saved broken
        self._workspace = open_workspace(self.config, store=self._store)
        paths = None if first or not saved else [p for p in saved if self.knows(p)]
        return self._check(paths, self._workspace)

    def knows(self, path: str) -> bool:
        """Whether ``path`` is a document, a spec or the config of the workspace."""
        workspace = self._opened()
        discovery = workspace.discovery
        if path in discovery.specs or path == self._config_path():
            return True
        return any(c.path == path for c in discovery.documents)

    def check_text(self, path: str, text: str) -> tuple[Diagnostic, ...]:
        """The diagnostics of ``path`` (workspace-relative POSIX) were it to hold
        ``text``; empty for a file that is none of the workspace's.

        A spec gives its own findings: what a changed spec does to the records is
        checked when it is saved (a spec changes every document's reading); so is a
        changed config, read again on ``refresh``.
        """
        workspace = self._opened()
        if not self.knows(path):
            return self._check_new(path, text)
        if path in workspace.discovery.specs or path == self._config_path():
            reopened = open_workspace(self.config, store=self._store, unsaved={path: text})
            return tuple(d for d in reopened.spec_diagnostics if d.path == path)
        report = self._check([path], workspace.with_unsaved({path: text}))
        return tuple(d for d in report.diagnostics if d.path == path)

    def _check_new(self, path: str, text: str) -> tuple[Diagnostic, ...]:
        """``path`` not on disk yet (a record the editor holds before its first save):
        checked in the workspace discovered again with it listed, as it would be once
        saved; empty when it would be none of the workspace's documents then either."""
        if os.path.lexists(self.config.root / path):
            return ()  # on disk, and not the workspace's
        workspace = open_workspace(self.config, store=self._store, unsaved={path: text})
        if not any(c.path == path for c in workspace.discovery.documents):
            return ()
        report = self._check([path], workspace)
        return tuple(d for d in report.diagnostics if d.path == path)

    def _check(self, paths: list[str] | None, workspace: Workspace) -> Report:
        return check(
            self.config,
            select=self._select,
            ignore=self._ignore,
            paths=paths,
            workspace=workspace,
            cache=self._store is not None,
            store=self._store,
            # One process: the server's threads and a forked pool do not mix.
            jobs=1,
        )

    def close(self) -> None:
        """Close the store."""
        if self._store is not None:
            self._store.close()

    def _opened(self) -> Workspace:
        if self._workspace is None:
            self.refresh()
        assert self._workspace is not None
        return self._workspace

    def _config_path(self) -> str | None:
        source = self.config.source
        return None if source is None else source.relative_to(self.config.root).as_posix()

"""``plugins: [assay]``: the verified records and reviews, added to an existing MkDocs site.

On each build the plugin runs the same gate as ``assay publish`` (``decide``), writes
the same docs tree (``write_tree``) into a temporary folder, and adds its files to the
site's below ``path`` (default ``assay/``). Each exclusion is logged as a warning, so
``mkdocs build --strict`` fails and names it, and a plain build leaves it out (also
when the failing file lies inside the site's own ``docs_dir``). A spec or config error
stops every build. It is a convenience, never the only gate: a MkDocs successor that
skips plugins (Zensical) would build the site without it; ``assay publish`` is the gate.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from mkdocs.config import config_options as option
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel

from assay.engine.workspace.config import load_config
from assay.errors import AssayError
from assay.site.gate import Excluded, Publication, decide
from assay.site.plugin_paths import folder_prefix, nav_order, nav_pages, within
from assay.site.tree import write_tree

__all__ = ["AssayPlugin", "AssayPluginConfig"]

log = get_plugin_logger("assay")


class AssayPluginConfig(Config):  # type: ignore[no-untyped-call]  # as for AssayPlugin
    """The plugin's options in ``mkdocs.yml``."""

    #: The workspace (its ``assay.toml`` is looked for from there); default: the folder
    #: of ``mkdocs.yml``. Relative to that folder.
    root = option.Optional(option.Dir(exists=True))
    #: An assay config file to use instead of looking for one.
    config = option.Optional(option.File(exists=True))
    #: Where the generated pages go inside the site.
    path = option.Type(str, default="assay/")
    #: The title of the section added to an explicit ``nav``.
    nav_title = option.Type(str, default="Decision records")


# MkDocs' __init_subclass__ is unannotated; strict mypy flags every plugin class.
class AssayPlugin(BasePlugin[AssayPluginConfig]):  # type: ignore[no-untyped-call]
    """Gate the workspace, then add what verified to the site's files and nav."""

    def __init__(self) -> None:
        super().__init__()
        self._tree: tempfile.TemporaryDirectory[str] | None = None

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files:
        """Gate, write the tree, and add its files below ``path``."""
        prefix = folder_prefix(self.config.path)
        if prefix is None:
            raise PluginError(f"assay: `path` must be a relative folder (got {self.config.path!r})")
        publication = self._decide(config)
        self._drop_tree()
        self._tree = tempfile.TemporaryDirectory(prefix="assay-plugin-")
        docs = Path(self._tree.name)
        tree = write_tree(publication, docs)
        left_out = (*publication.excluded, *tree.refused)
        for excluded in sorted(left_out, key=lambda e: e.path):
            log.warning(f"excluded {excluded.path}: {excluded.reason}")
        for note in tree.notes:  # a link shown as its text: said, as `assay publish` says it
            log.info(f"note {note.path}:{note.line}:{note.column}: {note.message}")
        _drop_excluded(files, publication.root, Path(config.docs_dir), left_out)
        written = sorted(p.relative_to(docs).as_posix() for p in docs.rglob("*") if p.is_file())
        listed = set(nav_pages((prefix + path for path in written), prefix))
        for path in written:
            uri = prefix + path
            if files.get_file_from_path(uri) is not None:
                raise PluginError(
                    f"assay: the site already has {uri}; set the plugin's `path` to a free folder"
                )
            # Only the index pages enter the nav: MkDocs repeats the whole nav in every
            # page, so listing each record would grow the site with the square of them.
            inclusion = InclusionLevel.UNDEFINED if uri in listed else InclusionLevel.NOT_IN_NAV
            files.append(
                File.generated(config, uri, abs_src_path=str(docs / path), inclusion=inclusion)
            )
        if config.nav is not None:
            config.nav.append({self.config.nav_title: sorted(listed, key=nav_order)})
        return files

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Remove the tree of verified pages the build read."""
        self._drop_tree()

    def on_build_error(self, *, error: Exception) -> None:
        """Remove the tree of verified pages when the build fails too."""
        self._drop_tree()

    def _decide(self, config: MkDocsConfig) -> Publication:
        here = Path(os.path.dirname(config.config_file_path or "."))
        root = Path(self.config.root) if self.config.root else here
        explicit = Path(self.config.config) if self.config.config else None
        try:
            return decide(load_config(root, explicit))
        except AssayError as error:  # a spec or config error: nothing can be judged
            raise PluginError(f"assay: {error}") from None

    def _drop_tree(self) -> None:
        if self._tree is not None:
            self._tree.cleanup()
            self._tree = None


def _drop_excluded(
    files: Files, root: Path, docs_dir: Path, excluded: tuple[Excluded, ...]
) -> None:
    """Remove from the site's own files every one the gate excluded (a failing record
    kept inside ``docs_dir``), so the site never holds what failed."""
    inside = docs_dir.resolve()  # the workspace root is resolved too
    folders = [
        (root / e.path).relative_to(inside).as_posix()
        for e in excluded
        if within(root / e.path, inside)
    ]
    for file in list(files):
        if any(file.src_uri == f or file.src_uri.startswith(f + "/") for f in folders):
            files.remove(file)

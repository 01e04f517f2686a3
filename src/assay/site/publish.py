"""``publish``: the gate, the docs tree, the MkDocs build and the swap, in that order.

With ``strict``, anything excluded stops the publication before a tree is written:
the previous site stays exactly as it was.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from attrs import frozen

from assay.engine.workspace.config import Config
from assay.site.build import build_site
from assay.site.gate import Excluded, Publication, decide
from assay.site.pages.links import LinkNote
from assay.site.tree import write_tree
from assay.spec.model import Model

__all__ = ["Published", "publish"]


@frozen(kw_only=True)
class Published(Model):
    """What one publication did: what the gate decided, and whether the site was built."""

    publication: Publication
    #: Everything left out: the gate's exclusions and the files refused while copying.
    excluded: tuple[Excluded, ...]
    built: bool
    #: Links of published records shown as their text only (they left the published
    #: set, or were unsafe), each with its place.
    notes: tuple[LinkNote, ...] = ()


def publish(config: Config, out: Path, *, strict: bool = False, cache: bool = True) -> Published:
    """Publish the workspace ``config`` describes as a MkDocs site at ``out``.

    Raises ``SpecFailed`` for a spec error and ``BuildFailed`` when MkDocs fails;
    in both cases, and when ``strict`` refuses, the previous site is untouched.
    """
    publication = decide(config, cache=cache)
    if strict and publication.excluded:
        return Published(publication=publication, excluded=publication.excluded, built=False)
    with tempfile.TemporaryDirectory(prefix="assay-publish-") as work:
        docs = Path(work) / "docs"
        docs.mkdir()
        tree = write_tree(publication, docs)
        excluded = tuple(sorted((*publication.excluded, *tree.refused), key=lambda e: e.path))
        if strict and tree.refused:
            return Published(publication=publication, excluded=excluded, built=False)
        build_site(
            docs,
            out,
            name=config.root.name,
            strict=strict,
            nav=tree.nav,
            source_date_epoch=tree.source_date_epoch,
        )
    return Published(publication=publication, excluded=excluded, built=True, notes=tree.notes)

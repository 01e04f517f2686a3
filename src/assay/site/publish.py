"""``publish``: the gate, the docs tree, the MkDocs build and the swap, in that order.

With ``strict``, anything excluded stops the publication before a tree is written:
the previous site stays exactly as it was.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from attrs import frozen

from assay.engine.workspace.config import Config
from assay.site.build import build_site
from assay.site.destination import check_site_destination
from assay.site.evaluations import INDEX as EVALUATIONS
from assay.site.evaluations import check_stores, write_evaluations
from assay.site.gate import Excluded, Publication, decide
from assay.site.pages.links import LinkNote
from assay.site.themes import DEFAULT_THEME, theme_settings
from assay.site.tree import write_tree
from assay.spec.model import Model

if TYPE_CHECKING:
    from assay.site.progress import Report

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
    #: The evaluation summary pages written (``evaluations/…``), the index last.
    evaluations: tuple[str, ...] = ()


def publish(
    config: Config,
    out: Path,
    *,
    strict: bool = False,
    cache: bool = True,
    theme: str = DEFAULT_THEME,
    progress: Report | None = None,
    evaluations: Sequence[Path] = (),
    flag: str = "--out",
) -> Published:
    """Publish the workspace ``config`` describes as a MkDocs site at ``out``, built
    with ``theme``; ``progress`` is told each page rendered; each store of
    ``evaluations`` is summarized onto the site (``assay.site.evaluations``).

    Raises ``SpecFailed`` for a spec error, ``ThemeMissing`` for a theme not installed
    and ``BuildFailed`` when MkDocs fails, ``DestinationRefused`` when ``out`` is not
    a place a site may go (``assay.site.destination``; ``flag`` names it); in each case,
    and when ``strict`` refuses, the previous site is untouched.
    """
    theme_settings(theme)  # before the check: a missing theme is known at once
    check_stores(evaluations)  # so is a store that is not there
    out = check_site_destination(out, config, flag=flag, evaluations=evaluations)  # and --out
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
        summarized = write_evaluations(evaluations, docs) if evaluations else ()
        nav = [*tree.nav, {"Evaluations": EVALUATIONS}] if summarized else tree.nav
        build_site(
            docs,
            out,
            name=config.root.name,
            strict=strict,
            nav=nav,
            source_date_epoch=tree.source_date_epoch,
            theme=theme,
            progress=progress,
        )
    return Published(
        publication=publication,
        excluded=excluded,
        built=True,
        notes=tree.notes,
        evaluations=summarized,
    )

"""Build the docs tree with MkDocs' Python API, then swap the site into place.

The new site is built into a staging folder beside ``out`` and swapped in whole by the
one writer (``assay.engine.files.folders``): a kill at any moment leaves the previous
site or the new one, and what it left beside ``out`` is tidied by the next build.
After MkDocs has built, the site gets its marker (``MARKER``), so that the next publish
knows the folder is a site assay made and may replace it (``is_site``); MkDocs cannot
drop the marker, since it is written after MkDocs is done. MkDocs logs through
``logging``: its records are held while it builds and shown only in the error when the
build fails.
"""

from __future__ import annotations

import html
import io
import json
import logging
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from assay.engine.files import folders
from assay.engine.files.writing import make_parents, write_file
from assay.errors import AssayError
from assay.site.themes import DEFAULT_THEME, theme_settings
from assay.version import __version__

if TYPE_CHECKING:
    from assay.site.progress import Report

__all__ = ["MARKER", "BuildFailed", "build_site", "is_site"]

#: The file at the top of every site assay builds: what lets a publish replace it.
MARKER = ".assay-site"
_MARKER_LINE = "made by assay publish"


def is_site(folder: Path) -> bool:
    """Whether ``folder`` is a site a previous publish built (it holds the marker)."""
    marker = folder / MARKER
    if marker.is_symlink() or not marker.is_file():
        return False
    try:
        return marker.read_text(encoding="utf-8").startswith(_MARKER_LINE)
    except (OSError, UnicodeDecodeError):
        return False


class BuildFailed(AssayError):
    """MkDocs could not build the site; the previous site (if any) is untouched."""


def build_site(
    docs: Path,
    out: Path,
    *,
    name: str,
    strict: bool = False,
    nav: list[dict[str, str]] | None = None,
    source_date_epoch: int = 0,
    theme: str = DEFAULT_THEME,
    progress: Report | None = None,
) -> None:
    """Build ``docs`` with MkDocs and ``theme`` and make it the site at ``out``;
    ``progress`` is told each page rendered (``assay.site.progress``).

    ``nav`` is the navigation (None: MkDocs' own, every page). MkDocs dates the site
    (``sitemap.xml`` and its gzip header) by ``SOURCE_DATE_EPOCH``, else the clock: it
    is set to ``source_date_epoch`` for the build unless the user set it, so the same
    documents give the same bytes.
    """
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from assay.site.description import MetaDescription
    from assay.site.policy import ContentSecurityPolicy
    from assay.site.progress import PageCounter

    themed = theme_settings(theme)  # a missing theme stops us before any folder is made
    out = Path(os.path.abspath(out))
    make_parents(out)
    folders.recover(out)
    new = folders.staging(out)
    settings = {
        "site_name": name,
        # The home page's meta description; the theme writes it unescaped.
        "site_description": html.escape(f"Decision records and reviews of {name}"),
        "docs_dir": str(docs),
        "site_dir": str(new),
        "theme": themed,
        "strict": strict,
        **({"nav": nav} if nav is not None else {}),
    }
    try:
        with _quiet() as held, _dated(source_date_epoch):
            try:
                # JSON is YAML: the generated config needs no YAML writer.
                config = load_config(
                    io.StringIO(json.dumps(settings)),
                    config_file_path=str(docs.parent / "mkdocs.yml"),
                )
                config.plugins["assay-description"] = MetaDescription()
                config.plugins["assay-policy"] = ContentSecurityPolicy()
                if progress is not None:
                    config.plugins["assay-progress"] = PageCounter(progress)
                build(config)
            except Exception as error:  # a theme, an extension: MkDocs' code raises anything
                details = "".join(f"\n  {line}" for line in held)
                raise BuildFailed(f"MkDocs could not build the site: {error}{details}") from None
        marker = f"{_MARKER_LINE} {__version__}; a publish may replace this folder\n"
        write_file(new / MARKER, marker.encode("utf-8"))
        try:
            folders.swap_in(new, out)
        except OSError as error:
            raise BuildFailed(f"cannot move the new site to {out}: {error.strerror}") from None
    finally:
        shutil.rmtree(new, ignore_errors=True)


@contextmanager
def _dated(epoch: int) -> Iterator[None]:
    """``SOURCE_DATE_EPOCH`` set to ``epoch`` while building, unless already set."""
    if "SOURCE_DATE_EPOCH" in os.environ:
        yield
        return
    os.environ["SOURCE_DATE_EPOCH"] = str(epoch)
    try:
        yield
    finally:
        del os.environ["SOURCE_DATE_EPOCH"]


@contextmanager
def _quiet() -> Iterator[list[str]]:
    """Hold what MkDocs logs (``mkdocs`` and its children) instead of printing it."""
    logger = logging.getLogger("mkdocs")
    held: list[str] = []

    class _Hold(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.levelno >= logging.WARNING:
                held.append(f"{record.levelname}: {record.getMessage()}")

    handler = _Hold(logging.DEBUG)
    saved = (logger.propagate, logger.level)
    logger.addHandler(handler)
    logger.propagate = False
    logger.setLevel(logging.INFO)
    try:
        yield held
    finally:
        logger.removeHandler(handler)
        logger.propagate, level = saved[0], saved[1]
        logger.setLevel(level)

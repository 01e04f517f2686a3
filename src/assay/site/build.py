"""Build the docs tree with MkDocs' Python API, then swap the site into place.

The new site is built into a temporary folder beside ``out`` (same file system, so
renames are atomic), then the old site is renamed aside, the new one renamed in, and
the old one removed. Until that second rename the previous site is untouched; if it
fails, the old one is renamed back. MkDocs logs through ``logging``: its records are
held while it builds and shown only in the error when the build fails.
"""

from __future__ import annotations

import html
import io
import json
import logging
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from assay.errors import AssayError
from assay.site.themes import DEFAULT_THEME, theme_settings

if TYPE_CHECKING:
    from assay.site.progress import Report

__all__ = ["BuildFailed", "build_site", "recover", "swap_in"]


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
    out.parent.mkdir(parents=True, exist_ok=True)
    recover(out)
    new = Path(tempfile.mkdtemp(prefix=f".{out.name}.new-", dir=out.parent))
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
        swap_in(new, out)
    finally:
        shutil.rmtree(new, ignore_errors=True)


def recover(out: Path) -> None:
    """Tidy what a publish killed outright (SIGKILL, power loss) left beside ``out``.

    A half-built ``.<out>.new-*`` folder is removed. A ``.<out>.old-*`` folder is the
    previous site: it is removed when ``out`` exists, and renamed back to ``out`` when
    the kill fell between the two renames of ``swap_in`` and ``out`` is missing.
    """
    leftovers = sorted(out.parent.glob(f".{out.name}.new-*")) + sorted(
        out.parent.glob(f".{out.name}.old-*"), key=lambda p: p.stat().st_mtime
    )
    for folder in leftovers:
        if folder.name.startswith(f".{out.name}.old-") and not os.path.lexists(out):
            os.rename(folder, out)  # the previous site, back where it was
        elif folder.is_dir() and not folder.is_symlink():
            shutil.rmtree(folder, ignore_errors=True)


def swap_in(new: Path, out: Path) -> None:
    """Make the folder ``new`` the folder ``out``: rename the old aside, the new in,
    then remove the old. On failure the old one is back at ``out``."""
    aside = None
    if os.path.lexists(out):
        aside = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
        os.rename(out, aside)  # onto the empty folder mkdtemp made: atomic on POSIX
    try:
        os.rename(new, out)
    except OSError as error:
        if aside is not None:
            os.rename(aside, out)
        raise BuildFailed(f"cannot move the new site to {out}: {error.strerror}") from None
    if aside is not None:
        shutil.rmtree(aside, ignore_errors=True)


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

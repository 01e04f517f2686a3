"""Where a documentation site's pages live: the folders a root-relative link
(`/architecture/deep-dives`) may point into besides the workspace root.

A site generator serves `docs/architecture/deep-dives.md` at `/architecture/deep-dives`:
a link starting with `/` in a page of a site names a page of the site, not a path from
the repository root. The site roots are `docs/`, each Docusaurus site's folder (its
default routes are `/docs/…` and `/blog/…`), its `docs/` (served at `/` by
`routeBasePath: '/'`) and `static/` (its files), each MkDocs `docs_dir`, and each Hugo
site's `content/` and its languages' (`content/en`); sites are looked for at the root
and one folder down, where repositories keep a `website/` or `site/` site.

A site also serves the files of its static folder at its root: `public/` (Vite,
VitePress, Next.js, Astro and many a home-made generator) or `static/` (Hugo,
Docusaurus, Gatsby), at the root or up to two folders down (`docs/src/public`).
An image a record links as `/resources/map.png`, or as `resources/map.png` under a
`<base href="/">`, is `public/resources/map.png` on the site.
"""

from __future__ import annotations

import re
from pathlib import Path

from assay.engine.files.opening import read_contained
from assay.engine.files.refusal import Refused
from assay.engine.workspace.links import FileIndex

_DOCUSAURUS = tuple(
    f"docusaurus.config.{suffix}" for suffix in ("js", "ts", "mjs", "cjs", "mts", "cts")
)
_MKDOCS = ("mkdocs.yml", "mkdocs.yaml")
_HUGO = ("hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json")
#: A Hugo site's content folder for one language (`content/en`, `content/pt-br`).
_LANGUAGE = re.compile(r"[a-z]{2}(?:-[a-z]{2,4})?", re.IGNORECASE)
# `docs_dir: site-src` at the start of a line; read as text, since a MkDocs file may
# hold `!!python/name:` tags no safe YAML loader takes.
#: The names of the folders whose files a site serves at its root.
_STATIC = frozenset({"public", "static"})
_DOCS_DIR = re.compile(r"""^docs_dir:[ \t]*["']?([^"'#\r\n]+?)["']?[ \t]*(?:#.*)?$""", re.M)


def site_roots(root: Path, index: FileIndex) -> tuple[str, ...]:
    """The workspace folders a root-relative link may name a page of (``.`` is the root,
    when a site is served from it): ``docs`` and the folders of the sites found."""
    found: list[str] = ["docs"]
    shallow = sorted(d for d in index.directories if d == "." or d.count("/") <= 1)
    for folder in shallow:
        prefix = "" if folder == "." else f"{folder}/"
        if any(f"{prefix}{name}" in index.files for name in _DOCUSAURUS):
            found += [folder, f"{prefix}docs", f"{prefix}static"]
        for name in _MKDOCS:
            if f"{prefix}{name}" in index.files:
                found.append(f"{prefix}{_docs_dir(root, prefix + name)}")
        if any(f"{prefix}{name}" in index.files for name in _HUGO):
            found += _hugo_content(f"{prefix}content", index)
    roots = dict.fromkeys(r for r in found if index.is_dir(r))
    return tuple(roots)


def _hugo_content(content: str, index: FileIndex) -> list[str]:
    """A Hugo site's content folder and its languages' (`content/en`): the routes of
    its pages start there."""
    languages = sorted(
        d
        for d in index.directories
        if d.rpartition("/")[0] == content and _LANGUAGE.fullmatch(d.rpartition("/")[2])
    )
    return [content, *languages]


def static_roots(index: FileIndex) -> tuple[str, ...]:
    """The folders whose files a site serves at its root: every ``public/`` or
    ``static/`` at most three folders deep, shallowest first."""
    found = (d for d in index.directories if d.count("/") <= 2 and d.rpartition("/")[2] in _STATIC)
    return tuple(sorted(found, key=lambda d: (d.count("/"), d)))


def _docs_dir(root: Path, name: str) -> str:
    """The `docs_dir` a MkDocs file names (MkDocs' default `docs` when it names none,
    or one that leaves its folder, or the file cannot be read)."""
    try:
        found = read_contained(root, name)
        text = "" if isinstance(found, Refused) else found.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return "docs"
    match = _DOCS_DIR.search(text)
    value = match.group(1).strip().strip("/") if match else ""
    if not value or value.startswith(("/", "..")) or "/../" in value:
        return "docs"
    return value.removeprefix("./")

"""Where a site serves what a root-relative or site-built link names: a page under a
site root, a file of a static folder, the page built from a source beside it. The
roots come from ``site_roots``; resolution (``links.resolve_link``) asks here once a
link names no file of the workspace as written.
"""

from __future__ import annotations

import posixpath
from typing import Protocol


class FileIndex(Protocol):
    """What is asked of the workspace's files (``links.FileIndex``)."""

    @property
    def site_roots(self) -> tuple[str, ...]:
        """Folders a root-relative link may name a page of."""

    @property
    def static_roots(self) -> tuple[str, ...]:
        """Folders whose files a site serves at its root."""

    @property
    def mounts(self) -> tuple[tuple[str, str], ...]:
        """Workspace folders a site shows as content folders elsewhere."""

    def exists(self, path: str) -> bool:
        """Whether ``path`` is a file or a folder of the workspace."""


#: Suffixes that mean a file, never a top-level domain, even where a country owns the
#: name (`.md`, `.py`, `.sh`, `.pl`): `notes.md` is a missing file, not a web site.
FILE_EXTENSIONS = frozenset({
    "md", "mdx", "txt", "text", "rst", "adoc", "html", "htm", "pdf", "doc", "docx", "odt",
    "rtf", "csv", "tsv", "json", "yaml", "yml", "toml", "xml", "ini", "cfg", "conf", "log",
    "png", "jpg", "jpeg", "gif", "svg", "webp", "bmp", "ico", "tif", "tiff", "avif", "heic",
    "puml", "mmd", "dot", "py", "js", "ts", "sh", "rs", "go", "java", "rb", "pl", "cpp",
    "zip", "gz", "tar",
})  # fmt: skip
#: The workspace root as a site root (`links.ROOT`).
ROOT = "."


#: The files a site serves a page from, for the route `x` (or `x/`).
_PAGE_FORMS = (
    "{}.md", "{}.mdx", "{}/index.md", "{}/index.mdx", "{}/README.md", "{}/_index.md"
)  # fmt: skip
#: The sources of a page a link names by its source's name (`/docs/glossary.md`) when
#: the page is a folder's own (Hugo's `docs/glossary/_index.md`).
_FOLDER_PAGES = ("{}/_index.md", "{}/index.md")
# Extensions a site writes for a page it renders: `/guide/intro.html` is a route too.
_PAGE_EXTENSIONS = frozenset({"html", "htm"})


def site_page(parts: tuple[str, ...], index: FileIndex) -> str | None:
    """The file a root-relative link names on a site, if one holds it: the route
    under each site root (the workspace root only when a site is served from it), as
    written or as a page (`x.md`, `x.mdx`, `x/index.md`, `x/index.mdx`, `x/README.md`,
    Hugo's `x/_index.md`); `x.md` may name the folder page `x/_index.md` too."""
    route = "/".join(parts)
    stem, dot, suffix = route.rpartition(".")
    folder_pages = _FOLDER_PAGES if dot and suffix in ("md", "mdx") else ()
    for root in index.site_roots if route else ():  # `/` is the root, found already
        base = route if root == ROOT else f"{root}/{route}"
        for form in (*_PAGE_FORMS, "{}"):  # a page before its folder
            if index.exists(form.format(base)):
                return form.format(base)
        for form in folder_pages:
            page = form.format(stem if root == ROOT else f"{root}/{stem}")
            if index.exists(page):
                return page
    return None


def static_file(path: str, parts: tuple[str, ...] | None, index: FileIndex) -> str | None:
    """The file of a static folder a site serves for ``path``, if one holds it: written
    from the site's root (`/resources/map.png`), or from a page whose site resolves its
    links from the root (`<base href="/">`: `resources/map.png`). A path that climbs
    (`../`) means the folder it is written in, and names no file of the site root."""
    if path.startswith("../") or not parts or not names_a_file(parts):
        return None
    route = "/".join(parts)
    for root in index.static_roots:
        if index.exists(f"{root}/{route}"):
            return f"{root}/{route}"
    return None


#: The sources a documentation generator (Sphinx, MkDocs, Hugo) builds a page from.
_PAGE_SOURCE_SUFFIXES = (".rst", ".md", ".mdx", ".txt")


def page_source(target: str, index: FileIndex) -> str | None:
    """The source of the page ``target`` names, for a link to a built page
    (`0008-structure.html` beside `0008-structure.rst`, as Sphinx records link each
    other): the page exists wherever the site is, though its source has another name."""
    stem, dot, suffix = target.rpartition(".")
    if not dot or suffix.casefold() not in _PAGE_EXTENSIONS:
        return None
    for source_suffix in _PAGE_SOURCE_SUFFIXES:
        if index.exists(stem + source_suffix):
            return stem + source_suffix
    return None


def names_a_file(parts: tuple[str, ...]) -> bool:
    """Whether a path's last name ends in a file's extension (`.md`, `.png`), so it
    names a file on any site, not a page route (`deep-dives`, `intro.html`)."""
    suffix = parts[-1].rpartition(".")[2].casefold() if parts and "." in parts[-1] else ""
    return suffix in FILE_EXTENSIONS and suffix not in _PAGE_EXTENSIONS


def mounted_file(source: str, path: str, index: FileIndex) -> str | None:
    """The file a relative link of a page names on a Hugo site that shows the page's
    folder elsewhere (``hugo_mounts``): resolved among the site's content, then found
    in the folder mounted there."""
    if path.startswith("/"):
        return None
    for folder, shown in index.mounts:
        if not _within(source, folder):
            continue
        page = shown + source[len(folder) :]
        target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
        for other, at in index.mounts:
            if _within(target, at) and index.exists(found := other + target[len(at) :]):
                return found
    return None


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder + "/")

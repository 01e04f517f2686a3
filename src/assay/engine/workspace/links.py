"""Link resolution: where a Markdown link leads, judged against a view of the workspace.

Pure: a `FileIndex` stands in for the file system, so resolving never touches the disk
(symbolic links are judged when files are opened, PTH002) and costs dict look-ups only.
Paths are workspace-relative POSIX strings; the workspace root is spelled `.`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property
from typing import Literal
from urllib.parse import unquote, urlsplit

from attrs import frozen

from assay.engine.workspace.site_files import (
    FILE_EXTENSIONS,
    mounted_file,
    names_a_file,
    page_source,
    site_page,
    static_file,
)
from assay.spec.model import Model

LinkKind = Literal[
    "external", "anchor", "ok", "missing", "wrong-case", "missing-extension",
    "scheme-less-domain", "escapes-workspace", "absolute-path", "site-route", "empty",
]  # fmt: skip

#: The workspace root as a path.
ROOT = "."

_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)
# Checked before schemes: `C:` would otherwise pass for a one-letter URL scheme.
_LOCAL_ABSOLUTE = re.compile(r"^(?:[a-z]:[\\/]|\\\\|file:)", re.IGNORECASE)
_DOMAIN = re.compile(r"^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+([a-z]{2,6})$", re.IGNORECASE)
# `git@github.com:owner/repo.git`, as `git remote -v` prints it.
_SCP_REMOTE = re.compile(r"^[\w.-]+@([^:/]+):(.+)$")
_CASE_BREAKS = "it will break on case-sensitive file systems"
# Repository views whose next component is a branch and whose rest is a path.
_REPOSITORY_VIEWS = frozenset({"blob", "tree", "raw"})
#: The refs a repository's own URL names its main line by, which the working tree is:
#: a link to `blob/<commit>/x`, a tag or another branch names `x` as it is there (moved
#: or deleted since, perhaps), and a branch may hold `/` (`feature/x`), so where its
#: path starts is not known either.
MAIN_LINE = frozenset({"main", "master", "head", "trunk", "develop", "development"})


def _components(path: str) -> tuple[str, ...] | None:
    """`path` without empty, `.` and `..` components; None when it climbs above the root."""
    parts: list[str] = []
    for part in path.split("/"):
        if part == "..":
            if not parts:
                return None
            parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return tuple(parts)


def _join(parts: Sequence[str]) -> str:
    return "/".join(parts) or ROOT


def _is_plain(path: str) -> bool:
    """True for a path already in normal form (what git lists): no empty, `.` or `..`
    component, so it is its own `_join(_components(path))`."""
    return (
        bool(path)
        and path[0] != "/"
        and path[-1] != "/"
        and "//" not in path
        and not (path.startswith(("./", "../")) or path in (".", ".."))
        and "/./" not in path
        and "/../" not in path
        and not path.endswith(("/.", "/.."))
    )


@frozen
class FileIndex(Model):
    """The workspace's files and folders, with a case-insensitive view for suggestions."""

    files: frozenset[str]
    directories: frozenset[str]
    #: Folders a root-relative link may name a page of (`site_roots.site_roots`), as
    #: `docs/architecture/deep-dives.md` is `/architecture/deep-dives` on a site.
    site_roots: tuple[str, ...] = ()
    #: Folders whose files a site serves at its root (`site_roots.static_roots`), as
    #: `public/resources/map.png` is `/resources/map.png` on a site.
    static_roots: tuple[str, ...] = ()
    #: Folders a Hugo site shows as content folders elsewhere (`hugo_mounts`).
    mounts: tuple[tuple[str, str], ...] = ()

    @classmethod
    def build(
        cls,
        paths: Iterable[str],
        *,
        directories: Iterable[str] = (),
        normal: bool = False,
        site_roots: tuple[str, ...] = (),
        static_roots: tuple[str, ...] = (),
        mounts: tuple[tuple[str, str], ...] = (),
    ) -> FileIndex:
        """Index workspace-relative file paths; their folders are derived, `directories`
        adds empty ones. Raises `ValueError` for a path that leaves the workspace.

        `normal` says the paths are in normal form already, as discovery lists them (git
        and the folder walk never write `a/./b`), so they need no test one by one.
        """
        files: set[str] = set(paths) if normal else set()
        dirs: set[str] = {ROOT}
        for path in () if normal else paths:
            if not _is_plain(path):  # `a/./b`, `a//b`, `..`: normalise the slow way
                parts = _components(path)
                if not parts:
                    raise ValueError(f"`{path}` is not a file path inside the workspace")
                path = _join(parts)
            files.add(path)
        # A file's folders, each folder once: the folders are few, the files many.
        parents = {path.rpartition("/")[0] for path in files}
        for path in directories:
            parts = _components(path)
            if parts is None:
                raise ValueError(f"`{path}` is not a file path inside the workspace")
            parents.add(_join(parts))
        for folder in parents:
            while folder and folder not in dirs:
                dirs.add(folder)
                folder = folder.rpartition("/")[0]
        return cls(frozenset(files), frozenset(dirs), site_roots, static_roots, mounts)

    @cached_property
    def _by_folded(self) -> Mapping[int, str | tuple[str, ...]]:
        """The hash of a case-folded path -> the real paths (files and folders) that
        fold to it, or whose folding shares its hash: one table for the run, so a
        link's case look-up is one dict look-up, not a walk of its folders; built on
        the first look-up (most runs never make one). Keyed by the hash, and holding
        the index's own strings, so that it costs a run of a million records no
        second copy of every path (``case_variant`` compares the foldings)."""
        by_folded: dict[int, str | tuple[str, ...]] = {}
        for path in (*self.files, *self.directories):
            if path == ROOT:
                continue
            key = hash(_fold_path(path))
            held = by_folded.get(key)
            if held is None:
                by_folded[key] = path
            else:
                by_folded[key] = (*held, path) if isinstance(held, tuple) else (held, path)
        return by_folded

    def exists(self, path: str) -> bool:
        """Whether `path` is a file or a folder of the workspace."""
        if _is_plain(path):  # as resolved links are: no need to take it apart
            return path in self.files or path in self.directories
        parts = _components(path)
        return parts is not None and (_join(parts) in self.files or self.is_dir(path))

    def is_dir(self, path: str) -> bool:
        """Whether `path` is a folder of the workspace (`.` is the root)."""
        parts = _components(path)
        return parts is not None and _join(parts) in self.directories

    def case_variant(self, path: str) -> str | None:
        """The real spelling of `path` when it exists only with other letter case.

        None when `path` exists as written or not at all. Each component is matched in
        its own folder, exact spelling first, so `Docs/a.md` is found beside `docs/b.md`:
        of the real paths that fold alike, the first by each component's spelling, the
        exact one before the others.
        """
        parts = _components(path)
        if not parts or self.exists(path):
            return None
        folded = _fold_path(_join(parts))
        held = self._by_folded.get(hash(folded), ())
        candidates = [
            real
            for real in ((held,) if isinstance(held, str) else held)
            if _fold_path(real) == folded
        ]
        if not candidates:
            return None
        return min(candidates, key=lambda real: _spelling_order(real, parts))


def _fold_path(path: str) -> str:
    """`path` with each component case-folded (a component's folding never holds `/`)."""
    return "/".join(part.casefold() for part in path.split("/"))


def _spelling_order(real: str, parts: tuple[str, ...]) -> list[tuple[bool, str]]:
    return [(name != part, name) for name, part in zip(real.split("/"), parts, strict=True)]


@frozen
class LinkResolution(Model):
    """What a link destination is and, for internal links, where it leads."""

    kind: LinkKind
    #: The workspace path the link resolves to (`missing`, `ok`), or the real path to
    #: suggest (`wrong-case`, `missing-extension`); None for every other kind.
    target: str | None
    #: One sentence for a diagnostic, quoting the destination as written.
    message: str
    #: For `wrong-case` and `missing-extension`: what was written (``written``) and
    #: what to write instead (``suggestion``), for a quick fix; else None.
    written: str | None = None
    suggestion: str | None = None

    @property
    def code(self) -> str | None:
        """The diagnostic code this resolution calls for, if any (DESIGN.md §4)."""
        if self.kind == "escapes-workspace":
            return "LNK002"
        return None if self.kind in ("ok", "external", "anchor", "site-route") else "LNK001"


def is_footnote_label(label: str | None) -> bool:
    """Whether a reference label is a footnote's (`[^1]`): footnotes are not links."""
    return label is not None and label.startswith("^")


def _repository_key(url: str) -> tuple[str, tuple[str, ...]] | None:
    """Host and case-folded path of a repository URL. The protocol is ignored (https, ssh
    and scp-like `git@host:owner/repo` name one repository), and so is case in the path
    (GitHub and GitLab ignore it in owner and repository names)."""
    scp = _SCP_REMOTE.match(url.strip())
    try:
        split = urlsplit(url.strip())
        host, path = (scp.group(1), scp.group(2)) if scp else (split.hostname or "", split.path)
    except ValueError:
        return None
    parts = tuple(p.casefold() for p in path.strip("/").removesuffix(".git").split("/") if p)
    return (host.lower(), parts) if host and parts else None


def _repository_path(url: str, repository_urls: Sequence[str]) -> tuple[str, str] | None:
    """The ref and the workspace path a blob/tree URL into one of `repository_urls`
    names, if it is one."""
    try:
        split = urlsplit(url)
        host = split.hostname or ""
    except ValueError:
        return None
    if split.scheme.lower() not in ("http", "https"):
        return None
    parts = [part for part in split.path.split("/") if part]
    for key in filter(None, map(_repository_key, repository_urls)):
        count = len(key[1])
        if key[0] != host or tuple(part.casefold() for part in parts[:count]) != key[1]:
            continue
        rest = parts[count:]
        rest = rest[1:] if rest[:1] == ["-"] else rest  # GitLab: `/-/blob/...`
        if len(rest) >= 2 and rest[0] in _REPOSITORY_VIEWS:
            return rest[1], "/" + "/".join(rest[2:])
    return None


def _looks_like_domain(path: str) -> bool:
    match = _DOMAIN.match(path.split("/", 1)[0])
    return match is not None and match.group(1).casefold() not in FILE_EXTENSIONS


def _suggest(target: str, written: str, source_dir: tuple[str, ...] | None) -> str:
    """`target` spelled as the author would write it: root-relative when they did (or
    when there is no folder to start from), else relative to the linking document."""
    if written.startswith("/") or source_dir is None:
        return "/" + target
    parts = target.split("/")
    common = 0
    while common < min(len(parts), len(source_dir)) and parts[common] == source_dir[common]:
        common += 1
    relative = "/".join([".."] * (len(source_dir) - common) + parts[common:])
    if written.startswith("./") and not relative.startswith(".."):
        relative = "./" + relative
    # A space ends a bare destination; one written with a space was in `<...>`.
    return relative if " " in written else relative.replace(" ", "%20")


def _served_relative(path: str, index: FileIndex) -> bool:
    """Whether ``path``, relative and written plainly (`adr/ADR-70`), may be a route of
    the workspace's site: one that serves a static folder (``static_file``) resolves a
    page's links from its root when it says so (`<base href="/">`), which only the
    built page shows."""
    return bool(index.static_roots) and not path.startswith((".", "/"))


def resolve_link(
    source: str, destination: str, index: FileIndex, *, repository_urls: Sequence[str] = ()
) -> LinkResolution:
    """Resolve `destination`, found in the document at workspace path `source`."""
    dest = destination.strip()
    if not dest:  # `[x]()`: a link that leads nowhere, wrong on its face
        return LinkResolution("empty", None, "the link has no target; write where it leads")
    if dest.startswith("#"):
        return LinkResolution("anchor", None, f"`{dest}` points into this document")
    if _LOCAL_ABSOLUTE.match(dest):
        message = f"`{dest}` is a path on one computer; link relative to this file instead"
        return LinkResolution("absolute-path", None, message)
    written = dest.split("#", 1)[0].split("?", 1)[0]
    inner: str | None = None
    if _SCHEME.match(dest) is not None or dest.startswith("//"):
        outside, inner = _from_url(dest, repository_urls)
        if outside is not None:
            return outside
    # Suggestions for a URL are root-relative: there is no folder to start from.
    source_dir = _components(source.rpartition("/")[0]) if inner is None else None
    # `%FF` names the byte, as a file name is bytes: decoded as Python reads names
    # (surrogateescape), a link to a name that is not UTF-8 finds it.
    path = unquote(inner if inner is not None else written, errors="surrogateescape")
    written = dest if inner is not None else written
    if not path:
        return LinkResolution("anchor", None, f"`{dest}` points into this document")
    # A leading `/` means the workspace root, as GitHub renders it.
    prefix = "" if path.startswith("/") else source.rpartition("/")[0]
    parts = _components(f"{prefix}/{path}")
    if parts is None:
        return LinkResolution("escapes-workspace", None, f"`{written}` leaves the workspace")
    target = _join(parts)
    if index.exists(target):
        return LinkResolution("ok", target, f"`{written}` resolves to `{target}`")
    site = path.startswith("/") and inner is None
    shown = _shown_elsewhere(source, path, parts, target, written, site, inner, index)
    if shown is not None:
        return shown
    return _unresolved(dest, path, parts, target, written, site, source_dir, index)


def _from_url(
    dest: str, repository_urls: Sequence[str]
) -> tuple[LinkResolution | None, str | None]:
    """What a URL (or a protocol-relative `//host/x`) leads to: outside the working tree
    (external, or a file as it is at another revision than the main line), or the
    path in the working tree a URL of the workspace's own repository names."""
    own = _repository_path(dest, repository_urls) if not dest.startswith("//") else None
    if own is None:
        return LinkResolution("external", None, f"`{dest}` is an external URL"), None
    if own[0].casefold() not in MAIN_LINE:
        message = f"`{dest}` names a file as it is at `{own[0]}`, not in the working tree"
        return LinkResolution("external", None, message), None
    return None, own[1]


def _shown_elsewhere(
    source: str,
    path: str,
    parts: tuple[str, ...],
    target: str,
    written: str,
    site: bool,
    inner: str | None,
    index: FileIndex,
) -> LinkResolution | None:
    """A target that is no file of the workspace but that a site shows: a page of the
    site (root-relative), a file a static folder serves, the file where a mount shows
    this page, or the source of a page the site builds; None when it is none of them."""
    page = site_page(parts, index) if site else None
    if page is not None:
        return LinkResolution("ok", page, f"`{written}` is the site's page `{page}`")
    served = static_file(path, _components(path), index) if inner is None else None
    if served is not None:
        return LinkResolution("ok", served, f"`{written}` is served by the site from `{served}`")
    mounted = mounted_file(source, path, index) if index.mounts and inner is None else None
    if mounted is not None:
        message = f"`{written}` is `{mounted}`, where the site shows this page"
        return LinkResolution("ok", mounted, message)
    source_file = page_source(target, index)
    if source_file is not None:
        message = f"`{written}` is the page the site builds from `{source_file}`"
        return LinkResolution("ok", source_file, message)
    return None


def _unresolved(
    dest: str,
    path: str,
    parts: tuple[str, ...],
    target: str,
    written: str,
    site: bool,
    source_dir: tuple[str, ...] | None,
    index: FileIndex,
) -> LinkResolution:
    """Why a target that leads to no file is wrong, with the likely fix: a domain
    written without a scheme, a name whose case differs, a missing `.md`; a site route,
    on which assay makes no claim; else the file is missing."""
    # Only a bare relative path can be a domain in disguise: `./` says "path", and so
    # does a leading `/` (root-relative links, repository URLs) by leaving no first name.
    if not path.startswith("./") and _looks_like_domain(path):
        message = f"`{dest}` looks like a domain without a scheme; write `https://{dest}`"
        return LinkResolution("scheme-less-domain", None, message)
    real = index.case_variant(target)
    if real is not None:
        shown = _suggest(real, written, source_dir)
        message = f"`{written}` differs only in case from `{shown}`"
        return LinkResolution("wrong-case", real, f"{message}; {_CASE_BREAKS}", written, shown)
    if not path.endswith("/"):  # `docs/` names a folder, never `docs/.md`
        with_md = f"{target}.md"
        real = with_md if index.exists(with_md) else index.case_variant(with_md)
        if real is not None:
            shown = _suggest(real, written, source_dir)
            message = f"`{written}` has no `.md`; the file is `{shown}`"
            return LinkResolution("missing-extension", real, message, written, shown)
    if (site or _served_relative(path, index)) and not names_a_file(parts):
        # `/architecture/deep-dives`: a route of a site, which assay cannot follow
        # everywhere a generator may map it (slugs, base paths, versions); no claim.
        message = f"`{written}` is a site route that names no file of the workspace"
        return LinkResolution("site-route", None, message)
    # The target as resolved, so a path written from the wrong folder shows itself
    # (`docs/adr/0008-x.md` in `docs/adr/` leads to `docs/adr/docs/adr/0008-x.md`).
    message = f"`{written}` does not exist: it resolves to `{target}`"
    return LinkResolution("missing", target, message)

"""Discovery: which files a run loads, which it passes over and why, and file-name facts.

The files come from the run's listing (``listing``). With `include`, its globs choose
the documents; without it, decision records are found where tools and teams keep them
(``record_folders``), and in any folder whose files are named and written as records
(``named_folders``).  Either way, any folder holding ``run.toml`` is an analysis run
(``run_folders``): its manifest and its Markdown are documents, with no configuration.
Nothing here reads a document, and a symbolic link is reported, never followed: a link
can lead outside the workspace.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from assay.engine.workspace.candidates import Candidate, Discovery, Skipped, Stamp
from assay.engine.workspace.config import Config
from assay.engine.workspace.folder_records import folder_records
from assay.engine.workspace.listing import Listing, list_files
from assay.engine.workspace.named_folders import named_records
from assay.engine.workspace.record_folders import (
    Folder,
    Records,
    is_template_name,
    may_hold_documents,
    records_folders,
)
from assay.engine.workspace.run_folders import MANIFEST, REVIEW, run_folders
from assay.grammar.globs import Glob, compile_glob, match_any


def discover(
    config: Config, typed: tuple[str, ...] = (), *, listing: Listing | None = None
) -> Discovery:
    """The documents and spec files of the workspace `config` describes.

    `typed` holds the `files` globs of the spec's types: the files they match are
    documents too, wherever they are. `listing` is the run's list of files, when it
    was made already (discovery runs again once the types' globs are known).
    """
    root = config.root
    listing = list_files(config) if listing is None else listing
    notes = list(listing.notes)
    entries, git = listing.files, listing.git
    exclude, spec_globs = _compiled(config.exclude), _compiled(config.specs)
    include, by_type = _compiled(config.include), _compiled(typed)
    folders = () if include else records_folders(root, notes)
    # Each glob runs over the whole listing at once (the loop is C's): tens of
    # thousands of files, and most of them nowhere near a record.
    excluded = _matching(exclude, entries)
    pool = [p for p in entries if p not in excluded] if excluded else entries
    specs = _matching(spec_globs, pool)
    typed_files = _matching(by_type, pool)
    selected = {path: Candidate(path=path, origin="type") for path in typed_files}
    if include:
        skipped: list[Skipped] = []
        maybe_links = _included(pool, include, folders, typed_files, specs, selected)
    else:
        skipped, maybe_links = _conventional(root, pool, folders, typed_files, specs, selected)
    runs = run_folders(pool)
    if runs:
        skipped, maybe_links = _add_runs(pool, runs, selected, skipped, maybe_links)
    # A folder that might hold documents is reported only when it is a link.
    skipped += [Skipped(path=p, reason="symlink") for p in maybe_links if os.path.islink(root / p)]
    stamps: dict[str, Stamp] = {}
    where = os.fspath(root).rstrip("/") or "/"
    wanted = {*selected, *specs}
    problems = _problems(where, wanted, stamps, _vouched(listing, wanted), listing.held)
    skipped += [problem for problem in problems.values() if isinstance(problem, Skipped)]
    documents = [selected[path] for path in sorted(selected) if problems[path] is None]
    spec_files = [path for path in sorted(specs) if problems[path] is None]
    return Discovery(
        root=root,
        documents=tuple(documents),
        specs=tuple(spec_files),
        skipped=tuple(sorted(set(skipped), key=lambda s: (s.path, s.reason))),
        notes=tuple(notes),
        git=git,
        files=tuple(entries),
        stamps={c.path: stamps[c.path] for c in documents if c.path in stamps},
        runs=runs,
    )


def _included(
    pool: Sequence[str],
    include: tuple[Glob, ...],
    folders: tuple[Folder, ...],
    typed_files: set[str],
    specs: set[str],
    selected: dict[str, Candidate],
) -> list[str]:
    """With `include`: the files its globs match join `selected` (those a type's glob
    chose stay the type's); returns the other files that may hold documents (a link's
    target could), which are reported only when they are links."""
    maybe_links: list[str] = []
    for path in pool:
        if path in typed_files:
            continue
        if match_any(include, path):
            selected[path] = Candidate(path=path, origin="include")
        elif path not in specs and may_hold_documents(path, include, folders):
            maybe_links.append(path)
    return maybe_links


def _conventional(
    root: os.PathLike[str],
    pool: Sequence[str],
    folders: tuple[Folder, ...],
    typed_files: set[str],
    specs: set[str],
    selected: dict[str, Candidate],
) -> tuple[list[Skipped], list[str]]:
    """Without `include`: the records of the conventional folders, then of the series
    known by their files' names and text, then of those whose records are folders, join
    `selected`; returns what was passed over and the files that may hold documents."""
    found = Records(folders, specs, selected)
    found.scan(pool, typed_files)
    found.pass_over_unwritten(os.fspath(root))
    skipped, maybe_links = found.skipped, found.maybe_links
    # Then the series no convention names, known by their files' names and text.
    named, passed = named_records(
        os.fspath(root), pool, {*selected, *specs}, found.holds, is_template_name
    )
    selected.update(named)
    skipped += passed
    # And the series whose records are folders, known by their names and text too.
    kept, passed = folder_records(
        os.fspath(root), pool, {*selected, *specs}, found.holds, is_template_name
    )
    selected.update(kept)
    skipped += passed
    return skipped, maybe_links


def _vouched(listing: Listing, wanted: set[str]) -> Mapping[str, str]:
    """The blob ids git's index vouches for among `wanted`, when reading it is worth it
    for that many of the listing's files; none otherwise."""
    index = listing.index
    if index is not None and index.worth_reading(len(wanted), len(listing.files)):
        return index.vouched(wanted)
    return {}


def _compiled(patterns: Iterable[str]) -> tuple[Glob, ...]:
    """The globs of `patterns`, compiled once for the whole listing."""
    return tuple(compile_glob(p) for p in patterns)


def _add_runs(
    pool: Sequence[str],
    runs: tuple[str, ...],
    selected: dict[str, Candidate],
    skipped: list[Skipped],
    maybe_links: list[str],
) -> tuple[list[Skipped], list[str]]:
    """The analysis runs' documents join `selected`, whatever else chose or passed over
    them: returns what is still passed over, and the files that may hold documents."""
    members = _run_files(pool, runs)
    selected.update(members)
    return (
        [s for s in skipped if s.path not in members],
        [p for p in maybe_links if p not in members],
    )


def _run_files(paths: Iterable[str], runs: tuple[str, ...]) -> dict[str, Candidate]:
    """The documents of the analysis runs: each run's ``run.toml`` and the Markdown files
    whose innermost run it is, but for the ``review.md`` at its root (generated from the
    run, and compared with what it would be generated as, never read as a member)."""
    folders = set(runs)
    found: dict[str, Candidate] = {}
    for path in paths:
        if not path.endswith((".md", "/" + MANIFEST)) and path != MANIFEST:
            continue
        folder = path
        while folder:  # the innermost run: the nearest folder above that is one
            folder = folder.rpartition("/")[0]
            if folder in folders:
                break
        if folder not in folders:
            continue
        if (path[len(folder) + 1 :] if folder else path) == REVIEW:
            continue
        found[path] = Candidate(path=path, origin="run", folder=folder)
    return found


def _problems(
    root: str,
    paths: Iterable[str],
    stamps: dict[str, Stamp],
    vouched: Mapping[str, str],
    held: frozenset[str],
) -> dict[str, Skipped | Literal["missing"] | None]:
    """Why each path is not loaded (None: it is), found without following links; a
    regular file's stamp goes into `stamps`: the blob id git's index `vouched` for,
    else its size, modification time and inode.

    One `lstat` a file git does not vouch for, and this loop is all a warm run does per
    document besides, so it is kept tight.
    """
    links: dict[str, bool] = {}  # folder -> it is a symbolic link or lies below one
    found: dict[str, Skipped | Literal["missing"] | None] = {}
    lstat, is_link, is_regular = os.lstat, stat.S_ISLNK, stat.S_ISREG
    for path in paths:
        folder = path.rpartition("/")[0]
        if folder:
            below_link = links.get(folder)
            if below_link is None:
                below_link = _links_on_the_way(root, folder, links)
            if below_link:
                # A stale index can list files below a folder since replaced by a link.
                found[path] = _below_link(path, links)
                continue
        blob = vouched.get(path)
        if blob is not None:  # a regular file, the blob the index names
            found[path] = None
            stamps[path] = blob
            continue
        try:
            status = lstat(f"{root}/{path}")
        except (FileNotFoundError, NotADirectoryError):
            # Deleted but still in git's index: nothing to load; unless an editor holds
            # its text before the first save (`held`), which is read instead.
            found[path] = None if path in held else "missing"
            continue
        except OSError:
            found[path] = None  # the reader reports what it cannot read (DOC001)
            continue
        mode = status.st_mode
        if is_regular(mode):
            found[path] = None
            stamps[path] = (status.st_size, status.st_mtime_ns, status.st_ino)
        elif is_link(mode):
            found[path] = Skipped(path=path, reason="symlink")
        else:
            found[path] = Skipped(path=path, reason="not-regular-file")
    return found


def _below_link(path: str, links: dict[str, bool]) -> Skipped:
    parts = path.split("/")
    first = next(f for f in ("/".join(parts[:d]) for d in range(1, len(parts))) if links[f])
    return Skipped(path=path, reason="symlink", detail=f"below the link {first}")


def _links_on_the_way(root: str, folder: str, links: dict[str, bool]) -> bool:
    """Fill `links` for `folder` and the folders above it: True when the folder is a
    symbolic link or lies below one."""
    parent = folder.rpartition("/")[0]
    if parent and parent not in links:
        _links_on_the_way(root, parent, links)
    linked = (bool(parent) and links[parent]) or os.path.islink(os.path.join(root, folder))
    links[folder] = linked
    return linked


def _matching(globs: tuple[Glob, ...], paths: Sequence[str]) -> set[str]:
    """The paths any of `globs` matches (as `Glob.match` does)."""
    found: set[str] = set()
    for glob in globs:
        found.update(glob.select(paths))
    return found

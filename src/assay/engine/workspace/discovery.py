"""Discovery: which files a run loads, which it passes over and why, and file-name facts.

Only files git tracks or would track are candidates (outside git: a walk that skips
hidden folders and build output), so generated and ignored files never become documents.
With `include`, its globs choose the documents; without it, decision records are found
where tools and teams keep them. Nothing here reads a document, and a symbolic link is
reported, never followed: a link can lead outside the workspace.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Literal

from attrs import field, frozen

from assay.engine.reading.record_names import MARKDOWN_SUFFIXES, record_number
from assay.engine.workspace.config import Config, repository_root
from assay.engine.workspace.git_index import GitIndex, IndexQuery
from assay.engine.workspace.globs import Glob, compile_glob, match_any
from assay.spec.model import Model

Origin = Literal["include", "type", "convention", "adr-dir", "log4brains"]
#: A blob id (a digest of the content) or (size, modification time, inode).
Stamp = str | tuple[int, int, int]
SkipReason = Literal["symlink", "not-regular-file", "template", "listing"]

#: Where teams keep decision records (ADR-FORMATS.md "Finding records"), matched
#: case-insensitively from the workspace root, sub-folders included.
RECORD_FOLDERS = (
    "doc/adr",
    "docs/adr",
    "docs/decisions",
    "docs/architecture/decisions",
    "docs/architecture-decisions",
    "docs/architecture/adr",
    "adr",
    "ADRs",
)
#: Not walked outside git; hidden folders neither. `site` is MkDocs output, at the root.
_PRUNED = frozenset({"node_modules", ".venv"})


@frozen(kw_only=True)
class Candidate(Model):
    """A document to load, and how it was found."""

    #: Workspace-relative POSIX path.
    path: str
    #: `include` for the config's globs, `type` for a type's `files` globs; otherwise the
    #: decision-record rule that found it.
    origin: Origin
    #: The records folder it is in, spelt as in the workspace (None for `include`).
    folder: str | None = None


@frozen(kw_only=True)
class Skipped(Model):
    """A file that looked like a candidate but is not loaded."""

    path: str
    reason: SkipReason
    detail: str = ""


@frozen(kw_only=True)
class Note(Model):
    """What discovery could not do as asked (an unusable `.adr-dir`, git failing); a warning."""

    path: str
    message: str
    line: int | None = None


@frozen(kw_only=True)
class Discovery(Model):
    """Everything a run loads, sorted by path, and what it passed over."""

    root: Path
    documents: tuple[Candidate, ...]
    #: Workspace-relative POSIX paths of spec files.
    specs: tuple[str, ...]
    skipped: tuple[Skipped, ...]
    notes: tuple[Note, ...]
    #: True when git listed the files; False when the tree was walked.
    git: bool
    #: Every file of the workspace (excluded ones too): what links may point at.
    files: tuple[str, ...] = ()
    #: What says each document is unchanged since a run read it, for the check cache:
    #: its blob id where git's index vouches for it (`engine.workspace.git_index`), else its
    #: size, modification time and inode from the `lstat` that found it a regular file.
    stamps: Mapping[str, Stamp] = field(factory=dict, eq=False, repr=False)


@frozen(kw_only=True)
class Listing(Model):
    """Every file of the workspace, listed once per run (git or a walk)."""

    files: tuple[str, ...]
    git: bool
    notes: tuple[Note, ...] = ()
    #: What git's index says of the files (`engine.workspace.git_index`); None outside git.
    index: GitIndex | None = field(default=None, eq=False, repr=False)


#: git's listing command: tracked and untracked files, not the ignored ones, NUL-ended.
_GIT_LS = ("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
#: Listings started ahead (`start_listing`), by workspace root, until discovery asks.
_STARTED: dict[Path, tuple[subprocess.Popen[bytes] | None, IndexQuery]] = {}


def start_listing(config: Config) -> None:
    """Start git listing the workspace's files now, to run beside what the caller
    does next: the command line loads the engine meanwhile, which takes longer than
    git (a pre-commit run on a large workspace gains the whole listing). The next
    `list_files` of the same workspace takes the result. Outside git, nothing starts.
    """
    root = config.root
    if root in _STARTED or repository_root(root) is None:
        return
    try:
        process = subprocess.Popen(
            _GIT_LS, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
    except OSError:
        return  # `list_files` tries again, and says why it cannot
    _STARTED[root] = (process, IndexQuery(root))


def list_files(config: Config) -> Listing:
    """The workspace's files: the one `git ls-files` (or walk) of a run."""
    notes: list[Note] = []
    root = config.root
    started = _STARTED.pop(root, None)  # `start_listing` found the repository already
    in_git = started is not None or repository_root(root) is not None
    if started is None and in_git:
        started = (None, IndexQuery(root))  # the index is read while git lists
    entries, git = _list_files(root, notes, in_git, started and started[0])
    index = started[1].answer() if started else None  # waited for in any case
    return Listing(files=tuple(entries), git=git, notes=tuple(notes), index=index if git else None)


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
    exclude = tuple(compile_glob(p) for p in config.exclude)
    spec_globs = tuple(compile_glob(p) for p in config.specs)
    include = tuple(compile_glob(p) for p in config.include)
    by_type = tuple(compile_glob(p) for p in typed)
    folders = () if include else _records_folders(root, notes)
    # Each glob runs over the whole listing at once (the loop is C's): tens of
    # thousands of files, and most of them nowhere near a record.
    excluded = _matching(exclude, entries)
    pool = [p for p in entries if p not in excluded] if excluded else entries
    specs = _matching(spec_globs, pool)
    typed_files = _matching(by_type, pool)
    selected = {path: Candidate(path=path, origin="type") for path in typed_files}
    skipped: list[Skipped] = []
    maybe_links: list[str] = []
    if include:
        for path in pool:
            if path in typed_files:
                continue
            if match_any(include, path):
                selected[path] = Candidate(path=path, origin="include")
            elif path not in specs and _may_hold_documents(path, include, folders):
                maybe_links.append(path)
    else:
        found = _Records(folders, specs, selected)
        found.scan(pool, typed_files)
        skipped, maybe_links = found.skipped, found.maybe_links
    # A folder that might hold documents is reported only when it is a link.
    skipped += [Skipped(path=p, reason="symlink") for p in maybe_links if os.path.islink(root / p)]
    stamps: dict[str, Stamp] = {}
    where = os.fspath(root).rstrip("/") or "/"
    wanted = {*selected, *specs}
    index = listing.index
    vouched = {}
    if index is not None and index.worth_reading(len(wanted), len(entries)):
        vouched = index.vouched()
    problems = _problems(where, wanted, stamps, vouched)
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
    )


def _list_files(
    root: Path, notes: list[Note], in_git: bool, started: subprocess.Popen[bytes] | None
) -> tuple[list[str], bool]:
    """Workspace-relative paths of every file (and symbolic link), and whether git listed
    them; `started`: git's listing, when `start_listing` started it."""
    if not in_git:
        return sorted(_walk(root, notes)), False
    try:
        # No shell, and `-z`: names with spaces, quotes or non-ASCII come through as is.
        if started is None:
            result = subprocess.run(_GIT_LS, cwd=root, capture_output=True, check=False)
            code, listing, errors = result.returncode, result.stdout, result.stderr
        else:
            listing, errors = started.communicate()
            code = started.returncode
    except OSError as error:
        problem = f"git could not run ({error.strerror})"
    else:
        if code == 0:
            return _git_names(listing), True
        first_line = os.fsdecode(errors).strip().partition("\n")[0]
        problem = f"git ls-files failed ({first_line})"
    notes.append(Note(path=".", message=f"{problem}; listed the files by walking the folders"))
    return sorted(_walk(root, notes)), False


def _git_names(listing: bytes) -> list[str]:
    """The names `git ls-files -z` printed, decoded as `os.fsdecode` does, sorted, each
    once (a conflicted file is listed once per stage); `x/` (a nested repository) is `x`.

    Decoded in one piece: ten thousand names one by one cost a pre-commit run more
    than git took to list them. git prints the tracked names sorted, then the others,
    so the sort has little to do.
    """
    text = listing.decode(sys.getfilesystemencoding(), sys.getfilesystemencodeerrors())
    names = text.split("\0")
    if "/\0" in text or text.endswith("/"):
        names = [name.rstrip("/") for name in names]
    names.sort()
    unique = list(dict.fromkeys(names))
    return unique[1:] if unique and not unique[0] else unique


def _walk(root: Path, notes: list[Note]) -> Iterator[str]:
    """Every file and link below `root`, without entering links, hidden folders or output."""
    pending = [""]
    while pending:
        folder = pending.pop()
        try:
            with os.scandir(root / folder) as listing:
                entries = list(listing)
        except OSError as error:
            notes.append(Note(path=folder or ".", message=f"cannot list: {error.strerror}"))
            continue
        for entry in entries:
            path = f"{folder}/{entry.name}" if folder else entry.name
            pruned = entry.name.startswith(".") or entry.name in _PRUNED
            if entry.is_symlink() or not entry.is_dir(follow_symlinks=False):
                yield path
            elif not (pruned or (path == "site")):
                pending.append(path)


def _problems(
    root: str, paths: Iterable[str], stamps: dict[str, Stamp], vouched: Mapping[str, str]
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
            found[path] = "missing"  # deleted but still in git's index: nothing to load
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


_Folder = tuple[tuple[str, ...], Origin]


def _records_folders(root: Path, notes: list[Note]) -> tuple[_Folder, ...]:
    declared: list[_Folder] = []
    adr_dir = _read_setting(root, ".adr-dir", notes)
    if adr_dir is not None:
        line = next((text.strip() for text in adr_dir.splitlines() if text.strip()), "")
        declared.extend(_declared(root, line, ".adr-dir", "adr-dir", notes))
    log4brains = _read_setting(root, ".log4brains.yml", notes)
    if log4brains is not None:
        for value in _log4brains_folders(log4brains, notes):
            declared.extend(_declared(root, value, ".log4brains.yml", "log4brains", notes))
    conventional: list[_Folder] = [(_fold(folder), "convention") for folder in RECORD_FOLDERS]
    # Declared folders first: when a folder is both, the tool's setting names it.
    return (*declared, *conventional)


def _read_setting(root: Path, name: str, notes: list[Note]) -> str | None:
    path = root / name
    if not os.path.lexists(path):
        return None
    if not path.is_file() or path.is_symlink():
        notes.append(Note(path=name, message="not a regular file; not followed"))
        return None
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        notes.append(Note(path=name, message=f"cannot read: {error}"))
        return None


def _log4brains_folders(text: str, notes: list[Note]) -> list[str]:
    import yaml  # only repositories that use log4brains pay for importing PyYAML

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        notes.append(Note(path=".log4brains.yml", message=f"invalid YAML: {error}", line=line))
        return []
    project = data.get("project") if isinstance(data, dict) else None
    if not isinstance(project, dict) or not isinstance(project.get("adrFolder"), str):
        notes.append(Note(path=".log4brains.yml", message="no `project.adrFolder` string"))
        return []
    packages = project.get("packages")
    extra = [p.get("adrFolder") for p in packages or () if isinstance(p, dict)]
    return [project["adrFolder"], *(value for value in extra if isinstance(value, str))]


def _declared(
    root: Path, value: str, source: str, origin: Origin, notes: list[Note]
) -> list[_Folder]:
    folder = os.path.normpath(value.replace("\\", "/")) if value else "."
    if folder in (".", "..") or folder.startswith(("/", "../")):
        message = f"names {value!r}, not a folder inside the workspace"
    elif not (root / folder).is_dir():
        message = f"names {folder}, which is not a folder"
    else:
        return [(_fold(folder), origin)]
    notes.append(Note(path=source, message=message))
    return []


def _fold(folder: str) -> tuple[str, ...]:
    return tuple(part.casefold() for part in folder.split("/"))


def _matching(globs: tuple[Glob, ...], paths: Sequence[str]) -> set[str]:
    """The paths any of `globs` matches (as `Glob.match` does)."""
    found: set[str] = set()
    for glob in globs:
        found.update(glob.select(paths))
    return found


def _may_hold_documents(path: str, include: tuple[Glob, ...], folders: tuple[_Folder, ...]) -> bool:
    """Could a folder at `path` hold documents? If it is a link, it must be reported."""
    if include:
        return any(glob.may_match_below(path) for glob in include)
    folded = _fold(path)
    # Inside a records folder, the folder itself, or a folder on the way to one.
    return any(folded[: len(folder)] == folder[: len(folded)] for folder, _ in folders)


_INDEX_NAMES = frozenset({"index.md", "index.markdown"})


class _Records:
    """Finds decision records by where they are (the records folders) in one pass over
    the listing, and passes over templates, READMEs and index pages found there."""

    def __init__(
        self, folders: tuple[_Folder, ...], specs: set[str], selected: dict[str, Candidate]
    ) -> None:
        self.folders = folders
        self.firsts = {folder[0] for folder, _ in folders}
        self.specs = specs
        self.selected = selected
        self.skipped: list[Skipped] = []
        self.maybe_links: list[str] = []
        #: Folders holding a file with a record number (their `index.md` is a record).
        self.numbered: set[str] = set()
        #: Folder -> (origin, records folder, whether "template" is in the part of the
        #: folder below the records folder), or None outside records folders.
        self.places: dict[str, tuple[Origin, str, bool] | None] = {}

    def scan(self, pool: Sequence[str], typed: set[str]) -> None:
        for path in typed:
            self._count(path)
        indexes: list[Candidate] = []
        places, firsts = self.places, self.firsts
        away: set[str] = set()  # folders nowhere near a records folder
        for path in pool:
            parent, _, name = path.rpartition("/")
            if parent in away or path in typed:
                continue  # the usual case, and quick
            # Files share folders: each folder is placed once.
            if parent in places:
                place = places[parent]
            elif parent and parent.partition("/")[0].casefold() not in firsts:
                away.add(parent)
                continue
            else:
                place = places[parent] = self._place(parent)
            lower = name.lower()
            # A numbered name without an extension is a record with an anomaly.
            if place is None or not (
                lower.endswith(MARKDOWN_SUFFIXES) or ("." not in name and record_number(name))
            ):
                if path not in self.specs and _may_hold_documents(path, (), self.folders):
                    self.maybe_links.append(path)
                continue
            if parent not in self.numbered and record_number(name):
                self.numbered.add(parent)
            origin, folder, template = place
            candidate = Candidate(path=path, origin=origin, folder=folder)
            if template or "template" in lower:
                self.skipped.append(Skipped(path=path, reason="template"))
            elif lower.startswith("readme."):
                self.skipped.append(Skipped(path=path, reason="listing"))
            elif lower in _INDEX_NAMES:
                indexes.append(candidate)
            else:
                self.selected[path] = candidate
        for candidate in indexes:
            parent = candidate.path.rpartition("/")[0]
            if parent == candidate.folder or parent in self.numbered:
                # The folder's contents page; `<slug>/index.md` is a record.
                self.skipped.append(Skipped(path=candidate.path, reason="listing"))
            else:
                self.selected[candidate.path] = candidate

    def _count(self, path: str) -> None:
        parent, _, name = path.rpartition("/")
        if parent not in self.numbered and record_number(name):
            self.numbered.add(parent)

    def _place(self, parent: str) -> tuple[Origin, str, bool] | None:
        """The deepest records folder holding the files of the folder `parent`."""
        parts = parent.split("/") if parent else []
        folded = tuple(part.casefold() for part in parts)
        best: _Folder | None = None
        for folder in self.folders:
            inside = len(folder[0]) <= len(folded) and folded[: len(folder[0])] == folder[0]
            if inside and (best is None or len(folder[0]) > len(best[0])):
                best = folder
        if best is None:
            return None
        below = "/".join(parts[len(best[0]) :])
        return best[1], "/".join(parts[: len(best[0])]), "template" in below.lower()

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
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

from attrs import frozen

from assay.engine.config import Config, repository_root
from assay.engine.globs import Glob, compile_glob, match_any
from assay.engine.records import MARKDOWN_SUFFIXES, record_number

Origin = Literal["include", "type", "convention", "adr-dir", "log4brains"]
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
class Candidate:
    """A document to load, and how it was found."""

    #: Workspace-relative POSIX path.
    path: str
    #: `include` for the config's globs, `type` for a type's `files` globs; otherwise the
    #: decision-record rule that found it.
    origin: Origin
    #: The records folder it is in, spelt as in the workspace (None for `include`).
    folder: str | None = None


@frozen(kw_only=True)
class Skipped:
    """A file that looked like a candidate but is not loaded."""

    path: str
    reason: SkipReason
    detail: str = ""


@frozen(kw_only=True)
class Note:
    """What discovery could not do as asked (an unusable `.adr-dir`, git failing); a warning."""

    path: str
    message: str
    line: int | None = None


@frozen(kw_only=True)
class Discovery:
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


def discover(config: Config, typed: tuple[str, ...] = ()) -> Discovery:
    """The documents and spec files of the workspace `config` describes.

    `typed` holds the `files` globs of the spec's types: the files they match are
    documents too, wherever they are.
    """
    root = config.root
    notes: list[Note] = []
    entries, git = _list_files(root, notes)
    exclude = tuple(compile_glob(p) for p in config.exclude)
    spec_globs = tuple(compile_glob(p) for p in config.specs)
    include = tuple(compile_glob(p) for p in config.include)
    by_type = tuple(compile_glob(p) for p in typed)
    folders = () if include else _records_folders(root, notes)
    firsts = {folder[0] for folder, _ in folders}
    selected: dict[str, Candidate] = {}
    specs: set[str] = set()
    maybe_links: list[str] = []
    for path in entries:
        if match_any(exclude, path):
            continue
        if match_any(spec_globs, path):
            specs.add(path)
        if by_type and match_any(by_type, path):
            selected[path] = Candidate(path=path, origin="type")
            continue
        if not include and path.partition("/")[0].casefold() not in firsts:
            continue  # the usual case, and quick: nowhere near a records folder
        candidate = _select(path, include, folders)
        if candidate is not None:
            selected[path] = candidate
        elif path not in specs and _may_hold_documents(path, include, folders):
            maybe_links.append(path)
    skipped = _not_records(selected)
    # A folder that might hold documents is reported only when it is a link.
    skipped += [Skipped(path=p, reason="symlink") for p in maybe_links if os.path.islink(root / p)]
    links: dict[str, bool] = {}
    problems = {path: _problem(root, path, links) for path in {*selected, *specs}}
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
    )


def _list_files(root: Path, notes: list[Note]) -> tuple[list[str], bool]:
    """Workspace-relative paths of every file (and symbolic link), and whether git listed them."""
    if repository_root(root) is None:
        return sorted(_walk(root, notes)), False
    command = ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"]
    try:
        # No shell, and `-z`: names with spaces, quotes or non-ASCII come through as is.
        result = subprocess.run(command, cwd=root, capture_output=True, check=False)
    except OSError as error:
        problem = f"git could not run ({error.strerror})"
    else:
        if result.returncode == 0:
            names = {os.fsdecode(raw).rstrip("/") for raw in result.stdout.split(b"\0")}
            # A name twice is a conflicted file (one entry per stage); `x/` a nested repository.
            return sorted(name for name in names if name), True
        first_line = os.fsdecode(result.stderr).strip().partition("\n")[0]
        problem = f"git ls-files failed ({first_line})"
    notes.append(Note(path=".", message=f"{problem}; listed the files by walking the folders"))
    return sorted(_walk(root, notes)), False


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


def _problem(root: Path, path: str, links: dict[str, bool]) -> Skipped | Literal["missing"] | None:
    """Why `path` is not loaded, found without following links (`links` caches folders)."""
    parts = path.split("/")
    for depth in range(1, len(parts)):
        folder = "/".join(parts[:depth])
        if folder not in links:
            links[folder] = os.path.islink(root / folder)
        if links[folder]:
            # A stale index can list files below a folder since replaced by a link.
            return Skipped(path=path, reason="symlink", detail=f"below the link {folder}")
    try:
        mode = os.lstat(root / path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "missing"  # deleted but still in git's index: nothing to load
    except OSError:
        return None  # the reader reports what it cannot read (DOC001)
    if stat.S_ISLNK(mode):
        return Skipped(path=path, reason="symlink")
    return None if stat.S_ISREG(mode) else Skipped(path=path, reason="not-regular-file")


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


def _select(path: str, include: tuple[Glob, ...], folders: tuple[_Folder, ...]) -> Candidate | None:
    if include:
        return Candidate(path=path, origin="include") if match_any(include, path) else None
    parts = path.split("/")
    folded = _fold(path)
    best: _Folder | None = None
    for folder in folders:
        inside = len(folder[0]) < len(parts) and folded[: len(folder[0])] == folder[0]
        if inside and (best is None or len(folder[0]) > len(best[0])):
            best = folder
    name = parts[-1]
    is_markdown = name.lower().endswith(MARKDOWN_SUFFIXES)
    # A numbered name without an extension is a record with an anomaly, not a stray file.
    if best is None or not (is_markdown or ("." not in name and record_number(name))):
        return None
    return Candidate(path=path, origin=best[1], folder="/".join(parts[: len(best[0])]))


def _may_hold_documents(path: str, include: tuple[Glob, ...], folders: tuple[_Folder, ...]) -> bool:
    """Could a folder at `path` hold documents? If it is a link, it must be reported."""
    if include:
        return any(glob.may_match_below(path) for glob in include)
    folded = _fold(path)
    # Inside a records folder, the folder itself, or a folder on the way to one.
    return any(folded[: len(folder)] == folder[: len(folded)] for folder, _ in folders)


def _is_index(name: str) -> bool:
    return name.lower() in ("index.md", "index.markdown")


def _not_records(selected: dict[str, Candidate]) -> list[Skipped]:
    """Templates, READMEs and index pages found in records folders: drop and report them."""
    numbered = {p.rpartition("/")[0] for p in selected if record_number(p.rpartition("/")[2])}
    skipped = []
    for path, candidate in list(selected.items()):
        if candidate.folder is None:
            continue  # `include` chose these files by name; the user decides
        below = path[len(candidate.folder) + 1 :]
        parent, _, name = path.rpartition("/")
        if "template" in below.lower():
            reason: SkipReason | None = "template"
        elif name.lower().startswith("readme."):
            reason = "listing"
        elif _is_index(name) and (parent == candidate.folder or parent in numbered):
            reason = "listing"  # the folder's contents page; `<slug>/index.md` is a record
        else:
            reason = None
        if reason is not None:
            del selected[path]
            skipped.append(Skipped(path=path, reason=reason))
    return skipped

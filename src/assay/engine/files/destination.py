"""What a write may replace (DESIGN §6): one rule, asked of every destination before
anything is opened for writing.

Every command and tool that writes — a report, a review, a bundle and its manifest, a
site, a summary and its plot, a store, a new record or run — names its destination as
a ``Destination`` and asks ``claim`` for it. ``claim`` gathers what the file system and
git say of the place (``survey`` → a ``Place``) and hands it to ``judge``, a pure
function of the two: the rule, in one place, with a table-driven test.

A destination may be an absent path, an empty folder, or something assay made and can
prove it made (``Destination.made``: a site's marker, a report's or a bundle's own
content). It is never:

- anything inside a ``.git`` folder (a hook there runs at every commit);
- the workspace, the current folder, or an ancestor of either;
- a symbolic link, or a path inside the workspace (or the git work tree holding it)
  that passes through one (a committed link can point anywhere; a pull request can
  plant one);
- a file git tracks, or a folder holding one (someone's committed work) — but for the
  one tracked file a command owns (``Destination.owned``: a run's own ``review.md``);
- an input assay reads (a document, a spec, the config, a run member, a store), or a
  folder holding one.

A path outside the workspace is judged on the same terms. A refusal is
``DestinationRefused`` (exit 2) naming the flag, the path and the reason; nothing was
touched.
"""

from __future__ import annotations

import contextlib
import os
import stat
import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Literal

from attrs import evolve, field, frozen

from assay.errors import UsageError

__all__ = [
    "NOWHERE",
    "Destination",
    "DestinationRefused",
    "Ground",
    "Place",
    "check_inside_workspace",
    "claim",
    "claim_edit",
    "granted",
    "judge",
    "survey",
]

Shape = Literal["file", "folder"]
Kind = Literal["absent", "file", "folder", "link", "other"]


class DestinationRefused(UsageError):
    """A write was refused by the rule; nothing was touched (exit code 2)."""


def _made_nothing(_: Path) -> bool:
    return False


@frozen
class Destination:
    """A place a command asks to write: ``path`` as the user named it, for ``flag``."""

    path: str
    flag: str
    #: A file replaced whole, or a folder swapped in whole.
    shape: Shape = "file"
    #: Whether what is there now is something assay made of this kind (read, never
    #: written); a destination that recognises nothing is created only.
    made: Callable[[Path], bool] = field(default=_made_nothing, eq=False)
    #: What assay writes there, for messages ("report", "site").
    what: str = "output"
    #: The one tracked file this command owns (a run's own review.md, ADR 097).
    owned: bool = False
    #: How messages name the path, when not as ``path`` (a workspace-relative name).
    shown: str | None = None


@frozen
class Ground:
    """What a destination is judged against: the workspace, and what it reads."""

    #: The workspace root (None: no workspace, as for a summary of a store alone).
    workspace: Path | None = None
    #: The absolute paths of the inputs the command reads (asked only when the
    #: destination exists: an input that is not there cannot be written over).
    inputs: Callable[[], Iterable[Path | str]] = field(default=tuple, eq=False)
    #: Names no write may take even while nothing is there: a store the command reads
    #: and the journal files SQLite makes beside it.
    reserved: tuple[Path | str, ...] = ()


#: No workspace, no inputs: the rule's other parts still hold.
NOWHERE = Ground()


@frozen
class Place:
    """What the file system and git say of a destination (``survey``'s facts)."""

    #: The destination's absolute path, its last component not followed.
    target: Path
    kind: Kind
    #: A folder with nothing in it.
    empty: bool = False
    #: ``Destination.made`` said yes.
    made: bool = False
    inside_git: bool = False
    #: "the workspace", "an ancestor of the current folder", …; None when neither.
    home: str | None = None
    #: The link inside the workspace the path passes through, as named.
    linked: str | None = None
    #: A file git tracks there (the path itself, or one below the folder).
    tracked: str | None = None
    #: An input there (the path itself, or one below the folder).
    input: str | None = None


def judge(destination: Destination, place: Place) -> str | None:
    """Why ``destination`` may not be written at ``place``; None when it may."""
    for reason in (_never(place), _shape(destination, place), _someone_elses(destination, place)):
        if reason is not None:
            return reason
    if place.kind == "absent" or (place.kind == "folder" and place.empty) or place.made:
        return None
    if destination.shape == "folder":
        return (
            f"is a folder assay did not make; assay replaces only an empty folder or "
            f"a previous {destination.what}: choose another {destination.flag}"
        )
    return (
        f"is a file assay did not make; assay replaces only a previous "
        f"{destination.what}: choose another {destination.flag}"
    )


def _never(place: Place) -> str | None:
    """What no write may name, whatever it writes."""
    if place.inside_git:
        return "is inside a .git folder; assay never writes there"
    if place.home is not None:
        return f"is {place.home}"
    if place.kind == "link":
        return "is a symbolic link; assay does not write through links"
    if place.linked is not None:
        return (
            f"passes through the symbolic link {place.linked!r} inside the workspace; "
            "assay does not write through links"
        )
    return None


def _shape(destination: Destination, place: Place) -> str | None:
    if place.kind == "other":
        return "exists and is neither a regular file nor a folder"
    if destination.shape == "file" and place.kind == "folder":
        return "is a folder, not a file"
    if destination.shape == "folder" and place.kind == "file":
        return "exists and is not a folder"
    return None


def _someone_elses(destination: Destination, place: Place) -> str | None:
    holds = "holds" if place.kind == "folder" else "is"
    if place.input is not None:
        named = f" ({place.input})" if place.kind == "folder" else ""
        return f"{holds} an input assay reads{named}"
    if place.tracked is not None and not destination.owned:
        shown = "" if place.tracked == "." else f" ({place.tracked})"
        return f"{holds} a file git tracks{shown}"
    return None


def claim(destination: Destination, ground: Ground) -> Path:
    """The absolute path of ``destination`` when the rule lets it be written; else
    ``DestinationRefused``, nothing touched."""
    return granted(destination, survey(destination, ground))


def granted(destination: Destination, place: Place) -> Path:
    """``place``'s path when ``judge`` allows ``destination`` there; else
    ``DestinationRefused`` naming the flag, the path and the reason."""
    reason = judge(destination, place)
    if reason is not None:
        raise DestinationRefused(
            f"{destination.flag} {destination.shown or destination.path!r} {reason}; "
            "nothing was written"
        )
    return place.target


def claim_edit(path: Path | str, *, flag: str, workspace: Path | str) -> Path:
    """The absolute path of an input a command exists to edit in place (``pin --write``
    a spec's digests, ``new --supersedes`` the old record's status), when the rule lets
    it be: tracked and read, but never under ``.git``, a link or through one inside the
    workspace, nor a folder. The writer then replaces it only if it is unchanged since
    it was read (``writing.replace_file``)."""
    destination = Destination(os.fspath(path), flag, made=_made_anything, owned=True)
    return claim(destination, Ground(workspace=Path(workspace)))


def _made_anything(_: Path) -> bool:
    return True


def check_inside_workspace(path: Path | str, *, flag: str, workspace: Path | str) -> Path:
    """``path`` as an absolute path when it lies below ``workspace``; else refuse. What
    a workspace's own files name (a review's links, a run's members) must stay in it:
    ``new run --dir`` asks this before ``claim``."""
    target = Path(os.path.abspath(path))
    target = Path(os.path.realpath(target.parent)) / target.name
    home = Path(os.path.realpath(workspace))
    if target != home and home not in target.parents:
        raise DestinationRefused(
            f"{flag} {str(path)!r} is outside the workspace ({home}); nothing was written"
        )
    return target


def survey(destination: Destination, ground: Ground) -> Place:
    """What is at ``destination`` now: the facts ``judge`` rules on."""
    try:
        given = (
            os.path.abspath(destination.path)
            if os.path.isabs(destination.path)
            else (os.path.join(os.getcwd(), destination.path))
        )
    except FileNotFoundError:  # a relative path, and the current folder was removed
        raise DestinationRefused(
            f"{destination.flag} {destination.path!r} is relative to a current folder "
            "that no longer exists; nothing was written"
        ) from None
    given = given.rstrip(os.sep) or os.sep  # `out/` names out itself, link or not
    workspace = None if ground.workspace is None else os.path.realpath(ground.workspace)
    real, linked = _walk(given, _repository(workspace))
    kind = _kind(real)
    place = Place(
        target=Path(os.path.normpath(given)),
        kind=kind,
        inside_git=_inside_git(given, real),
        home=_home(real, workspace),
        linked=linked,
    )
    if place.inside_git or kind == "link":
        return place
    tracked = _tracked_at(real)
    reserved = _input_at(real, ground.reserved, folder=True, workspace=workspace)
    if place.home is not None or linked is not None or kind not in ("file", "folder"):
        return evolve(place, tracked=tracked, input=reserved)
    return evolve(
        place,
        tracked=tracked,
        empty=kind == "folder" and _empty(real),
        made=kind == destination.shape and destination.made(Path(real)),
        input=reserved
        or _input_at(real, ground.inputs(), folder=kind == "folder", workspace=workspace),
    )


def _empty(folder: str) -> bool:
    with os.scandir(folder) as entries:
        return next(entries, None) is None


def _walk(given: str, workspace: str | None) -> tuple[str, str | None]:
    """The destination's real path (its last component not followed), and the first
    link inside ``workspace`` (the repository around it) on the way to it. Each
    component is taken as the system takes it: ``link/..`` is the link's target's
    parent, not the link's."""
    parts = given.split(os.sep)
    current, linked = os.sep, None
    for index, part in enumerate(parts):
        if part in ("", "."):
            continue
        if part == "..":
            current = os.path.dirname(current)
            continue
        step = os.path.join(current, part)
        if index == len(parts) - 1 or not os.path.islink(step):
            current = step
            continue
        if linked is None and workspace is not None and _within(current, workspace):
            linked = os.path.relpath(step, workspace)
        current = os.path.realpath(step)
    return current, linked


def _repository(workspace: str | None) -> str | None:
    """Where a committed link can lie: the git work tree holding ``workspace`` (a
    workspace can be a folder of a larger repository, and a link beside it is as much
    a pull request's to plant), else the workspace; without one, the work tree around
    the current folder."""
    start = workspace
    if start is None:
        try:
            start = os.path.realpath(os.getcwd())
        except FileNotFoundError:
            return None
    folder = start
    while True:
        if os.path.lexists(os.path.join(folder, ".git")):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return workspace
        folder = parent


def _kind(path: str) -> Kind:
    try:
        mode = os.lstat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "absent"
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISREG(mode):
        return "file"
    return "folder" if stat.S_ISDIR(mode) else "other"


def _inside_git(given: str, real: str) -> bool:
    """Whether the path, as named or as it really is, goes into a ``.git`` folder (or
    is one); the repository's own git folder, wherever ``GIT_DIR`` puts it, too."""
    named = {part.casefold() for part in given.split(os.sep)}
    found = {part.casefold() for part in real.split(os.sep)}
    if ".git" in named or ".git" in found:
        return True
    git_dir = os.environ.get("GIT_DIR")
    return git_dir is not None and _within(real, os.path.realpath(git_dir))


def _home(real: str, workspace: str | None) -> str | None:
    homes = []
    with contextlib.suppress(FileNotFoundError):  # removed: no current folder to protect
        homes.append(("the current folder", os.path.realpath(os.getcwd())))
    if workspace is not None:
        homes.append(("the workspace", workspace))
    for name, home in homes:
        if real == home:
            return name
        if _within(home, real):
            return f"an ancestor of {name}"
    return None


def _within(path: str, folder: str) -> bool:
    """Whether ``path`` is ``folder`` or lies below it (both real, absolute)."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _input_at(
    real: str, inputs: Iterable[Path | str], *, folder: bool, workspace: str | None
) -> str | None:
    """The first of ``inputs`` at ``real`` (or below it, for a ``folder``), named
    relative to the workspace when it lies inside."""
    # A site's inputs are thousands of records in a few folders: each folder resolved
    # once, during this one survey.
    resolved: dict[str, str] = {}
    for item in inputs:
        parent, name = os.path.split(os.path.abspath(item))
        real_parent = resolved.get(parent)
        if real_parent is None:
            real_parent = resolved[parent] = os.path.realpath(parent)
        path = os.path.join(real_parent, name)
        if path == real or (folder and _within(path, real)):
            inside = workspace is not None and _within(path, workspace)
            return os.path.relpath(path, workspace) if inside else os.fspath(item)
    return None


def _tracked_at(real: str) -> str | None:
    """A path git tracks at ``real`` or below it (relative to its nearest existing
    folder), in whichever repository holds it; None outside one, or without git. Asked
    of an absent path too: a tracked file deleted from the work tree is still tracked."""
    folder, name = os.path.split(real)
    while folder != os.sep and not os.path.isdir(folder):
        folder, parent = os.path.split(folder)
        name = os.path.join(parent, name)
    try:
        result = subprocess.run(
            ("git", "--literal-pathspecs", "ls-files", "-z", "--", name),
            cwd=folder,
            capture_output=True,
            stdin=subprocess.DEVNULL,
            check=False,
        )
    except OSError:
        return None
    if result.returncode != 0 or not result.stdout:
        return None
    first = os.fsdecode(result.stdout.split(b"\0", 1)[0])
    return "." if first == name else os.path.relpath(os.path.join(folder, first), real)

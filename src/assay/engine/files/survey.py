"""What is at a destination now: the facts the rule (``rule.judge``) rules on.

``survey`` walks the path as the system walks it (``link/..`` is the link's target's
parent), notes the first link inside the repository on the way, whether it goes into
a ``.git`` folder, whether it is the workspace, the current folder or above them, what
is there (and whether assay made it), what git tracks there, and which input. It
reads; it never writes.
"""

from __future__ import annotations

import contextlib
import os
import stat
import subprocess
from collections.abc import Iterable
from pathlib import Path

from attrs import evolve

from assay.engine.files.rule import Destination, DestinationRefused, Ground, Kind, Place

__all__ = ["survey"]


def survey(destination: Destination, ground: Ground) -> Place:
    """What is at ``destination`` now: the facts ``judge`` rules on."""
    unnamable = _unnamable(destination.path)
    if unnamable is not None:
        raise DestinationRefused(
            f"{destination.flag} {destination.path!r} holds {unnamable}, which no file "
            "name can; nothing was written"
        )
    try:
        # Joined, not normalized: `link/..` must be walked as the system walks it.
        path = destination.path
        given = path if os.path.isabs(path) else os.path.join(os.getcwd(), path)
    except FileNotFoundError:  # a relative path, and the current folder was removed
        raise DestinationRefused(
            f"{destination.flag} {destination.path!r} is relative to a current folder "
            "that no longer exists; nothing was written"
        ) from None
    given = given.rstrip(os.sep) or os.sep  # `out/` names out itself, link or not
    workspace = None if ground.workspace is None else os.path.realpath(ground.workspace)
    real, linked = _walk(given, _repository(workspace))
    try:
        kind = _kind(real)
    except OSError as error:  # a name too long, a folder that may not be searched
        raise DestinationRefused(
            f"{destination.flag} {destination.shown or destination.path!r} cannot be "
            f"examined ({error.strerror}); nothing was written"
        ) from None
    place = Place(
        target=Path(real),  # where the write lands: the path judged, walked
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


def _unnamable(path: str) -> str | None:
    """What in ``path`` no file name can hold: a NUL, or a lone surrogate other than the
    escapes of undecodable bytes (an API or MCP caller's ``\\ud800``)."""
    if "\0" in path:
        return "a NUL character"
    try:
        os.fsencode(path)
    except UnicodeEncodeError:
        return "a lone surrogate"
    return None


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

"""What a write may replace (DESIGN §6): the rule every writer asks before touching a path.

A folder destination (a site, a bundle) may be an absent path, an empty folder, or a
folder assay made (``ours`` says how to know it: a site carries a marker file written by
its build, a bundle is its manifest and text). A file destination may be absent or a
regular file. Neither may ever be:

- the workspace, the current folder, or an ancestor of either (``--out .`` must not
  delete a repository and its ``.git``);
- an input assay reads — a document, a spec, the config, a run member, a store — or a
  folder holding one;
- a folder holding files git tracks (someone's committed work);
- a symbolic link (the write would land wherever it points).

A refusal is ``DestinationRefused`` (exit 2), raised before anything is touched; its
message names the flag, the path and the reason.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path

from assay.errors import UsageError

__all__ = [
    "DestinationRefused",
    "check_file_destination",
    "check_folder_destination",
    "check_inside_workspace",
]


class DestinationRefused(UsageError):
    """A write was refused by the rule; nothing was touched (exit code 2)."""


def check_folder_destination(
    out: Path | str,
    *,
    flag: str,
    workspace: Path | str | None = None,
    inputs: Iterable[Path | str] = (),
    ours: Callable[[Path], bool] = lambda _: False,
    what: str = "output",
) -> Path:
    """``out`` as an absolute path when a folder may be written there; else refuse."""
    target, refuse = _never(out, flag, workspace, inputs, folder=True)
    if not os.path.lexists(target):
        return target
    if not target.is_dir():
        refuse("exists and is not a folder")
    if _tracked_below(target):
        refuse("holds files git tracks")
    if any(target.iterdir()) and not ours(target):
        refuse(
            f"is a folder assay did not make; assay replaces only an empty folder or "
            f"a previous {what}: choose another {flag}"
        )
    return target


def check_file_destination(
    path: Path | str,
    *,
    flag: str,
    workspace: Path | str | None = None,
    inputs: Iterable[Path | str] = (),
) -> Path:
    """``path`` as an absolute path when a file may be written there; else refuse."""
    target, refuse = _never(path, flag, workspace, inputs, folder=False)
    if os.path.lexists(target) and not target.is_file():
        refuse("exists and is not a regular file")
    return target


def check_inside_workspace(path: Path | str, *, flag: str, workspace: Path | str) -> Path:
    """``path`` as an absolute path when it lies below ``workspace``; else refuse. What
    a workspace's own files name (a review's links, a run's members) must stay in it:
    `render --dest` and `new run --dir` both ask this."""
    target = _absolute(path)
    home = Path(os.path.realpath(workspace))
    if target != home and home not in target.parents:
        _refuser(flag, path)(f"is outside the workspace ({home})")
    return target


def _never(
    given: Path | str,
    flag: str,
    workspace: Path | str | None,
    inputs: Iterable[Path | str],
    *,
    folder: bool,
) -> tuple[Path, Callable[[str], None]]:
    """What no write may name, whatever it writes: a link, a home, an input."""
    refuse = _refuser(flag, given)
    try:
        target = _absolute(given)
    except FileNotFoundError:  # a relative path, and the current folder was removed
        refuse("is relative to a current folder that no longer exists")
        raise  # not reached: refuse raises
    if os.path.islink(target):
        refuse("is a symbolic link; assay does not write through links")
    _not_home(target, workspace, refuse)
    _not_an_input(target, inputs, refuse, folder=folder)
    return target, refuse


def _absolute(path: Path | str) -> Path:
    # abspath, not resolve: a link at the destination itself must be seen, not followed;
    # the folders above are resolved so that `x/../y` and a linked parent compare right.
    absolute = Path(os.path.abspath(path))
    return Path(os.path.realpath(absolute.parent)) / absolute.name


def _refuser(flag: str, shown: Path | str) -> Callable[[str], None]:
    def refuse(reason: str) -> None:
        raise DestinationRefused(f"{flag} {str(shown)!r} {reason}; nothing was written")

    return refuse


def _not_home(target: Path, workspace: Path | str | None, refuse: Callable[[str], None]) -> None:
    homes = []
    with contextlib.suppress(FileNotFoundError):  # removed: no current folder to protect
        homes.append(("the current folder", Path(os.path.realpath(os.getcwd()))))
    if workspace is not None:
        homes.append(("the workspace", Path(os.path.realpath(workspace))))
    for name, home in homes:
        if target == home:
            refuse(f"is {name}")
        if target in home.parents:
            refuse(f"is an ancestor of {name}")


def _not_an_input(
    target: Path, inputs: Iterable[Path | str], refuse: Callable[[str], None], *, folder: bool
) -> None:
    exact = str(target)
    below = exact.rstrip(os.sep) + os.sep
    # A site's inputs are thousands of records in a few folders: each folder resolved
    # once (during this one check, so a folder swapped for a link later is seen later).
    resolved: dict[str, str] = {}
    for item in inputs:
        absolute = os.path.abspath(item)
        parent, name = os.path.split(absolute)
        real = resolved.get(parent)
        if real is None:
            real = resolved[parent] = str(Path(os.path.realpath(parent)))
        path = str(Path(real) / name) if name else real
        if path == exact:
            refuse(f"is an input assay reads ({item})")
        if folder and path.startswith(below):
            refuse(f"holds an input assay reads ({item})")


def _tracked_below(folder: Path) -> bool:
    """Whether git tracks any file below ``folder`` (False outside a repository)."""
    try:
        result = subprocess.run(
            ("git", "ls-files", "-z", "--", "."),
            cwd=folder,
            capture_output=True,
            stdin=subprocess.DEVNULL,
            check=False,
        )
    except OSError:
        return False
    return result.returncode == 0 and bool(result.stdout)

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

import os
from pathlib import Path

from assay.engine.files.rule import (
    NOWHERE,
    Destination,
    DestinationRefused,
    Ground,
    Place,
    judge,
)
from assay.engine.files.survey import survey

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

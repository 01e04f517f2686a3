"""The rule of what a write may replace, as a pure function of the facts (DESIGN §6).

``judge`` rules on a ``Place`` (what ``survey`` found at a destination) for a
``Destination`` (what a command asks to write there); ``destination.claim`` puts the
two together for every writer. See ``destination`` for the rule in words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Literal

from attrs import field, frozen

from assay.errors import UsageError
from assay.spec.model import Model

__all__ = [
    "NOWHERE",
    "Destination",
    "DestinationRefused",
    "Ground",
    "Kind",
    "Place",
    "Shape",
    "judge",
]

Shape = Literal["file", "folder"]
Kind = Literal["absent", "file", "folder", "link", "other"]


class DestinationRefused(UsageError):
    """A write was refused by the rule; nothing was touched (exit code 2)."""


def _made_nothing(_: Path) -> bool:
    return False


@frozen
class Destination(Model):
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
class Ground(Model):
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
class Place(Model):
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

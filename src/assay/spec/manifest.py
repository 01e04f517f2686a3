"""The JSON shape of a bundle's ``manifest.json`` (``assay schema manifest``).

A public contract (DESIGN §4): ``version`` changes only when the shape does. The
manifest says what a bundle holds and what it left out, so a reader of ``bundle.md``
never has to guess whether something is missing: every included unit with the byte
``offset`` where its exact source bytes start in ``bundle.md``, every omitted optional
unit with its size and the room that was left, the cues as declared coverage, and
whether git tracking could be checked.
"""

from __future__ import annotations

from typing import Literal

from attrs import frozen

from assay.spec.model import Model

MANIFEST_VERSION = 1

Role = Literal["primary", "check", "provenance", "optional"]
BudgetUnit = Literal["bytes", "chars"]


@frozen(kw_only=True)
class Contributor(Model):
    """One declaration's source that a unit delivers (several when ranges merged)."""

    name: str  #: the declaration's name
    version: int
    role: Role  #: the role this declaration gave the source
    lines: tuple[int, int] | None  #: the range it declared; null: the whole file


@frozen(kw_only=True)
class IncludedUnit(Model):
    """A unit in ``bundle.md``: ``bundle.md[offset : offset + bytes]`` is the exact
    bytes of ``lines`` of ``path`` (the whole file when ``lines`` is null)."""

    role: Role  #: the strongest role among its contributors (primary, check, provenance, optional)
    path: str  #: workspace-relative POSIX
    lines: tuple[int, int] | None
    sha256: str  #: of the whole file's raw bytes, as read
    size: int  #: what it counts against the budget, in the manifest's ``unit``
    bytes: int  #: its length in bytes
    offset: int  #: where its bytes start in ``bundle.md``
    declarations: tuple[Contributor, ...]


@frozen(kw_only=True)
class OmittedUnit(Model):
    """An optional unit left out whole because it did not fit (CTX002)."""

    path: str
    lines: tuple[int, int] | None
    sha256: str
    #: In the manifest's ``unit``; null only for ``chars`` when the unit was too large
    #: to be read into memory (more than 4 bytes per character of the room left).
    size: int | None
    bytes: int
    room: int  #: what was left of the budget when it came up, in ``unit``
    declarations: tuple[Contributor, ...]


@frozen(kw_only=True)
class CueEntry(Model):
    """A cue a selected declaration declares: coverage it claims, never enforced."""

    declaration: str
    version: int
    cue: str
    covers: tuple[str, ...]


#: The largest budget, in bytes (64 MiB), and in characters (a quarter: what a budget in
#: characters keeps is up to four bytes a character).  A bundle is built in memory
#: (kept units, then ``bundle.md``'s bytes), so the budget bounds the memory whatever
#: the sources' size; a model's context is far smaller.  ``assay assemble --budget``
#: and a benchmark's ``budget`` are both held to it.
MAX_BUDGET = {"bytes": 64 * 1024 * 1024, "chars": 16 * 1024 * 1024}


@frozen(kw_only=True)
class Manifest(Model):
    """What ``manifest.json`` holds."""

    version: int
    task: dict[str, str]  #: dimension -> the task's value
    requests: tuple[str, ...]  #: versions asked for by name, ``name@version``
    budget: int
    unit: BudgetUnit
    used: int  #: the included units' sizes, summed, in ``unit``
    included: tuple[IncludedUnit, ...]  #: in bundle order: mandatory first
    omitted: tuple[OmittedUnit, ...]  #: in the order they came up
    cues: tuple[CueEntry, ...]
    #: ``checked`` (git's index listed every unit) or ``unchecked: <reason>``.
    tracking: str

"""The JSON shape ``assay select --format json`` prints (``assay schema selection``).

A public contract (DESIGN §4): ``version`` changes only when the shape does.
"""

from __future__ import annotations

from typing import Literal

from attrs import frozen

from assay.spec.model import Model

SELECTION_VERSION = 1


@frozen(kw_only=True)
class SelectedEntry(Model):
    """A declaration the task gets."""

    name: str
    version: int
    path: str  #: the spec file that declares it, workspace-relative POSIX
    line: int  #: where its ``declaration`` statement starts, 1-based


@frozen(kw_only=True)
class ExcludedEntry(Model):
    """A declaration the task does not get, and why."""

    name: str
    version: int
    path: str
    line: int
    #: ``dimension``: a dimension it names does not hold the task's value (or the task
    #: gives none); ``superseded``: a newer version is the candidate;
    #: ``not-requested``: other versions of its name were asked for by name.
    reason: Literal["dimension", "superseded", "not-requested"]
    dimension: str | None  #: for ``dimension``, the first one that failed; else null
    message: str  #: the reason in words, as ``--explain`` prints it


@frozen(kw_only=True)
class SelectionReport(Model):
    """What ``assay select --format json`` prints."""

    version: int
    task: dict[str, str]  #: dimension -> the task's value
    selected: tuple[SelectedEntry, ...]  #: by name, then version
    excluded: tuple[ExcludedEntry, ...]  #: by name, then version

"""Diagnostics: what every stage reports instead of raising."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Generic, Literal, TypeVar

from attrs import field, frozen

from assay.spec.model import Model
from assay.spec.source import Span

Severity = Literal["error", "warning", "info"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")

CODE_PATTERN = re.compile(r"^[A-Z]{3}[0-9]{3}$")
NAME_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


def _valid_code(_instance: object, _attribute: object, value: str) -> None:
    if not CODE_PATTERN.match(value):
        raise ValueError(f"`code` must look like ABC123 (got {value!r})")


def _valid_name(_instance: object, _attribute: object, value: str) -> None:
    if not NAME_PATTERN.match(value):
        raise ValueError(f"`name` must be kebab-case (got {value!r})")


@frozen
class Related(Model):
    """Another place that explains a diagnostic (the other status, the target file)."""

    message: str
    path: str
    span: Span | None = None


@frozen
class Fix(Model):
    """A mechanical repair of a finding: ``span`` of the diagnostic's own file, as
    read, replaced by ``replacement``. An editor offers it as a quick fix."""

    #: What the fix does, for a menu: "Write `Accepted`".
    title: str
    span: Span
    replacement: str


@frozen(kw_only=True)
class Diagnostic(Model):
    """One finding, at one place in one file.

    ``path`` is workspace-relative POSIX where a workspace is known, else as given.
    """

    code: str = field(validator=_valid_code)
    name: str = field(validator=_valid_name)
    severity: Severity
    message: str
    path: str
    span: Span
    related: tuple[Related, ...] = ()
    #: The repair, when one is mechanical (not in the JSON report, whose keys are a
    #: contract; the language server offers it).
    fix: Fix | None = None
    #: What the finding is about, as data, where a later stage asks (not in the JSON
    #: report either): the part a record lacks (`Decision` for DOC003, `Status` for
    #: FLD001), the status word a record uses (FLD002). Nothing reads it off the message.
    subject: str | None = None

    @property
    def sort_key(self) -> tuple[str, int, int, str]:
        """Deterministic report order: file, then position, then code."""
        return (self.path, self.span.line, self.span.column, self.code)


T = TypeVar("T")


@frozen
class Parsed(Model, Generic[T]):
    """What a parser returns: the value it could build, and what it found on the way.

    ``value`` is ``None`` only when nothing usable could be built (undecodable bytes, a
    spec that does not parse).
    """

    value: T | None
    diagnostics: tuple[Diagnostic, ...] = ()

    @property
    def ok(self) -> bool:
        """True when a value was built and no error was reported."""
        return self.value is not None and not any(d.severity == "error" for d in self.diagnostics)


def sorted_diagnostics(diagnostics: Iterable[Diagnostic]) -> tuple[Diagnostic, ...]:
    """Diagnostics in report order."""
    return tuple(sorted(diagnostics, key=lambda d: d.sort_key))

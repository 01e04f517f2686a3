"""What a check is: a code, a name, a default severity, and a function over facts.

A check is a plain function decorated with ``document_check``, ``workspace_check`` or
``run_check`` (over one analysis run's documents together);
its docstring is its reference page (summary line, then prose, then ``## Fails`` and
``## Passes`` examples that the test suite runs).  Checks return ``Finding``\\ s — where
and what — and the runner turns them into diagnostics with the check's code, name and
the severity the configuration gives it.  Checks never print and never raise on bad
input; a check that raises anyway becomes ``INT001`` and the run goes on.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Literal

from attrs import frozen

from assay.spec.diagnostics import CODE_PATTERN, NAME_PATTERN, Related, Severity
from assay.spec.model import Model
from assay.spec.source import Span

if TYPE_CHECKING:
    from assay.engine.runs.model import Run
    from assay.engine.workspace.document_context import DocumentContext, WorkspaceContext

Scope = Literal["document", "workspace", "run"]


@frozen
class Finding(Model):
    """One problem a check found: where, what, and other places that explain it."""

    span: Span
    message: str
    related: tuple[Related, ...] = ()
    #: For workspace and run checks: the workspace-relative file the finding is in.
    path: str | None = None


DocumentRun = Callable[["DocumentContext"], Iterable[Finding]]
WorkspaceRun = Callable[["WorkspaceContext"], Iterable[Finding]]
RunRun = Callable[["Run"], Iterable[Finding]]


@frozen
class Check(Model):
    """A registered check."""

    code: str
    name: str
    severity: Severity
    scope: Scope
    run: DocumentRun | WorkspaceRun | RunRun
    #: The function's docstring: the reference page's source.
    doc: str
    #: True when findings depend on which files exist (links), not only on the
    #: document: the check cache recomputes these on every run.
    uses_files: bool = False

    @property
    def summary(self) -> str:
        """The docstring's first line."""
        return self.doc.strip().splitlines()[0] if self.doc.strip() else ""

    @property
    def family(self) -> str:
        """The code's three letters, e.g. ``DOC``."""
        return self.code[:3]


def _make(
    code: str, name: str, severity: Severity, scope: Scope, uses_files: bool = False
) -> Callable[..., Check]:
    if not CODE_PATTERN.match(code) or not NAME_PATTERN.match(name):
        raise ValueError(f"bad check identity {code} {name}")

    def register(function: Callable[..., Iterable[Finding]]) -> Check:
        doc = inspect.getdoc(function) or ""
        return Check(code, name, severity, scope, function, doc, uses_files)

    return register


def document_check(
    code: str, name: str, *, severity: Severity = "error", uses_files: bool = False
) -> Callable[[DocumentRun], Check]:
    """Declare a check that looks at one document at a time (``uses_files``: and at
    which files exist, as link checks do)."""
    return _make(code, name, severity, "document", uses_files)


def workspace_check(
    code: str, name: str, *, severity: Severity = "error"
) -> Callable[[WorkspaceRun], Check]:
    """Declare a check that looks across documents (numbers, relations)."""
    return _make(code, name, severity, "workspace")


def run_check(code: str, name: str, *, severity: Severity = "error") -> Callable[[RunRun], Check]:
    """Declare a check that looks at one analysis run's documents together (identities,
    members, inputs); its findings name their file."""
    return _make(code, name, severity, "run")

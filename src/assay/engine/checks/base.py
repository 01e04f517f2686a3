"""What a check is: a rule (``assay.spec.rules.rule.Rule``) and a function over facts.

A check is a plain function decorated with ``document_check``, ``workspace_check`` or
``run_check`` (over one analysis run's documents together) and the ``Rule`` it
reports, which holds its code, name, default severity and reference page; the
function holds only the logic.  The rule is written beside it, in the check's module,
as the constant named by its code (``DOC003 = Rule(...)``), unless another stage
reports it too (the document reader, the contained opener, assembly): then it is in
that stage's family table in ``assay.spec.rules``.  Checks return ``Finding``\\ s —
where and what — and the runner turns them into diagnostics of the check's rule at
the severity the configuration gives it.  Checks never print and never raise on bad
input; a check that raises anyway becomes ``INT001`` and the run goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from attrs import frozen

from assay.spec.diagnostics import Fix, Related, Severity
from assay.spec.model import Model
from assay.spec.rules.rule import Rule, Scope
from assay.spec.source import Span

if TYPE_CHECKING:
    from assay.engine.runs.model import Run
    from assay.engine.workspace.document_context import DocumentContext, WorkspaceContext


@frozen
class Finding(Model):
    """One problem a check found: where, what, and other places that explain it."""

    span: Span
    message: str
    related: tuple[Related, ...] = ()
    #: For workspace and run checks: the workspace-relative file the finding is in.
    path: str | None = None
    #: The mechanical repair, when there is one (in the finding's own file).
    fix: Fix | None = None
    #: What the finding is about, as data (``Diagnostic.subject``).
    subject: str | None = None


DocumentRun = Callable[["DocumentContext"], Iterable[Finding]]
WorkspaceRun = Callable[["WorkspaceContext"], Iterable[Finding]]
RunRun = Callable[["Run"], Iterable[Finding]]


@frozen
class Check(Model):
    """A registered check: the rule it reports, and the function that finds it."""

    rule: Rule
    run: DocumentRun | WorkspaceRun | RunRun
    #: True when findings depend on which files exist (links), not only on the
    #: document: the store never keeps theirs: they run again on every run.
    uses_files: bool = False

    @property
    def code(self) -> str:
        """The rule's code, e.g. ``DOC003``."""
        return self.rule.code

    @property
    def name(self) -> str:
        """The rule's kebab name."""
        return self.rule.name

    @property
    def severity(self) -> Severity:
        """The rule's default severity (the configuration may give another)."""
        return self.rule.severity

    @property
    def scope(self) -> Scope:
        """What the check looks at: one document, all of them, or one run's files."""
        return self.rule.scope or "document"

    @property
    def family(self) -> str:
        """The code's three letters, e.g. ``DOC``."""
        return self.rule.family


def _make(rule: Rule, scope: Scope, uses_files: bool = False) -> Callable[..., Check]:
    if rule.stage != "check" or rule.scope != scope:
        # The page says what the check looks at; the decorator must agree with it.
        raise ValueError(f"{rule.code} is not a {scope} check's rule")

    def register(function: Callable[..., Iterable[Finding]]) -> Check:
        return Check(rule, function, uses_files)

    return register


def document_check(rule: Rule, *, uses_files: bool = False) -> Callable[[DocumentRun], Check]:
    """Declare a check of ``rule`` that looks at one document at a time (``uses_files``:
    and at which files exist, as link checks do)."""
    return _make(rule, "document", uses_files)


def workspace_check(rule: Rule) -> Callable[[WorkspaceRun], Check]:
    """Declare a check of ``rule`` that looks across documents (numbers, relations)."""
    return _make(rule, "workspace")


def run_check(rule: Rule) -> Callable[[RunRun], Check]:
    """Declare a check of ``rule`` that looks at one analysis run's documents together
    (identities, members, inputs); its findings name their file."""
    return _make(rule, "run")

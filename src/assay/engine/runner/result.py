"""What a check run returns: diagnostics, what was suppressed and why, and rule metadata."""

from __future__ import annotations

from typing import Literal

from attrs import frozen

from assay.spec.diagnostics import Diagnostic, Severity
from assay.spec.model import Model
from assay.spec.source import Span


@frozen
class RuleInfo(Model):
    """What a report needs to know about a code: its name, summary and default severity."""

    code: str
    name: str
    summary: str
    default_severity: Severity
    #: The reference text (Markdown), generated from the check's docstring.
    help: str = ""


@frozen
class Suppressed(Model):
    """A diagnostic that a suppression silenced, kept so reports can say so (SARIF)."""

    diagnostic: Diagnostic
    kind: Literal["inline", "config"]
    justification: str | None
    #: Where the directive is, for inline suppressions.
    directive: Span | None = None


@frozen
class RunResult(Model):
    """Everything one ``assay check`` run found, in report order."""

    diagnostics: tuple[Diagnostic, ...]
    suppressed: tuple[Suppressed, ...]
    #: Workspace-relative POSIX paths of the files that were checked.
    files: tuple[str, ...]
    #: Metadata for every code that can appear in this run.
    rules: tuple[RuleInfo, ...]

"""What a check run returns: diagnostics, what was suppressed and why, and rule metadata.

``Report`` is the value ``assay.check`` returns and every output format renders;
``RunResult`` is its older name, kept for the code and tests that use it.
"""

from __future__ import annotations

from typing import Literal

from attrs import frozen

from assay.engine.workspace.candidates import Note
from assay.spec.diagnostics import Diagnostic, Severity
from assay.spec.model import Model
from assay.spec.rules.rule import Rule
from assay.spec.source import Span


@frozen
class RuleInfo(Model):
    """What a report needs to know about a code: its name, summary and default severity."""

    code: str
    name: str
    summary: str
    default_severity: Severity
    #: The reference text (Markdown): the rule's page source.
    help: str = ""

    @classmethod
    def of(cls, rule: Rule) -> RuleInfo:
        """What a report says of ``rule``, from the rule registry."""
        return cls(rule.code, rule.name, rule.summary, rule.severity, rule.text)


@frozen
class Suppressed(Model):
    """A diagnostic that a suppression silenced, kept so reports can say so (SARIF)."""

    diagnostic: Diagnostic
    kind: Literal["inline", "config"]
    justification: str | None
    #: Where the directive is, for inline suppressions.
    directive: Span | None = None


@frozen
class Report(Model):
    """Everything one ``assay check`` run found, in report order."""

    #: The findings reported (suppressed ones are in ``suppressed``).
    diagnostics: tuple[Diagnostic, ...]
    #: The findings a suppression silenced, and why.
    suppressed: tuple[Suppressed, ...]
    #: Workspace-relative POSIX paths of the files that were checked.
    files: tuple[str, ...]
    #: Metadata for every code that can appear in this run.
    rules: tuple[RuleInfo, ...]
    #: What discovery could not do as asked (an unusable `.adr-dir`, git failing).
    notes: tuple[Note, ...] = ()
    #: The paths given to limit the report that name no document, spec or config of
    #: the workspace: nothing can be reported for them.
    unmatched_paths: tuple[str, ...] = ()

    @property
    def counted_files(self) -> int:
        """How many files the report covers: those checked, and any other file a
        finding is in (a spec, the config, a declared source). The summary's "in N
        files" counted the checked ones only, and read "1 error in 0 files" for a
        finding in a spec."""
        paths = set(self.files)
        paths.update(d.path for d in self.diagnostics)
        return len(paths)


#: The older name of ``Report``.
RunResult = Report

"""The JSON shapes assay prints: the check report, and what ``assay parse`` shows.

These are public contracts (DESIGN §4): ``version`` changes only when a shape does.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from attrs import field, frozen

from assay.spec.diagnostics import Diagnostic, Severity
from assay.spec.document import Document
from assay.spec.model import Model
from assay.spec.reading import Reading
from assay.spec.schema import ADDED_IN_VERSION
from assay.spec.specfile import SpecFile

REPORT_VERSION = 1


@frozen
class Tool(Model):
    """Which program wrote the report."""

    name: str
    version: str


@frozen
class RelatedEntry(Model):
    """Another location that explains a finding."""

    message: str
    path: str
    line: int | None
    column: int | None


@frozen(kw_only=True)
class Entry(Model):
    """One diagnostic, flattened: lines and columns 1-based, ends exclusive."""

    code: str
    name: str
    severity: Severity
    message: str
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    related: tuple[RelatedEntry, ...] = ()

    @classmethod
    def from_diagnostic(cls, d: Diagnostic) -> Entry:
        """The report form of a diagnostic."""
        return cls(
            code=d.code,
            name=d.name,
            severity=d.severity,
            message=d.message,
            path=d.path,
            line=d.span.line,
            column=d.span.column,
            end_line=d.span.end_line,
            end_column=d.span.end_column,
            related=tuple(
                RelatedEntry(
                    r.message,
                    r.path,
                    r.span.line if r.span else None,
                    r.span.column if r.span else None,
                )
                for r in d.related
            ),
        )


@frozen
class Summary(Model):
    """Counts for a run: files checked, findings reported by severity, and findings a
    suppression silenced (not in `diagnostics`; `--format sarif` lists them)."""

    files: int
    errors: int
    warnings: int
    infos: int
    #: Added within version 1, so optional in the schema (a report without it is
    #: still version 1); assay always writes it.
    suppressed: int = field(default=0, metadata={ADDED_IN_VERSION: True})

    @classmethod
    def count(cls, files: int, diagnostics: Iterable[Diagnostic], suppressed: int = 0) -> Summary:
        """Count diagnostics by severity."""
        tally = {"error": 0, "warning": 0, "info": 0}
        for d in diagnostics:
            tally[d.severity] += 1
        return cls(files, tally["error"], tally["warning"], tally["info"], suppressed)


@frozen
class Report(Model):
    """What ``assay check --format json`` prints."""

    version: int
    tool: Tool
    diagnostics: tuple[Entry, ...]
    summary: Summary


@frozen
class DocumentReading(Model):
    """What ``assay parse FILE --json`` prints: the document model and what was found."""

    version: int
    tool: Tool
    document: Document | None
    diagnostics: tuple[Entry, ...]


@frozen
class TypedReading(Model):
    """What ``assay parse FILE --type NAME --json`` prints: the document read as a type."""

    version: int
    tool: Tool
    reading: Reading | None
    diagnostics: tuple[Entry, ...]


@frozen
class SpecReading(Model):
    """What ``assay parse --spec FILE --json`` prints: the spec model and what was found."""

    version: int
    tool: Tool
    spec: SpecFile | None
    diagnostics: tuple[Entry, ...]


@frozen(kw_only=True)
class FileEntry(Model):
    """One file discovery found: a document to check, a spec, or a file passed over."""

    path: str
    role: Literal["document", "spec", "skipped"]
    #: The type a document is read as (`adr`, `madr`, a spec's type); None for a spec,
    #: a skipped file, or a document `include` chose that no type's `files` match.
    type: str | None
    #: Why: for a document how it was found (`convention`, `adr-dir`, `log4brains`,
    #: `naming`: in a folder whose files are named and written as records, `include`,
    #: `type`, `run`: a file of an analysis run), for a spec `specs`, for a skipped file
    #: why not (`template`, `listing`, `symlink`, `not-regular-file`,
    #: `unsupported-format`, `not-records`: named as a record in a folder whose files
    #: mostly are not written as records, or an attachment, a licence or a page beside
    #: named records that is not written as one; the detail says which).
    reason: Literal[
        "convention", "adr-dir", "log4brains", "naming", "include", "type", "run", "specs",
        "template", "listing", "symlink", "not-regular-file", "unsupported-format",
        "not-records",
    ]  # fmt: skip
    #: The records folder a record was found in, as spelt in the workspace; for `run`,
    #: the run folder (`""` for a run at the workspace root).
    folder: str | None = None
    #: The config glob that chose it (`include`, `specs`, or a type's `files`).
    pattern: str | None = None
    detail: str = ""


@frozen(kw_only=True)
class NoteEntry(Model):
    """What discovery could not do as asked (an unusable `.adr-dir`, git failing)."""

    path: str
    line: int | None
    message: str


@frozen(kw_only=True)
class FileListing(Model):
    """What ``assay files --format json`` prints: what discovery found, by path."""

    version: int
    tool: Tool
    files: tuple[FileEntry, ...]
    notes: tuple[NoteEntry, ...]

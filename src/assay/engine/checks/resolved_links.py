"""Every link of a document resolved once, shared by the link checks.

The five link checks (LNK001, LNK002, LNK005 to LNK007) each report one kind of
resolution; resolving once per document keeps a run at one pass over the links.
Footnote definitions are not links, and reference definitions are checked too (an
unused definition still publishes a dead target).
"""

from __future__ import annotations

from attrs import frozen

from assay.engine.checks.fixes import replacing
from assay.engine.workspace.document_context import DocumentContext
from assay.engine.workspace.links import LinkResolution, is_footnote_label, resolve_link
from assay.spec.diagnostics import Fix
from assay.spec.document import Document
from assay.spec.model import Model
from assay.spec.reading import Reading
from assay.spec.source import Span


@frozen
class Resolved(Model):
    """A link (or reference definition) and what its destination resolved to."""

    destination: str
    span: Span
    resolution: LinkResolution


def link_targets(
    document: Document, reading: Reading | None = None
) -> tuple[tuple[str, Span], ...]:
    """Every destination to check, with where it is written: the links, then the
    reference definitions no link used (footnotes are not links, and an unused one with
    no destination, `[//]: <> (a note)`, is Markdown's comment idiom: it renders nothing).

    A link inside a field's template placeholder (``[ accepted | superseded by
    [xxx](yyyymmdd-xxx.md) ]``) is the template's example, not a link to check."""
    found: list[tuple[str, Span]] = []
    used: set[str] = set()
    templates = [f.span for f in reading.fields if f.placeholder] if reading is not None else []
    for link in document.links:
        if link.kind == "reference" and link.label is not None:
            used.add(link.label.casefold())
        if templates and any(_within(link.span, span) for span in templates):
            continue
        found.append((link.destination, link.span))
    for definition in document.definitions:
        if is_footnote_label(definition.label) or definition.label.casefold() in used:
            continue
        if not definition.destination.strip():  # `[//]: <> (a note)`: the comment idiom
            continue
        found.append((definition.destination, definition.span))
    return tuple(found)


def _within(inner: Span, outer: Span) -> bool:
    starts_in = (outer.line, outer.column) <= (inner.line, inner.column)
    return starts_in and (inner.end_line, inner.end_column) <= (outer.end_line, outer.end_column)


def resolved_links(context: DocumentContext) -> tuple[Resolved, ...]:
    """The links of ``context``'s document, resolved once, kept on the context.

    A document served from the store has no model, only its ``links``.
    """
    kept = context.worked_out.get("resolved links")
    if kept is not None:
        return kept  # type: ignore[return-value]
    document = context.document
    targets = link_targets(document, context.reading) if document is not None else context.links
    # A destination resolves the same wherever the document writes it: each is resolved
    # once (a generated index links one file thousands of times).
    resolutions: dict[str, LinkResolution] = {}
    result = []
    for destination, span in targets:
        resolution = resolutions.get(destination)
        if resolution is None:
            resolution = resolutions[destination] = resolve_link(
                context.path, destination, context.files, repository_urls=context.repository_urls
            )
        result.append(Resolved(destination, span, resolution))
    found = context.worked_out["resolved links"] = tuple(result)
    return found


def findings_of(context: DocumentContext, *kinds: str) -> list[Resolved]:
    """The resolved links of the given kinds."""
    return [r for r in resolved_links(context) if r.resolution.kind in kinds]


def link_fix(context: DocumentContext, found: Resolved) -> Fix | None:
    """The destination written again as the file is named (its case, its `.md`); none
    for a link through a repository URL, which a root-relative path would not replace."""
    written, suggestion = found.resolution.written, found.resolution.suggestion
    if written is None or suggestion is None or "://" in written:
        return None
    return replacing(context.text, found.span, written, suggestion, f"Link to `{suggestion}`")

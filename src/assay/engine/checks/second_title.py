"""DOC010: a second level-one heading."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.grammar.reader import is_rst
from assay.spec.diagnostics import Related
from assay.spec.rules.records import DOC010


@document_check(DOC010)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A decision record has more than one H1."""
    if context.reading is None or not context.derives_from("adr"):
        return
    h1 = [s for s in context.reading.sections if s.level == 1]
    rst = is_rst(context.path, context.text)
    for extra in h1[1:]:
        message = (
            # reStructuredText levels go by the order underline styles first appear.
            f"a second title `{extra.heading}`, underlined as the title is; a section's"
            " underline uses another character"
            if rst
            else f"a second title `# {extra.heading}`; a section heading starts with `##`"
        )
        yield Finding(
            extra.span,
            message,
            (Related("the title", context.path, h1[0].span),),
        )

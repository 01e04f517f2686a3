"""FRM001: a section holds another number of sentences than its ``sentences N``."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.reading.places import Places
from assay.engine.reading.sentences import plain_text, sentences, shorten, source_offset
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.reading import SectionReading
from assay.spec.rules.rule import Rule
from assay.spec.source import Span

#: Markup that may open a sentence in the source and is not in its plain text.
_OPENING_MARKUP = "[*_`"


FRM001 = Rule(
    code="FRM001",
    name="sentence-count",
    stage="check",
    scope="document",
    summary="A section holds more or fewer sentences than its `sentences N` constraint says.",
    documentation="""\
ADR 097's overview has "a one-sentence `## Description`": code uses it as the
description of the run and of its review, so a second sentence would be cut or
run on. Sentences are counted on the plain text (markup stripped); a period after
an abbreviation (`e.g.`, `etc.`, `Dr.`, an initial as in `J. Smith`), inside a
number, version, URL or file name (`2.5`, `v1.2.3`, `example.com`, `run.toml`), or
before a lowercase word ends none. With too many, the finding points at the first
extra sentence and quotes its start. An empty section is `DOC007`'s.

## Fails

```assay path=assay/overview.assay
type overview {
    files "runs/*/overview.md"
    section "Description" required { sentences 1 }
}
```

```markdown path=runs/billing/overview.md at=5:48
# Billing service

## Description

The billing service charges cards every night. It also retries failed charges.
```

## Passes

```assay path=assay/overview.assay
type overview {
    files "runs/*/overview.md"
    section "Description" required { sentences 1 }
}
```

```markdown path=runs/billing/overview.md
# Billing service

## Description

The billing service charges cards every night, e.g. with `retry.toml` v2.5 rules.
```
""",
)


@document_check(FRM001)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A section holds more or fewer sentences than its `sentences N` constraint says."""
    reading, doc_type = context.reading, context.type
    if reading is None or doc_type is None:
        return
    places: Places | None = None
    for decl in doc_type.sections:
        if decl.sentences is None:
            continue
        wanted = decl.sentences.count
        for section in reading.section(decl.name):
            if not section.text or section.placeholder:
                continue
            plain = plain_text(section.text)
            found = sentences(plain)
            if not found or len(found) == wanted:
                continue
            span = section.body or section.span
            counted = f"{len(found)} sentence{'s' if len(found) != 1 else ''}"
            message = f"the `{decl.name}` section holds {counted}; it must hold {wanted}"
            if len(found) > wanted:
                extra = found[wanted][0]
                message += f" (the first extra one starts `{shorten(plain[extra:])}`)"
                if context.text is not None:
                    if places is None:
                        places = _places(context)
                    span = _extra_at(places, section, plain, extra) or span
            yield Finding(span, message)


def _places(context: DocumentContext) -> Places:
    assert context.text is not None
    bom = context.document is not None and context.document.bytes.bom
    return Places(context.text, bom=bom)


def _extra_at(places: Places, section: SectionReading, plain: str, extra: int) -> Span | None:
    """From the start of the extra sentence to the end of the body, or None when the
    start cannot be placed."""
    if section.body is None:
        return None
    body = places.body(section.body)
    at = source_offset(plain, body.raw, extra)
    if at is None:
        return None
    while at > 0 and body.raw[at - 1] in _OPENING_MARKUP:
        at -= 1  # `[Second](x.md) one.` starts at its bracket
    return places.span(body.start + at, body.start + len(body.raw))

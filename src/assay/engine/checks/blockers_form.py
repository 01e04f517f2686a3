"""FRM003: a ``form none-or-list`` part is neither exactly ``none`` nor a ``- `` list."""

from __future__ import annotations

import re
from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.reading.places import Places
from assay.engine.reading.sentences import shorten
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.rule import Rule

# What starts a block other than a `- ` item, so a line is no lazy continuation of the
# item above it: another list marker, a heading, a quote, a fence, HTML, a break.
_BLOCK_START = re.compile(
    r" {0,3}(?:[-*+](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|#{1,6}(?:[ \t]|$)|>|```|~~~|<"
    r"|(?:[-*_][ \t]*){3,}$)"
)


FRM003 = Rule(
    code="FRM003",
    name="blockers-form",
    stage="check",
    scope="document",
    summary="A `form none-or-list` section or field is neither exactly `none` nor a `- ` list.",
    documentation="""\
ADR 097's workflow continues only on exactly `none`; anything else is a list of
blockers. Loose readings let `None found` through as "no blockers", so the form is
strict: the text (HTML comments aside, surrounding whitespace stripped) is exactly
`none` — not `None`, `none.` or `None found` — or a Markdown list whose every item
uses the `- ` marker, with nothing else but blank lines and the items' own
continuation lines and nested blocks. `* x` and `1. x` lists fail, and so does a
paragraph before or after the list. The finding points at the first line that
breaks the form. An empty section is `DOC007`'s.

## Fails

```assay path=assay/verification.assay
type verification {
    files "runs/*/verify.md"
    section "Blockers" required { form none-or-list }
}
```

```markdown path=runs/billing/verify.md at=5:1
# Billing service: verification

### Blockers

None found
```

## Passes

```assay path=assay/verification.assay
type verification {
    files "runs/*/verify.md"
    section "Blockers" required { form none-or-list }
}
```

```markdown path=runs/billing/verify.md
# Billing service: verification

### Blockers

- The runtime member names no inputs.
- The memory lens cites a file outside the set,
  `docs/private.md`.
```
""",
)


@document_check(FRM003)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A `form none-or-list` section or field is neither exactly `none` nor a `- ` list."""
    reading, doc_type = context.reading, context.type
    if reading is None or doc_type is None:
        return
    places: Places | None = None
    for decl in doc_type.sections:
        if decl.form is None:
            continue
        for section in reading.section(decl.name):
            if not section.text or section.placeholder or section.body is None:
                continue
            if context.text is None:
                continue  # served without its text: the cached findings stand
            if places is None:
                bom = context.document is not None and context.document.bytes.bom
                places = Places(context.text, bom=bom)
            body = places.body(section.body)
            wrong = form_error(body.raw)
            if wrong is not None:
                start, end = wrong
                found = body.raw[start:end].strip()
                yield Finding(
                    places.span(body.start + start, body.start + end), _message(decl.name, found)
                )
    for field_decl in doc_type.fields:
        if field_decl.form is None:
            continue
        for field in reading.field(field_decl.name):
            if field.placeholder or not field.raw.strip():
                continue
            wrong = form_error(field.raw)
            if wrong is not None:
                found = field.raw[wrong[0] : wrong[1]].strip()
                yield Finding(field.span, _message(field_decl.name, found))


def _message(name: str, found: str) -> str:
    return f"{name} must be exactly `none` or a list of `- ` entries; found `{shorten(found)}`"


def form_error(raw: str) -> tuple[int, int] | None:
    """Where ``raw`` breaks the none-or-list form: the offsets of its first wrong line
    (indentation left out), or None when it is exactly ``none``, a ``- `` list, or
    empty.  HTML comments count as blank."""
    text = _blank_comments(raw)
    if text.strip() in ("none", ""):
        return None
    content: int | None = None  # the content column of the item being read
    blank = False  # a blank line since the last line read
    offset = 0
    for line in text.splitlines(keepends=True):
        start, offset = offset, offset + len(line)
        body = line.rstrip("\r\n").expandtabs(4)
        if not body.strip():
            blank = True
            continue
        indent = len(body) - len(body.lstrip(" "))
        if content is not None and indent >= content:
            blank = False  # the item's continuation, or a block nested in it
            continue
        rest = body[indent:]
        if indent <= 3 and (rest == "-" or rest.startswith("- ")):
            spaces = len(rest) - 1 - len(rest[1:].lstrip(" "))
            content = indent + 1 + (spaces if 1 <= spaces <= 4 else 1)
            blank = False
            continue
        if content is not None and not blank and _BLOCK_START.match(body) is None:
            continue  # a lazy continuation line of the item's paragraph
        stripped = line.rstrip("\r\n")
        lead = len(stripped) - len(stripped.lstrip())
        return start + lead, start + len(stripped)
    return None


def _blank_comments(text: str) -> str:
    """``text`` with each ``<!-- … -->`` comment turned into spaces (its line breaks
    kept), so offsets stay those of ``text``."""
    if "<!--" not in text:
        return text
    pieces, cursor = [], 0
    while True:
        opening = text.find("<!--", cursor)
        closing = text.find("-->", opening + 4) if opening >= 0 else -1
        if closing < 0:
            break
        pieces.append(text[cursor:opening])
        pieces.append(re.sub(r"[^\r\n]", " ", text[opening : closing + 3]))
        cursor = closing + 3
    pieces.append(text[cursor:])
    return "".join(pieces)

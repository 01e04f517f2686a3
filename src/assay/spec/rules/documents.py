"""DOC001 and DOC006: a document that cannot be read, and front matter that does not parse.

The document reader reports them (``engine.checks.reader_reported`` hands them on as
findings of ``assay check``); the rules of a title and sections are their checks'
(``engine.checks``).
"""

from __future__ import annotations

from assay.spec.rules.rule import Rule

DOC001 = Rule(
    code="DOC001",
    name="unreadable-document",
    undeclared="face",
    stage="check",
    scope="document",
    summary="A document that is not UTF-8 text, or cannot be read at all.",
    documentation="""\
assay reads documents as UTF-8 (a byte order mark is allowed) and reports the
first byte that is not, by its offset, line and column. Nothing else is checked in
such a file: its text is unknown. Save the file as UTF-8.

## Fails

```markdown encoding=latin-1 at=1:25
# 1. Use PostgreSQL: café edition
```

## Passes

```markdown
# 1. Use PostgreSQL: café edition
```
""",
)

DOC006 = Rule(
    code="DOC006",
    name="malformed-front-matter",
    undeclared="face",
    stage="check",
    scope="document",
    summary="Front matter between `---` lines that is not a YAML mapping.",
    documentation="""\
The rest of the document is still read; fields in the broken front matter are
not, so they may also be reported missing. Front matter whose YAML aliases expand
to more than 10,000 values ("billion laughs") is not read either.

## Fails

```markdown at=3:1
---
status: [accepted
---
# 1. Use PostgreSQL
```

## Passes

```markdown
---
status: accepted
---
# 1. Use PostgreSQL
```
""",
)

#: This family's rules, as the registry lists them.
RULES = (DOC001, DOC006)

"""DOC013 and DOC021: containers nested deeper than the reader follows, and what
docutils says of a reStructuredText record.

The document reader reports them (``engine.checks.reader_reported`` hands them on as
findings of ``assay check``); the rules of a record's number, title, file name and
folder are their checks' (``engine.checks``).
"""

from __future__ import annotations

from assay.spec.rules.rule import Rule

DOC013 = Rule(
    code="DOC013",
    name="nesting-too-deep",
    undeclared="face",
    stage="check",
    scope="document",
    severity="warning",
    summary="Block quotes and list items nest more than 100 deep.",
    documentation="""\
No record a person writes comes near it; a generated file might. assay reads
a deeper `>` or list marker as text, so the document is still read and checked
(CommonMark sets no limit, but reading every line against every open container
would take time quadratic in the depth). The finding points at the first marker
read as text.

## Fails

```markdown at=3:101
# 1. Quote the incident channel

>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>deep
```

## Passes

```markdown
# 1. Quote the incident channel

>>> three levels of reply
```
""",
)

DOC021 = Rule(
    code="DOC021",
    name="rst-markup-problem",
    undeclared="face",
    stage="check",
    scope="document",
    severity="warning",
    summary="docutils reports a problem in a reStructuredText record.",
    documentation="""\
A `.rst` record is read with docutils' own parser; its warnings and errors are what
a Sphinx build of the record would warn about too: a title underline shorter than
its title, a malformed table, an unknown directive, markup that ends without a blank
line, a reference (`` `Name`_ ``) to a target no `.. _Name: url` defines. The finding
is at the line docutils names, column 1 of its text (docutils gives lines, not
columns); the rest of the record is still read. Directives of Sphinx and its common
extensions (`toctree`, `versionadded`, `mermaid`, …) and of Sphinx's domains
(`c:function`, `py:class`), and Sphinx's `code-block` options (`:dedent:`,
`:emphasize-lines:`), are not reported, and roles docutils does not know keep their
text (`:doc:` and `:ref:` are read as links).

## Fails

```rst path=docs/decisions/0001-use-postgres.rst at=5:1
1. Use PostgreSQL
=================

Context
----
```

## Passes

```rst path=docs/decisions/0001-use-postgres.rst
1. Use PostgreSQL
=================

Context
-------
```
""",
)

#: This family's rules, as the registry lists them.
RULES = (DOC013, DOC021)

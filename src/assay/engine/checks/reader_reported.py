"""The rules the document reader reports itself, as checks: one adapter for them all.

Reading a document finds some problems on the way: bytes that are no text (DOC001),
front matter that is no YAML mapping (DOC006), containers nested deeper than the
reader follows (DOC013), a ``run.toml`` that is no TOML (DOC019), what docutils says
of a reStructuredText record (DOC021), a suppression comment that does not parse
(SUP003). Each is a rule like any other, selected, ignored and suppressed as the
others are; its check only hands on what the reader found under its code.
"""

from __future__ import annotations

from functools import partial

from assay.engine.checks.anchors import reader_findings
from assay.engine.checks.base import Check, document_check
from assay.spec.rules.documents import DOC001, DOC006
from assay.spec.rules.records import DOC013, DOC021
from assay.spec.rules.runner import SUP003
from assay.spec.rules.runs import DOC019

#: The checks, one a rule; ``partial`` of one module function, so each can be pickled.
CHECKS: tuple[Check, ...] = tuple(
    document_check(rule)(partial(reader_findings, code=rule.code))
    for rule in (DOC001, DOC006, DOC013, DOC019, DOC021, SUP003)
)

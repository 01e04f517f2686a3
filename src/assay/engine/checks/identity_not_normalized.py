"""IDN001: a field declared ``format identity`` whose value is not in normal form."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.checks.identity_mismatch import BOUNDARY
from assay.engine.runs.identity import normalize_identity
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.rule import Rule

IDN001 = Rule(
    code="IDN001",
    name="identity-not-normalized",
    stage="check",
    scope="document",
    summary="A source identity is not written in its normalized form; the message gives it.",
    documentation="""\
ADR 097 normalizes the source identity once: surrounding whitespace stripped, then
one trailing `/`, then one trailing `.git`, then a URL's scheme and host
lowercased, nothing else (the path keeps its case). A value is reported when
normalizing it would change it. The value checked is the text without markup:
spaces inside backticks are not part of it. `assay identity URL` prints the
normal form. In an analysis run, the boundary's `source.identity` is `IDN002`'s
to judge: it must be the normal form of the run's own source, which need not
normalize to itself (`…/r/.git` freezes as `…/r/`).

## Fails

```assay path=assay/boundary.assay
type boundary {
    files "runs/*/boundary.md"
    field "source.identity" required { format identity }
}
```

```markdown path=runs/pageindex/boundary.md at=3:20
# PageIndex

- source.identity: `https://GitHub.com/VectifyAI/PageIndex.git`
```

## Passes

```assay path=assay/boundary.assay
type boundary {
    files "runs/*/boundary.md"
    field "source.identity" required { format identity }
}
```

```markdown path=runs/pageindex/boundary.md
# PageIndex

- source.identity: `https://github.com/VectifyAI/PageIndex`
```
""",
)


@document_check(IDN001)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A source identity is not written in its normalized form; the message gives it."""
    doc_type, reading = context.type, context.reading
    if reading is None or doc_type is None:
        return
    identities = {
        decl.name.casefold()
        for decl in doc_type.fields
        if decl.format is not None and decl.format.kind == "identity"
    }
    if not identities:
        return
    for field in reading.fields:
        if field.name.casefold() not in identities or field.value is None or field.placeholder:
            continue
        if _frozen_in_a_run(context, field.name):
            continue
        normal = normalize_identity(field.value)
        if normal == field.value:
            continue
        if normal:
            message = f"`{field.name}` is not in normalized form: write `{normal}`"
        else:
            message = f"`{field.name}` is no identity: `{field.value}` is empty once normalized"
        yield Finding(field.span, message)


def _frozen_in_a_run(context: DocumentContext, name: str) -> bool:
    """A run's boundary freezes ``source.identity`` as the normal form of the run's
    source, which need not normalize to itself (``r/.git`` freezes as ``r/``): only
    IDN002, which knows the source, can judge it; this check would ask for ``r``."""
    if context.run is None or name.casefold() != "source.identity":
        return False
    boundary = f"{context.run}/{BOUNDARY}" if context.run else BOUNDARY
    return context.path == boundary

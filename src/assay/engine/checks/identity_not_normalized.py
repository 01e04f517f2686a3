"""IDN001: a field declared ``format identity`` whose value is not in normal form."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.runs.identity import normalize_identity
from assay.engine.workspace.document_context import DocumentContext


@document_check("IDN001", "identity-not-normalized")
def check(context: DocumentContext) -> Iterator[Finding]:
    """A source identity is not written in its normalized form; the message gives it.

    ADR 097 normalizes the source identity once: surrounding whitespace, a trailing
    `/` and a trailing `.git` stripped, a URL's scheme and host lowercased, nothing
    else (the path keeps its case). The boundary report freezes `source.identity`
    in that form, so the run's slug, the comparison with the caller's source
    (`IDN002`) and publication all read one spelling. The value checked is the text
    without markup: spaces inside backticks are not part of it.
    `assay identity URL` prints the normal form.

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
    """
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
        normal = normalize_identity(field.value)
        if normal == field.value:
            continue
        if normal:
            message = f"`{field.name}` is not in normalized form: write `{normal}`"
        else:
            message = f"`{field.name}` is no identity: `{field.value}` is empty once normalized"
        yield Finding(field.span, message)

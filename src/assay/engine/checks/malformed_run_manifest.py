"""DOC019: an analysis run's ``run.toml`` that is not valid TOML."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import reader_findings
from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext


@document_check("DOC019", "malformed-run-manifest")
def check(context: DocumentContext) -> Iterator[Finding]:
    """A run's `run.toml` does not parse as TOML.

    Any folder holding `run.toml` is an analysis run, and its manifest names the run's
    `system`, `source` and `inputs-commit`. A manifest that does not parse names none
    of them, so the run's other checks (the identities, the folder's name) cannot run
    either. The finding is where TOML's reader stopped.

    ## Fails

    ```toml path=runs/github.com-pallets-flask/run.toml at=2:43
    system = "Flask"
    source = "https://github.com/pallets/flask
    inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
    ```

    ## Passes

    ```toml path=runs/github.com-pallets-flask/run.toml
    system = "Flask"
    source = "https://github.com/pallets/flask"
    inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
    ```
    """
    return reader_findings(context, "DOC019")

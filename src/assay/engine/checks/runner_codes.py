"""SUP001, SUP002 and INT001: codes the runner reports itself.

They are registered like every check, so they can be selected, ignored, given a
severity and documented; their findings come from ``engine.runner.suppression`` and the
runner's guard around every check, not from these functions.
"""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check, workspace_check
from assay.engine.workspace.document_context import DocumentContext, WorkspaceContext


@document_check("SUP001", "unused-suppression", severity="warning")
def unused_suppression(context: DocumentContext) -> Iterator[Finding]:
    """A suppression directive that silenced nothing.

    Once the finding is fixed, the directive only hides the next one. Remove it.

    ## Fails

    ```markdown at=3:1
    # 1. Use PostgreSQL

    <!-- assay: disable-next-line LNK001 -- the benchmark moved to the wiki -->
    See the [benchmark](https://wiki.example.com/ledger-benchmark).
    ```

    ## Passes

    ```markdown
    # 1. Use PostgreSQL

    <!-- assay: disable-next-line LNK001 -- the benchmark moved to the wiki -->
    See the [benchmark](../benchmarks/ledger.md).
    ```
    """
    return iter(())


@document_check("SUP002", "unknown-code")
def unknown_code(context: DocumentContext) -> Iterator[Finding]:
    """A suppression directive names a code, family or check that does not exist.

    Usually a typo (`LNK01`, `broken-links`): the directive silences nothing.

    ## Fails

    ```markdown at=3:1
    # 1. Use PostgreSQL

    <!-- assay: disable-next-line LNK009 -- moved -->
    See the [benchmark](../benchmarks/ledger.md).
    ```

    ## Passes

    ```markdown
    # 1. Use PostgreSQL

    <!-- assay: disable-next-line LNK001 -- moved -->
    See the [benchmark](../benchmarks/ledger.md).
    ```
    """
    return iter(())


@workspace_check("INT001", "internal-error")
def internal_error(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A check crashed; the run went on without it. Please report it.

    The message names the check and the exception. The other checks' findings are
    complete; the crashed check's are missing for that file.
    """
    return iter(())

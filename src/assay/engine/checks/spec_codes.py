"""SPC001…SPC006: the problems of a spec file, as rules with reference pages.

Spec problems are found while the specs are read (``grammar``), before any check
runs, and stop the run (exit 2); they are not checks to select, ignore or give a
severity. They are registered here only so that ``assay rules SPC001`` and the rule
reference explain them like every other code, with examples the test suite runs
(``tests/engine/test_check_examples.py``): a Fails spec reports the code once, at
its ``at=``, and the Passes spec reports no spec problem.
"""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Check, Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext
from assay.grammar.spec_codes import CODES


@workspace_check("SPC001", "spec-syntax-error")
def syntax_error(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A `.assay` spec file does not parse, or cannot be read as UTF-8.

    The message says what was expected where; nothing else of the file is read, and no
    document is checked until it parses.

    ## Fails

    ```assay at=4:5
    use adr

    type decision extends adr
        field "Status" required
    }
    ```

    ## Passes

    ```assay
    use adr

    type decision extends adr {
        field "Status" required
    }
    ```
    """
    return iter(())


@workspace_check("SPC002", "unknown-reference")
def unknown_reference(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A spec names a type or library that is not defined.

    A type extends a type of its own file or of a library it `use`s; `use` names a
    built-in library (`adr`, `madr`).

    ## Fails

    ```assay at=1:23
    type decision extends adr {
        field "Status" required
    }
    ```

    ## Passes

    ```assay
    use adr

    type decision extends adr {
        field "Status" required
    }
    ```
    """
    return iter(())


@workspace_check("SPC003", "duplicate-definition")
def duplicate_definition(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A spec defines the same type, field or section twice.

    Only the first definition counts; the finding is at the second.

    ## Fails

    ```assay at=5:11
    use adr

    type decision extends adr {
        field "Status" required
        field "Status" optional
    }
    ```

    ## Passes

    ```assay
    use adr

    type decision extends adr {
        field "Status" required
        field "Date" optional
    }
    ```
    """
    return iter(())


@workspace_check("SPC004", "invalid-value")
def invalid_value(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A value in a spec is out of its range: an empty line range, a bad digest, an empty name.

    ## Fails

    ```assay at=2:45
    declaration "ledger" version 1 {
        primary "docs/adr/0001-ledger.md" lines 12..3
    }
    ```

    ## Passes

    ```assay
    declaration "ledger" version 1 {
        primary "docs/adr/0001-ledger.md" lines 3..12
    }
    ```
    """
    return iter(())


@workspace_check("SPC005", "misplaced-constraint")
def misplaced_constraint(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A constraint is given to something it does not apply to (`values` on a section).

    The message lists the constraints that do apply there.

    ## Fails

    ```assay at=4:34
    use adr

    type decision extends adr {
        section "Context" required { values accepted, rejected }
    }
    ```

    ## Passes

    ```assay
    use adr

    type decision extends adr {
        field "Status" required { values accepted, rejected }
    }
    ```
    """
    return iter(())


@workspace_check("SPC006", "circular-extends")
def circular_extends(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A type extends itself, directly or through other types.

    ## Fails

    ```assay at=1:23
    type decision extends decision {
        field "Status" required
    }
    ```

    ## Passes

    ```assay
    type record {
        field "Date" optional
    }

    type decision extends record {
        field "Status" required
    }
    ```
    """
    return iter(())


SPEC_RULES: tuple[Check, ...] = (
    syntax_error,
    unknown_reference,
    duplicate_definition,
    invalid_value,
    misplaced_constraint,
    circular_extends,
)

# The grammar's table of codes and these pages cannot drift apart.
assert {(c.code, c.name) for c in SPEC_RULES} == set(CODES.items())

"""The spec files assembly cannot vouch for: a spec that is a symbolic link.

Seed 002 pins "tracked regular declaration and source files". Discovery never follows
a link, so a linked spec is not read: its types and declarations are absent. `assay
check` reports the link (PTH002, as for any linked file); `assay assemble` reported
nothing and assembled without the declarations the spec may hold, so it says so too,
at the spec, and writes nothing. (An untracked spec's declarations are PTH004 at
their sources: ``engine.context.pins`` and ``assembly``.)
"""

from __future__ import annotations

from assay.engine.workspace.loading import Workspace
from assay.grammar.globs import compile_glob, match_any
from assay.spec.diagnostics import Diagnostic
from assay.spec.rules.sources import PTH002


def linked_specs(workspace: Workspace) -> list[Diagnostic]:
    """PTH002 at each file the config's ``specs`` globs match that is a symbolic link
    (or lies below one), so discovery left it unread."""
    globs = tuple(compile_glob(p) for p in workspace.config.specs)
    return [
        PTH002.diagnostic(
            "the spec file is a symbolic link, so assay does not read it: its "
            "declarations are not assembled (commit the file itself)",
            skipped.path,
        )
        for skipped in workspace.discovery.skipped
        if skipped.reason == "symlink" and match_any(globs, skipped.path)
    ]

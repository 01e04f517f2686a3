"""PTH005: a `specs` pattern of the config that matches no file."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import START
from assay.engine.checks.base import Finding, workspace_check
from assay.engine.workspace.config import DEFAULT_SPECS, Config
from assay.engine.workspace.document_context import WorkspaceContext
from assay.grammar.globs import compile_glob
from assay.spec.rules.rule import Rule
from assay.spec.source import Span

PTH005 = Rule(
    code="PTH005",
    name="unmatched-spec-pattern",
    stage="check",
    scope="workspace",
    severity="warning",
    summary="A `specs` pattern in the config matches no file of the workspace.",
    documentation="""\
Its types are then silently missing: the documents it meant to type are read as
plain Markdown, or as decision records by convention.  The finding is in the config
file, at the pattern.  The default (`**/*.assay`, no `specs` key) matching nothing
is no finding: most workspaces have no spec.

## Fails

```toml path=assay.toml at=1:10
specs = ["specs/*.assay"]
```

## Passes

```toml path=assay.toml
specs = ["assay/*.assay"]
```

```assay path=assay/memory.assay
type memory {
    files "runs/*/memory.md"
}
```
""",
)


@workspace_check(PTH005)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A `specs` pattern in the config matches no file of the workspace."""
    config = workspace.config
    if config is None or config.source is None or config.specs == DEFAULT_SPECS:
        return
    path = config.source.relative_to(config.root).as_posix()
    for pattern in config.specs:
        if next(compile_glob(pattern).select(workspace.discovery.files), None) is None:
            where = _entry(config, "specs", pattern)
            yield Finding(where, f"`specs` pattern {pattern!r} matches no file", path=path)


def _entry(config: Config, key: str, value: str) -> Span:
    """Where the string ``value`` of ``key``'s list stands in the config file; the
    file's start when it cannot be found."""
    from assay.grammar.toml_positions import string_position

    assert config.source is not None
    try:
        text = config.source.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return START
    inside = ("tool", "assay") if config.source.name == "pyproject.toml" else ()
    where = string_position(text, (*inside, key), value)
    if where is None:
        return START
    line, column = where
    lines = text.split("\n")
    offset = sum(len(part.encode("utf-8")) + 1 for part in lines[: line - 1])
    offset += len(lines[line - 1][: column - 1].encode("utf-8"))
    return Span.point(offset, line, column)

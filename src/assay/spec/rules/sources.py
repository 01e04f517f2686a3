"""PIN001-PIN003 and PTH001-PTH004: the sources declarations pin, and the paths to them.

The checks report them, and so do the contained opener (``engine.files``), which
refuses a path it will not read, and assembly (``engine.context.unit_pins``), which
delivers no source it cannot vouch for. The checks stand on those two, so the rules
are written here, where all three read them, not in the checks' modules. (PTH005, a
spec pattern that matches nothing, is its check's alone.)
"""

from __future__ import annotations

from assay.spec.rules.rule import Rule

PIN001 = Rule(
    code="PIN001",
    name="digest-mismatch",
    stage="check",
    scope="workspace",
    summary="A pinned source changed: its sha256 is not the one the declaration pins.",
    documentation="""\
A declaration pins each source to the sha256 of the whole file's bytes, so a task
gets the text somebody reviewed. When the file changes, review what changed (the
declaration may need other lines now), then renew the pin with `assay pin --write`,
which rewrites only the digest. The finding is at the digest; pre-commit reports it
when the pinned file changes, since the file is named as related. Files are read
on every run: a pinned file changes without the spec changing.

## Fails

```assay path=assay/context.assay at=3:16
declaration testing version 1 {
    primary "guides/testing.txt"
        sha256 "0000000000000000000000000000000000000000000000000000000000000000"
}
```

```text path=guides/testing.txt
Run the tests with `make test`.
```

## Passes

```assay path=assay/context.assay
declaration testing version 1 {
    primary "guides/testing.txt"
        sha256 "1f35de44ea0ae35c400943e4ba156e20be3ba4f488b5f424b1ea96c04c462cc4"
}
```

```text path=guides/testing.txt
Run the tests with `make test`.
```
""",
)

PIN002 = Rule(
    code="PIN002",
    name="range-out-of-bounds",
    stage="check",
    scope="workspace",
    summary="A source's `lines A..B` reach past the end of the file.",
    documentation="""\
Lines are one-based and inclusive; `\\n`, `\\r\\n` and a lone `\\r` each end a line, and
a last line without an ending counts. A range past the end means the file shrank
(or the range was mistyped): the declaration no longer says which text a task gets.
Fix the range; `assay pin --write` renews the digest but not the lines.

## Fails

```assay path=assay/context.assay at=2:34
declaration testing version 1 {
    primary "guides/testing.txt" lines 2..5
        sha256 "8c95781b8201fba8837185227ff582a4687effb90c8e88f338a0564c02393c8a"
}
```

```text path=guides/testing.txt
Run the tests with `make test`.
Run one with `make test ONLY=name`.
```

## Passes

```assay path=assay/context.assay
declaration testing version 1 {
    primary "guides/testing.txt" lines 2..2
        sha256 "8c95781b8201fba8837185227ff582a4687effb90c8e88f338a0564c02393c8a"
}
```

```text path=guides/testing.txt
Run the tests with `make test`.
Run one with `make test ONLY=name`.
```
""",
)

PIN003 = Rule(
    code="PIN003",
    name="missing-digest",
    stage="check",
    scope="workspace",
    summary="A source names a file but pins no digest, so nothing notices when it changes.",
    documentation="""\
`assay pin --write` adds `sha256 "…"` after the source's path (or its lines) with
the digest of the file as it is now: review the file first. A source assay refused
to read (PTH001 to PTH004) gets no digest; that refusal is the finding then.

## Fails

```assay path=assay/context.assay at=2:5
declaration testing version 1 {
    primary "guides/testing.txt"
}
```

```text path=guides/testing.txt
Run the tests with `make test`.
```

## Passes

```assay path=assay/context.assay
declaration testing version 1 {
    primary "guides/testing.txt"
        sha256 "1f35de44ea0ae35c400943e4ba156e20be3ba4f488b5f424b1ea96c04c462cc4"
}
```

```text path=guides/testing.txt
Run the tests with `make test`.
```
""",
)

PTH001 = Rule(
    code="PTH001",
    name="path-escapes-root",
    stage="check",
    scope="workspace",
    summary=(
        "A source path is absolute, names a drive, holds a backslash or NUL, or leaves the "
        "workspace with `..`."
    ),
    documentation="""\
A declaration's paths are relative POSIX paths inside the workspace (`a/../x` is
`x`), so a bundle never carries a file from outside the reviewed repository. Nothing
outside the workspace is opened to find this out.

## Fails

```assay path=assay/context.assay at=2:5
declaration testing version 1 {
    primary "../shared/testing.txt"
}
```

## Passes

```assay path=assay/context.assay
declaration testing version 1 {
    primary "guides/testing.txt"
        sha256 "1f35de44ea0ae35c400943e4ba156e20be3ba4f488b5f424b1ea96c04c462cc4"
}
```

```text path=guides/testing.txt
Run the tests with `make test`.
```
""",
)

PTH002 = Rule(
    code="PTH002",
    name="linked-component",
    undeclared="face",
    stage="check",
    scope="workspace",
    summary=(
        "A document or a declared source (or a folder on its path) is a symbolic link: "
        "reported, not followed."
    ),
    documentation="""\
A link can lead outside the workspace, and what it points at changes without a
commit showing it. Commit the file itself. A declaration's source is refused while
it is opened (each folder and the file opened without following links), so no
link can be swapped in between a check and the read.

## Fails

```markdown path=docs/adr/0001-use-postgres.md symlink=../shared/0001-use-postgres.md at=1:1
# 1. Use PostgreSQL
```

```assay path=assay/context.assay at=2:5
declaration testing version 1 {
    primary "guides/testing.txt"
}
```

```text path=guides/testing.txt symlink=../shared/testing.txt
Run the tests with `make test`.
```

## Passes

```markdown path=docs/adr/0001-use-postgres.md
# 1. Use PostgreSQL
```
""",
)

PTH003 = Rule(
    code="PTH003",
    name="not-regular-file",
    undeclared="face",
    stage="check",
    scope="workspace",
    summary="A path that should be a document, or a declared source, is not a regular file.",
    documentation="""\
Reading a FIFO, device or socket could block the run forever, so assay never
opens one as a document. A declared source must be a regular file too: a
directory, a FIFO (opened without waiting for a writer), a device or a socket is
refused, and so is a source that does not exist or cannot be opened.

## Fails

```markdown path=docs/adr/0001-use-postgres.md fifo=true at=1:1
```

```assay path=assay/context.assay at=2:5
declaration testing version 1 {
    primary "guides/testing.txt"
}
```

```text path=guides/testing.txt fifo=true
```

## Passes

```markdown path=docs/adr/0001-use-postgres.md
# 1. Use PostgreSQL
```
""",
)

PTH004 = Rule(
    code="PTH004",
    name="not-tracked",
    stage="check",
    scope="workspace",
    summary="A source names a file git does not track: nobody reviewed it in a commit.",
    documentation="""\
Commit the file (`git add` it) before pinning it. Git's index is read once per run
(the quiet-repository assumption); outside a git repository tracking cannot be
checked and nothing is reported.

## Fails

```assay path=assay/context.assay at=2:5
declaration testing version 1 {
    primary "guides/testing.txt"
        sha256 "1f35de44ea0ae35c400943e4ba156e20be3ba4f488b5f424b1ea96c04c462cc4"
}
```

```text path=guides/testing.txt tracked=false
Run the tests with `make test`.
```

## Passes

```assay path=assay/context.assay
declaration testing version 1 {
    primary "guides/testing.txt"
        sha256 "1f35de44ea0ae35c400943e4ba156e20be3ba4f488b5f424b1ea96c04c462cc4"
}
```

```text path=guides/testing.txt tracked=true
Run the tests with `make test`.
```
""",
)

#: This family's rules, as the registry lists them.
RULES = (PIN001, PIN002, PIN003, PTH001, PTH002, PTH003, PTH004)

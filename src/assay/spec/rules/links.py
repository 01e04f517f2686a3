"""LNK001-LNK007: links and relations between records."""

from __future__ import annotations

from assay.spec.rules.rule import Rule

LNK001 = Rule(
    code="LNK001",
    name="broken-link",
    undeclared="face",
    stage="check",
    scope="document",
    summary=(
        "A relative link (or reference definition) points at a file that does not exist, "
        "or a link has no target."
    ),
    documentation="""\
Links resolve from the document's folder, without `?query` or `#fragment`, after
URL-decoding; a leading `/` starts at the workspace root, and a link to this
repository's own blob URL on its main line (`blob/main/x.md`, `master`, `HEAD`) is
checked as the path it names; one pinned to a commit, a tag or another branch names the
file as it is there, and is not checked. A leading `/` may also name
a page of a documentation site: `/architecture/deep-dives` is found as
`docs/architecture/deep-dives.md` (or `.mdx`, `…/index.md`, `…/README.md`) under
`docs/`, a Docusaurus site's folder, its `docs/` and `static/`, MkDocs' `docs_dir`, or
a Hugo site's `content/` (and `content/en`; `/docs/glossary.md` may be Hugo's
`docs/glossary/_index.md`). A link to a built page (`0008-x.html`) is found by its
source beside it (`0008-x.rst`), as Sphinx projects link their records. A relative
link of a page a Hugo site mounts elsewhere (`module.mounts` in `hugo.toml`) is
resolved where the site shows the page. One no page answers is reported only when it
names a file (it ends in an extension such as `.md` or `.png`): a route like
`/architecture/overview` may be a page the site makes (a slug, a version), which assay
cannot check. A file of a site's static folder (`public/` or `static/`, at the root or
up to two folders down) is found where the site serves it, at its root: `/img/map.png`
or, for a site that resolves links from its root (`<base href="/">`), `img/map.png`
both find `public/img/map.png`; a path that climbs (`../img/map.png`) does not. On
such a site a relative link that names no file (`adr/ADR-70`) may be a route resolved
from the root too, and is not reported; `./adr/ADR-70` is the record's folder. Files
git ignores do not count: they are not there in a fresh clone. The `href` and `src` of
raw HTML tags (`<a href="…">`, `<img src='…'>`) are links too, read as a browser reads
them (`&amp;` is `&`). Links in code, HTML comments and footnotes are not checked. A
link with no target at all (`[the design]()`, or a reference to `[rb]: <>`) leads
nowhere and is reported too (a definition no link uses, `[//]: <> (a note)`, is
Markdown's comment idiom and is not); `#` and `#section` point into the document
itself.

## Fails

```markdown at=3:9
# 1. Use PostgreSQL

See the [benchmark](../benchmarks/ledger.md).
```

## Passes

```markdown path=docs/adr/0001-use-postgres.md
# 1. Use PostgreSQL

See the [benchmark](../benchmarks/ledger.md#results).
```

```markdown path=docs/benchmarks/ledger.md
# Ledger benchmark
```
""",
)

LNK002 = Rule(
    code="LNK002",
    name="link-escapes-set",
    undeclared="face",
    stage="check",
    scope="document",
    summary="A relative link climbs out of the workspace with `..`, or out of its run folder.",
    documentation="""\
What lies outside the workspace is not checked, not published, and not there
when the repository is cloned on its own. Link to a URL instead.

A document of an analysis run (any folder holding `run.toml`) links only into
the run's own retained files: the review rendered from the run resolves its links
into that set, and nothing outside it was verified with the run.

Links written in raw HTML count as Markdown links do: the `href` and `src` of a
tag in a paragraph or an HTML block (`<a href="../../README.md">`, `<img src=…>`,
any case, any quoting), its character references decoded. Tags in code, in HTML
comments and inside `<script>`, `<style>` or `<textarea>` are not links.

## Fails

```markdown at=3:5
# 1. Use PostgreSQL

See [the platform notes](../../../platform/notes.md).
```

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

```markdown path=runs/github.com-pallets-flask/overview.md at=3:5
# Overview: Flask request dispatch

See [the Django run](../github.com-django-django/overview.md) for comparison.
```

```markdown path=runs/github.com-django-django/overview.md
# Overview: Django request handling
```

```markdown path=docs/adr/0002-use-redis.md at=3:14
# 2. Use Redis

See <a href="../../../platform/cache.md">the platform notes</a>.
```

## Passes

```markdown
# 1. Use PostgreSQL

See [the platform notes](https://wiki.example.com/platform/notes).
```
""",
)

LNK003 = Rule(
    code="LNK003",
    name="one-sided-relation",
    stage="check",
    scope="workspace",
    publication="noted",
    severity="warning",
    summary="Record A says it is superseded by B, but B does not say it supersedes A.",
    documentation="""\
Relations are read in Status (`Superseded by [ADR 5](0005-x.md)`), metadata
lines and bullets, a `Links` section and front matter; targets are links or bare
IDs (`ADR-0005`), and a link to a pull request or issue (`[rfc#7](…/pull/7)`) is
none; a sentence about the record (`This ADR supersedes [ADR 3](..)`) states one
too. Every relation with an inverse is checked both ways, so a reader who lands on
either record finds the other (in a record no spec declares, any link back from the
other record is its answer); a one-sided relation (`In part
supersedes`, `Rejected in favour of`) asks nothing back.

## Fails

```markdown path=docs/adr/0001-use-mysql.md at=3:23
# 1. Use MySQL

Status: Superseded by [ADR 2](0002-use-postgres.md)
```

```markdown path=docs/adr/0002-use-postgres.md
# 2. Use PostgreSQL

Status: Accepted
```

## Passes

```markdown path=docs/adr/0001-use-mysql.md
# 1. Use MySQL

Status: Superseded by [ADR 2](0002-use-postgres.md)
```

```markdown path=docs/adr/0002-use-postgres.md
# 2. Use PostgreSQL

* Status: Accepted
* Supersedes: ADR-0001
```
""",
)

LNK004 = Rule(
    code="LNK004",
    name="unknown-relation-target",
    stage="check",
    scope="workspace",
    publication="noted",
    severity="warning",
    summary="A relation names a record by ID (`Supersedes ADR-0042`) and no record has it.",
    documentation="""\
Linked targets that do not exist are `LNK001`; this covers bare IDs, for every
relation, one-sided ones too (`Rejected in favour of ADR-101`).

## Fails

```markdown path=docs/adr/0002-use-postgres.md at=4:15
# 2. Use PostgreSQL

* Status: Accepted
* Supersedes: ADR-0042
```

## Passes

```markdown path=docs/adr/0002-use-postgres.md
# 2. Use PostgreSQL

* Status: Accepted
* Supersedes: ADR-0001
```

```markdown path=docs/adr/0001-use-mysql.md
# 1. Use MySQL

Status: Superseded by ADR-0002
```
""",
)

LNK005 = Rule(
    code="LNK005",
    name="link-wrong-case",
    undeclared="face",
    stage="check",
    scope="document",
    severity="warning",
    summary="A link works on macOS and Windows but not on Linux or GitHub: its case differs.",
    documentation="""\
## Fails

```markdown path=docs/adr/0002-use-redis.md at=3:11
# 2. Use Redis

Builds on [ADR 1](0001-Use-Postgres.md).
```

```markdown path=docs/adr/0001-use-postgres.md
# 1. Use PostgreSQL
```

## Passes

```markdown path=docs/adr/0002-use-redis.md
# 2. Use Redis

Builds on [ADR 1](0001-use-postgres.md).
```

```markdown path=docs/adr/0001-use-postgres.md
# 1. Use PostgreSQL
```
""",
)

LNK006 = Rule(
    code="LNK006",
    name="link-missing-extension",
    undeclared="face",
    stage="check",
    scope="document",
    severity="warning",
    summary="A link names a file without its `.md`; some sites resolve it, GitHub does not.",
    documentation="""\
## Fails

```markdown path=docs/adr/0002-use-redis.md at=3:11
# 2. Use Redis

Builds on [ADR 1](0001-use-postgres).
```

```markdown path=docs/adr/0001-use-postgres.md
# 1. Use PostgreSQL
```

## Passes

```markdown path=docs/adr/0002-use-redis.md
# 2. Use Redis

Builds on [ADR 1](0001-use-postgres.md).
```

```markdown path=docs/adr/0001-use-postgres.md
# 1. Use PostgreSQL
```
""",
)

LNK007 = Rule(
    code="LNK007",
    name="scheme-less-link",
    undeclared="face",
    stage="check",
    scope="document",
    severity="warning",
    summary="A link to a domain without a scheme is a relative path to a missing file.",
    documentation="""\
`[docs](example.org/docs)` resolves to `docs/adr/example.org/docs` on GitHub.

## Fails

```markdown at=3:5
# 1. Use PostgreSQL

See [the PostgreSQL docs](www.postgresql.org/docs/16/).
```

## Passes

```markdown
# 1. Use PostgreSQL

See [the PostgreSQL docs](https://www.postgresql.org/docs/16/).
```
""",
)

LNK008 = Rule(
    code="LNK008",
    name="unknown-fragment",
    stage="check",
    scope="run",
    summary="A link between a run's documents names a heading its target does not have.",
    documentation="""\
A `#fragment` names a heading: `lenses/memory.md#findings` leads to the memory lens's
`## Findings`, `#limitations` to the document's own. The review rendered from a run
carries the overview's links (ADR 097), so a fragment that names no heading would
reach readers as a link that leads nowhere in particular. A fragment resolves when
the heading's anchor on the published site (MkDocs: `limitations`, a second one
`limitations_1`) or on GitHub (`limitations-1`) is that name. In the review, a
fragment-only link whose heading the review keeps (its own title, the synthesis's
headings, `Limitations`) stays, and any other leads to the overview's heading.

## Fails

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

```markdown path=runs/github.com-pallets-flask/lenses/memory.md
# Memory lens: request dispatch

## Findings

Context-local state lives in `contextvars`.
```

```markdown path=runs/github.com-pallets-flask/overview.md at=5:17
# Overview: Flask

## Bounded synthesis

State is local ([memory lens](lenses/memory.md#finding-2)).
```

## Passes

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

```markdown path=runs/github.com-pallets-flask/lenses/memory.md
# Memory lens: request dispatch

## Findings

Context-local state lives in `contextvars`.
```

```markdown path=runs/github.com-pallets-flask/overview.md
# Overview: Flask

## Description

Flask keeps request state in context-local objects, pushed around each request.

## Bounded synthesis

State is local ([memory lens](lenses/memory.md#findings)); see the
[description](#description).
```
""",
)

#: This family's rules, as the registry lists them.
RULES = (LNK001, LNK002, LNK003, LNK004, LNK005, LNK006, LNK007, LNK008)

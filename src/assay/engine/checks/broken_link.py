"""LNK001: a relative link whose target does not exist, or a link with no target."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.checks.resolved_links import findings_of
from assay.engine.workspace.document_context import DocumentContext
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


@document_check(LNK001, uses_files=True)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A relative link (or reference definition) points at a file that does not exist."""
    for found in findings_of(context, "missing", "absolute-path", "empty"):
        yield Finding(found.span, found.resolution.message)

"""A complete, valid analysis run written to disk, for tests to break one thing at a time.

``write_run(root)`` writes ``runs/<slug>/`` with every member ADR 097 names, each
passing every check; a keyword replaces one file's text (``memory=...``) or leaves the
file out (``memory=None``).  The texts are a small but real analysis of Flask's
request-context handling, so the checks meet what a run really looks like.
"""

from __future__ import annotations

from pathlib import Path

from assay.engine.runs.identity import run_slug

SOURCE = "https://github.com/pallets/flask"
COMMIT = "2f0c62f5e6e290843f03c1fa70817c7a3c7fd661"
INPUTS_COMMIT = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"

RUN_TOML = f"""\
system = "Flask"
source = "{SOURCE}"
inputs-commit = "{INPUTS_COMMIT}"

# Operational state of the workflow: not part of the retained contract.
model = "example-model-2026-09"
attempts = 1

[timing]
started = "2026-09-29T08:00:00Z"
"""

BOUNDARY = f"""\
# Boundary: Flask

- source.identity: {SOURCE}
- source.commit: {COMMIT}
- inspected: 2026-09-29

## Scope

The `src/flask` package at the pinned commit: the application and request contexts,
the dispatch path from `Flask.wsgi_app` to a view, and the error handlers. Extensions,
the CLI and the documentation are out of scope.
"""

RUNTIME = """\
# Runtime: request dispatch

Inputs: boundary.md

## Findings

A request pushes an application context and then a request context before dispatch;
both are popped in `wsgi_app`'s `finally` block, so a view that raises still releases
them. The boundary's scope ([boundary](../boundary.md)) covers the whole path.
"""

MEMORY = """\
# Memory lens: request dispatch

Inputs: boundary.md, output/runtime.md

## Findings

Context-local state lives in `contextvars`, so each request sees its own `g` and
`request`; nothing survives a request unless a view stores it on the application.
"""

EPISTEMIC = """\
# Epistemic lens: request dispatch

Inputs: boundary.md, output/runtime.md

## Findings

The runtime member's claim about `finally` was read in the source; the claim about
thread safety rests on the `contextvars` documentation, not on a test.
"""

OVERVIEW = """\
# Overview: Flask request dispatch

## Description

Flask pushes and pops its contexts around every request, so a failing view leaks no state.

## Bounded synthesis

Within `src/flask` at the pinned commit, each request runs inside an application and a
request context that `wsgi_app` pushes before dispatch and pops in a `finally` block.
Context-local values live in `contextvars`, so concurrent requests do not share them.
See the [runtime member](output/runtime.md) for the dispatch path.

## Limitations

Extensions and the CLI were not read; thread safety was taken from documentation.
"""

VERIFY = """\
# Verification

The overview's claims were checked against the members and the source.

### Blockers

none
"""

#: Keyword -> path inside the run.
FILES = {
    "run_toml": "run.toml",
    "boundary": "boundary.md",
    "runtime": "output/runtime.md",
    "memory": "lenses/memory.md",
    "epistemic": "lenses/epistemic.md",
    "overview": "overview.md",
    "verify": "verify.md",
}
TEXTS = {
    "run_toml": RUN_TOML,
    "boundary": BOUNDARY,
    "runtime": RUNTIME,
    "memory": MEMORY,
    "epistemic": EPISTEMIC,
    "overview": OVERVIEW,
    "verify": VERIFY,
}


def write_run(
    root: Path,
    slug: str | None = None,
    *,
    extra: dict[str, str | bytes] | None = None,
    **overrides: str | bytes | None,
) -> Path:
    """Write a complete run below ``root`` at ``runs/<slug>`` (default: the slug of
    ``SOURCE``) and return its folder. ``overrides`` replace a file's text by its
    keyword (``FILES``), or leave it out with None; ``extra`` adds files by their path
    inside the run."""
    unknown = set(overrides) - set(FILES)
    assert not unknown, f"no such run file: {unknown}"
    folder = root / "runs" / (slug if slug is not None else run_slug(SOURCE))
    texts: dict[str, str | bytes | None] = {FILES[k]: v for k, v in TEXTS.items()}
    texts.update({FILES[k]: v for k, v in overrides.items()})
    texts.update(extra or {})
    for relative, text in texts.items():
        if text is None:
            continue
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            target.write_bytes(text)
        else:
            target.write_text(text, encoding="utf-8")
    return folder

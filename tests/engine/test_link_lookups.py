"""Link look-ups cost one table per run, not a walk per link.

A destination is resolved once per document however often the document writes it, and
a case-insensitive look-up is one dict look-up in a table built once per file index;
the answers are those of the folder-by-folder walk it replaces (kept here).
"""

from __future__ import annotations

import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.checks import resolved_links
from assay.engine.workspace.document_context import DocumentContext
from assay.engine.workspace.links import ROOT, FileIndex, LinkResolution
from assay.spec.source import Span


def _variant_before(index: FileIndex, path: str) -> str | None:
    """``case_variant`` as it was: each component matched in its own folder, exact
    spelling first, depth first."""
    children: dict[str, dict[str, set[str]]] = {}
    for known in (*index.files, *index.directories):
        if known != ROOT:
            parent, _, name = known.rpartition("/")
            children.setdefault(parent or ROOT, {}).setdefault(name.casefold(), set()).add(name)

    def walk(folder: str, parts: tuple[str, ...]) -> str | None:
        names = sorted(children.get(folder, {}).get(parts[0].casefold(), ()))
        for name in sorted(names, key=lambda n: n != parts[0]):
            here = name if folder == ROOT else f"{folder}/{name}"
            if len(parts) == 1:
                return here
            if here in index.directories and (deeper := walk(here, parts[1:])):
                return deeper
        return None

    parts = tuple(p for p in path.split("/") if p not in ("", "."))
    if not parts or ".." in parts or index.exists(path):
        return None
    return walk(ROOT, parts)


_NAMES = st.sampled_from(("a", "A", "b.md", "B.MD", "ß", "SS", "ss", "Docs", "docs", "DOCS"))
_PATHS = st.lists(_NAMES, min_size=1, max_size=3).map("/".join)


@given(files=st.lists(_PATHS, min_size=1, max_size=8), path=_PATHS)
def test_case_variant_is_what_the_folder_walk_found(files: list[str], path: str) -> None:
    try:
        index = FileIndex.build(files)
    except ValueError:
        return
    for asked in (path, *files, path.upper(), path.lower()):
        assert index.case_variant(asked) == _variant_before(index, asked)


def test_a_destination_is_resolved_once_per_document(monkeypatch: pytest.MonkeyPatch) -> None:
    """A generated index linking a few files thousands of times resolves each once."""
    calls: list[str] = []
    resolve = resolved_links.resolve_link

    def counting(source: str, destination: str, *args: object, **kw: object) -> LinkResolution:
        calls.append(destination)
        return resolve(source, destination, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(resolved_links, "resolve_link", counting)
    links = tuple((f"target-{n % 10}.md", Span(0, 0, n + 1, 1, n + 1, 5)) for n in range(1_000))
    context = DocumentContext(
        path="docs/index.md",
        text=None,
        document=None,
        type=None,
        reading=None,
        files=FileIndex.build(["docs/index.md", "docs/Target-1.md"]),
        links=links,
    )
    found = resolved_links.resolved_links(context)
    assert len(found) == 1_000
    assert sorted(calls) == sorted({f"target-{n}.md" for n in range(10)})
    assert [r.resolution.kind for r in found[:3]] == ["missing", "wrong-case", "missing"]


def test_a_document_s_links_are_resolved_once_and_kept_no_longer_than_its_context() -> None:
    """The link checks share one resolution per document, kept on its context: two
    contexts never share one, and once the context is gone, so is its resolution
    (a module slot once held a 1 MB document's whole model until the next document
    came: 46 MiB a long-lived process kept)."""
    import gc
    import weakref

    links = tuple((f"t-{n}.md", Span(0, 0, n + 1, 1, n + 1, 5)) for n in range(100))
    context = DocumentContext(
        path="docs/index.md",
        text=None,
        document=None,
        type=None,
        reading=None,
        files=FileIndex.build(["docs/index.md"]),
        links=links,
    )
    first = resolved_links.resolved_links(context)
    assert resolved_links.resolved_links(context) is first  # shared by the five checks
    other = evolve(context, links=links[:1])
    assert len(resolved_links.resolved_links(other)) == 1  # its own links, not the first's
    gone = weakref.ref(context)
    kept = weakref.ref(first[0])
    del context, first
    gc.collect()
    assert gone() is None
    assert kept() is None

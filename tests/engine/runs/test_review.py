"""The review rendered from a run's overview and boundary: snapshots, kept as ``.md`` files.

The documents are read by the real loader from a workspace on disk, and the snapshots
are stored by assay's own pytest plugin (``assay.testing``), as users would store theirs.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st
from syrupy.assertion import SnapshotAssertion

from assay.engine.reading.read import read
from assay.engine.reading.vocabulary import Vocabulary
from assay.engine.runs.review import ReviewSource, render_review, review_source
from assay.engine.workspace.config import load_config
from assay.engine.workspace.document_context import DocumentContext
from assay.engine.workspace.links import FileIndex
from assay.engine.workspace.loading import load_workspace
from assay.engine.workspace.types import resolve_types
from assay.grammar.markdown.document import read_document
from assay.grammar.spec import parse_spec

RUN = "runs/github.com-pallets-flask"

BOUNDARY = """\
# Boundary: Flask

- source.identity: https://github.com/pallets/flask
- source.commit: 2f0c62f5e6e290843f03c1fa70817c7a3c7fd661
- inspected: 2026-09-30

## Scope

The `src/flask` package: the application object, request handling and contexts.
"""

OVERVIEW = """\
# Overview: Flask

## Description

Flask keeps **request state** in [context-local](lenses/memory.md) objects, \
pushed and popped around each request by `wsgi_app`.

## Bounded synthesis

Each request runs inside an application context and a request context
([memory lens](lenses/memory.md#finding-1 "Memory lens")); the proxies `request`
and `g` read the innermost one ([runtime](output/runtime.md#request-dispatch)).

![Context stack](output/figures/contexts.png)

The epistemic lens found the teardown order documented but untested
([epistemic][epistemic-2]); the second round settled it
([round 1](rounds/01/verify.md#blockers)).

Code stays as written: `[not a link](lenses/memory.md)`.

### What the synthesis does not claim

Nothing about async views ([Flask docs](https://flask.palletsprojects.com/async/)).


## Limitations

- Extensions were out of scope ([boundary](boundary.md#scope)).
- Only `wsgi_app` was traced; see [the trace][trace].

[trace]: output/traces/wsgi.txt "Trace"

## Notes

[epistemic-2]: <lenses/epistemic.md#finding-2>
"""

SPEC = """\
use analysis

type run-boundary extends boundary {
    files "runs/*/boundary.md"
}

type run-overview extends overview {
    files "runs/*/overview.md"
}
"""


def _contexts(root: Path, overview: str = OVERVIEW, boundary: str = BOUNDARY) -> ReviewSource:
    (root / f"{RUN}").mkdir(parents=True)
    (root / "assay.toml").write_text('specs = ["runs.assay"]\n')
    (root / "runs.assay").write_text(SPEC)
    (root / RUN / "boundary.md").write_bytes(boundary.encode())
    (root / RUN / "overview.md").write_bytes(overview.encode())
    documents = {d.path: d for d in load_workspace(load_config(root)).documents}
    source = _source(documents[f"{RUN}/boundary.md"], documents[f"{RUN}/overview.md"])
    assert source is not None
    return source


def _source(boundary: DocumentContext, overview: DocumentContext) -> ReviewSource | None:
    return review_source(boundary, overview, "Flask")


def test_review_in_the_run_folder(tmp_path: Path, review_snapshot: SnapshotAssertion) -> None:
    source = _contexts(tmp_path)
    review = render_review(source, f"{RUN}/review.md")
    assert review == review_snapshot
    # Links already lead from the run folder: the sections come through as written.
    assert "(lenses/memory.md#finding-1 " in review
    assert "[epistemic-2]: <lenses/epistemic.md#finding-2>" in review


def test_review_in_another_folder(tmp_path: Path, review_snapshot: SnapshotAssertion) -> None:
    source = _contexts(tmp_path)
    review = render_review(source, "docs/reviews/github.com-pallets-flask.md")
    assert review == review_snapshot
    up = f"../../{RUN}"
    for rewritten in (
        f"({up}/lenses/memory.md#finding-1 ",
        f"({up}/output/figures/contexts.png)",
        f"({up}/rounds/01/verify.md#blockers)",
        f"[trace]: {up}/output/traces/wsgi.txt",
        f"[epistemic-2]: <{up}/lenses/epistemic.md#finding-2>",
        "`[not a link](lenses/memory.md)`",
        "(https://flask.palletsprojects.com/async/)",
    ):
        assert rewritten in review


def test_the_parts(tmp_path: Path) -> None:
    source = _contexts(tmp_path)
    assert source.description == (
        "Flask keeps request state in context-local objects, pushed and popped around "
        "each request by wsgi_app."
    )
    assert (source.identity, source.inspected) == ("https://github.com/pallets/flask", "2026-09-30")
    assert source.synthesis.startswith("Each request runs")
    assert source.synthesis.endswith("([Flask docs](https://flask.palletsprojects.com/async/)).")
    assert source.limitations.endswith('[trace]: output/traces/wsgi.txt "Trace"')
    # Defined under `## Notes`, outside both sections: carried along.
    assert source.definitions == ("[epistemic-2]: <lenses/epistemic.md#finding-2>",)


def test_byte_stable_lf_and_one_final_newline(tmp_path: Path) -> None:
    crlf = OVERVIEW.replace('"Trace"\n', '"Trace"\n\n\n').replace("\n", "\r\n")
    source = _contexts(tmp_path, crlf, BOUNDARY.replace("\n", "\r\n"))
    review = render_review(source, f"{RUN}/review.md")
    assert review == render_review(source, f"{RUN}/review.md")
    assert "\r" not in review
    assert review.endswith('"Trace"\n\n[epistemic-2]: <lenses/epistemic.md#finding-2>\n')
    assert not review.endswith("\n\n")
    assert review == render_review(_contexts(tmp_path / "lf"), f"{RUN}/review.md")


def test_the_description_is_json_escaped() -> None:
    source = ReviewSource(
        system="S",
        identity="i",
        commit="c",
        inspected="2026-01-01",
        description='A "quoted" \\ description: with a colon — and more.',
        overview_path="o.md",
        synthesis="s",
        limitations="l",
    )
    assert render_review(source, "r.md").splitlines()[1] == (
        'description: "A \\"quoted\\" \\\\ description: with a colon — and more."'
    )


@given(st.text(max_size=60))
def test_the_description_reads_back_as_it_was_verified(description: str) -> None:
    """Whatever the Description's characters, the front matter reads back as them."""
    source = ReviewSource(
        system="S",
        identity="i",
        commit="c",
        inspected="2026-01-01",
        description=description,
        overview_path="o.md",
        synthesis="s",
        limitations="l",
    )
    review = render_review(source, "r.md")
    front = review[4 : review.index("\n---\n", 3)]
    assert yaml.safe_load(front) == {"description": description}


@pytest.mark.parametrize(
    ("overview", "boundary"),
    [
        (OVERVIEW.replace("## Limitations", "## Caveats"), BOUNDARY),
        (OVERVIEW.replace("## Description\n", "## Summary\n"), BOUNDARY),
        (OVERVIEW.replace("## Bounded synthesis", "## Synthesis"), BOUNDARY),
        (OVERVIEW, BOUNDARY.replace("- inspected: 2026-09-30\n", "")),
        (OVERVIEW, BOUNDARY.replace("- source.commit:", "- commit:")),
        (OVERVIEW, BOUNDARY.replace("- source.identity:", "- identity:")),
    ],
    ids=["limitations", "description", "synthesis", "inspected", "commit", "identity"],
)
def test_a_missing_part_renders_nothing(tmp_path: Path, overview: str, boundary: str) -> None:
    (tmp_path / RUN).mkdir(parents=True)
    (tmp_path / "assay.toml").write_text('specs = ["runs.assay"]\n')
    (tmp_path / "runs.assay").write_text(SPEC)
    (tmp_path / RUN / "boundary.md").write_text(boundary)
    (tmp_path / RUN / "overview.md").write_text(overview)
    documents = {d.path: d for d in load_workspace(load_config(tmp_path)).documents}
    assert _source(documents[f"{RUN}/boundary.md"], documents[f"{RUN}/overview.md"]) is None


_TYPES = resolve_types([parse_spec("use analysis\n", "analysis.assay").value]).value  # type: ignore[list-item]
_CHUNKS = st.sampled_from(
    [*"[]()<>!`#*_\\&:/.- \n\r\t\"'aé", "## Description\n", "## Bounded synthesis\n",
     "## Limitations\n", "### Sub\n", "[r]: x.md\n", "[a][r]", "](", "```\n", "> ", "\ufeff"]
)  # fmt: skip


def _read(path: str, text: str, type_name: str) -> DocumentContext:
    parsed, locator = read_document(text, path)
    document, doc_type = parsed.value, _TYPES[type_name]
    reading = None
    if document is not None and locator is not None:
        reading = read(document, locator.text, Vocabulary(doc_type), locator)
    return DocumentContext(
        path=path,
        text=locator.text if locator is not None else None,
        document=document,
        type=doc_type,
        reading=reading,
        files=FileIndex.build([]),
    )


_BOUNDARY_CONTEXT = _read(f"{RUN}/boundary.md", BOUNDARY, "boundary")


_TEXT = st.lists(_CHUNKS, max_size=30).map("".join)


@given(st.tuples(_TEXT, _TEXT, _TEXT), st.text(max_size=20))
def test_any_overview_renders_or_declines(texts: tuple[str, str, str], system: str) -> None:
    """Whatever the sections hold, the review is rendered in its form, or declined."""
    synthesis, limitations, after = texts
    overview = (
        OVERVIEW.replace("Code stays", f"{synthesis}\n\nCode stays").replace(
            "- Only `wsgi_app`", f"{limitations}\n- Only `wsgi_app`"
        )
        + after
    )
    context = _read(f"{RUN}/overview.md", overview, "overview")
    source = review_source(_BOUNDARY_CONTEXT, context, system or "S")
    if source is None:
        return
    for destination in (f"{RUN}/review.md", "docs/reviews/x.md"):
        review = render_review(source, destination)
        assert review.endswith("\n") and not review.endswith("\n\n")
        assert "\r" not in review
        assert review.startswith("---\ndescription: ")


FRAGMENTS = OVERVIEW.replace(
    "Code stays as written:",
    "See [the description](#description), [the limitations](#limitations), "
    '<a href="#bounded-synthesis">the synthesis</a> and [its note](#what-the-synthesis-'
    "does-not-claim).\n\nCode stays as written:",
)


@pytest.mark.parametrize(
    "destination",
    [f"{RUN}/review.md", "docs/reviews/github.com-pallets-flask.md"],
    ids=["run-folder", "elsewhere"],
)
def test_fragments_lead_to_a_heading_the_page_has(
    tmp_path: Path, destination: str, review_snapshot: SnapshotAssertion
) -> None:
    """A fragment the review keeps stays; one naming the overview's heading leads there."""
    review = render_review(_contexts(tmp_path, FRAGMENTS), destination)
    assert review == review_snapshot
    overview = "overview.md" if destination.startswith(RUN) else f"../../{RUN}/overview.md"
    assert f"[the description]({overview}#description)" in review
    assert f'<a href="{overview}#bounded-synthesis">' in review
    assert "[the limitations](#limitations)" in review
    assert "[its note](#what-the-synthesis-does-not-claim)" in review

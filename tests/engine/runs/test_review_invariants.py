"""Generated runs hold ADR 097's review invariants: what checks clean renders, whole.

Each example writes a run to disk (git-free: the check reads the folder) with a
generated ``run.toml`` ``system``, a boundary whose fields may be empty, and an overview
whose sections come in any order, any number of times, nested or not, holding fragment
links (to headings the review keeps, to headings only the overview has, to none) and
file links into the members, under front matter that may carry its own
``description:``. The real check, renderer and site tree then must agree:

- a run whose files hold no error and whose Blockers are ``none`` renders;
- every section the review takes appears in it whole (each has a unique marker);
- every link of the review resolves: a fragment to a heading of the review, a file
  into the run's retained files, a file's fragment to one of its headings;
- the review's description and the published overview page's description are the
  verified ``## Description``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from urllib.parse import unquote

import yaml
from hypothesis import event, example, given, settings
from hypothesis import strategies as st
from markdown.extensions.toc import slugify, unique

from assay.api.runs import Verification, render_review, verify_runs
from assay.grammar.markdown.document import read_document
from assay.site.gate import Publication
from assay.site.tree import review_path, write_tree
from tests.engine.runs.builders import COMMIT, RUN_TOML, SOURCE, write_run

DESCRIPTION = (
    "Flask pushes and pops its contexts around every request, so a failing view leaks no state."
)
#: What a section's text may link to: headings the review keeps, the overview's own,
#: none at all, and the members' headings (present and absent).
LINKS = (
    "[the limitations](#limitations)",
    "[the description](#description)",
    "[the synthesis](#bounded-synthesis)",
    "[memory](lenses/memory.md#findings)",
    "[the scope](boundary.md#scope)",
    "[runtime](output/runtime.md)",
    "[the trace](output/trace.txt)",
    "![the figure](output/figures/stack.png)",
    '<a href="#description">the description</a>',
    "[ref][d]",
)
#: Links whose fragment names no heading of the overview or of their member.
BROKEN = (
    "[nowhere](#no-such-heading)",
    "[the title](#flask)",
    "[memory, nowhere](lenses/memory.md#finding-9)",
)
NAMES = ("Description", "Bounded synthesis", "Limitations", "Notes")


def rarely(times: int) -> st.SearchStrategy[bool]:
    """True about once in ``times`` (an integer draw would favour its bounds)."""
    return st.sampled_from([False] * (times - 1) + [True])


@st.composite
def overviews(draw: st.DrawFn) -> tuple[str, list[tuple[str, str]]]:
    """An overview's text, and each section it holds as (name, marker)."""
    lines: list[str] = []
    front = draw(st.sampled_from([None, "An author's own summary of the overview.", ""]))
    if front is not None:
        lines += ["---", f"description: {front!r}", "title: Overview", "---", ""]
    lines += ["# Overview: Flask", ""]
    sections: list[tuple[str, str]] = []
    names = draw(st.permutations(NAMES[:3]))  # each section, in any order
    extras = st.sampled_from([*NAMES, "Notes", "Notes", "Notes"])
    for name in draw(st.lists(extras, max_size=1)):  # and again, or others
        names.insert(draw(st.integers(min_value=0, max_value=len(names))), name)
    if draw(rarely(10)):
        names.remove(draw(st.sampled_from(NAMES[:3])))  # or one missing
    for index, name in enumerate(names):
        level = 3 if draw(rarely(12)) else 2
        marker = f"Marker{index}x"
        links = draw(st.lists(st.sampled_from(LINKS), max_size=2, unique=True))
        if draw(rarely(15)):
            links.append(draw(st.sampled_from(BROKEN)))
        body = DESCRIPTION if name == "Description" else f"{marker} says {' and '.join(links)}."
        if name == "Description":
            marker = DESCRIPTION
        lines += [f"{'#' * level} {name}", "", body, ""]
        sections.append((name, marker))
    if draw(st.booleans()):
        lines += ["## Notes", "", "[d]: #description", ""]
    return "\n".join(lines), sections


SYSTEMS = st.sampled_from(["Flask", "Flask", "Flask", "", "   ", "Flask\\twith tabs"])
IDENTITIES = st.sampled_from([SOURCE, SOURCE, SOURCE, ""])
#: ``run.toml``'s source: the boundary's identity in another form, or another source.
SOURCES = st.sampled_from(
    [
        SOURCE,
        SOURCE,
        " HTTPS://GitHub.com/pallets/flask.git/ ",
        SOURCE + ".git",
        "https://github.com/pallets/werkzeug",
    ]
)


def _review_links(review: str, destination: str) -> list[str]:
    """The destinations of the review's links, each resolved: a fragment of the review,
    else ``path#fragment`` with the path workspace-relative."""
    parsed, _ = read_document(review)
    assert parsed.value is not None
    folder = destination.rpartition("/")[0]
    found = []
    for link in parsed.value.links:
        if link.kind == "autolink":
            continue
        target = link.destination
        if target.startswith("#"):
            found.append(target)
            continue
        path, _, name = target.partition("#")
        joined = Path(folder, unquote(path)).as_posix()
        parts: list[str] = []
        for part in joined.split("/"):
            if part == "..":
                parts.pop()
            elif part not in ("", "."):
                parts.append(part)
        found.append("/".join(parts) + (f"#{name}" if name else ""))
    return found


def _anchors(markdown: str) -> set[str]:
    """The anchors the site gives the headings of ``markdown`` (Python-Markdown's toc)."""
    document = read_document(markdown)[0].value
    assert document is not None
    found: set[str] = set()
    for section in document.walk_sections():
        unique(slugify(section.heading.text, "-"), found)
    return found


def _front_description(markdown: str) -> object:
    assert markdown.startswith("---\n"), markdown[:80]
    return yaml.safe_load(markdown[4 : markdown.index("\n---\n", 4)]).get("description")


def _resolve(review: str, destination: str, files: Path) -> None:
    """Every link of ``review``, read at ``destination`` below ``files``, resolves: a
    fragment to a heading of the review, a file to one of ``files``, and a file's
    fragment to a heading of that file."""
    anchors = _anchors(review)
    for target in _review_links(review, destination):
        path, _, name = target.partition("#")
        if not path:
            assert name in anchors, f"#{name} is not a heading of the review"
            continue
        assert (files / path).is_file(), f"{path} is not there"
        if name and path.endswith(".md"):
            text = (files / path).read_text(encoding="utf-8")
            assert name in _anchors(text), f"{target} names no heading"


def _holds(root: Path, run: Verification, sections: list[tuple[str, str]]) -> None:
    """The invariants of a run that checked clean."""
    assert run.verified, run.reasons  # what check accepts, render renders
    taken = [marker for name, marker in sections if name != "Notes"]
    for destination in (f"{run.folder}/review.md", "docs/reviews/flask.md"):
        review = render_review(run, destination)
        for marker in taken:  # nothing verified is dropped
            assert marker in review, marker
        assert _front_description(review) == DESCRIPTION
        _resolve(review, destination, root)
    docs = root / "site-docs"
    docs.mkdir()
    publication = Publication(root=root, records=(), runs=(run,), excluded=())
    write_tree(publication, docs, pictures=lambda facts: {})
    overview = (docs / run.folder / "overview.md").read_text(encoding="utf-8")
    assert _front_description(overview) == DESCRIPTION
    page = (docs / review_path(run)).read_text(encoding="utf-8")
    assert _front_description(page) == DESCRIPTION
    _resolve(page, review_path(run), docs)  # on the site, into what it copied


_TWO_LIMITATIONS = (
    "# Overview: Flask\n\n## Description\n\n" + DESCRIPTION + "\n\n## Bounded synthesis\n\n"
    "Marker0x says.\n\n## Limitations\n\nMarker1x says.\n\n## Limitations\n\nMarker2x says.\n",
    [
        ("Description", DESCRIPTION),
        ("Bounded synthesis", "Marker0x"),
        ("Limitations", "Marker1x"),
        ("Limitations", "Marker2x"),
    ],
)


@settings(max_examples=min(settings().max_examples, 60), deadline=None)
@given(overviews(), SYSTEMS, IDENTITIES, SOURCES)
@example(_TWO_LIMITATIONS, "Flask", SOURCE, SOURCE)  # the audit's: the second was dropped
def test_a_run_that_checks_clean_renders_whole(
    overview: tuple[str, list[tuple[str, str]]], system: str, identity: str, source: str
) -> None:
    """A generated run either holds an error, or renders with nothing dropped, every
    link resolving, and the Description as the only description."""
    text, sections = overview
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        (root / "assay.toml").write_text("")
        manifest = RUN_TOML.replace('system = "Flask"', f'system = "{system}"').replace(
            f'source = "{SOURCE}"', f'source = "{source}"'
        )
        boundary = f"""\
# Boundary: Flask

- source.identity: {identity}
- source.commit: {COMMIT}
- inspected: 2026-09-29

## Scope

The `src/flask` package at the pinned commit.
"""
        extra: dict[str, str | bytes] = {
            "output/trace.txt": "wsgi_app -> full_dispatch_request\n",
            "output/figures/stack.png": b"\x89PNG\r\n\x1a\n",
        }
        write_run(root, run_toml=manifest, boundary=boundary, overview=text, extra=extra)
        (run,) = verify_runs(root, cache=False)
        errors = {d.code for d in run.report.diagnostics if d.severity == "error"}
        event(" ".join(sorted(errors)) or "clean")  # how many examples reach the invariants
        if run.errors or run.blockers:
            return
        _holds(root, run, sections)

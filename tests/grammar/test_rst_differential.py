"""The reStructuredText reader against docutils' own doctree: the same section titles
in the same nesting, and the same external link destinations once docutils' own
transforms have resolved the named and anonymous references."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.core import publish_doctree
from hypothesis import given, settings
from hypothesis import strategies as st

from assay.grammar.reader import read_document

CASES = Path(__file__).parents[1] / "engine" / "cases" / "adr_formats"
FIXTURES = sorted(CASES.glob("rst-*/**/*.rst"))
_SETTINGS = {
    "report_level": 5,
    "halt_level": 5,
    "file_insertion_enabled": False,
    "raw_enabled": False,
    "doctitle_xform": False,  # the title is a section, as assay reads it
}


def _oracle(text: str) -> nodes.document:
    doctree: nodes.document = publish_doctree(text, settings_overrides=dict(_SETTINGS))
    return doctree


def _tree(sections: Any) -> list[tuple[str, Any]]:
    return [(s.heading.raw, _tree(s.children)) for s in sections]


def _oracle_tree(node: nodes.Element) -> list[tuple[str, Any]]:
    found = []
    for child in node.children:
        if isinstance(child, nodes.section):
            title = child.children[0]
            found.append((title.rawsource, _oracle_tree(child)))
    return found


def _oracle_destinations(doctree: nodes.document) -> list[str]:
    """Where docutils' references point after its transforms, but for `:doc:` and
    `:ref:` (Sphinx roles docutils does not know) and places inside the document."""
    return [
        str(ref["refuri"])
        for ref in doctree.findall(nodes.reference)
        if "refuri" in ref and not ref["refuri"].startswith("#")
    ]


def _ours(text: str) -> tuple[list[tuple[str, Any]], list[str]]:
    parsed, _ = read_document(text.encode(), "docs/decisions/0001-x.rst")
    document = parsed.value
    assert document is not None
    destinations = [
        link.destination for link in document.links if link.label != "doc" and not link.image
    ]
    return _tree(document.sections), destinations


def _compare(text: str) -> None:
    doctree = _oracle(text)
    sections, destinations = _ours(text)
    assert sections == _oracle_tree(doctree)
    assert sorted(destinations) == sorted(_oracle_destinations(doctree))


def test_fixtures_match_docutils() -> None:
    """Every `.rst` record of the case folders reads as docutils reads it."""
    assert FIXTURES
    for path in FIXTURES:
        _compare(path.read_text("utf-8").replace(":doc:", ":title-reference:"))


def test_tricky_cases_match_docutils() -> None:
    """Overlines, three levels, anonymous and named references, embedded URIs."""
    text = (
        "=====\nTitle\n=====\n\nA\n=\n\nsee `x <https://x.org>`__ and `y`_ and\n"
        "`z`__.\n\n.. _y: https://y.org\n\n__ https://z.org\n\nB\n-\n\nC\n~\n\ntext\n\nD\n=\n"
    )
    _compare(text)


_word = st.text(alphabet="abcdefgh", min_size=1, max_size=6)


@st.composite
def _documents(draw: st.DrawFn) -> str:
    marks = draw(st.permutations(["=", "-", "~", "^"]))
    parts = []
    depth = 0
    for _ in range(draw(st.integers(1, 8))):
        depth = draw(st.integers(0, min(depth + 1, 3)))
        title = " ".join(draw(st.lists(_word, min_size=1, max_size=3)))
        parts.append(f"{title}\n{marks[depth] * len(title)}\n")
        for _ in range(draw(st.integers(0, 2))):
            words = draw(st.lists(_word, min_size=1, max_size=5))
            link = draw(st.sampled_from(["", " `l <https://e.org/{}>`_", " https://b.org/{}"]))
            parts.append(" ".join(words) + link.format(words[0]) + "\n")
    return "\n".join(parts)


@settings(max_examples=150, deadline=None)
@given(_documents())
def test_generated_documents_match_docutils(text: str) -> None:
    """Generated section trees with links read as docutils reads them."""
    _compare(text)

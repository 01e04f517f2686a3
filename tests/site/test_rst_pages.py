"""A reStructuredText series published like a Markdown one: each record's page is
Markdown written from its doctree, made safe as any record's page (its raw HTML text,
its links rewritten to the pages), under the header its reading gives."""

from __future__ import annotations

from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from assay.cli import EXIT_OK, main
from assay.engine.workspace.config import load_config
from assay.site.gate import decide
from assay.site.pages.safety import render, unsafe_markup
from assay.site.tree import write_tree
from tests.site.test_history import workspace
from tests.site.test_pages import generated, stub_pictures

POSTGRES = """\
1. Use PostgreSQL
=================

:Status: Superseded by :doc:`0002-use-redis`
:Date: 2024-03-05

Context
-------

The ledger needs *transactions*; see `the cache record <0002-use-redis.rst#context>`_
and `the notes <../notes.txt>`_.

Decision
--------

PostgreSQL 16, with ``List<T>`` kept as code.

Consequences
------------

- One more service to run.
- 1. Backups, `nightly`_.

.. _nightly: https://example.com/backups
"""

REDIS = """\
2. Use Redis <b>now</b>
=======================

:Status: Accepted
:Date: 2024-04-01

Supersedes :doc:`0001-use-postgres`.

.. assay: disable-file DOC021 -- the hostile record's raw directive is refused

Context
-------

The cache <script>alert("pwned")</script> and <img src=x onerror=alert(1)>.

.. raw:: html

   <script>alert("raw")</script>

`run it <javascript:alert(3)>`_

Decision
--------

.. code:: html

   <script>kept("as code")</script>

Consequences
------------

Faster reads.
"""

A = "docs/decisions/0001-use-postgres.rst"
B = "docs/decisions/0002-use-redis.rst"


def _tree(tmp_path: Path) -> tuple[Path, object]:
    root = workspace(tmp_path / "ws", {A: POSTGRES, B: REDIS, "docs/notes.txt": "Notes.\n"})
    docs = tmp_path / "docs"
    docs.mkdir()
    written = write_tree(decide(load_config(root), cache=False), docs, pictures=stub_pictures)
    return docs, written


def test_an_rst_series_is_published_with_its_title_status_and_links(tmp_path: Path) -> None:
    """Both records published: the H1 and header from the reading, relations both
    ways, `:doc:` and embedded links to the pages, the link leaving the set reported."""
    docs, written = _tree(tmp_path)
    assert written.refused == ()  # type: ignore[attr-defined]
    first = (docs / "decisions/0001-use-postgres.md").read_text(encoding="utf-8")
    second = (docs / "decisions/0002-use-redis.md").read_text(encoding="utf-8")
    assert first.startswith("# 1. Use PostgreSQL\n\n![Status: superseded]")
    assert "- **Superseded by:** [2. Use Redis &lt;b&gt;now&lt;/b&gt;](0002-use-redis.md)" in first
    assert "[the cache record](0002-use-redis.md#context)" in first
    assert "- **Supersedes:** [1. Use PostgreSQL](0001-use-postgres.md)" in second
    assert "Supersedes [0001-use-postgres](0001-use-postgres.md)." in second
    index = (docs / "decisions/index.md").read_text(encoding="utf-8")
    assert "[1. Use PostgreSQL](0001-use-postgres.md)" in index
    assert "**superseded**" in index and "**accepted**" in index
    # Each link shown as text is reported where the record itself has it.
    messages = [(n.path, n.line, n.column, n.message) for n in written.notes]  # type: ignore[attr-defined]
    assert messages == [
        (A, 11, 5, "link to `../notes.txt` leaves the published set; shown as its text"),
        (
            B,
            20,
            1,
            "link to `javascript:alert(3)` uses a scheme the site does not link to; "
            "shown as its text",
        ),
    ]


def test_an_rst_records_markup_does_not_reach_its_page(tmp_path: Path) -> None:
    """`<script>` and `<img onerror>` in its text are text, the refused `raw`
    directive is not shown, the `javascript:` link is its text, code stays code."""
    docs, _ = _tree(tmp_path)
    page = (docs / "decisions/0002-use-redis.md").read_text(encoding="utf-8")
    html = render(page)
    assert unsafe_markup(html) == []
    assert "<script" not in html.replace("<script>kept", "")
    assert 'alert("raw")' not in page  # the refused directive is not shown
    assert "javascript" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "&lt;script&gt;kept(&quot;as code&quot;)&lt;/script&gt;" in html


def test_the_built_site_shows_the_hostile_rst_record_as_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Through `assay publish` and MkDocs: both published, no script or handler from
    the record in its page's content, its policy in place."""
    root = workspace(tmp_path / "ws", {A: POSTGRES, B: REDIS, "docs/notes.txt": "Notes.\n"})
    monkeypatch.chdir(root)
    assert main(["publish", "--no-cache", "--out", str(tmp_path / "site")]) == EXIT_OK
    out = capsys.readouterr().out
    assert f"published {A}" in out and f"published {B}" in out and "excluded" not in out
    html = (tmp_path / "site/decisions/0002-use-redis/index.html").read_text("utf-8")
    assert 'http-equiv="Content-Security-Policy"' in html
    main_part = html.split('role="main">', 1)[1].split("<footer", 1)[0]
    assert "<script" not in main_part and "<img src=x" not in main_part
    assert "onerror=alert(1)&gt;" in main_part and 'alert("raw")' not in main_part


def test_the_pages_of_an_rst_series_match_their_snapshots(
    tmp_path: Path, snapshot: SnapshotAssertion
) -> None:
    """The record pages and the decisions index, byte for byte."""
    docs, _ = _tree(tmp_path)
    pages = generated(docs)
    assert {name: pages[name] for name in sorted(pages) if name.startswith("decisions/")} == (
        snapshot
    )


def test_a_record_saved_without_its_extension_is_published_as_rest(tmp_path: Path) -> None:
    """A reST record saved with no extension (Open edX's paragon has one) is read as
    reST, not as Markdown that finds no title in it: published with its title and
    status, its page written from its doctree."""
    bare = "docs/decisions/0001-use-postgres"
    root = workspace(tmp_path / "ws", {bare: POSTGRES, B: REDIS, "docs/notes.txt": "Notes.\n"})
    docs = tmp_path / "docs"
    docs.mkdir()
    write_tree(decide(load_config(root), cache=False), docs, pictures=stub_pictures)
    page = (docs / "decisions/0001-use-postgres.md").read_text(encoding="utf-8")
    assert page.startswith("# 1. Use PostgreSQL\n\n![Status: superseded]")
    assert "PostgreSQL 16, with `List<T>` kept as code." in page

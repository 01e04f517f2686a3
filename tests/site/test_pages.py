"""The generated pages: their Markdown (snapshots), the nav, links rewritten and
reported, raw HTML shown as text, stems that collide, and byte-identical rebuilds."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from assay.cli import EXIT_OK, main
from assay.engine.workspace.config import load_config
from assay.site.gate import decide
from assay.site.pages.nav import nav
from assay.site.pages.records import page_names
from assay.site.pages.safety import render, unsafe_markup
from assay.site.tree import write_tree
from tests.site.pages_workspace import pages_workspace

STUB_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>\n'


def stub_pictures(records: object) -> dict[str, str]:
    return {"status-over-time.svg": STUB_SVG, "relations.svg": STUB_SVG}


def tree(tmp_path: Path) -> tuple[Path, object]:
    root = pages_workspace(tmp_path / "ws")
    docs = tmp_path / "docs"
    docs.mkdir()
    written = write_tree(decide(load_config(root), cache=False), docs, pictures=stub_pictures)
    return docs, written


def generated(docs: Path) -> dict[str, str]:
    """Every Markdown page of the docs tree (the copied run files, made safe, too)."""
    return {
        p.relative_to(docs).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(docs.rglob("*.md"))
    }


def test_generated_pages_match_their_snapshots(tmp_path: Path, snapshot: SnapshotAssertion) -> None:
    """Home, decisions index, timeline, reviews index and each record page, byte for byte."""
    docs, _ = tree(tmp_path)
    assert generated(docs) == snapshot


def test_the_nav_has_four_entries_whatever_the_records(snapshot: SnapshotAssertion) -> None:
    """Home, Decisions, Timeline, Reviews: the sidebar never lists every record."""
    assert nav() == snapshot


def test_superseded_record_links_to_its_successor_and_back(tmp_path: Path) -> None:
    """ "Superseded by" on the old page, "Supersedes" on the new one, both links."""
    docs, _ = tree(tmp_path)
    old = (docs / "decisions/0001-use-kafka-2.md").read_text(encoding="utf-8")
    new = (docs / "decisions/0002-use-pulsar.md").read_text(encoding="utf-8")
    assert "- **Superseded by:** [2. Use Pulsar](0002-use-pulsar.md)" in old
    assert "- **Supersedes:** [1. Use Kafka](0001-use-kafka-2.md)" in new
    # The record's own link, with its fragment, now leads to the page.
    assert "[the Kafka record](0001-use-kafka-2.md#context)" in new
    # A link to a published run's file leads to its copy.
    runtime = "../runs/github.com-pallets-flask/output/runtime.md#findings"
    assert f"[runtime analysis]({runtime})" in new
    assert (docs / "decisions" / runtime.split("#")[0]).resolve().is_file()


def test_a_link_leaving_the_published_set_is_text_and_reported(tmp_path: Path) -> None:
    """The notes file is not published: its link is its text, named with its place."""
    docs, written = tree(tmp_path)
    page = (docs / "decisions/0002-use-pulsar.md").read_text(encoding="utf-8")
    assert "The notes explain" in page and "notes.md" not in page
    messages = [(n.path, n.line, n.column, n.message) for n in written.notes]  # type: ignore[attr-defined]
    assert (
        "docs/adr/0002-use-pulsar.md",
        21,
        5,
        "link to `../notes.md` leaves the published set; shown as its text",
    ) in messages
    assert any("javascript:alert(3)" in m[3] for m in messages)


def test_a_raw_html_link_is_not_rewritten_and_is_reported(tmp_path: Path) -> None:
    """The page shows raw HTML as text, so its `src` is left in it, and said."""
    docs, written = tree(tmp_path)
    page = (docs / "decisions/0003-render-untrusted-text.md").read_text(encoding="utf-8")
    assert "&lt;img src=data:,x onerror=alert(1)>" in page
    messages = [(n.path, n.line, n.message) for n in written.notes]  # type: ignore[attr-defined]
    assert (
        "docs/adr/0003-render-untrusted-text.md",
        11,
        "link to `data:,x` is raw HTML; shown as text",
    ) in messages


def test_raw_html_in_a_record_is_shown_as_text(tmp_path: Path) -> None:
    """`<script>`, an `onerror` image, an iframe, a styled div: text, not markup;
    code keeps its angle brackets; the comment is gone."""
    docs, _ = tree(tmp_path)
    page = (docs / "decisions/0003-render-untrusted-text.md").read_text(encoding="utf-8")
    html = render(page)
    assert unsafe_markup(html) == []
    assert "&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;" in html or (
        '&lt;script&gt;alert("pwned")&lt;/script&gt;' in html
    )
    assert "&lt;img src=data:,x onerror=alert(1)&gt;" in html
    assert "<code>List&lt;String&gt;</code>" in html
    assert "a comment nobody should see" not in page
    assert "javascript" not in html


def test_raw_html_in_a_published_run_file_is_shown_as_text(tmp_path: Path) -> None:
    """The run's files are pages of the site too: escaped the same way."""
    docs, _ = tree(tmp_path)
    runtime = (docs / "runs/github.com-pallets-flask/output/runtime.md").read_text("utf-8")
    assert "The trace showed &lt;script>alert('run')&lt;/script>." in runtime
    assert unsafe_markup(render(runtime)) == []


def test_the_built_site_shows_the_hostile_record_as_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Through MkDocs: no script element or handler from the record in its page,
    the title escaped in <title>, and the reported links printed with their place."""
    root = pages_workspace(tmp_path / "ws")
    monkeypatch.chdir(root)
    assert main(["publish", "--no-cache", "--out", str(tmp_path / "site")]) == EXIT_OK
    out = capsys.readouterr().out
    assert (
        "note docs/adr/0002-use-pulsar.md:21:5: link to `../notes.md` leaves the published "
        "set; shown as its text" in out
    )
    html = (tmp_path / "site/decisions/0003-render-untrusted-text/index.html").read_text("utf-8")
    main_part = html.split('role="main">', 1)[1].split("<footer", 1)[0]
    assert "<script" not in main_part and "<iframe" not in main_part
    assert "onerror=alert(1)&gt;" in main_part
    assert "<title>3. Render &lt;b&gt;untrusted&lt;/b&gt; text" in html
    assert (tmp_path / "site/decisions/0001-use-kafka-2/index.html").is_file()


def test_stems_that_collide_get_a_deterministic_suffix_and_index_stays_the_index() -> None:
    """The first path keeps a stem, later ones (any case) get -2, -3; `index` is the
    decisions index's, and a suffix never takes another record's own stem."""
    names = page_names(["a/0001-x.md", "b/0001-X.md", "c/0001-x.md", "d/0001-x-2.md", "index.md"])
    assert names == {
        "a/0001-x.md": "decisions/0001-x",
        "b/0001-X.md": "decisions/0001-X-3",
        "c/0001-x.md": "decisions/0001-x-4",
        "d/0001-x-2.md": "decisions/0001-x-2",
        "index.md": "decisions/index-2",
    }


def test_a_record_named_index_does_not_replace_the_home_page(tmp_path: Path) -> None:
    """A record named `index.md` (a type's `files` may take one) is a page under
    decisions/; the home page and the decisions index stay the generated ones."""
    root = pages_workspace(tmp_path / "ws")
    docs = tmp_path / "docs"
    docs.mkdir()
    publication = decide(load_config(root), cache=False)
    from attrs import evolve

    renamed = root / "docs/adr/index.md"
    (root / "docs/adr/0004-keep-an-index.md").rename(renamed)
    records = tuple(sorted((*publication.records[:-1], "docs/adr/index.md")))
    workspace = publication.workspace
    assert workspace is not None
    candidates = tuple(
        evolve(c, path="docs/adr/index.md") if c.path.endswith("0004-keep-an-index.md") else c
        for c in workspace.discovery.documents
    )
    workspace = evolve(workspace, discovery=evolve(workspace.discovery, documents=candidates))
    written = write_tree(evolve(publication, records=records, workspace=workspace), docs)
    assert written.refused == ()
    assert (docs / "decisions/index.md").read_text(encoding="utf-8").startswith("# Decisions\n")
    assert (docs / "index.md").read_text(encoding="utf-8").startswith("# ws\n")
    assert "Keep an index" in (docs / "decisions/index-2.md").read_text(encoding="utf-8")


def site_bytes(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()}


def test_the_same_workspace_builds_a_byte_identical_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two builds, a clock ten days apart, into different folders: every byte of every
    file (sitemap.xml and its gzip included) is the same; the environment is restored."""
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    root = pages_workspace(tmp_path / "ws")
    monkeypatch.chdir(root)
    assert main(["publish", "--no-cache", "--out", str(tmp_path / "one")]) == EXIT_OK
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + 10 * 86400)
    assert main(["publish", "--no-cache", "--out", str(tmp_path / "two")]) == EXIT_OK
    capsys.readouterr()
    one, two = site_bytes(tmp_path / "one"), site_bytes(tmp_path / "two")
    assert "sitemap.xml.gz" in one
    assert one == two
    # MkDocs stamps each page with the build date: the newest record's, not the clock.
    assert b"Build Date UTC : 2025-03-01 00:00:00" in one["index.html"]
    assert "SOURCE_DATE_EPOCH" not in os.environ


def test_a_source_date_epoch_the_user_set_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """SOURCE_DATE_EPOCH set by the user dates the site, and stays set afterwards."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "86400")
    root = pages_workspace(tmp_path / "ws")
    monkeypatch.chdir(root)
    assert main(["publish", "--no-cache", "--out", str(tmp_path / "site")]) == EXIT_OK
    capsys.readouterr()
    index = (tmp_path / "site/index.html").read_bytes()
    assert b"Build Date UTC : 1970-01-02 00:00:00" in index
    assert os.environ["SOURCE_DATE_EPOCH"] == "86400"


def test_publish_draws_the_pictures_of_the_published_records(tmp_path: Path) -> None:
    """Without a stub: `assay publish` writes both SVGs, drawn from the published records
    (each titled record that takes part in a supersession appears in the graph), and the
    home page shows each as an image linked to itself."""
    from xml.etree import ElementTree

    from assay.site.pictures import pictures

    root = pages_workspace(tmp_path / "ws")
    docs = tmp_path / "docs"
    docs.mkdir()
    written = write_tree(decide(load_config(root), cache=False), docs)
    assert sorted(p.name for p in (docs / "pictures").iterdir() if p.is_file()) == [
        "relations.svg",
        "status-over-time.svg",
    ]
    expected = pictures(written.records)
    for name, svg in expected.items():
        assert (docs / "pictures" / name).read_text(encoding="utf-8") == svg
        ElementTree.fromstring(svg)
    home = (docs / "index.md").read_text(encoding="utf-8")
    assert (
        "[![Supersession and amendment graph](pictures/relations.svg)](pictures/relations.svg)"
        in home
    )

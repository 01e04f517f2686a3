"""The two pictures as a page shows them: snapshots, their accessible parts, their limits."""

from __future__ import annotations

import random
import re
from pathlib import Path

import attrs
from syrupy.assertion import SnapshotAssertion

from assay.site.pictures import pictures, relation_graph, status_over_time
from assay.site.pictures.graph import MAX_NODES
from tests.site.pictures.fixtures import SMALL, many, record
from tests.site.pictures.reading import SVG, XLINK, parse, texts


def test_status_over_time_of_the_fixture(svg_snapshot: SnapshotAssertion) -> None:
    """The small set's chart, byte for byte (open the .svg snapshot to see it)."""
    assert status_over_time(SMALL) == svg_snapshot


def test_relations_of_the_fixture(svg_snapshot: SnapshotAssertion) -> None:
    """The small set's graph, byte for byte (open the .svg snapshot to see it)."""
    assert relation_graph(SMALL) == svg_snapshot


def test_pictures_names_both_files() -> None:
    """The page generator stores each under pictures/ by these names."""
    drawn = pictures(SMALL)
    assert drawn == {
        "status-over-time.svg": status_over_time(SMALL),
        "relations.svg": relation_graph(SMALL),
    }


def test_same_records_same_bytes_in_any_order() -> None:
    """No clock and no input order in the output: shuffled records draw the same bytes."""
    shuffled = list(SMALL)
    random.Random(4).shuffle(shuffled)
    assert pictures(shuffled) == pictures(SMALL)


def test_both_have_a_size_a_title_and_a_description() -> None:
    """An <img> box is never empty and a screen reader has words for each picture."""
    for name, svg in pictures(SMALL).items():
        root = parse(svg)
        width, height = float(root.get("width", "0")), float(root.get("height", "0"))
        assert width > 0 and height > 0, name
        assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
        title, desc = root.find(SVG + "title"), root.find(SVG + "desc")
        assert title is not None and title.text
        assert desc is not None and desc.text
        assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"


def test_nothing_is_fetched_or_run() -> None:
    """No script, no style sheet, no font, no external reference of any kind."""
    for svg in pictures(SMALL).values():
        assert not re.search(r"<script|<style|@import|@font-face|<image|<foreignObject", svg)
        assert not re.search(r"https?://(?!www\.w3\.org/(2000/svg|1999/xlink)\")", svg)


def test_the_chart_has_a_legend_axes_and_the_undated_note() -> None:
    """Legend rows with counts, dated axis labels, and the two undated records counted."""
    shown = texts(parse(status_over_time(SMALL)))
    assert "accepted (4)" in shown and "superseded (1)" in shown
    assert "2024-01" in shown and "Date (one bar per month)" in shown
    assert "2 undated decisions not shown" in shown


def test_the_graph_links_each_record_to_its_page() -> None:
    """Each drawn record is a link from pictures/ to its page; strays are counted."""
    root = parse(relation_graph(SMALL))
    links = {a.get("href"): a.get(XLINK + "href") for a in root.iter(SVG + "a")}
    assert links == {f"../docs/adr/{n:04d}/": f"../docs/adr/{n:04d}/" for n in (2, 3, 4, 5, 6, 8)}
    assert "3 records in no supersession or amendment, not drawn" in texts(root)


def test_an_inlined_graph_links_from_its_page() -> None:
    """``link_base`` is the way from the page inlining the SVG to the site's root."""
    root = parse(relation_graph(SMALL, link_base=""))
    assert {a.get("href") for a in root.iter(SVG + "a")} >= {"docs/adr/0002/"}


def test_a_page_that_names_a_scheme_stays_a_relative_link() -> None:
    """A ``javascript:`` page would run in an inlined SVG: quoted, it is a path."""
    evil = attrs.evolve(record(1, "a", "accepted", "2024-01-01"), page="javascript:alert(1)")
    other = record(2, "b", "accepted", "2024-01-02", ("supersedes", 1))
    hrefs = {a.get("href") for a in parse(relation_graph([evil, other])).iter(SVG + "a")}
    assert "../javascript%3Aalert%281%29" in hrefs


def test_no_records_say_so() -> None:
    """Empty input draws valid pictures saying there is nothing yet."""
    drawn = pictures([])
    assert "No dated decisions yet" in texts(parse(drawn["status-over-time.svg"]))
    assert "No supersessions or amendments yet" in texts(parse(drawn["relations.svg"]))


def test_only_undated_records_are_counted() -> None:
    """Records without a date: no bars, and how many there are."""
    shown = texts(parse(status_over_time([record(1, "a", "accepted", None)])))
    assert shown[-2:] == ["No dated decisions yet", "1 undated decision not shown"]


def test_ten_thousand_records_give_a_bounded_picture() -> None:
    """Buckets, at most MAX_NODES nodes and "+K more" notes: the size stays that of a
    picture, not of the records."""
    records = many(10_000)
    chart, graph = status_over_time(records), relation_graph(records)
    assert len(chart) < 60_000 and len(graph) < 20_000
    bars = parse(chart).findall(f"{SVG}rect")
    assert len(bars) < 40 * 10 + 20
    nodes = list(parse(graph).iter(SVG + "a"))
    assert 0 < len(nodes) <= MAX_NODES
    notes = texts(parse(graph))
    assert any(re.fullmatch(r"\+\d+ more chains \(\d+ records\) not drawn", n) for n in notes)
    assert "Date (one bar per quarter)" in texts(parse(chart))


def test_the_guide_shows_what_the_code_draws() -> None:
    """docs/guide/pictures/ holds the fixture's pictures exactly as drawn today."""
    shown = Path(__file__).resolve().parents[3] / "docs" / "guide" / "pictures"
    for name, svg in pictures(SMALL).items():
        assert (shown / name).read_text(encoding="utf-8") == svg, (
            f"docs/guide/pictures/{name} is stale: python -m tests.site.pictures.fixtures"
        )


def test_inlined_together_the_pictures_share_no_id() -> None:
    """A page may inline both SVGs: their ids (title, desc, arrow heads) never clash."""
    ids = [
        {element.get("id") for element in parse(svg).iter() if element.get("id")}
        for svg in pictures(SMALL).values()
    ]
    assert ids[0] and ids[1] and not ids[0] & ids[1]


def test_the_two_kinds_of_arrow_differ_in_line_and_head() -> None:
    """Supersedes is solid with a filled head, amends dashed with an open one."""
    root = parse(relation_graph(SMALL))
    arrows = [p for p in root.iter(SVG + "path") if p.get("d", "").startswith("M") and
              p.get("marker-end") and "h36" not in p.get("d", "")]  # fmt: skip
    kinds = {p.get("marker-end"): p.get("stroke-dasharray") for p in arrows}
    assert kinds == {"url(#relations-supersedes)": None, "url(#relations-amends)": "6 4"}
    assert len(arrows) == 4  # 4 supersedes 2, 5 amends 3, 6 amends 4, 8 supersedes 4
    heads = {m.get("id"): m.find(SVG + "path") for m in root.iter(SVG + "marker")}
    assert {k: h.get("fill") for k, h in heads.items() if h is not None} == {
        "relations-supersedes": "#1a1a1a",
        "relations-amends": "none",
    }

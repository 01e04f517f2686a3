"""The supersession and amendment graph: each chain a band, older records on the left.

Arrows run from a record to the one it supersedes (solid, dark) or amends (dashed,
blue): two differences, so the kinds are told apart without colour and in print. A
node is the record's number and short title, its status and date below, framed in
its status colour, and a link to its page (``marks``).

Links: inside an ``<img>`` a browser follows no link, so there they are inert and
harmless; opened on its own (``pictures/relations.svg``) the picture's links resolve
from ``pictures/``, hence ``link_base="../"``. A page that inlines the SVG passes the
way from that page to the site's root instead (``""`` on the home page).

Bounded: at most ``MAX_CHAINS`` chains and ``MAX_NODES`` records are drawn, the largest
chains first (``chains``), each cut to its newest ``MAX_COLUMNS`` columns of at most
``MAX_ROWS`` records (``layout``); four columns keep the picture under 1,000 pixels
wide, legible when the theme fits it to its content column. The rest is counted in
notes, and records in no relation are counted, not drawn.
"""

from __future__ import annotations

from collections.abc import Sequence

from assay.site.facts import RecordFacts
from assay.site.pictures import marks
from assay.site.pictures.axes import caption, note
from assay.site.pictures.chains import Edge, chains, edges_of, order_key
from assay.site.pictures.layout import Band, lay_out
from assay.site.pictures.palette import assign
from assay.site.pictures.svg import document, el, join, text

__all__ = ["MAX_CHAINS", "MAX_NODES", "relation_graph"]

MAX_CHAINS, MAX_NODES, MAX_COLUMNS, MAX_ROWS = 12, 48, 4, 6
_TOP, _BAND_GAP, _MARGIN, _LINE = 96, 30, 20, 16
_TITLE = "Supersessions and amendments"


def relation_graph(records: Sequence[RecordFacts], *, link_base: str = "../") -> str:
    """The whole SVG document of which records supersede or amend which; node links
    are ``link_base`` followed by the record's page."""
    by_path: dict[str, RecordFacts] = {}
    for record in sorted(records, key=order_key):
        by_path.setdefault(record.path, record)  # a path given twice: its first record
    edges = edges_of(by_path)
    groups = chains(by_path, edges)
    bands = _bands(groups, edges)
    series, index_of = assign(record.status for record in by_path.values())
    colour = {status: series[index].colour for status, index in index_of.items()}
    columns = max((band.columns for band in bands), default=1)
    width = max(2 * _MARGIN + columns * (marks.NODE_W + marks.GAP) - marks.GAP, 640)
    parts = [caption(_MARGIN, 28, _TITLE), marks.legend(_MARGIN, 54), marks.markers()]
    where: dict[str, tuple[float, float]] = {}
    y = float(_TOP)
    for band in bands:
        for node in band.nodes:
            x = _MARGIN + node.column * (marks.NODE_W + marks.GAP)
            where[node.path] = (x, y + node.row * (marks.NODE_H + marks.ROW_GAP))
            record = by_path[node.path]
            parts.append(marks.node(record, where[node.path], colour[record.status], link_base))
        y += band.rows * (marks.NODE_H + marks.ROW_GAP) - marks.ROW_GAP
        if band.hidden:
            y += _LINE
            parts.append(note(_MARGIN, y, f"+{band.hidden} more in this chain, not drawn"))
        y += _BAND_GAP
    # Edges after nodes: an arrow is never hidden under a box.
    parts += [
        marks.edge(e, where[e.source], where[e.target])
        for e in edges
        if e.source in where and e.target in where
    ]
    if not bands:
        parts.append(
            el(
                "text",
                {"x": width / 2, "y": _TOP + 20, "font-size": 14, "text-anchor": "middle"},
                text("No supersessions or amendments yet"),
            )
        )
        y = _TOP + 56
    notes = _notes(groups, bands, len(by_path))
    parts += [note(_MARGIN, y + line * _LINE, value) for line, value in enumerate(notes)]
    height = y + len(notes) * _LINE
    desc = _describe(edges, where, len(bands), notes)
    return document(
        width=width, height=height, title=_TITLE, desc=desc, body=join(parts), name="relations"
    )


def _bands(groups: list[list[str]], edges: Sequence[Edge]) -> list[Band]:
    """The laid-out chains that fit the picture: largest first, until a limit is hit."""
    chosen: list[list[str]] = []
    budget = MAX_NODES
    for group in groups:
        size = min(len(group), MAX_COLUMNS * MAX_ROWS)
        if len(chosen) == MAX_CHAINS or (chosen and size > budget):
            break
        chosen.append(group)
        budget -= size
    member = {path: index for index, group in enumerate(chosen) for path in group}
    inside: list[list[Edge]] = [[] for _ in chosen]
    for edge in edges:
        if edge.source in member:
            inside[member[edge.source]].append(edge)
    # A chain counts what it can show at most: the first alone (4 by 6) always fits.
    return [
        lay_out(group, inside[index], max_columns=MAX_COLUMNS, max_rows=MAX_ROWS)
        for index, group in enumerate(chosen)
    ]


def _notes(groups: list[list[str]], bands: list[Band], records: int) -> list[str]:
    """What the picture leaves out, counted."""
    notes = []
    left = groups[len(bands) :]
    if left:
        count = sum(len(group) for group in left)
        notes.append(
            f"+{len(left)} more chain{'s' if len(left) != 1 else ''} ({count} records) not drawn"
        )
    alone = records - sum(len(group) for group in groups)
    if alone:
        notes.append(
            f"{alone} record{'s' if alone != 1 else ''} in no supersession or amendment, not drawn"
        )
    return notes


def _describe(
    edges: Sequence[Edge],
    where: dict[str, tuple[float, float]],
    chains_drawn: int,
    notes: list[str],
) -> str:
    """The graph in a few words, for readers who cannot see it."""
    if not chains_drawn:
        return " ".join(["No supersessions or amendments yet.", *(f"{n}." for n in notes)])
    drawn = [edge for edge in edges if edge.source in where and edge.target in where]
    supersedes = sum(edge.kind == "supersedes" for edge in drawn)
    described = (
        f"{len(where)} records in {chains_drawn} chain{'s' if chains_drawn != 1 else ''}:"
        f" {supersedes} supersede and {len(drawn) - supersedes} amend another."
        " Older records on the left; each arrow points to the record superseded"
        " or amended."
    )
    return " ".join([described, *(f"{n}." for n in notes)])

"""What the relation graph is drawn with: record nodes, arrows, their legend.

The two kinds of arrow differ in line (solid or dashed), colour and head (filled or
open), so each can be told from the other by any one of the three.
"""

from __future__ import annotations

import re
from urllib.parse import quote

from assay.site.facts import RecordFacts
from assay.site.markup import Piece, shown
from assay.site.pictures.axes import MUTED
from assay.site.pictures.chains import Edge
from assay.site.pictures.svg import Attrs, Markup, el, join, num, text, truncate

#: What ``svg.truncate`` turns into a space before it cuts.
_BREAKS = re.compile("[\t\n\r]")

__all__ = ["GAP", "NODE_H", "NODE_W", "ROW_GAP", "edge", "legend", "markers", "node"]

NODE_W, NODE_H, GAP, ROW_GAP = 190, 40, 56, 12
_LINES: dict[str, Attrs] = {
    "supersedes": {"stroke": "#1a1a1a", "stroke-width": 1.6, "fill": "none"},
    "amends": {"stroke": "#0072B2", "stroke-width": 1.6, "fill": "none", "stroke-dasharray": "6 4"},
}
_HEADS: dict[str, Attrs] = {
    "supersedes": {"d": "M0 0L10 5L0 10z", "fill": "#1a1a1a"},
    "amends": {"d": "M0 0L10 5L0 10", "fill": "none", "stroke": "#0072B2", "stroke-width": 1.6},
}


def markers() -> Markup:
    """The arrow heads, one per kind (ids prefixed so inlined pictures do not clash)."""
    heads = [
        el(
            "marker",
            {
                "id": f"relations-{kind}",
                "viewBox": "-1 -1 12 12",
                "refX": 10,
                "refY": 5,
                "markerWidth": 8,
                "markerHeight": 8,
                "orient": "auto",
            },
            el("path", head),
        )
        for kind, head in _HEADS.items()
    ]
    return el("defs", None, *heads)


def legend(x: float, y: float) -> Markup:
    """A sample of each arrow, with what it means."""
    parts = []
    for index, (kind, meaning) in enumerate(
        [
            ("supersedes", "supersedes (replaces) the record it points to"),
            ("amends", "amends (changes part of) the record it points to"),
        ]
    ):
        row = y + index * 18
        parts.append(
            el(
                "path",
                {
                    "d": f"M{x} {row - 4}h36",
                    **_LINES[kind],
                    "marker-end": f"url(#relations-{kind})",
                },
            )
        )
        parts.append(el("text", {"x": x + 46, "y": row}, text(meaning)))
    return join(parts)


def _label_pieces(record: RecordFacts) -> list[Piece]:
    name = shown(record.title)
    if not "".join(part for part, _ in name).strip():
        name = [(record.path.rsplit("/", 1)[-1], False)]
    number = [(f"#{record.number} ", False)] if record.number is not None else []
    return [*number, *name]


def _label(record: RecordFacts) -> str:
    return "".join(part for part, _ in _label_pieces(record))


def _title(record: RecordFacts, size: float, room: float) -> Markup:
    """The node's label cut to ``room``, its code spans set in monospace."""
    labelled = _label_pieces(record)
    whole = "".join(part for part, _ in labelled)
    cut = truncate(whole, size, room)
    if whole != " ".join(
        _BREAKS.sub(" ", whole).split()
    ):  # spaces the cut would not keep: no monospace
        return text(cut)
    remaining = len(cut) if cut == whole else len(cut) - 1  # a prefix of `whole`
    parts: list[Markup] = []
    for part, code in labelled:
        taken = part[: max(remaining, 0)]
        remaining -= len(taken)
        if taken:
            parts.append(
                el("tspan", {"font-family": "monospace"}, text(taken)) if code else text(taken)
            )
    if cut != whole:
        parts.append(text("…"))
    return join(parts)


def node(record: RecordFacts, at: tuple[float, float], colour: str, link_base: str) -> Markup:
    """The record's box, a link to its page; the full title shows on hover."""
    x, y = at
    details = " · ".join(
        part
        for part in (record.status or "no status", record.date.isoformat() if record.date else "")
        if part
    )
    # Quoting keeps a page a path: a scheme such as `javascript:` cannot appear (and a
    # lone surrogate, which UTF-8 cannot encode, becomes `%3F`).
    href = link_base + quote(record.page, safe="/-._~%", errors="replace")
    box = [
        el("title", None, text(f"{_label(record)} ({details})")),
        el(
            "rect",
            {
                "x": x,
                "y": y,
                "width": NODE_W,
                "height": NODE_H,
                "rx": 3,
                "fill": "#ffffff",
                "stroke": colour,
                "stroke-width": 1.5,
            },
        ),
        el("rect", {"x": x, "y": y, "width": 6, "height": NODE_H, "fill": colour}),
        el(
            "text",
            {"x": x + 12, "y": y + 17, "font-weight": "bold"},
            _title(record, 12, NODE_W - 18),
        ),
        el(
            "text",
            {"x": x + 12, "y": y + 32, "font-size": 11, "fill": MUTED},
            text(truncate(details, 11, NODE_W - 18)),
        ),
    ]
    return el("a", {"href": href, "xlink:href": href}, *box)


def edge(drawn: Edge, source: tuple[float, float], target: tuple[float, float]) -> Markup:
    """The arrow from ``source``'s box to ``target``'s (their top left corners): right
    to left from a newer record to an older one; a bow on the right between records of
    one column; under the boxes when a broken cycle points rightwards, so the arrow
    never crosses a record between them."""
    (sx, sy), (tx, ty) = source, target
    if tx < sx:
        points = [
            (sx, sy + NODE_H / 2),
            (sx - GAP / 2, sy + NODE_H / 2),
            (tx + NODE_W + GAP / 2, ty + NODE_H / 2),
            (tx + NODE_W, ty + NODE_H / 2),
        ]
    elif tx > sx:
        low = max(sy, ty) + NODE_H + ROW_GAP * 2
        points = [
            (sx + NODE_W / 2, sy + NODE_H),
            (sx + NODE_W / 2, low),
            (tx + NODE_W / 2, low),
            (tx + NODE_W / 2, ty + NODE_H),
        ]
    else:
        points = [
            (sx + NODE_W, sy + NODE_H / 2),
            (sx + NODE_W + 36, sy + NODE_H / 2),
            (tx + NODE_W + 36, ty + NODE_H / 2),
            (tx + NODE_W, ty + NODE_H / 2),
        ]
    (x0, y0), *curve = points
    path = f"M{num(x0)} {num(y0)}C" + " ".join(f"{num(x)} {num(y)}" for x, y in curve)
    marker = f"url(#relations-{drawn.kind})"
    return el("path", {"d": path, **_LINES[drawn.kind], "marker-end": marker})

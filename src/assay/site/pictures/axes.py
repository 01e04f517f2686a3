"""Chart furniture shared by the pictures: tick steps, captions, notes, legend rows."""

from __future__ import annotations

from assay.site.pictures.svg import Attrs, Markup, el, text

__all__ = ["CAPTION_SIZE", "MUTED", "caption", "nice_step", "note", "swatch_row"]

CAPTION_SIZE = 15
#: Grey dark enough for small text on white (contrast above 7:1).
MUTED = "#4d4d4d"


def nice_step(top: int, ticks: int = 5) -> int:
    """A step of 1, 2 or 5 times a power of ten giving about ``ticks`` ticks up to ``top``."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if top <= step * factor * ticks:
                return step * factor
        step *= 10


def caption(x: float, y: float, value: str) -> Markup:
    """The picture's visible heading (its ``<title>`` is not drawn)."""
    attrs: Attrs = {"x": x, "y": y, "font-size": CAPTION_SIZE, "font-weight": "bold"}
    return el("text", attrs, text(value))


def note(x: float, y: float, value: str, anchor: str = "start") -> Markup:
    """A line of small grey text."""
    attrs: Attrs = {"x": x, "y": y, "font-size": 11, "fill": MUTED, "text-anchor": anchor}
    return el("text", attrs, text(value))


def swatch_row(x: float, y: float, colour: str, label: str, *, whole: str) -> Markup:
    """A legend row: a colour square (outlined, so a pale hue still shows) and its
    label, cut to fit; ``whole`` is the label uncut, shown on hover."""
    mark = el(
        "rect",
        {
            "x": x,
            "y": y - 10,
            "width": 12,
            "height": 12,
            "fill": colour,
            "stroke": "#1a1a1a",
            "stroke-width": 0.5,
        },
    )
    tip = el("title", None, text(whole))
    return el("g", None, tip, mark, el("text", {"x": x + 18, "y": y}, text(label)))

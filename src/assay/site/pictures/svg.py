"""A small SVG writer: every user string is escaped on its way into the document.

Markup is a distinct type (``Markup``): only this module makes it, from constant tag and
attribute names written in assay's code and from text it has escaped, so mypy refuses a
raw title where an element is expected and user text can never become an element or an
attribute. Characters XML 1.0 does not allow at all (NUL, most C0 controls, lone
surrogates, U+FFFE/U+FFFF) cannot even be written as references: they become U+FFFD.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NewType

__all__ = ["Attrs", "Markup", "document", "el", "join", "num", "text", "truncate", "width_of"]

Markup = NewType("Markup", str)
#: Attribute names (constants in assay's code) and their values (escaped when written).
Attrs = Mapping[str, str | float]

#: What XML 1.0 forbids outright (its ``Char`` production, inverted).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
_SPECIAL = re.compile("[&<>\"']")
#: Whitespace controls would be kept by XML but normalized differently in attributes
#: and text; user labels are one line, so they become plain spaces.
_BREAKS = re.compile("[\t\n\r]")

#: The average advance of a sans-serif glyph, in ems: used to size boxes and to cut
#: labels, since the viewer's font is not known (no font is embedded or fetched).
_EM_PER_CHAR = 0.6


def _escape(value: str) -> str:
    value = _NOT_XML.sub("\ufffd", _BREAKS.sub(" ", value))
    return _SPECIAL.sub(lambda found: _ESCAPES[found[0]], value)


def text(value: str) -> Markup:
    """``value`` as XML character data."""
    return Markup(_escape(value))


def num(value: float) -> str:
    """A coordinate with at most one decimal, the same text for the same value."""
    shown = f"{value:.1f}"
    shown = shown[:-2] if shown.endswith(".0") else shown
    return "0" if shown == "-0" else shown


def el(name: str, attrs: Attrs | None = None, *children: Markup) -> Markup:
    """The element ``name`` with ``attrs`` (in the given order) around ``children``."""
    parts = [name]
    for key, value in (attrs or {}).items():
        shown = value if isinstance(value, str) else num(value)
        parts.append(f'{key}="{_escape(shown)}"')
    head = " ".join(parts)
    if not children:
        return Markup(f"<{head}/>")
    return Markup(f"<{head}>{''.join(children)}</{name}>")


def join(children: list[Markup]) -> Markup:
    """Siblings as one piece of markup."""
    return Markup("".join(children))


def width_of(value: str, size: float) -> float:
    """The estimated width of ``value`` set at ``size`` pixels."""
    return len(value) * size * _EM_PER_CHAR


def truncate(value: str, size: float, room: float) -> str:
    """``value`` cut with an ellipsis so that it fits ``room`` pixels at ``size``."""
    value = " ".join(_BREAKS.sub(" ", value).split())
    fits = max(1, int(room / (size * _EM_PER_CHAR)))
    return value if len(value) <= fits else value[: fits - 1].rstrip() + "…"


def document(*, name: str, width: float, height: float, title: str, desc: str, body: Markup) -> str:
    """A standalone SVG document: explicit size and viewBox (an ``<img>`` box is never
    empty), ``<title>`` and ``<desc>`` for screen readers, a white ground so the dark
    text stays readable on any page, and generic fonts only. Its ids start with
    ``name``, so two pictures inlined in one page do not share one."""
    root = el(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "xmlns:xlink": "http://www.w3.org/1999/xlink",
            "width": width,
            "height": height,
            "viewBox": f"0 0 {num(width)} {num(height)}",
            "role": "img",
            "aria-labelledby": f"{name}-title {name}-desc",
            "font-family": "sans-serif",
            "font-size": 12,
            "fill": "#1a1a1a",
        },
        el("title", {"id": f"{name}-title"}, text(title)),
        el("desc", {"id": f"{name}-desc"}, text(desc)),
        el("rect", {"width": width, "height": height, "fill": "#ffffff"}),
        body,
    )
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{root}\n'

"""Reading a picture back as XML: what elements and attributes it holds."""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"

#: Everything the pictures' code writes; anything else came from somewhere else.
ELEMENTS = {
    *("svg", "title", "desc", "rect", "g", "text", "tspan", "line", "path", "a", "defs"),
    "marker",
}
ATTRIBUTES = {
    "width",
    "height",
    "viewBox",
    "role",
    "aria-labelledby",
    "font-family",
    "font-size",
    "fill",
    "id",
    "x",
    "y",
    "x1",
    "y1",
    "x2",
    "y2",
    "stroke",
    "stroke-width",
    "text-anchor",
    "font-weight",
    "transform",
    "d",
    "marker-end",
    "stroke-dasharray",
    "refX",
    "refY",
    "markerWidth",
    "markerHeight",
    "orient",
    "rx",
    "href",
    f"{XLINK}href",
}


def parse(svg: str) -> ET.Element:
    """The document's root, after checking its XML declaration."""
    head, _, body = svg.partition("\n")
    assert head == '<?xml version="1.0" encoding="UTF-8"?>'
    return ET.fromstring(body)


def tags(root: ET.Element) -> set[str]:
    """The local names of every element, all in the SVG namespace."""
    found = set()
    for element in root.iter():
        assert element.tag.startswith(SVG), element.tag
        found.add(element.tag.removeprefix(SVG))
    return found


def attributes(root: ET.Element) -> set[str]:
    """Every attribute name used."""
    return {name for element in root.iter() for name in element.attrib}


def texts(root: ET.Element, tag: str = "text") -> list[str]:
    """The text of each ``tag`` element, in document order."""
    return ["".join(element.itertext()) for element in root.iter(SVG + tag)]


def cleaned(value: str) -> str:
    """What XML can carry of ``value``: line breaks as spaces, forbidden characters as
    U+FFFD."""
    out = []
    for char in value:
        code = ord(char)
        if char in "\t\n\r":
            out.append(" ")
        elif code < 0x20 or 0xD800 <= code <= 0xDFFF or code in (0xFFFE, 0xFFFF):
            out.append("\ufffd")
        else:
            out.append(char)
    return "".join(out)

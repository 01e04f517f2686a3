"""The images a published record shows, copied into the site through the contained opener.

A record's relative image (``![Context diagram](context.png)``) is read with
``assay.api.files.read_bytes``, which opens as every document is opened: nothing
outside the workspace, no symbolic link at any component, only a regular file. The
bytes then have to be what the extension says (PNG, JPEG, GIF and WebP by their
signatures) before they are copied to ``images/<workspace path>``; the link is then
rewritten to the copy. An SVG document can hold script, so its bytes never reach the
site as a document: the site's file is a new SVG of assay's whose one ``<image>``
carries the original as a ``data:`` URL. A browser draws an SVG in an ``<image>`` (as
in an ``<img>``) with scripting off and nothing fetched, so the picture shows on the
page and, opened on its own, still runs nothing. An image that is not copied keeps
its alternative text on the page, and ``assay publish`` says why.
"""

from __future__ import annotations

import base64
import posixpath
import re
from collections.abc import Iterable, Mapping
from pathlib import PurePosixPath
from urllib.parse import unquote

from assay.api.files import read_bytes
from assay.site.pictures.svg import el, num
from assay.spec.document import Document

__all__ = ["FOLDER", "IMAGE_SUFFIXES", "image_files"]

#: Where the site keeps copied images (a place no run file may take).
FOLDER = "images/"
#: Each image type the site copies: its extensions and the bytes its files start with.
_SIGNATURES: Mapping[str, tuple[bytes, ...]] = {
    ".png": (b"\x89PNG\r\n\x1a\n",),
    ".jpg": (b"\xff\xd8\xff",),
    ".jpeg": (b"\xff\xd8\xff",),
    ".gif": (b"GIF87a", b"GIF89a"),
}
IMAGE_SUFFIXES = frozenset({*_SIGNATURES, ".webp", ".svg"})
#: Images larger than this are not copied (a record's diagram is far smaller).
LIMIT = 16 * 1024 * 1024
_SVG_ROOT = re.compile(rb"<svg\b[^>]*>", re.IGNORECASE)
_LENGTH = re.compile(r"\s*([0-9]+(?:\.[0-9]+)?)\s*(px)?\s*")
_DEFAULT_SIZE = (300.0, 150.0)  # what a browser gives a replaced element of no size


def image_files(
    root: str, records: Iterable[tuple[str, Document]]
) -> tuple[dict[str, bytes], dict[str, str]]:
    """The images the ``records`` (path, document) show: the site's files by
    workspace path, and the images not copied with why."""
    copied: dict[str, bytes] = {}
    refused: dict[str, str] = {}
    for path, document in records:
        for link in document.links:
            target = _relative_target(path, link.destination) if link.image else None
            if target is None or target in copied or target in refused:
                continue
            data = read_bytes(root, target, limit=LIMIT)
            if isinstance(data, str):
                refused[target] = f"is not copied: {data}"
                continue
            made = site_bytes(target, data)
            if made is None:
                refused[target] = f"is not copied: it is not a {_kind(target)} image"
            else:
                copied[target] = made
    return copied, refused


def site_bytes(path: str, data: bytes) -> bytes | None:
    """What the site serves for the image ``data`` at ``path``, or None when the bytes
    are not the image the extension says."""
    suffix = PurePosixPath(path).suffix.lower()
    if suffix == ".svg":
        return _wrapped_svg(data)
    if suffix == ".webp":
        return data if data[:4] == b"RIFF" and data[8:12] == b"WEBP" else None
    return data if data.startswith(_SIGNATURES[suffix]) else None


def _relative_target(path: str, destination: str) -> str | None:
    """The workspace path of an image link's target, when it is relative and an image."""
    if destination.startswith(("#", "/", "\\")) or ":" in destination.split("/", 1)[0]:
        return None
    file = unquote(destination.split("#", 1)[0].split("?", 1)[0])
    if PurePosixPath(file).suffix.lower() not in IMAGE_SUFFIXES:
        return None
    return posixpath.normpath(posixpath.join(posixpath.dirname(path), file))


def _kind(path: str) -> str:
    return PurePosixPath(path).suffix.lower().lstrip(".").upper().replace("JPG", "JPEG")


def _wrapped_svg(data: bytes) -> bytes | None:
    """An SVG of assay's that shows ``data`` as an image only (see the module)."""
    found = _SVG_ROOT.search(data[:65536])
    if found is None:
        return None
    width, height = _size(found[0].decode("utf-8", "replace"))
    url = "data:image/svg+xml;base64," + base64.b64encode(data).decode("ascii")
    size = {"width": width, "height": height}
    root = el(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            **size,
            "viewBox": f"0 0 {num(width)} {num(height)}",
        },
        el("image", {**size, "href": url}),
    )
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{root}\n'.encode()


def _size(tag: str) -> tuple[float, float]:
    """The picture's size from its root's ``width`` and ``height`` (pixels), else its
    ``viewBox``, else a browser's default."""
    attrs = dict(re.findall(r"""\b(width|height|viewBox)\s*=\s*["']([^"']*)["']""", tag))
    width, height = (_pixels(attrs.get(name, "")) for name in ("width", "height"))
    box = attrs.get("viewBox", "").replace(",", " ").split()
    if len(box) == 4 and (width is None or height is None):
        try:
            w, h = float(box[2]), float(box[3])
        except ValueError:
            w = h = 0
        if w > 0 and h > 0:
            if width is None and height is None:
                width, height = w, h
            elif width is None:
                width = (height or 0) * w / h
            else:
                height = width * h / w
    if width is None or height is None or not (0 < width < 1e5 and 0 < height < 1e5):
        return _DEFAULT_SIZE
    return width, height


def _pixels(value: str) -> float | None:
    found = _LENGTH.fullmatch(value)
    return float(found[1]) if found else None

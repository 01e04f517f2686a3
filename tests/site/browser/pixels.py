"""Is a screenshot blank? The browser decodes the PNG and counts its colours.

No image library is needed: the PNG goes back into the page as a ``data:`` image,
is drawn on a canvas, and its pixels are read there. A blank region is one colour;
a drawn picture has its background, its ink and the anti-aliasing between.
"""

from __future__ import annotations

import base64

from playwright.sync_api import Page

__all__ = ["colours"]

_COUNT = """async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const seen = new Set();
    for (let i = 0; i < data.length; i += 4) {
        seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    }
    return seen.size;
}"""


def colours(page: Page, png: bytes) -> int:
    """How many distinct RGB colours the PNG ``png`` holds (decoded in ``page``)."""
    url = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
    count = page.evaluate(_COUNT, url)
    assert isinstance(count, int)
    return count

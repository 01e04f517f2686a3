"""A published record's relative images reach the site through the contained opener,
and only as images: raster bytes checked by signature, an SVG wrapped so it runs nothing.
What cannot be copied keeps its alternative text, and the publication says why."""

from __future__ import annotations

import base64
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from assay.engine.workspace.config import load_config
from assay.site.gate import decide
from assay.site.pages.images import site_bytes
from assay.site.tree import write_tree
from tests.site.browser.workspace import png
from tests.site.test_history import record, workspace
from tests.site.test_pages import stub_pictures

PNG = png(4, 2, (0, 114, 178))
SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><script>x()</script></svg>'
PAGE = "decisions/0001-use-kafka.md"


def _publish(tmp_path: Path, image: str, setup: object = None) -> tuple[Path, list[tuple]]:
    text = record(1, "Use Kafka", "Accepted").replace("Why.", f"Why: ![the diagram]({image})")
    # The check itself reports a link to a FIFO, a folder or outside (LNK001, LNK002) and
    # the gate excludes the record; ignored here, the copier is what refuses them.
    ignore = 'ignore = ["LNK001", "LNK002"]\n'
    root = workspace(tmp_path / "ws", {"docs/adr/0001-use-kafka.md": text}, ignore)
    if callable(setup):
        setup(root)
    docs = tmp_path / "docs"
    docs.mkdir()
    written = write_tree(decide(load_config(root), cache=False), docs, pictures=stub_pictures)
    notes = [(n.line, n.column, n.message) for n in written.notes]  # type: ignore[attr-defined]
    return docs, notes


def _put(name: str, data: bytes) -> Callable[[Path], None]:
    def put(root: Path) -> None:
        (root / "docs/adr" / name).write_bytes(data)

    return put


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("d.png", PNG),
        ("d.jpg", b"\xff\xd8\xff\xe0jpeg"),
        ("d.GIF", b"GIF89a..."),
        ("d.webp", b"RIFF\x10\x00\x00\x00WEBPVP8 "),
    ],
)
def test_a_raster_image_is_copied_byte_for_byte(tmp_path: Path, name: str, data: bytes) -> None:
    docs, notes = _publish(tmp_path, name, _put(name, data))
    assert (docs / "images/docs/adr" / name).read_bytes() == data
    page = (docs / PAGE).read_text(encoding="utf-8")
    assert f"Why: ![the diagram](../images/docs/adr/{name})" in page
    assert notes == []


def test_an_svg_is_served_as_a_script_free_picture_of_itself(tmp_path: Path) -> None:
    """The site's file holds no element of the original: one `<image>` carries it as a
    data URL, which browsers draw with scripting off."""
    docs, notes = _publish(tmp_path, "flow.svg", _put("flow.svg", SVG))
    served = (docs / "images/docs/adr/flow.svg").read_text(encoding="utf-8")
    assert "<script" not in served and notes == []
    assert re.search(r'<svg [^>]*width="40" height="20" viewBox="0 0 40 20">', served)
    (encoded,) = re.findall(r'href="data:image/svg\+xml;base64,([^"]+)"', served)
    assert base64.b64decode(encoded) == SVG


def _link_outside(root: Path) -> None:
    outside = root.parent / "outside.png"
    outside.write_bytes(PNG)
    os.symlink(outside, root / "docs/adr/linked.png")


def _fifo(root: Path) -> None:
    os.mkfifo(root / "docs/adr/pipe.png")


def _folder(root: Path) -> None:
    (root / "docs/adr/folder.png").mkdir()


#: image link, setup -> the note's message (line 11, column 6 of the record).
REFUSED = {
    "a symbolic link out of the workspace": (
        "linked.png",
        _link_outside,
        "link to `linked.png` is not copied: path `docs/adr/linked.png` is a symbolic link: "
        "assay opens no linked component; shown as its text",
    ),
    "a FIFO": ("pipe.png", _fifo, "not a regular file"),
    "a folder": ("folder.png", _folder, "not a regular file"),
    "bytes that are not the PNG the name says": (
        "fake.png",
        _put("fake.png", b"<html><script>x()</script>"),
        "link to `fake.png` is not copied: it is not a PNG image; shown as its text",
    ),
    "an SVG with no svg element": (
        "fake.svg",
        _put("fake.svg", b"<html><script>x()</script></html>"),
        "link to `fake.svg` is not copied: it is not a SVG image; shown as its text",
    ),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_an_image_that_cannot_be_copied_keeps_its_alt_text(tmp_path: Path, case: str) -> None:
    image, setup, message = REFUSED[case]
    docs, notes = _publish(tmp_path, image, setup)
    assert not (docs / "images").exists()
    page = (docs / PAGE).read_text(encoding="utf-8")
    assert "Why: the diagram\n" in page
    ((line, column, said),) = notes
    assert (line, column) == (11, 6)
    assert message in said


def test_an_image_outside_the_workspace_is_not_copied(tmp_path: Path) -> None:
    """`../../../x.png` leaves the root: the opener refuses it, nothing is read."""
    (tmp_path / "x.png").write_bytes(PNG)
    docs, notes = _publish(tmp_path, "../../../x.png")
    assert not (docs / "images").exists()
    assert notes and "is not copied" in notes[0][2]


@pytest.mark.parametrize(
    ("tag", "size"),
    [
        ('<svg width="40px" height="20">', (40, 20)),
        ('<svg viewBox="0 0 300 100">', (300, 100)),
        ('<svg width="150" viewBox="0,0,300,100">', (150, 50)),
        ('<svg width="50%">', (300, 150)),
    ],
)
def test_a_wrapped_svg_keeps_the_size_its_root_says(tag: str, size: tuple[int, int]) -> None:
    served = site_bytes("x.svg", tag.encode() + b"</svg>")
    assert served is not None
    assert f'width="{size[0]}" height="{size[1]}"'.encode() in served

"""Every file copied into the docs tree is inert, whatever its extension.

MkDocs renders ``.markdown``, ``.mdown``, ``.mkdn``, ``.mkd`` as it renders ``.md``, and
copies ``.html`` or ``.svg`` as they are: each must leave no tag or handler to run.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.site.pages.inert import inert_bytes
from assay.site.pages.safety import render, unsafe_markup
from assay.site.tree import _copy

HOSTILE = "# Notes\n\n<script>window.pwned = 1</script>\n\n<img src=x onerror=alert(1)>\n"


def copied(tmp_path: Path, name: str, text: str) -> str:
    root, docs = tmp_path / "ws", tmp_path / "docs"
    (root / "runs/r").mkdir(parents=True)
    docs.mkdir()
    (root / "runs/r" / name).write_text(text, encoding="utf-8")
    assert _copy(root, f"runs/r/{name}", docs, [], set())
    return (docs / "runs/r" / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["n.md", "n.markdown", "n.mdown", "n.mkdn", "n.MKD"])
def test_markdown_under_any_extension_is_made_safe(tmp_path: Path, name: str) -> None:
    page = copied(tmp_path, name, HOSTILE)
    assert unsafe_markup(render(page)) == []
    assert "<script" not in render(page)


@pytest.mark.parametrize("name", ["p.html", "p.htm", "p.xhtml", "pic.svg", "s.js", "x.xml"])
def test_active_files_keep_their_name_and_lose_every_tag(tmp_path: Path, name: str) -> None:
    page = copied(tmp_path, name, HOSTILE)
    assert "<" not in page and "&lt;script>window.pwned" in page.replace("&gt;", ">")


def test_other_files_are_copied_byte_for_byte(tmp_path: Path) -> None:
    assert copied(tmp_path, "data.txt", HOSTILE) == HOSTILE


@given(st.binary(max_size=200), st.sampled_from([".html", ".svg", ".htm", ".markdown"]))
def test_no_bytes_leave_an_active_file_with_a_tag(data: bytes, suffix: str) -> None:
    made = inert_bytes("runs/r/x" + suffix, data)
    if suffix != ".markdown":
        assert b"<" not in made
    else:
        assert unsafe_markup(render(made.decode("utf-8", "surrogateescape"))) == []

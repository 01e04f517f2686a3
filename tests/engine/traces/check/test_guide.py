"""docs/guide/protocols.md shows the built-in protocol as shipped, and its Python
example prints what the page says."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

from assay.spec.library import library_text

ROOT = Path(__file__).resolve().parents[4]
PAGE = (ROOT / "docs" / "guide" / "protocols.md").read_text(encoding="utf-8")


def _blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```$", PAGE, flags=re.S | re.M)


def test_the_page_shows_the_builtin_protocol_exactly() -> None:
    """The protocol block on the page is the one in the consultation library."""
    shipped = re.search(
        r"^protocol consultation \{\n.*?^\}\n", library_text("consultation"), re.S | re.M
    )
    assert shipped is not None
    assert _blocks("assay") == [shipped.group(0)]


def test_the_python_example_prints_what_the_page_says() -> None:
    """Run the page's Python example; its output is the text block after it."""
    [code] = _blocks("python")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/guide/protocols.md", "exec"), {})  # the page's own example
    [shown] = _blocks("text")
    assert out.getvalue() == shown

"""docs/guide/evaluation-summary.md: its example runs and prints exactly what the page
shows (the page names this module in its `checked by` marker)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

PAGE = Path(__file__).resolve().parents[4] / "docs" / "guide" / "evaluation-summary.md"
_EXAMPLE = re.compile(
    r"checked by tests/engine/evidence/summary/test_guide\.py -->\n```python\n(?P<code>.*?)```"
    r"\n\nprints\n\n```text\n(?P<output>.*?)```",
    re.S,
)


def test_reading_a_summary_example_prints_what_the_page_shows() -> None:
    """The Python block's output is the text block under it, byte for byte."""
    found = _EXAMPLE.search(PAGE.read_text(encoding="utf-8"))
    assert found is not None, "the page keeps its example and output blocks"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(found["code"], str(PAGE), "exec"), {})
    assert printed.getvalue() == found["output"]

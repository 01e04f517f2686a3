"""Filling a template's front matter takes any text and costs time linear in it."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from assay.engine.authoring import fill
from assay.engine.authoring.fill import fill_front_matter
from tests.cost import assert_linear

# The line pattern as it was: the same reading, in quadratic time on long blanks.
_BEFORE = re.compile(r"^([A-Za-z][\w -]*?)([ \t]*:[ \t]*)(\S.*?)([ \t]*\r?)$")
_LINE = st.text(st.sampled_from("ab_- \t:\r{}|#x"), max_size=30)


@given(_LINE)
def test_a_key_line_is_read_as_the_lazy_pattern_read_it(line: str) -> None:
    before = _BEFORE.match(line)
    now = fill._key_line(line)
    if before is None:
        assert now is None
    else:
        assert now is not None
        # The key may keep blanks the colon's part had; the line is rebuilt the same.
        assert now[1].strip() == before[1].strip()
        assert (now[3], now[4]) == (before[3], before[4])
        assert "".join(now[1:]) == line


@given(st.text(max_size=300), st.text(min_size=1, max_size=20))
def test_any_template_text_fills_without_raising(body: str, title: str) -> None:
    for text in (body, f"---\n{body}\n---\n# {title}\n"):
        filled = fill_front_matter(text, "Proposed", "2026-12-02", title)
        assert isinstance(filled, str)
        assert filled.endswith(text[text.rfind("---") :] if text.startswith("---") else text)


def test_long_blanks_in_a_front_matter_line_cost_linear_time() -> None:
    def work(size: int):  # type: ignore[no-untyped-def]
        texts = [
            "---\nstatus" + " " * size + "x\n---\n",
            "---\nstatus: x" + " " * size + "y\n---\n",
            "---\ndeciders: {a" + " \t" * size + "}\n---\n",
        ]
        return lambda: [fill_front_matter(t, "proposed", "2026-12-02", "T") for t in texts]

    assert_linear(work, 2_000)

"""The SVG writer: user text is always character data or an attribute value, never markup."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from assay.site.pictures.svg import el, num, text, truncate
from tests.site.pictures.reading import cleaned


@given(st.text())
def test_text_is_character_data(value: str) -> None:
    """Any string written as text reads back as one text node, as XML can hold it."""
    root = ET.fromstring(el("t", None, text(value)))
    assert list(root) == []
    assert (root.text or "") == cleaned(value)


@given(st.text())
def test_attribute_values_round_trip(value: str) -> None:
    """Any string written as an attribute value reads back as that value, alone."""
    root = ET.fromstring(el("t", {"a": value}))
    assert root.attrib == {"a": cleaned(value)}


def test_markup_in_text_stays_text() -> None:
    """A title holding tags and entities is shown, not interpreted."""
    written = el("t", {"a": '"><script>'}, text("<script>alert(1)</script> &amp;"))
    assert written == (
        '<t a="&quot;&gt;&lt;script&gt;">&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp;</t>'
    )


def test_numbers_have_one_stable_text() -> None:
    """Coordinates print with at most one decimal and no trailing ``.0``."""
    shown = [num(3.0), num(2.75), num(0.04), num(-0.04), num(-1.5), num(120)]
    assert shown == ["3", "2.8", "0", "0", "-1.5", "120"]


@given(st.text(), st.floats(min_value=10, max_value=500))
def test_truncate_fits_the_room(value: str, room: float) -> None:
    """A cut label is no longer than the room allows, one line, and ends in an ellipsis."""
    cut = truncate(value, 12, room)
    assert len(cut) <= max(1, int(room / 7.2))
    assert "\n" not in cut
    if cut != " ".join(value.split()):
        assert cut.endswith("…")

"""Status colours: fixed for the usual statuses, seven hues at most, then a shared grey."""

from __future__ import annotations

from assay.site.pictures.palette import NO_STATUS, OTHER, assign


def test_usual_statuses_keep_their_colours_and_order() -> None:
    """Lifecycle order, whatever the input order; accepted is always the same green."""
    series, index_of = assign(["rejected", "accepted", None, "proposed", "accepted"])
    assert [(s.label, s.colour, s.count) for s in series] == [
        ("proposed", "#56B4E9", 1),
        ("accepted", "#009E73", 2),
        ("rejected", "#D55E00", 1),
        (NO_STATUS, "#C8C8C8", 1),
    ]
    assert index_of == {"proposed": 0, "accepted": 1, "rejected": 2, None: 3}


def test_past_seven_hues_the_rarest_share_a_grey() -> None:
    """Nine named statuses: the seven most held get hues, the two rarest are "other"."""
    statuses = [f"s{i}" for i in range(9) for _ in range(10 - i)]
    series, index_of = assign(statuses)
    assert [s.label for s in series] == [f"s{i}" for i in range(7)] + [OTHER]
    assert len({s.colour for s in series}) == 8
    assert series[-1].count == 3 + 2
    assert index_of["s7"] == index_of["s8"] == 7


def test_a_status_called_like_a_group_stays_apart() -> None:
    """A status literally named "no status" is its own series, not the records without one."""
    series, index_of = assign(["no status", None])
    assert [s.label for s in series] == ["no status", NO_STATUS]
    assert index_of["no status"] != index_of[None]

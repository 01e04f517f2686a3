"""DOC015 and the folder conventions a record no spec declares is judged by."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.checks.folder_convention import judged, tallies, unreported
from assay.engine.workspace.record_index import Gap, Record, unread_facts
from assay.spec.diagnostics import Diagnostic
from assay.spec.rules.fields import FLD001, FLD002

STATUS: Gap = ("FLD001", "Status")
ON_HOLD: Gap = ("FLD002", "on hold")


def _record(path: str, gaps: tuple[Gap, ...] | None) -> Record:
    if gaps is None:
        return Record(path, unread_facts(path))
    return Record(path, (1, None, (), (), gaps))


def _series(lacking: int, stating: int, unread: int = 0, gap: Gap = STATUS) -> list[Record]:
    return [
        *(_record(f"docs/adr/{i:04}-a.md", (gap,)) for i in range(lacking)),
        *(_record(f"docs/adr/{i:04}-b.md", ()) for i in range(stating)),
        *(_record(f"docs/adr/{i:04}-c.md", None) for i in range(unread)),
    ]


@pytest.mark.parametrize(
    ("lacking", "stating", "unread", "usual"),
    [
        (1, 0, 0, False),  # one record alone: told, not a series' way
        (2, 0, 0, True),  # none states it
        (2, 1, 0, True),  # most do not
        (1, 1, 0, True),  # half state it: no settled convention
        (1, 2, 0, False),  # two in three do: settled, the one without is told
        (3, 4, 0, True),  # four in seven: not settled
        (1, 3, 0, False),
        (2, 1, 3, True),  # unreadable records count neither way
        (1, 0, 3, False),
    ],
)
def test_a_convention_is_settled_when_two_in_three_keep_it(
    lacking: int, stating: int, unread: int, usual: bool
) -> None:
    folders = tallies(_series(lacking, stating, unread))
    assert folders["docs/adr"].usual(STATUS) is usual


@given(st.integers(0, 30), st.integers(0, 30))
def test_settled_exactly_at_two_thirds(lacking: int, stating: int) -> None:
    total = lacking + stating
    folders = tallies(_series(lacking, stating))
    if total:
        settled = total < 2 or 3 * stating >= 2 * total
        assert folders["docs/adr"].usual(STATUS) is not settled


def test_a_status_word_two_records_use_is_the_folders_own() -> None:
    assert not tallies(_series(1, 5, gap=ON_HOLD))["docs/adr"].usual(ON_HOLD)
    assert tallies(_series(2, 5, gap=ON_HOLD))["docs/adr"].usual(ON_HOLD)


def test_a_told_finding_names_how_many_records_keep_the_convention() -> None:
    folders = tallies(_series(1, 3))
    lacking = FLD001.diagnostic("no `Status` field", "docs/adr/0000-a.md")
    (told,) = judged(unreported([lacking], folders), folders)
    assert told.message == "no `Status` field; 3 of 4 records in `docs/adr` state one"
    word = FLD002.diagnostic("Status `on hold` is not one of: accepted", "docs/adr/0000-a.md")
    (told,) = judged([word], tallies(_series(1, 3, gap=ON_HOLD)))
    assert told.message.endswith("; no other record in `docs/adr` uses it")


def test_an_unsettled_convention_is_not_reported_per_record() -> None:
    folders = tallies(_series(2, 2))
    lacking = FLD001.diagnostic("no `Status` field", "docs/adr/0000-a.md")
    other: Diagnostic = FLD001.diagnostic("something else", "docs/adr/0000-a.md")
    assert unreported([lacking, other], folders) == [other]

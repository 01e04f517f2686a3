"""DOC015: when a part missing from records is the folder's convention ("most")."""

from __future__ import annotations

import pytest

from assay.engine.checks.folder_convention import conventions
from assay.engine.workspace.record_index import Gap, Record, unread_facts

STATUS: Gap = ("FLD001", "Status")


def _record(path: str, gaps: tuple[Gap, ...] | None) -> Record:
    if gaps is None:
        return Record(path, unread_facts(path))
    return Record(path, (1, None, (), (), gaps))


@pytest.mark.parametrize(
    ("lacking", "stating", "unread", "usual"),
    [
        (1, 0, 0, False),  # one record alone: an error, not a series' convention
        (2, 0, 0, True),  # none states it
        (2, 1, 0, True),  # most do not
        (1, 1, 0, False),  # half state it: each without it is an error
        (1, 2, 0, False),  # most do, one does not
        (2, 1, 3, True),  # unreadable records count neither way
        (1, 0, 3, False),
    ],
)
def test_most_means_more_than_half_of_two_or_more(
    lacking: int, stating: int, unread: int, usual: bool
) -> None:
    records = [
        *(_record(f"docs/adr/{i:04}-a.md", (STATUS,)) for i in range(lacking)),
        *(_record(f"docs/adr/{i:04}-b.md", ()) for i in range(stating)),
        *(_record(f"docs/adr/{i:04}-c.md", None) for i in range(unread)),
    ]
    found = conventions(records)
    assert (STATUS in found.get("docs/adr", {})) is usual

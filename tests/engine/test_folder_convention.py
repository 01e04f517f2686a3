"""DOC015 and the folder conventions a record no spec declares is judged by."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.checks.missing_field import FLD001
from assay.engine.checks.missing_section import DOC003
from assay.engine.checks.value_not_allowed import FLD002
from assay.engine.runner.undeclared import judged, unreported
from assay.engine.workspace.folder_tallies import tallies
from assay.engine.workspace.record_index import Gap, Record, gap_of, unread_facts
from assay.spec.diagnostics import Diagnostic

STATUS: Gap = ("FLD001", "Status")
ON_HOLD: Gap = ("FLD002", "on hold")


#: The sections of a record written like its folder's others.
NYGARD = ("consequences", "context", "decision", "status")


def _record(path: str, gaps: tuple[Gap, ...] | None, shape: tuple[str, ...] = NYGARD) -> Record:
    if gaps is None:
        return Record(path, unread_facts(path))
    return Record(path, (1, None, (), (), gaps, shape))


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
    lacking = FLD001.diagnostic("no `Status` field", "docs/adr/0000-a.md", subject="Status")
    (told,) = judged(unreported([lacking], folders, folders["docs/adr"].records[0]), folders)
    assert told.message == "no `Status` field; 3 of 4 records in `docs/adr` state one"
    word = FLD002.diagnostic(
        "Status `on hold` is not one of: accepted", "docs/adr/0000-a.md", subject="on hold"
    )
    (told,) = judged([word], tallies(_series(1, 3, gap=ON_HOLD)))
    assert told.message.endswith("; no other record in `docs/adr` uses it")


def test_an_unsettled_convention_is_not_reported_per_record() -> None:
    folders = tallies(_series(2, 2))
    lacking = FLD001.diagnostic("no `Status` field", "docs/adr/0000-a.md", subject="Status")
    other: Diagnostic = FLD001.diagnostic("something else", "docs/adr/0000-a.md")
    assert unreported([lacking, other], folders, folders["docs/adr"].records[0]) == [other]


DECISION: Gap = ("DOC003", "Decision")


def _folder(lacking: tuple[str, ...], keeping: tuple[tuple[str, ...], ...]) -> list[Record]:
    """One record without a Decision, of sections ``lacking``, beside records that have
    one, of sections ``keeping`` each."""
    return [
        _record("docs/adr/0001-x.md", (DECISION,), lacking),
        *(_record(f"docs/adr/{i:04}-y.md", (), shape) for i, shape in enumerate(keeping, 2)),
    ]


@pytest.mark.parametrize(
    ("lacking", "keeping", "shaped"),
    [
        # Nygard's sections but the Decision: a record of the folder's shape lacks it
        (("consequences", "context", "status"), (NYGARD,) * 3, True),
        (("context", "status"), (NYGARD,) * 3, True),  # two of the three others
        # another template, notes, or no heading at all: written another way
        (("problem", "solution"), (NYGARD,) * 3, False),
        (("status",), (NYGARD,) * 3, False),  # one of three is not more than half
        ((), (NYGARD,) * 3, False),
        # the folder's records share no section but the Decision: no shape to compare
        (("context",), (("decision", "a"), ("decision", "b"), ("decision", "c")), False),
        # a section two in three of the keeping records have counts; a rarer one not
        (("context", "status"), (NYGARD, NYGARD, ("context", "decision")), True),
        (("context",), (NYGARD, NYGARD, ("context", "decision")), False),
        (("appendix", "context"), (NYGARD, NYGARD, (*NYGARD, "appendix")), False),
        # a section of its own may hold the part under its own name
        (("consequences", "context", "solution", "status"), (NYGARD,) * 3, False),
        (("consequences", "context", "intro", "status"), (NYGARD,) * 3, False),
        # ... but one most of the folder's records have is theirs too
        (("appendix", "consequences", "context", "status"), ((*NYGARD, "appendix"),) * 3, True),
    ],
)
def test_a_part_is_missed_only_by_a_record_written_like_those_that_have_it(
    lacking: tuple[str, ...], keeping: tuple[tuple[str, ...], ...], shaped: bool
) -> None:
    folders = tallies(_folder(lacking, keeping))
    tally = folders["docs/adr"]
    assert tally.shaped(tally.records[0], DECISION) is shaped
    missing = _missing_decision("docs/adr/0001-x.md")
    assert bool(unreported([missing], folders, tally.records[0])) is shaped
    assert len(tally.shapeless(DECISION)) == (0 if shaped else 1)


def _missing_decision(path: str) -> Diagnostic:
    return DOC003.diagnostic("no `Decision` section (or `Proposal`)", path, subject="Decision")


SECTIONS = st.sets(st.sampled_from(["context", "status", "consequences", "problem", "notes"]))


@given(lacking=SECTIONS, keeping=st.lists(SECTIONS, min_size=2, max_size=8))
def test_a_record_sharing_no_section_is_never_told_one_sharing_all_always(
    lacking: set[str], keeping: list[set[str]]
) -> None:
    """Generated folders: a record that shares no section with the records that have
    the part, or has one none of them has, is never told it lacks the part; one that
    has exactly the sections two in three of them have (the part aside) is told
    whenever there are some."""
    folder = _folder(tuple(sorted(lacking)), tuple((*sorted(k), "decision") for k in keeping))
    tally = tallies(folder)["docs/adr"]
    record = tally.records[0]
    if not lacking & set().union(*keeping) or lacking - set().union(*keeping):
        assert not tally.shaped(record, DECISION)
    usual = {
        s for s in set().union(*keeping) if 3 * sum(s in k for k in keeping) >= 2 * len(keeping)
    }
    if lacking == usual and usual:
        assert tally.shaped(record, DECISION)


def _lone(path: str, gaps: tuple[Gap, ...]) -> Record:
    return _record(path, gaps)


def test_a_series_kept_one_record_a_folder_is_counted_whole() -> None:
    """`docs/adr/<component>/` folders of one record each: each record is judged with
    the records of the nearest folder whose tree holds others."""
    records = [
        _lone("docs/adr/alpha/0001-a.md", ()),
        _lone("docs/adr/beta/0002-b.md", ()),
        _lone("docs/adr/gamma/0003-c.md", (STATUS,)),
        _lone("elsewhere/0001-x.md", (STATUS,)),
    ]
    folders = tallies(records)
    series = folders["docs/adr/gamma"]
    assert series is folders["docs/adr/alpha"] and series.total == 3
    assert not series.usual(STATUS)  # two in three state one: settled
    lacking = FLD001.diagnostic("no `Status` field", "docs/adr/gamma/0003-c.md", subject="Status")
    (told,) = judged(unreported([lacking], folders, records[2]), folders)
    assert told.message.endswith("2 of 3 records in `docs/adr` and its folders state one")
    # Alone in its tree, a record is judged with the repository's records.
    assert folders["elsewhere"].total == 4
    assert folders["elsewhere"].series == "the repository"


def test_a_series_of_lone_folders_written_without_a_part_is_not_told() -> None:
    records = [
        _lone("adrs/alpha/0001-a.md", (STATUS,)),
        _lone("adrs/beta/0002-b.md", (STATUS,)),
        _lone("adrs/gamma/0003-c.md", ()),
    ]
    folders = tallies(records)
    lacking = FLD001.diagnostic("no `Status` field", "adrs/alpha/0001-a.md", subject="Status")
    assert unreported([lacking], folders, records[0]) == []


@given(message=st.text(max_size=40), subject=st.text(min_size=1, max_size=12))
def test_a_findings_convention_is_its_data_not_its_wording(message: str, subject: str) -> None:
    """What a finding is about is read from its subject: any wording, the same gap
    (a message reworded, translated or judged with a count says the same)."""
    assert gap_of(DOC003.diagnostic(message, "a.md", subject=subject)) == ("DOC003", subject)
    assert gap_of(FLD001.diagnostic(message, "a.md", subject=subject)) == ("FLD001", subject)
    assert gap_of(DOC003.diagnostic(message, "a.md")) is None

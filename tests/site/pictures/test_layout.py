"""Chains and their layout: older records left, cycles broken, big chains cut."""

from __future__ import annotations

from assay.site.pictures.chains import chains, edges_of
from assay.site.pictures.layout import lay_out
from tests.site.pictures.fixtures import SMALL, record


def by_path(records):  # type: ignore[no-untyped-def]
    return {r.path: r for r in records}


def test_edges_keep_supersedes_and_amends_between_given_records() -> None:
    """Unknown targets, self-references and duplicates draw nothing extra."""
    records = by_path(
        [
            record(1, "a", "accepted", "2024-01-01"),
            record(
                2,
                "b",
                "accepted",
                "2024-02-01",
                ("supersedes", 1),
                ("supersedes", 1),
                ("supersedes", 9),
                ("amends", 2),
                ("other", 1),
            ),
        ]
    )
    assert [(e.source[-7:], e.target[-7:], e.kind) for e in edges_of(records)] == [
        ("0002.md", "0001.md", "supersedes")
    ]


def test_chains_largest_first_in_date_order() -> None:
    """The fixture's two chains: the ledger's four records, then Kafka's two."""
    records = by_path(SMALL)
    found = chains(records, edges_of(records))
    numbers = [[records[p].number for p in group] for group in found]
    assert numbers == [[2, 4, 6, 8], [3, 5]]


def test_superseded_records_stand_left_of_what_supersedes_them() -> None:
    """Every drawn edge runs from a later column to an earlier one."""
    records = by_path(SMALL)
    edges = edges_of(records)
    band = lay_out(chains(records, edges)[0], edges, max_columns=4, max_rows=6)
    column = {node.path: node.column for node in band.nodes}
    assert [(n.path[-7:-3], n.column, n.row) for n in band.nodes] == [
        ("0002", 0, 0),
        ("0004", 1, 0),
        ("0006", 2, 0),
        ("0008", 2, 1),
    ]
    assert all(column[e.source] > column[e.target] for e in edges if e.source in column)
    assert (band.columns, band.rows, band.hidden) == (3, 2, 0)


def test_a_cycle_is_broken_at_its_earliest_record() -> None:
    """A supersedes B supersedes C supersedes A: laid out in date order, nothing lost."""
    records = by_path(
        [
            record(1, "a", "accepted", "2024-01-01", ("supersedes", 3)),
            record(2, "b", "accepted", "2024-02-01", ("supersedes", 1)),
            record(3, "c", "accepted", "2024-03-01", ("supersedes", 2)),
        ]
    )
    edges = edges_of(records)
    band = lay_out(chains(records, edges)[0], edges, max_columns=4, max_rows=6)
    assert [(n.path[-7:-3], n.column) for n in band.nodes] == [
        ("0001", 0),
        ("0002", 1),
        ("0003", 2),
    ]


def test_a_long_chain_keeps_its_newest_columns() -> None:
    """Ten records in a row, four columns drawn: the newest four, six hidden."""
    records = by_path(
        [record(1, "first", "accepted", "2024-01-01")]
        + [
            record(n, "next", "accepted", f"2024-01-{n:02d}", ("supersedes", n - 1))
            for n in range(2, 11)
        ]
    )
    edges = edges_of(records)
    band = lay_out(chains(records, edges)[0], edges, max_columns=4, max_rows=6)
    assert [n.path[-7:-3] for n in band.nodes] == ["0007", "0008", "0009", "0010"]
    assert band.hidden == 6


def test_a_wide_column_keeps_max_rows() -> None:
    """One record superseding nine: its targets' column is cut to three rows."""
    records = by_path(
        [record(n, "old", "superseded", f"2024-01-{n:02d}") for n in range(1, 10)]
        + [record(10, "new", "accepted", "2024-02-01", *[("supersedes", n) for n in range(1, 10)])]
    )
    edges = edges_of(records)
    band = lay_out(chains(records, edges)[0], edges, max_columns=4, max_rows=3)
    assert (band.columns, band.rows, band.hidden, len(band.nodes)) == (2, 3, 6, 4)

"""A small set of published records for the pictures: chains, an amendment, strays."""

from __future__ import annotations

import datetime

from assay.site.facts import RecordFacts, RelationFact


def record(
    number: int | None,
    title: str,
    status: str | None,
    date: str | None,
    *relations: tuple[str, int],
) -> RecordFacts:
    """Record ``number`` at ``docs/adr/NNNN.md``; relations as (kind, target number)."""
    slug = f"{number:04d}" if number is not None else "draft"
    return RecordFacts(
        path=f"docs/adr/{slug}.md",
        page=f"docs/adr/{slug}/",
        number=number,
        title=title,
        status=status,
        date=datetime.date.fromisoformat(date) if date else None,
        relations=tuple(
            RelationFact(
                kind=kind,  # type: ignore[arg-type]
                name=kind.capitalize(),
                target=f"docs/adr/{target:04d}.md",
            )
            for kind, target in relations
        ),
    )


SMALL = [
    record(1, "Record architecture decisions", "accepted", "2024-01-15"),
    record(2, "Use PostgreSQL for the ledger", "superseded", "2024-02-03"),
    record(3, "Publish events on Kafka", "accepted", "2024-02-20"),
    record(4, "Use CockroachDB for the ledger", "accepted", "2024-05-11", ("supersedes", 2)),
    record(5, "Retry failed events three times", "accepted", "2024-06-01", ("amends", 3)),
    record(6, "A deliberately long title that will not fit inside its node box at all",
           "proposed", "2024-09-30", ("amends", 4)),
    record(7, "Drop the nightly batch", "rejected", "2024-10-02"),
    record(8, "Keep ledger history for seven years", "deprecated", None, ("supersedes", 4)),
    record(None, "Untitled <draft> & co", None, None),
]

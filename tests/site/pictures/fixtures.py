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
    record(
        6,
        "A deliberately long title that will not fit inside its node box at all",
        "proposed",
        "2024-09-30",
        ("amends", 4),
    ),
    record(7, "Drop the nightly batch", "rejected", "2024-10-02"),
    record(8, "Keep ledger history for seven years", "deprecated", None, ("supersedes", 4)),
    record(None, "Untitled <draft> & co", None, None),
]


_STATUSES = ["accepted"] * 6 + [
    "proposed",
    "superseded",
    "superseded",
    "deprecated",
    "rejected",
    "on hold",
    "Draft",
]


def many(count: int, seed: int = 15) -> list[RecordFacts]:
    """``count`` records over ten years with chains of every length, the same for the
    same arguments: every seventh supersedes a recent record, every eleventh amends
    one, and runs of records supersede their predecessor one after the other."""
    import random

    draw = random.Random(seed)
    start = datetime.date(2016, 1, 1)
    records = []
    for number in range(1, count + 1):
        relations: list[tuple[str, int]] = []
        if number % 7 == 0:
            relations.append(("supersedes", number - draw.randint(1, 6)))
        if number % 11 == 0:
            relations.append(("amends", number - draw.randint(1, 10)))
        if number % 97 < 9 and number > 1:
            relations.append(("supersedes", number - 1))
        day = start + datetime.timedelta(days=number * 3650 // count)
        dated = None if number % 23 == 0 else day.isoformat()
        records.append(
            record(
                number,
                f"Decision number {number}",
                draw.choice(_STATUSES),
                dated,
                *[(k, t) for k, t in relations if t >= 1],
            )
        )
    return records


if __name__ == "__main__":  # python -m tests.site.pictures.fixtures: renew the guide's
    from pathlib import Path

    from assay.site.pictures import pictures

    shown = Path(__file__).resolve().parents[3] / "docs" / "guide" / "pictures"
    for name, svg in pictures(SMALL).items():
        (shown / name).write_text(svg, encoding="utf-8")

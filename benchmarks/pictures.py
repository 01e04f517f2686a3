"""The site's two pictures drawn from 1,000 and 10,000 generated records: time and bytes.

    .venv/bin/python benchmarks/pictures.py [--sizes 1000 10000] [--repeat 5]

Issue 15's pictures must stay readable and linear in time at 10,000 records. For each
size, the records are generated in this process (``generate``: seeded, no clock; one
in seven supersedes a recent record, one in eleven amends one, runs of up to nine
supersede their predecessor, one in 23 is undated), then ``assay.site.pictures.pictures``
draws both SVGs ``--repeat`` times. Printed per size: the median CPU time
(``time.process_time``), the time per record, and each picture's size in bytes; last,
the per-record time at the largest size over that at the smallest (about 1 or below
when linear: the fixed cost of the picture weighs less as records grow).
"""

from __future__ import annotations

import argparse
import datetime
import random
import statistics
import sys
import time

from assay.site.facts import RecordFacts, RelationFact
from assay.site.pictures import pictures

_STATUSES = ["accepted"] * 6 + ["proposed", "superseded", "superseded", "deprecated",
                                "rejected", "on hold", "Draft"]  # fmt: skip


def generate(count: int, seed: int = 15) -> list[RecordFacts]:
    """``count`` records over ten years, chains of every length among them."""
    draw = random.Random(seed)
    start = datetime.date(2016, 1, 1)
    records = []
    for number in range(1, count + 1):
        targets: list[tuple[str, int]] = []
        if number % 7 == 0:
            targets.append(("supersedes", number - draw.randint(1, 6)))
        if number % 11 == 0:
            targets.append(("amends", number - draw.randint(1, 10)))
        if number % 97 < 9 and number > 1:
            targets.append(("supersedes", number - 1))
        relations = tuple(
            RelationFact(kind=kind, name=kind.title(), target=f"docs/adr/{target:05d}.md")  # type: ignore[arg-type]
            for kind, target in targets
            if target >= 1
        )
        day = start + datetime.timedelta(days=number * 3650 // count)
        records.append(
            RecordFacts(
                path=f"docs/adr/{number:05d}.md",
                page=f"docs/adr/{number:05d}/",
                number=number,
                title=f"Decision number {number} on a part of the platform",
                status=draw.choice(_STATUSES),
                date=None if number % 23 == 0 else day,
                relations=relations,
            )
        )
    return records


def measure(count: int, repeat: int) -> tuple[float, dict[str, int]]:
    """The median CPU seconds of drawing both pictures of ``count`` records, and their
    sizes."""
    records = generate(count)
    times = []
    for _ in range(repeat):
        began = time.process_time()
        drawn = pictures(records)
        times.append(time.process_time() - began)
    return statistics.median(times), {name: len(svg.encode()) for name, svg in drawn.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args(argv)
    per_record = []
    for count in options.sizes:
        seconds, sizes = measure(count, options.repeat)
        per_record.append(seconds / count)
        shown = ", ".join(f"{name} {size:,} bytes" for name, size in sizes.items())
        print(f"{count:>7,} records: {seconds * 1000:7.1f} ms CPU "
              f"({seconds / count * 1e6:.1f} µs/record); {shown}")  # fmt: skip
    if len(per_record) > 1:
        print(f"per-record time, largest over smallest size: {per_record[-1] / per_record[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A workspace whose records exercise every part of a record's page.

Two records in a supersession, one full of raw HTML and links of every kind, a
second ``0001-use-kafka.md`` in another folder (a stem collision) and a record named
``index.md`` (the decisions index keeps its name). Real files in a real repository.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.engine.runs.builders import RUNTIME, write_run

KAFKA = """\
# 1. Use Kafka

Date: 2025-01-10

## Status

Superseded by [ADR 2](0002-use-pulsar.md)

## Context

Services poll the ledger.

## Decision

We publish events to Kafka.

## Consequences

Consumers react within seconds.
"""

PULSAR = """\
# 2. Use Pulsar

Date: 2025-02-20

## Status

Accepted

Supersedes [ADR 1](0001-use-kafka.md)

## Context

Kafka needs a team we do not have; see [the Kafka record](0001-use-kafka.md#context).

## Decision

We publish events to Pulsar.

## Consequences

The [notes](../notes.md) explain the migration, and [the spec](https://pulsar.apache.org/docs/).
The [runtime analysis](../../runs/github.com-pallets-flask/output/runtime.md#findings) found why.
"""

HOSTILE = """\
# 3. Render <b>untrusted</b> text

Date: 2025-03-01

## Status

Accepted

## Context

A record may hold <script>alert("pwned")</script> and <img src=data:,x onerror=alert(1)>.

<iframe src="https://example.com"></iframe>

<div style="color: red" onclick="alert(2)">
a block of HTML
</div>

<!-- a comment nobody should see -->

## Decision

Code keeps its angle brackets: `List<String>` and

```html
<script>alert("in code")</script>
```

A [click](javascript:alert(3)) and <https://example.com/autolink>.

## Consequences

Nothing in this record runs.
"""

OTHER_KAFKA = KAFKA.replace("Superseded by [ADR 2](0002-use-pulsar.md)", "Accepted").replace(
    "2025-01-10", "2024-06-01"
)

INDEX_RECORD = """\
# 4. Keep an index

## Status

Proposed

## Context

Undated records go last on the timeline.

## Decision

We keep one.

## Consequences

None.
"""

RECORDS = {
    "docs/adr/0001-use-kafka.md": KAFKA,
    "docs/adr/0002-use-pulsar.md": PULSAR,
    "docs/adr/0003-render-untrusted-text.md": HOSTILE,
    "docs/adr/0004-keep-an-index.md": INDEX_RECORD,
    "doc/adr/0001-use-kafka.md": OTHER_KAFKA,
}


def pages_workspace(root: Path) -> Path:
    """The records above, a notes file, a verified run, an empty assay.toml, in a git
    repository."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "assay.toml").write_text("", encoding="utf-8")
    (root / "docs").mkdir()
    (root / "docs/notes.md").write_text("# Notes\n", encoding="utf-8")
    for path, text in RECORDS.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    # A run file is published beside its review: its raw HTML must be text too.
    write_run(root, runtime=RUNTIME + "\nThe trace showed <script>alert('run')</script>.\n")
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    return root

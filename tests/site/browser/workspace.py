"""The workspace the browser tests publish: supersession chains, a hostile record, a run.

Three records, each superseding the one before (``0002`` ← ``0003`` ← ``0004``, both
sides of each link written in the records), an unrelated first record, a record whose
text holds a ``<script>`` element and an ``<img onerror>`` attribute, and one verified
analysis run (the Flask run of ``tests/engine/runs/builders``). Then a supersession as
real series write it (issue 25 §1): ``0007`` says in its ``## Links`` list that it
supersedes ``0006``, whose status still says Accepted (FLD008, an error the gate notes
on the page instead of excluding the record); ``0007`` has code in its title and
shows a PNG and an SVG diagram (the SVG holding a script that must never run). And a
log4brains-style series named by date (``docs/decisions/20240115-….md``). No document
is excluded, so the site holds every page the tests visit.
"""

from __future__ import annotations

import struct
import subprocess
import zlib
from pathlib import Path

from attrs import frozen

from tests.engine.runs.builders import OVERVIEW, write_run

__all__ = [
    "CHAIN",
    "DATED",
    "DESCRIPTION",
    "HOSTILE",
    "LINKED_CHAIN",
    "MEMCACHED",
    "POSTGRES",
    "RABBITMQ",
    "RECORDS",
    "REDIS",
    "REDIS_QUEUE",
    "SEARCH_WORD",
    "SVG_SCRIPT",
    "Record",
    "write_workspace",
]

#: A word that appears in one record only, for the search test.
SEARCH_WORD = "kestrel"

#: The run's Description: the review page's meta description must equal it.
DESCRIPTION = OVERVIEW.split("## Description\n\n", 1)[1].split("\n", 1)[0]


@frozen
class Record:
    """One record of the fixture: its file stem, its title (its H1) and its text."""

    stem: str
    title: str
    text: str


def _record(number: int, slug: str, title: str, status: str, body: str, extra: str = "") -> Record:
    stem = f"{number:04d}-{slug}"
    text = (
        f"# {number}. {title}\n\n"
        f"* Status: {status}\n"
        f"* Date: 2025-0{number}-1{number}\n"
        f"{extra}"
        "\n## Context\n\n"
        f"{body}\n"
        "\n## Decision\n\n"
        f"We will {title[0].lower()}{title[1:]}.\n"
        "\n## Consequences\n\n"
        "Everyone reads the decision here before changing the system.\n"
    )
    return Record(stem, f"{number}. {title}", text)


def _link(number: int, slug: str) -> str:
    return f"[ADR {number}]({number:04d}-{slug}.md)"


FIRST = _record(
    1,
    "keep-a-decision-log",
    "Keep a decision log",
    "Accepted",
    "Decisions were lost in chat threads; people joining later could not see why.",
)
MEMCACHED = _record(
    2,
    "store-sessions-in-memcached",
    "Store sessions in Memcached",
    f"Superseded by {_link(3, 'store-sessions-in-redis')}",
    "Sessions live in the web servers' memory and are lost on every deploy.",
)
REDIS = _record(
    3,
    "store-sessions-in-redis",
    "Store sessions in Redis",
    f"Superseded by {_link(4, 'store-sessions-in-postgresql')}",
    "Memcached evicts sessions under memory pressure, which logs people out.",
    f"* Supersedes: {_link(2, 'store-sessions-in-memcached')}\n",
)
POSTGRES = _record(
    4,
    "store-sessions-in-postgresql",
    "Store sessions in PostgreSQL",
    "Accepted",
    f"Redis is one more server to run; the {SEARCH_WORD} cluster already runs PostgreSQL.",
    f"* Supersedes: {_link(3, 'store-sessions-in-redis')}\n",
)
HOSTILE = _record(
    5,
    "render-user-comments",
    "Render user comments",
    "Accepted",
    "Comments may hold markup such as <script>window.pwned=1</script> and\n"
    '<img src=data:,x onerror="window.pwned=2"> which must reach readers as text.',
)

REDIS_QUEUE = _record(
    6,
    "queue-jobs-in-redis",
    "Queue jobs in Redis",
    "Accepted",
    "Jobs run inside web requests and time out.",
)
RABBITMQ = _record(
    7,
    "queue-jobs-in-rabbitmq",
    "Queue jobs in `RabbitMQ`",
    "Accepted",
    "Redis loses queued jobs when it restarts.\n\n"
    "![Queue topology](queue-topology.svg)\n\n![Workers per queue](workers.png)",
)
RABBITMQ = Record(
    RABBITMQ.stem,
    RABBITMQ.title,
    RABBITMQ.text + f"\n## Links\n\n- Supersedes {_link(6, 'queue-jobs-in-redis')}\n",
)
#: A log4brains-style record: named by its date, no number.
DATED = Record(
    "20240115-adopt-log4brains",
    "Adopt log4brains",
    "# Adopt log4brains\n\n- Status: accepted\n- Date: 2024-01-15\n\n"
    "## Context and Problem Statement\n\nThe platform team wants a decision log site.\n\n"
    "## Decision Outcome\n\nChosen option: log4brains, because it reads Markdown.\n",
)

#: The numbered series, under docs/adr.
NUMBERED = (FIRST, MEMCACHED, REDIS, POSTGRES, HOSTILE, REDIS_QUEUE, RABBITMQ)
RECORDS = (*NUMBERED, DATED)
#: A supersession stated only by the newer record, in its Links list.
LINKED_CHAIN = (REDIS_QUEUE, RABBITMQ)
#: The SVG diagram's script, which must never run.
SVG_SCRIPT = "window.pwned = 3"
_DIAGRAM = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="80" viewBox="0 0 160 80">'
    f"<script>{SVG_SCRIPT}</script>"
    '<rect width="160" height="80" fill="#0072B2"/>'
    '<circle cx="80" cy="40" r="25" fill="#F0E442"/></svg>\n'
)
#: The supersession chain, oldest first: each record is superseded by the next.
CHAIN = (MEMCACHED, REDIS, POSTGRES)


def write_workspace(root: Path) -> Path:
    """Write the records and the run below ``root``, a git repository, and return it."""
    adr = root / "docs" / "adr"
    adr.mkdir(parents=True)  # and root with it
    (root / "assay.toml").write_text("", encoding="utf-8")
    for record in NUMBERED:
        (adr / f"{record.stem}.md").write_text(record.text, encoding="utf-8")
    (adr / "queue-topology.svg").write_text(_DIAGRAM, encoding="utf-8")
    (adr / "workers.png").write_bytes(png(48, 24, (213, 94, 0)))
    dated = root / "docs" / "decisions"
    dated.mkdir()
    (dated / f"{DATED.stem}.md").write_text(DATED.text, encoding="utf-8")
    write_run(root)
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    return root


def png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A PNG of one colour, written by hand (no imaging library in the suite)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    row = b"\x00" + bytes(rgb) * width
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(row * height))
        + chunk(b"IEND", b"")
    )

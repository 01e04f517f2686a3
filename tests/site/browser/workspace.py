"""The workspace the browser tests publish: a supersession chain, a hostile record, a run.

Three records, each superseding the one before (``0002`` ← ``0003`` ← ``0004``, both
sides of each link written in the records), an unrelated first record, a record whose
text holds a ``<script>`` element and an ``<img onerror>`` attribute, and one verified
analysis run (the Flask run of ``tests/engine/runs/builders``). Every document passes
``assay check`` with no error, so the gate publishes all of them and the site holds
every page the tests visit.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from attrs import frozen

from tests.engine.runs.builders import OVERVIEW, write_run

__all__ = [
    "CHAIN",
    "DESCRIPTION",
    "HOSTILE",
    "MEMCACHED",
    "POSTGRES",
    "RECORDS",
    "REDIS",
    "SEARCH_WORD",
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

RECORDS = (FIRST, MEMCACHED, REDIS, POSTGRES, HOSTILE)
#: The supersession chain, oldest first: each record is superseded by the next.
CHAIN = (MEMCACHED, REDIS, POSTGRES)


def write_workspace(root: Path) -> Path:
    """Write the records and the run below ``root``, a git repository, and return it."""
    adr = root / "docs" / "adr"
    adr.mkdir(parents=True)  # and root with it
    (root / "assay.toml").write_text("", encoding="utf-8")
    for record in RECORDS:
        (adr / f"{record.stem}.md").write_text(record.text, encoding="utf-8")
    write_run(root)
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    return root

"""The store's schema as numbered migrations; ``PRAGMA user_version`` is the number of
the last one applied.

A migration is only ever appended: a database made by an older assay is upgraded in
place, one migration after another, each in its own transaction; one made by a newer
assay (a ``user_version`` beyond ``len(MIGRATIONS)``) is refused, never guessed at.
JSON columns hold the shared values of ``assay.spec.evidence`` (``json_extract`` reads
them from any SQLite tool); raw evidence (stdin, stdout, stderr) is kept as blobs.
"""

from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
    # 1: preparations, attempts and policies.
    """
    CREATE TABLE preparations (
        id INTEGER PRIMARY KEY,
        benchmark TEXT NOT NULL,            -- name@version
        task TEXT NOT NULL,
        condition TEXT NOT NULL CHECK (condition IN ('overview', 'task')),
        prepared_at TEXT NOT NULL,          -- ISO 8601 UTC
        material BLOB NOT NULL,             -- the delivered documents or bundle, exactly
        stdin BLOB NOT NULL,                -- material then prompt: what the agent reads
        snapshot TEXT NOT NULL,             -- JSON, content-free: paths, digests, sizes
        provision TEXT NOT NULL,            -- JSON Provision
        declarations TEXT NOT NULL          -- JSON list of name@version delivered
    );
    CREATE TABLE attempts (
        id INTEGER PRIMARY KEY,
        preparation INTEGER REFERENCES preparations (id),
        task TEXT NOT NULL,
        condition TEXT NOT NULL CHECK (condition IN ('overview', 'task')),
        status TEXT NOT NULL,
        versions TEXT NOT NULL,             -- JSON Versions
        shard TEXT,
        started_at TEXT,
        duration_ms INTEGER,
        exit_code INTEGER,
        command TEXT,                       -- JSON argv
        stdin_sha256 TEXT,
        stdin BLOB,
        stdout BLOB,
        stderr BLOB,
        provision TEXT NOT NULL,
        correctness TEXT NOT NULL DEFAULT 'unknown',
        answer TEXT,
        verification TEXT NOT NULL,
        assessment TEXT,
        counters TEXT NOT NULL DEFAULT '[]',
        unknown_fields TEXT NOT NULL DEFAULT '[]',
        note TEXT
    );
    CREATE TABLE policies (
        id INTEGER PRIMARY KEY,
        recorded_at TEXT NOT NULL,
        policy TEXT NOT NULL                -- JSON Policy
    );
    """,
    # 2: the child's own time (so assay's overhead can be told apart), the explicit
    # continuations past a spending cap, and an index for the per-task reads.
    """
    ALTER TABLE attempts ADD COLUMN child_us INTEGER;    -- microseconds the child ran
    CREATE TABLE continuations (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        spent REAL NOT NULL                 -- credit spent when continued
    );
    CREATE INDEX attempts_by_task ON attempts (task, condition);
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)

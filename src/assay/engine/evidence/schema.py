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
    # 3: independent assessments, every one kept (never updated or deleted), each bound
    # to the answer digest and the source basis digests it was made on, and its policy.
    # An assessment written into the old `attempts.assessment` column (none by assay
    # itself) is carried over, its recorded_at unknown (NULL); the column stays.
    # (`migrate_to` splits a migration at each semicolon: none inside its comments.)
    """
    CREATE TABLE assessments (
        id INTEGER PRIMARY KEY,
        attempt INTEGER NOT NULL REFERENCES attempts (id),
        verdict TEXT NOT NULL CHECK (verdict IN ('supported', 'unsupported', 'unclear')),
        answer_sha256 TEXT NOT NULL,        -- sha256 of the answer's UTF-8 bytes
        basis_sha256 TEXT NOT NULL,         -- JSON list: the preparation's unit digests
        policy TEXT NOT NULL,               -- name@version
        recorded_at TEXT                    -- ISO 8601 UTC, NULL only when carried over
    );
    CREATE INDEX assessments_by_attempt ON assessments (attempt);
    INSERT INTO assessments (attempt, verdict, answer_sha256, basis_sha256, policy)
        SELECT id, json_extract(assessment, '$.verdict'),
            json_extract(assessment, '$.answer_sha256'),
            coalesce(json_extract(assessment, '$.basis_sha256'), '[]'),
            json_extract(assessment, '$.policy')
        FROM attempts WHERE assessment IS NOT NULL AND json_valid(assessment)
            AND json_extract(assessment, '$.verdict') IN ('supported', 'unsupported', 'unclear')
            AND json_type(assessment, '$.answer_sha256') = 'text'
            AND json_type(assessment, '$.policy') = 'text'
        ORDER BY id;
    """,
    # 4: bounded output. `stdout` and `stderr` hold the head assay kept (`--keep-output`);
    # these say how many bytes the stream had in all, their sha256, and whether bytes
    # past the head were not kept (1) or the head is the whole output (0). NULL: an
    # attempt recorded before this migration (its blob is then the whole output) or
    # not launched.
    """
    ALTER TABLE attempts ADD COLUMN stdout_bytes INTEGER;
    ALTER TABLE attempts ADD COLUMN stdout_sha256 TEXT;
    ALTER TABLE attempts ADD COLUMN stdout_truncated INTEGER;
    ALTER TABLE attempts ADD COLUMN stderr_bytes INTEGER;
    ALTER TABLE attempts ADD COLUMN stderr_sha256 TEXT;
    ALTER TABLE attempts ADD COLUMN stderr_truncated INTEGER;
    """,
    # 5: what was delivered. The cues each preparation delivers (JSON list of
    # cue@declaration@version; NULL: prepared before cues were kept), and, on a basis
    # error, every unit that drifted since prepare with both digests (JSON list of
    # Drift; NULL: none, or recorded before drift was kept).
    """
    ALTER TABLE preparations ADD COLUMN cues TEXT;
    ALTER TABLE attempts ADD COLUMN drift TEXT;
    """,
    # 6: spending held and settled. `reserved` is the credit a paid attempt held before
    # it started (the policy's attempt worst case), committed with its `launched` row,
    # so a SIGKILL of assay still counts it; `charged` is what it was settled at when it
    # ended (its counters priced, or its worst case when they are not all known). NULL
    # in both: not a paid attempt, or recorded before this migration (priced from its
    # counters). `after_attempt`: the last attempt id when spending was continued.
    """
    ALTER TABLE attempts ADD COLUMN reserved REAL;
    ALTER TABLE attempts ADD COLUMN charged REAL;
    ALTER TABLE continuations ADD COLUMN after_attempt INTEGER;
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)

"""What a store holds, read through a connection of its own (as another process would)."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def store_rows(path: Path) -> set[tuple[object, ...]]:
    """Every entry of the store at ``path``, as rows (the key, kept as UTF-8 bytes,
    decoded); empty for no store."""
    if not path.is_file():
        return set()
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = connection.execute("SELECT * FROM entry").fetchall()
        return {(kind, key.decode("utf-8", "surrogatepass"), *rest) for kind, key, *rest in rows}
    except sqlite3.DatabaseError:
        return set()
    finally:
        connection.close()

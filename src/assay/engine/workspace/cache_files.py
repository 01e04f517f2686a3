"""Where assay keeps its caches, and how a cache file is read and written.

The caches live in the user's cache directory (``~/.cache/assay/checks``), never in the
workspace: they are read with ``pickle``, and a file committed to a repository must not
be able to run code on the machines that check it.  ``ASSAY_NO_CACHE=1`` turns them
off; a file that cannot be read or written is silently skipped (the run is then cold).

Shared by the type cache (``engine.workspace.type_cache``) and the runner's check cache
and summary (``engine.runner.check_cache``, ``engine.runner.check_summary``).
"""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path
from typing import Any

from assay.errors import UsageError

#: Bump when the entry layout changes, or when a pickled class moves to another module
#: (its pickle names the module): old files are then ignored, never misread.
#: 4: the engine regrouped into workspace/, runner/ (issue 11 §6).
LAYOUT = 4


def cache_path(root: Path) -> Path | None:
    """The cache file of the workspace at ``root``, or None when caching is off."""
    if os.environ.get("ASSAY_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    key = hashlib.sha256(str(root.resolve()).encode("utf-8", "surrogatepass")).hexdigest()
    return Path(base) / "assay" / "checks" / f"{key[:24]}.pickle"


def read_pickle(path: Path | None) -> Any:
    """A pickled cache file's contents; None when missing or unreadable."""
    if path is None:
        return None
    try:
        with path.open("rb") as stream:
            return pickle.load(stream)
    except Exception:  # missing, truncated, from another layout: start afresh
        return None


def write_atomically(path: Path, value: object) -> None:
    """Pickle ``value`` to ``path`` through the one writer (a temporary file and a
    rename), or not at all. Private (``0o600``): a cache says what the user's files
    hold, and nobody else's process should read it or plant one to be unpickled."""
    from assay.engine.files.writing import write_file  # only a run that writes pays

    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        write_file(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL), mode=0o600)
    except (OSError, UsageError):  # a read-only home, a full disk, a link: the next run is cold
        pass

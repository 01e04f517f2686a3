"""Where Lark keeps its analysed grammars between runs.

pre-commit and editors start assay cold, and Lark's grammar cache makes a cold start
cost about as much as importing Lark.  Lark's own default puts the cache in the shared
temporary directory under a predictable name, and loads it with ``pickle``: another
local user could plant a file there.  So the cache lives in the user's own cache
directory instead; where that cannot be made, assay builds the grammar each time.
"""

from __future__ import annotations

import os
import sys


def cache_file(name: str) -> str | bool:
    """A private cache path for the grammar ``name``, or False when there is none.

    Lark stores a digest of the grammar and its options in the file and rebuilds it
    when they change, so one path per grammar and Python version is enough.
    """
    if os.environ.get("ASSAY_NO_CACHE"):  # the one switch for every cache
        return False
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    directory = os.path.join(base, "assay")
    try:
        os.makedirs(directory, mode=0o700, exist_ok=True)
        if not os.access(directory, os.W_OK):
            return False
    except OSError:
        return False
    major, minor = sys.version_info[:2]
    return os.path.join(directory, f"{name}-py{major}{minor}.lark-cache")

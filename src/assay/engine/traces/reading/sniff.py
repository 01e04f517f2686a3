"""Which format a session file is, told by its first entry.

A Pi session's lines all carry ``type`` (its first, the ``session`` header); a neutral
trace's lines carry ``kind`` and ``sequence`` and never ``type``. A first entry with
neither is no session assay can read: the reading stops there (PRT004), rather than
report every line of a file that is something else.
"""

from __future__ import annotations

from typing import Any, Literal

Format = Literal["pi", "neutral"]


def format_of(entry: dict[str, Any]) -> Format | None:
    """``pi``, ``neutral``, or None for neither."""
    if "type" in entry:
        return "pi"
    if "kind" in entry or "sequence" in entry:
        return "neutral"
    return None

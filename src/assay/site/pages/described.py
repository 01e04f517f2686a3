"""A run's overview page described by its verified ``## Description``, and by nothing else.

ADR 097: the reconciliation's one-sentence Description is the description of a complete
run's overview and of its review, so verification reads what readers (and search
engines) are shown. The review is rendered with it (``runs.review``); the overview,
copied to the site as one of the run's retained files, would otherwise keep whatever
``description:`` its own front matter says, which no check reads. Its copy gets the
Description instead, and every other front matter key stays.
"""

from __future__ import annotations

import re

import yaml

__all__ = ["described"]

#: Front matter as MkDocs reads it: a ``---`` line first, closed by ``---`` or ``...``.
_FRONT_MATTER = re.compile(
    r"\A(?:\ufeff)?---[ \t]*\r?\n(.*?\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.S
)


def described(markdown: str, description: str) -> str:
    """``markdown`` with ``description`` as its front matter's ``description``: an
    existing one replaced, else front matter added (kept when it is not a mapping,
    which MkDocs would not read as front matter either)."""
    found = _FRONT_MATTER.match(markdown)
    entries: dict[object, object] = {}
    body = markdown
    if found is not None:
        try:
            loaded = yaml.safe_load(found.group(1) or "")
        except yaml.YAMLError:
            loaded = None
        if isinstance(loaded, dict) or loaded is None:
            entries = dict(loaded or {})
            body = markdown[found.end() :]
    entries.pop("description", None)
    front = {"description": description, **entries}
    # YAML's own writer, escaping all but ASCII: a YAML reader refuses or folds some
    # characters written as they are (control characters, NEL).
    dumped = yaml.safe_dump(front, sort_keys=False, allow_unicode=False, width=2**31 - 1)
    return "---\n" + dumped + "---\n" + body

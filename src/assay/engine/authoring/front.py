"""A new record's YAML front matter, with the keys its series' records keep.

MADR writes ``status`` and ``date``; a series adds its own (``decision-makers``,
Kubernetes' ``authors``, ``reviewers``, ``creation-date``, ``see-also``, a site's
``parent: Decisions``). The latest record's keys are kept, in its order: the status,
the dates and the title get the new record's; a relation the record is given names
its file (YAML, never a Markdown link in a string) and one it is not is an empty
list; a value every record agrees on (``parent: Decisions``) is kept; any other is
a ``{…}`` placeholder, which `check` reports until it is filled.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from assay.engine.authoring.folder import Record
from assay.engine.authoring.relate import yaml_scalar

#: The front matter block: ``---`` on the first line, up to the next ``---`` or ``...``.
_FRONT = re.compile(r"\A\ufeff?---[ \t]*\r?\n(.*?^)(?:---|\.\.\.)[ \t]*\r?$", re.S | re.M)
#: A top-level key and the rest of its line.
_KEY = re.compile(r"^([A-Za-z_][\w-]*)[ \t]*:[ \t]*(.*?)[ \t]*\r?$", re.M)
_DATE_KEY = re.compile(r"(?i:date|created|updated|modified)")
#: Keys relating records, as series write them (``superseded-by``, ``see_also``).
_RELATION_KEY = re.compile(r"(?i:supersede|replace|amend|see[-_]?also|related|extend)")


def front_keys(records: Sequence[Record]) -> list[tuple[str, str]]:
    """The front matter keys of the latest record having any, and each one's value
    when every record with front matter gives it the same one-line value."""
    blocks = [_FRONT.match(r.raw.decode("utf-8", "replace")) for r in records]
    found = [dict(_KEY.findall(b[1])) for b in blocks if b is not None]
    if not found:
        return []
    latest = found[-1]
    shared = {
        k: v for k, v in latest.items() if len(found) > 1 and all(f.get(k) == v for f in found)
    }
    return [(key, shared.get(key, "")) for key in latest]


def front_matter(
    keys: list[tuple[str, str]],
    *,
    status: str,
    date: str,
    dated: bool,
    title: str,
    relations: Sequence[tuple[str, str]],
) -> list[str]:
    """The new record's front matter lines (without the ``---``): ``keys`` filled in,
    with ``status`` where they lack it, ``date`` where there are none and the series
    is ``dated``, and each relation (name, file) they have no key for."""
    given = {_norm(name): file for name, file in relations}
    lines: list[str] = []
    for key, shared in keys:
        norm = _norm(key)
        if norm == "status":
            value = yaml_scalar(status)
        elif norm == "title":
            value = yaml_scalar(title)
        elif _DATE_KEY.search(key):
            value = date
        elif norm in given:
            value = yaml_scalar(given.pop(norm))
        elif _RELATION_KEY.search(key):
            value = "[]"
        else:
            value = shared if shared else yaml_scalar("{" + key + "}")
        lines.append(f"{key}: {value}")
    ahead = [f"status: {yaml_scalar(status)}"] if all(_norm(k) != "status" for k, _ in keys) else []
    ahead += [f"date: {date}"] if not keys and dated else []
    lines[:0] = ahead
    lines += [f"{name}: {yaml_scalar(file)}" for name, file in given.items()]
    return lines


def _norm(key: str) -> str:
    """``Superseded by``, ``superseded_by`` -> ``superseded-by``."""
    return re.sub(r"[\s_]+", "-", key.strip().casefold())

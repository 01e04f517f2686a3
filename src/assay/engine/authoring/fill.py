"""A template's metadata placeholders filled in before the template is read.

MADR 3's stock template opens with ``status: {proposed | rejected | … | superseded by
[ADR-0005](0005-example.md)}`` and ``date: {YYYY-MM-DD when the decision was last
updated}``: YAML that does not parse, so the reader sees no front matter at all and
nothing in it can be filled the way the reader finds fields. The front matter's lines
are therefore filled as lines: the status and the date get the new record's values,
and any other placeholder value (``deciders: {list everyone …}``) is quoted, so the
front matter is valid YAML and the reader reports the placeholder (FLD006) instead of
the whole block (DOC006).
"""

from __future__ import annotations

import re

from assay.engine.authoring.folder import read_record
from assay.engine.authoring.relate import yaml_scalar
from assay.engine.reading.values import is_placeholder
from assay.engine.workspace.types import builtin_type

#: The front matter block: ``---`` on the first line, up to the next ``---`` or ``...``.
_FRONT = re.compile(r"\A(\ufeff?---[ \t]*\r?\n)(.*?^)(?:---|\.\.\.)[ \t]*$", re.S | re.M)
#: A top-level ``key: value`` line (a comment or an indented line is left alone). The
#: runs are possessive and the value's trailing blanks are split off in code
#: (``_key_line``): a lazy key or value beside a run of blanks took time quadratic in
#: the line (a template line of 8,000 spaces, half a second).
_KEY_LINE = re.compile(r"^([A-Za-z][\w -]*+)([ \t]*+:[ \t]*+)(\S.*)$")
#: A commented-out key (``# status: {…}``), to be taken in.
_COMMENTED = re.compile(r"^#[ \t]*(?=(?i:status|date)[ \t]*:)")
#: A title naming the template itself (``title: ADR Template``), or a placeholder.
_TEMPLATE_TITLE = re.compile(r"(?i:\btemplate\b)|\A[{\[]")
#: The alternatives a placeholder lists: ``{proposed | rejected | …}``, ``[draft | …]``,
#: NumPy's ``<Draft | Active | …>``.
_FIRST_LISTED = re.compile(r"\A[{\[<]\s*([A-Za-z][A-Za-z -]*?)\s*\|")


def fill_front_matter(text: str, status: str, date: str, title: str) -> str:
    """``text`` with its front matter's placeholder ``status`` and ``date`` replaced by
    ``status`` and ``date`` and its other placeholder values quoted.

    The copy of MADR 3's template in its own docs comments the two out
    (``# status: {…}``) under the page's own ``title: ADR Template``: they are taken in
    (the record states what `new` promises), and the title becomes the record's."""
    block = _FRONT.match(text)
    if block is None:
        return text
    values = {"status": status.lower(), "date": date}
    lines = block[2].split("\n")
    for at, line in enumerate(lines):
        found = _key_line(_COMMENTED.sub("", line, count=1))
        if found is None:
            continue
        key = found[1].strip().casefold()
        if key == "title" and line == found[0] and _TEMPLATE_TITLE.search(found[3]):
            lines[at] = f"{found[1]}{found[2]}{yaml_scalar(title)}{found[4]}"
        elif not is_placeholder(found[3]) or (line != found[0] and key not in values):
            continue
        elif key in values:
            lines[at] = f"{found[1]}{found[2]}{yaml_scalar(values[key])}{found[4]}"
        else:
            lines[at] = f"{found[1]}{found[2]}{_quoted(found[3])}{found[4]}"
    return text[: block.start(2)] + "\n".join(lines) + text[block.end(2) :]


def _key_line(line: str) -> tuple[str, str, str, str, str] | None:
    """The whole match, the key, the colon with its blanks, the value and its trailing
    blanks (spaces and tabs, then a carriage return) of a ``key: value`` line."""
    found = _KEY_LINE.match(line)
    if found is None:
        return None
    rest = found[3]
    core = rest[:-1] if rest.endswith("\r") else rest
    value = core.rstrip(" \t")  # never empty: the value starts with a non-blank
    return found[0], found[1], found[2], value, rest[len(value) :]


def _quoted(value: str) -> str:
    """``value`` as a YAML string, unless it is one already (``"{a | b}"``)."""
    return value if value[:1] in "\"'" else yaml_scalar(value)


def template_status(text: str, path: str, default: str) -> str:
    """The status a new record made from the template ``text`` starts in: the first
    one its status placeholder lists, else ``default`` (in ``default``'s case)."""
    block = _FRONT.match(text)
    for line in block[2].split("\n") if block is not None else ():
        found = _KEY_LINE.match(_COMMENTED.sub("", line, count=1))
        if found is not None and found[1].strip().casefold() == "status":
            return _cased(listed_status(found[3], default), default)
    reading = read_record(text.encode("utf-8"), path)
    stated = reading.field("Status") if reading is not None else ()
    return _cased(listed_status(stated[0].raw, default), default) if stated else default


def _cased(value: str, like: str) -> str:
    return value.capitalize() if like[:1].isupper() else value.lower()


def listed_status(placeholder: str, default: str) -> str:
    """The first status a template's placeholder lists (``proposed`` for MADR's
    ``{proposed | rejected | …}``, ``draft`` for log4brains' ``[draft | proposed | …]``),
    when the built-in vocabulary knows it; else ``default``."""
    first = _FIRST_LISTED.match(placeholder.strip().strip("\"'"))
    if first is None:
        return default
    word = first[1].strip().casefold()
    return word if word in _known_statuses() else default


def _known_statuses() -> frozenset[str]:
    """Every status value and synonym the built-in ``adr`` type allows."""
    status = next(f for f in builtin_type("adr").fields if f.name == "Status")
    return frozenset(
        name.casefold() for value in status.values for name in (value.name, *value.synonyms)
    )

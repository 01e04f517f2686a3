"""A new reStructuredText record in its series' own shape, learnt from its records.

A reST series has no one house style to fall back on: Open edX writes ``8. Title``
underlined with ``#`` and a ``Status`` section holding ``**Accepted**``, Plutus
``ADR 8: Title`` underlined with ``=`` after a ``Date:`` line, NumPy an overlined
``NEP 8 — Title`` over a ``:Status:`` field list. So the latest record is the model:
its title's form and adornment, its head (field list, ``Date:`` line), and the
sections the series keeps (those the latest record shares with the ones before it, in
its order), each holding a prompt that `check` reports until it is answered.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from attrs import frozen

from assay.engine.authoring.folder import Record
from assay.engine.reading.prompts import ADR_TOOLS
from assay.errors import UsageError
from assay.spec.model import Model
from assay.spec.reading import Reading, SectionReading

#: An adornment line: one punctuation character repeated (docutils' rule).
_ADORNMENT = re.compile(r"([!-/:-@\[-`{-~])\1+[ \t]*")
#: A head line kept: a field (``:Status: Accepted``) or a key line (``Date: 2022-12-02``).
_FIELD = re.compile(r":([^:\s][^:]*):(?:[ \t]+(.*))?")
_KEY_LINE = re.compile(r"([A-Z][A-Za-z -]{0,30}):[ \t]+\S.*")
_DATE_KEY = re.compile(r"(?i:date|created|updated|modified)")
#: Relation keys: a new record states only the relations it is given.
_RELATION_KEY = re.compile(r"(?i:supersed|replace|amend|see[ -]also|related)")
#: The recent records a section must also be in to be the series' (not the record's own).
_RECENT = 5
#: A section prompt `check` knows as unwritten (DOC007), for a section without a stock one.
_PROMPT = "{{What the {name} section says.}}"


@frozen(kw_only=True)
class Adornment(Model):
    """How a title is adorned: its character, and whether it is overlined too."""

    char: str = "#"
    overline: bool = False

    def around(self, text: str) -> list[str]:
        """``text``'s lines with the adornment around it, as long as it is wide."""
        line = self.char * max(width(text), 3)
        return [line, text, line] if self.overline else [text, line]


@frozen(kw_only=True)
class RstShape(Model):
    """The shape of a reST series' records."""

    title: Adornment = Adornment(char="#")
    section: Adornment = Adornment(char="*")
    #: The title's number prefix with ``{}`` for the number, and its digits.
    title_prefix: str = "{}. "
    title_width: int = 1
    #: The head lines after the title, as (key, form) with ``{}`` for the value:
    #: ``(":Status:", ":Status: {}")``, ``("Date", "Date: {}")``.
    head: tuple[tuple[str, str], ...] = ()
    #: The sections, as (the name the type reads, the heading); ``Status`` holds the
    #: status, in ``status_form``.
    sections: tuple[tuple[str, str], ...] = tuple(
        (n, n) for n in ("Status", "Context", "Decision", "Consequences")
    )
    status_form: str = "{}"  #: ``**{}**`` where the series writes it bold

    def heading(self, number: int | None, title: str) -> str:
        """The title with the series' number prefix (``NEP {} — ``), if it has one."""
        if not self.title_prefix or number is None:
            return title
        return self.title_prefix.replace("{}", f"{number:0{self.title_width}d}") + title


def width(text: str) -> int:
    """The columns ``text`` takes, as docutils counts them for an adornment's length."""
    wide = sum(1 for c in text if unicodedata.east_asian_width(c) in "WF")
    combining = sum(1 for c in text if unicodedata.combining(c))
    return len(text) + wide - combining


def learn_shape(records: Sequence[Record]) -> RstShape:
    """The shape of ``records`` (a series' reST records, oldest first): the latest
    titled one's; Open edX's template when none is."""
    titled = [r for r in records if r.reading is not None and r.reading.title is not None]
    if not titled:
        return RstShape()
    latest = titled[-1]
    reading = latest.reading
    assert reading is not None and reading.title is not None
    lines = latest.raw.decode("utf-8", "replace").splitlines()
    title_line = reading.title.span.line - 1 if reading.title.span else 0
    tops = [s for s in reading.sections if s.level == _top_level(reading)]
    prefix, digits = _title_prefix(reading.title.raw, latest.number)
    status = reading.field("Status")
    mark = re.match(r"[*`]+", status[0].raw) if status else None
    form = f"{mark[0]}{{}}{mark[0][::-1]}" if mark else "{}"
    first_section = tops[0].span.line - 1 if tops and tops[0].span else len(lines)
    return RstShape(
        title=_adornment(lines, title_line),
        section=_adornment(lines, first_section) if tops else Adornment(char="*"),
        title_prefix=prefix,
        title_width=digits,
        head=_head(lines[title_line + 2 : first_section - 1]),
        sections=_kept(tops, [r.reading for r in titled[-_RECENT:-1] if r.reading]),
        status_form=form,
    )


def _top_level(reading: Reading) -> int:
    """The level of the sections under the title (docutils may read them as its peers)."""
    levels = sorted({s.level for s in reading.sections})
    return levels[1] if len(levels) > 1 else levels[0]


def _kept(tops: list[SectionReading], others: list[Reading]) -> tuple[tuple[str, str], ...]:
    """The latest record's sections that the records before it also have (and its
    ``Status``), in its order; all of them when it is the first."""
    names = tuple((s.name, s.heading.strip()) for s in tops)
    seen = {s.name.casefold() for r in others for s in r.sections}
    kept = tuple((n, h) for n, h in names if n.casefold() in seen or n == "Status")
    return kept if others and kept else names


def _adornment(lines: list[str], at: int) -> Adornment:
    """The adornment of the heading on line ``at`` (0-based)."""
    under = lines[at + 1] if at + 1 < len(lines) else ""
    over = lines[at - 1] if at > 0 else ""
    char = under.strip()[:1] if _ADORNMENT.fullmatch(under) else "#"
    return Adornment(char=char, overline=bool(_ADORNMENT.fullmatch(over)) and over[:1] == char)


def _title_prefix(title: str, number: int | None) -> tuple[str, int]:
    """``NEP 31 — Title`` (record 31) -> (``NEP {} — ``, 1)."""
    if number is None:
        return "", 1
    found = re.match(rf"(\D*?)(0*{number})(?!\d)([^\w(\[]*)", title)
    if found is None or (not found[3].strip(" ") and found[1]):
        return "", 1
    digits = len(found[2]) if found[2].startswith("0") and len(found[2]) > 1 else 1
    return f"{found[1]}{{}}{found[3] or ' '}", digits


def _head(lines: list[str]) -> tuple[tuple[str, str], ...]:
    """The fields and key lines between the title and the first section, each key once;
    an adornment line or a comment is not one, and a relation is left out."""
    kept: dict[str, str] = {}
    for line in lines:
        field = _FIELD.fullmatch(line.rstrip())
        key_line = _KEY_LINE.fullmatch(line.rstrip())
        if field is not None and not _RELATION_KEY.match(field[1]):
            kept.setdefault(f":{field[1]}:", f":{field[1]}: {{}}")
        elif key_line is not None and not _RELATION_KEY.match(key_line[1]):
            kept.setdefault(key_line[1], f"{key_line[1]}: {{}}")
    return tuple(kept.items())


@frozen(kw_only=True)
class RstRecord(Model):
    """What goes into a new reST record."""

    number: int | None
    title: str  #: the title alone
    status: str  #: the status word, in the series' case
    date: str  #: ISO
    #: The relations it states, as (``Supersedes``, the reST link to the target).
    relations: tuple[tuple[str, str], ...] = ()


def rst_record(shape: RstShape, new: RstRecord) -> str:
    """The new record's text in ``shape``."""
    lines = [*shape.title.around(shape.heading(new.number, new.title)), ""]
    head = [form.format(_head_value(key, new)) for key, form in shape.head]
    status_key = next((key for key, _ in shape.head if _is_status(key)), None)
    if status_key is not None:
        # Stated as the status is: a field (`:Supersedes: …`) or a line (`Supersedes: …`).
        form = ":{}: {}" if status_key.startswith(":") else "{}: {}"
        head += [form.format(key, link) for key, link in new.relations]
    lines += [*head, ""] if head else []
    for name, heading in shape.sections:
        lines += [*shape.section.around(heading), ""]
        if name == "Status" and status_key is None:
            lines += [shape.status_form.format(new.status), ""]
            lines += [x for key, link in new.relations for x in (f"{key} {link}", "")]
        else:
            lines += [_prompt(name, heading), ""]
    if status_key is None and not any(n == "Status" for n, _ in shape.sections):
        raise UsageError(
            "cannot tell where the folder's records state their status; "
            "add a template.rst to the folder for new records to follow"
        )
    return "\n".join(lines[:-1]) + "\n"


def _is_status(key: str) -> bool:
    return key.strip(":").casefold() == "status"


def _head_value(key: str, new: RstRecord) -> str:
    name = key.strip(":")
    if _is_status(key):
        return new.status
    if _DATE_KEY.search(name):
        return new.date
    return f"<{name}>"  # a placeholder `check` reports until it is filled


def _prompt(name: str, heading: str) -> str:
    return ADR_TOOLS.get(name) or _PROMPT.format(name=heading)

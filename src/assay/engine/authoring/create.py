"""`assay new`: the next record of a folder, in the folder's style, and the records it
supersedes or amends updated to say so.

Everything is worked out before anything is written: the new record's text and each
updated record's text, each read back to be sure it says what was meant. Then the new
record is created (never over a file) and the others replaced; when one of them cannot
be, what was written is taken back, so no half of the change is left behind.
"""

from __future__ import annotations

import datetime
import os
import re
from collections.abc import Sequence
from pathlib import Path

from attrs import frozen

from assay.engine.authoring import relate
from assay.engine.authoring.folder import (
    Record,
    RecordsFolder,
    choose_folder,
    read_folder,
    read_member,
    read_record,
)
from assay.engine.authoring.naming import learn_names, next_number, slug
from assay.engine.authoring.render import NewRecord, from_template, house_record
from assay.engine.authoring.rst_shape import RstRecord, learn_shape, rst_record
from assay.engine.authoring.rst_template import rst_from_template
from assay.engine.authoring.style import HouseStyle, learn_style, new_status, series_word
from assay.engine.files import writing
from assay.engine.files.destination import Destination, Ground, claim, claim_edit
from assay.engine.workspace.config import Config
from assay.errors import UsageError
from assay.grammar.reader import is_rst
from assay.spec.model import Model

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


@frozen(kw_only=True)
class Created(Model):
    """What ``assay new`` made: the new record, the records it updated and its template."""

    path: str  #: the new record, workspace-relative
    updated: tuple[str, ...]  #: the records changed to point at it
    template: str | None  #: the template it was made from, if any


def new_record(
    config: Config,
    title: str,
    *,
    today: datetime.date,
    folder: str | None = None,
    cwd: Path | None = None,
    supersedes: Sequence[str] = (),
    amends: Sequence[str] = (),
) -> Created:
    """Write the next record of ``folder`` (found when None) titled ``title``."""
    title = clean_title(title)
    name_slug = slug(title)
    where = read_folder(config, choose_folder(config, folder, cwd or Path.cwd()))
    scheme = learn_names([r.name for r in where.records])
    # The next free number: one past every number a name in the folder holds, a
    # record in another format (a `.md` among `.rst` ones) or a picture's included.
    number = next_number(where.taken) if scheme.scheme == "numbered" else None
    name = scheme.name(number or 0, name_slug, today)
    path = f"{where.path}/{name}" if where.path else name
    if os.path.lexists(config.root / path):
        raise UsageError(f"{path} exists already; nothing was written")
    rst = is_rst(name)
    # The series is the records written as the new one will be (`.rst` or Markdown).
    series = [r for r in where.records if is_rst(r.name) == rst]
    template = where.template(scheme.suffix)
    targets = [(t, "Supersedes", "Superseded by") for t in _find(where, supersedes)]
    targets += [(t, "Amends", "Amended by") for t in _find(where, amends)]
    asked = _Asked(series, template, number, title, new_status(series), today, targets)
    text = _rst_text(config, asked) if rst else _markdown_text(config, asked)
    new_title = _title_of(text, path, name)
    gone = series_word(where.records, "superseded")  # `replaced`, in a KEP-like series
    updates: list[tuple[Record, bytes]] = []
    for target, _, inverse in targets:
        new_link = relate.link(new_title, name, rst=is_rst(target.name))
        if inverse == "Superseded by":
            edited = relate.mark_superseded(target.raw, target.path, new_link, name, word=gone)
        else:
            edited = relate.add_relation(target.raw, target.path, inverse, new_link, name)
        _confirm(edited, target, inverse, name)
        updates.append((target, edited))
    _write(config.root, path, text, updates)
    return Created(path=path, updated=tuple(t.path for t, _ in updates), template=template)


Targets = list[tuple[Record, str, str]]


@frozen
class _Asked(Model):
    """What the new record's text is made of, whatever its format."""

    series: list[Record]  #: the records written as the new one will be
    template: str | None  #: the series' template, if it has one
    number: int | None  #: None in a series of dated names
    title: str
    status: str  #: the series' word for an undecided record
    today: datetime.date
    targets: Targets  #: the records it relates to: (record, relation, inverse)


def _markdown_text(config: Config, asked: _Asked) -> bytes:
    style = _style(asked.series, asked.template)
    number = asked.number
    new = NewRecord(
        title=style.title(number, asked.title) if asked.template is None else asked.title,
        plain_title=asked.title,
        number=str(number) if number is not None else "",
        status=style.status(asked.status),
        date=asked.today.isoformat(),
        relations=tuple(
            (key, relate.link(_title(t), t.name), t.name) for t, key, _ in asked.targets
        ),
    )
    if asked.template is not None:
        return from_template(read_member(config.root, asked.template), asked.template, new)
    return house_record(style, new, asked.series).encode("utf-8")


def _rst_text(config: Config, asked: _Asked) -> bytes:
    shape = learn_shape(asked.series)
    capital = _style(asked.series, asked.template).capitalized
    new = RstRecord(
        number=asked.number,
        title=asked.title,
        status=asked.status.capitalize() if capital else asked.status,
        date=asked.today.isoformat(),
        relations=tuple(
            (key, relate.link(_title(t), t.name, rst=True)) for t, key, _ in asked.targets
        ),
    )
    if asked.template is not None:
        raw = read_member(config.root, asked.template)
        return rst_from_template(raw, asked.template, shape, new)
    return rst_record(shape, new).encode("utf-8")


def _style(series: list[Record], template: str | None) -> HouseStyle:
    """The series' house style; with a template, the template is the style, and the
    records only say how the status is capitalised (when they agree on a style)."""
    if template is None:
        return learn_style(series)
    try:
        return learn_style(series)
    except UsageError:
        return HouseStyle()


def clean_title(title: str) -> str:
    """``title`` on one line; a control character in it is refused."""
    joined = " ".join(title.split())
    bad = _CONTROL.search(joined)
    if bad is not None:
        raise UsageError(f"the title holds a control character ({bad[0]!r}); leave it out")
    if not joined:
        raise UsageError("the title is empty")
    return joined


def _find(where: RecordsFolder, wanted: Sequence[str]) -> list[Record]:
    """The records ``wanted`` names, by number (``3``, ``0003``) or file name."""
    found: list[Record] = []
    for item in wanted:
        text = item.strip()
        if text.isdigit():
            matches = [r for r in where.records if r.number == int(text)]
        else:
            # A file name, a path, or either without `.md` (`0007-use-kafka`).
            matches = [r for r in where.records if text in _names(r)]
        if not matches:
            raise UsageError(f"no record {item} in {where.path or '.'}; nothing was written")
        if len(matches) > 1:
            names = ", ".join(r.name for r in matches)
            raise UsageError(f"several records are number {item} ({names}); name the file")
        if matches[0] not in found:
            found.append(matches[0])
    return found


def _names(record: Record) -> tuple[str, ...]:
    """What ``--supersedes`` may call ``record``: its name or path, with or without
    the suffix."""
    stems = tuple(n.rpartition(".")[0] for n in (record.name, record.path))
    return (record.name, record.path, *stems)


def _title(record: Record) -> str:
    title = record.reading.title if record.reading is not None else None
    return title.raw if title is not None and title.source != "file-name" else record.name


def _title_of(raw: bytes, path: str, name: str) -> str:
    reading = read_record(raw, path)
    title = reading.title if reading is not None else None
    return title.raw if title is not None and title.source != "file-name" else name


def _confirm(edited: bytes, target: Record, relation: str, name: str) -> None:
    """``edited`` must state ``relation`` to ``name``, or the edit went wrong."""
    reading = read_record(edited, target.path)
    stated = reading is not None and any(
        r.name == relation and any((t.destination or "").strip("<>") == name for t in r.targets)
        for r in reading.relations
    )
    if not stated:
        raise UsageError(
            f"cannot state `{relation}` in {target.path} in its own style; nothing was written"
        )


def _write(root: Path, path: str, text: bytes, updates: list[tuple[Record, bytes]]) -> None:
    # The one rule first, for the new record and each record it updates (a folder
    # reached through a link, one under .git: refused, nothing written).
    if not os.path.lexists(root / path):  # a name taken is said below, as it is found
        record = Destination(str(root / path), "the new record", what="record")
        claim(record, Ground(workspace=root))
    for target, _ in updates:
        claim_edit(root / target.path, flag="--supersedes", workspace=root)
    try:
        writing.create_file(root / path, text)
    except FileExistsError:
        raise UsageError(f"{path} exists already; nothing was written") from None
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror}; nothing was written") from None
    done: list[tuple[Record, bytes]] = []
    for target, edited in updates:
        try:
            writing.replace_file(root / target.path, edited, target.raw)
        except (OSError, UsageError) as error:
            why = error.strerror if isinstance(error, OSError) else str(error)
            raise UsageError(
                f"cannot update {target.path}: {why}; " + _take_back(root, path, done)
            ) from None
        done.append((target, edited))


def _take_back(root: Path, path: str, done: list[tuple[Record, bytes]]) -> str:
    """Undo a change half made: the new record removed, the updated ones restored;
    says what could not be undone."""
    left: list[str] = []
    for target, edited in reversed(done):
        try:
            writing.replace_file(root / target.path, target.raw, edited)
        except (OSError, UsageError):
            left.append(target.path)
    try:
        os.unlink(root / path)
    except OSError:
        left.append(path)
    if left:
        return "could not undo the change to " + ", ".join(left)
    return "nothing was changed"

"""Stating a relation in a record, in the style the record states its status.

`Superseded by` replaces the status, as adr-tools does (``## Status`` then
``Superseded by [2. Use Kafka](0002-use-kafka.md)``; ``- Status: superseded by …``;
``status: "superseded by …"`` in front matter); any other relation is stated beside
the status: a paragraph after it, a bullet after it, or a front-matter key after it.
"""

from __future__ import annotations

import json
import re

from assay.engine.authoring.folder import read_record
from assay.errors import UsageError
from assay.spec.reading import FieldReading

_BULLET = re.compile(rb"[ \t]*[-*+][ \t]+")
_PLAIN_YAML = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ._/-]*")
#: Front matter's first line (after a byte order mark) and a line closing it.
_FRONT_OPEN = re.compile(rb"\A(?:\xef\xbb\xbf)?---[ \t]*\r?\n")
_FRONT_CLOSE = re.compile(rb"^(?:---|\.\.\.)[ \t]*\r?$", re.M)


def yaml_scalar(value: str) -> str:
    """``value`` as a YAML scalar: plain when that reads back the same, else quoted."""
    if _PLAIN_YAML.fullmatch(value) and not value.endswith(" "):
        return value
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a YAML one


def link(text: str, file: str) -> str:
    """A Markdown link to ``file`` (in the same folder) with ``text`` escaped."""
    escaped = re.sub(r"([\\\[\]])", r"\\\1", text)
    needs_angles = any(c in file for c in " ()<>")
    return f"[{escaped}](<{file}>)" if needs_angles else f"[{escaped}]({file})"


def _status(raw: bytes, path: str) -> FieldReading | None:
    """The record's status; None for a MADR record that states none (MADR 3 and 4 make
    it optional), whose front matter can say it; a refusal for any other record."""
    reading = read_record(raw, path)
    found = reading.field("Status") if reading is not None else ()
    if found:
        return found[0]
    if reading is not None and "madr" in reading.lineage:
        return None
    raise UsageError(f"{path} states no status to put the relation beside")


def _add_to_front_matter(raw: bytes, entry: str) -> bytes:
    """``raw`` with ``entry`` as its front matter's first key; with front matter made
    for it when the record has none."""
    newline = b"\r\n" if b"\r\n" in raw else b"\n"
    opened = _FRONT_OPEN.match(raw)
    if opened is not None and _FRONT_CLOSE.search(raw, opened.end()):
        return raw[: opened.end()] + entry.encode("utf-8") + newline + raw[opened.end() :]
    bom = b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b""
    block = b"---" + newline + entry.encode("utf-8") + newline + b"---" + newline
    return bom + block + raw[len(bom) :]


def mark_superseded(raw: bytes, path: str, by_link: str, by_file: str) -> bytes:
    """``raw`` (record ``path``) with its status replaced by `Superseded by` the new one."""
    status = _status(raw, path)
    if status is None:
        return _add_to_front_matter(raw, f"status: {yaml_scalar(f'superseded by {by_link}')}")
    if status.source == "front-matter":
        value = f"superseded by {by_link}"
        new = f"{status.key}: {yaml_scalar(value)}"
    else:
        capital = status.raw.lstrip("*_ ")[:1].isupper()
        new = f"{'Superseded' if capital else 'superseded'} by {by_link}"
    return raw[: status.span.start] + new.encode("utf-8") + raw[status.span.end :]


def add_relation(raw: bytes, path: str, key: str, target_link: str, target_file: str) -> bytes:
    """``raw`` (record ``path``) stating ``key`` (``Amended by``) to the target, right
    after its status."""
    status = _status(raw, path)
    newline = b"\r\n" if b"\r\n" in raw else b"\n"
    entry = f"{key.lower().replace(' ', '-')}: {yaml_scalar(target_file)}"
    if status is None:
        return _add_to_front_matter(raw, entry)
    if status.source == "front-matter":
        at = _line_end(raw, status.span.end)
        return raw[:at] + newline + entry.encode("utf-8") + raw[at:]
    if status.source == "bullet" and status.key_span is not None:
        line_start = raw.rfind(b"\n", 0, status.key_span.start) + 1
        # `- **Status:** x`: the marker is the list's, without the key's markup.
        bullet = _BULLET.match(raw[line_start : status.key_span.start])
        marker = bullet[0] if bullet is not None else b"- "
        at = _line_end(raw, status.span.end)
        stated = marker + f"{key}: {target_link}".encode()
        return raw[:at] + newline + stated + raw[at:]
    at = _paragraph_end(raw, status.span.end)
    return raw[:at] + newline + newline + f"{key} {target_link}".encode() + raw[at:]


def _line_end(raw: bytes, at: int) -> int:
    """Where the line holding offset ``at`` ends, before its line break."""
    end = raw.find(b"\n", at)
    end = len(raw) if end < 0 else end
    return end - 1 if end > at and raw[end - 1 : end] == b"\r" else end


def _paragraph_end(raw: bytes, at: int) -> int:
    """Where the paragraph holding offset ``at`` ends: its last line's end, before a
    blank line, a heading or the end of the file."""
    end = _line_end(raw, at)
    while end < len(raw):
        following = end + (2 if raw[end : end + 2] == b"\r\n" else 1)
        line = raw[following : _line_end(raw, following)]
        if following >= len(raw) or not line.strip() or line.lstrip().startswith(b"#"):
            break
        end = _line_end(raw, following)
    return end

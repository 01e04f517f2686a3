"""Stating a relation in a record, in the style the record states its status.

`Superseded by` replaces the status, as adr-tools does (``## Status`` then
``Superseded by [2. Use Kafka](0002-use-kafka.md)``; ``- Status: superseded by …``);
any other relation is stated beside the status: a paragraph after it, a bullet after
it, or a front-matter key after it. Front matter is YAML, so a relation there is a
key naming the file (``superseded-by: 0002-use-kafka.md``, beside ``status:
superseded``), never a Markdown link inside a YAML string. A reStructuredText record
links the reST way (``Superseded by :doc:`0002-use-kafka```), and states a relation
in its field list as a field (``:Superseded by: …``).
"""

from __future__ import annotations

import json
import re

from assay.engine.authoring.folder import read_record
from assay.errors import UsageError
from assay.grammar.reader import is_rst
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


def link(text: str, file: str, *, rst: bool = False) -> str:
    """A link to ``file`` (in the same folder): a Markdown one with ``text`` escaped,
    or in a reST record (``rst``) Sphinx's ``:doc:``, which shows the record's own
    title and links to its page (a link to the ``.rst`` file would break on the site)."""
    if rst:
        return f":doc:`{_rst_escape(file.rpartition('.')[0] or file)}`"
    escaped = re.sub(r"([\\\[\]])", r"\\\1", text)
    needs_angles = any(c in file for c in " ()<>")
    return f"[{escaped}](<{file}>)" if needs_angles else f"[{escaped}]({file})"


def _rst_escape(text: str) -> str:
    """``text`` inside a role's backticks: a backslash, a backtick or ``<`` escaped."""
    return re.sub(r"([\\`<])", r"\\\1", text)


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


def _add_to_front_matter(raw: bytes, *entries: str) -> bytes:
    """``raw`` with ``entries`` as its front matter's first keys; with front matter
    made for them when the record has none."""
    newline = _newline(raw)
    lines = b"".join(e.encode("utf-8") + newline for e in entries)
    opened = _FRONT_OPEN.match(raw)
    if opened is not None and _FRONT_CLOSE.search(raw, opened.end()):
        return raw[: opened.end()] + lines + raw[opened.end() :]
    bom = b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b""
    block = b"---" + newline + lines + b"---" + newline
    return bom + block + raw[len(bom) :]


def mark_superseded(
    raw: bytes, path: str, by_link: str, by_file: str, *, word: str = "superseded"
) -> bytes:
    """``raw`` (record ``path``) with its status replaced by `Superseded by` the new one;
    in front matter, the status is the series' ``word`` for it (``replaced``)."""
    status = _status(raw, path)
    if status is None:
        return _add_to_front_matter(raw, f"status: {word}", _yaml_relation(by_file))
    capital = status.raw.lstrip("*_ ")[:1].isupper()
    said = "Superseded" if capital else "superseded"
    if status.source == "front-matter" and is_rst(path):
        # `:Status: Accepted`: the field's span runs from its first colon.
        key = raw[status.span.start + 1 : status.span.end].split(b":", 1)[0].decode()
        new = f":{key}: {said} by {by_link}"
    elif status.source == "front-matter":
        _refuse_second(raw, path)
        at = _line_end(raw, status.span.end)
        line = _newline(raw) + _yaml_relation(by_file).encode("utf-8")
        raw = raw[:at] + line + raw[at:]
        new = f"{status.key}: {yaml_scalar(word.capitalize() if capital else word)}"
    else:
        new = f"{said} by {by_link}"
    return raw[: status.span.start] + new.encode("utf-8") + raw[status.span.end :]


#: A front-matter key already stating what supersedes the record.
_SUPERSEDED_KEY = re.compile(rb"^(superseded[-_ ]by)[ \t]*:", re.I | re.M)


def _refuse_second(raw: bytes, path: str) -> None:
    """A record whose front matter names what supersedes it already is not given a
    second such key (YAML allows one); the user says which stands."""
    opened = _FRONT_OPEN.match(raw)
    close = _FRONT_CLOSE.search(raw, opened.end()) if opened is not None else None
    key = _SUPERSEDED_KEY.search(raw, 0, close.start()) if close is not None else None
    if key is not None:
        line = raw.count(b"\n", 0, key.start()) + 1
        raise UsageError(
            f"{path}:{line}:1: `{key[1].decode()}` says already what supersedes this record;"
            " edit it by hand; nothing was written"
        )


def _yaml_relation(file: str, key: str = "Superseded by") -> str:
    """A front-matter key stating a relation to ``file``: ``superseded-by: x.md``."""
    return f"{key.lower().replace(' ', '-')}: {yaml_scalar(file)}"


def _newline(raw: bytes) -> bytes:
    return b"\r\n" if b"\r\n" in raw else b"\n"


def add_relation(raw: bytes, path: str, key: str, target_link: str, target_file: str) -> bytes:
    """``raw`` (record ``path``) stating ``key`` (``Amended by``) to the target, right
    after its status."""
    status = _status(raw, path)
    newline = _newline(raw)
    entry = _yaml_relation(target_file, key)
    if status is not None and status.source == "front-matter" and is_rst(path):
        entry = f":{key}: {target_link}"  # a field of the record's field list
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

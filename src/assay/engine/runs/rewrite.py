"""Relative links moved with their text: Markdown written in one folder, read in another.

ADR 097 renders the public review from the overview, and the review may be written
elsewhere than the overview (``--dest docs/reviews/<slug>.md``). A link the overview
writes as ``lenses/memory.md#finding-2`` must then read
``../../runs/<slug>/lenses/memory.md#finding-2`` to reach the same file.

The real parser finds the links (``assay.grammar.markdown.document``), so links inside code,
HTML or comments are never touched, and only the destination's characters change:
the link text, ``<angle brackets>``, titles, ``?query#fragment`` and every other byte
stay as written. A raw HTML tag's ``href`` or ``src`` is moved too, inside its quotes
(``rewrite_html``). What is left alone: absolute URLs, ``mailto:`` and other schemes,
root-relative (``/x``) links, and links that climb out of the workspace (the link
checks report those, LNK002).

A ``#fragment``-only link names a heading of the text it is written in. Given the
anchors the destination has (``anchors``), one naming a heading the destination keeps
stays as written; any other is rewritten to lead to the heading in the source file
(``#description`` in a review becomes ``overview.md#description``), so no fragment
names a heading its page does not have.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Collection, Sequence
from urllib.parse import quote, unquote

from attrs import frozen

from assay.engine.runs.anchors import fragment
from assay.engine.runs.rewrite_html import HTML_SAFE as _HTML_SAFE
from assay.engine.runs.rewrite_html import HtmlValue, attribute_value
from assay.grammar.markdown.document import read_document
from assay.grammar.markdown.escapes import unescape
from assay.grammar.markdown.refdefs import parse_destination, parse_label, parse_title
from assay.spec.model import Model
from assay.spec.source import Span

__all__ = ["rewrite_links"]

_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
#: Characters a path component keeps when written out; the rest are percent-encoded
#: (link resolution decodes them), so a folder named ``a b (1)`` stays one destination.
_SAFE = "!$'*+,;=@"

#: (start, end, replacement) in the text being rewritten.
_Edit = tuple[int, int, str]


def rewrite_links(
    markdown: str,
    source_path: str,
    destination_path: str,
    anchors: Collection[str] | None = None,
) -> str:
    """``markdown``, written at ``source_path``, with every relative link destination
    rewritten to reach the same file from ``destination_path``.

    Both paths are workspace-relative POSIX paths of files. Inline links, images and
    reference definitions are rewritten (a reference link's destination is its
    definition's); nothing else changes, byte for byte, and a ``destination_path`` in
    the source's folder changes nothing at all. Never raises: what cannot be rewritten
    safely (text that is not valid Unicode, a destination spelled with escapes that
    hide a ``/``) is left as written. With ``anchors`` (the headings' anchors the text
    will have at ``destination_path``), a ``#fragment``-only link naming none of them is
    rewritten to the same fragment of ``source_path``; without, it stays.

    >>> rewrite_links("See [memory](lenses/memory.md#f-2).", "runs/x/overview.md",
    ...               "docs/reviews/x.md")
    'See [memory](../../runs/x/lenses/memory.md#f-2).'
    """
    source_dir, destination_dir = _folder(source_path), _folder(destination_path)
    if source_dir is None or destination_dir is None:
        return markdown
    if source_dir == destination_dir and anchors is None:
        return markdown
    move = _Move(source_dir, destination_dir, posixpath.basename(source_path), anchors)
    parsed, locator = read_document(markdown)
    document = parsed.value
    if document is None or locator is None:
        return markdown
    starts = locator.line_starts
    bom = 1 if markdown.startswith("\ufeff") else 0
    edits: list[_Edit] = []
    for link in document.links:
        if link.kind == "inline":
            start, end = _chars(starts, link.span, bom)
            closing = (2 if link.image else 1) + len(link.text)  # `]`, when on one line
            found = _inline_destination(markdown, start, end, closing, link.destination)
            edits.extend(_edit(markdown, found, link.destination, move))
        elif link.kind == "html":  # the span is the attribute's value, quotes outside
            start, end = _chars(starts, link.span, bom)
            before = markdown[start - 1 : start]
            html = HtmlValue(before if before in ("'", '"') else "")
            found = (start, end, False)
            edits.extend(_edit(markdown, found, link.destination, move, html))
    for definition in document.definitions:
        start, end = _chars(starts, definition.span, bom)
        found = _definition_destination(markdown, start, end, definition.destination)
        edits.extend(_edit(markdown, found, definition.destination, move))
    pieces, at = [], 0
    for start, end, text in sorted(edits):
        pieces += [markdown[at:start], text]
        at = end
    return "".join([*pieces, markdown[at:]])


def _folder(path: str) -> tuple[str, ...] | None:
    """The components of ``path``'s folder; None when it climbs above the workspace."""
    return _components(posixpath.dirname(path).split("/"))


def _components(parts: Sequence[str]) -> tuple[str, ...] | None:
    """``parts`` without empty, ``.`` and ``..`` components, as link resolution reads them."""
    kept: list[str] = []
    for part in parts:
        if part == "..":
            if not kept:
                return None
            kept.pop()
        elif part not in ("", "."):
            kept.append(part)
    return tuple(kept)


def _chars(starts: list[int], span: Span, bom: int) -> tuple[int, int]:
    """``span`` as character offsets into the text (spans count bytes, columns code points)."""
    start = starts[span.line - 1] + span.column - 1 + bom
    return start, starts[span.end_line - 1] + span.end_column - 1 + bom


#: Where a destination is written: its characters' (start, end), and whether it is in
#: angle brackets (the brackets lie outside the range).
_Found = tuple[int, int, bool]


#: How many ``](`` a link may hold before its target: each costs a parse of the rest,
#: so a crafted link of thousands costs a bounded number of parses, not one each.
_MAX_TRIES = 16


def _inline_destination(
    text: str, start: int, end: int, closing: int, wanted: str
) -> _Found | None:
    """Where ``[text](destination "title")`` between ``start`` and ``end`` writes its
    destination: after the ``](`` at ``closing`` (where a link on one line closes its
    text), else after the first ``](`` from which the rest parses as a link target that
    ends the link and reads ``wanted``; None when neither is found."""
    source = text[start:end]
    candidates = [closing] if source.startswith("](", closing) else []
    at = source.find("](")
    while at >= 0 and len(candidates) <= _MAX_TRIES:
        candidates.append(at)
        at = source.find("](", at + 1)
    for at in candidates:
        found = _target(source, at + 2)
        if found is not None and unescape(source[found[0] : found[1]]) == wanted:
            return found[0] + start, found[1] + start, found[2]
    return None


def _target(s: str, i: int) -> _Found | None:
    """The destination of ``(destination "title")`` opening just before ``i``, when the
    target runs to the end of ``s`` (the link's end)."""
    j = _skip(s, i, newlines=1)
    if j >= len(s) or s[j] == ")":
        return None  # `[x]()`: nothing to rewrite
    parsed = parse_destination(s, j)
    if parsed is None:
        return None
    angle, after = s[j] == "<", parsed[1]
    k = _skip(s, after, newlines=1)
    if k > after and k < len(s) and s[k] in "\"'(":
        title = parse_title(s, k)
        if title is None:
            return None
        k = _skip(s, title[1], newlines=1)
    if k != len(s) - 1 or s[k] != ")":
        return None
    return (j + 1, after - 1, True) if angle else (j, after, False)


def _definition_destination(text: str, start: int, end: int, wanted: str) -> _Found | None:
    """Where ``[label]: destination "title"`` between ``start`` and ``end`` writes its
    destination."""
    source = text[start:end]
    label_end = parse_label(source, 0) if source.startswith("[") else -1
    if label_end < 0 or not source.startswith(":", label_end):
        return None
    j = _skip(source, label_end + 1, newlines=1)
    parsed = parse_destination(source, j)
    if parsed is None or unescape(parsed[0]) != wanted:
        return None
    after = parsed[1]
    if source[j] == "<":
        return j + 1 + start, after - 1 + start, True
    return j + start, after + start, False


def _skip(s: str, i: int, *, newlines: int) -> int:
    """Past spaces and tabs, and at most ``newlines`` line endings, from ``i``."""
    while i < len(s) and (s[i] in " \t" or (s[i] in "\r\n" and newlines > 0)):
        if s[i] == "\n":
            newlines -= 1
        i += 1
    return i


@frozen
class _Move(Model):
    """Where the text moves from and to, and what a fragment-only link may name there."""

    source_dir: tuple[str, ...]
    destination_dir: tuple[str, ...]
    #: The source file's name: a fragment the destination lacks leads back to it.
    source_name: str
    #: The anchors the destination's headings give; None: fragments stay as written.
    anchors: Collection[str] | None


def _edit(
    text: str, found: _Found | None, destination: str, move: _Move, html: HtmlValue | None = None
) -> list[_Edit]:
    """The edit that rewrites the destination at ``found`` (none when it stays); in an
    HTML attribute's value when ``html`` says how that value is quoted."""
    if found is None:
        return []
    start, end, angle = found
    written = text[start:end]
    if destination.startswith("#"):
        if move.anchors is None or fragment(destination) in move.anchors:
            return []
        # The heading it names is the source's: lead there (the name spelled so that
        # it stays one component in Markdown and in an attribute alike).
        name = quote(move.source_name, safe=_HTML_SAFE, errors="surrogateescape")
        written, destination = name + written, move.source_name + destination
    elif move.source_dir == move.destination_dir:
        return []
    rewritten = _retarget(written, destination, move.source_dir, move.destination_dir, angle, html)
    return [] if rewritten is None or rewritten == text[start:end] else [(start, end, rewritten)]


def _retarget(
    raw: str,
    destination: str,
    source_dir: tuple[str, ...],
    destination_dir: tuple[str, ...],
    angle: bool,
    html: HtmlValue | None = None,
) -> str | None:
    """``raw`` (which reads ``destination``) rewritten to lead from ``destination_dir``
    where it led from ``source_dir``; None when it is not a relative link, climbs out
    of the workspace, or cannot be respelled safely.

    The components the link wrote are kept as written (``%20``, escapes and all) where
    they still appear; the source's folders it climbs through are percent-encoded.
    """
    cut = min((i for i in (raw.find("?"), raw.find("#")) if i >= 0), default=len(raw))
    path, suffix = raw[:cut], raw[cut:]
    decode = unescape if html is None else attribute_value
    target = _resolve(path, destination, source_dir, decode)
    if target is None:
        return None
    names, folder = target
    common = 0
    for here, there in zip(destination_dir, names, strict=False):
        if here != there[0]:
            break
        common += 1
    ups = [".."] * (len(destination_dir) - common)
    safe = _SAFE if html is None else _HTML_SAFE
    for spelled in (True, False):  # as written where possible, else every name encoded
        parts = [
            *ups,
            *(_spelling(name, raw if spelled else None, safe) for name, raw in names[common:]),
        ]
        new = "/".join(parts) + ("/" if folder else "") if parts else "./"
        if parts and ":" in parts[0]:
            new = "./" + new  # `a:b.md` first would read as a URL scheme
        if html is None and _reads_as(new + suffix, angle, names, destination_dir):
            return new + suffix
        whole = None if html is None else html.path(new + suffix)
        if whole is not None and _reaches(destination_dir, whole, names):
            return new + suffix
    return None


def _spelling(name: str, raw: str | None, safe: str) -> str:
    return raw if raw is not None else quote(name, safe=safe, errors="surrogateescape")


#: A resolved link: each component's name with its spelling in the link (None for the
#: source's own folders), and whether it names a folder (a trailing ``/``, ``.``, ``..``).
_Target = tuple[list[tuple[str, str | None]], bool]


def _resolve(
    path: str, destination: str, source_dir: tuple[str, ...], decode: Callable[[str], str]
) -> _Target | None:
    """Where the raw ``path`` (the part of ``destination`` before ``?`` and ``#``) leads
    from ``source_dir``, read as link resolution reads it: unescaped, then percent-decoded.
    None for what is not a relative link into the workspace, and for a spelling whose
    components do not decode on their own to what the whole decodes to."""
    whole = destination.split("#", 1)[0].split("?", 1)[0]
    if (
        not whole
        or destination != destination.strip()
        or whole.startswith(("/", "\\"))
        or _SCHEME.match(destination) is not None
    ):
        return None
    raws = path.split("/")
    decoded = [unquote(decode(raw), errors="surrogateescape") for raw in raws]
    if "/".join(decoded) != unquote(whole, errors="surrogateescape") or any(
        "/" in name for name in decoded
    ):
        return None
    names: list[tuple[str, str | None]] = [(name, None) for name in source_dir]
    for name, raw in zip(decoded, raws, strict=True):
        if name == "..":
            if not names:
                return None
            names.pop()
        elif name not in ("", "."):
            names.append((name, raw))
    return names, decoded[-1] in ("", ".", "..")


def _reads_as(
    new: str, angle: bool, names: list[tuple[str, str | None]], destination_dir: tuple[str, ...]
) -> bool:
    """True when ``new``, written as a destination, parses whole and leads from
    ``destination_dir`` to ``names``: the rewrite is checked, not trusted."""
    written = f"<{new}>" if angle else new
    parsed = parse_destination(written, 0)
    if parsed is None or parsed != (new, len(written)):
        return False
    if "\n" in new or (not angle and any(c <= " " for c in new)):
        return False
    destination = unescape(new)
    if (
        destination != destination.strip()  # `< a.md>`: resolution strips the space
        or _SCHEME.match(destination) is not None
        or destination.startswith(("/", "#"))
    ):
        return False
    whole = unquote(destination.split("#", 1)[0].split("?", 1)[0], errors="surrogateescape")
    return _reaches(destination_dir, whole, names)


def _reaches(
    destination_dir: tuple[str, ...], whole: str, names: list[tuple[str, str | None]]
) -> bool:
    """Whether the decoded path ``whole``, from ``destination_dir``, leads to ``names``."""
    return _components([*destination_dir, *whole.split("/")]) == tuple(n for n, _ in names)

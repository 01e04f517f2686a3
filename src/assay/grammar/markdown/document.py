"""Read a Markdown or plain-text document: bytes, front matter, blocks, inlines.

``parse_document`` never raises on bad input: it returns the document it could read
and the diagnostics it found (``DOC001`` when the bytes are not UTF-8).
"""

from __future__ import annotations

import hashlib
import re
from pathlib import PurePosixPath

from assay.grammar.collector import collector_paused
from assay.grammar.locate import Locator
from assay.grammar.markdown.block_starts import MAX_NESTING
from assay.grammar.markdown.blockscan import scan
from assay.grammar.markdown.directives import read_directives
from assay.grammar.markdown.frontmatter import front_matter_lines, read_front_matter
from assay.grammar.markdown.html_links import block_links
from assay.grammar.markdown.html_patterns import COMMENT
from assay.grammar.markdown.inlines import Definitions, may_hold_links, scan_inline
from assay.grammar.markdown.sectioner import build_tree
from assay.grammar.markdown.segments import Joined
from assay.spec.diagnostics import Diagnostic, Parsed
from assay.spec.document import (
    ByteFacts,
    Comment,
    Document,
    FrontMatter,
    Heading,
    LineEnding,
    Link,
    Section,
    TitleCandidate,
)
from assay.spec.rules.documents import DOC001
from assay.spec.rules.records import DOC013
from assay.spec.source import Span

BOM = b"\xef\xbb\xbf"
_ENDING = re.compile(r"\r\n|\r|\n")
_BYTE_ENDING = re.compile(rb"\r\n|\r|\n")
_ENDING_NAMES: dict[str, LineEnding] = {"\n": "lf", "\r\n": "crlf", "\r": "cr"}


def parse_document(data: bytes | str, path: str = "<document>") -> Parsed[Document]:
    """Read ``data`` (the file's bytes, or already decoded text) as a document."""
    return read_document(data, path)[0]


def read_document(
    data: bytes | str, path: str = "<document>"
) -> tuple[Parsed[Document], Locator | None]:
    """``parse_document``, and the locator of the decoded text (None when the bytes are
    not UTF-8), for a reader that goes on to read the document under its type."""
    with collector_paused():
        return _read_document(data, path)


def _read_document(data: bytes | str, path: str) -> tuple[Parsed[Document], Locator | None]:
    raw = data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass")
    locator, undecodable = decode(raw, path)
    if locator is None:
        return Parsed(None, (undecodable,) if undecodable is not None else ()), None
    text, bom = locator.text, locator.prefix > 0
    diagnostics: list[Diagnostic] = []

    fm_lines = front_matter_lines(locator)
    front_matter = None
    if fm_lines:
        front_matter, problems = read_front_matter(locator, fm_lines, path)
        diagnostics.extend(problems)
    scanned = scan(locator, fm_lines)
    if scanned.too_deep is not None:
        diagnostics.append(_too_deep(locator, scanned.too_deep, path))
    preamble, sections = build_tree(scanned.tokens)

    definitions: Definitions = {}
    for key, model in scanned.definitions:
        definitions.setdefault(key, (model.destination, model.title))  # the first one wins
    definition_models = [model for _key, model in scanned.definitions]

    links: list[Link] = []
    comments: list[Comment] = []
    for segments in scanned.collected.inline:
        # Most lines hold no link: skip them before building the joined text.
        if len(segments) > 1 or may_hold_links(segments[0].text):
            scan_inline(Joined(segments), locator, definitions, links, comments)
    for segments in scanned.collected.html:
        joined = Joined(segments)
        for m in COMMENT.finditer(joined.text):
            span = locator.span(joined.source(m.start()), joined.end_source(m.end()))
            comments.append(Comment(m.group("body"), span))
        if "<" in joined.text:
            links.extend(block_links(joined, locator))
    comments.sort(key=lambda c: c.span.start)
    links.sort(key=lambda link: link.span.start)
    # YAML comments in front matter can carry directives too: a finding about a field
    # of the front matter is silenced next to it.
    yaml_comments = _front_matter_comments(locator, fm_lines)
    directives, problems = read_directives([*yaml_comments, *comments], path)
    diagnostics.extend(problems)

    document = Document(
        path=path,
        bytes=byte_facts(raw, text, bom),
        front_matter=front_matter,
        titles=_titles(front_matter, sections, preamble, path, locator),
        preamble=preamble,
        sections=sections,
        links=tuple(links),
        definitions=tuple(definition_models),
        comments=tuple(comments),
        directives=tuple(directives),
        plain=not sections and not any(isinstance(b, Heading) for b in preamble),
        line_count=len(locator.line_starts) - (1 if text.endswith(("\n", "\r")) or not text else 0),
    )
    return Parsed(document, tuple(diagnostics)), locator


_YAML_DIRECTIVE = re.compile(r"(?:^|[ \t])#(?P<body>[ \t]*assay[ \t]*:[^\r\n]*)")


def _front_matter_comments(locator: Locator, fm_lines: int) -> list[Comment]:
    """``# assay: …`` comments on the front matter's lines, as comments to read."""
    found = []
    text, starts = locator.text, locator.line_starts
    for index in range(1, max(fm_lines - 1, 1)):
        line = locator.line_span(index)
        start = starts[index]
        m = _YAML_DIRECTIVE.search(text, start, start + line.end_column - 1)
        if m is not None:
            begin = m.start("body") - 1  # the `#`
            found.append(Comment(m.group("body"), locator.span(begin, m.end())))
    return found


def _too_deep(locator: Locator, offset: int, path: str) -> Diagnostic:
    """DOC013 where the first block quote or list item past the limit was refused."""
    return DOC013.diagnostic(
        (
            f"block quotes and list items nest more than {MAX_NESTING} deep here; "
            "deeper markers are read as text"
        ),
        path,
        locator.span(offset, offset + 1),
    )


def decode(raw: bytes, path: str) -> tuple[Locator, None] | tuple[None, Diagnostic]:
    """The text of ``raw`` (after any BOM) with its locator, or DOC001 at the first byte
    that is not UTF-8; shared by every reader of a document's bytes (``run.toml`` too)."""
    bom = raw.startswith(BOM)
    try:
        text = raw[3:].decode("utf-8") if bom else raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return None, _undecodable(raw, error, 3 if bom else 0, path)
    return Locator(text, prefix=3 if bom else 0), None


def _undecodable(raw: bytes, error: UnicodeDecodeError, skipped: int, path: str) -> Diagnostic:
    """DOC001 at the first bad byte; ``skipped`` bytes (a BOM) were not decoded."""
    offset = error.start + skipped
    # Lines end at \r\n, \r or \n, as everywhere else in assay.
    breaks = list(_BYTE_ENDING.finditer(raw, 0, offset))
    line_start = breaks[-1].end() if breaks else 0
    line = len(breaks) + 1
    prefix = 3 if line == 1 and raw.startswith(BOM) else 0
    column = len(raw[line_start + prefix : offset].decode("utf-8", "replace")) + 1
    return DOC001.diagnostic(
        (
            f"not UTF-8: byte 0x{raw[offset]:02x} at offset {offset}"
            f" cannot be decoded ({error.reason})"
        ),
        path,
        Span(offset, offset + 1, line, column, line, column + 1),
    )


def byte_facts(raw: bytes, text: str, bom: bool) -> ByteFacts:
    """What the model keeps of the bytes (the reStructuredText reader's too)."""
    endings: list[LineEnding]
    if "\r" in text:
        endings = [_ENDING_NAMES[m.group(0)] for m in _ENDING.finditer(text)]
    else:
        endings = ["lf"] * text.count("\n")
    final_newline = text.endswith(("\n", "\r"))
    if text and not final_newline:
        endings.append("none")
    kinds = {e for e in endings if e != "none"}
    newline = "none" if not kinds else (kinds.pop() if len(kinds) == 1 else "mixed")
    return ByteFacts(
        size=len(raw),
        sha256=hashlib.sha256(raw).hexdigest(),
        bom=bom,
        newline=newline,
        line_endings=tuple(endings),
        final_newline=final_newline,
    )


def _titles(
    front_matter: FrontMatter | None,
    sections: tuple[Section, ...],
    preamble: tuple[object, ...],
    path: str,
    locator: Locator,
) -> tuple[TitleCandidate, ...]:
    """Where a title can come from, in the order a reader would look."""
    candidates: list[TitleCandidate] = []
    if front_matter is not None:
        entry = front_matter.get("title")
        if entry is not None and isinstance(entry.value, str) and entry.value.strip():
            candidates.append(TitleCandidate(entry.value.strip(), "front-matter", entry.span))
    headings = [s.heading for s in _walk(sections)]
    h1 = next((h for h in headings if h.level == 1), None)
    if h1 is not None:
        candidates.append(TitleCandidate(h1.raw, "h1", h1.span))
    if headings and headings[0] is not h1:
        candidates.append(TitleCandidate(headings[0].raw, "heading", headings[0].span))
    if not headings:
        first = _first_line(locator)
        if first is not None:
            candidates.append(first)
    stem = file_title(path)
    if stem and not stem.startswith("<"):
        candidates.append(TitleCandidate(stem, "file-name", None))
    return tuple(candidates)


def file_title(path: str) -> str:
    """The file name without its extension, or the folder's name for an index or README."""
    slashed = path.replace("\\", "/")
    if "//" in slashed or "/." in slashed or slashed.endswith("/") or slashed.startswith("."):
        # Paths pathlib would normalize first: let it.
        stem = PurePosixPath(slashed).stem
        if stem.lower() in ("index", "readme") and len(PurePosixPath(path).parts) > 1:
            stem = PurePosixPath(path).parent.name
        return stem
    folder, _, name = slashed.rpartition("/")
    dot = name.rfind(".")
    stem = name[:dot] if 0 < dot < len(name) - 1 else name
    if stem.lower() in ("index", "readme") and "/" in path:
        return folder.rpartition("/")[2]
    return stem


def _walk(sections: tuple[Section, ...]) -> list[Section]:
    found: list[Section] = []
    for section in sections:
        found.append(section)
        found.extend(_walk(section.children))
    return found


def _first_line(locator: Locator) -> TitleCandidate | None:
    """A plain-text document's first non-blank line (after any front matter)."""
    text, starts = locator.text, locator.line_starts
    skip = front_matter_lines(locator)
    for index in range(skip, len(starts)):
        span = locator.line_span(index)
        line = text[starts[index] : starts[index] + (span.end_column - 1)]
        if line.strip():
            stripped = line.strip()
            lead = len(line) - len(line.lstrip())
            begin = starts[index] + lead
            return TitleCandidate(
                stripped, "first-line", locator.span(begin, begin + len(stripped))
            )
    return None

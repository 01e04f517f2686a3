"""The ``results`` of a SARIF log, each written straight to its indented JSON text.

A result has a small shape known here, and a large log has tens of thousands: building
each as dicts and handing them to ``json.dumps(indent=2)`` (its pure-Python encoder)
was most of the cost of ``--format sarif``.  Each piece is written with ``json_text``
at the level it sits at in the log instead; the text is the one ``json.dumps`` wrote
(``tests/cli/test_report_texts_property.py`` compares the two for any finding).
"""

from __future__ import annotations

from urllib.parse import quote

from assay.api import Suppressed
from assay.cli.formats.fingerprint import KEY
from assay.cli.formats.json_text import STEP, string
from assay.cli.names import raw_bytes
from assay.spec.diagnostics import Diagnostic, Related, Severity
from assay.spec.source import Span

SRCROOT = "%SRCROOT%"
LEVELS: dict[Severity, str] = {"error": "error", "warning": "warning", "info": "note"}

#: Where a result sits: ``{"runs": [{"results": [ here``.
RESULT_LEVEL = "\n" + STEP * 4

_SRCROOT = string(SRCROOT)
_KEY = string(KEY)


def result_text(
    d: Diagnostic,
    sup: Suppressed | None,
    rule_index: int,
    fingerprint: str,
    newline: str = RESULT_LEVEL,
) -> str:
    """One result, written at the level of ``newline``.

    Each ``{`` or ``[`` below opens a level: its items sit one ``STEP`` deeper, its
    closing bracket on the opening line's level (``json.dumps``'s ``indent=2``)."""
    a = newline + STEP
    b = a + STEP
    c = b + STEP
    text = (
        f'{{{a}"ruleId": {string(d.code)},{a}"ruleIndex": {rule_index},'
        f'{a}"level": {string(LEVELS[d.severity])},'
        f'{a}"message": {_message(d.message, a)},'
        f'{a}"locations": [{b}{{{c}"physicalLocation": {_physical(d.path, d.span, c)}{b}}}{a}]'
    )
    if d.related:
        related = f",{b}".join(_related(i, r, b) for i, r in enumerate(d.related, start=1))
        text += f',{a}"relatedLocations": [{b}{related}{a}]'
    text += f',{a}"partialFingerprints": {{{b}{_KEY}: {string(fingerprint)}{a}}}'
    if sup is not None:
        text += f',{a}"suppressions": [{b}{_suppression(d.path, sup, b)}{a}]'
    return f"{text}{newline}}}"


def _message(text: str, newline: str) -> str:
    return f'{{{newline}{STEP}"text": {string(text)}{newline}}}'


def _related(ident: int, r: Related, newline: str) -> str:
    a = newline + STEP
    return (
        f'{{{a}"id": {ident},{a}"physicalLocation": {_physical(r.path, r.span, a)},'
        f'{a}"message": {_message(r.message, a)}{newline}}}'
    )


def _suppression(path: str, sup: Suppressed, newline: str) -> str:
    a = newline + STEP
    text = f'{{{a}"kind": ' + ('"inSource"' if sup.kind == "inline" else '"external"')
    if sup.justification:
        text += f',{a}"justification": {string(sup.justification)}'
    if sup.directive is not None:
        b = a + STEP
        physical = _physical(path, sup.directive, b)
        text += f',{a}"location": {{{b}"physicalLocation": {physical}{a}}}'
    return f"{text}{newline}}}"


def _physical(path: str, span: Span | None, newline: str) -> str:
    a = newline + STEP
    b = a + STEP
    text = f'{{{a}"artifactLocation": {{{b}"uri": {_uri(path)},{b}"uriBaseId": {_SRCROOT}{a}}}'
    if span is not None:
        text += f',{a}"region": {_region(span, a)}'
    return f"{text}{newline}}}"


def _uri(path: str) -> str:
    # Paths are relative POSIX; percent-encoding makes them valid URI references (a
    # `:` in the first segment would otherwise read as a scheme).  A URI names bytes:
    # the name's own, undecodable ones included.
    return string(quote(raw_bytes(path), safe="/"))


def _region(span: Span, newline: str) -> str:
    # Our columns are 1-based code points with exclusive ends, exactly SARIF's text
    # region with columnKind unicodeCodePoints; offsets are bytes, hence byteOffset.
    i = newline + STEP
    return (
        f'{{{i}"startLine": {span.line},{i}"startColumn": {span.column},'
        f'{i}"endLine": {span.end_line},{i}"endColumn": {span.end_column},'
        f'{i}"byteOffset": {span.start},{i}"byteLength": {span.end - span.start}{newline}}}'
    )

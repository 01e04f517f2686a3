"""A SARIF result written by ``sarif_results`` is the text ``json.dumps(indent=2)`` wrote
of the result's dicts, as ``sarif.py`` built them before, for any finding: any
message, path and justification text, any span, related locations and suppression.
So is an entry of the JSON report, of its ``Entry`` model."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from hypothesis import given
from hypothesis import strategies as st

from assay.cli.formats.fingerprint import KEY
from assay.cli.formats.json_report import ENTRY_LEVEL, entry_text
from assay.cli.formats.json_text import STEP
from assay.cli.formats.sarif_results import LEVELS, RESULT_LEVEL, SRCROOT, result_text
from assay.cli.names import escape_json, raw_bytes
from assay.engine.runner.result import Suppressed
from assay.spec.convert import to_json_value
from assay.spec.diagnostics import Diagnostic, Related
from assay.spec.report import Entry
from assay.spec.source import Span
from tests.cli.test_json_text_property import TEXT

NUMBERS = st.integers(min_value=0, max_value=2**40)
SPANS = st.builds(Span, NUMBERS, NUMBERS, NUMBERS, NUMBERS, NUMBERS, NUMBERS)
RELATED = st.builds(Related, TEXT, TEXT, st.none() | SPANS)
DIAGNOSTICS = st.builds(
    Diagnostic,
    code=st.from_regex(r"\A[A-Z]{3}[0-9]{3}\Z"),
    name=st.from_regex(r"\A[a-z][a-z0-9]*(-[a-z0-9]+)*\Z"),
    severity=st.sampled_from(["error", "warning", "info"]),
    message=TEXT,
    path=TEXT,
    span=SPANS,
    related=st.lists(RELATED, max_size=3).map(tuple),
)
SUPPRESSIONS = st.none() | st.builds(
    Suppressed,
    st.just(None),
    st.sampled_from(["inline", "config"]),
    st.none() | TEXT,
    st.none() | SPANS,
)


@given(DIAGNOSTICS, SUPPRESSIONS, st.integers(min_value=0, max_value=500), TEXT)
def test_a_result_is_the_text_json_dumps_wrote(
    d: Diagnostic, sup: Suppressed | None, rule_index: int, fingerprint: str
) -> None:
    expected = escape_json(
        json.dumps(_result(d, sup, rule_index, fingerprint), indent=2, ensure_ascii=False)
    )
    assert result_text(d, sup, rule_index, fingerprint) == expected.replace("\n", RESULT_LEVEL)
    assert result_text(d, sup, rule_index, fingerprint, "\n") == expected
    assert RESULT_LEVEL == "\n" + STEP * 4


# What sarif.py built for each result and gave json.dumps, as it was.
def _result(d: Diagnostic, sup: Suppressed | None, rule_index: int, fingerprint: str) -> Any:
    out: dict[str, Any] = {
        "ruleId": d.code,
        "ruleIndex": rule_index,
        "level": LEVELS[d.severity],
        "message": {"text": d.message},
        "locations": [{"physicalLocation": _physical(d.path, d.span)}],
    }
    if d.related:
        out["relatedLocations"] = [_related(i, r) for i, r in enumerate(d.related, start=1)]
    out["partialFingerprints"] = {KEY: fingerprint}
    if sup is not None:
        out["suppressions"] = [_suppression(d.path, sup)]
    return out


def _related(ident: int, r: Related) -> Any:
    return {
        "id": ident,
        "physicalLocation": _physical(r.path, r.span),
        "message": {"text": r.message},
    }


def _suppression(path: str, sup: Suppressed) -> Any:
    out: dict[str, Any] = {"kind": "inSource" if sup.kind == "inline" else "external"}
    if sup.justification:
        out["justification"] = sup.justification
    if sup.directive is not None:
        out["location"] = {"physicalLocation": _physical(path, sup.directive)}
    return out


def _physical(path: str, span: Span | None) -> Any:
    uri = quote(raw_bytes(path), safe="/")
    out: dict[str, Any] = {"artifactLocation": {"uri": uri, "uriBaseId": SRCROOT}}
    if span is not None:
        out["region"] = {
            "startLine": span.line,
            "startColumn": span.column,
            "endLine": span.end_line,
            "endColumn": span.end_column,
            "byteOffset": span.start,
            "byteLength": span.end - span.start,
        }
    return out


@given(DIAGNOSTICS)
def test_a_json_report_entry_is_the_text_json_dumps_wrote(d: Diagnostic) -> None:
    value = to_json_value(Entry.from_diagnostic(d))
    expected = escape_json(json.dumps(value, indent=2, ensure_ascii=False))
    assert entry_text(d, "\n") == expected
    assert entry_text(d) == expected.replace("\n", ENTRY_LEVEL)

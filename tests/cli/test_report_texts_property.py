"""What a code-scanning service reads in a SARIF result, and a script in an entry of the
JSON report, for any finding: any message, path and justification text, any span,
related locations and suppression. Each is indented JSON as ``json.dumps(indent=2)``
writes it, at the level it sits at in its document, its keys in a fixed order, and
it says the finding's facts where SARIF and the report's schema put them."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import unquote_to_bytes

from hypothesis import given
from hypothesis import strategies as st

from assay.cli.formats.json_report import ENTRY_LEVEL, entry_text
from assay.cli.formats.json_text import STEP
from assay.cli.formats.sarif_results import RESULT_LEVEL, result_text
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
#: SARIF's levels for assay's severities.
LEVELS = {"error": "error", "warning": "warning", "info": "note"}
#: What a relative URI reference may hold: unreserved characters, `/` and escapes.
URI = re.compile(r"(?:[A-Za-z0-9._~/-]|%[0-9A-F]{2})*")


def _indented(value: Any) -> str:
    """``value`` as the JSON formats write any value."""
    return escape_json(json.dumps(value, indent=2, ensure_ascii=False))


@given(DIAGNOSTICS, SUPPRESSIONS, st.integers(min_value=0, max_value=500), TEXT)
def test_a_result_says_the_finding_where_sarif_reads_it(
    d: Diagnostic, sup: Suppressed | None, rule_index: int, fingerprint: str
) -> None:
    text = result_text(d, sup, rule_index, fingerprint, "\n")
    result = json.loads(text)
    assert text == _indented(result)
    assert result_text(d, sup, rule_index, fingerprint) == text.replace("\n", RESULT_LEVEL)
    assert RESULT_LEVEL == "\n" + STEP * 4  # `{"runs": [{"results": [` here
    keys = ["ruleId", "ruleIndex", "level", "message", "locations"]
    keys += ["relatedLocations"] * bool(d.related) + ["partialFingerprints"]
    assert list(result) == keys + ["suppressions"] * (sup is not None)
    assert (result["ruleId"], result["ruleIndex"]) == (d.code, rule_index)
    assert (result["level"], result["message"]) == (LEVELS[d.severity], {"text": d.message})
    assert [list(at) for at in result["locations"]] == [["physicalLocation"]]
    _assert_location(result["locations"][0]["physicalLocation"], d.path, d.span)
    related = result.get("relatedLocations", [])
    assert len(related) == len(d.related)
    for ident, (shown, r) in enumerate(zip(related, d.related, strict=True), 1):
        assert list(shown) == ["id", "physicalLocation", "message"]
        assert (shown["id"], shown["message"]) == (ident, {"text": r.message})
        _assert_location(shown["physicalLocation"], r.path, r.span)
    assert result["partialFingerprints"] == {"assay/v1": fingerprint}
    if sup is not None:
        _assert_suppression(result["suppressions"], d.path, sup)


def _assert_location(where: dict[str, Any], path: str, span: Span | None) -> None:
    """The file by a URI of its name's own bytes, relative to the workspace, and the
    region a service underlines."""
    assert list(where) == ["artifactLocation"] + ["region"] * (span is not None)
    uri = where["artifactLocation"]["uri"]
    assert URI.fullmatch(uri) and unquote_to_bytes(uri) == raw_bytes(path)
    assert where["artifactLocation"] == {"uri": uri, "uriBaseId": "%SRCROOT%"}
    if span is not None:
        # 1-based code-point columns, ends exclusive; the offset and length in bytes.
        assert list(where["region"].items()) == [
            ("startLine", span.line),
            ("startColumn", span.column),
            ("endLine", span.end_line),
            ("endColumn", span.end_column),
            ("byteOffset", span.start),
            ("byteLength", span.end - span.start),
        ]


def _assert_suppression(shown: list[dict[str, Any]], path: str, sup: Suppressed) -> None:
    [one] = shown
    keys = ["kind"] + ["justification"] * bool(sup.justification)
    assert list(one) == keys + ["location"] * (sup.directive is not None)
    assert one["kind"] == ("inSource" if sup.kind == "inline" else "external")
    assert one.get("justification") == (sup.justification or None)
    if sup.directive is not None:
        assert list(one["location"]) == ["physicalLocation"]
        _assert_location(one["location"]["physicalLocation"], path, sup.directive)


@given(DIAGNOSTICS)
def test_a_json_report_entry_is_the_schema_s_entry_of_the_finding(d: Diagnostic) -> None:
    text = entry_text(d, "\n")
    entry = json.loads(text)
    assert text == _indented(entry)
    assert entry_text(d) == text.replace("\n", ENTRY_LEVEL)
    assert entry == to_json_value(Entry.from_diagnostic(d))
    assert list(entry) == [
        *("code", "name", "severity", "message", "path"),
        *("line", "column", "end_line", "end_column", "related"),
    ]
    assert (entry["message"], entry["path"]) == (d.message, d.path)

"""``--format sarif``: a SARIF 2.1.0 log with one run, for code-scanning services.

Suppressed findings are included with ``suppressions`` (SARIF's way of saying "seen and
accepted"), so a service can close an alert instead of forgetting it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from assay.cli.formats.fingerprint import KEY, fingerprints
from assay.cli.names import escape_json, raw_bytes
from assay.engine.runner.result import RuleInfo, RunResult, Suppressed
from assay.spec.diagnostics import Diagnostic, Related, Severity
from assay.spec.source import Span

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
# The project has no public home yet; `.invalid` cannot point anywhere by mistake.
INFORMATION_URI = "https://assay.invalid/"
SRCROOT = "%SRCROOT%"
LEVELS: dict[Severity, str] = {"error": "error", "warning": "warning", "info": "note"}

JSON = dict[str, Any]


def render(
    result: RunResult,
    *,
    version: str,
    source: Callable[[str], str | None],
    color: bool = False,
) -> str:
    """The SARIF log as indented JSON, keys in a fixed order."""
    del color  # a file format, never coloured
    value = log(result, version=version, source=source)
    return escape_json(json.dumps(value, indent=2, ensure_ascii=False)) + "\n"


def log(result: RunResult, *, version: str, source: Callable[[str], str | None]) -> JSON:
    """The SARIF log of a run as plain JSON values."""
    # Active and suppressed findings share one order, so output never depends on how
    # the runner happened to list them.
    findings: list[tuple[Diagnostic, Suppressed | None]] = [(d, None) for d in result.diagnostics]
    findings += [(s.diagnostic, s) for s in result.suppressed]
    findings.sort(key=lambda f: (*f[0].sort_key, f[0].message, f[1] is not None))
    rules = _rules(result.rules, [d for d, _ in findings])
    index = {rule.code: i for i, rule in enumerate(rules)}
    prints = fingerprints([d for d, _ in findings], source)
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "assay",
                        "version": version,
                        "informationUri": INFORMATION_URI,
                        "rules": [_descriptor(rule) for rule in rules],
                    }
                },
                "invocations": [{"executionSuccessful": True}],
                "originalUriBaseIds": {
                    SRCROOT: {"description": {"text": "The root of the checked workspace."}}
                },
                "columnKind": "unicodeCodePoints",
                "results": [
                    _result(d, sup, index[d.code], fp)
                    for (d, sup), fp in zip(findings, prints, strict=True)
                ],
            }
        ],
    }


def _rules(known: tuple[RuleInfo, ...], findings: list[Diagnostic]) -> list[RuleInfo]:
    # Every result needs a valid ruleIndex; a code the runner gave no metadata for
    # still gets a bare descriptor rather than a dangling index.
    by_code = {rule.code: rule for rule in known}
    for d in findings:
        by_code.setdefault(d.code, RuleInfo(d.code, d.name, "", d.severity))
    return sorted(by_code.values(), key=lambda rule: rule.code)


def _descriptor(rule: RuleInfo) -> JSON:
    # GitHub code scanning requires fullDescription and help on every rule; the summary
    # (or, for a code without metadata, its name) stands in when no reference text exists.
    summary = rule.summary or rule.name
    text = rule.help or summary
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": summary},
        # The help is Markdown written to read well as plain text too, so it serves both.
        "fullDescription": {"text": text, "markdown": text},
        "help": {"text": text, "markdown": text},
        "defaultConfiguration": {"level": LEVELS[rule.default_severity]},
    }


def _result(d: Diagnostic, sup: Suppressed | None, rule_index: int, fingerprint: str) -> JSON:
    out: JSON = {
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


def _related(ident: int, r: Related) -> JSON:
    return {
        "id": ident,
        "physicalLocation": _physical(r.path, r.span),
        "message": {"text": r.message},
    }


def _suppression(path: str, sup: Suppressed) -> JSON:
    out: JSON = {"kind": "inSource" if sup.kind == "inline" else "external"}
    if sup.justification:
        out["justification"] = sup.justification
    if sup.directive is not None:
        out["location"] = {"physicalLocation": _physical(path, sup.directive)}
    return out


def _physical(path: str, span: Span | None) -> JSON:
    # Paths are relative POSIX; percent-encoding makes them valid URI references (a
    # `:` in the first segment would otherwise read as a scheme).  A URI names bytes:
    # the name's own, undecodable ones included.
    uri = quote(raw_bytes(path), safe="/")
    out: JSON = {"artifactLocation": {"uri": uri, "uriBaseId": SRCROOT}}
    if span is not None:
        out["region"] = _region(span)
    return out


def _region(span: Span) -> JSON:
    # Our columns are 1-based code points with exclusive ends, exactly SARIF's text
    # region with columnKind unicodeCodePoints; offsets are bytes, hence byteOffset.
    return {
        "startLine": span.line,
        "startColumn": span.column,
        "endLine": span.end_line,
        "endColumn": span.end_column,
        "byteOffset": span.start,
        "byteLength": span.end - span.start,
    }

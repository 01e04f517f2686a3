"""``--format sarif``: a SARIF 2.1.0 log with one run, for code-scanning services.

Suppressed findings are included with ``suppressions`` (SARIF's way of saying "seen and
accepted"), so a service can close an alert instead of forgetting it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assay.api import RuleInfo, RunResult, Suppressed
from assay.cli.exit_codes import stopped
from assay.cli.formats.fingerprint import fingerprints
from assay.cli.formats.json_text import STEP, value
from assay.cli.formats.sarif_results import LEVELS, RESULT_LEVEL, SRCROOT, result_text
from assay.spec.diagnostics import Diagnostic

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
# The project has no public home yet; `.invalid` cannot point anywhere by mistake.
INFORMATION_URI = "https://assay.invalid/"

JSON = dict[str, Any]

_EMPTY_RESULTS = '"results": []'


def render(
    result: RunResult,
    *,
    version: str,
    source: Callable[[str], str | None],
    color: bool = False,
) -> str:
    """The SARIF log as indented JSON, keys in a fixed order."""
    del color  # a file format, never coloured
    # Active and suppressed findings share one order, so output never depends on how
    # the runner happened to list them.
    findings: list[tuple[Diagnostic, Suppressed | None]] = [(d, None) for d in result.diagnostics]
    findings += [(s.diagnostic, s) for s in result.suppressed]
    findings.sort(key=lambda f: (*f[0].sort_key, f[0].message, f[1] is not None))
    rules = _rules(result.rules, [d for d, _ in findings])
    index = {rule.code: i for i, rule in enumerate(rules)}
    prints = fingerprints([d for d, _ in findings], source)
    results = [
        result_text(d, sup, index[d.code], fp)
        for (d, sup), fp in zip(findings, prints, strict=True)
    ]
    # As the exit code decides it, on the active findings: false exactly when exit 2.
    return _log_text(rules, version, results, successful=not stopped(result.diagnostics))


def _log_text(rules: list[RuleInfo], version: str, results: list[str], *, successful: bool) -> str:
    """The log, ending with a newline, around its results, which are written already
    (``sarif_results``): they are most of it, and need no encoder. ``successful``:
    the run did its job (it exits 2 otherwise: ``exit_codes.stopped``)."""
    log = {
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
                "invocations": [{"executionSuccessful": successful}],
                "originalUriBaseIds": {
                    SRCROOT: {"description": {"text": "The root of the checked workspace."}}
                },
                "columnKind": "unicodeCodePoints",
                "results": [],
            }
        ],
    }
    text = value(log)
    if not results:
        return text + "\n"
    # The results are the last member of the only run: after them come the closing
    # brackets alone, and a `"` inside a string is escaped, so the last `"results": [`
    # is theirs.  Spliced in with one join: the log is tens of megabytes of them.
    at = text.rindex(_EMPTY_RESULTS) + len(_EMPTY_RESULTS) - 1
    closing = RESULT_LEVEL.removesuffix(STEP)
    return "".join(
        (text[:at], RESULT_LEVEL, f",{RESULT_LEVEL}".join(results), closing, text[at:], "\n")
    )


def _rules(known: tuple[RuleInfo, ...], findings: list[Diagnostic]) -> list[RuleInfo]:
    # Every result needs a valid ruleIndex; a code the runner gave no metadata for
    # still gets a bare descriptor rather than a dangling index.
    by_code = {rule.code: rule for rule in known}
    for d in findings:
        if d.code not in by_code:
            by_code[d.code] = RuleInfo(d.code, d.name, "", d.severity)
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

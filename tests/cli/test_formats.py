"""Output formats of ``assay check``: text, json, sarif and github, on one realistic run."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import urllib.parse
from collections import OrderedDict
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from attrs import evolve
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from assay.cli.commands.schema import schema
from assay.cli.excerpt import SHOWN, format_diagnostic
from assay.cli.formats import FORMATTERS, github, json_report, sarif, text
from assay.cli.formats.fingerprint import KEY
from assay.engine.runner.result import RuleInfo, RunResult, Suppressed
from assay.spec.convert import from_json_value
from assay.spec.diagnostics import Diagnostic, Related, Severity
from assay.spec.report import Report
from assay.spec.source import Span

ROOT = Path(__file__).resolve().parent.parent.parent
VERSION = "0.1.0"

ADR = "docs/adr/0001-use-postgres.md"
ADR_TEXT = """\
# 1. Use PostgreSQL

Status: acceptd
Date: 2026-13-01

## Context

We store run evidence; see [the design](../design.md).
"""
STRASSE = "docs/adr/0002-straße.md"
STRASSE_TEXT = """\
---
status: accepted
---
# 2. Straßennamen normalisieren

## Decision

Identitäten werden normalisiert: https://Example.com/Repo.git/
"""
VERIFY = "runs/alpha/verify.md"
VERIFY_TEXT = """\
# Verification

## Blockers

Some blockers remain.

## Evidence

<!-- assay: disable-next-line LNK001 -- the target is generated at build time -->
See [the trace](trace.json).

Two sentences here. And another.
"""
SOURCES = {ADR: ADR_TEXT, STRASSE: STRASSE_TEXT, VERIFY: VERIFY_TEXT}
FILES = (ADR, STRASSE, "docs/adr/0003-clean.md", "runs/alpha/overview.md", VERIFY)


def span(text: str, needle: str, *, empty: bool = False, nth: int = 1) -> Span:
    """The span of the ``nth`` ``needle`` in ``text`` (or the empty span at its start)."""
    start = -1
    for _ in range(nth):
        start = text.index(needle, start + 1)
    end = start if empty else start + len(needle)
    return Span(
        _byte(text, start), _byte(text, end), *_position(text, start), *_position(text, end)
    )


def _byte(text: str, index: int) -> int:
    return len(text[:index].encode("utf-8"))


def _position(text: str, index: int) -> tuple[int, int]:
    line_start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - line_start + 1


def diag(
    code: str,
    name: str,
    severity: Severity,
    message: str,
    path: str,
    where: Span,
    related: tuple[Related, ...] = (),
) -> Diagnostic:
    """A diagnostic, shorter to write."""
    return Diagnostic(
        code=code,
        name=name,
        severity=severity,
        message=message,
        path=path,
        span=where,
        related=related,
    )


# fmt: off
MISSING_SECTION = diag(
    "DOC003", "missing-section", "error", "required section `Decision` is missing",
    ADR, span(ADR_TEXT, "# 1. Use PostgreSQL"),
    (Related("required by type `decision`", "assay/team.assay", Span(41, 67, 3, 5, 3, 31)),),
)
BAD_STATUS = diag(
    "FLD002", "value-not-allowed", "warning",
    "`Status` must be one of accepted | proposed | superseded (got `acceptd`)",
    ADR, span(ADR_TEXT, "acceptd"),
)
BAD_DATE = diag(
    "FLD003", "malformed-value", "error",
    "`Date` must be an ISO 8601 date: 100% of dates need a month in 1..12, (got 13)\n"
    "hint: write 2026-01-13",
    ADR, span(ADR_TEXT, "2026-13-01"),
)
BROKEN_LINK = diag(
    "LNK001", "broken-link", "error", "link target `../design.md` does not exist",
    ADR, span(ADR_TEXT, "../design.md"),
    (Related("resolves to this path", "docs/design.md"),),
)
IDENTITY = diag(
    "IDN001", "identity-not-normalized", "info",
    "Identität `https://Example.com/Repo.git/` ist nicht normalisiert; "
    "erwartet „https://example.com/Repo“",
    STRASSE, span(STRASSE_TEXT, "https://Example.com/Repo.git/"),
)
BLOCKERS = diag(
    "FRM003", "blockers-form", "error",
    "Blockers must be exactly `none` or a `- ` list (got a paragraph)",
    VERIFY, span(VERIFY_TEXT, "Some blockers remain."),
    (Related("`assay publish` reads Blockers from here", "runs/alpha/overview.md",
             Span.point(0, 1, 1)),),
)
DIRECTIVE = "<!-- assay: disable-next-line LNK001 -- the target is generated at build time -->"
INLINE = Suppressed(
    diag("LNK001", "broken-link", "error", "link target `trace.json` does not exist",
         VERIFY, span(VERIFY_TEXT, "trace.json")),
    kind="inline",
    justification="the target is generated at build time",
    directive=span(VERIFY_TEXT, DIRECTIVE),
)
CONFIG = Suppressed(
    diag("FRM001", "sentence-count", "warning",
         "section `Evidence` must hold exactly 1 sentence (got 2)",
         VERIFY, span(VERIFY_TEXT, "Two sentences here. And another.")),
    kind="config",
    justification=None,
)
LINK_HELP = (
    "Relative links must point at a file that exists.\n\n"
    "Renew the link, or suppress it with `disable-next-line LNK001`.\n"
)
RULES = (
    RuleInfo("DOC003", "missing-section", "A required section is absent.", "error",
             help="A required section is absent.\n\n**Fails**\n\n```markdown\n# Title\n```\n"),
    RuleInfo("FLD002", "value-not-allowed", "A value outside the declared set.", "error"),
    RuleInfo("FLD003", "malformed-value", "A value that breaks its format.", "error"),
    RuleInfo("FRM001", "sentence-count", "A section must hold exactly N sentences.", "error"),
    RuleInfo("FRM003", "blockers-form", "Blockers is neither `none` nor a list.", "error"),
    RuleInfo("IDN001", "identity-not-normalized", "An identity is not normalized.", "warning"),
    RuleInfo("LNK001", "broken-link", "A relative link's target does not exist.", "error",
             help=LINK_HELP),
)
RESULT = RunResult(
    diagnostics=(MISSING_SECTION, BAD_STATUS, BAD_DATE, BROKEN_LINK, IDENTITY, BLOCKERS),
    suppressed=(INLINE, CONFIG),
    files=FILES,
    rules=RULES,
)
EMPTY = RunResult(diagnostics=(), suppressed=(), files=(), rules=())
# fmt: on


def render(name: str, result: RunResult = RESULT, sources: dict[str, str] = SOURCES) -> str:
    """The output of one format for ``result``, reading files from ``sources``."""
    return FORMATTERS[name](result, version=VERSION, source=sources.get)


def sarif_log(result: RunResult = RESULT, sources: dict[str, str] = SOURCES) -> Any:
    """The SARIF output, parsed."""
    return json.loads(render("sarif", result, sources))


class TextSnapshot(SingleFileSnapshotExtension):
    """One UTF-8 text file per snapshot, so reviewers read the output exactly as printed."""

    _write_mode = WriteMode.TEXT
    file_extension = "txt"


@pytest.fixture
def text_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """Snapshots of plain text output."""
    return snapshot.use_extension(TextSnapshot)


@pytest.fixture
def json_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """Snapshots of JSON output (keys kept in emitted order by parsing into OrderedDict)."""
    return snapshot.use_extension(JSONSnapshotExtension)


def ordered(output: str) -> Any:
    """JSON text parsed with its key order kept, so snapshots show it as emitted."""
    return json.loads(output, object_pairs_hook=OrderedDict)


# --- the table -------------------------------------------------------------------------


def test_formatters_table_names_every_format() -> None:
    """The CLI's --format choices are exactly text, json, sarif and github."""
    assert list(FORMATTERS) == ["text", "json", "sarif", "github"]
    assert FORMATTERS["json"] is json_report.render


@pytest.mark.parametrize("name", list(FORMATTERS))
def test_output_does_not_depend_on_input_order(name: str) -> None:
    """Every format sorts what it prints, so a shuffled run renders byte-identically."""
    shuffled = RunResult(
        diagnostics=tuple(reversed(RESULT.diagnostics)),
        suppressed=tuple(reversed(RESULT.suppressed)),
        files=tuple(reversed(RESULT.files)),
        rules=tuple(reversed(RESULT.rules)),
    )
    assert render(name, shuffled) == render(name)
    assert render(name).endswith("\n")


# --- text ------------------------------------------------------------------------------


def test_text_snapshot(text_snapshot: SnapshotAssertion) -> None:
    """Text shows each finding with its excerpt and related locations, then the counts."""
    assert render("text") == text_snapshot


def test_text_summary_line() -> None:
    """The last line counts findings by severity, files and suppressions."""
    last = render("text").splitlines()[-1]
    assert last == "4 errors, 1 warning, 1 info in 5 files (2 suppressed)"
    assert render("text", EMPTY) == "0 errors, 0 warnings, 0 infos in 0 files\n"


def test_text_without_source_has_no_excerpt() -> None:
    """When a file cannot be read, the finding is still reported, without an excerpt."""
    out = render("text", sources={})
    assert "    1 | " not in out
    assert out.startswith(
        "docs/adr/0001-use-postgres.md:1:1: DOC003 [error] required section `Decision` is "
        "missing (missing-section)\n  related: assay/team.assay:3:5: required by type `decision`\n"
    )


def _at(line: int, column: int, end_column: int) -> Diagnostic:
    span = Span(0, 0, line, column, line, end_column)
    return Diagnostic(
        code="LNK001", name="broken-link", severity="error", message="m", path="a.md", span=span
    )


@pytest.mark.parametrize("column", [1, 30, 59, 60, 61, 500, 941, 1000, 1001])
def test_a_long_line_is_shown_as_a_window_with_the_caret_under_its_column(column: int) -> None:
    """A 1,000-character line is not printed whole: 120 characters around the column,
    `…` where it is cut, and the caret still under the character it points at."""
    line = "".join(chr(ord("a") + i % 26) for i in range(1000))
    out = format_diagnostic(_at(2, column, column + 3), "first\n" + line + "\nlast\n")
    _, shown, marker = out.split("\n")
    shown, marker = shown[len("    2 | ") :], marker[len("      | ") :]
    assert len(shown.strip("…")) == SHOWN
    assert shown.startswith("…") == (column > SHOWN // 3 + 1)
    caret = marker.index("^")
    if column <= len(line):
        assert shown[caret] == line[column - 1]
    else:  # just past the line's end, where a finding about what is missing points
        assert caret == len(shown) and not shown.endswith("…")
    assert 1 <= len(marker.strip()) <= 3


def test_a_short_line_is_shown_whole() -> None:
    out = format_diagnostic(_at(1, 5, 9), "See [the runbook](missing.md).\n")
    assert out.splitlines()[1:] == ["    1 | See [the runbook](missing.md).", "      |     ^~~~"]


def test_text_color_paints_only_severity_and_code() -> None:
    """With color, removing the ANSI codes gives the plain output back."""
    colored = text.render(RESULT, version=VERSION, source=SOURCES.get, color=True)
    assert "\x1b[1;31merror\x1b[0m" in colored
    assert "\x1b[1;33mwarning\x1b[0m" in colored
    assert "\x1b[1;36minfo\x1b[0m" in colored
    assert "\x1b[1mDOC003\x1b[0m" in colored
    assert re.sub(r"\x1b\[[0-9;]*m", "", colored) == render("text")


# --- json ------------------------------------------------------------------------------


def test_json_snapshot(json_snapshot: SnapshotAssertion) -> None:
    """The JSON report, exactly as printed."""
    out = render("json")
    assert out == json.dumps(ordered(out), indent=2, ensure_ascii=False) + "\n"
    assert ordered(out) == json_snapshot


@pytest.mark.parametrize("result", [RESULT, EMPTY], ids=["run", "empty"])
def test_json_matches_report_schema(result: RunResult) -> None:
    """The JSON report validates against `assay schema report`."""
    jsonschema.Draft202012Validator(schema("report")).validate(json.loads(render("json", result)))


def test_json_round_trips_to_the_report_model() -> None:
    """The printed JSON reads back into the same Report; suppressed findings are
    counted, not listed."""
    value = json.loads(render("json"))
    expected = json_report.report(RESULT, version=VERSION)
    assert from_json_value(value, Report) == expected
    assert value["summary"] == {
        "files": 5, "errors": 4, "warnings": 1, "infos": 1, "suppressed": 2,
    }  # fmt: skip
    assert value["tool"] == {"name": "assay", "version": VERSION}


# --- sarif -----------------------------------------------------------------------------


def test_sarif_snapshot(json_snapshot: SnapshotAssertion) -> None:
    """The SARIF log, exactly as printed."""
    out = render("sarif")
    assert out == json.dumps(ordered(out), indent=2, ensure_ascii=False) + "\n"
    assert ordered(out) == json_snapshot


def test_sarif_results_point_at_their_rules() -> None:
    """ruleIndex names the rule whose id is the result's ruleId; levels map info to note."""
    run = sarif_log()["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == sorted(r.code for r in RULES)
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
    levels = {r["ruleId"]: r["level"] for r in run["results"]}
    assert levels["IDN001"] == "note"
    assert levels["FLD002"] == "warning"
    assert rules[[r["id"] for r in rules].index("IDN001")]["defaultConfiguration"] == {
        "level": "warning"
    }


def test_sarif_code_without_metadata_gets_a_descriptor() -> None:
    """A code missing from result.rules still gets a rule, so ruleIndex never dangles."""
    run = sarif_log(RunResult((BROKEN_LINK,), (), (ADR,), ()))["runs"][0]
    (rule,) = run["tool"]["driver"]["rules"]
    assert rule["id"] == "LNK001"
    assert rule["name"] == "broken-link"
    assert run["results"][0]["ruleIndex"] == 0


def test_sarif_suppressions() -> None:
    """Inline suppressions are inSource with their directive; config ones are external."""
    results = sarif_log()["runs"][0]["results"]
    suppressed = {r["ruleId"]: r["suppressions"] for r in results if "suppressions" in r}
    assert suppressed["FRM001"] == [{"kind": "external"}]
    (inline,) = suppressed["LNK001"]
    assert inline["kind"] == "inSource"
    assert inline["justification"] == "the target is generated at build time"
    region = inline["location"]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (9, 1)
    assert len(results) == len(RESULT.diagnostics) + len(RESULT.suppressed)


def test_sarif_regions_cover_the_reported_bytes() -> None:
    """byteOffset/byteLength and the code-point columns select the same text."""
    for result in sarif_log()["runs"][0]["results"]:
        location = result["locations"][0]["physicalLocation"]
        path = urllib.parse.unquote(location["artifactLocation"]["uri"])
        region = location["region"]
        raw = SOURCES[path].encode("utf-8")
        by_bytes = raw[region["byteOffset"] : region["byteOffset"] + region["byteLength"]]
        line = SOURCES[path].splitlines()[region["startLine"] - 1]
        by_columns = line[region["startColumn"] - 1 : region["endColumn"] - 1]
        assert by_bytes.decode("utf-8") == by_columns


def test_sarif_uris_are_percent_encoded() -> None:
    """Non-ASCII paths become valid relative URI references under %SRCROOT%."""
    results = sarif_log()["runs"][0]["results"]
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
    assert "docs/adr/0002-stra%C3%9Fe.md" in uris
    assert (
        sarif.render(
            RunResult((evolve(BROKEN_LINK, path="c:weird #1.md"),), (), (), ()),
            version=VERSION,
            source=SOURCES.get,
        ).count('"uri": "c%3Aweird%20%231.md"')
        == 1
    )


# --- fingerprints ----------------------------------------------------------------------

#: Three new lines above the fields, so every finding below the title moves down by three.
MOVED_TEXT = ADR_TEXT.replace("Status:", "Deciders: Ada\nConsulted: Grace\nInformed: Bo\nStatus:")


def fingerprint(d: Diagnostic, text: str) -> str:
    """The assay/v1 fingerprint of one diagnostic read against ``text``."""
    log = sarif_log(RunResult((d,), (), (d.path,), RULES), {d.path: text})
    return str(log["runs"][0]["results"][0]["partialFingerprints"][KEY])


@pytest.mark.parametrize(
    ("finding", "needle", "empty"),
    [
        (BAD_DATE, "2026-13-01", False),
        (BROKEN_LINK, "../design.md", False),
        (
            evolve(MISSING_SECTION, span=span(ADR_TEXT, "## Context", empty=True)),
            "## Context",
            True,
        ),
    ],
    ids=["value", "link", "empty-span"],
)
def test_fingerprint_survives_a_move_down(finding: Diagnostic, needle: str, empty: bool) -> None:
    """The same finding three lines further down keeps its fingerprint."""
    moved = evolve(finding, span=span(MOVED_TEXT, needle, empty=empty))
    assert moved.span.line == finding.span.line + 3
    assert fingerprint(moved, MOVED_TEXT) == fingerprint(finding, ADR_TEXT)


def test_fingerprint_changes_with_the_message() -> None:
    """A different message is a different finding."""
    reworded = evolve(BAD_DATE, message="`Date` must be a date")
    assert fingerprint(reworded, ADR_TEXT) != fingerprint(BAD_DATE, ADR_TEXT)


def test_fingerprint_changes_with_the_flagged_text() -> None:
    """The same message about different text is a different finding."""
    other = ADR_TEXT.replace("2026-13-01", "2026-14-01")
    moved = evolve(BAD_DATE, span=span(other, "2026-14-01"))
    assert fingerprint(moved, other) != fingerprint(BAD_DATE, ADR_TEXT)


def test_fingerprints_tell_identical_findings_apart() -> None:
    """The same finding twice in one file gets occurrence numbers 1 and 2."""
    text = "[a](x.md)\n\n[a](x.md)\n"
    first = diag("LNK001", "broken-link", "error", "missing", "a.md", span(text, "x.md"))
    second = evolve(first, span=span(text, "x.md", nth=2))
    results = sarif_log(RunResult((first, second), (), ("a.md",), RULES), {"a.md": text})
    prints = [r["partialFingerprints"][KEY] for r in results["runs"][0]["results"]]
    assert prints[0].split(":")[0] == prints[1].split(":")[0]
    assert [p.split(":")[1] for p in prints] == ["1", "2"]


def test_fingerprints_of_the_run_are_distinct() -> None:
    """No two findings of the realistic run share a fingerprint."""
    results = sarif_log()["runs"][0]["results"]
    prints = [r["partialFingerprints"][KEY] for r in results]
    assert len(set(prints)) == len(prints)
    assert all(re.fullmatch(r"[0-9a-f]{64}:1", p) for p in prints)


# --- github ----------------------------------------------------------------------------


def test_github_snapshot(text_snapshot: SnapshotAssertion) -> None:
    """Workflow commands, errors first, then the summary line."""
    assert render("github") == text_snapshot


def test_github_escapes_message_data() -> None:
    """`%` and newlines are escaped in the message; `:` and `,` are left alone there."""
    assert github.command(BAD_DATE) == (
        "::error file=docs/adr/0001-use-postgres.md,line=4,col=7,endLine=4,endColumn=17,"
        "title=FLD003 (malformed-value)::`Date` must be an ISO 8601 date: 100%25 of dates "
        "need a month in 1..12, (got 13)%0Ahint: write 2026-01-13"
    )
    assert github.escape_data("a\r\nb%0A") == "a%0D%0Ab%250A"


def test_github_escapes_properties() -> None:
    """In properties `:` and `,` are escaped too, after `%`."""
    odd = evolve(BAD_STATUS, path="docs/a,b:c%d.md")
    assert github.command(odd).startswith(
        "::warning file=docs/a%2Cb%3Ac%25d.md,line=3,col=9,endLine=3,endColumn=16,"
        "title=FLD002 (value-not-allowed)::"
    )
    assert github.escape_property("x:\r\n,%") == "x%3A%0D%0A%2C%25"


def test_github_orders_errors_then_warnings_then_notices() -> None:
    """Errors come first, because GitHub shows only ten annotations of each kind per step."""
    kinds = [line.split(" ", 1)[0] for line in render("github").splitlines()[:-1]]
    assert kinds == ["::error"] * 4 + ["::warning", "::notice"]


def test_github_related_locations_join_the_message() -> None:
    """Related locations follow the message on their own (escaped) lines."""
    assert github.command(BROKEN_LINK).endswith(
        "::link target `../design.md` does not exist"
        "%0Arelated: docs/design.md: resolves to this path"
    )


def test_step_summary_snapshot(text_snapshot: SnapshotAssertion) -> None:
    """The step summary: counts, then one table row per finding."""
    assert github.summary_markdown(RESULT) == text_snapshot


def test_step_summary_escapes_cells() -> None:
    """Pipes are escaped everywhere; HTML only outside code spans; newlines become <br>."""
    odd = diag(
        "SUP001",
        "unused-suppression",
        "warning",
        "directive <!-- assay: disable LNK001 --> (`<!-- x | y -->`) suppressed nothing\nat all",
        "a|b.md",
        Span.point(0, 1, 1),
    )
    table = github.summary_markdown(RunResult((odd,), (), ("a|b.md",), ()))
    assert table.splitlines()[-1] == (
        "| `SUP001` | warning | `a\\|b.md:1:1` | directive &lt;!-- assay: disable LNK001 --&gt; "
        "(`<!-- x \\| y -->`) suppressed nothing<br>at all |"
    )


def test_step_summary_of_a_clean_run() -> None:
    """A clean run's summary is the count line alone."""
    assert github.summary_markdown(EMPTY) == "**assay**: 0 errors, 0 warnings, 0 infos in 0 files\n"


# --- sarif against the official schema and Microsoft's validator -----------------------

MULTITOOL_CONFIG = ROOT / "tests" / "fixtures" / "sarif" / "multitool.config.xml"
#: Advice the validator gives that assay declines, each for a reason:
#: SARIF2002 message ids: messages are rendered text, there is no message catalog;
#: SARIF2003 versionControlProvenance: formatters are pure, the CI uploader knows the commit;
#: SARIF2010/2011 snippets and context regions: the files are in the repository;
#: SARIF2012 help URIs and PascalCase names: no docs site yet, and names are kebab by contract.
ACCEPTED_NOTES = {"SARIF2002", "SARIF2003", "SARIF2010", "SARIF2011", "SARIF2012"}


@pytest.fixture(scope="session")
def sarif_schema_path() -> Path:
    """The official SARIF 2.1.0 schema, installed once by .ci/sarif.sh (npm)."""
    if shutil.which("npm") is None:
        pytest.fail("npm is not installed: .ci/sarif.sh needs it to fetch the SARIF schema")
    try:
        done = subprocess.run(
            ["bash", str(ROOT / ".ci" / "sarif.sh")],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(".ci/sarif.sh took over 10 minutes: is the npm registry reachable?")
    if done.returncode != 0:
        pytest.fail(f".ci/sarif.sh failed (npm or the registry unavailable?):\n{done.stderr}")
    return Path(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("result", [RESULT, EMPTY], ids=["run", "empty"])
def test_sarif_matches_official_schema(sarif_schema_path: Path, result: RunResult) -> None:
    """The SARIF log validates against the SARIF 2.1.0 schema that Microsoft ships."""
    official = json.loads(sarif_schema_path.read_text(encoding="utf-8"))
    # The packaged schema declares draft 2020-12 (OASIS's own copy says draft-07).
    assert official["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    validator = jsonschema.Draft202012Validator(
        official, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )
    errors = [f"{e.json_path}: {e.message}" for e in validator.iter_errors(sarif_log(result))]
    assert errors == []


def test_sarif_passes_the_multitool(sarif_schema_path: Path, tmp_path: Path) -> None:
    """Sarif.Multitool validate (SARIF and GitHub rules) finds no error or warning."""
    ours = tmp_path / "assay.sarif"
    ours.write_text(render("sarif"), encoding="utf-8")
    # A known-bad log in the same run proves the validator really read the files: it
    # exits 0 and reports nothing when it cannot parse one.
    canary = tmp_path / "canary.sarif"
    broken = sarif_log()
    broken["runs"][0]["results"][0]["bogus"] = 1
    canary.write_text(json.dumps(broken), encoding="utf-8")
    findings = run_multitool(sarif_schema_path, tmp_path / "validation.sarif", ours, canary)
    assert ("JSON1005", "error") in findings["canary.sarif"]
    assert [f for f in findings["assay.sarif"] if f[1] != "note"] == []
    assert {rule for rule, _ in findings["assay.sarif"]} <= ACCEPTED_NOTES


def run_multitool(schema_path: Path, out: Path, *logs: Path) -> dict[str, list[tuple[str, str]]]:
    """Run ``Sarif.Multitool validate``; its own SARIF log, as (rule, level) per file name."""
    command = [
        str(schema_path.parent / "Sarif.Multitool"),
        "validate",
        "--output",
        str(out),
        "--log",
        "ForceOverwrite",
        "--level",
        "Error;Warning;Note",
        "--rule-kind",
        "Sarif;Gh",
        "--config",
        str(MULTITOOL_CONFIG),
        "--json-schema",
        str(schema_path),
        *map(str, logs),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    # It exits 0 even when it finds errors; a non-zero exit means it could not run.
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(out.read_text(encoding="utf-8-sig"))
    findings: dict[str, list[tuple[str, str]]] = {p.name: [] for p in logs}
    for result in report["runs"][0].get("results", []):
        uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        findings[uri.rsplit("/", 1)[-1]].append((result["ruleId"], result.get("level", "warning")))
    return findings

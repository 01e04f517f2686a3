"""`assay check` end to end: exit codes, report scope, formats, and `assay rules`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension

from assay.cli import EXIT_ERROR, EXIT_FINDINGS, EXIT_INTERNAL, EXIT_OK, main
from assay.cli.commands.schema import schema
from assay.engine.checks import CHECKS
from tests.cli.test_formats import ACCEPTED_NOTES, run_multitool, sarif_schema_path

__all__ = ["sarif_schema_path"]  # a fixture, imported so pytest finds it here too

GOOD = """# 1. Use PostgreSQL for the ledger

* Status: Accepted
* Date: 2025-03-18

## Context

The ledger needs transactions that span accounts.

## Decision

We use PostgreSQL 16 with serializable transactions.
"""
UNKNOWN_STATUS = GOOD.replace("# 1. Use PostgreSQL", "# 2. Use Redis").replace(
    "Status: Accepted", "Status: Agreed-ish"
)
#: A team's spec that declares the records of docs/adr as the built-in `adr` says them.
DECLARED = 'use adr\n\ntype decision extends adr {\n    files "docs/adr/*.md"\n}\n'
ONLY_WARNING = GOOD.replace("# 1. Use", "# 3. Use").replace("2025-03-18", "18/03/2025")


def workspace(root: Path, files: dict[str, str]) -> Path:
    """A git-less workspace with an assay.toml, so the config is found right here."""
    (root / "assay.toml").write_text("")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def defects(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Three records: clean, an unknown status (error), a non-ISO date (warning); the
    team's spec declares them (without one, only what is wrong on its face is an error)."""
    root = workspace(
        tmp_path,
        {
            "team.assay": DECLARED,
            "docs/adr/0001-use-postgres.md": GOOD,
            "docs/adr/0002-use-redis.md": UNKNOWN_STATUS,
            "docs/adr/0003-use-postgres-dates.md": ONLY_WARNING,
        },
    )
    monkeypatch.chdir(root)
    return root


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["check", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_clean_workspace_exits_0(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(workspace(tmp_path, {"docs/adr/0001-use-postgres.md": GOOD}))
    code, out, _ = run(capsys)
    assert code == EXIT_OK
    assert out == "0 errors, 0 warnings, 0 infos in 1 file\n"


def test_findings_exit_1_and_fail_on_moves_the_bar(
    defects: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Error -> 1; --fail-on never -> 0; warnings alone fail only at --fail-on warning."""
    assert run(capsys)[0] == EXIT_FINDINGS
    assert run(capsys, "--fail-on", "never")[0] == EXIT_OK
    only_warning = "docs/adr/0003-use-postgres-dates.md"
    assert run(capsys, only_warning)[0] == EXIT_OK
    assert run(capsys, only_warning, "--fail-on", "warning")[0] == EXIT_FINDINGS


def test_text_report_names_place_code_and_check(
    defects: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = run(capsys)
    assert (
        "docs/adr/0002-use-redis.md:3:11: FLD002 [error] Status `Agreed-ish` is not one of: " in out
    )
    assert "docs/adr/0003-use-postgres-dates.md:4:9: FLD007 [warning]" in out
    assert out.rstrip().endswith("1 error, 1 warning, 0 infos in 3 files")
    assert "\x1b[" not in out  # not a terminal: no colour
    _, coloured, _ = run(capsys, "--color", "always")
    assert "\x1b[" in coloured


def test_paths_limit_what_is_reported_not_what_is_loaded(
    defects: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "--format", "json", "docs/adr/0001-use-postgres.md")
    report = json.loads(out)
    assert (code, report["diagnostics"], report["summary"]["files"]) == (EXIT_OK, [], 1)


def test_a_spec_among_the_paths_reports_everything(
    defects: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (defects / "decisions.assay").write_text("use adr\n")
    _, out, _ = run(capsys, "--format", "json", "decisions.assay")
    report = json.loads(out)
    assert {d["code"] for d in report["diagnostics"]} == {"FLD002", "FLD007"}
    assert report["summary"]["files"] == 3


def test_json_report_matches_its_schema_and_snapshot(
    defects: Path, capsys: pytest.CaptureFixture[str], snapshot: SnapshotAssertion
) -> None:
    _, out, _ = run(capsys, "--format", "json")
    report = json.loads(out)
    jsonschema.Draft202012Validator(schema("report")).validate(report)
    report["tool"]["version"] = "<version>"
    assert report == snapshot.use_extension(JSONSnapshotExtension)


def test_output_file_and_github_step_summary(
    defects: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    summary = tmp_path_factory.mktemp("gh") / "summary.md"
    summary.write_text("earlier step\n")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    code, out, _ = run(capsys, "--format", "github", "--output", "report.txt")
    assert (code, out) == (EXIT_FINDINGS, "")
    annotations = (defects / "report.txt").read_text()
    assert annotations.startswith("::error file=docs/adr/0002-use-redis.md,line=3,col=11,")
    written = summary.read_text()
    assert written.startswith("earlier step\n**assay**: 1 error, 1 warning")
    assert "| `FLD002` | error | `docs/adr/0002-use-redis.md:3:11` |" in written


@pytest.mark.parametrize(
    ("setup", "args", "message"),
    [
        ({"assay.toml": "fail_on = 'x'\n"}, [], "did you mean `fail-on`"),
        ({"bad.assay": "type {\n"}, [], "SPC001"),
        ({}, ["--select", "LNK999"], "`LNK999` names no check"),
        ({}, ["/"], "is outside the workspace"),
        ({}, ["docs/adr/0001-use-postgress.md"], "0001-use-postgress.md: no such file or folder"),
        ({}, ["--jobs", "0"], "argument --jobs: must be 1 or more (got 0)"),
        ({}, ["--jobs", "two"], "argument --jobs: not a whole number: 'two'"),
    ],
    ids=["config", "spec", "selector", "outside", "missing-path", "no-jobs", "jobs-word"],
)
def test_usage_config_and_spec_errors_exit_2(
    defects: Path,
    capsys: pytest.CaptureFixture[str],
    setup: dict[str, str],
    args: list[str],
    message: str,
) -> None:
    for name, text in setup.items():
        (defects / name).write_text(text)
    code, out, err = run(capsys, *args)
    assert code == EXIT_ERROR
    assert message in out + err


def test_an_undecodable_record_exits_2(defects: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (defects / "docs/adr/0004-latin.md").write_bytes(b"# 4. Caf\xe9\n")
    code, out, _ = run(capsys)
    assert code == EXIT_ERROR
    assert "docs/adr/0004-latin.md:1:9: DOC001 [error] not UTF-8: byte 0xe9" in out


def test_a_bug_in_assay_exits_3(
    defects: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def explode(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("assay.engine.runner.run.check_keeping", explode)
    code, _, err = run(capsys)
    assert code == EXIT_INTERNAL
    assert "RuntimeError: boom" in err


def test_jobs_and_no_cache_change_nothing_but_speed(
    defects: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, plain, _ = run(capsys, "--format", "json")
    assert run(capsys, "--format", "json", "--jobs", "2", "--no-cache")[1] == plain
    assert run(capsys, "--format", "json")[1] == plain


def test_select_and_ignore_on_the_command_line(
    defects: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = run(capsys, "--format", "json", "--select", "FLD007")
    assert {d["code"] for d in json.loads(out)["diagnostics"]} == {"FLD007"}
    _, out, _ = run(capsys, "--format", "json", "--ignore", "value-not-allowed,FLD007")
    assert json.loads(out)["diagnostics"] == []


def test_rules_lists_every_check_and_prints_one_page(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == EXIT_OK
    listing = capsys.readouterr().out
    for rule in CHECKS:
        assert f"| [{rule.code}]({rule.code}.md) | {rule.name} | {rule.severity} |" in listing
    assert main(["rules", "broken-link"]) == EXIT_OK
    page = capsys.readouterr().out
    assert page.startswith("# LNK001 broken-link\n")
    assert "## Reported" in page and "## Not reported" in page
    assert main(["rules", "XYZ123"]) == EXIT_ERROR
    assert "no rule `XYZ123`" in capsys.readouterr().err


def test_parse_type_json_matches_the_reading_schema(
    defects: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["parse", "docs/adr/0002-use-redis.md", "--type", "adr", "--json"]) == EXIT_OK
    printed = json.loads(capsys.readouterr().out)
    jsonschema.Draft202012Validator(schema("reading")).validate(printed)
    status = printed["reading"]["fields"][0]
    assert (status["name"], status["raw"], status["value"], status["source"]) == (
        "Status",
        "Agreed-ish",
        None,
        "bullet",
    )


def test_parse_type_text_shows_where_each_value_came_from(
    defects: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["parse", "docs/adr/0003-use-postgres-dates.md", "--type", "adr"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "  Status       accepted  <- 'Accepted' (bullet 3:11)" in out
    assert "  Date         (not an allowed value)" not in out
    assert "[date: ambiguous]" in out


def test_parse_unknown_type_exits_2(defects: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "docs/adr/0002-use-redis.md", "--type", "adrr"]) == EXIT_ERROR
    assert "no type `adrr` (known: adr, " in capsys.readouterr().err


def test_sarif_of_a_real_run_passes_the_official_schema_and_multitool(
    defects: Path,
    capsys: pytest.CaptureFixture[str],
    sarif_schema_path: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Not a hand-made result: the SARIF `assay check` writes for a workspace with
    findings, related locations and a suppression validates, and Microsoft's validator
    finds nothing beyond the notes assay declines on purpose."""
    record = defects / "docs/adr/0004-superseded.md"
    record.write_text(
        GOOD.replace("# 1.", "# 4.").replace(
            "Accepted", "Superseded by [ADR 1](0001-use-postgres.md)"
        )
        + "\n<!-- assay: disable-next-line LNK001 -- moved -->\n[gone](gone.md)\n"
    )
    code, out, _ = run(capsys, "--format", "sarif")
    assert code == EXIT_FINDINGS
    log = json.loads(out)
    official = json.loads(sarif_schema_path.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(
        official, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )
    assert [e.message for e in validator.iter_errors(log)] == []
    results = log["runs"][0]["results"]
    assert any(r.get("relatedLocations") for r in results)
    assert any(r.get("suppressions") for r in results)
    folder = tmp_path_factory.mktemp("sarif")
    (folder / "assay.sarif").write_text(out, encoding="utf-8")
    findings = run_multitool(sarif_schema_path, folder / "validation.sarif", folder / "assay.sarif")
    assert [f for f in findings["assay.sarif"] if f[1] != "note"] == []
    assert {rule for rule, _ in findings["assay.sarif"]} <= ACCEPTED_NOTES


def test_an_unwritable_output_exits_2_and_leaves_nothing(
    defects: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (defects / "a-file").write_text("mine\n")
    code, _, err = run(capsys, "--output", "a-file/folder/report.txt")
    assert code == EXIT_ERROR
    assert "cannot write a-file/folder/report.txt" in err
    assert (defects / "a-file").read_text() == "mine\n"


def test_an_output_in_a_missing_folder_makes_the_folder(
    defects: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, _ = run(capsys, "--format", "json", "--output", "missing/folder/report.json")
    assert code in (EXIT_OK, EXIT_FINDINGS)
    assert json.loads((defects / "missing/folder/report.json").read_text())["version"] == 1


@pytest.mark.parametrize(
    "command",
    [["check"], ["check", "--format", "json"], ["rules"], ["rules", "DOC007"],
     ["schema"], ["schema", "report"], ["parse", "docs/adr/0001-use-postgres.md"],
     ["parse", "--json", "docs/adr/0001-use-postgres.md"],
     ["parse", "--type", "adr", "docs/adr/0001-use-postgres.md"]],
)  # fmt: skip
@pytest.mark.parametrize("where", ["closed", "full"])
def test_standard_output_that_cannot_be_written_exits_2_and_says_why(
    defects: Path, command: list[str], where: str
) -> None:
    """A closed descriptor (`assay check >&-`) or a full disk is the environment's
    problem: one line on standard error, exit 2, no trace asking for a bug report."""
    if where == "full" and not Path("/dev/full").exists():
        pytest.fail("this test needs /dev/full (Linux)")
    ran = _run_with_stdout(command, where)
    assert ran.returncode == EXIT_ERROR, ran.stderr
    reason = "standard output is closed" if where == "closed" else "No space left on device"
    assert ran.stderr == f"assay: cannot write the output: {reason}\n"


def test_a_report_file_is_written_while_standard_output_is_closed(defects: Path) -> None:
    ran = _run_with_stdout(["check", "--format", "json", "--output", "r.json"], "closed")
    assert ran.returncode == EXIT_FINDINGS, ran.stderr
    assert json.loads((defects / "r.json").read_text())["summary"]["errors"] == 1


def _run_with_stdout(command: list[str], where: str) -> subprocess.CompletedProcess[str]:
    """``python -m assay COMMAND`` in the current folder with its standard output closed
    (``>&-``) or on ``/dev/full``."""
    redirect = ">&-" if where == "closed" else ">/dev/full"
    return subprocess.run(
        ["sh", "-c", f'exec "$@" {redirect}', "sh", sys.executable, "-m", "assay", *command],
        stderr=subprocess.PIPE,
        text=True,
        check=False,
        env={**os.environ, "ASSAY_NO_CACHE": "1"},
    )


def test_output_replaces_the_whole_file(defects: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "--format", "json", "--output", "report.json")  # a previous report, padded
    (defects / "report.json").write_text((defects / "report.json").read_text() + " " * 100_000)
    run(capsys, "--format", "json", "--output", "report.json")
    assert len((defects / "report.json").read_bytes()) < 100_000
    assert json.loads((defects / "report.json").read_text())["version"] == 1
    assert [p.name for p in defects.iterdir() if p.name.startswith(".report")] == []


def test_a_folder_reports_the_files_below_it_and_dot_reports_all(
    defects: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (defects / "notes").mkdir()
    (defects / "notes/0001-elsewhere.md").write_text(UNKNOWN_STATUS)
    _, everything, _ = run(capsys, "--format", "json")
    _, folder, _ = run(capsys, "--format", "json", "docs/adr/")
    _, dot, _ = run(capsys, "--format", "json", ".")
    assert json.loads(folder)["summary"]["files"] == 3
    assert json.loads(folder)["diagnostics"] == json.loads(everything)["diagnostics"]
    assert dot == everything
    _, none, _ = run(capsys, "--format", "json", "notes")
    assert json.loads(none)["diagnostics"] == []  # `notes/` holds no records


def test_parse_type_of_an_undecodable_file_reports_where_and_exits_2(
    defects: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (defects / "docs/adr/0009-latin.md").write_bytes(b"# 9. Caf\xe9\n")
    assert main(["parse", "docs/adr/0009-latin.md", "--type", "adr", "--json"]) == EXIT_ERROR
    out, err = capsys.readouterr()
    assert json.loads(out)["reading"] is None
    assert "docs/adr/0009-latin.md:1:9: DOC001 [error] not UTF-8" in err


def test_a_fifo_among_the_records_is_reported_not_read(tmp_path: Path) -> None:
    """Outside git, discovery meets the FIFO and reports it (PTH003); the text report
    does not open it for an excerpt either, which would wait for a writer forever."""
    workspace(tmp_path, {"docs/adr/0001-use-postgres.md": GOOD})
    os.mkfifo(tmp_path / "docs/adr/0002-pipe.md")
    ran = subprocess.run(
        [sys.executable, "-m", "assay", "check", "--no-cache"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert ran.returncode == EXIT_FINDINGS, ran.stderr
    assert "docs/adr/0002-pipe.md:1:1: PTH003 [error] not a regular file" in ran.stdout


def test_the_summary_counts_the_files_its_findings_are_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 24: a finding in a spec (here a source without a digest, PIN003) read
    "1 error … in 0 files": no document was checked, but the report is about a file."""
    spec = 'declaration "testing" version 1 {\n    primary "guide.md"\n}\n'
    monkeypatch.chdir(workspace(tmp_path, {"assay/context.assay": spec, "guide.md": "x\n"}))
    code, out, _ = run(capsys)
    assert code == EXIT_FINDINGS
    assert out.endswith("1 error, 0 warnings, 0 infos in 1 file\n"), out
    code, out, _ = run(capsys, "--format", "json")
    assert json.loads(out)["summary"]["files"] == 1


RST_RECORD = """\
1. Use PostgreSQL
=================

:Status: Accepted
:Date: 2024-03-05

Context
-------

The ledger needs transactions, as `the notes`_ say.

Decision
--------

PostgreSQL 16.

Consequences
------------

One more service to run.
"""


def test_rst_series_is_checked_with_no_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`assay check` finds a `.rst` series by convention and reports its defects."""
    root = workspace(
        tmp_path,
        {
            "docs/decisions/0001-use-postgres.rst": RST_RECORD,
            "docs/decisions/0002-use-redis.rst": RST_RECORD.replace(
                "1. Use PostgreSQL", "2. Use Redis  "
            ).replace("2024-03-05", "2024-13-05"),
        },
    )
    monkeypatch.chdir(root)
    code, out, _ = run(capsys, "--format", "json")
    found = sorted(
        (d["path"], d["line"], d["column"], d["code"]) for d in json.loads(out)["diagnostics"]
    )
    assert code == EXIT_FINDINGS
    assert found == [
        ("docs/decisions/0001-use-postgres.rst", 10, 35, "DOC021"),
        ("docs/decisions/0002-use-redis.rst", 5, 1, "FLD003"),
        ("docs/decisions/0002-use-redis.rst", 10, 35, "DOC021"),
    ]
    assert json.loads(out)["summary"]["files"] == 2

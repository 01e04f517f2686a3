"""The command line: parse, schema, version, exit codes, and JSON that matches its schema."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import jsonschema
import pytest

from assay import __version__
from assay.cli import EXIT_ERROR, EXIT_OK, main
from assay.cli.commands.schema import NAMES, schema

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "examples"
STYLES = ROOT / "tests" / "fixtures" / "styles"
DOCUMENTS = sorted(EXAMPLES.glob("docs/adr/*.md")) + sorted(STYLES.glob("*.md"))
SPECS = sorted(EXAMPLES.glob("assay/*.assay")) + sorted(
    (ROOT / "tests" / "grammar" / "cases" / "spec").glob("*.assay")
)


def _validate(name: str, value: object) -> None:
    jsonschema.Draft202012Validator(schema(name)).validate(value)


@pytest.mark.parametrize("name", sorted(NAMES))
def test_schemas_are_valid_json_schemas(name: str) -> None:
    """Every published schema is itself a valid Draft 2020-12 schema."""
    jsonschema.Draft202012Validator.check_schema(schema(name))


@pytest.mark.parametrize("path", DOCUMENTS, ids=[p.name for p in DOCUMENTS])
def test_parse_json_matches_document_schema(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`assay parse FILE --json` prints JSON that validates against `assay schema document`."""
    assert main(["parse", str(path), "--json"]) == EXIT_OK
    value = json.loads(capsys.readouterr().out)
    _validate("document", value)
    assert value["tool"] == {"name": "assay", "version": __version__}
    assert value["document"]["path"] == path.as_posix()


@pytest.mark.parametrize("path", SPECS, ids=[p.name for p in SPECS])
def test_parse_spec_json_matches_spec_schema(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`assay parse --spec FILE --json` prints JSON that validates against `assay schema spec`."""
    assert main(["parse", "--spec", str(path), "--json"]) == EXIT_OK
    _validate("spec", json.loads(capsys.readouterr().out))


def test_schema_rejects_a_wrong_document() -> None:
    """The document schema is strict: an unknown key or a missing span fails validation."""
    good = {
        "version": 1,
        "tool": {"name": "assay", "version": "0"},
        "document": None,
        "diagnostics": [],
    }
    _validate("document", good)
    with pytest.raises(jsonschema.ValidationError):
        _validate("document", {**good, "extra": 1})
    with pytest.raises(jsonschema.ValidationError):
        _validate("document", {**good, "diagnostics": [{"code": "DOC001"}]})


def test_report_schema_accepts_the_design_contract() -> None:
    """The report schema accepts the JSON report shape DESIGN §4 fixes."""
    report = {
        "version": 1,
        "tool": {"name": "assay", "version": "0.1.0"},
        "diagnostics": [
            {
                "code": "DOC003",
                "name": "missing-section",
                "severity": "error",
                "message": "required section `Decision` is missing",
                "path": "docs/adr/0001-x.md",
                "line": 1,
                "column": 1,
                "end_line": 1,
                "end_column": 12,
                "related": [],
            }
        ],
        "summary": {"files": 1, "errors": 1, "warnings": 0, "infos": 0},
    }
    _validate("report", report)


def test_parse_text_outline(capsys: pytest.CaptureFixture[str]) -> None:
    """The text form lists titles, sections with positions, links and suppressions."""
    path = EXAMPLES / "docs" / "adr" / "0003-partition-ledger-by-tenant.md"
    assert main(["parse", str(path)]) == EXIT_OK
    out = capsys.readouterr().out
    assert "h1           'ADR 0003: Partition the ledger by tenant'" in out
    assert "     7:1    ## Context" in out
    assert "disable-next-line LNK001 -- the runbook lives in the operations repository" in out


def test_parse_undecodable_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file that is not UTF-8 prints DOC001 with its position and exits 2."""
    bad = tmp_path / "bad.md"
    bad.write_bytes(b"# T\n\xff\n")
    assert main(["parse", str(bad)]) == EXIT_ERROR
    err = capsys.readouterr().err
    assert f"{bad.as_posix()}:2:1: DOC001 [error]" in err


def test_parse_spec_error_shows_caret(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A spec syntax error exits 2 with file:line:col, the source line and a caret."""
    spec = tmp_path / "team.assay"
    spec.write_text('type decision {\n    files "docs/*.md"\n    sections "Context" required\n}\n')
    assert main(["parse", "--spec", str(spec)]) == EXIT_ERROR
    err = capsys.readouterr().err
    assert f"{spec.as_posix()}:3:5: SPC001 [error]" in err
    assert '    3 |     sections "Context" required' in err
    assert "      |     ^" in err


def test_missing_file_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    """A file that does not exist is a usage error, reported on stderr."""
    assert main(["parse", "no/such/file.md"]) == EXIT_ERROR
    assert "cannot read no/such/file.md" in capsys.readouterr().err


def test_unknown_schema_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    """`assay schema NAME` with an unknown name lists the known ones and exits 2."""
    assert main(["schema", "nope"]) == EXIT_ERROR
    assert "expected one of: document, spec, reading, report" in capsys.readouterr().err


def test_schema_lists_names(capsys: pytest.CaptureFixture[str]) -> None:
    """`assay schema` alone lists the schemas."""
    assert main(["schema"]) == EXIT_OK
    assert capsys.readouterr().out.split()[0] == "document"


def test_version_and_usage(capsys: pytest.CaptureFixture[str]) -> None:
    """`--version` prints the version and exits 0; no command is a usage error (2)."""
    assert main(["--version"]) == EXIT_OK
    assert capsys.readouterr().out.strip() == f"assay {__version__}"
    assert main([]) == EXIT_ERROR
    assert main(["frobnicate"]) == EXIT_ERROR


def test_console_script_and_module_entry_points() -> None:
    """`python -m assay` runs the same main as the `assay` console script."""
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "assay", "--version"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0 and result.stdout.strip() == f"assay {__version__}"


def test_the_command_ends_quickly_yet_prints_everything(
    examples_dir: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The `assay` command ends its process without tearing the interpreter down
    (`cli.end`): the whole report still arrives through a pipe, with its exit code."""
    import subprocess
    import sys

    shutil.copytree(examples_dir, tmp_path / "w")
    monkeypatch.chdir(tmp_path / "w")
    monkeypatch.setenv("ASSAY_NO_CACHE", "1")
    code = main(["check", "--format", "json"])
    expected = capsys.readouterr().out
    buffered = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    result = subprocess.run(
        [sys.executable, "-m", "assay", "check", "--format", "json"],
        capture_output=True, text=True, check=False, env=buffered,
    )  # fmt: skip
    # A pipe is block-buffered: without the flush in `end`, the report would be lost.
    assert (result.returncode, result.stdout) == (code, expected)
    assert code == 1 and expected.count('"code"') >= 8


def test_a_run_whose_output_cannot_be_written(examples_dir: Path, tmp_path: Path) -> None:
    """A reader that went away (`assay check | head`) keeps the run's exit code, with
    no Python complaint on stderr; a full disk is exit 2 with one line saying so."""
    import subprocess
    import sys

    shutil.copytree(examples_dir, tmp_path / "w")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["ASSAY_NO_CACHE"] = "1"
    command = [sys.executable, "-m", "assay", "check"]
    with subprocess.Popen(
        command, cwd=tmp_path / "w", env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()  # long before assay writes: its flush meets a broken pipe
        errors = process.stderr.read()
        assert (process.wait(), errors) == (1, b"")  # 1: the examples have findings
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            command, cwd=tmp_path / "w", env=env, stdout=full, stderr=subprocess.PIPE
        )
    assert (result.returncode, result.stderr) == (
        2,
        b"assay: cannot write the output: No space left on device\n",
    )


@pytest.mark.parametrize("columns", [None, "120", "33", "0", "-4", "wide", ""])
def test_help_is_as_wide_as_shutil_says(
    columns: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """argparse's help width is found without importing shutil, and the same way."""
    from assay.cli import terminal_columns

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns


def test_help_wraps_at_the_terminal_width(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def description(columns: int) -> list[str]:
        monkeypatch.setenv("COLUMNS", str(columns))
        assert main(["check", "--help"]) == EXIT_OK
        paragraphs = capsys.readouterr().out.split("\n\n")
        return next(p for p in paragraphs if p.startswith("Check every")).splitlines()

    assert len(description(400)) == 1
    narrow = description(40)
    assert len(narrow) > 3 and max(map(len, narrow)) <= 38


def test_a_pre_commit_run_loads_only_what_it_needs(examples_dir: Path, tmp_path: Path) -> None:
    """A warm run over one record (what pre-commit starts for every commit) does not
    import what only other runs need: Lark (the spec's types are kept), YAML (no
    front matter), cattrs (text output), a process pool, shutil (argparse's width)."""
    import subprocess
    import sys

    shutil.copytree(examples_dir, tmp_path / "w")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("ASSAY_NO_CACHE", None)
    record = "docs/adr/0008-archive-closed-accounts.md"
    assert "---" not in (tmp_path / "w" / record).read_text(encoding="utf-8")[:4]
    probe = (
        "import sys\nfrom assay.cli import main\n"
        f"code = main(['check', {record!r}])\n"
        "heavy = ('lark', 'yaml', 'cattrs', 'multiprocessing', 'shutil', 'concurrent')\n"
        "print(sorted(m for m in heavy if m in sys.modules), file=sys.stderr)\n"
    )
    runs = [
        subprocess.run([sys.executable, "-c", probe], cwd=tmp_path / "w", env=env,
                       capture_output=True, text=True, check=False)
        for _ in range(2)
    ]  # fmt: skip
    assert runs[1].stderr.strip() == "[]", runs[1].stderr
    assert runs[0].stderr.strip() != "[]"  # the cold run did need some of them

"""What a new user meets (issue 12 §2): a run that finds nothing says where it looked,
paths that are no document say so, discovery's notes are shown, `assay files` lists
what discovery found, every code has a rule page, config selectors that name no check
are located, suppressed findings are counted and can be listed, and `assay.check`
returns the report as a value."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension

import assay
from assay.cli import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, main
from assay.cli.commands.schema import schema
from assay.engine.checks.registry import RULES
from tests.cli.test_check_command import GOOD, workspace

SPEC_CODES = [r.code for r in RULES if r.stage == "spec"]

BROKEN = GOOD.replace("# 1. Use", "# 2. Use").replace(
    "## Context", "See [the notes](notes.md).\n\n## Context"
)
SILENCED = GOOD.replace("# 1. Use", "# 2. Use").replace(
    "## Context",
    "<!-- assay: disable-next-line LNK001 -- the notes moved to the wiki -->\n"
    "See [the notes](notes.md).\n\n## Context",
)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Two records, a template and a README in docs/adr, and a note elsewhere."""
    root = workspace(
        tmp_path,
        {
            "docs/adr/0001-use-postgres.md": GOOD,
            "docs/adr/0002-link-the-notes.md": BROKEN,
            "docs/adr/template.md": "# Title\n",
            "docs/adr/README.md": "# Decisions\n",
            "notes/meeting.md": "# Meeting\n",
        },
    )
    monkeypatch.chdir(root)
    return root


# --- a run that finds nothing, and paths that are no document ---------------------


def test_no_records_says_where_it_looked_and_exits_0(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(workspace(tmp_path, {"notes/meeting.md": "# Meeting\n"}))
    code, out, err = run(capsys, "check")
    assert code == EXIT_OK
    assert out == "0 errors, 0 warnings, 0 infos in 0 files\n"
    assert "no decision records found below" in err
    assert "docs/adr, docs/decisions" in err and ".adr-dir" in err
    assert 'set `include = ["path/to/records/*.md"]`' in err
    assert "`assay files`" in err


def test_no_match_for_include_names_the_globs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(workspace(tmp_path, {"notes/meeting.md": "# Meeting\n"}))
    (tmp_path / "assay.toml").write_text('include = ["records/*.md"]\n')
    code, _, err = run(capsys, "check")
    assert code == EXIT_OK
    assert '`include = ["records/*.md"]` (from assay.toml) matches' in err


def test_records_found_say_nothing_more(records: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check")
    assert (code, err) == (EXIT_FINDINGS, "")


def test_a_path_that_is_no_document_says_so_when_verbose(
    records: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "check", "--verbose", "notes/meeting.md")
    assert code == EXIT_OK
    assert out == "0 errors, 0 warnings, 0 infos in 0 files\n"
    assert err.startswith("assay check: note: notes/meeting.md is no document of this workspace")
    # A record, a skipped template and the folder holding them are all known.
    for known in ("docs/adr/0001-use-postgres.md", "docs/adr/template.md", "docs/adr", "docs"):
        assert run(capsys, "check", "--verbose", known)[2] == "", known


def test_a_path_that_is_no_document_is_quiet_by_default(
    records: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # pre-commit passes every changed text file: a note on each commit is noise (issue 25).
    (records / "src").mkdir()
    (records / "src/Program.cs").write_text("class Program {}\n")
    code, out, err = run(capsys, "check", "docs/adr/0002-link-the-notes.md", "src/Program.cs")
    assert code == EXIT_FINDINGS  # the record's own findings are reported as ever
    assert "docs/adr/0002-link-the-notes.md" in out
    assert err == ""


def test_many_paths_that_are_no_document_make_one_line(
    records: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = [f"src/m{n}.py" for n in range(8)]
    for name in names:
        (records / name).parent.mkdir(exist_ok=True)
        (records / name).write_text("x = 1\n")
    code, _, err = run(capsys, "check", "--verbose", "docs/adr/0001-use-postgres.md", *names)
    assert code == EXIT_OK
    assert err.count("\n") == 1
    assert (
        "src/m0.py, src/m1.py, src/m2.py, src/m3.py, src/m4.py and 3 more are no documents" in err
    )


@given(
    st.lists(
        st.sampled_from(
            [
                "docs",
                "docs/adr",
                "docs/adr/0001-a.md",
                "notes",
                "x.md",
                "docs/ad",
                "docs/adr/0001",
                "docs/adr/0001-a.md/",
            ]
        ),
        max_size=6,
    )
)
def test_unmatched_paths_are_exactly_those_nothing_is_under(paths: list[str]) -> None:
    """Property: a path is unmatched iff it is not a known file and no known file is below it."""
    from assay.engine.runner.run import _unmatched
    from assay.engine.workspace.candidates import Candidate, Discovery
    from assay.engine.workspace.config import Config

    root = Path("/nowhere")
    discovery = Discovery(
        root=root,
        documents=(Candidate(path="docs/adr/0001-a.md", origin="convention"),),
        specs=(),
        skipped=(),
        notes=(),
        git=False,
    )

    class _Workspace:  # only what `_unmatched` reads
        config = Config(root=root)
        declarations = ()

    fake = _Workspace()
    fake.discovery = discovery  # type: ignore[attr-defined]
    expected = tuple(
        p for p in paths if p.rstrip("/") not in ("docs", "docs/adr", "docs/adr/0001-a.md")
    )
    assert _unmatched(paths, fake) == expected  # type: ignore[arg-type]


# --- discovery's notes ------------------------------------------------------------


def test_an_unusable_adr_dir_is_a_warning_in_check_and_files(
    records: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (records / ".adr-dir").write_text("doc/architecture\n")
    code, _, err = run(capsys, "check")
    assert code == EXIT_FINDINGS
    assert err == (
        "assay check: warning: .adr-dir: names doc/architecture, which is not a folder\n"
    )
    _, out, _ = run(capsys, "files")
    assert "warning: .adr-dir: names doc/architecture, which is not a folder\n" in out
    _, listing, _ = run(capsys, "files", "--format", "json")
    assert json.loads(listing)["notes"] == [
        {
            "path": ".adr-dir",
            "line": None,
            "message": "names doc/architecture, which is not a folder",
        }
    ]


# --- assay files --------------------------------------------------------------------


def test_files_lists_documents_types_and_why(
    records: Path, capsys: pytest.CaptureFixture[str], snapshot: SnapshotAssertion
) -> None:
    (records / "decisions.assay").write_text("use adr\n")
    code, out, err = run(capsys, "files")
    assert (code, err) == (EXIT_OK, "")
    assert out == snapshot


def test_files_json_matches_its_schema_and_snapshot(
    records: Path, capsys: pytest.CaptureFixture[str], snapshot: SnapshotAssertion
) -> None:
    (records / "docs/adr/0003-choose-options.md").write_text(
        "# Choose options\n\n## Context and Problem Statement\n\nWhich?\n\n"
        "## Decision Outcome\n\nThis one.\n"
    )
    code, out, _ = run(capsys, "files", "--format", "json")
    listing = json.loads(out)
    jsonschema.Draft202012Validator(schema("files")).validate(listing)
    listing["tool"]["version"] = "<version>"
    assert code == EXIT_OK
    assert listing == snapshot.use_extension(JSONSnapshotExtension)


def test_files_reads_madr_and_type_globs(records: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (records / "docs/adr/0003-choose-options.md").write_text(
        "# Choose options\n\n## Context and Problem Statement\n\nWhich?\n"
    )
    (records / "team.assay").write_text(
        'use adr\n\ntype meeting extends adr {\n    files "notes/*.md"\n}\n'
    )
    _, out, _ = run(capsys, "files")
    lines = {line.split()[0]: line.split(None, 2)[1:] for line in out.splitlines()[:-1]}
    assert lines["docs/adr/0003-choose-options.md"][0] == "madr"
    assert lines["notes/meeting.md"] == ["meeting", 'matches its type\'s files "notes/*.md"']
    assert lines["team.assay"] == ["spec", 'matches specs "**/*.assay"']


def test_files_says_why_a_series_outside_the_usual_folders_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The Cosmos layout (issue 25): found by its files' names and text, no `.adr-dir`.
    cosmos = GOOD.replace("# 1. Use", "# ADR 001: Use")
    monkeypatch.chdir(
        workspace(
            tmp_path,
            {
                "docs/architecture/adr-001-use-postgres.md": cosmos,
                "docs/architecture/adr-002-use-redis.md": cosmos.replace("001", "002"),
                "docs/architecture/README.md": "# Decisions\n",
                "notes/0001-kickoff.md": "# Kickoff\n\nStatus: we met.\n",
                "notes/0002-retro.md": "# Retro\n\nWe met again.\n",
                "notes/0003-retro.md": "# Retro\n\nWe met once more.\n",
            },
        )
    )
    code, out, _ = run(capsys, "files")
    lines = {line.split()[0]: line.split(None, 2)[1:] for line in out.splitlines()[:-1]}
    assert code == EXIT_OK
    assert lines["docs/architecture/adr-001-use-postgres.md"] == [
        "adr",
        "in docs/architecture, whose files are named and written as records",
    ]
    assert "docs/architecture/README.md" not in lines
    assert lines["notes/0002-retro.md"] == [
        "-",
        "skipped: not a record (1 of the 3 named as records in notes read as one)",
    ]
    assert out.splitlines()[-1] == "2 documents, 0 specs, 3 skipped"


def test_files_with_a_bad_config_exits_2(records: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (records / "assay.toml").write_text("includ = []\n")
    code, _, err = run(capsys, "files")
    assert code == EXIT_ERROR
    assert "assay.toml:1:1: unknown key `includ`; did you mean `include`?" in err


# --- assay rules for every code -------------------------------------------------------


@pytest.mark.parametrize("code", [*SPEC_CODES, "PTH005", "spec-syntax-error"])
def test_rules_answers_for_spec_codes_and_pth005(
    code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "rules", code)
    assert (status, err) == (EXIT_OK, "")
    assert out.startswith("# ")
    assert code in out.splitlines()[0]


def test_rules_index_lists_the_spec_codes(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "rules")
    assert "## Specs" in out
    assert all(f"[{code}]({code}.md)" in out for code in SPEC_CODES)


# --- config selectors that name no check -----------------------------------------------


@pytest.mark.parametrize(
    ("config", "where", "said"),
    [
        ('select = ["DOC", "broken-lnk"]\n', "assay.toml:1:18", "did you mean `broken-link`?"),
        ('ignore = ["LNK9"]\n', None, "must be a code"),  # a shape error, found earlier
        ('[severity]\nDOC999 = "off"\n', "assay.toml:2:1", "DOC has DOC001 to DOC0"),
        (
            '[per-file-ignores]\n"docs/*" = ["LNK", "missing-titel"]\n',
            "assay.toml:2:20",
            "did you mean `missing-title`?",
        ),
    ],
)
def test_a_config_selector_naming_no_check_is_located(
    records: Path, capsys: pytest.CaptureFixture[str], config: str, where: str | None, said: str
) -> None:
    (records / "assay.toml").write_text(config)
    code, out, err = run(capsys, "check")
    assert (code, out) == (EXIT_ERROR, "")
    assert said in err
    if where is not None:
        assert err.startswith(f"assay check: {where}: `")
        assert "names no check" in err


def test_a_pyproject_selector_is_located_inside_tool_assay(
    records: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (records / "assay.toml").unlink()
    (records / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.assay]\nignore = ["brokn-link"]\n'
    )
    code, _, err = run(capsys, "check")
    assert code == EXIT_ERROR
    assert err.startswith("assay check: pyproject.toml:5:11: `ignore`: `brokn-link` names no check")


def test_a_command_line_selector_gets_a_suggestion(
    records: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "check", "--select", "broken-lnk")
    assert code == EXIT_ERROR
    assert "did you mean `broken-link`?" in err


# --- suppressed findings ------------------------------------------------------------------


@pytest.fixture
def silenced(records: Path) -> Path:
    (records / "docs/adr/0002-link-the-notes.md").write_text(SILENCED)
    (records / "assay.toml").write_text('[per-file-ignores]\n"docs/adr/0001-*" = ["DOC"]\n')
    (records / "docs/adr/0001-use-postgres.md").write_text(GOOD + "\n## Context\n\nAgain.\n")
    return records


def test_json_summary_counts_suppressed_findings(
    silenced: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "check", "--format", "json")
    report = json.loads(out)
    jsonschema.Draft202012Validator(schema("report")).validate(report)
    assert code == EXIT_OK
    assert report["diagnostics"] == []
    assert report["summary"]["suppressed"] == 2


def test_show_suppressed_lists_them_in_the_text_report(
    silenced: Path, capsys: pytest.CaptureFixture[str], snapshot: SnapshotAssertion
) -> None:
    _, plain, _ = run(capsys, "check")
    assert plain == "0 errors, 0 warnings, 0 infos in 2 files (2 suppressed)\n"
    code, out, _ = run(capsys, "check", "--show-suppressed")
    assert code == EXIT_OK
    assert "  suppressed: inline, line 6 -- the notes moved to the wiki" in out
    assert "  suppressed: config, per-file-ignores" in out
    assert out == snapshot


def test_show_suppressed_is_for_the_text_report(
    silenced: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "check", "--show-suppressed", "--format", "json")
    assert (code, out) == (EXIT_ERROR, "")
    assert "--show-suppressed is for the text report" in err


# --- the Python API -----------------------------------------------------------------------


def test_assay_check_returns_the_report_and_prints_nothing(
    records: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = assay.check(records)
    assert isinstance(report, assay.Report)
    assert [d.code for d in report.diagnostics] == ["LNK001"]
    assert report.files == ("docs/adr/0001-use-postgres.md", "docs/adr/0002-link-the-notes.md")
    assert capsys.readouterr() == ("", "")


def test_assay_check_paths_and_config(
    records: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    only = assay.check(records, paths=["docs/adr/0001-use-postgres.md"])
    assert (only.diagnostics, only.files) == ((), ("docs/adr/0001-use-postgres.md",))
    elsewhere = tmp_path_factory.mktemp("config") / "strict.toml"
    elsewhere.write_text('ignore = ["LNK"]\n')
    assert assay.check(records, config=elsewhere).diagnostics == ()
    from assay.engine.workspace.config import ConfigError
    from assay.errors import AssayError

    with pytest.raises(ConfigError, match="config file not found"):
        assay.check(records, config=records / "missing.toml")

    with pytest.raises(AssayError, match="no such file"):
        assay.check(records, paths=["docs/adr/0009-missing.md"])


def test_assay_check_is_the_runner_s_check(records: Path) -> None:
    """`assay.engine.runner.run.check` keeps working, and gives the same report."""
    from assay.engine.runner.run import check
    from assay.engine.workspace.config import load_config

    assert check(load_config(records)) == assay.check(records)

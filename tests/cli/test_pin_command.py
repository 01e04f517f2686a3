"""`assay pin [--write]` and the pin checks of `assay check`, end to end in a real git
repository: the drift round trip, missing digests, idempotence, ranges, every hostile
path, and arbitrary bytes as a pinned file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assay.cli import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, main
from tests.cli.pin_repo import GUIDE, git, make_repo, sha

SPEC = 'declaration testing version 1 {\n    primary "guides/testing.md" sha256 "%s"\n}\n'


def _codes(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    """The exit code and the codes of `assay check --format json ARGS`."""
    code = main(["check", "--format", "json", *args])
    out = capsys.readouterr().out
    return code, [d["code"] for d in json.loads(out)["diagnostics"]]


def _pin(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    code = main(["pin", "--format", "json", *args])
    return code, json.loads(capsys.readouterr().out)


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = make_repo(tmp_path / "repo", SPEC % sha(GUIDE))
    monkeypatch.chdir(root)
    return root


def test_round_trip_drift_fails_check_then_write_renews_only_the_digest(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = repo / "assay" / "context.assay"
    assert _codes(capsys) == (EXIT_OK, [])  # warm: the check cache now holds this run
    before = spec.read_bytes()
    changed = GUIDE + b"Lint with `make lint`.\n"
    (repo / "guides" / "testing.md").write_bytes(changed)

    code, codes = _codes(capsys)
    assert (code, codes) == (EXIT_FINDINGS, ["PIN001"])  # not served stale from the cache
    # pre-commit passes the changed pinned file: the finding (in the spec) is reported
    assert _codes(capsys, "guides/testing.md") == (EXIT_FINDINGS, ["PIN001"])
    assert main(["check"]) == EXIT_FINDINGS
    out = capsys.readouterr().out
    assert sha(GUIDE) in out and sha(changed) in out and "assay pin --write" in out
    assert "assay/context.assay:2:" in out

    assert _pin(capsys)[0] == EXIT_FINDINGS
    assert spec.read_bytes() == before  # verifying writes nothing
    assert main(["pin", "--write"]) == EXIT_OK
    assert "renewed the digests in assay/context.assay" in capsys.readouterr().out
    assert _codes(capsys) == (EXIT_OK, [])
    after = spec.read_bytes()
    start = before.index(sha(GUIDE).encode())
    assert len(after) == len(before)
    assert before[:start] == after[:start] and before[start + 64 :] == after[start + 64 :]
    assert after[start : start + 64] == sha(changed).encode()


def test_write_adds_missing_digests_and_a_second_write_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = (
        "# two sources, one with lines\r\n"
        "declaration testing version 1 {\r\n"
        '    primary  "guides/testing.md"   # the guide\r\n'
        '    optional "guides/testing.md" lines 3..4\r\n'
        "}\r\n"
    )
    root = make_repo(tmp_path / "repo", spec)
    monkeypatch.chdir(root)
    assert _codes(capsys) == (EXIT_FINDINGS, ["PIN003", "PIN003"])
    assert main(["pin", "--write"]) == EXIT_OK
    capsys.readouterr()
    digest = sha(GUIDE)
    assert (root / "assay" / "context.assay").read_bytes() == (
        "# two sources, one with lines\r\n"
        "declaration testing version 1 {\r\n"
        f'    primary  "guides/testing.md" sha256 "{digest}"   # the guide\r\n'
        f'    optional "guides/testing.md" lines 3..4 sha256 "{digest}"\r\n'
        "}\r\n"
    ).encode()
    stat = (root / "assay" / "context.assay").stat()
    assert main(["pin", "--write"]) == EXIT_OK
    assert "renewed" not in capsys.readouterr().out
    again = (root / "assay" / "context.assay").stat()
    assert (again.st_ino, again.st_mtime_ns) == (stat.st_ino, stat.st_mtime_ns)  # not replaced
    assert _codes(capsys) == (EXIT_OK, [])


def test_a_range_past_the_end_is_pin002_at_the_lines_and_stays_after_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = 'declaration t version 1 {\n    primary "guides/testing.md" lines 3..40\n}\n'
    root = make_repo(tmp_path / "repo", spec)
    monkeypatch.chdir(root)
    assert main(["check"]) == EXIT_FINDINGS
    out = capsys.readouterr().out
    assert "assay/context.assay:2:33: PIN002" in out
    assert "lines 3..40 but the file has 4 lines" in out
    assert main(["pin", "--write"]) == EXIT_FINDINGS  # the digest is written, the range not
    assert "PIN002" in capsys.readouterr().out
    assert _codes(capsys) == (EXIT_FINDINGS, ["PIN002"])


HOSTILE = [
    ("../x", "PTH001"),
    ("/etc/passwd", "PTH001"),
    ("a/../../x", "PTH001"),
    ("linked.md", "PTH002"),
    ("through/guide.md", "PTH002"),
    ("pipe", "PTH003"),
    ("guides", "PTH003"),
    ("untracked.md", "PTH004"),
]


@pytest.mark.parametrize(("path", "code"), HOSTILE, ids=[c for _, c in HOSTILE])
def test_each_hostile_path_is_its_pth_code_in_check_and_is_never_written(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    path: str,
    code: str,
) -> None:
    (tmp_path / "x").write_text("outside\n")
    spec = f'declaration t version 1 {{\n    primary "{path}"\n}}\n'
    root = make_repo(tmp_path / "repo", spec)
    (root / "linked.md").symlink_to("guides/testing.md")
    (root / "through").symlink_to("guides")
    os.mkfifo(root / "pipe")
    git(root, "add", "linked.md", "through")
    (root / "untracked.md").write_bytes(GUIDE)
    monkeypatch.chdir(root)
    spec_file = root / "assay" / "context.assay"
    before = spec_file.read_bytes()

    assert main(["check", "--format", "json"]) == EXIT_FINDINGS
    found = json.loads(capsys.readouterr().out)["diagnostics"]
    assert [(d["code"], d["path"], d["line"], d["column"]) for d in found] == [
        (code, "assay/context.assay", 2, 5)
    ]
    assert main(["pin", "--write"]) == EXIT_FINDINGS
    assert code in capsys.readouterr().out
    assert spec_file.read_bytes() == before


def test_pin_exit_codes_for_a_clean_workspace_and_a_spec_error(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, report = _pin(capsys)
    assert (code, report["diagnostics"]) == (EXIT_OK, [])
    assert main(["pin"]) == EXIT_OK
    assert capsys.readouterr().out.endswith("assay pin: 1 pinned source: 1 hold\n")
    bad = 'declaration t version 1 {\n    primary "a" sha256 "zz"\n}\n'
    (repo / "assay" / "context.assay").write_text(bad)
    assert main(["pin", "--write"]) == EXIT_ERROR
    assert "SPC004" in capsys.readouterr().err


@settings(
    max_examples=min(settings().max_examples, 25),
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.binary(max_size=300), ranged=st.booleans())
def test_arbitrary_bytes_as_a_pinned_file_never_crash_check_or_pin(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    data: bytes,
    ranged: bool,
) -> None:
    lines = " lines 2..3" if ranged else ""
    source = f'primary "guides/testing.md"{lines} sha256 "{"0" * 64}"'
    spec = f"declaration t version 1 {{\n    {source}\n}}\n"
    root = make_repo(tmp_path_factory.mktemp("bytes"), spec, {"guides/testing.md": data})
    monkeypatch.chdir(root)
    code, codes = _codes(capsys)
    assert code == EXIT_FINDINGS and "PIN001" in codes and "INT001" not in codes
    assert main(["pin", "--write"]) in (EXIT_OK, EXIT_FINDINGS)
    capsys.readouterr()
    assert sha(data) in (root / "assay" / "context.assay").read_text()
    code, codes = _codes(capsys)
    assert set(codes) <= {"PIN002"} and "PIN001" not in codes


def test_the_examples_are_pinned_and_drift_in_them_is_caught(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil

    from tests.conftest import ROOT

    root = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", root, symlinks=True)
    git(root, "init", "-q")
    git(root, "add", "-A")
    monkeypatch.chdir(root)
    assert main(["pin"]) == EXIT_OK
    capsys.readouterr()
    record = root / "docs/adr/0006-publish-settlement-events-through-an-outbox.md"
    record.write_bytes(record.read_bytes() + b"\nA late edit nobody reviewed.\n")
    code = main(["check", "--format", "json", "--select", "PIN"])
    found = json.loads(capsys.readouterr().out)["diagnostics"]
    assert code == EXIT_FINDINGS
    assert [(d["code"], d["path"]) for d in found] == [("PIN001", "assay/context.assay")]


def test_the_python_api_verifies_and_renews(repo: Path) -> None:
    import assay

    (repo / "guides" / "testing.md").write_bytes(b"changed\n")
    [result] = assay.verify_pins(repo)
    assert (result.status, result.actual, result.source.path) == (
        "mismatch",
        sha(b"changed\n"),
        "guides/testing.md",
    )
    assert result.spec == "assay/context.assay" and result.declaration.name == "testing"
    assert assay.renew_pins(repo) == ("assay/context.assay",)
    assert assay.renew_pins(repo) == ()
    assert [r.status for r in assay.verify_pins(repo)] == ["ok"]


def test_write_never_replaces_a_spec_file_that_became_a_link(repo: Path) -> None:
    """Discovery never loads a linked spec; should one become a link between reading and
    writing, --write refuses it rather than turn the link into a file."""
    import assay
    from assay.engine.context.pin_write import SpecChanged, renew

    (repo / "guides" / "testing.md").write_bytes(GUIDE + b"More.\n")
    results = assay.verify_pins(repo)
    spec = repo / "assay" / "context.assay"
    real = repo / "real.assay"
    spec.rename(real)
    spec.symlink_to(real)
    with pytest.raises(SpecChanged, match="is a symbolic link"):
        renew(repo, results)
    assert spec.is_symlink()
    assert real.read_text() == SPEC % sha(GUIDE)

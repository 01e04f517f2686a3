"""File names that are not UTF-8, or hold control characters, in every output format.

A POSIX file name is bytes; Python reads an undecodable byte as a lone surrogate, which
no UTF-8 output can hold (``--format sarif`` ended with UnicodeEncodeError).  Each format
writes such a name its own way (see ``assay.cli.names``).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.cli import EXIT_FINDINGS, main
from assay.cli.formats import FORMATTERS, github
from assay.engine.runner.result import RuleInfo, RunResult
from assay.spec.diagnostics import Diagnostic, Related
from assay.spec.source import Span
from tests.cli.test_formats import sarif_schema_path

__all__ = ["sarif_schema_path"]  # a fixture, imported so pytest finds it here too

#: `0001-`, a byte that is not UTF-8, an ESC, `.md`: as `os.fsdecode` reads it.
NAME = os.fsdecode(b"docs/adr/0001-\xff\x1b.md")
SHOWN = "docs/adr/0001-\\xff\\x1b.md"
_RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # all but tab and newline


def _result(path: str) -> RunResult:
    finding = Diagnostic(
        code="LNK001",
        name="broken-link",
        severity="error",
        message=f"`missing.md` does not exist (linked from {path})",
        path=path,
        span=Span(10, 20, 3, 5, 3, 15),
        related=(Related(f"see {path}", path, Span(0, 3, 1, 1, 1, 4)),),
    )
    rules = (RuleInfo("LNK001", "broken-link", "A link to a missing file.", "error"),)
    return RunResult(diagnostics=(finding,), suppressed=(), files=(path,), rules=rules)


def _render(name: str, path: str = NAME) -> str:
    out = FORMATTERS[name](_result(path), version="0.1.0", source=lambda _: None)
    out.encode("utf-8")  # strict: the output must be writable to any UTF-8 stream
    return out


@pytest.mark.parametrize("name", sorted(FORMATTERS))
def test_every_format_writes_the_name_as_utf8_without_raw_control_characters(name: str) -> None:
    out = _render(name)
    assert not _RAW_CONTROL.search(out)


def test_text_shows_undecodable_bytes_and_control_characters_escaped() -> None:
    out = _render("text")
    assert out.startswith(f"{SHOWN}:3:5: LNK001 [error]")
    assert f"related: {SHOWN}:1:1: see {SHOWN}" in out


def test_github_annotations_escape_the_name_and_then_the_property() -> None:
    line = _render("github").splitlines()[0]
    assert line.startswith(f"::error file={SHOWN},line=3,col=5,")
    # The summary table shows the same name.
    assert SHOWN in github.summary_markdown(_result(NAME))


def test_json_keeps_the_exact_name_as_surrogate_escapes() -> None:
    """`\\udcff` in JSON: valid UTF-8, and `os.fsencode` of the decoded string gives
    the name's bytes back."""
    out = _render("json")
    assert '"path": "docs/adr/0001-\\udcff\\u001b.md"' in out
    [entry] = json.loads(out)["diagnostics"]
    assert os.fsencode(entry["path"]) == b"docs/adr/0001-\xff\x1b.md"


def test_sarif_uri_percent_encodes_the_original_bytes(sarif_schema_path: Path) -> None:
    log = json.loads(_render("sarif"))
    location = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "docs/adr/0001-%FF%1B.md"
    official = json.loads(sarif_schema_path.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(
        official, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )
    assert [f"{e.json_path}: {e.message}" for e in validator.iter_errors(log)] == []


def test_an_accented_name_is_percent_encoded_as_utf8() -> None:
    log = json.loads(_render("sarif", "docs/adr/0002-straße.md"))
    uri = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert uri["uri"] == "docs/adr/0002-stra%C3%9Fe.md"


_NAME_BYTES = st.binary(min_size=1, max_size=12).filter(
    lambda b: b"/" not in b and b"\0" not in b and b not in (b".", b"..")
)


@given(name=_NAME_BYTES, format_name=st.sampled_from(sorted(FORMATTERS)))
def test_any_file_name_renders_in_any_format(name: bytes, format_name: str) -> None:
    """Whatever bytes a name holds: UTF-8 output, no raw control character; JSON and
    SARIF parse, JSON keeps the name exactly, and the SARIF URI decodes to its bytes."""
    from urllib.parse import unquote_to_bytes

    path = os.fsdecode(b"docs/" + name)
    out = _render(format_name, path)
    assert not _RAW_CONTROL.search(out)
    if format_name == "json":
        assert json.loads(out)["diagnostics"][0]["path"] == path
    if format_name == "sarif":
        result = json.loads(out)["runs"][0]["results"][0]
        uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        assert re.fullmatch(r"[A-Za-z0-9\-._~/%!$&'()*+,;=:@]*", uri)
        assert unquote_to_bytes(uri) == b"docs/" + name


@pytest.mark.parametrize("format_name", sorted(FORMATTERS))
def test_assay_check_and_parse_take_such_a_file(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    format_name: str,
) -> None:
    """End to end: a record whose name is not UTF-8, with a broken link; the report
    file is strict UTF-8, and `assay parse` reads the file too."""
    (tmp_path / "assay.toml").write_text("")
    folder = tmp_path / "docs" / "adr"
    folder.mkdir(parents=True)
    record = os.path.join(os.fsencode(folder), b"0001-\xff\x1b.md")
    with open(record, "wb") as stream:
        stream.write(b"# 1. Use x\n\nSee [y](missing.md).\n")
    monkeypatch.chdir(tmp_path)
    report = tmp_path / "report.out"
    code = main(["check", "--no-cache", "--format", format_name, "--output", str(report)])
    assert code == EXIT_FINDINGS
    text = report.read_bytes().decode("utf-8")  # strict
    assert "LNK001" in text
    capsys.readouterr()
    assert main(["parse", "--json", os.fsdecode(record)]) == 0
    assert "\\udcff" in capsys.readouterr().out

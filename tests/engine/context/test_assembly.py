"""Assembly in real git repositories: exact bytes, budgets, omissions, pins and paths."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.context.repo import bundle_of, git_repo, sha, unit_bytes, write

# Lines as a file can hold them: any text, CRLF, lone CR, LF, a BOM, multi-byte UTF-8.
_PIECE = st.sampled_from(["a", "é", "€", "𝄞", " ", "\ufeff", "x" * 7, "`"])
_ENDING = st.sampled_from(["\n", "\r\n", "\r"])
_LINE = st.tuples(st.lists(_PIECE, max_size=6).map("".join), _ENDING)


def _lines_of(data: bytes) -> list[bytes]:
    return re.findall(rb"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$", data)


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One repository whose tracked `src.txt` each example rewrites (still tracked)."""
    return git_repo(tmp_path_factory.mktemp("fidelity"), {"src.txt": b"x\n"})


@settings(max_examples=min(settings().max_examples, 150))
@given(
    lines=st.lists(_LINE, min_size=1, max_size=8),
    bom=st.booleans(),
    final=st.booleans(),
    data=st.data(),
)
def test_a_unit_is_the_source_slice_exactly(
    repo: Path, lines: list[tuple[str, str]], bom: bool, final: bool, data: st.DataObject
) -> None:
    """CRLF, lone CR, no final newline, a BOM, multi-byte UTF-8, a range ending on the
    last line: the bundle's unit bytes are the source's bytes, nothing else."""
    text = "".join(body + ending for body, ending in lines)
    if not final:
        text = text.rstrip("\r\n") or "z"
    raw = (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8")
    write(repo, {"src.txt": raw})
    count = len(_lines_of(raw))
    first = data.draw(st.integers(1, count))
    last = data.draw(st.integers(first, count) | st.just(count))
    spec = (
        f'declaration d version 1 {{ primary "src.txt" lines {first}..{last} '
        f'sha256 "{sha(raw)}"  optional "src.txt" sha256 "{sha(raw)}" }}'
    )
    bundle = bundle_of(repo, spec, budget=10 * len(raw) + 10)
    assert bundle.ok, bundle.diagnostics
    assert unit_bytes(bundle, 0) == b"".join(_lines_of(raw)[first - 1 : last])
    assert unit_bytes(bundle, 1) == raw  # the whole file, as the optional unit
    if last == count:
        assert unit_bytes(bundle, 0).endswith(raw[-1:])


FILES = {
    "a.md": b"# A\n\nalpha\n",  # 11 bytes
    "b.md": "# B\n\nbeta \u00e9\u00e9\n".encode(),  # 15 bytes, 13 characters
    "c.md": b"# C\n\ngamma gamma\n",  # 17 bytes
}


def _spec(*lines: str) -> str:
    body = "\n".join(f"    {line}" for line in lines)
    return f"declaration d version 1 {{\n{body}\n}}\n"


def _src(role: str, path: str, extra: str = "") -> str:
    return f'{role} "{path}"{extra} sha256 "{sha(FILES[path])}"'


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return git_repo(tmp_path / "ws", FILES)


def test_mandatory_overflow_is_ctx001_listing_each_unit_and_the_budget(workspace: Path) -> None:
    bundle = bundle_of(workspace, _spec(_src("primary", "a.md"), _src("check", "c.md")), 20)
    assert not bundle.ok and bundle.text == b"" and bundle.manifest is None
    [overflow] = bundle.diagnostics
    assert (overflow.code, overflow.severity) == ("CTX001", "error")
    assert "need 28 bytes, over the budget of 20 bytes" in overflow.message
    assert "primary `a.md`: 11 bytes; check `c.md`: 17 bytes" in overflow.message
    assert (overflow.span.line, overflow.span.column) == (3, 5)  # where the budget ran out


def test_an_optional_unit_that_does_not_fit_is_omitted_whole_and_said(workspace: Path) -> None:
    spec = _spec(_src("optional", "c.md"), _src("primary", "a.md"), _src("optional", "b.md"))
    bundle = bundle_of(workspace, spec, 30)
    assert bundle.ok and bundle.manifest is not None
    assert [u.path for u in bundle.manifest.included] == ["a.md", "c.md"]
    [gone] = bundle.manifest.omitted
    assert (gone.path, gone.size, gone.bytes, gone.room) == ("b.md", 15, 15, 2)
    [info] = bundle.diagnostics
    assert (info.code, info.severity, info.span.line) == ("CTX002", "info", 4)
    assert "needs 15 bytes, 2 bytes of the budget were left" in info.message
    assert bundle.manifest.used == 28 and b"alpha" in bundle.text and b"beta" not in bundle.text


def test_chars_count_code_points_where_bytes_count_bytes(workspace: Path) -> None:
    spec = _spec(_src("primary", "b.md"))
    assert not bundle_of(workspace, spec, 13, unit="bytes").ok  # 15 bytes
    chars = bundle_of(workspace, spec, 13, unit="chars")
    assert chars.ok and chars.manifest is not None
    entry = chars.manifest.included[0]
    assert (entry.size, entry.bytes, chars.manifest.unit) == (13, 15, "chars")


def test_a_unit_too_large_to_keep_is_still_measured_in_chars(tmp_path: Path) -> None:
    big = "€".encode() * 100  # 300 bytes, 100 characters
    root = git_repo(tmp_path / "ws", {"a.md": b"a\n", "big.md": big})
    small = sha(b"a\n")
    spec = _spec(f'primary "a.md" sha256 "{small}"', f'optional "big.md" sha256 "{sha(big)}"')
    bundle = bundle_of(root, spec, 10, unit="chars")
    assert bundle.ok and bundle.manifest is not None
    [gone] = bundle.manifest.omitted
    assert (gone.size, gone.bytes, gone.room) == (None, 300, 8)


def test_a_range_given_twice_is_delivered_once(workspace: Path) -> None:
    pin = sha(FILES["c.md"])
    spec = (
        f'declaration d version 1 {{ primary "c.md" lines 1..2 sha256 "{pin}" }}\n'
        f'declaration e version 1 {{ provenance "c.md" lines 2..3 sha256 "{pin}" }}\n'
    )
    bundle = bundle_of(workspace, spec, 100)
    assert bundle.ok and bundle.manifest is not None
    [unit] = bundle.manifest.included
    assert unit.lines == (1, 3) and unit_bytes(bundle, 0) == FILES["c.md"]
    assert [(c.name, c.role, c.lines) for c in unit.declarations] == [
        ("d", "primary", (1, 2)),
        ("e", "provenance", (2, 3)),
    ]
    assert bundle.text.count(b"gamma gamma") == 1


def test_a_changed_file_is_pin001_and_nothing_is_delivered(workspace: Path) -> None:
    spec = _spec(_src("primary", "a.md"), _src("optional", "b.md"))
    write(workspace, {"b.md": b"changed\n"})
    bundle = bundle_of(workspace, spec, 100)
    assert not bundle.ok and bundle.text == b""
    [pin] = bundle.diagnostics
    assert pin.code == "PIN001" and "assay pin --write" in pin.message
    assert pin.span.line == 3 and pin.span.column > 20  # at the digest literal


def test_missing_digest_range_out_of_bounds_and_refused_paths(workspace: Path) -> None:
    spec = _spec(
        'primary "a.md"',
        _src("primary", "b.md", " lines 2..9"),
        'check "../outside.md" sha256 "' + "0" * 64 + '"',
        'optional "untracked.md" sha256 "' + sha(b"u\n") + '"',
    )
    write(workspace, {"untracked.md": b"u\n"})
    bundle = bundle_of(workspace, spec, 1000)
    assert not bundle.ok
    found = sorted((d.code, d.span.line) for d in bundle.diagnostics)
    assert found == [("PIN002", 3), ("PIN003", 2), ("PTH001", 4), ("PTH004", 5)]
    [bounds] = [d for d in bundle.diagnostics if d.code == "PIN002"]
    assert "the file has 3 lines" in bounds.message


def test_a_range_past_the_end_is_pin002_though_another_declaration_pins_the_whole_file(
    workspace: Path,
) -> None:
    """Issue 24: the whole file absorbs the range into one unit, read whole, so the
    range's bounds went unchecked; `assay check` reported PIN002 and `assemble` not."""
    whole = "declaration w version 1 {\n    " + _src("primary", "a.md") + "\n}\n"
    ranged = _spec(_src("primary", "a.md", " lines 2..9"))
    bundle = bundle_of(workspace, whole + ranged, 1000)
    assert not bundle.ok and bundle.text == b""
    [bounds] = bundle.diagnostics
    assert (bounds.code, bounds.span.line) == ("PIN002", 5)
    assert "lines 2..9 but the file has 3 lines" in bounds.message


def test_a_refused_path_is_no_pin003_since_assay_pin_cannot_pin_it(workspace: Path) -> None:
    """Issue 24: `../outside.md` without a digest was PTH001 and PIN003 — "run `assay pin
    --write`", which never writes a digest for a path it refuses."""
    bundle = bundle_of(workspace, _spec('primary "../outside.md"'), 1000)
    assert [d.code for d in bundle.diagnostics] == ["PTH001"]


def test_outside_git_tracking_is_unchecked_and_says_so(tmp_path: Path) -> None:
    write(tmp_path, {"a.md": FILES["a.md"]})
    bundle = bundle_of(tmp_path, _spec(_src("primary", "a.md")), 100)
    assert bundle.ok and bundle.manifest is not None
    assert bundle.manifest.tracking.startswith("unchecked: ")


def test_cues_are_listed_as_declared_coverage(workspace: Path) -> None:
    spec = _spec(_src("primary", "a.md"), 'cue "testing" covers [unit, integration]')
    bundle = bundle_of(workspace, spec, 100)
    assert bundle.manifest is not None
    [cue] = bundle.manifest.cues
    assert (cue.declaration, cue.cue, cue.covers) == ("d", "testing", ("unit", "integration"))

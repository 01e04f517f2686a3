"""The live workspace an editor's server keeps (``assay.api.editing``): unsaved text
checked in place of the file, nothing of it cached, and the quick fixes the checks
attach (a status typo, a link's `.md` or case, a pinned digest)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assay.api import check
from assay.api.editing import LiveWorkspace, open_live
from assay.spec.diagnostics import Diagnostic, Fix
from tests.conftest import ROOT
from tests.examples_copy import example_repository
from tests.store_rows import store_rows

RECORD = "docs/adr/0003-partition-ledger-by-tenant.md"
SPEC = "assay/context.assay"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return example_repository(tmp_path / "examples")


def applied(text: str, fix: Fix) -> str:
    """``text`` with ``fix`` made, by its byte offsets (as a tool applying it would)."""
    raw = text.encode("utf-8")
    return (raw[: fix.span.start] + fix.replacement.encode() + raw[fix.span.end :]).decode()


def only(found: tuple[Diagnostic, ...], code: str) -> Diagnostic:
    (d,) = [d for d in found if d.code == code]
    return d


def _caches(folder: Path) -> set[tuple[object, ...]]:
    """Every entry of every store below ``folder``."""
    return {row for p in folder.rglob("*.sqlite3") for row in store_rows(p)}


def test_unsaved_text_is_checked_and_never_cached(
    workspace: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The editor's text gives its findings, and the store keeps nothing of it: a row
    holding them would be served for the file as saved. A check of
    the file as saved, warm, gives the saved file's findings."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    live = open_live(workspace)
    live.refresh()
    kept = _caches(tmp_path / "cache")
    assert any(row[0] == "document" and row[1] == RECORD for row in kept)
    text = (workspace / RECORD).read_text("utf-8")
    typo = text.replace("- Status: Proposed", "- Status: Acceptd")
    d = only(live.check_text(RECORD, typo), "FLD002")
    assert (d.span.line, d.span.column) == (3, 11)
    assert d.fix is not None and applied(typo, d.fix) == typo.replace("Acceptd", "Accepted")
    assert live.check_text(RECORD, applied(typo, d.fix)) == ()
    spec = (workspace / SPEC).read_text("utf-8")
    assert [x.code for x in live.check_text(SPEC, spec + "\nsource {\n")] == ["SPC001"]
    assert _caches(tmp_path / "cache") == kept  # nor the types of the unsaved spec
    warm = check(workspace, [RECORD])
    assert [x.code for x in warm.diagnostics] == []
    assert live.check_text("not/a/document.md", typo) == ()


def test_link_fixes_write_the_file_s_real_name(workspace: Path) -> None:
    """LNK006 adds the `.md`; LNK005 writes the case the file has; an anchor stays."""
    live = open_live(workspace)
    text = (workspace / RECORD).read_text("utf-8")
    right = "0002-use-postgresql-for-the-ledger.md"
    for written, code in (
        ("0002-use-postgresql-for-the-ledger", "LNK006"),
        ("0002-USE-postgresql-for-the-ledger.md", "LNK005"),
    ):
        edited = text.replace(f"({right})", f"({written}#context)")
        d = only(live.check_text(RECORD, edited), code)
        assert d.fix is not None, d
        assert applied(edited, d.fix) == text.replace(f"({right})", f"({right}#context)")


def test_a_typo_far_from_every_value_has_no_fix(workspace: Path) -> None:
    live = open_live(workspace)
    text = (workspace / RECORD).read_text("utf-8").replace("Status: Proposed", "Status: Banana")
    assert only(live.check_text(RECORD, text), "FLD002").fix is None


def test_a_drifted_pin_s_fix_renews_its_digest(workspace: Path) -> None:
    """PIN001 in the spec, its fix the file's digest now: applied, the pin holds."""
    pinned = workspace / "docs/adr/0001-record-architecture-decisions.md"
    pinned.write_text(pinned.read_text("utf-8") + "\nA late line.\n", "utf-8")
    live = open_live(workspace)
    live.refresh()
    spec = (workspace / SPEC).read_text("utf-8")
    d = only(check(workspace, [SPEC], cache=False).diagnostics, "PIN001")
    assert d.fix is not None and d.fix.replacement.startswith('"')
    (workspace / SPEC).write_text(applied(spec, d.fix), "utf-8")
    assert "PIN001" not in [x.code for x in check(workspace, cache=False).diagnostics]


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("live") / "examples"
    shutil.copytree(ROOT / "examples", root, ignore=shutil.ignore_patterns("*.sqlite*"))
    return root


@settings(max_examples=min(settings().max_examples, 30), deadline=None)
@given(text=st.text(max_size=400), which=st.sampled_from([RECORD, SPEC, "assay.toml"]))
def test_any_unsaved_text_gives_diagnostics_of_its_own_file(
    shared: Path, text: str, which: str
) -> None:
    """Whatever the editor holds, a record, a spec or the config gives diagnostics of
    that file, each with a fix (if any) that lies on the file's own text."""
    live = _live(shared)
    for d in live.check_text(which, text):
        assert d.path == which
        if d.fix is not None:
            assert d.fix.span.end <= len(text.encode("utf-8", "surrogatepass"))


def test_a_saved_config_is_read_again(workspace: Path) -> None:
    """The config saved with a check ignored: the next refresh runs without it."""
    live = open_live(workspace)
    text = (workspace / RECORD).read_text("utf-8").replace("Status: Proposed", "Status: Acceptd")
    assert "FLD002" in [d.code for d in live.check_text(RECORD, text)]
    config = workspace / "assay.toml"
    config.write_text(config.read_text("utf-8") + '\nignore = ["FLD002"]\n', "utf-8")
    live.refresh(saved=["assay.toml"])
    assert "FLD002" not in [d.code for d in live.check_text(RECORD, text)]


_LIVE: dict[Path, LiveWorkspace] = {}


def _live(root: Path) -> LiveWorkspace:
    if root not in _LIVE:
        _LIVE[root] = open_live(root)
    return _LIVE[root]


def test_a_record_not_on_disk_yet_is_checked_where_it_would_be_found(workspace: Path) -> None:
    """An editor holds a new record before its first save: in the records folder it is
    checked as it will be once saved (its typo found); elsewhere, where discovery would
    not take it, it has no findings. Nothing is written for it."""
    live = open_live(workspace)
    text = (workspace / RECORD).read_text("utf-8").replace("# ADR 0003:", "# ADR 0009:")
    new = "docs/adr/0009-archive-the-ledger.md"
    found = live.check_text(new, text.replace("- Status: Proposed", "- Status: Acceptd"))
    assert [d.code for d in found] == ["FLD002"]
    assert live.check_text(new, text) == ()
    assert live.check_text("notes/todo.txt", "Status: Acceptd\n") == ()
    assert not (workspace / new).exists() and not (workspace / "notes").exists()

"""The store: a warm run reports exactly what a cold one does, and notices change."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from assay.engine.cache import keys
from assay.engine.cache.store import Store
from assay.engine.passes import document_entry
from assay.engine.runner.run import check
from assay.engine.workspace import loading as workspace_module
from assay.engine.workspace.config import load_config
from tests.counting import count_calls, count_parses
from tests.store_rows import store_rows


def _touch(path: Path, text: str) -> None:
    """Rewrite a file so that its size or modification time surely changes."""
    before = path.stat().st_mtime_ns
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(before + 10**9, before + 10**9))


def test_a_warm_run_reports_exactly_what_a_cold_run_does(cache_home: Path, workspace: Path) -> None:
    config = load_config(workspace)
    cold = check(config, cache=False)
    first = check(config)  # writes the cache
    cache_file = keys.store_path(workspace)
    assert cache_file is not None and cache_file.is_file()
    assert cache_file.is_relative_to(cache_home)  # never inside the workspace
    warm = check(config)
    assert cold == first == warm
    assert {d.code for d in warm.diagnostics} >= {"LNK001", "LNK003", "FLD005", "DOC007"}
    assert len(warm.suppressed) == 1


def test_a_changed_record_is_read_again(cache_home: Path, workspace: Path) -> None:
    config = load_config(workspace)
    check(config)
    record = workspace / "docs/adr/0007-round-currency-amounts-half-to-even.md"
    _touch(record, record.read_text().replace("status: proposed", "status: accepted"))
    assert "FLD005" not in {d.code for d in check(config).diagnostics}
    assert check(config) == check(config, cache=False)


def test_link_findings_follow_other_files_even_for_unchanged_records(
    cache_home: Path, workspace: Path
) -> None:
    """0006 links to a runbook that does not exist; creating it fixes 0006's LNK001
    although 0006 itself did not change (and so came from the cache)."""
    config = load_config(workspace)
    assert "LNK001" in {d.code for d in check(config).diagnostics}
    (workspace / "docs/runbooks").mkdir()
    (workspace / "docs/runbooks/settlement-dashboard.md").write_text("# Dashboard\n")
    assert "LNK001" not in {d.code for d in check(config).diagnostics}


def test_a_changed_spec_or_selection_starts_afresh(cache_home: Path, workspace: Path) -> None:
    config = load_config(workspace)
    check(config)
    spec = workspace / "assay/decisions.assay"
    _touch(spec, spec.read_text().replace('section "Consequences" required', ""))
    after = {d.code for d in check(config).diagnostics}
    assert "DOC003" not in after  # 0008's missing Consequences is no longer required
    assert check(config, select=["FLD"]) == check(config, select=["FLD"], cache=False)


def test_a_broken_store_is_ignored_and_made_again(cache_home: Path, workspace: Path) -> None:
    config = load_config(workspace)
    expected = check(config)
    cache_file = keys.store_path(workspace)
    assert cache_file is not None
    rows = store_rows(cache_file)
    cache_file.write_bytes(b"not a database")
    assert check(config) == expected
    assert store_rows(cache_file) == rows


def test_assay_no_cache_writes_nothing(
    cache_home: Path, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ASSAY_NO_CACHE", "1")
    check(load_config(workspace))
    assert not cache_home.exists()


def test_a_warm_run_parses_only_what_changed(
    cache_home: Path, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = load_config(workspace)
    expected = check(config)
    parsed = count_parses(monkeypatch)
    assert check(config) == expected
    assert parsed == []
    record = workspace / "docs/adr/0001-record-architecture-decisions.md"
    _touch(record, record.read_text() + "\nMore context.\n")
    check(config)
    assert parsed == ["docs/adr/0001-record-architecture-decisions.md"]


def test_the_files_are_listed_once_a_run(
    cache_home: Path, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The example spec's type declares `files`: discovery runs again with its globs,
    over the same listing (one `git ls-files`, or one walk)."""
    from assay.engine.workspace import listing

    calls: list[Path] = []
    real = listing._list_files

    def counting(root: Path, *rest):  # type: ignore[no-untyped-def]
        calls.append(root)
        return real(root, *rest)

    monkeypatch.setattr(listing, "_list_files", counting)
    check(load_config(workspace), cache=False)
    assert len(calls) == 1


def test_a_warm_run_resolves_no_type_again(
    cache_home: Path, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = load_config(workspace)
    expected = check(config)
    resolved = count_calls(monkeypatch, workspace_module, "_types")
    assert check(config) == expected
    assert resolved == []
    spec = workspace / "assay/decisions.assay"
    _touch(spec, spec.read_text().replace('section "Consequences" required', ""))
    assert check(config) == check(config, cache=False)
    assert resolved  # the spec changed: read and resolved again


def test_kept_built_in_types_spare_reading_the_libraries(
    cache_home: Path, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from assay.engine.workspace.loading import open_workspace
    from assay.grammar.spec import library

    first = open_workspace(load_config(workspace), cache=True)  # keeps the types

    def no_library(name: str) -> None:
        raise AssertionError(f"read the libraries to find {name}")

    monkeypatch.setattr(library, "library_of", no_library)
    again = open_workspace(load_config(workspace), cache=True)
    assert again.types == first.types
    assert again.builtins["madr"].lineage == ("madr", "adr")
    assert again.builtins is not first.builtins  # each workspace holds its own


def test_the_settings_digest_uses_the_specs_as_the_run_read_them(
    cache_home: Path, workspace: Path
) -> None:
    from assay.engine.checks import CHECKS
    from assay.engine.passes.rulesets import Ruleset
    from assay.engine.workspace.loading import open_workspace

    config = load_config(workspace)
    ruleset = Ruleset.build(CHECKS)
    opened = open_workspace(config)
    before = document_entry.settings_digest(opened, ruleset)
    spec = workspace / "assay/decisions.assay"
    _touch(spec, spec.read_text() + "\n# changed\n")
    assert document_entry.settings_digest(opened, ruleset) == before  # not read again
    assert document_entry.settings_digest(open_workspace(config), ruleset) != before


def test_the_record_checks_share_one_index(
    cache_home: Path, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from assay.engine.workspace import record_index

    built: list[int] = []
    real = record_index.RecordIndex.__init__

    def counting(self, records, files, repository_urls=()):  # type: ignore[no-untyped-def]
        built.append(len(records))
        real(self, records, files, repository_urls)

    monkeypatch.setattr(record_index.RecordIndex, "__init__", counting)
    result = check(load_config(workspace), cache=False)
    assert {"LNK003", "FLD008"} & {d.code for d in result.diagnostics}
    assert built == [8]


def test_a_cache_is_served_only_under_the_version_and_rules_that_wrote_it(
    cache_home: Path, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An upgraded assay (another version), or the same version with other rules (a
    checkout where a rule was edited), reads every document again; the same version
    and rules serve the cache."""
    from assay import version

    config = load_config(workspace)
    check(config)  # writes the caches under this version and these rules
    parsed = count_parses(monkeypatch)
    check(config)
    assert parsed == []  # same version, same rules: served
    monkeypatch.setattr(version, "__version__", "99.0.0")
    check(config)
    assert parsed  # another version: nothing served
    parsed.clear()
    check(config)
    assert parsed == []  # ... and its own cache is served to it
    monkeypatch.setattr(keys, "rules_digest", lambda: "other rules")
    check(config)
    assert parsed  # same version, other rules: nothing served


def test_the_rules_digest_changes_when_a_rule_file_does(tmp_path: Path) -> None:
    rules = tmp_path / "engine/checks"
    rules.mkdir(parents=True)
    _touch_new = rules / "broken_link.py"
    _touch_new.write_text("CODE = 'LNK001'\n")
    before = keys.package_digest(tmp_path / "engine")
    assert keys.package_digest(tmp_path / "engine") == before  # stable
    _touch(_touch_new, "CODE = 'LNK001'  # fixed\n")
    assert keys.package_digest(tmp_path / "engine") != before
    assert keys.rules_digest() == keys.rules_digest()  # once a process


def test_the_store_stays_private_under_any_umask(cache_home: Path, workspace: Path) -> None:
    """The store and its journal are 0600, in a 0700 folder: they say what the files hold."""
    previous = os.umask(0o022)
    try:
        check(load_config(workspace))
        store = Store.open(workspace)  # held open: its write-ahead log stays beside it
        assert store is not None
        check(load_config(workspace), store=store)
        folder = cache_home / "assay/checks"
        written = [p for p in folder.iterdir()]
        assert len(written) >= 2 and all(p.stat().st_mode & 0o777 == 0o600 for p in written)
        assert folder.stat().st_mode & 0o777 == 0o700
        store.close()
    finally:
        os.umask(previous)


def test_a_link_in_place_of_the_store_is_never_followed(
    cache_home: Path, workspace: Path, tmp_path: Path
) -> None:
    """A link planted where the store would be is no store: the run is cold, and the
    file it points at is untouched."""
    cache_file = keys.store_path(workspace)
    assert cache_file is not None
    cache_file.parent.mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(b"someone's file")
    cache_file.symlink_to(elsewhere)
    config = load_config(workspace)
    assert check(config) == check(config, cache=False)
    assert elsewhere.read_bytes() == b"someone's file" and cache_file.is_symlink()


def test_any_cut_of_the_store_is_read_as_some_entries_or_none(
    cache_home: Path, workspace: Path
) -> None:
    """Property: a store cut at any byte (a crash of the disk, a copy stopped half-way)
    gives a run exactly the report of a cold run, never an error, and the next run
    keeps its entries again."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    config = load_config(workspace)
    expected = check(config, cache=False)
    assert check(config) == expected
    cache_file = keys.store_path(workspace)
    assert cache_file is not None
    whole, rows = cache_file.read_bytes(), store_rows(cache_file)

    @settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.integers(min_value=0, max_value=len(whole) - 1))
    def cut(at: int) -> None:
        cache_file.write_bytes(whole[:at])
        assert check(config) == expected
        assert check(config) == expected
        assert store_rows(cache_file) == rows

    cut()


def test_a_run_that_stops_half_way_keeps_the_old_entries(
    cache_home: Path, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from assay.engine.cache import store as store_module
    from assay.engine.passes import document_checks

    monkeypatch.setattr(store_module, "_BATCH", 1)  # every entry goes to the database at once
    config = load_config(workspace)
    check(config)
    cache_file = keys.store_path(workspace)
    assert cache_file is not None
    before = store_rows(cache_file)
    for record in sorted((workspace / "docs" / "adr").glob("*.md")):
        _touch(record, record.read_text(encoding="utf-8") + "\nMore.\n")
    real = document_checks.DocumentChecks.outcome
    seen: list[str] = []

    def stopping(self, context, stamp, keep):  # type: ignore[no-untyped-def]
        seen.append(context.path)
        if len(seen) == 4:
            raise KeyboardInterrupt  # Ctrl-C while the entries go to the store
        return real(self, context, stamp, keep)

    monkeypatch.setattr(document_checks.DocumentChecks, "outcome", stopping)
    with pytest.raises(KeyboardInterrupt):
        check(config, jobs=1)
    assert store_rows(cache_file) == before  # the old entries, all of them
    monkeypatch.setattr(document_checks.DocumentChecks, "outcome", real)
    assert check(config) == check(config, cache=False)
    assert store_rows(cache_file) != before


def test_a_store_another_process_holds_costs_nothing_but_the_cache(
    cache_home: Path, workspace: Path
) -> None:
    """Another process writing the store for longer than a run waits: the run gives
    the cold report and writes nothing; once the store is free, it keeps entries."""
    import sqlite3

    config = load_config(workspace)
    check(config)
    cache_file = keys.store_path(workspace)
    assert cache_file is not None
    before = store_rows(cache_file)
    record = workspace / "docs/adr/0001-record-architecture-decisions.md"
    _touch(record, record.read_text() + "\nMore context.\n")
    other = sqlite3.connect(cache_file, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        assert check(config) == check(config, cache=False)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert store_rows(cache_file) == before
    check(config)
    assert store_rows(cache_file) != before


def test_a_value_written_with_another_row_is_never_served(
    cache_home: Path, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pages of two moments (a system crash with nothing synced) may pair a document's
    row with an older value: the value carries its row's stamp, so the document is
    read again rather than given the older findings."""
    import sqlite3

    config = load_config(workspace)
    check(config)
    cache_file = keys.store_path(workspace)
    assert cache_file is not None
    record = "docs/adr/0001-record-architecture-decisions.md"
    db = sqlite3.connect(cache_file, isolation_level=None)
    db.execute("UPDATE entry_value SET stamp='an older one' WHERE key=?", (record.encode(),))
    db.close()
    parsed = count_parses(monkeypatch)
    assert check(config) == check(config, cache=False)
    assert parsed[0] == record and parsed.count(record) == 2  # the warm run read it too


def test_a_file_name_that_is_no_utf_8_is_kept_like_any_other(
    cache_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record whose name is bytes no UTF-8 decodes (``caf\\xe9``) is kept, found
    again warm and in a run reporting its neighbour, with no error."""
    import os

    root = tmp_path / "odd"
    folder = root / "docs" / "adr"
    folder.mkdir(parents=True)
    odd = os.fsdecode(b"0001-caf\xe9.md")
    (folder / odd).write_text("# 1. A\n\nStatus: Accepted\n", encoding="utf-8")
    (folder / "0002-b.md").write_text("# 2. B\n\nStatus: Acepted\n", encoding="utf-8")
    config = load_config(root)
    cold = check(config, cache=False)
    assert check(config) == cold
    parsed = count_parses(monkeypatch)
    assert check(config) == cold and parsed == []  # every entry served, the odd one too
    neighbour = "docs/adr/0002-b.md"
    assert check(config, paths=[neighbour]) == check(config, paths=[neighbour], cache=False)

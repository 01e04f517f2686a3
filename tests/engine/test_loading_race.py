"""A file listed as regular and swapped for a link before it is read is refused, not
followed: documents, spec files and `.adr-dir` are read from the descriptor the
contained opener checked, so no byte of the link's target reaches a result."""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest

from assay.engine.runner.run import check
from assay.engine.workspace import loading
from assay.engine.workspace.config import load_config
from tests.cli.test_check_command import GOOD


def _swap_after_discovery(
    monkeypatch: pytest.MonkeyPatch, root: Path, swaps: dict[str, Path]
) -> None:
    listed = loading.discover

    def discover_then_swap(*args: object, **kwargs: object) -> object:
        found = listed(*args, **kwargs)
        for name, target in swaps.items():
            (root / name).unlink()
            (root / name).symlink_to(target)
        return found

    monkeypatch.setattr(loading, "discover", discover_then_swap)


def _workspace(tmp_path: Path) -> tuple[Path, Path, str]:
    canary = f"CANARY-{secrets.token_hex(16)}"
    secret = tmp_path / "outside.md"
    secret.write_text(f"# 9. {canary}\n\n{canary}\n", encoding="utf-8")
    root = tmp_path / "repo"
    (root / "docs/adr").mkdir(parents=True)
    (root / "assay.toml").write_text('specs = ["team.assay"]\n')
    (root / "team.assay").write_text("use adr\n")
    (root / "docs/adr/0001-use-postgres.md").write_text(GOOD, encoding="utf-8")
    (root / "docs/adr/0002-later.md").write_text(GOOD.replace("# 1.", "# 2."), "utf-8")
    return root, secret, canary


def test_a_document_swapped_for_a_link_after_discovery_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, secret, canary = _workspace(tmp_path)
    _swap_after_discovery(monkeypatch, root, {"docs/adr/0002-later.md": secret})
    result = check(load_config(root), cache=False, jobs=1)
    assert canary not in repr(result)
    unreadable = [d for d in result.diagnostics if d.path == "docs/adr/0002-later.md"]
    assert [d.code for d in unreadable] == ["DOC001"]
    assert "link" in unreadable[0].message


def test_a_spec_swapped_for_a_link_after_discovery_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, _secret, canary = _workspace(tmp_path)
    spec = tmp_path / "outside.assay"
    spec.write_text(f"use adr\ntype later extends {canary.lower()} {{ }}\n", encoding="utf-8")
    _swap_after_discovery(monkeypatch, root, {"team.assay": spec})
    result = check(load_config(root), cache=False, jobs=1)
    assert canary.lower() not in repr(result)
    assert any(d.path == "team.assay" for d in result.diagnostics)


def test_an_adr_dir_setting_that_is_a_link_is_not_followed(tmp_path: Path) -> None:
    root, _secret, canary = _workspace(tmp_path)
    (root / "assay.toml").unlink()
    (root / "elsewhere").mkdir()
    (tmp_path / "adr-dir").write_text(f"{canary}\n")
    (root / ".adr-dir").symlink_to(tmp_path / "adr-dir")
    result = check(load_config(root), cache=False, jobs=1)
    assert canary not in repr(result)

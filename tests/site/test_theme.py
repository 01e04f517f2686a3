"""`assay publish --theme`: the built-in themes and Material, each built for real by
MkDocs; a theme not installed is a usage error naming the extra to install."""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

import pytest

from assay.cli import EXIT_ERROR, EXIT_OK, main
from assay.cli.site_arguments import THEME_NAMES
from assay.site.themes import THEMES, ThemeMissing, theme_settings
from tests.site.test_publish import publish, snapshot, workspace

#: A file only each theme's build holds, and how its pages refer to it.
THEME_ASSETS = {
    "mkdocs": ("css/base.css", "css/base.css"),
    "readthedocs": ("css/theme.css", "css/theme.css"),
    "material": ("assets/stylesheets/main.*.min.css", "assets/stylesheets/main."),
}


@pytest.mark.parametrize("theme", sorted(THEME_ASSETS))
def test_each_theme_builds_the_site_with_its_assets(
    theme: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    root = workspace(tmp_path / "ws")
    code, out = publish(root, monkeypatch, capsys, "--theme", theme)
    assert code == EXIT_OK, out
    site = root / "site"
    pattern, reference = THEME_ASSETS[theme]
    assert list(site.glob(pattern)), f"{pattern} not in the {theme} site"
    assert reference in (site / "index.html").read_text(encoding="utf-8")
    for other, (elsewhere, _) in THEME_ASSETS.items():
        if other != theme:
            assert not list(site.glob(elsewhere)), f"{other}'s {elsewhere} in the {theme} site"


def test_material_not_installed_is_a_usage_error_naming_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exit 2 before anything is checked or built; the previous site stays."""
    root = workspace(tmp_path / "ws")
    assert publish(root, monkeypatch, capsys)[0] == EXIT_OK
    before = snapshot(root / "site")
    real = metadata.entry_points

    def without_material(**selection: str) -> metadata.EntryPoints:
        # The environment of a plain `pip install assay`: Material's entry point absent.
        found = real(**selection)
        return metadata.EntryPoints(p for p in found if p.name != "material")

    monkeypatch.setattr(metadata, "entry_points", without_material)
    code = main(["publish", "--no-cache", "--theme", "material"])
    captured = capsys.readouterr()
    assert code == EXIT_ERROR
    assert captured.err == (
        "assay publish: the material theme is not installed: install the optional extra, "
        "pip install 'assay[material]'\n"
    )
    assert captured.out == ""
    assert snapshot(root / "site") == before


def test_an_unknown_theme_is_refused_by_name() -> None:
    with pytest.raises(ThemeMissing, match=r"unknown theme 'nope' \(known: mkdocs, readthedocs"):
        theme_settings("nope")


def test_the_command_line_offers_every_theme(capsys: pytest.CaptureFixture[str]) -> None:
    assert tuple(THEMES) == THEME_NAMES
    assert main(["publish", "--theme", "nope"]) == EXIT_ERROR
    assert "choose from 'mkdocs', 'readthedocs', 'material'" in capsys.readouterr().err

"""The themes a site can be built with, and what each needs installed.

MkDocs ships ``mkdocs`` and ``readthedocs``; ``material`` comes with the optional extra
``assay[material]``. A missing theme is found before anything is built, so the error
names the extra to install instead of MkDocs' "Unrecognised theme name".
"""

from __future__ import annotations

from assay.errors import AssayError

__all__ = ["DEFAULT_THEME", "THEMES", "ThemeMissing", "theme_settings"]

#: Each theme assay builds with, and the extra that installs it (None: built in).
THEMES: dict[str, str | None] = {"mkdocs": None, "readthedocs": None, "material": "material"}
DEFAULT_THEME = "mkdocs"


class ThemeMissing(AssayError):
    """The theme asked for is unknown, or its package is not installed."""


def theme_settings(name: str) -> dict[str, object]:
    """The ``theme`` setting of MkDocs' config for ``name``; ``ThemeMissing`` when it
    cannot be built here."""
    if name not in THEMES:
        known = ", ".join(THEMES)
        raise ThemeMissing(f"unknown theme {name!r} (known: {known})")
    extra = THEMES[name]
    # A theme registers itself under `mkdocs.themes`: asking the entry points finds it
    # without importing it (Material's import is the slow part of its start).
    from importlib.metadata import entry_points  # its import costs every command's start

    installed = {point.name for point in entry_points(group="mkdocs.themes")}
    if name not in installed:
        raise ThemeMissing(
            f"the {name} theme is not installed: install the optional extra, "
            f"pip install 'assay[{extra}]'"
        )
    return {"name": name}

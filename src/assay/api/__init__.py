"""The Python API of ``assay check``: check a workspace, get the report as a value.

``assay.check`` (re-exported by the package root, which imports this module only
when it is called) does what ``assay check`` does, without printing or exiting:
the findings come back as a :class:`Report`, and only an ``AssayError`` (a config
that cannot be read, a path that does not exist) is raised.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from assay.engine.runner.result import Report, RuleInfo, Suppressed
from assay.engine.workspace.config import Config, load_config
from assay.errors import UsageError

__all__ = ["Config", "Report", "RuleInfo", "Suppressed", "check"]

StrPath = str | os.PathLike[str]


def check(
    root: StrPath,
    paths: Iterable[StrPath] = (),
    config: StrPath | Config | None = None,
    *,
    cache: bool = True,
) -> Report:
    """Check the workspace at ``root`` as ``assay check`` run there would.

    ``paths`` (relative to ``root``, or absolute) limit what is *reported*, never what
    is loaded; none means the whole workspace. ``config`` is a config file to use
    (``--config``) or a :class:`~assay.engine.workspace.config.Config`; None finds
    the nearest ``assay.toml`` or ``pyproject.toml`` from ``root`` up, as the command
    line does. ``cache`` reuses what earlier runs found (``~/.cache/assay``).

    Raises ``ConfigError`` for a config that cannot be read or names no check, and
    ``UsageError`` for a path that does not exist or lies outside the workspace;
    every finding in the documents is a diagnostic in the report instead.
    """
    from assay.engine.runner.run import check as run_check

    start = Path(root)
    if isinstance(config, Config):
        settings = config
    else:
        explicit = None if config is None else Path(config)
        if explicit is not None and not explicit.is_absolute():
            explicit = start / explicit
        settings = load_config(start, explicit)
    scope = _report_paths(start, [Path(p) for p in paths], settings)
    return run_check(settings, paths=scope, cache=cache)


def _report_paths(start: Path, given: list[Path], config: Config) -> list[str] | None:
    """``given`` as workspace-relative POSIX paths; None for the whole workspace."""
    if not given:
        return None
    workspace = config.root.resolve()
    found = []
    for item in given:
        path = Path(os.path.normpath(start.resolve() / item))
        if not os.path.lexists(path):
            raise UsageError(f"{item}: no such file or folder")
        try:
            found.append(path.relative_to(workspace).as_posix())
        except ValueError:
            raise UsageError(f"{item} is outside the workspace ({workspace})") from None
    return found

"""The Python API: what every ``assay`` command does, as functions that return values.

The command line stands on this package and on nothing of the engine (an import
contract holds it): each command parses its arguments, calls one of these, and prints.
``assay.check`` (re-exported by the package root, which imports this module only
when it is called) does what ``assay check`` does, without printing or exiting::

    from assay import api

    report = api.check(".", select=["LNK"], jobs=2)     # -> api.Report
    for d in report.diagnostics:
        print(d.path, d.span.line, d.code, d.message)

The findings come back as a :class:`Report`, and only an ``AssayError`` (a config
that cannot be read, a path that does not exist) is raised. The other capabilities
have a module each: ``api.workspace`` (config, discovery, new records),
``api.documents`` (``assay parse``), ``api.pins``, ``api.context``, ``api.runs``
(and ``api.identity``), ``api.traces``, ``api.evaluation`` (and
``api.evaluation_report``), ``api.files`` (contained reading, the rule of what a
write may replace, the one writer).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from assay.engine.runner.result import Report, RuleInfo, RunResult, Suppressed
from assay.engine.workspace.candidates import Note
from assay.engine.workspace.config import Config, ConfigError
from assay.errors import AssayError, UsageError

if TYPE_CHECKING:
    from collections.abc import Iterable

    from assay.spec.diagnostics import Diagnostic

__all__ = [
    "Config",
    "ConfigError",
    "Note",
    "Report",
    "RuleInfo",
    "RunResult",
    "SpecError",
    "StrPath",
    "Suppressed",
    "check",
]

StrPath = str | os.PathLike[str]


class SpecError(AssayError):
    """A spec file has errors, so the workspace's declarations cannot be trusted."""

    def __init__(self, diagnostics: tuple[Diagnostic, ...]) -> None:
        """Keep ``diagnostics``; the message counts their errors."""
        self.diagnostics = diagnostics
        errors = sum(1 for d in diagnostics if d.severity == "error")
        super().__init__(f"the specs have {errors} error{'s' if errors != 1 else ''}")


def check(
    root: StrPath,
    paths: Iterable[StrPath] = (),
    config: StrPath | Config | None = None,
    *,
    cache: bool = True,
    select: Iterable[str] | None = None,
    ignore: Iterable[str] | None = None,
    jobs: int | None = None,
) -> Report:
    """Check the workspace at ``root`` as ``assay check`` run there would.

    ``paths`` (relative to ``root``, or absolute) limit what is *reported*, never what
    is loaded; none means the whole workspace. ``config`` is a config file to use
    (``--config``) or a :class:`~assay.engine.workspace.config.Config`; None finds
    the nearest ``assay.toml`` or ``pyproject.toml`` from ``root`` up, as the command
    line does. ``cache`` reuses what earlier runs found (``~/.cache/assay``).
    ``select`` and ``ignore`` (codes, families or names) replace the config's, as
    ``--select`` and ``--ignore`` do; ``jobs`` is the number of reading processes
    (None: one per core for a large workspace).

    Raises ``ConfigError`` for a config that cannot be read or names no check, and
    ``UsageError`` for a path that does not exist or lies outside the workspace;
    every finding in the documents is a diagnostic in the report instead.
    """
    from assay.engine.workspace.config import load_config
    from assay.engine.workspace.listing import start_listing

    start = Path(root)
    if isinstance(config, Config):
        settings = config
    else:
        explicit = None if config is None else Path(config)
        if explicit is not None and not explicit.is_absolute():
            explicit = start / explicit
        settings = load_config(start, explicit)
    started = start_listing(settings)  # git lists the files while the engine loads
    try:
        from assay.engine.runner.run import CheckOptions, check_keeping

        scope = _report_paths(start, list(paths), settings, through_links=True)
        options = CheckOptions(
            select=None if select is None else list(select),
            ignore=None if ignore is None else list(ignore),
            paths=scope,
            cache=cache,
            jobs=jobs,
        )
        return check_keeping(settings, options, started=started).report
    finally:
        if started is not None:
            started.close()


def _report_paths(
    start: Path, given: list[StrPath], config: Config, *, through_links: bool = False
) -> list[str] | None:
    """``given`` as workspace-relative POSIX paths; None for the whole workspace.

    ``through_links``: a path that is outside the workspace as written but inside it
    once its links are resolved (an absolute path through a linked folder) counts as
    inside, as ``assay check`` counts it. Messages name each path as it was given.
    """
    if not given:
        return None
    workspace = config.root.resolve()
    found = []
    for item in given:
        path = Path(os.path.normpath(start.resolve() / item))
        if not os.path.lexists(path):
            # A mistyped path would otherwise report nothing and pass.
            raise UsageError(f"{os.fspath(item)}: no such file or folder")
        relative = _below(path, workspace)
        if relative is None and through_links:
            relative = _below(path.resolve(), workspace)
        if relative is None:
            shown = os.fspath(item)
            raise UsageError(f"{shown} is outside the workspace ({workspace})")
        found.append(relative)
    return found


def _below(path: Path, folder: Path) -> str | None:
    """``path`` relative to ``folder`` as POSIX text; None when it is not below it."""
    try:
        return path.relative_to(folder).as_posix()
    except ValueError:
        return None

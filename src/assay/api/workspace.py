"""The Python API of the workspace: its config, what discovery finds, new records.

::

    from assay.api import workspace

    config = workspace.load_config(".")               # the nearest assay.toml, or none
    found = workspace.inventory(config)                 # what `assay files` lists
    for entry in found.files:
        print(entry.path, entry.role, entry.type, entry.reason)
    created = workspace.new_record(config, "Use Kafka for events", supersedes=["2"])
    print(created.path, created.updated)                # the record, the records updated
    run = workspace.new_run(config.root / "runs", source="https://github.com/o/r", system="R")

``new_record`` and ``new_run`` write (each file whole, through the one writer); the
rest reads. A config that cannot be read raises ``ConfigError``; a title, folder or
source that cannot be used ``UsageError``. Discovery's own troubles (an unusable
``.adr-dir``, git failing) are ``Note`` values in what it returns.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from assay.api import StrPath
from assay.engine.workspace.candidates import Note
from assay.engine.workspace.config import Config, ConfigError
from assay.engine.workspace.config import load_config as _load_config
from assay.engine.workspace.config import root_config as _root_config

if TYPE_CHECKING:
    from assay.engine.authoring.create import Created
    from assay.engine.authoring.new_run import CreatedRun
    from assay.engine.workspace.inventory import Inventory
    from assay.engine.workspace.record_folders import RECORD_FOLDERS

__all__ = [
    "RECORD_FOLDERS",
    "Config",
    "ConfigError",
    "Created",
    "CreatedRun",
    "Inventory",
    "Note",
    "inventory",
    "load_config",
    "new_record",
    "new_run",
    "root_config",
]

#: Served on first use (`__getattr__`): loading a config needs none of these modules,
#: and a pre-commit run loads its config from here. Imported plainly, they made the
#: warm one-file run in 10,000 records execute 7.3 % more instructions (2,220.9 M
#: against 2,070.8 M under callgrind), where that budget has no room.
_SERVED = {
    "Created": "assay.engine.authoring.create",
    "CreatedRun": "assay.engine.authoring.new_run",
    "Inventory": "assay.engine.workspace.inventory",
    "RECORD_FOLDERS": "assay.engine.workspace.record_folders",
}


def __getattr__(name: str) -> object:
    module = _SERVED.get(name)
    if module is None:
        raise AttributeError(f"module 'assay.api.workspace' has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(module), name)


def load_config(start: StrPath = ".", config: StrPath | None = None) -> Config:
    """The config of a run started in ``start``: the nearest ``assay.toml`` (or
    ``pyproject.toml`` with ``[tool.assay]``) from there up to the repository root,
    else the defaults for that root. ``config`` names the file to use instead, as
    ``--config`` does (a relative name is taken from the current folder).

    Raises ``ConfigError`` (with the file, and the line and column when known) for a
    config that cannot be read or holds a setting assay does not take.
    """
    return _load_config(Path(start), None if config is None else Path(config))


def root_config(root: StrPath) -> Config:
    """The config of the workspace ``root`` itself: its own ``assay.toml`` (or
    ``pyproject.toml`` with ``[tool.assay]``), else the defaults, with ``root`` as the
    root. Unlike ``load_config`` it never takes a config from a folder above, so
    nothing outside ``root`` is read (``assay mcp --root``). Raises ``ConfigError`` as
    ``load_config`` does."""
    return _root_config(Path(root))


def inventory(config: Config) -> Inventory:
    """Every document discovery finds in the workspace of ``config`` with its type,
    each spec, and each file passed over, with why; and discovery's notes. Each
    document is read to name its type; nothing is checked."""
    from assay.engine.workspace.inventory import inventory as _inventory

    return _inventory(config)


def new_record(
    config: Config,
    title: str,
    *,
    today: datetime.date | None = None,
    folder: str | None = None,
    supersedes: Sequence[str] = (),
    amends: Sequence[str] = (),
) -> Created:
    """Write the next decision record titled ``title`` in ``folder`` (default: the
    records folder found), in the name form and style its records follow, Markdown or
    reStructuredText (or its ``template.md``/``template.rst``), status the first its
    template lists (else the word its records use for an undecided one, else proposed),
    dated ``today`` (default: today in UTC); its sections hold the template's questions,
    which ``check`` reports until they are answered. ``supersedes`` and ``amends`` name
    records (by number, or file name with or without its extension) that are updated
    to point back.

    Raises ``UsageError`` for a title or folder that cannot be used, a record that
    exists already, or a record to relate to that is not found; nothing is written.
    """
    from assay.engine.authoring.create import new_record as _new_record

    day = today if today is not None else datetime.datetime.now(datetime.UTC).date()
    return _new_record(
        config, title, today=day, folder=folder, supersedes=supersedes, amends=amends
    )


def new_run(
    parent: StrPath, *, source: str, system: str, workspace: StrPath | None = None
) -> CreatedRun:
    """Scaffold an analysis run of ``system`` at ``source`` in ``parent``/<slug>, the
    slug made from the source's normalized identity; the folder appears whole or not
    at all. Raises ``UsageError`` for an unusable source or system, or a folder that
    exists; with ``workspace``, ``DestinationRefused`` (a ``UsageError``) before
    anything is touched when the run would land outside it or where no write may go
    (DESIGN §6); ``OSError`` when it cannot be written."""
    from assay.engine.authoring.new_run import new_run as _new_run

    inside = None if workspace is None else Path(workspace)
    return _new_run(Path(parent), source=source, system=system, workspace=inside)

"""``assay new TITLE``: write the next decision record in its folder's style."""

from __future__ import annotations

import argparse
import datetime
import os
import sys
from pathlib import Path

from assay.api.workspace import ConfigError, load_config
from assay.cli.exit_codes import EXIT_ERROR, EXIT_OK
from assay.errors import UsageError


def run(options: argparse.Namespace) -> int:
    """Create the record; print its path (and the records updated); 2 on any problem."""
    from assay.api.workspace import new_record

    if options.title == "run" or options.source is not None or options.system is not None:
        return _new_run(options)
    try:
        config = load_config(Path.cwd(), None)
        created = new_record(
            config,
            options.title,
            today=today(),
            folder=options.dir,
            supersedes=options.supersedes or (),
            amends=options.amends or (),
        )
    except (ConfigError, UsageError) as error:
        print(f"assay new: {error}", file=sys.stderr)
        return EXIT_ERROR
    root = config.root
    shown = _shown(root, created.path)
    made = f" from {_shown(root, created.template)}" if created.template else ""
    print(f"created {shown}{made}")
    for path in created.updated:
        print(f"updated {_shown(root, path)}")
    return EXIT_OK


def _new_run(options: argparse.Namespace) -> int:
    """``assay new run --source URL --system NAME [--dir FOLDER]``: scaffold a run."""
    from assay.api.workspace import new_run

    try:
        if options.title != "run":
            raise UsageError("--source and --system scaffold a run: `assay new run --source URL`")
        if options.source is None or options.system is None:
            raise UsageError("`assay new run` needs --source URL and --system NAME")
        if options.supersedes or options.amends:
            raise UsageError("--supersedes and --amends are for records, not runs")
        root = load_config(Path.cwd(), None).root
        default = Path(os.path.relpath(root / "runs"))
        parent = Path(options.dir) if options.dir is not None else default
        created = new_run(parent, source=options.source, system=options.system, workspace=root)
    except (ConfigError, UsageError) as error:
        print(f"assay new: {error}", file=sys.stderr)
        return EXIT_ERROR
    except OSError as error:
        print(f"assay new: cannot write the run: {error.strerror}", file=sys.stderr)
        return EXIT_ERROR
    shown = os.path.relpath(created.folder)
    print(f"created {shown}/")
    for name in created.files:
        print(f"  {name}")
    return EXIT_OK


def today() -> datetime.date:
    """Today in UTC, or the day ``SOURCE_DATE_EPOCH`` names (reproducible builds)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch is None or not epoch.strip():
        return datetime.datetime.now(datetime.UTC).date()
    try:
        return datetime.datetime.fromtimestamp(int(epoch), datetime.UTC).date()
    except (ValueError, OverflowError, OSError):
        raise UsageError(
            f"SOURCE_DATE_EPOCH={epoch!r} is not a number of seconds since 1970"
        ) from None


def _shown(root: Path, path: str) -> str:
    """``path`` relative to the current folder when it is below it, else as given."""
    try:
        return os.path.relpath(root / path)
    except ValueError:  # pragma: no cover - another drive on Windows
        return path

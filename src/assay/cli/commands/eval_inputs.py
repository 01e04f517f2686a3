"""What ``assay eval summary --output`` may not write over besides its own store: the
inputs of an evaluation (DESIGN §6). The workspace's config and specs, when the
current folder is in a workspace; and, whatever their names, an existing file that is
an evidence store (SQLite) or reads as an evaluation policy. A report is never
either, so replacing a previous report stays allowed.
"""

from __future__ import annotations

from pathlib import Path

from assay.engine.files.destination import DestinationRefused

_SQLITE = b"SQLite format 3\x00"
#: A policy is a small TOML file; a larger one is not read to find out.
_POLICY_BYTES = 1 << 20


def workspace_inputs() -> tuple[Path, ...]:
    """The config and spec files of the workspace around the current folder, if any."""
    from assay.engine.workspace.config import ConfigError, load_config
    from assay.engine.workspace.discovery import discover

    try:
        config = load_config(Path.cwd(), None)
        specs = discover(config).specs
    except (ConfigError, OSError):  # no workspace here: the summary needs none
        return ()
    found = [config.root / spec for spec in specs]
    return (*found, *([config.source] if config.source is not None else []))


def check_not_input(path: Path, flag: str) -> None:
    """Refuse ``path`` when it holds an evidence store or a policy; else nothing."""
    if not path.is_file():
        return
    with path.open("rb") as stream:
        start = stream.read(len(_SQLITE))
    if start == _SQLITE:
        _refuse(path, flag, "is an evidence store (a SQLite file)")
    if path.suffix == ".toml" and path.stat().st_size <= _POLICY_BYTES:
        from assay.api.evaluation import read_policy
        from assay.engine.evidence.codes import EvidenceError

        try:
            read_policy(path)
        except EvidenceError:
            return
        _refuse(path, flag, "is an evaluation policy")


def _refuse(path: Path, flag: str, reason: str) -> None:
    raise DestinationRefused(f"{flag} {str(path)!r} {reason}; nothing was written")

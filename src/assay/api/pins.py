"""The Python API of pins: verify every declared source, renew the digests.

::

    import assay

    for result in assay.verify_pins("."):
        if result.status != "ok":
            print(result.spec, result.source.path, result.status, result.actual)
    changed = assay.renew_pins(".")   # the spec files whose digests were rewritten

``verify_pins`` reads every pinned file now (nothing cached: files change without the
specs changing) through safe file access; a result's ``status`` is ``ok``,
``refused`` (``refused.code`` is PTH001 to PTH004), ``out-of-range`` (PIN002),
``missing-digest`` (PIN003) or ``mismatch`` (PIN001). ``renew_pins`` is ``assay pin
--write``: only the digest literals change (missing ones are added), every other byte
of each spec file is kept, each file is replaced atomically and only when it changes;
a refused source never gets a digest. Nothing here prints; a spec error raises
``SpecError`` with the diagnostics.
"""

from __future__ import annotations

from pathlib import Path

from assay.api import StrPath
from assay.api.context import SpecError
from assay.engine.context.pin_write import SpecChanged, renew
from assay.engine.context.pins import PinResult
from assay.engine.context.pins import verify_pins as _verify
from assay.engine.workspace.config import Config, load_config
from assay.engine.workspace.loading import Workspace, open_workspace

__all__ = ["PinResult", "SpecChanged", "SpecError", "renew_pins", "verify_pins"]


def verify_pins(
    root: StrPath = ".", *, config: StrPath | Config | None = None
) -> tuple[PinResult, ...]:
    """Every source of every declaration of the workspace at ``root``, verified now."""
    return _verify(_workspace(root, config))


def renew_pins(root: StrPath = ".", *, config: StrPath | Config | None = None) -> tuple[str, ...]:
    """Write the digest of every readable source whose pin is missing or stale into its
    spec file; the spec files changed (workspace-relative). Raises ``SpecChanged`` when a
    spec file changed while it was read (that file is left alone)."""
    workspace = _workspace(root, config)
    return renew(workspace.config.root, _verify(workspace))


def _workspace(root: StrPath, config: StrPath | Config | None) -> Workspace:
    if isinstance(config, Config):
        settings = config
    else:
        explicit = None if config is None else Path(root, config)
        settings = load_config(Path(root), explicit)
    workspace = open_workspace(settings)
    if workspace.stopped:
        raise SpecError(workspace.spec_diagnostics)
    return workspace

"""The Python API of pins: verify every declared source, renew the digests.

::

    import assay

    for result in assay.verify_pins("."):
        if result.status != "ok":
            print(result.spec, result.source.path, result.status, result.actual)
    changed = assay.renew_pins(".")   # the spec files whose digests were rewritten

    checked = assay.check_pins(".", write=True)     # what `assay pin --write` does
    for d in checked.diagnostics:                   # what still needs a human
        print(d.path, d.span.line, d.code, d.message)

``verify_pins`` reads every pinned file now (nothing cached: files change without the
specs changing) through safe file access; a result's ``status`` is ``ok``,
``refused`` (``refused.code`` is PTH001 to PTH004), ``out-of-range`` (PIN002),
``missing-digest`` (PIN003) or ``mismatch`` (PIN001). ``renew_pins`` is ``assay pin
--write``: only the digest literals change (missing ones are added), every other byte
of each spec file is kept, each file is replaced atomically and only when it changes;
a refused source never gets a digest. ``check_pins`` is the whole of ``assay pin``:
verify (with ``write``, renew and verify again), and the diagnostics ``assay check``
reports for the pins, at the sources in their spec files. Nothing here prints; a spec
error raises ``SpecError`` with the diagnostics.
"""

from __future__ import annotations

from pathlib import Path

from attrs import frozen

from assay.api import SpecError, StrPath
from assay.engine.context.pin_write import SpecChanged, renew
from assay.engine.context.pins import PinResult
from assay.engine.context.pins import verify_pins as _verify
from assay.engine.runner.result import Report
from assay.engine.workspace.config import Config, load_config
from assay.engine.workspace.loading import Workspace, open_workspace
from assay.errors import InputError
from assay.spec.diagnostics import Diagnostic
from assay.spec.model import Model

__all__ = [
    "DigestsNotWritten",
    "PinCheck",
    "PinResult",
    "SpecChanged",
    "SpecError",
    "check_pins",
    "renew_pins",
    "verify_pins",
]


class DigestsNotWritten(InputError):
    """``check_pins(write=True)`` could not write a spec file's digests (a spec file
    changed while it was read, or the disk refused); the message says which."""


@frozen(kw_only=True)
class PinCheck(Model):
    """What ``assay pin`` found: every pin's result and the pin checks' diagnostics."""

    #: Every source of every declaration, verified (after renewal, with ``write``).
    results: tuple[PinResult, ...]
    #: The spec files whose digests were renewed (workspace-relative); empty unless
    #: ``write`` was asked and something was stale or missing.
    written: tuple[str, ...]
    #: PIN001-PIN003 and PTH001-PTH004 at the sources, as ``assay check`` reports them.
    diagnostics: tuple[Diagnostic, ...]

    @property
    def specs(self) -> tuple[str, ...]:
        """The spec files that declare the pins, sorted."""
        return tuple(sorted({r.spec for r in self.results}))

    @property
    def report(self) -> Report:
        """The diagnostics as a ``Report`` over the spec files: what formatters render."""
        return Report(diagnostics=self.diagnostics, suppressed=(), files=self.specs, rules=())


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


def check_pins(
    root: StrPath = ".", *, config: StrPath | Config | None = None, write: bool = False
) -> PinCheck:
    """Verify every pin of the workspace at ``root`` as ``assay pin`` does; with
    ``write``, first renew every digest that could be read (as ``renew_pins``), then
    verify again, so what is left needs a human: a refused path, a range outside its
    file. Raises ``SpecError`` for a spec error (nothing verified) and
    ``DigestsNotWritten`` when a spec file cannot be written."""
    from assay.engine.runner.pin_pass import pin_diagnostics

    workspace = _workspace(root, config)
    results = _verify(workspace)
    written: tuple[str, ...] = ()
    if write:
        try:
            written = renew(workspace.config.root, results)
        except (SpecChanged, OSError) as error:
            raise DigestsNotWritten(f"cannot write the digests: {error}") from error
        if written:
            workspace = open_workspace(workspace.config, cache=True)
            results = _verify(workspace)
    return PinCheck(
        results=results, written=written, diagnostics=pin_diagnostics(workspace, results)
    )


def _workspace(root: StrPath, config: StrPath | Config | None) -> Workspace:
    if isinstance(config, Config):
        settings = config
    else:
        explicit = None if config is None else Path(root, config)
        settings = load_config(Path(root), explicit)
    # The type cache, as `assay check` keeps it: when no spec and no library changed,
    # the declarations come from it and no spec is parsed (Lark is not even imported:
    # a third of the command's start and 15 MiB, before a byte was hashed).
    workspace = open_workspace(settings, cache=True)
    if workspace.stopped:
        raise SpecError(workspace.spec_diagnostics)
    return workspace

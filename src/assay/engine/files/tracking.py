"""Which paths git tracks, read once per run (PTH004).

``git ls-files -z`` in the root lists the index's paths below it, relative to it, each
NUL-ended (no quoting, whatever the name). A pinned file must be among them: an
untracked file is nobody's reviewed source. Outside a git repository (or when git
cannot run) tracking cannot be checked: ``read_tracking`` returns an ``Unchecked``
value saying why, which never refuses a path; the manifest reports it.

The quiet-repository assumption (seed 002): the index is read once, when the run
starts. A file added, removed or renamed in git while the run goes on is judged by
what the index said then; nothing is re-checked. A modified tracked file is still
tracked — the pin's digest, taken from the bytes actually read, is what notices that.

``engine.workspace.git_index`` reads the index too (``--stage -v``), but only to vouch
for unchanged files, and beside a second command (``git diff-files``); a pin needs the
plain list, so it asks git for that.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from attrs import frozen

from assay.engine.files.containment import contained_parts
from assay.engine.files.refusal import Refused, not_tracked
from assay.spec.model import Model

_LS_FILES = ("git", "ls-files", "-z")


@frozen
class Tracked(Model):
    """The paths git tracks below the root, ``/``-separated, relative to it."""

    paths: frozenset[str]

    def refusal(self, path: str) -> Refused | None:
        """PTH004 when git does not track ``path`` (as normalized by containment);
        None when it does. A path containment refuses is containment's to report."""
        parts = contained_parts(path)
        if isinstance(parts, Refused) or "/".join(parts) in self.paths:
            return None
        return not_tracked(path)


@frozen
class Unchecked(Model):
    """Tracking cannot be checked here: ``reason`` says why (not a git repository,
    git missing). No path is refused for tracking; the manifest says it was not checked."""

    reason: str

    def refusal(self, path: str) -> Refused | None:
        """Never a refusal: tracking is unknown, not failed."""
        return None


Tracking = Tracked | Unchecked


def read_tracking(root: Path | str) -> Tracking:
    """What git tracks below ``root``, asked once (call it once per run)."""
    try:
        result = subprocess.run(
            _LS_FILES, cwd=root, capture_output=True, stdin=subprocess.DEVNULL, check=False
        )
    except OSError as error:
        return Unchecked(f"git could not run ({error.strerror})")
    if result.returncode != 0:
        first_line = os.fsdecode(result.stderr).strip().partition("\n")[0]
        return Unchecked(f"git ls-files failed: {first_line or f'exit {result.returncode}'}")
    return Tracked(tracked_paths(result.stdout))


def tracked_paths(listing: bytes) -> frozenset[str]:
    """The names ``git ls-files -z`` printed, decoded as ``os.fsdecode`` does (and as
    the workspace listing decodes them)."""
    text = listing.decode(sys.getfilesystemencoding(), sys.getfilesystemencodeerrors())
    return frozenset(name for name in text.split("\0") if name)

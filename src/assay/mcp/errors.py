"""A call the server answers with a tool error: what went wrong, and the diagnostics."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from assay.spec.diagnostics import Diagnostic


class ToolError(Exception):
    """The call cannot be answered: ``message`` says why, ``diagnostics`` (if any) are
    the findings behind it (a spec error's, an unverified run's), sent as a report."""

    def __init__(self, message: str, diagnostics: Sequence[Diagnostic] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.diagnostics = tuple(diagnostics)


def workspace_relative(value: Any, root: Path) -> Any:
    """``value`` (text, or JSON's lists and objects of it) with each absolute path
    under ``root`` written relative to it, ``root`` itself as ``.``: an error names
    what the client can name, never where the workspace lies on the server's disk.
    Whatever raised it (a run folder, a store, a future tool's path) is covered here,
    where every error leaves."""
    if isinstance(value, str):
        return _under(root).sub(lambda m: "" if m[1] else ".", value)
    if isinstance(value, list):
        return [workspace_relative(item, root) for item in value]
    if isinstance(value, dict):
        return {key: workspace_relative(item, root) for key, item in value.items()}
    return value


def _under(root: Path) -> re.Pattern[str]:
    # The root followed by `/` (a path under it), or by what ends a name in a message
    # (`/w` in `/w2` is another folder, and stays as it is).
    return re.compile(re.escape(str(root)) + r"""(?:(/)|(?=[\s`'":;,)\]]|$))""")

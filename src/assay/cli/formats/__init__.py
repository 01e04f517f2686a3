"""Output formats for ``assay check``: one pure ``render`` function per format.

Each formatter turns a :class:`~assay.engine.result.RunResult` into the exact text to
write; the CLI decides where it goes.  ``source(path)`` returns a checked file's text
(for excerpts and fingerprints) or None when it cannot be read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from assay.cli.formats import github, json_report, sarif, text
from assay.engine.result import RunResult

__all__ = ["FORMATTERS", "Formatter"]


class Formatter(Protocol):
    """The shape every ``render`` function has."""

    def __call__(
        self,
        result: RunResult,
        *,
        version: str,
        source: Callable[[str], str | None],
        color: bool = False,
    ) -> str:
        """The whole output of one run, ending with a newline."""
        ...


#: ``--format`` name to formatter; an explicit table, not discovery.
FORMATTERS: Mapping[str, Formatter] = {
    "text": text.render,
    "json": json_report.render,
    "sarif": sarif.render,
    "github": github.render,
}

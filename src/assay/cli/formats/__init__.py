"""Output formats for ``assay check``: one pure ``render`` function per format.

Each formatter turns a :class:`~assay.api.RunResult` into the exact text to
write; the CLI decides where it goes.  ``source(path)`` returns a checked file's text
(for excerpts and fingerprints) or None when it cannot be read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, ClassVar, Protocol

if TYPE_CHECKING:
    from assay.api import RunResult

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


class _Formatters(Mapping[str, Formatter]):
    """``--format`` name to formatter; a format's module is imported when it is asked
    for (JSON needs cattrs and the report models; a pre-commit run prints text)."""

    _modules: ClassVar[dict[str, str]] = {
        "text": "text",
        "json": "json_report",
        "sarif": "sarif",
        "github": "github",
    }

    def __getitem__(self, name: str) -> Formatter:
        module = import_module(f"assay.cli.formats.{self._modules[name]}")
        render: Formatter = module.render
        return render

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)


#: ``--format`` name to formatter; an explicit table, not discovery.
FORMATTERS: Mapping[str, Formatter] = _Formatters()

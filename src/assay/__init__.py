"""assay: declare, check, assemble and publish evidence-bearing documents.

The package root stays import-light (no Lark, no YAML) so that ``assay --version``
and pre-commit runs start fast; the public helpers import their stage lazily, and
``check`` and ``Report`` come from ``assay.api`` when first used. Every command
imports this package: with the run, context and pin APIs imported here, the warm
pre-commit run in 10,000 records executed 6.4 % more instructions (2,204.1 M against
2,071.1 M under callgrind), where that budget has no room.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from assay.version import __version__

if TYPE_CHECKING:
    import os
    from collections.abc import Iterable

    from assay.api import Config, Report
    from assay.api.context import Bundle, Selection, SpecError, assemble, select, write_bundle
    from assay.api.pins import PinCheck, PinResult, check_pins, renew_pins, verify_pins
    from assay.api.runs import (
        RunNotVerified,
        Verification,
        load_run,
        render_review,
        verify_run,
        verify_runs,
    )
    from assay.spec.diagnostics import Parsed
    from assay.spec.document import Document
    from assay.spec.specfile import SpecFile

__all__ = [
    "Bundle",
    "PinCheck",
    "PinResult",
    "Report",
    "RunNotVerified",
    "Selection",
    "SpecError",
    "Verification",
    "__version__",
    "assemble",
    "check",
    "check_pins",
    "load_run",
    "parse_document",
    "parse_spec",
    "render_review",
    "renew_pins",
    "select",
    "verify_pins",
    "verify_run",
    "verify_runs",
    "write_bundle",
]

#: Names served from ``assay.api.runs`` when first used (the run API loads the engine).
_RUN_API = frozenset(
    {"RunNotVerified", "Verification", "load_run", "render_review", "verify_run", "verify_runs"}
)
#: Names served from ``assay.api.context`` when first used (selection loads the engine).
_CONTEXT_API = frozenset({"Bundle", "Selection", "SpecError", "assemble", "select", "write_bundle"})
#: Names served from ``assay.api.pins`` when first used (verification loads the engine).
_PIN_API = frozenset({"PinCheck", "PinResult", "check_pins", "renew_pins", "verify_pins"})


def check(
    root: str | os.PathLike[str],
    paths: Iterable[str | os.PathLike[str]] = (),
    config: str | os.PathLike[str] | Config | None = None,
    *,
    cache: bool = True,
) -> Report:
    """Check the workspace at ``root`` as ``assay check`` would; return the :class:`Report`.

    ``paths`` limit what is reported (never what is loaded); ``config`` is a config
    file to use instead of the nearest one. Never prints; raises only ``AssayError``
    (an unreadable config, a missing path). See :func:`assay.api.check`.
    """
    from assay.api import check as _check

    return _check(root, paths, config, cache=cache)


def __getattr__(name: str) -> object:
    # `Report` is the engine's; importing it eagerly would load the engine on
    # `import assay`.
    if name == "Report":
        from assay.api import Report as _Report

        return _Report
    if name in _RUN_API:
        from assay.api import runs

        return getattr(runs, name)
    if name in _CONTEXT_API:
        from assay.api import context

        return getattr(context, name)
    if name in _PIN_API:
        from assay.api import pins

        return getattr(pins, name)
    raise AttributeError(f"module 'assay' has no attribute {name!r}")


def parse_document(data: bytes | str, path: str = "<document>") -> Parsed[Document]:
    """Read a Markdown or plain-text document into a :class:`~assay.spec.document.Document`
    (reStructuredText when ``path`` ends with ``.rst``).

    Never raises on bad input: undecodable bytes become a ``DOC001`` diagnostic.
    """
    from assay.grammar.reader import parse_document as _parse

    return _parse(data, path)


def parse_spec(text: str, path: str = "<spec>") -> Parsed[SpecFile]:
    """Read a ``.assay`` spec into a :class:`~assay.spec.specfile.SpecFile`.

    Never raises on bad input: syntax errors become ``SPC001`` diagnostics.
    """
    from assay.grammar.spec import parse_spec as _parse

    return _parse(text, path)

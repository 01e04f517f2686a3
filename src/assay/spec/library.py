"""The built-in spec libraries as data: the ``.assay`` files a ``use`` line can name.

Each library is a file in the ``library/`` folder next to this module, written in the
spec language itself.  Only the names, paths and texts live here: parsing them takes
the spec parser, a layer above, so the loader is ``assay.grammar.spec.library``.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files

_PACKAGE = "assay.spec"
_FOLDER = "library"
_SUFFIX = ".assay"


@cache
def library_names() -> tuple[str, ...]:
    """Every built-in library, by name, sorted: the ``.assay`` files shipped with assay."""
    folder = files(_PACKAGE) / _FOLDER
    names = (p.name.removesuffix(_SUFFIX) for p in folder.iterdir() if p.name.endswith(_SUFFIX))
    return tuple(sorted(names))


def library_path(library: str) -> str:
    """The path a library's spans and diagnostics name, e.g. ``<assay>/library/adr.assay``."""
    return f"<assay>/{_FOLDER}/{library}{_SUFFIX}"


def library_text(library: str) -> str:
    """The text of a built-in library's file (one of ``library_names()``)."""
    return (files(_PACKAGE) / _FOLDER / f"{library}{_SUFFIX}").read_text(encoding="utf-8")

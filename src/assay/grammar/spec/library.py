"""The built-in spec libraries, parsed: the types each one exports.

The files themselves are data (``assay.spec.library``).  A library is read the first
time one of its types is asked for, and once per process.

Reading a library runs the same checks as any spec, and those checks consult the
libraries (``use`` and ``extends`` must resolve), so loading is lazy and re-entrant:
``madr`` reads ``adr`` while being read itself.  Two libraries that ``use`` each other
would recurse forever; that is reported as a bug (``AssertionError``) instead.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from functools import cache

from assay.grammar.spec.parser import parse_spec_with
from assay.spec.library import library_names, library_path, library_text
from assay.spec.specfile import SpecFile

__all__ = [
    "BUILTIN_LIBRARIES",
    "LIBRARIES",
    "exported_types",
    "library_of",
    "library_spec",
]

# One thread loads at a time; the same thread may re-enter to load a used library.
_lock = threading.RLock()
_loading: list[str] = []


def library_spec(library: str) -> SpecFile:
    """A built-in library, parsed and checked; ``KeyError`` for a library that does not exist.

    Raises ``AssertionError`` when a library file has errors or libraries use each
    other in a cycle: both are bugs in assay, never in the user's spec.
    """
    if library not in library_names():
        raise KeyError(library)
    with _lock:
        return _load(library)


@cache
def _load(library: str) -> SpecFile:
    if library in _loading:
        cycle = " -> ".join([*_loading[_loading.index(library) :], library])
        raise AssertionError(f"built-in libraries use each other in a cycle: {cycle}")
    _loading.append(library)
    try:
        parsed = parse_spec_with(library_text(library), library_path(library), BUILTIN_LIBRARIES)
    finally:
        _loading.pop()
    if parsed.value is None:
        problems = "\n".join(
            f"  {d.path}:{d.span.line}:{d.span.column}: {d.code} {d.message}"
            for d in parsed.diagnostics
        )
        raise AssertionError(f"built-in library `{library}` does not parse:\n{problems}")
    return parsed.value


def exported_types(library: str) -> tuple[str, ...]:
    """The types a library exports (those it defines), in file order; empty if unknown."""
    if library not in library_names():
        return ()
    return tuple(t.name for t in library_spec(library).types)


def library_of(type_name: str) -> str | None:
    """The built-in library that exports ``type_name``, or None.

    Libraries being loaded right now are skipped: a library's own checks may ask, and
    reading it again would recurse.
    """
    for library in library_names():
        if library not in _loading and type_name in exported_types(library):
            return library
    return None


class _BuiltinLibraries:
    """The built-in libraries as the spec checks consult them (``spec_resolve.LibraryIndex``)."""

    def names(self) -> tuple[str, ...]:
        return library_names()

    def exports(self, library: str) -> tuple[str, ...]:
        return exported_types(library)

    def library_of(self, type_name: str) -> str | None:
        return library_of(type_name)


#: What ``use`` can name in any spec: the libraries shipped with assay.
BUILTIN_LIBRARIES = _BuiltinLibraries()


class _Libraries(Mapping[str, tuple[str, ...]]):
    """Library name -> exported type names; the names are known without reading a file."""

    def __getitem__(self, library: str) -> tuple[str, ...]:
        if library not in library_names():
            raise KeyError(library)
        return exported_types(library)

    def __contains__(self, library: object) -> bool:
        return library in library_names()

    def __iter__(self) -> Iterator[str]:
        return iter(library_names())

    def __len__(self) -> int:
        return len(library_names())


#: Library name -> the type names ``use NAME`` brings into scope (read lazily).
LIBRARIES: Mapping[str, tuple[str, ...]] = _Libraries()

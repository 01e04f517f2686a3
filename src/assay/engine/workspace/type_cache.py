"""The type cache: the types a run resolved from its specs, kept between runs.

Resolving types reads the built-in libraries and the spec files; a warm run whose
inputs did not change (``sources_digest``: assay's version, rules and libraries, the config
file, the spec files) takes them from here and reads no library and no spec again.
The specs' task-context declarations are kept beside the types for the same reason
(none, for a workspace that declares none: an empty tuple).
"""

from __future__ import annotations

import contextlib
import hashlib
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from assay.engine.workspace.cache_files import assay_key, cache_path, read_pickle, write_atomically

if TYPE_CHECKING:
    from assay.engine.workspace.config import Config
    from assay.engine.workspace.declarations import Declared
    from assay.spec.diagnostics import Diagnostic
    from assay.spec.types import DocumentType, TypeSet


def sources_digest(config: Config, sources: Mapping[str, bytes | str]) -> str:
    """Everything besides the checks that cached results depend on: assay's version and
    rules (``cache_files.assay_key``), the built-in libraries, the config file, and the
    spec files (``sources``: their bytes as the run read them, or why they could not
    be read)."""
    digest = hashlib.sha256()
    major, minor = sys.version_info[:2]
    digest.update(f"{assay_key()}|py{major}{minor}\n".encode())
    for name, data in _library_files():
        digest.update(name.encode() + b"\0" + data)
    if config.source is not None:
        digest.update(str(config.source).encode("utf-8", "surrogatepass") + b"\0")
        try:
            digest.update(config.source.read_bytes())
        except OSError:
            digest.update(b"<unreadable>")
    for path, read in sources.items():
        digest.update(str(config.root / path).encode("utf-8", "surrogatepass") + b"\0")
        digest.update(read if isinstance(read, bytes) else b"<unreadable>")
    return digest.hexdigest()


def _library_files() -> list[tuple[str, bytes]]:
    """The built-in libraries' files: a library edited without a new version must not
    leave types (or findings) resolved under the old one in the cache."""
    import assay.spec

    try:
        here = Path(assay.spec.__file__).parent / "library"
        if here.is_dir():  # installed as files: no need for importlib.resources
            return sorted((p.name, p.read_bytes()) for p in here.iterdir() if p.is_file())
        from importlib.resources import files

        folder = files("assay.spec") / "library"
        return sorted((p.name, p.read_bytes()) for p in folder.iterdir() if p.is_file())
    except OSError:
        return []


def _types_path(root: Path) -> Path | None:
    where = cache_path(root)
    return None if where is None else where.with_suffix(".types")


def load_types(
    root: Path, digest: str
) -> tuple[TypeSet, list[Diagnostic], tuple[Declared, ...]] | None:
    """The types, spec problems and declarations an earlier run resolved under
    ``digest``, or None.

    The built-in types it kept are handed to ``engine.workspace.types``, which then reads no
    library to find ``adr`` or ``madr``.
    """
    from assay.engine.workspace.types import remember_builtin_types

    stored = read_pickle(_types_path(root))
    if not (isinstance(stored, tuple) and len(stored) == 5 and stored[0] == digest):
        return None
    _digest, types, problems, builtins, declarations = stored
    remember_builtin_types(builtins)
    return types, list(problems), declarations


def save_types(
    root: Path,
    digest: str,
    types: TypeSet,
    problems: list[Diagnostic],
    declarations: tuple[Declared, ...] = (),
) -> None:
    """Keep the resolved types, with the built-in types a run may look up by name
    (``adr`` and ``madr`` for records found by convention, and those the specs use)."""
    from assay.engine.workspace.types import builtin_type, known_builtin_types

    where = _types_path(root)
    if where is None:
        return
    for name in ("adr", "madr", *(n for n in types if types[n].library is not None)):
        with contextlib.suppress(KeyError):  # a library without `madr`, say
            builtin_type(name)
    builtins: dict[str, DocumentType] = known_builtin_types()
    write_atomically(where, (digest, types, tuple(problems), builtins, declarations))

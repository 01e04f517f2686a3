"""The types a run resolved from its specs, kept in the store between runs.

Resolving types reads the built-in libraries and the spec files; a warm run whose
inputs did not change (``keys.sources_digest``: assay's version, rules and libraries,
the config file, the spec files) takes them from the store and reads no library and
no spec again. The specs' task-context declarations are kept beside the types for the
same reason (none, for a workspace that declares none: an empty tuple).
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from attrs import frozen

from assay.engine.cache.store import TYPES, Store
from assay.spec.model import Model

if TYPE_CHECKING:
    from assay.engine.workspace.declarations import Declared
    from assay.engine.workspace.types import BuiltinTypes
    from assay.spec.diagnostics import Diagnostic
    from assay.spec.types import DocumentType, TypeSet


@frozen
class KeptTypes(Model):
    """What the store keeps of a run's specs."""

    types: TypeSet
    problems: tuple[Diagnostic, ...]
    #: The built-in types a run may look up by name (``adr`` and ``madr`` for records
    #: found by convention, and those the specs use).
    builtins: dict[str, DocumentType]
    declarations: tuple[Declared, ...]


def load_types(store: Store, digest: str) -> KeptTypes | None:
    """The types, spec problems, built-in types and declarations an earlier run
    resolved under ``digest``, or None."""
    kept = store.value(TYPES, "", digest)
    return kept if isinstance(kept, KeptTypes) else None


def save_types(
    store: Store,
    digest: str,
    types: TypeSet,
    problems: list[Diagnostic],
    declarations: tuple[Declared, ...],
    builtins: BuiltinTypes,
) -> None:
    """Keep the resolved types, with the built-in types a run may look up by name
    (resolved into ``builtins`` now, so a warm run reads no library)."""
    for name in ("adr", "madr", *(n for n in types if types[n].library is not None)):
        with contextlib.suppress(KeyError):  # a library without `madr`, say
            builtins[name]
    kept = KeptTypes(types, tuple(problems), builtins.resolved(), declarations)
    with store.writing():
        store.put(TYPES, "", digest, kept)

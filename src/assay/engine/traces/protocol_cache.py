"""The protocols a workspace knows, kept in the store between runs as types are.

``assay trace check`` needs one protocol, yet finding it parsed every spec file and
the built-in libraries with Lark on every run: 0.12 s and 15 MiB before the first line
of the session was read, a pre-commit hook paying it for each session file. What the
specs and libraries declare is kept under the digest ``keys.sources_digest`` gives
(assay's version and rules, the libraries' files, the config, each spec file's
bytes): while none of them changes, no spec is parsed and Lark is not imported.
"""

from __future__ import annotations

from attrs import frozen

from assay.engine.cache.keys import sources_digest
from assay.engine.cache.store import PROTOCOLS, Store
from assay.engine.workspace.config import Config
from assay.engine.workspace.loading import parse_spec_sources, spec_sources
from assay.spec.diagnostics import Diagnostic
from assay.spec.model import Model
from assay.spec.protocol import ProtocolDecl

__all__ = ["Known", "builtin_protocols", "known_protocols"]


@frozen
class Known(Model):
    """Every protocol the workspace's specs declare, in spec then file order, every
    built-in one, and the specs' parse problems (SPC, with file, line and column)."""

    user: tuple[ProtocolDecl, ...]
    builtin: tuple[ProtocolDecl, ...]
    problems: tuple[Diagnostic, ...]


def builtin_protocols() -> tuple[ProtocolDecl, ...]:
    """Every protocol the built-in libraries declare, by library name then file order."""
    from assay.grammar.spec.library import library_spec  # Lark: only when not kept
    from assay.spec.library import library_names

    return tuple(p for library in library_names() for p in library_spec(library).protocols)


def known_protocols(config: Config) -> Known:
    """What the workspace ``config`` describes declares, from the cache when it holds."""
    sources = spec_sources(config)
    digest = sources_digest(config.root, config.source, sources)
    store = Store.open(config.root)
    try:
        kept = None if store is None else store.value(PROTOCOLS, "", digest)
        if isinstance(kept, Known):
            return kept
        specs, problems = parse_spec_sources(sources)
        known = Known(
            tuple(p for spec in specs for p in spec.protocols),
            builtin_protocols(),
            tuple(problems),
        )
        if store is not None:
            with store.writing():
                store.put(PROTOCOLS, "", digest, known)
        return known
    finally:
        if store is not None:
            store.close()

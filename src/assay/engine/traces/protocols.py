"""Find a protocol by name: one the user's specs declare, else a built-in one.

Built-in protocols are ``protocol`` blocks in the built-in spec libraries
(``consultation`` is in ``spec/library/consultation.assay``, next to the document
type of the same name: protocols and types are separate namespaces).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from assay.engine.traces.protocol_cache import builtin_protocols, known_protocols
from assay.engine.workspace.config import Config
from assay.errors import UsageError
from assay.spec.diagnostics import Parsed, sorted_diagnostics
from assay.spec.protocol import ProtocolDecl
from assay.spec.specfile import SpecFile

__all__ = ["builtin_protocols", "protocol_in_workspace", "protocol_named"]


def protocol_named(name: str, specs: Iterable[SpecFile] = ()) -> ProtocolDecl:
    """The protocol called ``name``.

    ``specs`` are the workspace's parsed spec files (``Workspace.specs`` values, or
    ``parse_spec(...).value`` of each): a protocol they declare wins over a built-in
    one of the same name, so a team can tighten ``consultation`` by redeclaring it.
    Raises ``UsageError`` (exit 2) naming the protocols there are when none matches.
    """
    user = tuple(p for spec in specs for p in spec.protocols)
    return _named(name, user, builtin_protocols())


def _named(
    name: str, user: tuple[ProtocolDecl, ...], builtin: tuple[ProtocolDecl, ...]
) -> ProtocolDecl:
    for protocol in (*user, *builtin):
        if protocol.name == name:
            return protocol
    known = sorted({p.name for p in (*user, *builtin)})
    message = f"no protocol `{name}`; the protocols are: {', '.join(known) or 'none'}"
    close = difflib.get_close_matches(name, known, n=1)
    if close:
        message += f" (did you mean `{close[0]}`?)"
    raise UsageError(message)


def protocol_in_workspace(name: str, config: Config) -> Parsed[ProtocolDecl]:
    """The protocol ``name`` as ``assay trace check`` finds it: the spec files ``config``
    lists are read and checked first (their SPC diagnostics, with file, line and column,
    come back with no protocol when any is an error), then ``protocol_named``.

    Raises ``UsageError`` for a name no spec and no built-in library declares.
    """
    known = known_protocols(config)
    problems = sorted_diagnostics(known.problems)
    if any(d.severity == "error" for d in problems):
        return Parsed(None, problems)
    return Parsed(_named(name, known.user, known.builtin), problems)

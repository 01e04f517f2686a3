"""``check_session``: one session file read and checked against a protocol, as
``assay trace check`` reports it — the reading problems and the protocol's findings
in one sorted list, the file read once, streamed.

The reader tells the checker which format the file is, so that what the format
cannot record by itself (Pi's: the active tool set, the source digests —
``reading.pi.UNRECORDED``) is said where a rule needed it (PRT034) instead of passing
unchecked. A neutral trace carries those fields itself: nothing is added for it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from assay.engine.traces.check import check_trace
from assay.engine.traces.reading import read_session
from assay.engine.traces.reading.pi import UNRECORDED
from assay.engine.traces.reading.sniff import Format
from assay.spec.diagnostics import Diagnostic, sorted_diagnostics
from assay.spec.protocol import ProtocolDecl
from assay.spec.trace import Actor, TraceEvent

__all__ = ["check_session"]


class _ByFormat(Mapping[str, str]):
    """``UNRECORDED`` once the reader said the file is Pi's, else nothing. Looked up
    only when a state ends, by which time the first entry has told the format."""

    def __init__(self) -> None:
        self.format: Format | None = None

    def _table(self) -> Mapping[str, str]:
        return UNRECORDED if self.format == "pi" else {}

    def __getitem__(self, key: str) -> str:
        return self._table()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())

    def told(self, found: Format) -> None:
        self.format = found


def check_session(
    root: Path | str,
    path: str,
    protocol: ProtocolDecl,
    *,
    actor: Actor = "main",
    explicit: bool = False,
) -> list[Diagnostic]:
    """Every reading problem and protocol finding of the session at ``path``, sorted.

    ``explicit``: the user named ``path`` (it may then lie outside the workspace).
    Raises ``SessionRefused`` for a path assay will not open, ``InputError`` for a
    file that cannot be read.
    """
    unrecorded = _ByFormat()
    problems: list[Diagnostic] = []
    found = read_session(root, path, actor=actor, explicit=explicit, on_format=unrecorded.told)

    def events() -> Iterator[TraceEvent]:  # the problems go aside
        for item in found:
            if isinstance(item, Diagnostic):
                problems.append(item)
            else:
                yield item

    violations = check_trace(events(), protocol, path=path, unrecorded=unrecorded)
    return list(sorted_diagnostics([*problems, *violations]))

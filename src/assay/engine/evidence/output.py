"""An agent's output, bounded: the first ``keep`` bytes, and the byte count and sha256
of all of it. An agent printing 200 MiB costs assay ``keep`` bytes of memory and of
store, and the digest still says exactly what was printed.
"""

from __future__ import annotations

import hashlib

from attrs import frozen

from assay.spec.model import Model

#: The head of each output kept by default (``--keep-output``): far more than any
#: agent's JSON answer should be, small against memory and the store.
DEFAULT_KEEP = 1 << 20


@frozen(kw_only=True)
class Output(Model):
    """One stream's output: its ``head`` (all of it unless ``truncated``), its size and
    digest in full."""

    head: bytes = b""
    size: int = 0
    sha256: str = hashlib.sha256(b"").hexdigest()

    @property
    def truncated(self) -> bool:
        """Whether bytes past the head were printed and not kept."""
        return self.size > len(self.head)


class Capture:
    """The output of one stream as its chunks arrive: the head kept, everything hashed."""

    def __init__(self, keep: int) -> None:
        self.keep = keep
        self._head: list[bytes] = []
        self._held = 0
        self._size = 0
        self._digest = hashlib.sha256()

    def add(self, chunk: bytes) -> None:
        """Count and hash ``chunk``; keep what of it fits in the head."""
        self._size += len(chunk)
        self._digest.update(chunk)
        room = self.keep - self._held
        if room > 0:
            self._head.append(chunk[:room])
            self._held += min(room, len(chunk))

    def output(self) -> Output:
        """What was captured so far."""
        head = b"".join(self._head)
        return Output(head=head, size=self._size, sha256=self._digest.hexdigest())


def whole(data: bytes) -> Output:
    """``data`` kept whole (an output known in full)."""
    return Output(head=data, size=len(data), sha256=hashlib.sha256(data).hexdigest())

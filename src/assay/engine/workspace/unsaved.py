"""Text an editor holds and has not saved, read in place of the file's bytes.

An editor checks a record as the user types, before anything is on disk. Inside
``unsaved({path: text})`` the workspace reads ``text`` wherever it would read that
file's bytes (a document, a spec, a run member), and the caches keep nothing:
every cache is keyed by what is on disk (a file's stamp), so a finding of unsaved
text kept there would be served for the file as saved.

A context variable, not a parameter through every layer: the reading of a file is
one function (``loading.contained_bytes``) and the caches have one writer
(``cache_files.write_atomically``); both ask here, and nothing between them needs
to know.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["active", "paths", "text_of", "unsaved"]

_TEXTS: ContextVar[Mapping[str, bytes] | None] = ContextVar("assay_unsaved", default=None)


@contextmanager
def unsaved(texts: Mapping[str, str | bytes]) -> Iterator[None]:
    """Read ``texts`` (workspace-relative POSIX path: its unsaved text) in place of
    those files while the block runs, and keep nothing in any cache."""
    encoded = {path: t.encode("utf-8") if isinstance(t, str) else t for path, t in texts.items()}
    token = _TEXTS.set(encoded)
    try:
        yield
    finally:
        _TEXTS.reset(token)


def text_of(path: str) -> bytes | None:
    """The unsaved bytes of ``path``, or None to read the file."""
    texts = _TEXTS.get()
    return None if texts is None else texts.get(path)


def paths() -> tuple[str, ...]:
    """The paths whose unsaved text is being read (none outside ``unsaved``)."""
    texts = _TEXTS.get()
    return () if texts is None else tuple(texts)


def active() -> bool:
    """Whether unsaved text is being read (so nothing may be cached)."""
    return _TEXTS.get() is not None

"""The check cache: what the per-document pass found, kept between runs.

pre-commit and CI run ``assay check`` over and over on a workspace where few files
changed.  For each document the cache keeps what the rest of a run needs — the
findings of the checks that look at the document alone, a slim reading (what the
workspace checks use: number, title, fields, relations), the link destinations and the
suppression directives — keyed by the file's size and modification time, then by its
sha256.  A file that changed is read again; an unchanged one is not even opened.

Link findings depend on which *other* files exist, so they are never cached: the
link checks run again on every run, from the cached destinations (cheap: a dict
lookup each).  Everything else that could change a finding — assay's version, the
config file, the spec files, the selected checks and their severities — goes into a
digest of the settings; a cache written under other settings is ignored.

Two smaller files sit beside it: the resolved types (``load_types``), so that a warm run
reads no library and no spec again, and the workspace summary (``engine.runner.check_summary``),
all a report limited to a few files needs of the other documents.

The cache lives in the user's cache directory (``~/.cache/assay/checks``), never in the
workspace: it is read with ``pickle``, and a file committed to a repository must not be
able to run code on the machines that check it.  ``ASSAY_NO_CACHE=1`` (or ``assay check
--no-cache``) turns it off; a cache that cannot be read or written is silently skipped.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assay import __version__
from assay.spec.reading import (
    FieldReading,
    Reading,
    RelationReading,
    RelationTarget,
    TitleReading,
)
from assay.spec.source import Span

if TYPE_CHECKING:
    from assay.engine.runner.rulesets import Ruleset
    from assay.engine.workspace.config import Config
    from assay.engine.workspace.loading import Workspace
    from assay.spec.diagnostics import Diagnostic
    from assay.spec.types import DocumentType, TypeSet

#: Bump when the entry layout changes, or when a pickled class moves to another module
#: (its pickle names the module): old files are then ignored, never misread.
#: 4: the engine regrouped into workspace/, runner/ (issue 11 §6).
LAYOUT = 4

Entry = tuple[Any, ...]


def cache_path(root: Path) -> Path | None:
    """The cache file of the workspace at ``root``, or None when caching is off."""
    if os.environ.get("ASSAY_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    key = hashlib.sha256(str(root.resolve()).encode("utf-8", "surrogatepass")).hexdigest()
    return Path(base) / "assay" / "checks" / f"{key[:24]}.pickle"


def sources_digest(config: Config, sources: Mapping[str, bytes | str]) -> str:
    """Everything besides the checks that cached results depend on: assay's version and
    built-in libraries, the config file, and the spec files (``sources``: their bytes as
    the run read them, or why they could not be read)."""
    digest = hashlib.sha256()
    major, minor = sys.version_info[:2]
    digest.update(f"{LAYOUT}|{__version__}|py{major}{minor}\n".encode())
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


def settings_digest(workspace: Workspace, ruleset: Ruleset) -> str:
    """Everything besides a document's bytes that its cached findings depend on."""
    digest = hashlib.sha256()
    sources = workspace.sources_digest
    if not sources:  # a workspace built by hand: read the config and specs here
        config = workspace.config
        paths = workspace.discovery.specs
        sources = sources_digest(config, {p: _read_or_reason(config.root / p) for p in paths})
    digest.update(sources.encode() + b"\n")
    for check in ruleset.checks:
        digest.update(f"{check.code}={ruleset.severity.get(check.code, check.severity)}\n".encode())
    return digest.hexdigest()


def _read_or_reason(path: Path) -> bytes | str:
    try:
        return path.read_bytes()
    except OSError as error:
        return str(error.strerror)


# ---- the resolved types -------------------------------------------------------------


def _types_path(root: Path) -> Path | None:
    where = cache_path(root)
    return None if where is None else where.with_suffix(".types")


def load_types(root: Path, digest: str) -> tuple[TypeSet, list[Diagnostic]] | None:
    """The types and spec problems an earlier run resolved under ``digest``, or None.

    The built-in types it kept are handed to ``engine.workspace.types``, which then reads no
    library to find ``adr`` or ``madr``.
    """
    from assay.engine.workspace.types import remember_builtin_types

    stored = read_pickle(_types_path(root))
    if not (isinstance(stored, tuple) and len(stored) == 4 and stored[0] == digest):
        return None
    _digest, types, problems, builtins = stored
    remember_builtin_types(builtins)
    return types, list(problems)


def save_types(root: Path, digest: str, types: TypeSet, problems: list[Diagnostic]) -> None:
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
    write_atomically(where, (digest, types, tuple(problems), builtins))


def read_pickle(path: Path | None) -> Any:
    """A pickled cache file's contents; None when missing or unreadable."""
    if path is None:
        return None
    try:
        with path.open("rb") as stream:
            return pickle.load(stream)
    except Exception:  # missing, truncated, from another layout: start afresh
        return None


def write_atomically(path: Path, value: object) -> None:
    """Pickle ``value`` to ``path`` through a temporary file and a rename, or not at all."""
    temporary = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        # A name of our own, created exclusively and private (what `tempfile.mkstemp`
        # does, without importing it and its dependencies on every run).
        temporary = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(6).hex()}.tmp")
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(handle, "wb") as stream:
            pickle.dump(value, stream, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)
    except OSError:  # a read-only home or a full disk: the next run is simply cold
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def load(path: Path | None, settings: str) -> dict[str, Entry]:
    """The cached entries by workspace path; empty when there are none to trust."""
    stored = read_pickle(path)
    if isinstance(stored, tuple) and len(stored) == 2 and stored[0] == settings:
        entries = stored[1]
        if isinstance(entries, dict):
            return entries
    return {}


def save(path: Path | None, settings: str, entries: dict[str, Entry]) -> None:
    """Write the cache atomically (a rename), or not at all."""
    if path is not None:
        write_atomically(path, (settings, entries))


# ---- a reading, slimmed to what the workspace checks use, as plain tuples -----------


def _span(span: Span | None) -> tuple[int, ...] | None:
    return (
        None
        if span is None
        else (span.start, span.end, span.line, span.column, span.end_line, span.end_column)
    )


def _unspan(value: tuple[int, ...] | None) -> Span | None:
    return None if value is None else Span(*value)


def summarize(reading: Reading) -> tuple[Any, ...]:
    """The parts of a reading the workspace checks look at, as plain tuples (fast to
    unpickle); sections are left out, their text is only read by per-document checks."""
    title = reading.title
    return (
        reading.type,
        reading.lineage,
        reading.number,
        None if title is None else (
            title.text, title.raw, title.source, _span(title.span), title.number,
            title.placeholder, _span(title.prefix_span),
        ),
        tuple(
            (f.name, f.key, f.raw, f.value, f.source, _span(f.span), _span(f.key_span),
             f.placeholder, f.date_kind, f.note)
            for f in reading.fields
        ),
        tuple(
            (r.name, r.inverse, r.source, _span(r.span),
             tuple((t.text, t.destination, t.number, _span(t.span)) for t in r.targets))
            for r in reading.relations
        ),
    )  # fmt: skip


def unsummarize(path: str, summary: tuple[Any, ...]) -> Reading:
    """A reading rebuilt from ``summarize``: everything but its sections."""
    type_name, lineage, number, title, fields, relations = summary
    return Reading(
        path=path,
        type=type_name,
        lineage=lineage,
        number=number,
        title=None if title is None else TitleReading(
            text=title[0], raw=title[1], source=title[2], span=_unspan(title[3]),
            number=title[4], placeholder=title[5], prefix_span=_unspan(title[6]),
        ),
        fields=tuple(
            FieldReading(
                name=f[0], key=f[1], raw=f[2], value=f[3], source=f[4],
                span=Span(*f[5]), key_span=_unspan(f[6]), placeholder=f[7],
                date_kind=f[8], note=f[9],
            )
            for f in fields
        ),
        sections=(),
        relations=tuple(
            RelationReading(
                name=r[0], inverse=r[1], source=r[2], span=Span(*r[3]),
                targets=tuple(
                    RelationTarget(text=t[0], destination=t[1], number=t[2], span=Span(*t[3]))
                    for t in r[4]
                ),
            )
            for r in relations
        ),
    )  # fmt: skip


def links_of(targets: Iterable[tuple[str, Span]]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Link destinations with plain-tuple spans."""
    return tuple((destination, _span(span) or ()) for destination, span in targets)


def unlinks(stored: Iterable[tuple[str, tuple[int, ...]]]) -> tuple[tuple[str, Span], ...]:
    """The link destinations back, with their spans."""
    return tuple((destination, Span(*span)) for destination, span in stored)

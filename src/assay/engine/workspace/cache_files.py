"""Where assay keeps its caches, and how a cache file is read and written.

The caches live in the user's cache directory (``~/.cache/assay/checks``), never in the
workspace: they are read with ``pickle``, and a file committed to a repository must not
be able to run code on the machines that check it.  ``ASSAY_NO_CACHE=1`` turns them
off; a file that cannot be read or written is silently skipped (the run is then cold).
Every cache is keyed by ``assay_key``: assay's version and a digest of its rules, so an
upgrade, or a rule edited in a checkout, starts afresh.

Shared by the type cache (``engine.workspace.type_cache``) and the runner's check cache
and summary (``engine.runner.check_cache``, ``engine.runner.check_summary``).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import itertools
import os
import pickle
from collections.abc import Generator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assay.engine.workspace import unsaved
from assay.errors import UsageError

if TYPE_CHECKING:
    from assay.engine.files.writing import StagedFile

#: Bump when the entry layout changes, or when a pickled class moves to another module
#: (its pickle names the module): old files are then ignored, never misread.
#: 4: the engine regrouped into workspace/, runner/ (issue 11 §6).
#: 5: a document's cached link destinations hold its raw HTML links (issue 24 §3): an
#: entry of an unchanged file, cached before, would miss them.
#: 6: a reading's summary holds its date (issue 25): an entry cached before has none.
#: 7: a diagnostic may carry a fix (issue 26 §2): one pickled before has no such slot.
#: 8: an entry keeps its reading's summary as bytes and its record's facts packed
#: (issue 27 §2).
#: 9: an entry keeps which lines are blank (``suppression.line_marks``), not the lines,
#: and its link destinations marshalled (``check_cache.links_of``).
#: 10: a record's packed facts end with its sections' names (``record_index.Facts``).
#: 11: ... and the documents it links to.
#: 12: ... the title's heading not among the sections' names.
#: 13: a diagnostic carries its subject (``Diagnostic.subject``).
LAYOUT = 13


def assay_key() -> str:
    """What every cache is keyed by besides the workspace: the layout, assay's version
    and the rules' digest (``rules_digest``). An upgraded assay — or a rule edited
    without a new version, in a checkout — never serves findings of the old rules."""
    from assay import version  # read now, not bound at import: the version it is now

    return f"{LAYOUT}|{version.__version__}|{rules_digest()}"


@functools.cache
def rules_digest() -> str:
    """A digest of the code the findings come from: the name, size and modification
    time of every file of the package's ``engine``, ``grammar`` and ``spec`` (its rules,
    readers, grammars and libraries). An install or an edit changes it; a ``stat`` per
    file (a few hundred, once a process, ~3 ms) is all it costs, where hashing their
    bytes would cost every warm run more than the cache saves on a small workspace."""
    package = Path(__file__).parents[2]  # assay/, from assay/engine/workspace/
    return package_digest(*(package / part for part in ("engine", "grammar", "spec")))


def package_digest(*roots: Path) -> str:
    """The digest ``rules_digest`` takes of the files below each of ``roots``."""
    digest = hashlib.sha256()
    for folder in roots:
        _add_folder(digest, folder)
    return digest.hexdigest()


def _add_folder(digest: Any, folder: Path) -> None:
    digest.update(f"{folder.name}/\n".encode())
    for top, folders, names in os.walk(folder):
        folders[:] = sorted(f for f in folders if f != "__pycache__")
        for name in sorted(names):
            if name.endswith((".pyc", ".pyo")):
                continue
            path = os.path.join(top, name)
            try:
                status = os.stat(path)
            except OSError:
                continue
            where = os.path.relpath(path, folder)
            digest.update(f"{where}\0{status.st_size}\0{status.st_mtime_ns}\n".encode())


def cache_path(root: Path) -> Path | None:
    """The cache file of the workspace at ``root``, or None when caching is off."""
    if os.environ.get("ASSAY_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    key = hashlib.sha256(str(root.resolve()).encode("utf-8", "surrogatepass")).hexdigest()
    return Path(base) / "assay" / "checks" / f"{key[:24]}.pickle"


def read_pickle(path: Path | None) -> Any:
    """A pickled cache file's contents (its first value); None when missing or
    unreadable."""
    found = read_pickles(path, 1)
    return None if found is None else found[0]


def read_pickles(path: Path | None, count: int) -> list[Any] | None:
    """The first ``count`` values pickled one after another in a cache file (as
    ``write_atomically`` writes more than one); None when missing, unreadable or
    shorter. Read from the stream: a value not asked for is never loaded."""
    found = list(itertools.islice(pickled_values(path), count))
    return found if len(found) == count else None


def pickled_values(path: Path | None) -> Generator[Any, None, None]:
    """The values pickled one after another in a cache file, each read when asked for.
    Ends early, quietly, where the file is missing, unreadable or cut short: a reader
    that must tell a whole file from a cut one has the writer end it with a value
    of its own (``check_cache``'s None)."""
    if path is None:
        return
    try:
        with path.open("rb") as stream:
            while True:
                try:
                    value = pickle.load(stream)
                except EOFError:
                    return
                yield value
    except Exception:  # missing, truncated, from another layout: start afresh
        return


def write_atomically(path: Path, value: object, *more: object) -> None:
    """Pickle ``value`` (and each of ``more`` after it, read back by ``read_pickles``)
    to ``path`` through the one writer (a temporary file and a rename), or not at all."""
    sink = PickleSink.open(path)
    if sink is not None:
        for each in (value, *more):
            sink.put(each)
        sink.commit()


class PickleSink:
    """A cache file written as its values come, each pickled straight to disk (a
    check cache of a million records is never held whole in memory), and put in
    place by ``commit`` through the one writer (``files.writing.StagedFile``).
    Private (``0o600``): a cache says what the user's files hold, and nobody else's
    process should read it or plant one to be unpickled. A cache is never worth an
    error: a file that cannot be written (a read-only home, a full disk, a link) is
    not, and the next run is cold."""

    def __init__(self, staged: StagedFile) -> None:
        self._staged: StagedFile | None = staged

    @classmethod
    def open(cls, path: Path) -> PickleSink | None:
        """A sink for ``path``; None when it is not to be written or cannot be."""
        from assay.engine.files.writing import StagedFile  # only a run that writes pays

        if unsaved.active():
            return None  # findings of text not on disk would be served for the file as saved
        try:
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            return cls(StagedFile(path, mode=0o600))
        except (OSError, UsageError):
            return None

    def put(self, value: object) -> None:
        """Pickle ``value`` after those put before (``read_pickles`` reads them back)."""
        if self._staged is not None:
            try:
                pickle.dump(value, self._staged.stream, protocol=pickle.HIGHEST_PROTOCOL)
            except OSError:
                self.discard()

    def commit(self) -> None:
        """Put the file in place, or leave the old one."""
        if self._staged is not None:
            with contextlib.suppress(OSError, UsageError):
                self._staged.commit()
            self._staged = None

    def discard(self) -> None:
        """Leave the old file (a run that failed half-way writes no cache)."""
        if self._staged is not None:
            self._staged.discard()
            self._staged = None

"""Where the store lives, and what every entry is keyed by besides its files.

The store lives in the user's cache folder (``~/.cache/assay/checks``), never in the
workspace: its entries are read with ``pickle``, and a file committed to a repository
must not be able to run code on the machines that check it. ``ASSAY_NO_CACHE=1`` (or
``--no-cache``) turns it off. Every entry is made under a digest of what its value
depends on besides its own files (``sources_digest``: assay's version and rules, the
built-in libraries, the config file, the specs), so an upgrade, a rule edited in a
checkout or an edited spec starts afresh.
"""

from __future__ import annotations

import functools
import hashlib
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any


def assay_key() -> str:
    """What every entry is keyed by besides the workspace: assay's version and the
    rules' digest (``rules_digest``). An upgraded assay — or a rule edited
    without a new version, in a checkout — never serves findings of the old rules."""
    from assay import version  # read now, not bound at import: the version it is now

    return f"{version.__version__}|{rules_digest()}"


@functools.cache
def rules_digest() -> str:
    """A digest of the code the findings come from: the name, size and modification
    time of every file of the package's ``engine``, ``grammar`` and ``spec`` (its rules,
    readers, grammars and libraries). An install or an edit changes it; a ``stat`` per
    file (a few hundred, once a process, ~3 ms) is all it costs, where hashing their
    bytes would cost every warm run more than the cache saves on a small workspace."""
    package = Path(__file__).parents[2]  # assay/, from assay/engine/cache/
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


def store_path(root: Path) -> Path | None:
    """The store of the workspace at ``root``, or None when caching is off."""
    if os.environ.get("ASSAY_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    key = hashlib.sha256(str(root.resolve()).encode("utf-8", "surrogatepass")).hexdigest()
    return Path(base) / "assay" / "checks" / f"{key[:24]}.sqlite3"


def sources_digest(root: Path, config_file: Path | None, sources: Mapping[str, bytes | str]) -> str:
    """Everything besides the checks that kept entries depend on: assay's version and
    rules (``assay_key``), the built-in libraries, the workspace's config file, and its
    spec files (``sources``: their bytes as the run read them, or why they could not be
    read, by path from ``root``)."""
    digest = hashlib.sha256()
    major, minor = sys.version_info[:2]
    digest.update(f"{assay_key()}|py{major}{minor}\n".encode())
    for name, data in _library_files():
        digest.update(name.encode() + b"\0" + data)
    if config_file is not None:
        digest.update(str(config_file).encode("utf-8", "surrogatepass") + b"\0")
        try:
            digest.update(config_file.read_bytes())
        except OSError:
            digest.update(b"<unreadable>")
    for path, read in sources.items():
        digest.update(str(root / path).encode("utf-8", "surrogatepass") + b"\0")
        digest.update(read if isinstance(read, bytes) else b"<unreadable>")
    return digest.hexdigest()


def _library_files() -> list[tuple[str, bytes]]:
    """The built-in libraries' files: a library edited without a new version must not
    leave types (or findings) resolved under the old one in the store."""
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

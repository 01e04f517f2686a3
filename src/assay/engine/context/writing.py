"""Writing a bundle: a folder that appears complete or not at all.

``write_bundle`` writes ``bundle.md`` and ``manifest.json`` into a new temporary folder
beside ``out`` (same file system, so the rename is atomic), flushes them to disk, then
renames the folder to ``out``. An existing ``out`` is replaced only when it is a bundle
assay wrote before — it holds nothing but ``bundle.md`` and ``manifest.json`` (or
nothing) — and only once the new one is complete: the old folder is renamed aside,
the new one into its place, then the old one removed. Between those two renames
``out`` is briefly absent, never partial. Any other existing ``out`` (a file, a folder
holding other things, a link) is refused with ``BundleError``: ``--out docs`` must
not delete the docs. A bundle that is not ``ok`` is never written.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

from assay.engine.context.bundle import Bundle
from assay.errors import AssayError
from assay.spec.convert import to_json_value

BUNDLE = "bundle.md"
MANIFEST = "manifest.json"
_OURS = frozenset({BUNDLE, MANIFEST})


class BundleError(AssayError):
    """The bundle cannot be written where asked (exit code 2)."""


def manifest_json(bundle: Bundle) -> bytes:
    """``manifest.json``'s bytes: indented, keys in the model's order, a final newline."""
    if bundle.manifest is None:
        raise BundleError("the assembly failed: there is no manifest to write")
    text = json.dumps(to_json_value(bundle.manifest), indent=2, ensure_ascii=False)
    return (text + "\n").encode("utf-8")


def write_bundle(bundle: Bundle, out: Path | str) -> Path:
    """Write ``bundle`` as the folder ``out`` (see the module); return its path."""
    if not bundle.ok:
        raise BundleError("the assembly failed: nothing is written")
    target = Path(out)
    _replaceable(target)
    parent = target.parent
    parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".new", dir=parent))
    try:
        os.chmod(fresh, 0o777 & ~_umask())  # mkdtemp's 0700 is for its own use only
        _write(fresh / BUNDLE, bundle.text)
        _write(fresh / MANIFEST, manifest_json(bundle))
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".old", dir=parent))
            os.rename(target, old / "bundle")
            os.rename(fresh, target)
            shutil.rmtree(old)
        else:
            os.rename(fresh, target)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    return target


def write_manifest(bundle: Bundle, path: Path | str) -> Path:
    """Write only the manifest, to the file ``path``, replaced atomically (``--out -``)."""
    target = Path(path)
    data = manifest_json(bundle)
    if target.is_dir():
        raise BundleError(f"--manifest {str(target)!r} is a folder, not a file")
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


def _replaceable(target: Path) -> None:
    if target.is_symlink():
        raise BundleError(f"--out {str(target)!r} is a symbolic link; not replaced")
    if not target.exists():
        return
    if not target.is_dir():
        raise BundleError(f"--out {str(target)!r} exists and is not a folder; not replaced")
    names = {entry.name for entry in target.iterdir()}
    if not names <= _OURS or any((target / n).is_dir() for n in names):
        extra = ", ".join(sorted(names - _OURS)) or "a folder"
        raise BundleError(
            f"--out {str(target)!r} holds more than a bundle ({extra}); assay replaces only "
            "a folder holding bundle.md and manifest.json: choose another --out"
        )


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _write(path: Path, data: bytes) -> None:
    with open(path, "xb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
